"""The Midnighters board image (``cogs/midnighters/board.py``): a pure function of the spectator view (MN-9, MN-64).

* random games (2-6 players, timeouts, a host removal now and then, short games that end) draw in every language:
  at least 800 pixels wide, no text below 14 pixels, a PNG well under 1 MB, a description for screen readers
  within Discord's 1024 characters;
* trap secrecy (MN-9, MN-52, MN-P7): two positions that differ only in where a trap lies give the same picture and
  the same words, also once the game is over and the view reveals every trap (MN-61);
* one known position matches ``tests/boards/reference/midnighters.png``. After an intended change of the picture,
  regenerate it with::

      NOCTURNE_UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/boards/test_midnighters_board.py -k reference

  and look at the new file before committing it.
"""

from __future__ import annotations

import copy
import io
import os
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

import bot.render
from bot.render import MAX_DESCRIPTION, MIN_TEXT_PX, MIN_WIDTH, RenderContext
from cogs.midnighters import board
from engines.core import HOST, Action
from engines.midnighters.data import suspense
from tests.boards.rings import ringed_pixels
from tests.engines.midnighters.helpers import MN, Table
from translations import LANGUAGES

REFERENCE = Path(__file__).resolve().parent / "reference" / "midnighters.png"
UPDATE_REFERENCES = os.environ.get("NOCTURNE_UPDATE_REFERENCES") == "1"
#: Mean absolute difference per channel (0-255) tolerated against the reference: room for another FreeType's
#: anti-aliasing, too little for a lost avatar, arrow or trap marker.
TOLERANCE = 0.3
MAX_BYTES = 1_000_000
GAMES = 30
NAMES = {
    "p1": "Ivanova",
    "p2": "Šárka Dvořáková",
    "p3": "Алексей",
    "p4": "Bob",
    "p5": "Bartholomew Longname-Smith",
    "p6": "Zoë",
}


def _ctx(lang: str = "en") -> RenderContext:
    return RenderContext(lang, NAMES)


def _check_description(description: str) -> None:
    assert description.strip()
    assert len(description) <= MAX_DESCRIPTION
    assert "{" not in description and "$" not in description, description  # every Fluent variable was given
    assert "mn-board" not in description and "mn.board" not in description, description  # no missing message


def _check_png(png: bytes) -> Image.Image:
    assert len(png) < MAX_BYTES
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size[0] >= MIN_WIDTH
    return image


def _random_game(game: int) -> list:
    """Sampled states of one random game: random legal actions, a timeout now and then (MN-19, MN-28, MN-62),
    rarely a host removing a player (MN-63); every third game is short (``max_turns``) so that it ends (MN-60)."""
    chooser = random.Random(f"mn-board/{game}")
    players = [f"p{i}" for i in range(1, 2 + game % 5 + 1)]
    options = {"max_turns": 6 + game % 7} if game % 3 == 0 else {}
    state, _ = MN.setup(players, options, seed=f"mn-board-{game}")
    states = [state]
    for _ in range(160):
        if state.outcome is not None:
            break
        prompt = state.prompts[0]
        roll = chooser.random()
        action = None
        if roll < 0.004:
            action = MN.random_action(state, HOST, chooser)
        elif roll > 0.06:
            for player in prompt.players:
                action = MN.random_action(state, player, chooser)
                if action is not None:
                    break
        state, _ = MN.apply(state, action or Action.timeout(prompt.id))
        states.append(state)
    return [states[len(states) // 2], states[-1]]


@pytest.fixture(scope="module")
def sampled() -> list[list]:
    return [_random_game(game) for game in range(GAMES)]


def test_random_positions_draw_in_every_language(sampled, monkeypatch):
    """Two positions of each of 30 random games draw without error, at least 800 px wide and with no text below
    14 px; each is described in all three languages; every sixth game goes through the whole PNG encoding."""
    sizes: list[int] = []

    def recording(original):
        def font(size: int = 18, bold: bool = False):
            sizes.append(size)
            return original(size, bold)

        return font

    monkeypatch.setattr(board, "font", recording(board.font))
    monkeypatch.setattr(bot.render, "font", recording(bot.render.font))
    seen = {"over": 0, "window": 0, "horror": 0, "nightmare": 0, "left": 0, "traps": 0, "six": 0}
    for game, states in enumerate(sampled):
        for k, state in enumerate(states):
            view = MN.view(state, None)
            lang = LANGUAGES[(game + k) % len(LANGUAGES)]
            if k == 1 and game % 6 == 0:
                image = board.render(view, _ctx(lang))
                assert _check_png(image.png).size[0] >= MIN_WIDTH
                _check_description(image.description)
            else:
                assert board.draw_board(view, _ctx(lang)).size[0] >= MIN_WIDTH
            for other in LANGUAGES:
                _check_description(board.describe_board(view, _ctx(other)))
            seen["over"] += view["outcome"] is not None
            seen["window"] += view["phase"] == "window"
            seen["horror"] += view["horror"] is not None
            seen["nightmare"] += bool(view["nightmares"])
            seen["left"] += len(view["active"]) < len(view["seats"])
            seen["traps"] += sum(view["trap_counts"].values()) > 0
            seen["six"] += len(view["seats"]) == 6
    assert sizes and min(sizes) >= MIN_TEXT_PX, min(sizes)
    assert all(seen.values()), seen  # the samples reach every part of the picture


# -- trap secrecy ------------------------------------------------------------------------------------------------


def _trap_table(location: str = "forest") -> Table:
    """p1 has set a Dutch Angle trap on ``location``; p2 stands on the Bridge holding a Midnight Star."""
    t = Table(3, {"p1": [suspense(location), "dutch", "sleepwalk"], "p2": ["star"]}, avatars={"p2": "bridge"})
    t.play("set_trap", suspense=suspense(location), card="dutch")
    return t


def _moved_trap(state, location: str):
    """The same position with the trap on ``location`` instead (its Suspense naming it)."""
    other = copy.deepcopy(state)
    trap = other.traps[0]
    trap.location, trap.suspense = location, suspense(location)
    return other


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mn_p7_mn_9_the_board_never_depends_on_where_a_trap_lies(lang: str):
    """MN-9 / MN-52 / MN-P7: only each owner's number of traps is public; moving a trap changes nothing drawn."""
    t = _trap_table()
    assert t.s.traps and t.s.traps[0].location == "forest"
    view = MN.view(t.s, None)
    picture, words = board.draw_board(view, _ctx(lang)).tobytes(), board.describe_board(view, _ctx(lang))
    for location in ("bridge", "townhall", "restaurant"):
        moved = MN.view(_moved_trap(t.s, location), None)
        assert board.draw_board(moved, _ctx(lang)).tobytes() == picture
        assert board.describe_board(moved, _ctx(lang)) == words
    assert board.describe_board(MN.view(t.s, None), _ctx("en")).count("1 trap") == 1  # the count is public


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mn_p7_mn_61_the_revealed_traps_of_a_finished_game_stay_off_the_board(lang: str):
    """MN-61 reveals every trap in the final view, but the board image still shows only counts (MN-9, MN-P7)."""
    t = _trap_table()
    t.end_turn()
    t.play("star")  # p2 wakes on the Bridge (MN-36)
    assert t.s.outcome is not None and t.s.traps
    moved = _moved_trap(t.s, "square")
    here, there = MN.view(t.s, None), MN.view(moved, None)
    assert here["traps"] != there["traps"]  # the views differ: the reveal names the trap's location
    assert board.render(here, _ctx(lang)) == board.render(there, _ctx(lang))


# -- the reference picture -----------------------------------------------------------------------------------------


def _known_view() -> dict:
    """Four players on the classic board (MN-8): traps set, p4 the Midnight Horror under the Red Nightmare with p2
    immune, p1 owing an action, and p3's Midnight Star on the Restaurant waiting in its reaction window."""
    t = Table(
        4,
        {
            "p1": ["suspense-bridge", "dutch", "sleepwalk", "sleepwalk"],
            "p2": ["suspense-motel", "catcher", "vertigo"],
            "p3": ["sleepwalk", "star", "vertigo"],
            "p4": ["black", "sleepwalk"],
        },
        avatars={"p1": "forest", "p2": "townhall", "p4": "square"},
        seed="reference",
    )
    t.play("set_trap", suspense="suspense-bridge", card="dutch")
    t.end_turn()
    t.play("set_trap", suspense="suspense-motel", card="catcher")
    t.end_turn()
    t.play("sleepwalk", direction="down")  # p3: Corridor 3 -> the Restaurant
    t.act("p3", "star")
    t.s.horror = "p4"
    t.s.effects = {"red": ["p2"]}
    t.s.penalties = {"p1": 1}
    return MN.view(t.s, None)


def test_reference_picture():
    """A known position draws as ``reference/midnighters.png`` (mean pixel difference within the tolerance)."""
    image = board.render(_known_view(), _ctx("en"))
    drawn = _check_png(image.png).convert("RGB")
    if UPDATE_REFERENCES or not REFERENCE.exists():
        REFERENCE.parent.mkdir(parents=True, exist_ok=True)
        REFERENCE.write_bytes(image.png)
        if not UPDATE_REFERENCES:
            pytest.fail(f"no reference picture yet: wrote {REFERENCE}; look at it and commit it")
    reference = Image.open(REFERENCE).convert("RGB")
    assert drawn.size == reference.size
    difference = ImageStat.Stat(ImageChops.difference(drawn, reference)).mean
    assert sum(difference) / len(difference) <= TOLERANCE, difference
    for words in ("Ivanova", "Midnight Horror", "Red", "immune: Šárka Dvořáková", "Midnight Star", "Deck: "):
        assert words in image.description, words


# -- what changed since the previous board (issue 29) --------------------------------------------------------


def test_mn_21_the_board_rings_the_cell_an_avatar_moved_to():
    """MN-21: of a random game's plays, one that moves an avatar (and any that slides or turns a card): the picture
    drawn with the previous board's view rings exactly the cells that changed, at their place on the grid; the
    same picture without a previous board rings nothing."""
    chooser = random.Random("mn-changed")
    state, _ = MN.setup(["p1", "p2", "p3"], {}, seed="mn-changed")
    checked = 0
    for _ in range(120):
        if state.outcome is not None or checked >= 3:
            break
        prompt = state.prompts[0]
        action = next((a for p in prompt.players if (a := MN.random_action(state, p, chooser)) is not None), None)
        before = MN.view(state, None)
        state, _ = MN.apply(state, action or Action.timeout(prompt.id))
        after = MN.view(state, None)
        moved = {p for p, loc in after.get("avatars", {}).items() if before.get("avatars", {}).get(p) != loc}
        cells = board.changed_cells(before, after)
        if not moved or not cells:
            continue
        checked += 1
        assert not ringed_pixels(board.draw_board(after, _ctx()))
        ring = ringed_pixels(board.draw_board(after, RenderContext("en", NAMES, before=before)))
        assert ring
        columns = {"ABCD".index(cell[0]) for cell in cells}
        for x, _ in ring:  # every ringed pixel lies in a changed cell's column
            assert any(board.GRID_X + c * board.CELL - 2 <= x <= board.GRID_X + (c + 1) * board.CELL + 2 for c in columns)
        for c in columns:  # and every changed cell's column has its ring
            assert any(board.GRID_X + c * board.CELL - 2 <= x <= board.GRID_X + (c + 1) * board.CELL + 2 for x, _ in ring)
    assert checked >= 1
