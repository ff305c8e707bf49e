"""The element table (KS-8): one list of entries aligned across languages by id.

``data/kdyz_snim/elements.json`` holds entries like::

    {"id": "cat", "cs": {"word": "kočka", "aliases": ["kocour"]},
                  "ru": {"word": "кошка", "aliases": ["кот"]},
                  "en": {"word": "cat", "aliases": ["kitty"]}}

The same id in every language is the same element, so an element knows its translations (a translated clue is
a foul, KS-15 c) and its accepted aliases (KS-20). The table is loaded once, at import.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

Language = Literal["cs", "ru", "en"]
#: KS-5 / KS-8: every supported game language, in the order the lobby offers them.
LANGUAGES: tuple[Language, ...] = ("cs", "ru", "en")

DATA_FILE = Path(__file__).resolve().parents[2] / "data" / "kdyz_snim" / "elements.json"


@dataclass(frozen=True)
class Forms:
    """One language's names for an element: the main form (one word) and accepted aliases."""

    word: str
    aliases: tuple[str, ...] = ()

    @property
    def all(self) -> tuple[str, ...]:
        return (self.word, *self.aliases)


@dataclass(frozen=True)
class Element:
    """A dream card's element with its forms in every supported language."""

    id: str
    forms: Mapping[str, Forms]

    def word(self, language: str) -> str:
        return self.forms[language].word

    def names(self, language: str) -> tuple[str, ...]:
        return self.forms[language].all


@cache
def elements() -> Mapping[str, Element]:
    """Every element by id, in file order."""
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    table: dict[str, Element] = {}
    for entry in raw:
        forms = {lang: Forms(entry[lang]["word"], tuple(entry[lang].get("aliases", ()))) for lang in LANGUAGES}
        table[entry["id"]] = Element(entry["id"], forms)
    return table


def element(element_id: str) -> Element:
    return elements()[element_id]


def element_ids() -> list[str]:
    """KS-9: the ids the deck is shuffled from (every list holds every id, so the deck is the same in all)."""
    return list(elements())


@cache
def shuffled(key: str) -> tuple[str, ...]:
    """Every element id in the order a generator seeded with ``key`` shuffles them (the deck of KS-9)."""
    ids = element_ids()
    random.Random(key).shuffle(ids)
    return tuple(ids)
