"""Night Watch's narrator (issue 29, items 2 and 3): what a native reader tripped over, guarded in en/ru/cs.

* The first dawn follows the introduction night (NW-6), when nobody can die: it does not say "nobody died".
* Each night power is woken by its own line, as the seed's narrator calls each role (NW-12): Dr Franklin saves,
  Garibaldi checks, nobody is told to "choose your target".
* The tie-break is the lot, not "the seed's lot" (no jargon for players); the closing scene says what happened.
* Russian: the narrator's lines about a role use the present tense (no «проснулся» for a role a woman may hold).
* The first private message promises what this game sends (a role, a night), not a hand of cards.
"""

from __future__ import annotations

import pytest

import cogs.registry  # noqa: F401 - registers every game's UI
import translations as i18n
from bot.games import game_ui
from bot.presenter import Table
from engines import get_engine
from engines.core import HOST, Action

NW = get_engine("night_watch")
PRESENTER = game_ui("night_watch").presenter
LANGS = ("en", "ru", "cs")
PLAYERS = [str(10**17 + i) for i in range(10)]
POWERS = ("watch", "wells", "garibaldi", "zack", "bester", "franklin")
#: How each language says that nobody died in the night (what the first dawn must not say).
NOBODY_DIED = {"en": "nobody died", "ru": "никто не погиб", "cs": "nikdo nezemřel"}


def _table(lang: str) -> Table:
    return Table(game_id=7, engine=NW, lang=lang, names={p: f"P{i}" for i, p in enumerate(PLAYERS)}, guild_name="B5")


def _public(lang: str, before, after, events) -> str:
    ops = PRESENTER.present(_table(lang), before, after, events)
    return "\n".join(o.get("preamble", "") + "\n" + o.get("content", "") for o in ops if o.get("to") == "game")


@pytest.mark.parametrize("lang", LANGS)
def test_nw_6_the_first_dawn_does_not_say_nobody_died_after_the_introduction_night(lang):
    state, events = NW.setup(PLAYERS[:6], {}, seed=3)
    text = _public(lang, None, state, events)
    assert i18n.translate(lang, "nw.dawn_first", day=1) in text
    assert NOBODY_DIED[lang] not in text.lower()


@pytest.mark.parametrize("lang", LANGS)
def test_nw_8_a_quiet_night_after_the_first_says_nobody_died(lang):
    roles = dict(zip(PLAYERS[:5], ["citizen", "watch", "garibaldi", "citizen", "citizen"]))
    state, _ = NW.setup(PLAYERS[:5], {}, seed=1, overrides={"roles": roles})
    state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    state, _ = NW.on_timeout(state, state.prompts[0].id)  # nobody voted: night 1
    before = state
    after, events = NW.on_timeout(state, state.prompts[0].id)  # nobody acted: day 2
    assert any(e.key == "nw.dawn" and e.params["day"] == 2 and not e.params["dead"] for e in events)
    assert NOBODY_DIED[lang] in _public(lang, before, after, events).lower()


@pytest.mark.parametrize("lang", LANGS)
def test_nw_12_every_power_is_woken_by_its_own_line(lang):
    lines = {role: i18n.translate(lang, f"nw.wake.{role}", night=2) for role in POWERS}
    assert len(set(lines.values())) == len(POWERS)
    for line in lines.values():
        assert "2" in line and "target" not in line and "цель" not in line and "cíl" not in line
    assert {"en": "save", "ru": "спасти", "cs": "zachránit"}[lang] in lines["franklin"]


def test_nw_12_russian_wake_lines_and_endings_need_no_gender():
    texts = [i18n.translate("ru", f"nw.wake.{role}", night=1) for role in POWERS]
    texts += [i18n.translate("ru", f"nw.ending.{o}") for o in ("station_wins", "watch_wins", "psi_cop_wins", "nobody_alive", "stalemate")]
    for text in texts:
        assert "проснулся" not in text.lower() and "выбыл" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_nw_11_the_tie_break_is_the_lot_not_the_seed(lang):
    text = i18n.translate(lang, "nw.vote_tie", players="A, B", votes=2, player="B").lower()
    assert not any(word in text for word in ("seed", "сид", "зерн", "semín"))


@pytest.mark.parametrize("lang", LANGS)
def test_nw_21_a_draw_names_no_winners_and_every_outcome_has_a_closing_scene(lang):
    text = i18n.translate(lang, "nw.game_over", outcome="x", winners="", winners_count=0)
    assert text.count(":") == 1  # "Game over: x." and no "Winners: nobody"
    for outcome in ("station_wins", "watch_wins", "psi_cop_wins", "nobody_alive", "stalemate"):
        assert i18n.has(lang, f"nw.ending.{outcome}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_private_message_is_night_watchs_own(lang):
    hello = i18n.translate(lang, "nw.dm_hello")
    assert hello != i18n.translate(lang, "common.dm_hello")
    assert not any(word in hello.lower() for word in ("hand", "карт", "kart"))  # no cards in this game


@pytest.mark.parametrize("lang", LANGS)
def test_nw_5_the_role_dm_tells_who_the_role_is_on_the_station(lang):
    """The seed's character notes, once, in the role's DM: a story line for every role, then what it does."""
    state, events = NW.setup(PLAYERS, {}, seed=5)
    table = _table(lang)
    for event in (e for e in events if e.key == "nw.your_role"):
        role = event.params["role"]
        text = PRESENTER.event_text(table, state, event)
        story = i18n.translate(lang, f"nw.role-story.{role}")
        assert text.index(story) < text.index(i18n.translate(lang, f"nw.role-help.{role}"))


def test_czech_speaks_to_one_player_in_the_singular():
    """Formal "vy" to one player: no plural "sami" (the issue's slip), "hrajete jen za sebe"."""
    import re

    for role in ("citizen", "watch", "wells", "garibaldi", "zack", "bester", "franklin"):
        for key in (f"nw.role-story.{role}", f"nw.role-help.{role}", f"nw.role-goal.{role}"):
            assert not re.search(r"\bsami\b", i18n.translate("cs", key)), key
