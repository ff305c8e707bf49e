"""The end (NW-21, NW-23): who has won, the final reveal, and the team and tally queries it rests on."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core import Event, Outcome
from engines.night_watch.roles import NIGHT_WATCH, TEAM_OF
from engines.night_watch.state import NightWatchState


class Ending:
    """The end of :class:`~engines.night_watch.engine.NightWatch` (a mixin)."""

    def _check_end(self, state: NightWatchState, events: list[Event]) -> bool:
        """NW-21, in the rule's order."""
        alive_roles = [state.roles[p] for p in state.alive]
        outcome: Outcome | None = None
        if not alive_roles:
            outcome = Outcome((), "nobody_alive", draw=True)
        elif alive_roles == ["bester"]:
            outcome = Outcome(tuple(state.alive), "psi_cop_wins", teams=("bester",))
        elif not any(r in NIGHT_WATCH for r in alive_roles):
            outcome = Outcome(self._team_players(state, "station"), "station_wins", teams=("station",))
        elif all(r in NIGHT_WATCH for r in alive_roles):
            outcome = Outcome(self._team_players(state, "watch"), "watch_wins", teams=("watch",))
        if outcome is None:
            return False
        self._finish(state, events, outcome)
        return True

    def _finish(self, state: NightWatchState, events: list[Event], outcome: Outcome) -> None:
        state.outcome = outcome
        state.phase = "over"
        state.prompts = []
        events.append(Event("nw.game_over", {"outcome": outcome.reason, "winners": list(outcome.winners), **self._reveal(state)}))

    def _reveal(self, state: NightWatchState) -> dict[str, Any]:
        """NW-23: every role, every night's actions, the vote history and the seed."""
        from engines.serial import to_plain

        return {
            "roles": dict(state.roles),
            "nights": to_plain(state.nights),
            "votes": to_plain(state.vote_history),
            "seed": state.seed,
        }

    @staticmethod
    def _team_players(state: NightWatchState, name: str) -> tuple[str, ...]:
        return tuple(p for p in state.players if TEAM_OF[state.roles[p]] == name)

    @staticmethod
    def _living_watch(state: NightWatchState) -> list[str]:
        return [p for p in state.alive if state.roles[p] in NIGHT_WATCH]

    def _tally(self, state: NightWatchState) -> dict[str, int]:
        return dict(Counter(state.votes.values()))

