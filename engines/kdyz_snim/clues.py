"""Clue turns in ``text`` mode (KS-13 .. KS-15, KS-22): whose turn it is, a clue, a pass or a skip, and a clue the
judge refuses (a foul that costs a penalty card, KS-16)."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Event, Prompt, new_prompt_id, require
from engines.kdyz_snim import judge
from engines.kdyz_snim.state import Clue, KdyzSnimState


class Clues:
    """The clue turns of :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def _open_clue_turn(
        self, state: KdyzSnimState, giver: str | None, events: list[Event], renewed: str | None = None
    ) -> None:
        """KS-13 / KS-14: a fresh ``clue_seconds`` turn for ``giver`` (or none), named publicly.

        ``renewed``: KS-22, the card changed under the giver's turn (``"guess"``, or the player whose foul was
        confirmed, KS-16 / KS-18) and the same giver gets a fresh turn on the new card. The prompt is new (its
        timer starts again) and says which turn it renews: ``since``, the id of the giver's turn as it began, and
        ``changed``, what changed the card. Nothing secret: the card changed in public (KS-21)."""
        old = self._find_prompt(state, "clue")
        state.prompts = [p for p in state.prompts if not p.id.startswith("clue#")]
        state.clue_giver = giver
        if giver is None:
            return
        seconds = state.options["clue_seconds"]
        params: dict[str, Any] = {"player": giver}
        if renewed is not None and old is not None and old.players == (giver,):
            params.update(since=old.params.get("since", old.id), changed=renewed)
        state.prompts.insert(1, Prompt(new_prompt_id(state, "clue"), "turn", (giver,), seconds, "ks.clue", params))
        events.append(Event("ks.clue_turn", {"player": giver, "seconds": seconds}))

    def _pass_clue_turn(self, state: KdyzSnimState, events: list[Event], counted: bool = True) -> None:
        """KS-14: after a clue, pass or skip the turn passes on clockwise."""
        giver = state.clue_giver
        state.clue_turns += counted
        self._open_clue_turn(state, self._next_clue_giver(state, giver) if giver else None, events)

    def _on_clue(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        player = action.player
        require(player != state.round.dreamer, "dreamer_no_clue", "the dreamer gives no clues, only guesses")  # KS-13
        require(player == state.clue_giver, "not_your_turn", "it is not your turn to give a clue")
        if action.kind == "pass":
            events.append(Event("ks.clue_passed", {"player": player}))
            self._pass_clue_turn(state, events)
            return
        require(action.kind == "clue", "clue_or_pass", "give a clue or pass")  # KS-14
        text = str(action.args.get("text") or "")
        language = state.options["language"]
        if judge.is_pass(text, language):  # KS-14: the pass word is a pass
            events.append(Event("ks.clue_passed", {"player": player}))
            self._pass_clue_turn(state, events)
            return
        # KS-14: a message that normalises to nothing is ignored and the turn goes on (nothing changes).
        require(judge.normalise(text), "empty_clue", "that message has no letters or digits")
        card = state.round.current
        assert card is not None
        fault = judge.clue_fault(text, card.element, language)  # KS-15
        if fault is not None:
            self._private(
                state,
                "ks.clue_refused",
                {"player": player, "clue": text, "word": self._word(state, card.element), "reason": fault},
                events,
            )
            if self._penalise(state, player, events):  # KS-16
                self._pass_clue_turn(state, events, counted=False)  # no turn taken yet on the new element
            return
        state.clues.append(Clue(player, text))
        events.append(Event("ks.clue_given", {"player": player, "card": len(state.round.cards)}))
        self._pass_clue_turn(state, events)
