"""The element deck (KS-9, KS-10): drawing the next dream card, sent privately to the non-dreamers, and the
reshuffle of earlier rounds' elements when the deck runs out."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Event, rng
from engines.kdyz_snim.state import Card, Deck, KdyzSnimState
from engines.kdyz_snim.words import element, element_ids, shuffled


class Drawing:
    """Drawing elements for :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    @staticmethod
    def _reshuffle_pool(state: KdyzSnimState) -> list[str]:
        """KS-9: what a new deck is made of when the deck runs out: every element of earlier rounds not drawn this
        round (or, with none, every element of the list not drawn this round: a scenario deck runs out sooner)."""
        this_round = {c.element for c in state.round.cards}
        earlier = [c.element for r in state.rounds[:-1] for c in r.cards]
        pool = [e for e in dict.fromkeys(earlier) if e not in this_round]
        return pool or [e for e in element_ids() if e not in this_round]

    def _can_draw(self, state: KdyzSnimState) -> bool:
        """KS-9: is there an element left to draw this round (in the deck, or in a reshuffle of earlier rounds)?"""
        return state.deck.position < len(self._deck_order(state)) or bool(self._reshuffle_pool(state))

    def _draw(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-9 / KS-10: draw the next element and send it privately to the non-dreamers still in the game. The
        caller checks :meth:`_can_draw` first (a night whose every element is drawn ends: :meth:`_deck_empty`)."""
        order = self._deck_order(state)
        if state.deck.position >= len(order):  # KS-9: reshuffle every element of earlier rounds into a new deck
            pool = self._reshuffle_pool(state)
            assert pool, "KS-9: nothing left to draw (callers check _can_draw)"
            rng(state).shuffle(pool)
            state.deck = Deck(cards=pool)
            order = pool
        element_id = order[state.deck.position]
        state.deck.position += 1
        state.clues = []
        state.clue_turns = 0
        state.round.cards.append(Card(element_id))
        language = state.options["language"]
        forms = element(element_id).forms[language]
        self._private(
            state,
            "ks.element",
            {"card": len(state.round.cards), "word": forms.word, "aliases": list(forms.aliases)},
            events,
        )

    @staticmethod
    def _deck_order(state: KdyzSnimState) -> Sequence[str]:
        deck = state.deck
        return shuffled(deck.shuffle_key) if deck.shuffle_key else deck.cards
