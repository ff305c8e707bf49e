"""What each player (and the host) may do now: the legal actions of Když sním, and the automatic players' pick."""

from __future__ import annotations

import random

from engines.core import HOST, Action
from engines.kdyz_snim import auto
from engines.kdyz_snim.state import KdyzSnimState


class Actions:
    """The legal actions of :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def _legal_actions(self, state: KdyzSnimState, player: str) -> list[Action]:
        if player == HOST:
            return self._host_actions(state)
        if player in state.left or player not in state.players:
            return []
        actions: list[Action] = []
        dream = self._find_prompt(state, "dream")
        if dream and player == state.round.dreamer:
            card = len(state.round.cards)
            actions += [
                Action(player, dream.id, "guess", {"card": card, "text": None}),
                Action(player, dream.id, "pass", {"card": card}),
            ]
        clue = self._find_prompt(state, "clue")
        if clue and player in clue.players:
            actions += [Action(player, clue.id, "clue", {"text": None}), Action(player, clue.id, "pass")]
        if dream and state.foul is None and player in self._receivers(state):
            actions += [
                Action(player, dream.id, "report", {"accused": accused})
                for accused in self._accusable(state)
                if accused != player and self._reviewers(state, player, accused)
            ]
        review = self._find_prompt(state, "review")
        if review and player in review.players:
            actions += [Action(player, review.id, "confirm"), Action(player, review.id, "reject")]
        last = self._find_prompt(state, "last_guess")
        if last and player in last.players:
            actions += [Action(player, last.id, "guess", {"text": None}), Action(player, last.id, "pass")]
        recap = self._find_prompt(state, "recap")
        if recap and player in recap.players:
            actions.append(Action(player, recap.id, "recap", {"text": None}))
        start = self._find_prompt(state, "next_night")
        if start and player in start.players:
            actions.append(Action(player, start.id, "start_night"))
        actions.append(Action(player, state.prompts[0].id, "leave"))  # KS-31: at any time
        return actions

    def _host_actions(self, state: KdyzSnimState) -> list[Action]:
        anchor = state.prompts[0].id
        actions = [Action(HOST, anchor, "remove", {"player": p}) for p in self._active(state)]  # KS-34
        review = self._find_prompt(state, "review")
        if review and review.players == (HOST,):
            actions += [Action(HOST, review.id, "confirm"), Action(HOST, review.id, "reject")]
        start = self._find_prompt(state, "next_night")
        if start:  # KS-28: the host may start the night for an absent dreamer
            actions.append(Action(HOST, start.id, "start_night"))
        return actions

    def random_action(self, state: KdyzSnimState, player: str, chooser: random.Random) -> Action | None:
        """Automatic players (playouts, ``--auto``): see :mod:`engines.kdyz_snim.auto`."""
        return auto.choose(self, state, player, chooser)
