"""What must hold of every Ghost at Home state (checked after each action in playouts and tests)."""

from __future__ import annotations

from engines.ghost_at_home.cards import HAND_SIZE
from engines.ghost_at_home.house import EMPTY, FLOORS
from engines.ghost_at_home.state import GhostState
from engines.ghost_at_home.turns import PROMPT_KEYS


class Invariants:
    """The invariants of :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def check_invariants(self, state: GhostState) -> None:
        """GH-14 for every house, plus the bookkeeping the rules imply: cards are conserved, hands hold at most
        three, one prompt is open exactly while the game runs and it matches the phase."""
        for player, house in state.houses.items():
            top = house.highest_explored() or 0
            for floor in FLOORS:
                ghosts = sum(house.occupants[i] == "ghost" for i in house.slots(floor))
                assert ghosts <= 1, f"GH-14: {player} floor {floor} holds {ghosts} ghosts"
                assert not ghosts or house.is_lit(floor), f"GH-14: a ghost rests on {player}'s dark floor {floor}"
                assert floor >= top or house.is_full(floor), f"GH-14: {player} floor {floor} below {top} is not full"
            for room, occupant in zip(house.rooms, house.occupants):
                assert occupant == EMPTY or room != EMPTY, f"GH-5: a {occupant} lies on an empty slot of {player}"
            if player not in state.seats:
                assert not state.hands[player] and not any(house.rooms), f"GH-35: {player} left but kept cards"
        in_play = len(state.deck) + len(state.discard) + sum(len(h) for h in state.hands.values())
        in_play += sum(1 for house in state.houses.values() for _ in house.cards())
        in_play += state.attack is not None  # the ghost on its way (GH-13)
        assert in_play == state.card_total, f"cards not conserved: {in_play} != {state.card_total}"
        assert all(len(h) <= HAND_SIZE for h in state.hands.values()), "a hand holds more than 3 cards"
        assert (state.outcome is None) == (len(state.prompts) == 1), "one prompt is open exactly while the game runs"
        if state.outcome is not None:
            return
        (prompt,) = state.prompts
        assert prompt.key == PROMPT_KEYS[state.phase]
        assert len(prompt.players) == 1 and prompt.players[0] in state.seats
        assert (state.attack is not None) == (state.phase == "cat_window")
        if state.phase == "turn":
            assert prompt.players == (state.current,) and state.hands[state.current]
        elif state.phase == "cat_window":
            assert prompt.players == (state.attack.defender,)
        else:
            assert state.escape is not None and prompt.players == (state.escape.window,)
        if state.escape is not None:
            assert state.current == state.escape.escaper
            assert state.houses[state.escape.escaper].is_complete(), "GH-31: a stopped escape is still running"

