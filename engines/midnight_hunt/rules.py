"""Midnight Hunt's tables, loaded from ``data/midnight_hunt/`` (MH-3): unit types, boards and game constants.

The engine knows a fixed set of *behaviours* — the five tactics (MH-31 .. MH-35), the normal-attack rule with its
minimum stack and fee (MH-26, MH-41) and four flags (MH-39, MH-40, MH-10, MH-4). A unit type is a record combining
them, so a new unit made of known behaviours is a data change only; :func:`load_ruleset` refuses records that name a
behaviour the engine does not have.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.midnight_hunt.hexgrid import Grid, hex_id

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "midnight_hunt"

#: The token id of a player's Seal (MH-43). No unit type may use it.
SEAL = "seal"
#: The tactics the engine implements (MH-31 .. MH-35).
TACTICS: tuple[str, ...] = ("shot", "aimed_shot", "piercing_strike", "charge", "dash")
FACTIONS: tuple[str, ...] = ("hunters", "darkness")
SIDES: tuple[str, ...] = ("A", "B")


def other(side: str) -> str:
    """The side that is not ``side`` (of :data:`SIDES`)."""
    return "B" if side == "A" else "A"


@dataclass(frozen=True)
class AttackRule:
    """MH-26 / MH-41: a normal attack is allowed from ``min_stack`` tokens on; ``fee`` tokens go to the discard
    after it."""

    min_stack: int = 1
    fee: int = 0


@dataclass(frozen=True)
class Variant:
    """How one faction fields a unit type (MH-1): its name id, icon and normal-attack rule (``None``: none)."""

    name: str
    icon: str
    attack: AttackRule | None


@dataclass(frozen=True)
class UnitType:
    id: str
    tokens: int
    factions: tuple[str, ...]
    variants: Mapping[str, Variant]
    tactic: str | None = None
    counter_strike: bool = False  # MH-39
    untouchable_at_1: bool = False  # MH-40
    captures_necropolis: bool = False  # MH-10
    deploy_adjacent: bool = False  # MH-4
    abbr: str = ""  # two letters for the text board


@dataclass(frozen=True)
class Location:
    id: str
    hex: str
    kind: str
    control: str | None  # the side holding it at the start (MH-8, MH-9)

    @property
    def is_necropolis(self) -> bool:
        return self.kind == "necropolis"


@dataclass(frozen=True)
class Board:
    """One mode's board and its counts: seats in seat order, picks per player, the control-win count."""

    mode: str
    players: int
    grid: Grid
    seats: tuple[str, ...]
    picks: int
    draft_exclusive: str  # "all" (1v1) or "side" (2v2), MH-14
    win_count: int  # MH-53
    necropolis_restricted: bool  # MH-10
    locations: tuple[Location, ...]

    @property
    def location_at(self) -> dict[str, Location]:
        return {loc.hex: loc for loc in self.locations}


@dataclass(frozen=True)
class Ruleset:
    units: Mapping[str, UnitType]
    boards: Mapping[str, Board]  # by mode
    faction_seals: Mapping[str, str]  # faction -> Seal name id (MH-15)
    hand_size: int  # MH-17
    bag_per_type: int  # MH-15
    stalemate_rounds: int  # MH-58

    def board_for(self, n_players: int) -> Board:
        return next(b for b in self.boards.values() if b.players == n_players)

    def draft_pool(self, faction: str) -> list[str]:
        """MH-3: the types a player of ``faction`` may draft, in table order."""
        return [u.id for u in self.units.values() if faction in u.factions]


def _unit(record: Mapping[str, Any]) -> UnitType:
    uid = record["id"]
    if uid == SEAL:
        raise ValueError("'seal' is the Seal's token id, not a unit")
    tactic = record.get("tactic")
    if tactic is not None and tactic not in TACTICS:
        raise ValueError(f"unit {uid}: unknown tactic {tactic!r} (a new behaviour needs engine code)")
    factions = tuple(record["factions"])
    if not factions or not set(factions) <= set(FACTIONS) or set(record["variants"]) != set(factions):
        raise ValueError(f"unit {uid}: give one variant for each allowed faction")
    if record["tokens"] < 1:
        raise ValueError(f"unit {uid}: a type needs tokens")
    variants = {
        f: Variant(v["name"], v.get("icon", ""), AttackRule(**v["attack"]) if v.get("attack") is not None else None)
        for f, v in record["variants"].items()
    }
    flags = ("counter_strike", "untouchable_at_1", "captures_necropolis", "deploy_adjacent")
    unknown = set(record) - {"id", "tokens", "factions", "variants", "tactic", "abbr", *flags}
    if unknown:
        raise ValueError(f"unit {uid}: unknown fields {sorted(unknown)} (a new behaviour needs engine code)")
    abbr = record.get("abbr") or uid[:2].title()
    return UnitType(uid, record["tokens"], factions, variants, tactic, abbr=abbr, **{k: bool(record.get(k)) for k in flags})


def _board(mode: str, record: Mapping[str, Any]) -> Board:
    grid = Grid(record["radius"])
    locations = tuple(
        Location(loc["id"], hex_id(*loc["hex"]), loc["kind"], loc["control"]) for loc in record["locations"]
    )
    for loc in locations:
        if loc.hex not in grid:
            raise ValueError(f"board {mode}: location {loc.id} is off the board")
    if len({loc.hex for loc in locations}) != len(locations):
        raise ValueError(f"board {mode}: two locations share a hex")
    seats = tuple(record["seats"])
    if len(seats) != record["players"] or {s[0] for s in seats} != set(SIDES):
        raise ValueError(f"board {mode}: seats must cover both sides, one per player")
    return Board(
        mode,
        record["players"],
        grid,
        seats,
        record["picks"],
        record["draft_exclusive"],
        record["win_count"],
        record["necropolis_restricted"],
        locations,
    )


def load_ruleset(
    units: list[Mapping[str, Any]] | None = None,
    boards: Mapping[str, Mapping[str, Any]] | None = None,
    game: Mapping[str, Any] | None = None,
) -> Ruleset:
    """Build a :class:`Ruleset` from records (default: the JSON files in ``data/midnight_hunt``)."""
    if units is None:
        units = json.loads((DATA_DIR / "units.json").read_text(encoding="utf-8"))["units"]
    if boards is None:
        boards = json.loads((DATA_DIR / "boards.json").read_text(encoding="utf-8"))["boards"]
    if game is None:
        game = json.loads((DATA_DIR / "game.json").read_text(encoding="utf-8"))
    unit_types = {u.id: u for u in map(_unit, units)}
    if len(unit_types) != len(units):
        raise ValueError("two unit records share an id")
    return Ruleset(
        units=unit_types,
        boards={mode: _board(mode, rec) for mode, rec in boards.items()},
        faction_seals={f: v["seal"] for f, v in game["factions"].items()},
        hand_size=game["hand_size"],
        bag_per_type=game["bag_per_type"],
        stalemate_rounds=game["stalemate_rounds"],
    )


#: The rules as shipped.
DEFAULT_RULES = load_ruleset()
