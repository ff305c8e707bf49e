"""A player out of the game (NW-8, NW-20, NW-24): eliminated at night or by the vote, or gone (left or removed
by the host), and the open phase going on without them."""

from __future__ import annotations

from engines.core import Event, Prompt
from engines.night_watch.state import Elimination, NightWatchState


class Eliminating:
    """Eliminations in :class:`~engines.night_watch.engine.NightWatch` (a mixin)."""

    def _eliminate(self, state, player: str, cause, events: list[Event], announce: bool = True) -> None:
        state.alive.remove(player)
        state.eliminations.append(Elimination(player, cause, state.day))
        state.eliminated_this_cycle = True
        if announce and state.options["reveal_roles"]:  # NW-8
            events.append(Event("nw.role_revealed", {"player": player, "role": state.roles[player]}))

    def _remove(self, state: NightWatchState, player: str, events: list[Event]) -> None:
        """NW-24: a player who left (or was removed by the host) is eliminated, with no killer credited."""
        events.append(Event("nw.player_left", {"player": player}))
        self._eliminate(state, player, "removed", events)
        state.ready = [p for p in state.ready if p != player]
        state.votes = {v: t for v, t in state.votes.items() if v != player and t != player}
        if state.phase == "night":
            state.night_answers = {
                p: {task: (None if t == player else t) for task, t in answers.items()}
                for p, answers in state.night_answers.items()
                if p != player
            }
        if self._check_end(state, events):
            return
        prompt = state.prompts[0]
        players = self._night_actors(state) if state.phase == "night" else state.alive
        state.prompts = [Prompt(prompt.id, prompt.kind, tuple(players), prompt.timeout, prompt.key)]
        if state.phase == "discussion" and len(state.ready) >= self._ready_needed(state):
            self._close_phase(state, events)
        elif state.phase == "vote" and state.votes and all(p in state.votes for p in state.alive):
            self._close_phase(state, events)
        elif state.phase == "night" and self._night_complete(state):
            self._close_phase(state, events)

