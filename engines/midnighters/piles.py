"""Face-down piles (the draw deck and the discard) as card counts.

A shuffled pile drawn from the top gives every remaining card the same chance, so the engine keeps only how
many of each card a pile holds and draws a uniformly random one from the seeded RNG (MN-4). Counts keep the
state small, which keeps the thousands of checked playouts fast. Scenario tests can still stack known cards
on top of the deck (``MidnightersState.stacked``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

Pile = dict[str, int]


def add(pile: Pile, cards: Iterable[str]) -> None:
    for card in cards:
        pile[card] = pile.get(card, 0) + 1


def remove(pile: Pile, card: str) -> None:
    left = pile[card] - 1
    if left:
        pile[card] = left
    else:
        del pile[card]


def size(pile: Pile) -> int:
    return sum(pile.values())


def contents(pile: Pile) -> list[str]:
    """Every card of the pile, sorted (a face-down pile has no meaningful order)."""
    return [card for card in sorted(pile) for _ in range(pile[card])]


def draw(pile: Pile, chooser: random.Random) -> str:
    """Take a uniformly random card out of a non-empty pile."""
    pick = chooser.randrange(size(pile))
    for card in sorted(pile):
        pick -= pile[card]
        if pick < 0:
            remove(pile, card)
            return card
    raise AssertionError("empty pile")


def of(cards: Iterable[str]) -> Pile:
    pile: Pile = {}
    add(pile, cards)
    return pile
