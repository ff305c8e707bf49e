"""The terminal table's boards in the table's language (issue 29, item 6): the public board shown when the screen is
handed over and each player's own part of it are worded from the catalogues (:meth:`Engine.board_text`), so a
Russian or Czech table shows no English board words, no ids and no rule ids, and the English table reads as the
bot's boards do (Midnight Hunt's hexes named b1, d4 as on the board image).

The guard reads every board of seeded games played at random (at the deal, mid-game and at the end), the public one
and every seat's: an English word of the catalogues that turns up in a Russian or Czech board and is no word of that
language's catalogues is a leak; in Russian no Latin word may show but the players' names and the hexes' names."""

from __future__ import annotations

import io
import random
import re
from functools import cache

import pytest

import translations as i18n
from engines import ENGINE_NAMES, get_engine
from engines.__main__ import _auto_action, main
from engines.hotseat import CLEAR
from engines.table import Table

NAMES = ["Anna", "Boris", "Cyril", "Dana", "Eva", "Fedor"]

#: Each game with a player count, the lobby options and the steps after which its boards are read.
GAMES = {
    "night_watch": (6, {}, (0, 3, 12, 40)),
    "kdyz_snim": (4, {}, (0, 4, 10, 30)),
    "ghost_at_home": (3, {}, (0, 6, 20, 300)),
    "midnighters": (3, {}, (0, 5, 25, 300)),
    "midnight_hunt": (2, {}, (0, 8, 40, 400)),
    "midnight_hunt_2v2": (4, {}, (0, 10, 60, 400)),
    "lanterns": (2, {}, (0, 2, 5, 20)),
}

#: What must never reach a board: a rule id (MH-5, GH-P1), an id with an underscore or a digit glued to a word
#: (light_cavalry, room1, corridor3), an axial hex ("-1,3"), a Python list or mapping.
JARGON = re.compile(r"\b[A-Z]{2}-P?\d+\b|\b[a-z]+_[a-z_]+\b|\b(?:room|corridor)\d\b|-?\d+,-?\d+\b|\[|\]|\{|\}|\bP\d\b")


def boards(game: str, lang: str, seed: int = 7) -> list[str]:
    """Every board of a seeded random game at the chosen steps: the public one and each seat's."""
    engine = get_engine(game.removesuffix("_2v2"))
    players, options, steps = GAMES[game]
    if game == "kdyz_snim":  # the dream words in the table's language, so that only the board's words are English
        options = {"language": lang}
    seats = [f"P{i}" for i in range(1, players + 1)]
    record = {"engine": engine.name, "players": seats, "options": dict(options), "seed": str(seed), "log": []}
    table = Table(engine, record, io.StringIO(), False, lang, dict(zip(seats, NAMES)), hotseat=True)
    chooser = random.Random(seed)
    texts: list[str] = []
    done = 0
    for step in steps:
        while done < step and engine.outcome(table.state) is None:
            table.act(_auto_action(engine, table.state, chooser))
            done += 1
        texts += [table.board(None), *(table.board(p) for p in seats)]
    return texts


@cache
def catalogue_words(lang: str) -> frozenset[str]:
    """The words of a language's messages as written (placeables and variant keys left out), lower case."""
    words: set[str] = set()
    for path in (i18n.LOCALES_DIR / lang).glob("*.ftl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            text = line.split(" = ", 1)[1] if re.match(r"^[a-z][\w-]* = ", line) else line
            text = re.sub(r"\{[^}]*\}|\*?\[[\w-]+\]", " ", text)
            words.update(w.lower() for w in re.findall(r"[^\W\d_]{3,}", text))
    return frozenset(words)


def english_leaks(text: str, lang: str) -> list[str]:
    """English catalogue words in ``text`` that are no words of ``lang``'s catalogues (names aside)."""
    names = {n.lower() for n in NAMES}
    own = catalogue_words(lang)
    english = catalogue_words("en")
    return sorted(
        {w for w in re.findall(r"[^\W\d_]{3,}", text) if w.lower() in english and w.lower() not in own and w.lower() not in names}
    )


def test_every_game_with_a_describe_words_its_board():
    for name in ENGINE_NAMES:
        engine = get_engine(name)
        state, _ = engine.setup([f"P{i}" for i in range(1, 7)][: min(engine.player_counts)], {}, "1")
        if engine.describe(state, None):
            assert engine.board_text(state, None, lambda key, **params: key) is not None, name


@pytest.mark.parametrize("lang", ["ru", "cs"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_russian_or_czech_board_has_no_english_words_and_no_ids(game: str, lang: str):
    texts = boards(game, lang)
    for text in texts:
        assert not english_leaks(text, lang), (english_leaks(text, lang), text)
        assert not JARGON.search(text), (JARGON.search(text), text)
        if lang == "ru":  # nothing Latin but the names and the hexes (b1, d4)
            latin = [w for w in re.findall(r"[A-Za-z]+\d*", text) if w not in NAMES and not re.fullmatch(r"[a-z]\d+", w)]
            if game == "midnighters":  # the grid's columns, A to D, as the bot names the cells (A1) in every language
                latin = [w for w in latin if w not in "ABCD"]
            assert not latin, (latin, text)
    english = boards(game, "en")
    assert all(a != b for a, b in zip(texts, english) if a.strip()), "the board is still the English one"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_english_board_reads_as_the_bots_words(game: str):
    texts = boards(game, "en")
    for text in texts:
        assert not JARGON.search(text), (JARGON.search(text), text)
        assert "you are" not in text and "tally" not in text and "(empty)" not in text, text
    public = texts[0]
    expected = {
        "night_watch": ["Day 1", "In the game: Anna, Boris"],
        "kdyz_snim": ["Night 1", "Dreamer:", "Points: Anna 0"],
        "ghost_at_home": ["Ghost at Home board, turn", "Floor 1 (lit)", "cards in hand"],
        "midnighters": ["Midnighters board, turn 1 of", "Bridge", "Corridor 1", "5 cards, 0 traps"],
        "midnight_hunt": ["Midnight Hunt board, 1 vs 1, during the draft.", "row 1", "Side A (red) holds b1, c1", "d4"],
        "midnight_hunt_2v2": ["Midnight Hunt board, 2 vs 2", "row 9", "A1 Anna"],
        "lanterns": ["Round 1 of 3", "Anna: 0"],
    }[game]
    for words in expected:
        assert words in public or any(words in t for t in texts), (words, public)


def test_a_player_sees_their_own_part_of_the_board_and_nobody_elses():
    """Each seat's board adds only what that seat may see (the hand, the bag, the role) to the public one."""
    engine = get_engine("midnight_hunt")
    record = {"engine": engine.name, "players": ["P1", "P2"], "options": {}, "seed": "7", "log": []}
    table = Table(engine, record, io.StringIO(), False, "cs", {"P1": "Anna", "P2": "Boris"}, hotseat=True)
    chooser = random.Random(7)
    for _ in range(40):
        table.act(_auto_action(engine, table.state, chooser))
    public = table.board(None).splitlines()
    mine = table.private_board("P1")
    hand = i18n.render_event("cs", "mh.hand", {"tokens": engine.view(table.state, "P1")["hand"]})
    assert hand in mine and all(line not in public for line in mine), mine
    assert hand not in table.board("P2") and hand not in "\n".join(public)


@pytest.mark.parametrize(("game", "players", "head"), [
    ("ghost_at_home", 2, "gh.board.alt.head"),
    ("midnighters", 2, "mn.board.title"),
    ("midnight_hunt", 2, "mh.board.alt-draft"),
])
@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_the_hotseat_shows_the_board_in_its_language_when_the_screen_is_handed_over(game: str, players: int, head: str, lang: str):
    out = io.StringIO()
    names = ",".join(NAMES[:players])
    main(["play", game, "--players", str(players), "--seed", "7", "--names", names, "--lang", lang], out=out, inp=io.StringIO("\n"), err=io.StringIO())
    screen = out.getvalue().split(CLEAR)[1]
    title = re.split(r"\{|\d", i18n.translate(lang, head, turn=1, max_turns=1, deck=1, discard=1, mode="1v1", round=1))[0].strip()
    assert title and title in screen, (title, screen)
    assert not english_leaks(screen.split(i18n.translate(lang, "table.pass_to", player=NAMES[0]).split(NAMES[0])[0])[0], lang), screen
