"""Foul reports (KS-18): who may be accused and who reviews, a report, its review, and a report lapsing."""

from __future__ import annotations

from engines.core import HOST, Action, Event, Prompt, new_prompt_id, require
from engines.kdyz_snim.state import FoulReport, KdyzSnimState


class Fouls:
    """Foul reports in :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def _reviewers(self, state: KdyzSnimState, reporter: str, accused: str) -> tuple[str, ...]:
        """KS-18: the host reviews, unless the host is the dreamer or the accused (or gone); then any other
        non-dreamer but the reporter and the accused does."""
        host = state.host
        if host not in state.left and host not in (state.round.dreamer, accused):
            return (HOST,)
        return tuple(p for p in self._receivers(state) if p not in (reporter, accused))

    def _accusable(self, state: KdyzSnimState) -> list[str]:
        """KS-18: who may be named in a foul report on the current element. In text mode the bot knows who gave
        a clue for it; in voice mode it cannot hear, so any clue giver still in the game may be named."""
        receivers = self._receivers(state)
        if state.options["clue_mode"] == "voice":
            return receivers
        gave = {c.player for c in state.clues}
        return [p for p in receivers if p in gave]

    def _on_report(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        reporter, accused = action.player, action.args.get("accused")
        require(reporter in self._receivers(state), "not_clue_giver", "only a clue giver can report a foul")
        require(state.foul is None, "foul_pending", "another foul report is being reviewed")
        require(
            [p for p in self._accusable(state) if p != reporter],
            "no_clue_yet",
            "nobody else has given a clue for this dream card yet",
        )
        require(accused != reporter, "bad_target", "you cannot report yourself")
        require(accused in self._accusable(state), "bad_target", "name a player who gave a clue for this dream card")
        reviewers = self._reviewers(state, reporter, accused)
        require(reviewers, "no_reviewer", "nobody is left who could review this report")
        state.foul = FoulReport(reporter, accused, len(state.round.cards))
        kind = "turn" if len(reviewers) == 1 else "reaction"
        state.prompts.append(
            Prompt(
                new_prompt_id(state, "review"),
                kind,
                reviewers,
                None,
                "ks.foul_review",
                {"reporter": reporter, "accused": accused},
            )
        )
        events.append(Event("ks.foul_reported", {"reporter": reporter, "accused": accused}))

    def _on_review(self, state: KdyzSnimState, verdict: str, events: list[Event]) -> None:
        require(verdict in ("confirm", "reject"), "confirm_or_reject", "confirm or reject the foul")  # KS-18
        foul = state.foul
        assert foul is not None
        self._close_review(state)
        if verdict == "reject":
            events.append(Event("ks.foul_rejected", {"accused": foul.accused}))
            return
        card = state.round.current
        assert card is not None and foul.card == len(state.round.cards)
        self._private(
            state, "ks.foul_confirmed", {"offender": foul.accused, "word": self._word(state, card.element)}, events
        )
        if not self._penalise(state, foul.accused, events):
            return
        if state.clue_giver is not None:  # the offender's turn passes on; anyone else keeps a fresh turn (KS-22)
            giver = state.clue_giver
            if giver == foul.accused:
                self._open_clue_turn(state, self._next_clue_giver(state, giver), events)
            else:
                self._open_clue_turn(state, giver, events, renewed=foul.accused)

    def _lapse_foul(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-18: a report lapses when its element stops being current or the night ends."""
        if state.foul is not None:
            events.append(Event("ks.foul_lapsed", {"accused": state.foul.accused}))
            self._close_review(state)

    def _close_review(self, state: KdyzSnimState) -> None:
        state.foul = None
        state.prompts = [p for p in state.prompts if not p.id.startswith("review#")]
