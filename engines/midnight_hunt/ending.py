"""The end of a game (MH-52 .. MH-54, MH-59): a control win, a side losing (surrender, time, abandoning), and the
final reveal."""

from __future__ import annotations

from engines.core import Event, Outcome
from engines.midnight_hunt.rules import other
from engines.midnight_hunt.state import MidnightHuntState


class Ending:
    """The end of :class:`~engines.midnight_hunt.engine.MidnightHunt` (a mixin)."""

    def _control_win(self, state: MidnightHuntState, side: str, events: list[Event]) -> bool:
        """MH-53: right after a Control action, the side holding the board's win count of locations wins."""
        held = sum(1 for owner in state.control.values() if owner == side)
        if held < self.board(state).win_count:
            return False
        winners = tuple(p for p in state.players if state.seats[p].side == side)
        self._finish(state, events, Outcome(winners, "control", teams=(side,), params={"count": held}))
        return True

    def _lose(self, state: MidnightHuntState, player: str, reason: str, events: list[Event]) -> None:
        """The player's whole side loses (MH-54, MH-55, MH-57: in 2v2 the team loses)."""
        side = other(state.seats[player].side)
        winners = tuple(p for p in state.players if state.seats[p].side == side)
        self._finish(state, events, Outcome(winners, reason, teams=(side,), params={"player": player}))

    @staticmethod
    def _finish(state: MidnightHuntState, events: list[Event], outcome: Outcome) -> None:
        """MH-59: the result and reason are announced; hands and Seal choices are never revealed."""
        state.outcome = outcome
        state.phase = "over"
        state.prompts = []
        for me in state.seats.values():
            me.away = False
        events.append(
            Event(
                "mh.game_over",
                {
                    "reason": outcome.reason,
                    "side": outcome.teams[0] if outcome.teams else "none",
                    "winners": list(outcome.winners),
                    "player": outcome.params.get("player", ""),
                },
            )
        )
