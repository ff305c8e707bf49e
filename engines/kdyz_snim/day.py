"""The day (KS-25 .. KS-28): the reveal of roles, elements and recap with the round's scores, then the next night."""

from __future__ import annotations

from engines.core import Event, Prompt, new_prompt_id
from engines.kdyz_snim.roles import MIN_PLAYERS
from engines.kdyz_snim.state import KdyzSnimState
from engines.kdyz_snim.words import element


class Day:
    """The day of :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def _reveal(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-25 / KS-26 / KS-27: reveal roles, elements and recap; score; then the next night or the end."""
        r = state.round
        state.prompts = []
        state.clue_giver = None
        state.foul = None
        state.clues = []
        yellow, blue = r.count("yellow"), r.count("blue")
        r.revealed = True
        language = state.options["language"]
        events.append(Event("ks.day_started", {"round": r.number, "dreamer": r.dreamer}))
        events.append(Event("ks.roles_revealed", {"round": r.number, "roles": dict(r.roles)}))
        for i, card in enumerate(r.cards, start=1):
            events.append(
                Event(
                    "ks.card_revealed",
                    {
                        "card": i,
                        "word": element(card.element).word(language),
                        "result": card.fate,  # worded by a selector, so not named like the fate enum
                        "guess": card.guess,
                        "passed": card.passed,
                        "holder": card.holder,
                    },
                )
            )
        events.append(
            Event("ks.recap_revealed", {"recap": r.recap or "", "given": r.recap is not None, "bonus": r.recap_bonus})
        )
        events.append(
            Event(
                "ks.round_scores",
                {
                    "round": r.number,
                    "yellow": yellow,
                    "blue": blue,
                    "points": self.round_points(r),
                    "totals": self._totals(state),
                    "penalties": dict(state.penalties),
                },
            )
        )
        nxt = self._next_dreamer(state)
        if nxt is None or len(self._active(state)) < MIN_PLAYERS:  # KS-29 / KS-33
            self._finish(state, events)
            return
        state.phase = "day"
        state.prompts = [Prompt(new_prompt_id(state, "next_night"), "turn", (nxt,), None, "ks.next_night")]
        events.append(Event("ks.next_dreamer", {"player": nxt}))

    def _begin_next_night(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-28: the next dreamer (or the host) starts the next night."""
        nxt = self._next_dreamer(state)
        assert nxt is not None
        self._start_night(state, nxt, events)
