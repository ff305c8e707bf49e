"""Rounds and turns (MH-17 .. MH-21, MH-49 .. MH-51): drawing hands, whose turn is next, the end of a round with
its Seal plays revealed, and the turn prompt with its timeout (MH-56, MH-57)."""

from __future__ import annotations

from engines.core import Event, Outcome, Prompt, new_prompt_id, rng, to
from engines.midnight_hunt.rules import SEAL
from engines.midnight_hunt.state import MidnightHuntState


class Rounds:
    """Rounds and turn prompts of :class:`~engines.midnight_hunt.engine.MidnightHunt` (a mixin)."""

    def _start_round(self, state: MidnightHuntState, events: list[Event]) -> None:
        state.round += 1
        state.round_all_seals = True
        state.order = self._play_order(state, state.initiative)
        events.append(
            Event("mh.round_started", {"round": state.round, "side": state.initiative, "first": state.order[0]})
        )
        for player in state.order:
            self._draw(state, player, events)
        state.turn = 0
        self._open_turn(state, new=True)

    def _draw(self, state: MidnightHuntState, player: str, events: list[Event]) -> None:
        """MH-17: draw one token at a time, uniformly from the bag, up to the hand size; an empty bag takes the
        whole discard back (face-up tokens and the ❓ Seal) and drawing goes on; with both empty, stop short."""
        me = state.seats[player]
        need = self.rules.hand_size - len(me.hand)
        if need <= 0:
            events.append(Event("mh.drew", {"player": player, "count": 0, "hand": len(me.hand)}))
            events.append(Event("mh.hand", {"tokens": list(me.hand), "round": state.round, "faction": me.faction}, to(player)))
            return
        chance = rng(state)
        drawn = 0
        while drawn < need:
            if not me.bag:
                back = [u for u, n in me.discard.items() for _ in range(n)] + [SEAL] * me.discard_hidden
                if not back:
                    break
                me.bag = sorted(back)
                me.discard = {u: 0 for u in me.discard}
                me.discard_hidden = 0
                events.append(Event("mh.reshuffled", {"player": player, "count": len(back)}))
            me.hand.append(me.bag.pop(chance.randrange(len(me.bag))))
            drawn += 1
        events.append(Event("mh.drew", {"player": player, "count": drawn, "hand": len(me.hand)}))
        # MH-P1: the owner only; the round and their faction (public, MH-49) word it in the answer to their click
        events.append(Event("mh.hand", {"tokens": list(me.hand), "round": state.round, "faction": me.faction}, to(player)))

    def _advance(self, state: MidnightHuntState, events: list[Event]) -> None:
        """MH-18: the next player in order with tokens in hand; when every hand is empty the round ends."""
        n = len(state.order)
        for step in range(1, n + 1):
            i = (state.turn + step) % n
            if state.seats[state.order[i]].hand:
                state.turn = i
                self._open_turn(state, new=True)
                return
        self._end_round(state, events)

    def _end_round(self, state: MidnightHuntState, events: list[Event]) -> None:
        """MH-21 / MH-48: pending Seal effects apply now, then the summary names the next leader (never an
        action); MH-58: five all-Seal rounds in a row are a draw."""
        leader = state.initiative
        for player in state.order:  # in play order, so a recruit and an initiative claim resolve the same way
            me = state.seats[player]
            if me.pending is None:
                continue
            if me.pending.choice == "recruit" and me.pending.unit is not None:
                me.supply[me.pending.unit] -= 1
                me.discard[me.pending.unit] += 1
            elif me.pending.choice == "initiative":
                state.initiative = me.side
            me.pending = None
        events.append(
            Event(
                "mh.round_ended",
                {"round": state.round, "side": state.initiative, "changed": state.initiative != leader},
            )
        )
        state.seal_only_rounds = state.seal_only_rounds + 1 if state.round_all_seals else 0
        if state.seal_only_rounds >= self.rules.stalemate_rounds:
            self._finish(state, events, Outcome((), "stalemate", draw=True, params={"rounds": state.seal_only_rounds}))
            return
        self._start_round(state, events)

    # -- prompts -------------------------------------------------------------------------------------------

    def _turn_timeout(self, state: MidnightHuntState, player: str) -> int | None:
        me = state.seats[player]
        if me.clock is not None:  # MH-57: the prompt's timer is the player's running clock
            return max(1, me.clock)
        return None if me.away else state.options["idle_minutes"] * 60  # MH-56 (MH-55: a leaver's turn waits)

    def _open_turn(self, state: MidnightHuntState, *, new: bool) -> None:
        """(Re)open the turn prompt. A new turn gets a new id; otherwise the prompt keeps its id unless its
        timeout changes (a leaver's turn loses its idle timeout, a rejoined player's turn gets a fresh one)."""
        player = state.current
        timeout = self._turn_timeout(state, player)
        rejoins = [p for p in state.prompts if p.key == "mh.rejoin"]
        old = next((p for p in state.prompts if p.kind == "turn"), None)
        if not new and old is not None and old.timeout == timeout:
            turn = old
        else:
            key = "mh.draft" if state.phase == "draft" else "mh.turn"
            params = {"player": player, "round": state.round}
            turn = Prompt(new_prompt_id(state, key.split(".")[1]), "turn", (player,), timeout, key, params)
        state.prompts = [turn, *rejoins]
