"""Layout: one player's controls laid out in the five action rows a Discord message holds.

Discord allows five rows a message, five buttons a row, and a select takes a row of its own. Every game lays its
controls out the same way, and this module is that way, written once (the platform's :func:`bot.controls.controls`,
Ghost at Home's and Midnighters' hands use it):

1. :func:`by_kind` groups the offered actions by kind, the kinds in the game's order (plays first, declining last);
2. the caller lays every kind out as generously as it can — its actions as buttons, then as one select, then as
   one button opening the step-by-step picker — and each *attempt* is one such lay-out, each more folded than the
   one before;
3. :func:`fold` keeps the first attempt that fits in the rows there are, buttons sharing rows and every select on
   a row of its own, and when none fits, one button opening the picker for everything.

The layout knows nothing of custom ids or words: the caller builds every component (through the builders of
:mod:`bot.controls`), the layout only counts and orders them.

>>> from bot.ops import button, select
>>> few = [button(str(n), f"id{n}") for n in range(3)]
>>> many = [button(str(n), f"id{n}") for n in range(30)]
>>> [len(row["components"]) for row in fold([many, few], fallback=button("all", "all"))]
[3]
>>> fold([many], fallback=button("all", "all"))[0]["components"][0]["label"]
'all'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.ops import MAX_BUTTONS_PER_ROW, MAX_ROWS, rows
from engines.core import Action

Component = dict[str, Any]


def by_kind(actions: Iterable[Action], order: Sequence[str] = ()) -> dict[str, list[Action]]:
    """The actions grouped by kind: the kinds named in ``order`` first, in that order, then any other kind in the
    order its first action comes; within a kind the actions keep their order."""
    rank = {kind: i for i, kind in enumerate(order)}
    groups: dict[str, list[Action]] = {}
    for action in sorted(actions, key=lambda a: rank.get(a.kind, len(order))):
        groups.setdefault(action.kind, []).append(action)
    return groups


def row_count(items: Sequence[Component]) -> int:
    """How many rows ``items`` take laid out by :func:`fold`: a row per select, buttons five to a row."""
    buttons = sum(1 for item in items if item["type"] == 2)
    return sum(1 for item in items if item["type"] != 2) + -(-buttons // MAX_BUTTONS_PER_ROW)


def fold(
    attempts: Iterable[Sequence[Component]], fallback: Component, room: int = MAX_ROWS, selects_first: bool = False
) -> list[Component]:
    """The rows of the first of ``attempts`` (buttons and selects, each attempt more folded than the one before;
    a generator is only run as far as needed) that fits in ``room`` rows, else a row with ``fallback`` alone
    (the button opening the picker for everything).

    Buttons share rows and come first, so that a select never splits them (``selects_first``: the selects on
    top instead, as the platform's own controls have them)."""
    for items in attempts:
        if row_count(items) <= room:
            buttons = [item for item in items if item["type"] == 2]
            others = [item for item in items if item["type"] != 2]
            return rows(*others, *buttons) if selects_first else rows(*buttons, *others)
    return rows(fallback)


__all__ = ["by_kind", "fold", "row_count"]
