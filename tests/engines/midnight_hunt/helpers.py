"""Scenario helpers for Midnight Hunt tests: a drafted game, positions set by hand, plays driven by name.

Tests build positions by editing a state returned by the engine (states are plain data, and ``apply`` never mutates
its input), moving tokens between places so the token bookkeeping stays exact; ``Table.check()`` re-asserts the
engine's invariants after every edit and play.
"""

from __future__ import annotations

from engines import get_engine
from engines.core import Action, Event
from engines.midnight_hunt.rules import SEAL
from engines.midnight_hunt.state import UnitOnBoard

MH = get_engine("midnight_hunt")

DUEL = ["a", "b"]  # seats A, B
TEAMS = ["a1", "a2", "b1", "b2"]  # seats A1, A2, B1, B2
DUEL_DRAFTS = {
    "a": ["archer", "crossbowman", "uhlan", "cavalry"],
    "b": ["light_cavalry", "spearman", "knight", "swordsman"],
}
TEAM_DRAFTS = {
    "a1": ["archer", "crossbowman", "uhlan"],
    "a2": ["cavalry", "light_cavalry", "spearman"],
    "b1": ["knight", "swordsman", "necromancer"],
    "b2": ["archer", "crossbowman", "spearman"],
}


class Table:
    """A game driven step by step; ``events`` collects everything emitted so far."""

    def __init__(
        self,
        players: list[str] | None = None,
        *,
        drafts: dict[str, list[str]] | None = None,
        factions: dict[str, str] | None = None,
        first: str = "A",
        hands: dict[str, list[str]] | None = None,
        seed: str = "test",
        **options,
    ) -> None:
        players = players or DUEL
        team = len(players) == 4
        if drafts is None:
            drafts = TEAM_DRAFTS if team else DUEL_DRAFTS
        if factions is None:
            factions = {p: "darkness" if p == "b1" else "hunters" for p in players}
        overrides = {"drafts": drafts, "factions": factions, "first": first, "hands": hands or {}}
        self.state, self.events = MH.setup(players, options, seed=seed, overrides=overrides)

    # -- driving -------------------------------------------------------------------------------------------

    @property
    def prompt(self):
        return self.state.prompts[0]

    @property
    def current(self) -> str:
        return self.state.current

    def act(self, player: str, kind: str, /, **args) -> list[Event]:
        self.state, events = MH.apply(self.state, Action(player, self.prompt.id, kind, args))
        self.events += events
        self.check()
        return events

    def play(self, kind: str, /, **args) -> list[Event]:
        """The player to act plays."""
        return self.act(self.current, kind, **args)

    def timeout(self, prompt_id: str | None = None) -> list[Event]:
        self.state, events = MH.on_timeout(self.state, prompt_id or self.prompt.id)
        self.events += events
        self.check()
        return events

    def legal(self, player: str | None = None) -> list[tuple[str, dict]]:
        """The turn plays (no leave / surrender) of ``player`` (default: the player to act)."""
        actions = MH.legal_actions(self.state, player or self.current)
        return [(a.kind, dict(a.args)) for a in actions if a.kind not in ("leave", "surrender")]

    def plays_of(self, unit: str, player: str | None = None) -> list[tuple[str, dict]]:
        return [(k, a) for k, a in self.legal(player) if a.get("unit") == unit and k != "seal"]

    def check(self) -> None:
        MH.check_invariants(self.state)

    def keys(self) -> list[str]:
        return [e.key for e in self.events]

    def last(self, key: str) -> Event:
        return next(e for e in reversed(self.events) if e.key == key)

    # -- editing the position ------------------------------------------------------------------------------

    def _take(self, player: str, token: str) -> None:
        """Take one ``token`` of ``player`` from wherever it idles: the bag, then the supply, then the discard."""
        me = self.state.seats[player]
        if token == SEAL:
            if SEAL in me.bag:
                me.bag.remove(SEAL)
            elif SEAL in me.hand:
                me.hand.remove(SEAL)
            else:
                assert me.discard_hidden == 1
                me.discard_hidden = 0
        elif token in me.bag:
            me.bag.remove(token)
        elif me.supply.get(token, 0):
            me.supply[token] -= 1
        elif me.discard.get(token, 0):
            me.discard[token] -= 1
        else:
            raise AssertionError(f"no spare {token} token for {player}")

    def place(self, player: str, unit: str, hex_: str, stack: int = 1) -> None:
        """Put ``player``'s ``unit`` on ``hex_`` with ``stack`` tokens (moving it if it stands elsewhere)."""
        for h, u in list(self.state.board.items()):
            if u.owner == player and u.unit == unit:
                del self.state.board[h]
                self.state.seats[player].bag += [unit] * u.stack
        assert hex_ not in self.state.board, f"{hex_} is taken"
        for _ in range(stack):
            self._take(player, unit)
        self.state.board[hex_] = UnitOnBoard(player, unit, stack)
        self.state.seats[player].bag.sort()
        self.check()

    def hand(self, player: str, *tokens: str) -> None:
        """Give ``player`` exactly these tokens in hand (the old hand goes back to the bag)."""
        me = self.state.seats[player]
        me.bag += me.hand
        me.hand = []
        for token in tokens:
            self._take(player, token)
        me.hand = list(tokens)
        me.bag.sort()
        self.check()

    def empty_hands(self, *players: str) -> None:
        for player in players:
            self.hand(player)

    def turn(self, player: str) -> None:
        """Make it ``player``'s turn in the current round's order."""
        self.state.turn = self.state.order.index(player)
        MH._open_turn(self.state, new=True)
        self.check()

    def own(self, location: str, side: str | None) -> None:
        self.state.control[location] = side


