"""What must hold of every Midnight Hunt state (checked after each action in playouts and tests)."""

from __future__ import annotations

from collections import Counter

from engines.midnight_hunt.rules import SEAL, SIDES
from engines.midnight_hunt.state import MidnightHuntState


class Invariants:
    """The invariants of :class:`~engines.midnight_hunt.engine.MidnightHunt` (a mixin)."""

    def check_invariants(self, state: MidnightHuntState) -> None:
        board = self.board(state)
        for hex_, here in state.board.items():
            assert hex_ in board.grid, f"unit off the board at {hex_}"
            assert here.stack >= 1, f"empty stack at {hex_}"
            assert here.unit in state.seats[here.owner].units, f"undrafted unit at {hex_}"
        on_board = Counter((u.owner, u.unit) for u in state.board.values())
        assert all(n == 1 for n in on_board.values()), "two units of one type for one player (MH-23)"
        assert set(state.control) == {loc.id for loc in board.locations}
        assert set(state.control.values()) <= {None, *SIDES}
        for player, me in state.seats.items():
            assert len(me.hand) <= self.rules.hand_size
            if state.round == 0:
                continue  # still drafting (or the game ended during the draft)
            assert len(me.units) == board.picks
            # MH-15 / MH-30 / MH-42: every token is in exactly one place.
            places = Counter(me.bag) + Counter(me.hand)
            for unit in me.units:
                stack = next((u.stack for u in state.board.values() if u.owner == player and u.unit == unit), 0)
                total = places[unit] + me.supply[unit] + me.discard[unit] + me.dead[unit] + stack
                assert total == self.rules.units[unit].tokens, f"{player}'s {unit} tokens add up to {total}"
                assert min(me.supply[unit], me.discard[unit], me.dead[unit]) >= 0
            assert places[SEAL] + me.discard_hidden == 1, f"{player}'s Seal is lost or doubled"
            assert me.bag == sorted(me.bag)
            if me.pending is not None:
                assert me.discard_hidden == 1 and (me.pending.unit is None or me.supply[me.pending.unit] > 0)
        if state.outcome is None:
            assert state.prompts and state.prompts[0].kind == "turn"
            assert state.prompts[0].players == (state.current,)
            away = sorted(p for p, s in state.seats.items() if s.away)
            assert sorted(p.players[0] for p in state.prompts[1:]) == away
            if state.phase == "play":
                assert state.seats[state.current].hand, "the player to act has an empty hand"
        else:
            assert not state.prompts and state.phase == "over"
