"""What must hold of every Když sním state (checked after each action in playouts and tests)."""

from __future__ import annotations

from collections import Counter

from engines.core import HOST
from engines.kdyz_snim.roles import card_deck
from engines.kdyz_snim.state import KdyzSnimState


class Invariants:
    """The invariants of :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def check_invariants(self, state: KdyzSnimState) -> None:
        active = set(self._active(state))
        assert (state.outcome is None) == bool(state.prompts), "prompts iff running"
        for prompt in state.prompts:
            assert set(prompt.players) <= active | {HOST}, f"{prompt.id} prompts someone who left"
            assert prompt.players, f"{prompt.id} prompts nobody"
        assert len(set(state.left)) == len(state.left) and set(state.left) <= set(state.players)
        assert state.host in state.players
        dreamers = [r.dreamer for r in state.rounds]
        assert len(set(dreamers)) == len(dreamers), "KS-7: everyone dreams at most once"
        assert [state.players.index(d) for d in dreamers] == sorted(state.players.index(d) for d in dreamers)
        penalties = Counter(c.holder for r in state.rounds for c in r.cards if c.fate == "penalty")
        assert all(state.penalties[p] == penalties.get(p, 0) for p in state.players), "penalty count"
        for r in state.rounds:
            n = len(r.roles) + 1
            assert Counter(r.roles.values()) + Counter([r.spare]) == Counter(card_deck(n)), "KS-2/KS-3 deal"
            assert r.dreamer not in r.roles
            ids = [c.element for c in r.cards]
            assert len(set(ids)) == len(ids), "an element twice in a round"
            assert r.guesses == sum(1 for c in r.cards if c.guess)
            for c in r.cards[:-1]:
                assert c.fate != "current"
        r = state.round
        open_card = r.current is not None
        assert open_card == (state.phase in ("night", "last_guess")), "a current element exactly in the night"
        assert (state.foul is not None) == (self._find_prompt(state, "review") is not None)
        clue = self._find_prompt(state, "clue")
        if clue is not None:
            assert state.phase == "night" and state.options["clue_mode"] == "text"
            assert clue.players == (state.clue_giver,) and state.clue_giver != r.dreamer
        if state.phase in ("night", "last_guess", "recap"):
            assert r.dreamer in active and not r.revealed
        if state.phase == "night" and state.options["clue_mode"] == "text":
            assert (clue is not None) == bool(self._clue_givers(state))
        if state.phase in ("day", "over"):
            assert r.revealed
        for prompt in state.prompts:
            if prompt.id.startswith(("dream#", "last_guess#", "recap#")):
                assert prompt.players == (r.dreamer,)
