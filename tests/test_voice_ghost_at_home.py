"""Ghost at Home's narrator and the slips a native reading found (issue 29, items 2 and 3), guarded in en/ru/cs.

The catalogue is read as written (its source lines) and as the presenter words it: the slips below are the ones
the review of the recorded games found; they must not come back.
"""

from __future__ import annotations

import pytest

import translations as i18n
from bot.presenter import Table
from engines import get_engine
from engines.core import Event
from tests.voice import assert_own_hello_without_a_role, slips_in

GH = get_engine("ghost_at_home")
LANGUAGES = i18n.LANGUAGES
NAMES = {"p1": "Ada", "p2": "Boris"}


def _table(lang: str) -> Table:
    return Table(game_id=1, engine=GH, lang=lang, names=NAMES, guild_name="Haunted", deadlines={}, host="p1")


#: What read wrong, by language: a pattern and why.
SLIPS = {
    "en": [
        (r"\bNo cat lies on\b", "a cat lies in a room, not on it"),
        (r"\btries to escape\b", "the escape is told as it happens"),
    ],
    "ru": [
        (r"\bв руке\b", "one word for the hand: «на руке»"),
        (r"\bСид\b", "one word for the seed: «зерно», as the fair-deal message says"),
        (r"\bсамому\b|\bединственный\b", "a gendered word about a player"),
    ],
    "cs": [
        # perfective present about what happens now reads as the future
        (r"\bposadí\b|\bse usadí\b|\budeří\b|\bse zamíchá\b|\bdoberou\b|\bLíznete\b|\bnastraží\b|\brozdá\b", "perfective present read as future"),
        (r"\bSeed\b", "one word for the seed: «semínko», as the fair-deal message says"),
        (r"\bOdložené karty\b|\bodhozeno\b", "one name for the discard pile: «odhazovací balíček»"),
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_slips_the_review_found_do_not_come_back(lang):
    found = slips_in(lang, "ghost_at_home.ftl", SLIPS)
    assert not found, f"{lang}: " + "; ".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_dm_is_this_games_and_promises_no_role(lang):
    """The lobby's first private message (gh-dm_hello): this game has no roles, so it promises cards and turns."""
    assert_own_hello_without_a_role(_table(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_escape_is_told_as_a_scene_and_names_who_escapes(lang):
    """GH-31/GH-32 as the story: the run for the roof, the last door, the ghosts barring the way; each names who."""
    t = _table(lang)
    for key in ("gh.escape_started", "gh.escaped", "gh.escape_stopped"):
        text = t.say(Event(key, {"player": "p2"}))
        assert "Boris" in text and "{" not in text, (key, text)
    started = {lang: _table(lang).say(Event("gh.escape_started", {"player": "p2"})) for lang in LANGUAGES}
    assert all(len(text) > 40 for text in started.values()), started  # more than "Boris escapes"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wiped_floor_says_whose_house_and_what_went(lang):
    t = _table(lang)
    for light_off in (True, False):
        text = t.say(Event("gh.floor_wiped", {"player": "p2", "floor": 2, "cards": ["room2", "ghost"], "light_off": light_off}))
        assert "Boris" in text and "2" in text and "{" not in text, text
