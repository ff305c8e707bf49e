"""The judge's lemmas (KS-15, KS-20): simplemma's lemmatiser, cut down to the words the element list needs.

The judge asks a lemmatiser only questions about the element list: is this word's lemma a name of an element (or
the lemma of one), or one typo away from a long name? A full simplemma dictionary answers them but costs seconds
and tens of megabytes per language to load (Russian alone: 1.4 million forms, 2.4 s, 140 MB), and a clue is
checked against every language (KS-15 c). So :func:`build` runs simplemma once, over every form and lemma of its
dictionary for a language, and keeps a form only if its lemma or the form itself is *in scope*:

* a normalised (KS-11) main form or alias of an element, or the lemma of one;
* within Damerau-Levenshtein distance 1 of a main form or alias of 5 or more letters (KS-20's typo rule, which
  the judge applies to a guess's lemma too).

A form out of scope is judged exactly as simplemma would judge it, since its lemma and the form itself are
equally out of scope, so the table maps only forms in scope to their lemmas and leaves every other word as it
is. A word simplemma's dictionary does not hold at all (a typo, an invented word) is compared as typed; simplemma
would try its suffix rules and decompositions on it first (see the tests for how rarely that differs).

``data/kdyz_snim/lemmas.<language>.json`` holds one language's table; ``data/kdyz_snim/translations.json`` holds,
for each language, only the forms that are an element's name in that language (KS-15 c: a translation is a foul
in any other game language). A game loads its own language's table and the small translation index: nothing of
the other languages' lemmatisers (:func:`loaded` says which tables a process has loaded).

Rebuild after changing the element list or simplemma (``python -m engines.kdyz_snim.lemmas``); a test checks the
tables match the element list.
"""

from __future__ import annotations

import hashlib
import json
import threading
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path

from engines.kdyz_snim.words import DATA_FILE, LANGUAGES, elements

DATA_DIR = DATA_FILE.parent
TRANSLATIONS_FILE = DATA_DIR / "translations.json"
#: KS-20: the typo rule's shortest form (the judge's ``TYPO_MIN_LENGTH``).
TYPO_MIN_LENGTH = 5

_lock = threading.Lock()
_loaded: set[str] = set()


def table_file(language: str) -> Path:
    return DATA_DIR / f"lemmas.{language}.json"


def elements_digest() -> str:
    """Which element list the tables were built for (they are rebuilt when it changes)."""
    return hashlib.sha256(DATA_FILE.read_bytes()).hexdigest()[:16]


@cache
def table(language: str) -> Mapping[str, str]:
    """The lemma table of ``language``: casefolded NFC form -> normalised lemma (forms in scope only)."""
    with _lock:
        data = json.loads(table_file(language).read_text(encoding="utf-8"))
        _loaded.add(language)
    return data["lemmas"]


@cache
def translations(language: str) -> Mapping[str, str]:
    """The forms of ``language`` whose lemma is an element's name in that language (and which are not a name of
    an element themselves): casefolded NFC form -> normalised lemma. For KS-15 (c) in games of other languages."""
    return _translations()[language]


@cache
def _translations() -> Mapping[str, Mapping[str, str]]:
    return json.loads(TRANSLATIONS_FILE.read_text(encoding="utf-8"))["lemmas"]


def loaded() -> frozenset[str]:
    """The languages whose lemma table this process has loaded."""
    return frozenset(_loaded)


def lemmatise(word: str, lemmas: Mapping[str, str]) -> str:
    """``word`` (casefolded) as the table knows it: its lemma, or the word itself when it is out of scope."""
    return lemmas.get(unicodedata.normalize("NFC", word), word)


# -- building the tables (needs simplemma; only run by hand, and by a long test) ---------------------------------


def near_index(forms: Iterable[str]) -> Callable[[str], bool]:
    """A test for "within Damerau-Levenshtein distance 1 of one of ``forms``" (symmetric deletions: two words one
    edit apart share a word with at most one letter deleted from each)."""
    from rapidfuzz.distance import DamerauLevenshtein

    index: dict[str, set[str]] = {}
    for form in forms:
        for key in {form, *(form[:i] + form[i + 1 :] for i in range(len(form)))}:
            index.setdefault(key, set()).add(form)

    def near(word: str) -> bool:
        keys = {word, *(word[:i] + word[i + 1 :] for i in range(len(word)))}
        candidates = {f for k in keys for f in index.get(k, ())}
        return any(DamerauLevenshtein.distance(word, f, score_cutoff=1) <= 1 for f in candidates)

    return near


def build(language: str) -> dict[str, str]:
    """The table of ``language`` from simplemma's full dictionary (see the module's docstring)."""
    import simplemma
    from simplemma.strategies.dictionaries.dictionary_factory import DEFAULT_DICTIONARY_FACTORY

    from engines.kdyz_snim.judge import normalise

    def lemma(word: str) -> str:
        return normalise(simplemma.lemmatize(word, lang=language))

    names = [n for e in elements().values() for n in e.names(language)]
    known = {normalise(n) for n in names}
    targets = known | {lemma(n.casefold()) for n in names}
    near = near_index(f for f in known if len(f) >= TYPO_MIN_LENGTH)

    def in_scope(word: str) -> bool:
        return word in targets or near(word)

    dictionary = DEFAULT_DICTIONARY_FACTORY.get_dictionary(language)
    candidates = {unicodedata.normalize("NFC", n.casefold()) for n in names}
    for form, base in dictionary.items():
        candidates.add(unicodedata.normalize("NFC", form.casefold()))
        candidates.add(unicodedata.normalize("NFC", base.casefold()))
    out = {}
    for word in sorted(candidates):
        if not word or len(word.split()) != 1:
            continue  # the judge lemmatises word by word
        base = lemma(word)
        if in_scope(base) or in_scope(normalise(word)):
            out[word] = base
    return out


def translation_index(language: str, lemmas: Mapping[str, str]) -> dict[str, str]:
    from engines.kdyz_snim.judge import normalise

    known = {normalise(n) for e in elements().values() for n in e.names(language)}
    return {w: base for w, base in lemmas.items() if base in known and normalise(w) not in known}


def write(languages: Iterable[str] = LANGUAGES) -> None:
    import simplemma

    header = {"simplemma": simplemma.__version__, "elements": elements_digest()}
    index = {}
    for language in languages:
        lemmas = build(language)
        index[language] = translation_index(language, lemmas)
        text = json.dumps(
            {**header, "language": language, "lemmas": lemmas}, ensure_ascii=False, sort_keys=True, indent=0
        )
        table_file(language).write_text(text + "\n", encoding="utf-8")
        print(f"{language}: {len(lemmas)} forms, {len(index[language])} translation forms")
    text = json.dumps({**header, "lemmas": index}, ensure_ascii=False, sort_keys=True, indent=0)
    TRANSLATIONS_FILE.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
