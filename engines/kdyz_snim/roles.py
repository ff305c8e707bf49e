"""Roles, the deal table and round scoring (KS-2, KS-26, KS-29)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

Role = Literal["dreamer", "fairy", "boogeyman", "sandman"]
#: The cards dealt to non-dreamers (the dreamer takes none, KS-3).
CARD_ROLES: tuple[Role, ...] = ("fairy", "boogeyman", "sandman")

# KS-2: n -> (fairy, boogeyman, sandman); always n cards for n players.
_CARD_TABLE: Mapping[int, tuple[int, int, int]] = {
    4: (1, 1, 2),
    5: (2, 1, 2),
    6: (3, 2, 1),
    7: (3, 2, 2),
    8: (4, 3, 1),
    9: (4, 3, 2),
    10: (5, 4, 1),
}
MIN_PLAYERS = min(_CARD_TABLE)
MAX_PLAYERS = max(_CARD_TABLE)


def card_counts(n: int) -> dict[str, int]:
    """KS-2: how many of each role card a table of ``n`` players uses (they add up to ``n``)."""
    return dict(zip(CARD_ROLES, _CARD_TABLE[n]))


def card_deck(n: int) -> list[str]:
    """KS-2: the ``n`` role cards, in table order (shuffle before dealing)."""
    return [role for role, count in card_counts(n).items() for _ in range(count)]


def sandman_points(yellow: int, blue: int) -> int:
    """KS-26: equal piles pay Y + 2, a difference of one pays the larger pile, two or more the smaller one.

    >>> [sandman_points(y, b) for y, b in [(3, 3), (0, 0), (4, 3), (5, 2), (6, 0)]]
    [5, 2, 4, 2, 0]
    """
    if yellow == blue:
        return yellow + 2
    if abs(yellow - blue) == 1:
        return max(yellow, blue)
    return min(yellow, blue)


RECAP_BONUS = 2


def round_points(role: str, yellow: int, blue: int, recap_bonus: bool = False) -> int:
    """KS-24 / KS-26: a role's points for a round with ``yellow`` correct and ``blue`` wrong or passed elements."""
    if role == "dreamer":
        return yellow + (RECAP_BONUS if recap_bonus else 0)
    if role == "fairy":
        return yellow
    if role == "boogeyman":
        return blue
    if role == "sandman":
        return sandman_points(yellow, blue)
    raise ValueError(f"unknown role {role!r}")


def final_ranking(points: Mapping[str, int], penalties: Mapping[str, int]) -> list[tuple[str, int]]:
    """KS-29: players with their rank (1 = best): higher final score (points − penalties) first, then fewer
    penalty cards; players still level share a rank. Players keep their given order within a rank.

    >>> final_ranking({"a": 5, "b": 6, "c": 6}, {"a": 1, "b": 2, "c": 2})
    [('a', 1), ('b', 2), ('c', 2)]
    """

    def key(p: str) -> tuple[int, int]:
        return (-(points[p] - penalties[p]), penalties[p])

    ordered = sorted(points, key=key)
    ranked: list[tuple[str, int]] = []
    for i, player in enumerate(ordered):
        rank = ranked[-1][1] if i and key(player) == key(ordered[i - 1]) else i + 1
        ranked.append((player, rank))
    return ranked
