"""The escape (GH-29 .. GH-32): a complete house escapes unless the opponents' ghosts, each in its window, stop
it."""

from __future__ import annotations

from engines.core import Event, Outcome
from engines.ghost_at_home.state import Escape, GhostState


class Escaping:
    """The escape in :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def _begin_escape(self, state: GhostState, events: list[Event]) -> None:
        escaper = state.current
        state.escape = Escape(escaper, waiting=state.opponents(escaper))
        events.append(Event("gh.escape_started", {"player": escaper}))
        self._continue_escape(state, events)

    def _continue_escape(self, state: GhostState, events: list[Event]) -> None:
        escape = state.escape
        escaper = escape.escaper
        if escaper not in state.seats:  # GH-35: the escaper left; play goes on with the next seat
            state.escape = None
            self._begin_turn(state, state.seat_order_after(escaper)[0], events)
            return
        if not state.houses[escaper].is_complete():  # GH-31: stopped
            state.escape = None
            events.append(Event("gh.escape_stopped", {"player": escaper}))
            for player in [escaper, *state.opponents(escaper)]:
                self._draw_up(state, player, events)
            self._begin_turn(state, state.seat_order_after(escaper)[0], events)
            return
        # GH-30: in a 2-player game a ghost just sent earns a second window (the count is the players still in)
        most = 2 if len(state.seats) == 2 else 1
        if escape.window in state.seats and 0 < escape.ghosts < most:
            self._open(state, "escape_window", escape.window, state.options["reaction_seconds"], events)
            return
        escape.window, escape.ghosts = None, 0
        while escape.waiting:
            opponent = escape.waiting.pop(0)
            if opponent in state.seats:
                escape.window = opponent
                self._open(state, "escape_window", opponent, state.options["reaction_seconds"], events)
                return
        events.append(Event("gh.escaped", {"player": escaper}))  # GH-32
        self._finish(state, Outcome((escaper,), "escaped"), events)

    def _close_escape_window(self, state: GhostState, events: list[Event]) -> None:
        """"No ghost" (or no answer): this opponent's chance is over, a 2-player second chance included."""
        events.append(Event("gh.no_ghost", {"player": state.escape.window}))
        state.escape.window, state.escape.ghosts = None, 0
        self._continue_escape(state, events)

