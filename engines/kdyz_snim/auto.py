"""Automatic players for playouts and the offline table's ``--auto`` mode.

They play like a lively table: clue givers mostly give a clue from a small pool of everyday words, sometimes pass
and now and then blurt out the element itself (a foul, KS-15); the dreamer guesses right about half the time
(sometimes inflected or misspelt, so the judge's lemmas and typo rule get exercised), guesses wrong, or passes;
recaps are sometimes perfect and sometimes muddled; fouls are reported and reviewed now and then; and once in a
while a player leaves. Choices come only from ``chooser``, never from the game's own RNG.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.core import HOST, Action
from engines.kdyz_snim.judge import PASS_WORDS
from engines.kdyz_snim.words import LANGUAGES, element, element_ids

if TYPE_CHECKING:
    from engines.kdyz_snim.engine import KdyzSnim
    from engines.kdyz_snim.state import KdyzSnimState

#: Clues a table might give for almost anything (adjectives and vague nouns, not elements of the word list).
CLUE_POOL: dict[str, tuple[str, ...]] = {
    "cs": (
        "velký",
        "malý",
        "červený",
        "měkký",
        "rychlý",
        "kulatý",
        "studený",
        "teplý",
        "sladký",
        "hlasitý",
        "dřevěný",
        "starý",
        "zelený",
        "venku",
        "doma",
        "létat",
        "jíst",
        "noc",
        "pohádka",
        "zvířátko",
    ),
    "ru": (
        "большой",
        "маленький",
        "красный",
        "мягкий",
        "быстрый",
        "круглый",
        "холодный",
        "тёплый",
        "сладкий",
        "громкий",
        "деревянный",
        "старый",
        "зелёный",
        "снаружи",
        "дома",
        "летать",
        "есть",
        "ночь",
        "животное",
    ),
    "en": (
        "big",
        "small",
        "red",
        "soft",
        "fast",
        "round",
        "cold",
        "warm",
        "sweet",
        "loud",
        "wooden",
        "old",
        "green",
        "outside",
        "home",
        "fly",
        "eat",
        "night",
        "animal",
        "kitchen",
    ),
}

LEAVE_RATE = 0.002  # per chosen action of a player
REMOVE_RATE = 0.1  # when the host is asked for an action outside a review
REPORT_RATE = 0.03
FOUL_RATE = 0.06
CLUE_PASS_RATE = 0.1


def choose(engine: KdyzSnim, state: KdyzSnimState, player: str, chooser: random.Random) -> Action | None:
    """A plausible action for ``player`` (or ``HOST``), or ``None`` to let others act first."""
    actions = engine.legal_actions(state, player)
    if not actions:
        return None
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    if player == HOST:
        if "confirm" in by_kind:
            return chooser.choice(by_kind["confirm"] + by_kind["reject"])
        if "start_night" in by_kind and chooser.random() < 0.5:
            return by_kind["start_night"][0]
        if chooser.random() < REMOVE_RATE:
            return chooser.choice(by_kind["remove"])
        return None
    if chooser.random() < LEAVE_RATE:
        return by_kind["leave"][0]
    language = state.options["language"]
    if "confirm" in by_kind:
        return chooser.choice(by_kind["confirm"] + by_kind["reject"])
    if "report" in by_kind and chooser.random() < REPORT_RATE:
        return chooser.choice(by_kind["report"])
    if "start_night" in by_kind:
        return by_kind["start_night"][0]
    if "recap" in by_kind:
        return _with_text(by_kind["recap"][0], _recap(state, language, chooser))
    if "guess" in by_kind:
        if chooser.random() < 0.15:
            return next(a for a in actions if a.kind == "pass" and a.prompt == by_kind["guess"][0].prompt)
        return _with_text(by_kind["guess"][0], _guess(state, language, chooser))
    if "clue" in by_kind:
        roll = chooser.random()
        if roll < CLUE_PASS_RATE:
            return (
                _with_text(by_kind["clue"][0], PASS_WORDS[language])
                if roll < CLUE_PASS_RATE / 2
                else next(a for a in actions if a.kind == "pass")
            )
        if roll < CLUE_PASS_RATE + FOUL_RATE:
            return _with_text(by_kind["clue"][0], _foul_clue(state, language, chooser))
        return _with_text(by_kind["clue"][0], chooser.choice(CLUE_POOL[language]))
    return None


def _with_text(template: Action, text: str) -> Action:
    return Action(template.player, template.prompt, template.kind, {**template.args, "text": text})


def _guess(state: KdyzSnimState, language: str, chooser: random.Random) -> str:
    """Right about half the time (exact, an alias, an upper-case or one-letter typo), otherwise another element."""
    card = state.round.current
    assert card is not None
    if chooser.random() < 0.5:
        forms = element(card.element).names(language)
        word = chooser.choice(forms)
        roll = chooser.random()
        if roll < 0.2:
            return word.upper()
        if roll < 0.35 and len(word) >= 5:
            i = chooser.randrange(len(word) - 1)
            return word[:i] + word[i + 1] + word[i] + word[i + 2 :]  # adjacent transposition: still right
        return word
    return element(chooser.choice(element_ids())).word(language)


def _foul_clue(state: KdyzSnimState, language: str, chooser: random.Random) -> str:
    """The element itself, a translation of it, or two words: each is refused by KS-15."""
    card = state.round.current
    assert card is not None
    roll = chooser.random()
    if roll < 0.4:
        return element(card.element).word(language)
    if roll < 0.8:
        return element(card.element).word(chooser.choice([lang for lang in LANGUAGES if lang != language]))
    return " ".join(chooser.sample(CLUE_POOL[language], 2))


def _recap(state: KdyzSnimState, language: str, chooser: random.Random) -> str:
    """The dreamer's recap: what they guessed (perhaps missing one, perhaps in a muddle), or nothing useful."""
    guessed = [c.guess for c in state.round.cards if c.guess]
    chooser.shuffle(guessed)
    if guessed and chooser.random() < 0.3:
        guessed.pop()
    if chooser.random() < 0.15:
        return " ".join(chooser.sample(CLUE_POOL[language], 3))
    return ", ".join(guessed) or "?"
