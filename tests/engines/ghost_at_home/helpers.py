"""Scenario helpers for Ghost at Home tests: draw houses as text, fix hands and deck, act by name.

A house is written bottom floor first, one string per floor; ``*`` marks a lit floor, ``-`` an empty slot and
``+ghost`` / ``+cat`` what lies on a room::

    house("room1 room1+cat", "*room2+ghost room2", "room3 -")
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines import get_engine
from engines.core import HOST, Action, Event
from engines.ghost_at_home import GhostState
from engines.ghost_at_home.house import EMPTY, House

GH = get_engine("ghost_at_home")
#: The deck when a test does not fix one: enough cards that drawing never reshuffles the discard pile.
FILLER = ["room1"] * 12


def house(*floors: str) -> House:
    """A house from one string per floor, bottom first (floors not given are dark and empty)."""
    built = House.empty()
    for f, text in enumerate(floors):
        text = text.strip()
        built.lit[f] = text.startswith("*")
        slots = text.lstrip("*").split() or ["-", "-"]
        assert len(slots) == 2, f"floor {f + 1} needs two slots: {text!r}"
        for side, slot in enumerate(slots):
            if slot != "-":
                room, _, occupant = slot.partition("+")
                built.rooms[f * 2 + side] = room
                built.occupants[f * 2 + side] = occupant or EMPTY
    return built


class Table:
    """A scripted game: ``p1..pn`` with chosen hands (empty unless given), houses and deck (top first; twelve
    floor-1 rooms unless given); ``events`` collects everything emitted."""

    def __init__(
        self,
        players: int = 2,
        *,
        hands: dict[str, list[str]] | None = None,
        houses: dict[str, House] | None = None,
        deck: list[str] | None = None,
        discard: list[str] | None = None,
        first: str | None = None,
        seed: str = "test",
        **options: Any,
    ) -> None:
        self.players = [f"p{i}" for i in range(1, players + 1)]
        overrides: dict[str, Any] = {"hands": {p: [] for p in self.players} | (hands or {})}
        overrides["houses"] = houses or {}
        overrides["deck"] = list(FILLER if deck is None else deck)
        overrides["discard"] = list(discard or [])
        if first:
            overrides["first"] = first
        self.state, self.events = GH.setup(self.players, options, seed, overrides)
        GH.check_invariants(self.state)

    @property
    def prompt(self):
        return self.state.prompts[0]

    def act(self, player: str, kind: str, /, **args: Any) -> list[Event]:
        self.state, events = GH.apply(self.state, Action(player, self.prompt.id, kind, args))
        GH.check_invariants(self.state)
        self.events += events
        return events

    def timeout(self) -> list[Event]:
        self.state, events = GH.on_timeout(self.state, self.prompt.id)
        GH.check_invariants(self.state)
        self.events += events
        return events

    def host(self, kind: str, **args: Any) -> list[Event]:
        return self.act(HOST, kind, **args)

    def hand(self, player: str) -> Counter:
        return Counter(self.state.hands[player])

    def house(self, player: str) -> House:
        return self.state.houses[player]

    def keys(self, events: list[Event] | None = None) -> list[str]:
        return [e.key for e in (self.events if events is None else events)]

    def last(self, key: str) -> Event:
        return next(e for e in reversed(self.events) if e.key == key)

    def legal(self, player: str) -> list[Action]:
        return GH.legal_actions(self.state, player)

    def legal_kinds(self, player: str) -> set[str]:
        return {a.kind for a in self.legal(player)}

    @property
    def s(self) -> GhostState:
        return self.state
