"""What each player (and the host) may do now (NW-9 .. NW-19, NW-24), and the automatic players' pick."""

from __future__ import annotations

import random

from engines.core import HOST, Action
from engines.night_watch.roles import NIGHT_WATCH, TASKS
from engines.night_watch.state import NightWatchState


class Actions:
    """The legal actions of :class:`~engines.night_watch.engine.NightWatch` (a mixin)."""

    def _legal_actions(self, state: NightWatchState, player: str) -> list[Action]:
        prompt = state.prompts[0]
        if player == HOST:
            actions = [Action(HOST, prompt.id, "remove", {"player": p}) for p in state.alive]
            if state.phase == "discussion":
                actions.insert(0, Action(HOST, prompt.id, "skip"))
            return actions
        if player not in state.alive:
            return []
        actions: list[Action] = []
        if state.phase == "discussion" and player not in state.ready:
            actions.append(Action(player, prompt.id, "ready"))
        elif state.phase == "vote":
            actions += [
                Action(player, prompt.id, "vote", {"target": t})
                for t in state.alive
                if t != player and state.votes.get(player) != t
            ]
        elif state.phase == "night":
            for task in self._open_tasks(state, player):
                actions += [
                    Action(player, prompt.id, task, {"target": t}) for t in self._targets(state, player, task)
                ]
                actions.append(Action(player, prompt.id, "skip", {"task": task}))
        actions.append(Action(player, prompt.id, "leave"))  # NW-24: a player may leave at any time
        return actions

    def random_action(self, state, player, chooser: random.Random) -> Action | None:
        # Automatic players (playouts, the offline table's --auto) rarely leave or get removed, so games are
        # played out rather than emptied.
        actions = self.legal_actions(state, player)
        staying = [a for a in actions if a.kind not in ("leave", "remove")]
        if staying and chooser.random() > 0.01:
            return chooser.choice(staying)
        return chooser.choice(actions) if actions else None

    def _targets(self, state: NightWatchState, player: str, task: str) -> list[str]:
        if task == "kill":  # NW-13: a living non-Watch player; a changed proposal names someone new
            current = state.night_answers.get(player, {}).get("kill")
            return [p for p in state.alive if state.roles[p] not in NIGHT_WATCH and p != current]
        return [p for p in state.alive if p != player]  # NW-14 .. NW-18: anyone living but oneself

    def _open_tasks(self, state: NightWatchState, player: str) -> list[str]:
        """Tasks ``player`` may still answer tonight. A kill proposal may be changed until the night closes."""
        answered = state.night_answers.get(player, {})
        role = state.roles[player]
        return [t for t in TASKS.get(role, ()) if t not in answered or (t == "kill" and answered[t] is not None)]

