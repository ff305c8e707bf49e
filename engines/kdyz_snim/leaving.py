"""A player leaving or removed by the host (KS-31 .. KS-34), and what the game does about it in each phase."""

from __future__ import annotations

from engines.core import Event, Prompt, new_prompt_id
from engines.kdyz_snim.roles import MIN_PLAYERS
from engines.kdyz_snim.state import KdyzSnimState


class Leaving:
    """Leaving :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def _remove(self, state: KdyzSnimState, player: str, events: list[Event]) -> None:
        state.left.append(player)
        events.append(Event("ks.player_left", {"player": player}))
        if player == state.host:  # KS-34: host rights pass to the lowest remaining seat
            remaining = self._active(state)
            if remaining:
                state.host = remaining[0]
                events.append(Event("ks.host_changed", {"player": state.host}))
        if state.phase == "day":
            if len(self._active(state)) < MIN_PLAYERS or self._next_dreamer(state) is None:  # KS-33
                self._finish(state, events)
                return
            nxt = self._next_dreamer(state)
            prompt = state.prompts[0]
            if prompt.players != (nxt,):
                state.prompts = [Prompt(new_prompt_id(state, "next_night"), "turn", (nxt,), None, "ks.next_night")]
                events.append(Event("ks.next_dreamer", {"player": nxt}))
            return
        if player == state.round.dreamer:  # KS-32: straight to the reveal; the current element is unused
            if state.round.current is not None:
                state.round.change_current(fate="unused")
            state.round.recap_bonus = False
            self._reveal(state, events)
            return
        if state.phase != "night":
            return
        foul = state.foul
        if foul is not None:
            reviewers = self._reviewers(state, foul.reporter, foul.accused)
            if player in (foul.reporter, foul.accused) or not reviewers:
                self._lapse_foul(state, events)
            else:
                review = self._find_prompt(state, "review")
                assert review is not None
                if review.players != reviewers:
                    kind = "turn" if len(reviewers) == 1 else "reaction"
                    state.prompts = [p for p in state.prompts if p is not review]
                    state.prompts.append(Prompt(review.id, kind, reviewers, None, review.key, review.params))
        if player == state.clue_giver:
            nxt = self._next_clue_giver(state, player)
            self._open_clue_turn(state, nxt, events)
