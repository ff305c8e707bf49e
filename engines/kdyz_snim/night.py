"""A night (KS-12, KS-16, KS-19 .. KS-22): dealing the roles and starting it, the dreamer's guesses judged onto
the piles, and a penalty card taking the current element."""

from __future__ import annotations

from collections import Counter

from engines.core import Action, Event, Prompt, new_prompt_id, require, rng, to
from engines.kdyz_snim import judge
from engines.kdyz_snim.roles import card_counts, card_deck
from engines.kdyz_snim.state import KdyzSnimState, Round


class Night:
    """The night of :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def _start_night(self, state: KdyzSnimState, dreamer: str, events: list[Event]) -> None:
        """KS-12: deal the roles (KS-3), announce dreamer and clue order, draw the first element, start the timer."""
        n = len(self._active(state))
        number = len(state.rounds) + 1
        cards = card_deck(n)
        non_dreamers = [p for p in self._active(state) if p != dreamer]
        if len(state.deals) >= number:  # scenario play
            roles = self._checked_deal(state.deals[number - 1], non_dreamers, n)
        else:
            rng(state).shuffle(cards)
            roles = dict(zip(non_dreamers, cards))
        spare = (Counter(cards) - Counter(roles.values())).most_common(1)[0][0]
        state.rounds.append(Round(number, dreamer, roles, spare))
        state.phase = "night"
        state.foul = None
        events.append(
            Event(
                "ks.night_started",
                {
                    "round": number,
                    "dreamer": dreamer,
                    "clue_order": self._clue_givers(state),
                    # KS-2: the card counts in play (public: the table is in the rules)
                    "fairies": card_counts(n)["fairy"],
                    "boogeymen": card_counts(n)["boogeyman"],
                    "sandmen": card_counts(n)["sandman"],
                    "seconds": state.options["round_seconds"],
                },
            )
        )
        for player, role in roles.items():  # KS-3 / KS-P3: each learns their own role, privately
            events.append(Event("ks.your_role", {"round": number, "role": role}, to(player)))
        timer = Prompt(new_prompt_id(state, "dream"), "turn", (dreamer,), state.options["round_seconds"], "ks.dream")
        state.prompts = [timer]
        self._draw(state, events)
        state.clue_giver = None
        if state.options["clue_mode"] == "text":
            givers = self._clue_givers(state)
            if givers:
                self._open_clue_turn(state, givers[0], events)

    @staticmethod
    def _checked_deal(deal: dict[str, str], non_dreamers: list[str], n: int) -> dict[str, str]:
        require(set(deal) == set(non_dreamers), "bad_override", "a deal must give every non-dreamer one card")
        need = Counter(card_deck(n))
        require(not Counter(deal.values()) - need, "bad_override", "the deal does not fit the KS-2 card table")
        return {p: deal[p] for p in non_dreamers}

    def _penalise(self, state: KdyzSnimState, offender: str, events: list[Event]) -> bool:
        """KS-16: the current element becomes ``offender``'s penalty card and the next one is drawn. ``False`` when
        there was none left to draw and the night ended (:meth:`_deck_empty`).

        The public notice names the offender and no element (KS-P2)."""
        state.round.change_current(fate="penalty", holder=offender)
        state.penalties[offender] += 1
        events.append(Event("ks.card_changed", {"offender": offender, "card": len(state.round.cards)}))
        self._lapse_foul(state, events)
        if not self._can_draw(state):
            self._deck_empty(state, events)
            return False
        self._draw(state, events)
        return True

    def _on_guess(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        """KS-19 .. KS-22: one guess (or pass) on the current element."""
        require(action.player == state.round.dreamer, "not_dreamer", "only the dreamer guesses")
        require(action.kind in ("guess", "pass"), "guess_or_pass", "guess or pass")
        require(action.args.get("card") == len(state.round.cards), "stale_card", "the dream card has already changed")
        text = str(action.args.get("text") or "") if action.kind == "guess" else ""
        passed = action.kind == "pass" or judge.is_pass(text, state.options["language"])
        if not passed:
            require(judge.normalise(text), "empty_guess", "that message has no letters or digits")
        self._judge(state, text, passed, events)
        if not self._can_draw(state):  # KS-9: every element has been drawn this night
            self._deck_empty(state, events)
            return
        events.append(Event("ks.next_card", {"card": len(state.round.cards)}))  # KS-21: the same for every pile
        self._lapse_foul(state, events)
        self._draw(state, events)
        if state.clue_giver is not None:  # KS-22: the interrupted giver gets a fresh turn
            self._open_clue_turn(state, state.clue_giver, events, renewed="guess")

    def _judge(self, state: KdyzSnimState, text: str, passed: bool, events: list[Event]) -> None:
        """KS-20 / KS-21: put the current element on its pile and tell only the non-dreamers."""
        card = state.round.current
        assert card is not None
        if passed:
            card = state.round.change_current(fate="blue")
        else:
            state.round.guesses += 1
            correct = judge.guess_matches(text, card.element, state.options["language"])
            card = state.round.change_current(guess=text, fate="yellow" if correct else "blue")
        self._private(
            state,
            "ks.guess_judged",
            {
                "card": len(state.round.cards),
                "guess": card.guess,
                "passed": card.passed,
                "word": self._word(state, card.element),
                "pile": card.fate,
            },
            events,
        )
