"""What each player may do now (MH-18, MH-22, MH-54, MH-55), and the automatic players' pick among it."""

from __future__ import annotations

import random

from engines.core import Action
from engines.midnight_hunt.plays import Play
from engines.midnight_hunt.rules import SEAL
from engines.midnight_hunt.state import MidnightHuntState

#: Actions any seated player may take whatever the prompt (MH-54, MH-55).
ANYTIME = ("leave", "surrender")
#: Automatic players take a play of these kinds, when one is on offer, with this chance (so random games end).
AUTO_PREFERENCES: tuple[tuple[tuple[str, ...], float], ...] = (
    (("control",), 0.9),
    (("deploy", "attack", "tactic"), 0.6),
)
#: ... and otherwise a move towards a location their side does not hold, with this chance.
AUTO_ADVANCE = 0.9


class Actions:
    """The legal actions of :class:`~engines.midnight_hunt.engine.MidnightHunt` (a mixin)."""

    def _legal_actions(self, state: MidnightHuntState, player: str) -> list[Action]:
        if player not in state.seats:
            return []  # spectators and the host have nothing to do (MH-61)
        me = state.seats[player]
        if me.away:
            prompt = next(p for p in state.prompts if p.key == "mh.rejoin" and p.players == (player,))
            return [Action(player, prompt.id, "rejoin")]
        turn = state.prompts[0]
        actions: list[Action] = []
        if player == state.current:
            if state.phase == "draft":
                actions = [Action(player, turn.id, "pick", {"unit": u}) for u in self._draftable(state, player)]
            else:
                actions = [Action(player, turn.id, kind, args) for kind, args in self._turn_plays(state, player)]
        return actions + [Action(player, turn.id, kind) for kind in ANYTIME]

    def _turn_plays(self, state: MidnightHuntState, player: str) -> list[Play]:
        """Every legal play of every distinct token in the hand (MH-22), Seal plays last."""
        me = state.seats[player]
        plays: list[Play] = []
        for token in sorted(set(me.hand), key=me.hand.index):
            plays += (
                self._seal_plays(state, player) if token == SEAL else self.plays(state).options(state, player, token)
            )
        return plays

    def random_action(self, state: MidnightHuntState, player: str, chooser: random.Random) -> Action | None:
        """Automatic players: a legal play, biased towards captures and fights (:data:`AUTO_PREFERENCES`) so random
        games end, rarely leaving, very rarely surrendering."""
        actions = self.legal_actions(state, player)
        if not actions or player not in state.seats or state.seats[player].away:
            return actions[0] if actions else None  # away: the only action is Rejoin
        playing = [a for a in actions if a.kind not in ANYTIME]
        roll = chooser.random()
        if not playing or roll < 0.002:
            anytime = [a for a in actions if a.kind in ANYTIME] or actions
            return chooser.choice([a for a in anytime if a.kind == "surrender"] or anytime)
        if roll < 0.006:
            return next(a for a in actions if a.kind == "leave")
        for kinds, chance in AUTO_PREFERENCES:
            preferred = [a for a in playing if a.kind in kinds]
            if preferred and chooser.random() < chance:
                return chooser.choice(preferred)
        advancing = self._advancing(state, player, playing)
        if advancing and chooser.random() < AUTO_ADVANCE:
            return chooser.choice(advancing)
        return chooser.choice(playing)

    def _advancing(self, state: MidnightHuntState, player: str, actions: list[Action]) -> list[Action]:
        """The moves (Move, Dash) that bring a unit closer to a location its side does not hold."""
        side = state.seats[player].side
        grid = self.board(state).grid
        goals = [loc.hex for loc in self.board(state).locations if state.control[loc.id] != side]
        if not goals:
            return []

        def gap(hex_: str) -> int:
            return min(grid.distance(hex_, g) for g in goals)

        found = []
        for action in actions:
            to = action.args.get("to")
            if to is not None and action.kind in ("move", "tactic") and "target" not in action.args:
                at = self.plays(state).position(state, player, action.args["unit"])
                if at is not None and gap(to) < gap(at):
                    found.append(action)
        return found
