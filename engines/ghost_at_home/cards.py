"""Ghost at Home card data (GH-1, GH-2), loaded once from ``data/ghost_at_home/cards.json``.

The data file is authoritative: counts, floor icons and bulb icons live there, not in code, so the bulb values
(which the seed does not print) can be tuned without touching the engine.

>>> CARDS["room2"].floor, CARDS["room2"].bulbs
(2, 2)
>>> len(full_deck())
53
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

DATA_FILE = Path(__file__).resolve().parents[2] / "data" / "ghost_at_home" / "cards.json"

CardKind = Literal["room", "ghost", "cat", "special"]


@dataclass(frozen=True)
class CardType:
    """One kind of card: ``floor`` is the room's floor icon (``None`` for the joker room and non-rooms)."""

    id: str
    kind: CardKind
    floor: int | None
    count: int
    bulbs: int

    @property
    def is_room(self) -> bool:
        """GH-5: ``room1``-``room3`` and the joker room are room cards."""
        return self.kind == "room"


@dataclass(frozen=True)
class LightCost:
    """GH-18: how many cards a light costs and the bulb total they must reach."""

    min_cards: int
    max_cards: int
    min_bulbs: int


def _load() -> tuple[dict[str, CardType], int, LightCost]:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    cards = {c["id"]: CardType(c["id"], c["kind"], c["floor"], c["count"], c["bulbs"]) for c in raw["cards"]}
    return cards, raw["hand_size"], LightCost(**raw["light_cost"])


#: Every card type by id, in the data file's order (which is also the order hands are sorted in).
CARDS, HAND_SIZE, LIGHT_COST = _load()
CARD_IDS: tuple[str, ...] = tuple(CARDS)
ROOM_CARDS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.is_room)
#: GH-20: the special cards played by the special action (the joker room is played as a room, GH-26).
SPECIAL_ACTIONS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind == "special")
GHOST = next(c.id for c in CARDS.values() if c.kind == "ghost")
CAT = next(c.id for c in CARDS.values() if c.kind == "cat")
_ORDER = {card: i for i, card in enumerate(CARD_IDS)}


def full_deck() -> list[str]:
    """GH-1: every card of the game once per copy, unshuffled."""
    return [card.id for card in CARDS.values() for _ in range(card.count)]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in the data file's order: the canonical order of hands and of action arguments."""
    return sorted(cards, key=_ORDER.__getitem__)


def bulbs(cards: Iterable[str]) -> int:
    """GH-2: the bulb icons on ``cards`` together."""
    return sum(CARDS[c].bulbs for c in cards)


def fits_floor(card: str, floor: int) -> bool:
    """GH-10 / GH-26: may room card ``card`` lie on ``floor``? The joker room fits every floor."""
    room = CARDS[card]
    return room.is_room and (room.floor is None or room.floor == floor)


def contains(hand: Iterable[str], cards: Iterable[str]) -> bool:
    """Does ``hand`` hold every card of ``cards`` (counting copies)?"""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def remove_cards(hand: list[str], cards: Iterable[str]) -> None:
    """Take ``cards`` out of ``hand`` in place (one copy each); the caller has checked :func:`contains`."""
    for card in cards:
        hand.remove(card)
