"""Seeded end-to-end transcripts of every game: everything every player and the channel saw, in order.

The guard of issue 26 ("behaviour unchanged"): :mod:`tests.transcripts.recorder` plays seeded games of every game
(:data:`tests.transcripts.recorder.GAMES`) through the real cog handlers, runtime, dispatcher and registered game
UIs, on a SQLite file, with a manual clock and the recording transport of ``tests/bot/conftest.py``; the players
click, choose and type by a seeded policy among what they were shown, and time runs out by advancing the clock.
What every channel saw is stored as text, one file per game and seed, in this folder; ``tests/test_transcripts.py``
plays them again and compares.

Re-record them, deliberately, when behaviour is meant to change (then read the diff)::

    .venv/bin/python -m tests.transcripts record            # every game; or name some: record night_watch-1
    .venv/bin/python -m tests.transcripts check             # compare without pytest
"""
