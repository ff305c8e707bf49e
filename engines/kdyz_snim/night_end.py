"""The end of a night (KS-9, KS-23, KS-24): the sand timer running out or the deck running dry, the last guess,
and the dreamer's recap."""

from __future__ import annotations

from engines.core import Action, Event, Prompt, new_prompt_id, require
from engines.kdyz_snim import judge
from engines.kdyz_snim.state import KdyzSnimState


class NightEnd:
    """The end of the night in :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def _deck_empty(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-9 / KS-23 **[decided]**: every element has been drawn this night and none of earlier rounds is left
        to reshuffle, so there is no dream card to play. The night ends as when the sand timer runs out, but with no
        current element there is no last guess: clues stop, any pending foul lapses, and the recap follows (KS-24).
        The notice is public and the same whatever the last card's pile (KS-21)."""
        self._lapse_foul(state, events)
        state.clue_giver = None
        state.prompts = []
        events.append(Event("ks.deck_empty", {"round": state.round.number, "cards": len(state.round.cards)}))
        self._open_recap(state, events)

    def _time_up(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-23: clues stop; the dreamer may make one last guess. Pending fouls lapse with the clues."""
        self._lapse_foul(state, events)
        state.clue_giver = None
        self._dreamers_turn(state, events, "last_guess", "ks.time_up")

    def _on_last_guess(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        require(action.player == state.round.dreamer, "not_dreamer", "only the dreamer guesses")
        require(action.kind in ("guess", "pass"), "guess_or_pass", "guess or pass")
        text = str(action.args.get("text") or "") if action.kind == "guess" else ""
        if action.kind == "pass" or judge.is_pass(text, state.options["language"]):
            self._end_night(state, events, last=None)  # KS-23: declining leaves the element unused
            return
        require(judge.normalise(text), "empty_guess", "that message has no letters or digits")
        self._end_night(state, events, last=text)

    def _end_night(self, state: KdyzSnimState, events: list[Event], last: str | None) -> None:
        card = state.round.current
        assert card is not None
        if last is None:
            card = state.round.change_current(fate="unused")
            self._private(
                state,
                "ks.card_unused",
                {"card": len(state.round.cards), "word": self._word(state, card.element)},
                events,
            )
        else:
            self._judge(state, last, False, events)
        events.append(Event("ks.night_over", {"round": state.round.number, "guessed": last is not None}))
        self._open_recap(state, events)

    def _open_recap(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-24: the recap is always asked, before anything is revealed."""
        self._dreamers_turn(state, events, "recap", "ks.recap_open")

    @staticmethod
    def _dreamers_turn(state: KdyzSnimState, events: list[Event], phase: str, announced: str) -> None:
        """The phase whose one timed prompt is the dreamer's (KS-23's last guess, KS-24's recap), its time the
        ``<phase>_seconds`` option, and the public event that says so."""
        state.phase = phase
        seconds = state.options[f"{phase}_seconds"]
        dreamer = state.round.dreamer
        state.prompts = [Prompt(new_prompt_id(state, phase), "turn", (dreamer,), seconds, f"ks.{phase}")]
        events.append(Event(announced, {"dreamer": dreamer, "seconds": seconds}))

    def _on_recap(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        require(action.player == state.round.dreamer, "not_dreamer", "only the dreamer recalls the dream")
        require(action.kind == "recap", "recap_only", "post your recap")  # KS-24
        text = str(action.args.get("text") or "")
        r = state.round
        yellow = [c.element for c in r.cards if c.fate == "yellow"]
        r.recap = text
        r.recap_bonus = judge.recap_earns_bonus(text, yellow, r.guesses, state.options["language"])
        self._reveal(state, events)
