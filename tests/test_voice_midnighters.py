"""Midnighters' narrator and the slips a native reading found (issue 29, items 2 and 3), guarded in en/ru/cs.

The catalogue is read as written and as the presenter words it: a fired nightmare is told as its colour's scene
from the rulebook (foxes, birds, butterflies, the black cat, the heartbeat), the start and the end as the dream's.
"""

from __future__ import annotations

import pytest

import translations as i18n
from bot.games import game_ui
from bot.presenter import Table
from engines import get_engine
from engines.core import PUBLIC, Event
from engines.midnighters.data import NIGHTMARES
from tests.voice import assert_own_hello_without_a_role, slips_in

MN = get_engine("midnighters")
PRESENTER = game_ui("midnighters").presenter
LANGUAGES = i18n.LANGUAGES
NAMES = {"p1": "Ada", "p2": "Boris", "p3": "Čeněk"}


def _table(lang: str) -> Table:
    return Table(game_id=1, engine=MN, lang=lang, names=NAMES, guild_name="Dreamland", deadlines={}, host="p1")


SLIPS = {
    "en": [
        (r"\bYou stand on\b|\bstands on\b", "'stand on Corridor 5': where a player is reads 'Where you are: …'"),
    ],
    "ru": [
        (r"перемещается: ", "«перемещается: Коридор 1»: a move says where to"),
        (r"повёрнута на \{ \$degrees \}°(?! от исходного)", "«повёрнута на 180°» reads as a turn by 180° just now"),
        (r"\bсамому\b|\bединственный\b", "a gendered word about a player"),
        (r"\bв руке\b", "one word for the hand: «на руке»"),
        (r"\bСид\b", "one word for the seed: «зерно»"),
        (r"такого хода|этого хода|ваш ход\*\*", "«ход» is the turn; a move is «действие»"),
    ],
    "cs": [
        (r"\bLíznete\b|\bposadí\b|\busadí\b|\budeří\b|\bnastraží\b|\bzamíchá\b|\brozdá\b|\bnespustí\b|\bsi lízne\b",
         "perfective present read as future"),
        (r"\bsami\b|\bpasovali jste\b|\bjste už pasovali\b", "plural for one person"),
        (r"\bOdložené karty\b|\bodhozeno\b", "one name for the discard pile: «odhazovací balíček»"),
        (r"\bSeed\b", "one word for the seed: «semínko»"),
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_slips_the_review_found_do_not_come_back(lang):
    found = slips_in(lang, "midnighters.ftl", SLIPS)
    assert not found, f"{lang}: " + "; ".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_dm_is_this_games_and_promises_no_role(lang):
    assert_own_hello_without_a_role(_table(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fired_nightmare_is_told_as_its_colours_scene(lang):
    """MN-37: the public line says who drew which nightmare and who is safe in the Town Hall, told as the
    rulebook's scene of that colour; an unfired one (drawn in the Town Hall, MN-38) keeps the plain line."""
    t = _table(lang)
    scenes = set()
    for colour in NIGHTMARES:
        params = {"player": "p1", "colour": colour, "fired": True, "immune": ["p3"]}
        (event,) = PRESENTER.worded(t, [Event("mn.nightmare_drawn", params, PUBLIC)])
        assert event.key == f"mn.nightmare.{colour}"
        text = t.say(event)
        assert text.startswith("😱 Ada") and "Čeněk" in text and "{" not in text, text
        assert t.t(f"mn.card.{colour}").split()[0].lower()[:3] in text.lower(), (colour, text)  # names its colour (declined: the stem)
        scenes.add(text)
    assert len(scenes) == len(NIGHTMARES)
    params = {"player": "p1", "colour": "red", "fired": False, "immune": []}
    (event,) = PRESENTER.worded(t, [Event("mn.nightmare_drawn", params, PUBLIC)])
    assert event.key == "mn.nightmare_drawn"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rotation_says_from_where_it_is_counted(lang):
    """«Локация Лес повёрнута на 180°» read as a turn by 180° now; the degrees count from how the card was laid."""
    text = _table(lang).say(Event("mn.location_rotated", {"location": "forest", "degrees": 180, "arrows": ["up"]}))
    assert "180°" in text and {"en": "from how it was laid", "ru": "от исходного", "cs": "proti původní"}[lang] in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_activation_is_told_as_what_the_location_does(lang):
    """MN-31 .. MN-36: each location's activation is its own scene from the rulebook, naming who activates it and
    the location (the Square's line reveals nothing of the pile, MN-P9)."""
    t = _table(lang)
    lines = set()
    for loc in ("forest", "square", "motel", "restaurant", "townhall", "bridge"):
        (event,) = PRESENTER.worded(t, [Event("mn.activated", {"player": "p2", "location": loc}, PUBLIC)])
        assert event.key == f"mn.activated.{loc}"
        text = t.say(event)
        assert "Boris" in text and t.t(f"mn.board.place_{loc}")[:4] in text and "{" not in text, text
        lines.add(text)
    assert len(lines) == 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_colourless_nightmare_says_who_goes_where_with_arrows(lang):
    """MN-46: the corridors each player is sent to read "Ada → Corridor 2", not a "name: value" list."""
    t = _table(lang)
    params = {"corridors": {"p1": "corridor2", "p2": "corridor5"}}
    (event,) = PRESENTER.worded(t, [Event("mn.sent_to_corridors", params, PUBLIC)])
    text = t.say(event)
    assert f"Ada → {t.t('mn.location.corridor2')}" in text and f"Boris → {t.t('mn.location.corridor5')}" in text, text
    assert "Ada:" not in text
