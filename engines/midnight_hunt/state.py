"""Midnight Hunt's state: plain typed dataclasses that round-trip through JSON (:mod:`engines.serial`).

Token bookkeeping (MH-15, MH-17, MH-30, MH-42): each of a player's tokens is in exactly one place — the bag, the
hand, the open supply, the discard (face up by type, or face down: the Seal as ❓), a stack on the board, or dead.
``check_invariants`` counts them. The bag is kept as a *sorted* multiset: there is no bag order to leak (MH-P3);
a draw picks a token uniformly at random at draw time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engines.core import State

Phase = Literal["draft", "play", "over"]


@dataclass
class UnitOnBoard:
    """A unit on a hex (MH-6, MH-23): its owner, type and stack size (≥ 1)."""

    owner: str
    unit: str
    stack: int


@dataclass
class Seal:
    """A Seal play's hidden choice (MH-43 .. MH-48), pending until the round ends; ``unit`` only for Recruit."""

    choice: Literal["initiative", "recruit", "pass"]
    unit: str | None = None


@dataclass
class PlayerState:
    """One seat's own things (MH-11, MH-20): everything but the board and the shared control of locations."""

    seat: str
    side: str
    faction: str
    units: list[str] = field(default_factory=list)  # drafted types, in pick order
    bag: list[str] = field(default_factory=list)  # sorted; "seal" is the Seal
    hand: list[str] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)
    discard: dict[str, int] = field(default_factory=dict)  # face-up tokens by type
    discard_hidden: int = 0  # face-down tokens (❓): the Seal
    dead: dict[str, int] = field(default_factory=dict)
    clock: int | None = None  # seconds left on the chess clock (MH-57); None: no clock
    away: bool = False  # left, inside the rejoin window (MH-55)
    pending: Seal | None = None  # this round's Seal choice (MH-48)


@dataclass(kw_only=True)
class MidnightHuntState(State):
    mode: str
    phase: Phase = "draft"
    seats: dict[str, PlayerState] = field(default_factory=dict)  # by player id
    board: dict[str, UnitOnBoard] = field(default_factory=dict)  # by hex id
    control: dict[str, str | None] = field(default_factory=dict)  # location id -> side (None: neutral)
    first_side: str = "A"  # MH-13
    initiative: str = "A"  # the side leading the current round (MH-18)
    round: int = 0
    order: list[str] = field(default_factory=list)  # draft order, then this round's play order
    turn: int = 0  # index into ``order`` of the player to act
    seal_only_rounds: int = 0  # consecutive rounds in which every play was a Seal play (MH-58)
    round_all_seals: bool = True

    @property
    def current(self) -> str:
        return self.order[self.turn]
