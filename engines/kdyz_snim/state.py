"""The plain-data state of a game of Když sním (round records, cards, foul reports)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from engines.copying import ONLY_LAST_CHANGES
from engines.core import State

#: Where an element ended up (KS-20, KS-16, KS-23): correct guess, wrong guess or pass, penalty, or not used;
#: ``current`` while it is in play.
Fate = Literal["current", "yellow", "blue", "penalty", "unused"]
FATES: tuple[Fate, ...] = ("yellow", "blue", "penalty", "unused")

#: ``night``: clues and guesses; ``last_guess``: time is up (KS-23); ``recap``: the dreamer recalls (KS-24);
#: ``day``: the round is revealed and the next dreamer may start the next night (KS-28); ``over``: final recap.
Phase = Literal["night", "last_guess", "recap", "day", "over"]


@dataclass(frozen=True)
class Clue:
    """A valid clue as typed in the game channel (text mode); a record nobody changes, so copies share it."""

    player: str
    text: str


@dataclass(frozen=True)
class Card:
    """One element of a round and what happened to it.

    Plain strings rather than optional fields keep saved states small (every step of a playout round-trips them).
    Frozen, so a copy of the round shares its cards: the card in play changes by :meth:`Round.change_current`.
    """

    element: str
    fate: Fate = "current"
    guess: str = ""  # the dreamer's words ("": passed, not guessed, or a penalty)
    holder: str = ""  # KS-16: who took it as a penalty card

    @property
    def passed(self) -> bool:
        """KS-20: a blue card without a guess was passed."""
        return self.fate == "blue" and not self.guess


@dataclass
class FoulReport:
    """KS-18: ``reporter`` says ``accused`` gave a foul clue for card number ``card`` (1-based in the round)."""

    reporter: str
    accused: str
    card: int


@dataclass
class Round:
    """One dreamer's night and day."""

    number: int
    dreamer: str
    roles: Mapping[str, str]  # KS-3: non-dreamer -> role card (dealt once: read-only, a copy shares it)
    spare: str  # KS-3: the card set aside, shown only in the final recap (KS-30)
    cards: list[Card] = field(default_factory=list)
    guesses: int = 0  # KS-24: guesses made this night, passes excluded
    recap: str | None = None
    recap_bonus: bool = False
    revealed: bool = False

    def count(self, fate: Fate) -> int:
        return [card.fate for card in self.cards].count(fate)

    @property
    def current(self) -> Card | None:
        """The element in play, if any."""
        return self.cards[-1] if self.cards and self.cards[-1].fate == "current" else None

    def change_current(self, **changes: str) -> Card:
        """The element in play with ``changes`` (its fate, the guess, the holder), put in its place."""
        card = self.current
        assert card is not None, "no element is in play"
        self.cards[-1] = card = replace(card, **changes)
        return card


@dataclass
class Deck:
    """KS-9: the elements still to draw.

    The opening deck is the whole list (500+ ids) shuffled, so rather than carrying every id in every saved state
    it is kept as the key of its shuffle and a position; :func:`engines.kdyz_snim.words.shuffled` rebuilds the
    order from the key. A scenario deck or a reshuffle (a few dozen ids) is kept as ``cards`` itself.
    """

    shuffle_key: str = ""  # "" -> ``cards`` is the explicit order
    position: int = 0
    cards: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class KdyzSnimState(State):
    host: str  # KS-34: the player holding host rights (passes on if they leave)
    phase: Phase = "night"
    left: list[str] = field(default_factory=list)  # KS-31, in the order they left
    deck: Deck = field(default_factory=Deck)  # KS-9
    # the rules change only the open round (``round``, the last): a copy for an action shares the closed ones
    rounds: list[Round] = field(default_factory=list, metadata={ONLY_LAST_CHANGES: True})
    clue_giver: str | None = None  # KS-13: the active clue giver (text mode)
    clues: list[Clue] = field(default_factory=list)  # the valid clues given for the current element (text mode)
    clue_turns: int = 0  # clue turns taken (clue, pass or skip) on the current element
    foul: FoulReport | None = None  # KS-18: the pending report, if any
    penalties: dict[str, int] = field(default_factory=dict)  # KS-27: penalty cards per player
    deals: list[dict[str, str]] = field(default_factory=list)  # scenario override: role deal per round

    @property
    def round(self) -> Round:
        return self.rounds[-1]
