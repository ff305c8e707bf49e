"""Turns (GH-7 .. GH-9, GH-28): beginning and ending one, drawing up to a full hand, and opening the one prompt
of a phase."""

from __future__ import annotations

from engines.core import Event, Outcome, Prompt, new_prompt_id, rng, to
from engines.ghost_at_home.cards import HAND_SIZE, sort_cards
from engines.ghost_at_home.state import GhostState, Phase

#: The prompt key of each phase (what the bot asks), also the prefix of its prompt ids.
PROMPT_KEYS: dict[str, str] = {
    "turn": "gh.prompt_turn",
    "cat_window": "gh.prompt_cat",
    "escape_window": "gh.prompt_ghost",
}


class Turns:
    """Turns and prompts of :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def _begin_turn(self, state: GhostState, player: str, events: list[Event], passes: int = 0) -> None:
        state.current = player
        state.turn += 1
        if state.hands[player]:
            events.append(Event("gh.turn_started", {"player": player, "turn": state.turn}))
            self._open(state, "turn", player, state.options["turn_seconds"], events)
            return
        # GH-7 [decided]: with an empty hand there is no action and the turn passes (then GH-9).
        if passes >= len(state.seats):
            # A whole round passed and nobody could draw: impossible with the default cards (the specials always
            # stay in hands, deck or discard) but reachable with tuned card data, so it ends the game.
            self._finish(state, Outcome((), "stalemate", draw=True), events)
            return
        events.append(Event("gh.turn_passed", {"player": player}))
        self._end_turn(state, events, passes + 1)

    def _end_turn(self, state: GhostState, events: list[Event], passes: int = 0) -> None:
        """GH-9: a complete house tries to escape; otherwise draw up to 3 and the next seat plays."""
        player = state.current
        if player in state.seats:  # GH-35: a player who left does not draw
            if state.houses[player].is_complete():
                self._begin_escape(state, events)
                return
            self._draw_up(state, player, events)
        self._begin_turn(state, state.seat_order_after(player)[0], events, passes)

    # -- drawing (GH-28) -----------------------------------------------------------------------------------

    def _draw_up(self, state: GhostState, player: str, events: list[Event]) -> None:
        self._draw(state, player, HAND_SIZE - len(state.hands[player]), events)

    def _draw(self, state: GhostState, player: str, count: int, events: list[Event]) -> None:
        drawn: list[str] = []
        for _ in range(count):
            if not state.deck:
                if not state.discard:
                    break  # GH-28 [decided]: nothing left to draw
                # GH-28: the whole discard pile becomes the new deck, shuffled with the game's RNG
                state.deck, state.discard = state.discard, []
                rng(state).shuffle(state.deck)
                events.append(Event("gh.reshuffled", {"count": len(state.deck)}))
            drawn.append(state.deck.pop())
        if drawn:
            state.hands[player].extend(drawn)
            events.append(Event("gh.drew", {"player": player, "count": len(drawn)}))
            events.append(Event("gh.you_drew", {"cards": sort_cards(drawn)}, to(player)))

    def _open(self, state: GhostState, phase: Phase, player: str, seconds: int, events: list[Event]) -> None:
        """Open the one prompt of ``phase`` for ``player``. Windows are announced publicly only as "waiting for
        X" (GH-17, GH-P4); the buttons are the player's legal actions, which only they receive."""
        state.phase = phase
        kind = "turn" if phase == "turn" else "reaction"
        state.prompts = [Prompt(new_prompt_id(state, phase), kind, (player,), seconds, PROMPT_KEYS[phase], {"player": player})]
        if phase != "turn":
            events.append(Event("gh.waiting", {"player": player, "window": "cat" if phase == "cat_window" else "ghost"}))

