"""Scenario helpers for Night Watch tests: deal chosen roles and drive phases by name."""

from __future__ import annotations

from engines import get_engine
from engines.core import HOST, Action, Event
from engines.night_watch import NightWatchState

NW = get_engine("night_watch")


def deal(roles: list[str], **options) -> tuple[NightWatchState, list[Event]]:
    """A game whose players ``p1..pn`` hold ``roles`` in seat order."""
    players = [f"p{i}" for i in range(1, len(roles) + 1)]
    return NW.setup(players, options, seed="test", overrides={"roles": dict(zip(players, roles))})


class Table:
    """A game driven step by step; ``events`` collects everything emitted so far."""

    def __init__(self, roles: list[str], **options) -> None:
        self.state, self.events = deal(roles, **options)

    @property
    def prompt(self):
        return self.state.prompts[0]

    def act(self, actor: str, kind: str, /, **args) -> list[Event]:
        self.state, events = NW.apply(self.state, Action(actor, self.prompt.id, kind, args))
        self.events += events
        return events

    def timeout(self) -> list[Event]:
        self.state, events = NW.on_timeout(self.state, self.prompt.id)
        self.events += events
        return events

    def host(self, kind: str, **args) -> list[Event]:
        return self.act(HOST, kind, **args)

    def to_vote(self) -> None:
        assert self.state.phase == "discussion"
        self.host("skip")

    def to_night(self, votes: dict[str, str] | None = None) -> None:
        """From discussion or vote to the night, jailing whoever ``votes`` pick (nobody by default)."""
        if self.state.phase == "discussion":
            self.to_vote()
        for voter, target in (votes or {}).items():
            self.act(voter, "vote", target=target)
        if self.state.phase == "vote":
            self.timeout()
        assert self.state.phase in ("night", "over"), self.state.phase

    def night(self, *answers: tuple[str, str, str | None]) -> None:
        """Play a whole night: ``("p3", "kill", "p5")``; tasks not named are left undone and time runs out."""
        assert self.state.phase == "night"
        for player, task, target in answers:
            if target is None:
                self.act(player, "skip", task=task)
            else:
                self.act(player, task, target=target)
        if self.state.phase == "night":
            self.timeout()

    def keys(self) -> list[str]:
        return [e.key for e in self.events]

    def last(self, key: str) -> Event:
        return next(e for e in reversed(self.events) if e.key == key)
