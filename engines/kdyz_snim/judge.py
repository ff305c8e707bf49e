"""The judge: one matcher for guesses (KS-20), recaps (KS-24) and clue fouls (KS-15).

Everything compares *normalised* text (KS-11). On top of plain equality the judge knows three things:

* **lemmas** (from :mod:`simplemma`, which covers cs, ru and en, cut down to the words of the element list by
  :mod:`engines.kdyz_snim.lemmas`), so an inflected form counts as its dictionary form: ``kočku`` is ``kočka``
  and ``кошку`` is ``кошка``;
* **aliases** from the element table (``kocour`` for ``kočka``);
* **typos**: Damerau–Levenshtein distance 1 (one insertion, deletion, substitution or adjacent transposition,
  computed by :mod:`rapidfuzz`) to a form of five or more letters.

The module is pure: the word table and the lemma tables are loaded once, when first needed, and every function is
a deterministic function of its arguments. A game loads the lemma table of its own language only; a translated
clue (KS-15 c) is found through the small index of the element names' forms in the other languages.

>>> normalise("  Černo-bílý!! ")
'cernobily'
>>> guess_matches("kočku", "cat", "cs"), guess_matches("kocak", "cat", "cs"), guess_matches("pes", "cat", "cs")
(True, True, False)
>>> clue_fault("slunicko", "sun", "cs"), clue_fault("hvězda", "sun", "cs")
('stem', None)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import Literal

from rapidfuzz.distance import DamerauLevenshtein

from engines.kdyz_snim import lemmas
from engines.kdyz_snim.words import LANGUAGES, element, elements

#: KS-14: the pass word of each game language (compared after KS-11).
PASS_WORDS: dict[str, str] = {"cs": "Vynechávám", "ru": "Пропускаю", "en": "pass"}

#: KS-20: typos are forgiven on forms of at least this many (normalised) characters.
TYPO_MIN_LENGTH = 5
#: KS-15 (d): the shortest contained word or common prefix that counts as a shared stem.
STEM_MIN_LENGTH = 4

ClueFault = Literal["words", "same", "translation", "stem"]

_NOT_WORDISH = re.compile(r"[^\w\s]|_")
_SPACES = re.compile(r"\s+")
_RECAP_SEPARATORS = re.compile(r"[,;\r\n]")


#: KS-11's combining marks of the Basic Multilingual Plane (every letter of the three languages), as one character
#: class, so a clue loses its marks in one pass of the regular-expression engine rather than a Python step per
#: character (made once, in about 3 ms).
_BMP_MARKS = re.compile(
    "[" + "".join(re.escape(chr(code)) for code in range(0x10000) if unicodedata.combining(chr(code))) + "]"
)


def _without_marks(decomposed: str) -> str:
    """``decomposed`` without its combining marks (``unicodedata.combining`` non-zero)."""
    if decomposed.isascii():
        return decomposed
    if max(decomposed) <= "\uffff":
        return _BMP_MARKS.sub("", decomposed)
    return "".join(c for c in decomposed if not unicodedata.combining(c))  # marks beyond the BMP: rare, exact


def normalise(text: str) -> str:
    """KS-11: NFKD, drop combining marks, casefold, ё→е, keep letters/digits/whitespace, collapse spaces, trim."""
    stripped = _without_marks(unicodedata.normalize("NFKD", text))
    folded = stripped.casefold().replace("ё", "е")
    return _SPACES.sub(" ", _NOT_WORDISH.sub("", folded)).strip()


@lru_cache(maxsize=4096)
def _normalised(text: str) -> str:
    """:func:`normalise`, remembered for the texts an action judges several times over (a clue is checked for the
    pass word, then for each fault); pure, so the answer never changes."""
    return normalise(text)


@cache
def _pass_key(language: str) -> str:
    """KS-14: the pass word of ``language`` as compared (normalised once)."""
    return normalise(PASS_WORDS[language])


@lru_cache(maxsize=8192)
def _name_keys(element_id: str, language: str) -> tuple[str, ...]:
    """The normalised main form and aliases of an element in ``language``, in the table's order (a clue is
    compared with them in every language at every clue; the table never changes)."""
    return tuple(normalise(n) for n in element(element_id).names(language))


@lru_cache(maxsize=65536)
def lemma_key(text: str, language: str) -> str:
    """The normalised lemma of ``text`` (word by word) in ``language``.

    The lemmatiser needs the diacritics (``kočku`` → ``kočka``), so it runs before normalisation.
    """
    table = lemmas.table(language)
    return normalise(" ".join(lemmas.lemmatise(w, table) for w in text.casefold().split()))


@lru_cache(maxsize=65536)
def _translation_keys(text: str, language: str) -> frozenset[str]:
    """:func:`keys` of ``text`` as far as KS-15 (c) needs them: its lemma only when that is an element's name in
    ``language`` (from the translation index, without loading ``language``'s lemma table)."""
    plain = normalise(text)
    if not plain or plain in _known_forms(language):
        return frozenset({plain} - {""})
    index = lemmas.translations(language)
    return frozenset({plain, normalise(" ".join(lemmas.lemmatise(w, index) for w in text.casefold().split()))} - {""})


@lru_cache(maxsize=65536)
def keys(text: str, language: str) -> frozenset[str]:
    """The comparable forms of ``text``: its normalised form and, unless that form is already the name of an
    element (``иглу`` is an igloo, not a case of ``игла``), its normalised lemma. Empty if nothing is left."""
    plain = normalise(text)
    if not plain:
        return frozenset()
    if plain in _known_forms(language):
        return frozenset({plain})
    return frozenset({plain, lemma_key(text, language)} - {""})


@cache
def _known_forms(language: str) -> frozenset[str]:
    """Every normalised main form and alias of the table in ``language``."""
    return frozenset(normalise(n) for e in elements().values() for n in e.names(language))


@lru_cache(maxsize=8192)
def _target_keys(element_id: str, language: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """What a guess may equal: the element's forms, and their lemmas unless a lemma is another element's name
    (``glasses`` lemmatises to ``glass``, which is an element of its own); plus the forms a typo may be made on:
    the forms of 5 or more letters and, since an inflected form counts as the word, their inflected forms of 5
    or more letters (``пальмамни`` is one typo from ``пальмами``), unless one is another element's name."""
    names = element(element_id).names(language)
    plain = frozenset(normalise(n) for n in names)
    others = _known_forms(language) - plain
    bases = {lemma_key(n, language) for n in names} - others - {""}
    long_names = [n for n in names if len(normalise(n)) >= TYPO_MIN_LENGTH]
    long_bases = ({normalise(n) for n in long_names} | {lemma_key(n, language) for n in long_names}) - others
    inflected = {f for base in long_bases for f in _inflections(language).get(base, ())}
    long_forms = {f for f in plain if len(f) >= TYPO_MIN_LENGTH}
    long_forms |= {f for f in inflected if len(f) >= TYPO_MIN_LENGTH and f not in others}
    return plain | bases, tuple(sorted(long_forms))


@cache
def _inflections(language: str) -> dict[str, frozenset[str]]:
    """Normalised lemma -> the normalised forms of ``language``'s lemma table with that lemma."""
    out: dict[str, set[str]] = {}
    for form, base in lemmas.table(language).items():
        out.setdefault(base, set()).add(normalise(form))
    return {base: frozenset(forms) for base, forms in out.items()}


def is_pass(text: str, language: str) -> bool:
    """KS-14 / KS-19: the message is the game language's pass word."""
    return _normalised(text) == _pass_key(language)


def guess_matches(guess: str, element_id: str, language: str) -> bool:
    """KS-20: the guess names the element (main form, alias, inflection, or one typo on a 5+ letter form or an
    inflected form of one)."""
    guess_keys = keys(guess, language)
    if not guess_keys:
        return False
    targets, long_forms = _target_keys(element_id, language)
    if guess_keys & targets:
        return True
    if guess_keys & _known_forms(language):
        return False  # another element of the table (``house``, ``horses`` for ``horse``) is a different answer
    return any(DamerauLevenshtein.distance(g, f, score_cutoff=1) <= 1 for g in guess_keys for f in long_forms)


def clue_fault(clue: str, element_id: str, language: str) -> ClueFault | None:
    """KS-15: why the clue is invalid for the element, or ``None`` for a fair clue.

    ``words``: more than one word (a); ``same``: the element or an alias (b); ``translation``: its name in another
    supported language (c); ``stem``: it shares a stem with the element or an alias (d).
    """
    plain = _normalised(clue)
    if " " in plain:
        return "words"
    names = element(element_id).names(language)
    if plain in _name_keys(element_id, language):
        return "same"
    for other in LANGUAGES:
        if other != language and not _translation_keys(clue, other).isdisjoint(_name_keys(element_id, other)):
            return "translation"
    if lemma_key(clue, language) in {lemma_key(n, language) for n in names}:  # (d) equal lemmas
        return "stem"
    if any(shares_stem(plain, name) for name in _name_keys(element_id, language)):
        return "stem"
    return None


def shares_stem(a: str, b: str) -> bool:
    """KS-15 (d) on two normalised words: one contains the other (4+ letters), or a long common prefix.

    The prefix must be at least max(4, shorter length − 2) long: ``slunicko``/``slunce`` share ``slun`` (4 ≥ 4),
    while ``ples`` does not stem from ``les`` (the contained word has only 3 letters).
    """
    shorter, longer = sorted((a, b), key=len)
    if len(shorter) >= STEM_MIN_LENGTH and shorter in longer:
        return True
    prefix = 0
    for x, y in zip(a, b):
        if x != y:
            break
        prefix += 1
    return prefix >= max(STEM_MIN_LENGTH, len(shorter) - 2)


def split_recap(text: str) -> list[str]:
    """KS-24: items at commas, semicolons and line breaks, else at spaces; items that normalise to nothing drop."""
    parts = _RECAP_SEPARATORS.split(text) if _RECAP_SEPARATORS.search(text) else text.split()
    return [p for p in parts if normalise(p)]


def recap_earns_bonus(text: str, yellow: Sequence[str], guesses: int, language: str) -> bool:
    """KS-24: every yellow element is named by one of the first ``guesses + 2`` items (an empty pile earns nothing)."""
    if not yellow:
        return False
    items = split_recap(text)[: guesses + 2]
    return all(any(guess_matches(item, element_id, language) for item in items) for element_id in yellow)


def names_any(text: str, element_ids: Iterable[str], language: str) -> bool:
    """Whether ``text`` contains, as a whole normalised word or phrase, a form of any of the elements.

    Used by the privacy checks: a public text must not name an element of the running round.
    """
    plain = f" {normalise(text)} "
    return any(f" {normalise(n)} " in plain for e in element_ids for n in element(e).names(language))
