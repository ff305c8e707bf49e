"""Scenario helpers for Midnighters tests: a classic board, chosen hands and positions, steps driven by name.

Seats are ``p1..pn`` in order; on the classic layout (MN-8) they start on Corridors 1..n:

    |   | A          | B      | C          | D          |
    | 1 | Corridor 3 | Bridge | Square     | Town Hall  |
    | 2 | Restaurant | Forest | Motel      | Corridor 5 |
    | 3 | Corridor 4 | -      | Corridor 6 | Corridor 2 |
    | 4 | -          | -      | Corridor 1 | -          |
"""

from __future__ import annotations

from typing import Any

from engines import get_engine
from engines.core import HOST, Action, Event, IllegalAction
from engines.midnighters import MidnightersState
from engines.midnighters.data import NIGHTMARES

MN = get_engine("midnighters")


class Table:
    """A game driven step by step; ``events`` collects everything emitted so far."""

    def __init__(
        self,
        n: int = 3,
        hands: dict[str, list[str]] | None = None,
        *,
        avatars: dict[str, str] | None = None,
        stacked: list[str] | None = None,
        discard: list[str] | None = None,
        board: dict[str, Any] | None = None,
        seed: str = "t",
        calm: bool = True,
        **options: Any,
    ) -> None:
        self.players = [f"p{i}" for i in range(1, n + 1)]
        overrides: dict[str, Any] = {"seats": self.players, "hands": hands or {}}
        if avatars:
            overrides["avatars"] = avatars
        if stacked:
            overrides["stacked"] = stacked
        if discard:
            overrides["discard"] = discard
        if board:
            overrides["board"] = board
        options.setdefault("layout", "classic")
        self.state: MidnightersState
        self.state, self.events = MN.setup(self.players, options, seed=seed, overrides=overrides)
        if calm:  # no random nightmare may disturb a scenario: tests stack the ones they want
            for colour in NIGHTMARES:
                if self.state.deck.pop(colour, 0):
                    self.state.out_of_game.append(colour)

    @property
    def prompt(self):
        return self.state.prompts[0]

    @property
    def s(self) -> MidnightersState:
        return self.state

    def act(self, actor: str, kind: str, /, **args: Any) -> list[Event]:
        self.state, events = MN.apply(self.state, Action(actor, self.prompt.id, kind, args))
        self.events += events
        return events

    def refused(self, actor: str, kind: str, /, **args: Any) -> str:
        """The refusal code of an illegal action (and check the state did not change)."""
        before = self.state
        try:
            self.act(actor, kind, **args)
        except IllegalAction as exc:
            assert self.state is before
            return exc.code
        raise AssertionError(f"{kind} {args} was accepted")

    def timeout(self) -> list[Event]:
        self.state, events = MN.on_timeout(self.state, self.prompt.id)
        self.events += events
        return events

    def host(self, kind: str, **args: Any) -> list[Event]:
        return self.act(HOST, kind, **args)

    def me(self) -> str:
        """Whoever the open prompt asks (the current player, a controller, a chooser)."""
        return self.prompt.players[0]

    def play(self, kind: str, /, **args: Any) -> list[Event]:
        """The current player plays, everyone passes, the play resolves."""
        events = self.act(self.me(), kind, **args)
        return events + self.pass_all()

    def pass_all(self) -> list[Event]:
        events: list[Event] = []
        while self.state.phase == "window":
            events += self.act(self.prompt.players[0], "pass")
        return events

    def end_turn(self) -> list[Event]:
        return self.act(self.me(), "end")

    def event_keys(self, events: list[Event] | None = None) -> list[str]:
        return [e.key for e in (self.events if events is None else events)]

    def public(self, key: str, events: list[Event] | None = None) -> list[dict[str, Any]]:
        return [
            dict(e.params) for e in (self.events if events is None else events) if e.key == key and e.audience.is_public
        ]

    def private(self, key: str, events: list[Event] | None = None) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
        return [
            (e.audience.players, dict(e.params))
            for e in (self.events if events is None else events)
            if e.key == key and not e.audience.is_public
        ]
