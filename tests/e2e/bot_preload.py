"""Imported by the server the end-to-end tests fork their bots from (:data:`tests.e2e.harness.PRELOAD`): the
catalogues every bot parses at its start (the command words of every language, synced with Discord) or with its
first words (each language's whole catalogue) are parsed here once. Parsing a language costs ~0.12 s of CPU, about a
third of what a bot of a short end-to-end game spends in all (profiled), paid again by every bot the suite starts.
Nothing else changes: a forked bot still runs ``python -m bot`` as a new process would, over the same catalogues."""

import translations

for _lang in translations.LANGUAGES:
    translations.commands_bundle(_lang)
    translations.bundle(_lang)
