"""The terminal table's hotseat (issue 29, item 6): it speaks like the bot, in any of its languages, and hands the
screen over between players so that nobody reads another's secrets.

Before a player's private view the table asks whoever holds the screen to hide it, clears it (:data:`CLEAR`),
shows the public board and asks for the screen to be passed to that player by name; only then come their private
messages, what they hold and their menu, worded from the bot's catalogues (:mod:`translations`)."""

from __future__ import annotations

import io
import re

import pytest

import translations as i18n
from engines import get_engine
from engines.__main__ import main
from engines.hotseat import CLEAR
from engines.table import table_word

NAMES = {"P1": "Anna", "P2": "Boris", "P3": "Cyril", "P4": "Dana", "P5": "Eva"}


def play(game: str, players: int, stdin: str, *extra: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    names = ",".join(list(NAMES.values())[:players])
    main(["play", game, "--players", str(players), "--seed", "7", "--names", names, *extra], out=out, inp=io.StringIO(stdin), err=err)
    assert err.getvalue() == ""
    return out.getvalue()


def screens(out: str, lang: str = "en") -> list[tuple[str, str]]:
    """The output cut at every clearing of the screen: (whose screen it became, what it showed)."""
    result = []
    for part in out.split(CLEAR)[1:]:
        holder = next((name for name in NAMES.values() if table_word(lang, "table.pass_to", player=name) in part), "")
        result.append((holder, part))
    return result


def night_watch_roles(lang: str) -> dict[str, str]:
    engine = get_engine("night_watch")
    state, _ = engine.setup(list(NAMES), {}, "7")
    return {NAMES[p]: i18n.translate(lang, f"nw.role.{engine.view(state, p)['role']}") for p in NAMES}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_private_view_comes_after_a_cleared_screen_handed_to_its_player(lang: str):
    out = play("night_watch", 5, "\n1\n" + "\n\n1\n" * 2 + "\n\n", "--lang", lang)
    shown = screens(out, lang)
    assert [holder for holder, _ in shown] == ["Anna", "Boris", "Cyril", "Anna"], out
    assert out.split(CLEAR)[0].count("🔒") == 0  # nothing private before the first hand-over
    roles = night_watch_roles(lang)
    for holder, screen in shown:
        private = [line for line in screen.splitlines() if "🔒" in line]
        assert private, (holder, screen)
        for name, role in roles.items():
            told = any(role in line for line in private)
            assert told == (name == holder) or role == roles[holder], (holder, name, role, screen)
        # whoever holds the screen hides it before it is cleared for the next player
        if holder != shown[-1][0] or screen is not shown[-1][1]:
            assert screen.rstrip().endswith(table_word(lang, "table.hide", player=holder).rstrip()), screen[-200:]


#: The table's own English lines as written (data/locales/en/table.ftl; tests/test_i18n.py holds every language to
#: the same messages and variables).
TABLE_LINES = [
    line.split(" = ", 1)[1]
    for line in (i18n.LOCALES_DIR / "en" / "table.ftl").read_text(encoding="utf-8").splitlines()
    if line.startswith("table-")
]


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_the_table_speaks_the_bots_words_in_its_language(lang: str):
    out = play("night_watch", 5, "\n1\n\n\nn\n", "--lang", lang)
    assert i18n.translate(lang, "nw.button.ready") in out  # the menu names actions as the bot's buttons do
    assert i18n.translate(lang, "common.your_move") in out
    for english in TABLE_LINES:  # none of the table's own English lines
        words = re.sub(r"\{ \$\w+ \}|\{\" \"\}", "", english).strip(" -:().“”")
        if len(words) > 12:
            assert words.split(";")[0] not in out, words
    assert "nw.discussion" not in out and "Ready to vote" not in out and "you are" not in out


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_hand_is_shown_only_to_its_holder_and_a_draw_at_once(lang: str):
    """Ghost at Home: each player's hand, in the bot's card names, only on their own screen; the card drawn after
    a play is told to the player who still holds the screen, before they hide it."""
    out = play("ghost_at_home", 2, "\n1\n\n\n1\n\n\n", "--lang", lang)
    engine = get_engine("ghost_at_home")
    shown = screens(out, lang)
    assert [holder for holder, _ in shown][:2] == ["Anna", "Boris"], out
    state, _ = engine.setup(["P1", "P2"], {}, "7")
    for (holder, screen), player in zip(shown, ["P1", "P2"]):
        hand = i18n.render_event(lang, "gh.your_hand", {"cards": engine.view(state, player)["hand"]})
        assert hand in screen
        assert all(hand not in other for who, other in shown if who != holder)
    first = shown[0][1]
    drew = first.split(table_word(lang, "table.hide", player="Anna"))[0]
    assert drew.count("🔒") > first.split("> ")[0].count("🔒"), first  # told after the play, before hiding
    assert "gh.prompt_turn" not in out and "cards=" not in out
    worded = [line for line in out.splitlines() if "🔒" in line or re.match(r"  \d+\. ", line)]
    assert worded and not any("room1" in line for line in worded), worded  # card names, not ids


def test_auto_play_hands_nothing_over():
    out = io.StringIO()
    main(["play", "night_watch", "--players", "5", "--seed", "7", "--auto", "--lang", "ru"], out=out, inp=io.StringIO(""))
    assert CLEAR not in out.getvalue() and "🔒" not in out.getvalue()
    assert "Станция" in out.getvalue()


def test_names_must_fit_the_seats():
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", "night_watch", "--players", "5", "--names", "Anna,Boris"], out=out, inp=io.StringIO(""), err=err)
    assert code == 2 and "--names" in err.getvalue() and "5 different names" in err.getvalue()


def test_a_saved_game_replays_in_any_language_to_the_same_outcome(tmp_path):
    saved = tmp_path / "game.json"
    out = io.StringIO()
    main(["play", "night_watch", "--players", "5", "--seed", "7", "--auto", "--save", str(saved)], out=out, err=io.StringIO())
    replays = {}
    for lang in i18n.LANGUAGES:
        out = io.StringIO()
        assert main(["replay", str(saved), "--lang", lang], out=out) == 0
        replays[lang] = out.getvalue().splitlines()
    assert len({lines[-1] for lines in replays.values()}) == 1  # the outcome line is the same in every language
    assert replays["ru"][0] != replays["en"][0] != replays["cs"][0]
    assert "Ночная Стража" in replays["ru"][0] and "Noční hlídka" in replays["cs"][0]


def test_what_a_player_holds_is_shown_once_and_only_when_they_hold_something():
    """A clue giver reads their dream card once (the card's own message, aliases and all, is not repeated by the
    "you hold" line); in Midnight Hunt's draft a player holds nothing yet, and no "Your hand" line says "nobody"."""
    out = io.StringIO()
    main(["play", "kdyz_snim", "--players", "4", "--seed", "1", "--option", 'language="en"'], out=out, inp=io.StringIO("\n"), err=io.StringIO())
    giver = out.getvalue().split(CLEAR)[-1]
    assert giver.count("🎴") == 1, giver
    out = io.StringIO()
    main(["play", "midnight_hunt", "--players", "2", "--seed", "1"], out=out, inp=io.StringIO("\n"), err=io.StringIO())
    hand = i18n.translate("en", "mh.hand", tokens=[]).split(":")[0]
    assert hand not in out.getvalue(), out.getvalue()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_leaving_is_typed_in_the_tables_language(lang: str):
    """The word a player types to leave is the table's language's, as the menu shows it (the action's id, "leave",
    is taken too); Lanterns with two players ends when one leaves, and the other wins."""
    word, yes = table_word(lang, "table.typed.leave"), table_word(lang, "table.yes")
    out = play("lanterns", 2, f"\n{word}\n{yes}\n", "--lang", lang)
    assert any(line.strip().startswith(table_word(lang, "table.anytime", word=word, label="")[:12]) for line in out.splitlines())
    assert out.rstrip().endswith("winners: P2")
    if lang != "en":
        assert word != "leave"
