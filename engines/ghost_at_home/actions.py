"""What each player (and the host) may do now (GH-7, GH-17, GH-30, GH-35), and the automatic players' pick."""

from __future__ import annotations

import random

from engines.core import HOST, Action
from engines.ghost_at_home.cards import CAT, GHOST
from engines.ghost_at_home.house import slot_args
from engines.ghost_at_home.moves import legal_turn_args
from engines.ghost_at_home.state import GhostState

#: How often automatic players build when they can (else they pick an action kind at random). Exploring keeps
#: random games short, which keeps a thousand checked playouts fast, and leaves every other kind common enough.
ROOM_BIAS = 0.7


class Actions:
    """The legal actions of :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def _legal_actions(self, state: GhostState, player: str) -> list[Action]:
        prompt = state.prompts[0]
        if player == HOST:  # GH-35
            return [Action(HOST, prompt.id, "remove", {"player": p}) for p in state.seats] + [
                Action(HOST, prompt.id, "end")
            ]
        if player not in state.seats:
            return []
        actions: list[Action] = []
        if state.phase == "turn" and player == state.current:
            actions = [Action(player, prompt.id, kind, args) for kind, args in legal_turn_args(state, player)]
        elif state.phase == "cat_window" and player == state.attack.defender:
            actions = [Action(player, prompt.id, "no_cat")]  # GH-17: always offered, whatever the hand holds
            if CAT in state.hands[player]:
                actions.append(Action(player, prompt.id, "answer_cat"))
        elif state.phase == "escape_window" and player == state.escape.window:
            actions = [Action(player, prompt.id, "no_ghost")]  # GH-30: always offered, whatever the hand holds
            if GHOST in state.hands[player]:
                escaper = state.escape.escaper
                actions += [
                    Action(player, prompt.id, "ghost", {"target": escaper, **slot_args(slot)})
                    for slot in state.houses[escaper].ghost_targets()
                ]
        actions.append(Action(player, prompt.id, "leave"))  # GH-35: a player may leave at any time
        return actions

    def random_action(self, state: GhostState, player: str, chooser: random.Random) -> Action | None:
        """Automatic play: an action kind at random, then one of its actions, so a hand rich in room
        combinations does not drown out ghosts and lights. Players never leave on their own; the host's
        random controls (playouts' ``host_rate``) remove players now and then, and rarely end the game."""
        actions = self.legal_actions(state, player)
        if player == HOST:
            removals = [a for a in actions if a.kind == "remove"]
            return chooser.choice(actions) if chooser.random() < 0.05 else chooser.choice(removals)
        staying = [a for a in actions if a.kind != "leave"]
        if not staying:
            return None
        kinds = sorted({a.kind for a in staying})
        kind = "rooms" if "rooms" in kinds and chooser.random() < ROOM_BIAS else chooser.choice(kinds)
        return chooser.choice([a for a in staying if a.kind == kind])

