"""A player leaving or removed by the host (GH-35): their cards to the discard pile, and the game going on."""

from __future__ import annotations

from engines.core import Event, Outcome
from engines.ghost_at_home.cards import GHOST, sort_cards
from engines.ghost_at_home.state import GhostState


class Leaving:
    """Leaving :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def _remove(self, state: GhostState, player: str, events: list[Event]) -> None:
        """GH-35: the hand goes to the discard pile face down, the house's cards face up; an open window of the
        leaver's closes unanswered; their turn or escape passes to the next seat; one player left wins."""
        hand = state.hands[player]
        house_cards = sort_cards(state.houses[player].clear())
        state.discard.extend(hand)
        state.discard.extend(house_cards)
        state.hands[player] = []
        state.seats.remove(player)
        events.append(Event("gh.player_left", {"player": player, "cards": house_cards, "hand": len(hand)}))
        if len(state.seats) == 1:
            self._finish(state, Outcome(tuple(state.seats), "last_player"), events)
            return
        if state.phase == "cat_window":
            if state.attack.defender == player:  # "No cat" - but the house is gone, so the ghost is discarded
                state.attack = None
                state.discard.append(GHOST)
                self._after_ghost(state, events)
            # an attacker who left: the ghost is on its way and the defender's window stays open
        elif state.phase == "escape_window":
            if state.escape.window == player:  # closes as "No ghost"
                state.escape.window, state.escape.ghosts = None, 0
                self._continue_escape(state, events)
            elif state.escape.escaper == player:
                self._continue_escape(state, events)
        elif state.current == player:
            self._begin_turn(state, state.seat_order_after(player)[0], events)

