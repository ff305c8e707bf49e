"""Night Watch's state: plain, typed dataclasses that round-trip through :mod:`engines.serial` (the phase, the
living, this day's ready list and votes, tonight's answers, and the record of every night, vote and elimination)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engines.copying import ONLY_LAST_CHANGES
from engines.core import State

Phase = Literal["discussion", "vote", "night", "over"]


@dataclass(frozen=True)
class NightAction:
    """One night task done (or skipped, ``target=None``) by one player (a record: never changed, so copies share it)."""

    player: str
    role: str
    task: str
    target: str | None


@dataclass
class NightRecord:
    night: int
    actions: list[NightAction] = field(default_factory=list)
    watch_target: str | None = None
    dead: list[str] = field(default_factory=list)


@dataclass
class VoteRecord:
    day: int
    votes: dict[str, str] = field(default_factory=dict)
    jailed: str | None = None


@dataclass(frozen=True)
class Elimination:
    """A player out of the game, why and on which day (a record: never changed, so copies share it)."""

    player: str
    cause: Literal["night", "jail", "removed"]
    day: int


@dataclass(kw_only=True)
class NightWatchState(State):
    roles: dict[str, str]
    alive: list[str]
    phase: Phase = "discussion"
    day: int = 1
    ready: list[str] = field(default_factory=list)
    votes: dict[str, str] = field(default_factory=dict)
    #: This night's answers so far: player -> task -> target (None = skipped).
    night_answers: dict[str, dict[str, str | None]] = field(default_factory=dict)
    #: One record per night; only the last (tonight's) ever changes, so a copy shares the others.
    nights: list[NightRecord] = field(default_factory=list, metadata={ONLY_LAST_CHANGES: True})
    vote_history: list[VoteRecord] = field(default_factory=list)
    eliminations: list[Elimination] = field(default_factory=list)
    quiet_cycles: int = 0
    eliminated_this_cycle: bool = False
