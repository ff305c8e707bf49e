"""The Ghost at Home board image (``cogs/ghost_at_home/board.py``): a pure function of the spectator view.

* random games (2-4 players, timeouts and host removals now and then) render in every language: a PNG at least
  800 pixels wide and of a sensible size, with a description for screen readers within Discord's limit;
* the board shows public information only (GH-6, GH-P1, GH-P2): the same picture and words whatever the hands hold;
* it says what is public: turns, hand sizes, deck and discard sizes, lights, rooms, ghosts, cats, a ghost on its
  way (GH-13) and an escape (GH-30);
* one known position matches ``tests/boards/reference/ghost_at_home.png``. After an intended change of the
  picture, regenerate it with::

      NOCTURNE_UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/boards/test_ghost_at_home_board.py -k reference

  and look at the new file before committing it.
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

import bot.render
from bot.render import MAX_DESCRIPTION, MIN_TEXT_PX, MIN_WIDTH, RenderContext
from cogs.ghost_at_home import board
from engines.core import HOST, Action
from engines.ghost_at_home.cards import CARD_IDS
from tests.boards.rings import ringed_pixels
from tests.engines.ghost_at_home.helpers import GH, Table, house
from translations import LANGUAGES

REFERENCE = Path(__file__).resolve().parent / "reference" / "ghost_at_home.png"
UPDATE_REFERENCES = os.environ.get("NOCTURNE_UPDATE_REFERENCES") == "1"
#: Mean absolute difference per channel (0-255) the reference comparison tolerates: enough for another FreeType's
#: anti-aliasing, too little for a lost figure or light (a ghost and a cat fewer: 0.43; a floor's light: 4.1). A
#: changed number is left to the tests of the words.
TOLERANCE = 0.3
MAX_SIDE = 1200
MAX_BYTES = 1_000_000
GAMES = 30
NAMES = {"p1": "Alice", "p2": "Bartholomew Longname-Smith", "p3": "Čeněk Šťastný", "p4": "Жанна"}


def _ctx(lang: str = "en") -> RenderContext:
    return RenderContext(lang, NAMES)


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


def _check_board(image_bytes: bytes, description: str, players: int) -> None:
    assert len(image_bytes) < MAX_BYTES
    image = _open(image_bytes)
    width, height = image.size
    assert width >= MIN_WIDTH, image.size
    assert width <= MAX_SIDE and height <= MAX_SIDE, (players, image.size)
    _check_description(description)


def _check_description(description: str) -> None:
    assert description.strip()
    assert len(description) <= MAX_DESCRIPTION
    assert "{" not in description and "$" not in description, description  # every Fluent variable was given


def _random_game(game: int) -> list:
    """The states of one random game, first to last: random legal actions, a timeout now and then (GH-34) and
    rarely a host removing a player (GH-35)."""
    chooser = random.Random(f"board/{game}")
    players = [f"p{i}" for i in range(1, 2 + game % 3 + 1)]
    state, _ = GH.setup(players, {}, seed=f"board-{game}")
    states = [state]
    while state.outcome is None and len(states) < 400:
        prompt = state.prompts[0]
        roll = chooser.random()
        if roll < 0.004:
            action = GH.random_action(state, HOST, chooser)
        elif roll < 0.05:
            action = Action.timeout(prompt.id)
        else:
            action = GH.random_action(state, prompt.players[0], chooser)
        if action is None:
            action = Action.timeout(prompt.id)
        state, _ = GH.apply(state, action)
        states.append(state)
    return states


@pytest.fixture(scope="module")
def games() -> list[list]:
    return [_random_game(game) for game in range(GAMES)]


def test_random_positions_render_in_every_language(games):
    """Every sampled position of 30 random games renders: one picture per game (the language, player count and
    moment vary), and the description of several positions per game in all three languages."""
    for game, states in enumerate(games):
        chooser = random.Random(game)
        lang = LANGUAGES[game % len(LANGUAGES)]
        picked = states[-1] if game % 5 == 0 else chooser.choice(states)  # some finished games too
        view = GH.view(picked, None)
        image = board.render(view, _ctx(lang))
        _check_board(image.png, image.description, len(picked.players))
        for state in chooser.sample(states, min(4, len(states))):
            for lang in LANGUAGES:
                _check_description(board.describe_board(GH.view(state, None), _ctx(lang)))


def test_random_games_reach_the_positions_the_board_draws(games):
    """The random positions above include lights, ghosts, cats, a ghost on its way, escapes, removed players and
    finished games, so the rendering test covers every part of the picture."""
    seen = set()
    for states in games:
        for state in states:
            view = GH.view(state, None)
            seen |= {"attack"} if view["attack"] else set()
            seen |= {"escape"} if view["escape"] else set()
            seen |= {"over"} if view["outcome"] else set()
            seen |= {"left"} if len(view["seats"]) < len(view["players"]) else set()
            for home in view["houses"].values():
                seen |= {o for o in home["occupants"] if o} | ({"lit"} if any(home["lit"]) else set())
                seen |= {"joker"} if "joker_room" in home["rooms"] else set()
    assert seen >= {"attack", "escape", "over", "left", "ghost", "cat", "lit", "joker"}, seen


def test_text_is_never_smaller_than_14_px(monkeypatch):
    """Readable on a phone: every font the board asks for is at least 14 pixels high once scaled down."""
    sizes = []
    real_font = bot.render.font

    def recording_font(size: int = 18, bold: bool = False):
        sizes.append(size)
        return real_font(size, bold)

    monkeypatch.setattr(bot.render, "font", recording_font)
    monkeypatch.setattr(board, "font", recording_font)
    for lang in LANGUAGES:
        board.render(GH.view(_reference_table().state, None), _ctx(lang))
    assert sizes and min(sizes) / board.S >= MIN_TEXT_PX, sorted(set(sizes))


def _same_but_hands(hands_p1: list[str], hands_p2: list[str]) -> Table:
    return Table(
        2,
        hands={"p1": hands_p1, "p2": hands_p2},
        houses={"p1": house("*room1+cat room1", "room2 -"), "p2": house("joker_room -")},
        deck=["room1"] * 10,
        discard=["ghost", "room3"],
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_gh_6_gh_p1_the_board_does_not_depend_on_what_the_hands_hold(lang):
    """GH-6 / GH-P1: hands are secret; only their sizes are public. Two tables that differ only in the cards held
    give the same picture and the same words, and no card in a hand is named (specials never lie in a house)."""
    secret = ["lightning", "elevator", "space_hole"]
    a = _same_but_hands(secret, ["cat_food", "light_bulb", "ghost"])
    b = _same_but_hands(["room3", "room3", "room3"], ["room3", "room3", "room3"])
    view_a, view_b = GH.view(a.state, None), GH.view(b.state, None)
    assert "hand" not in view_a and "hands" not in view_a
    image_a, image_b = board.render(view_a, _ctx(lang)), board.render(view_b, _ctx(lang))
    assert image_a.png == image_b.png
    assert image_a.description == image_b.description
    for card in secret + ["cat_food", "light_bulb"]:
        assert RenderContext(lang).t(f"gh.card.{card}").lower() not in image_a.description.lower()
    for card in CARD_IDS:
        if card not in ("ghost", "cat"):  # plain words that name what lies in the houses
            assert card not in image_a.description  # no raw card ids either


def test_gh_6_gh_p2_the_description_states_hand_deck_and_discard_sizes_only():
    """GH-6 / GH-P2: the deck's and discard pile's sizes and each hand's size are public; the pile's faces are
    not listed (a discard action's cards are face down)."""
    t = _same_but_hands(["room3", "room3", "ghost"], ["cat"])
    t.act("p1", "discard", cards=["room3", "ghost"])  # face down (GH-27)
    text = board.describe_board(GH.view(t.state, None), _ctx())
    assert "Deck: 8 cards; discard pile: 4 cards." in text
    assert "Alice (A), 3 cards in hand" in text and "Bartholomew Longname-Smith (B), 1 card in hand" in text
    assert "Floor-3 room" not in text and "Light bulb" not in text  # the pile's faces are not named


def test_gh_5_gh_18_houses_in_words_lights_rooms_ghosts_and_cats():
    """GH-5 / GH-18: every floor is said lit or dark with its rooms, the joker room and what lies on each room."""
    t = Table(
        2,
        hands={"p1": ["room1"], "p2": ["room1"]},
        houses={"p1": house("*room1+cat joker_room", "*room2+ghost room2", "room3 -"), "p2": house()},
    )
    text = board.describe_board(GH.view(t.state, None), _ctx())
    assert (
        "Alice (A), 1 card in hand: floor 1 lit: room with a cat, joker room; floor 2 lit: room with a ghost, room; "
        "floor 3 dark: room." in text
    )
    assert "Bartholomew Longname-Smith (B), 1 card in hand: floor 1 dark: no rooms;" in text
    assert "Alice to play." in text


def test_gh_13_gh_17_a_ghost_on_its_way_and_the_defender_answering():
    """GH-13 / GH-17: while the defender's cat window is open, the board says who sent a ghost at which room
    and that the table waits for the defender (and nothing about their hand)."""
    t = _reference_table()
    view = GH.view(t.state, None)
    assert view["phase"] == "cat_window"
    text = board.describe_board(view, _ctx())
    assert "A ghost from Alice is coming at Bartholomew Longname-Smith: floor 2, left room." in text
    assert "Waiting for Bartholomew Longname-Smith to answer." in text


def test_gh_29_gh_30_an_escape_is_shown():
    """GH-29 / GH-30: a complete house starts an escape; the board says who is escaping and who may answer."""
    t = Table(
        2,
        hands={"p1": ["room3"], "p2": ["ghost"]},
        houses={"p1": house("room1 room1", "room2 room2", "room3 -")},
    )
    t.act("p1", "rooms", cards=["room3"], floors=[3])
    text = board.describe_board(GH.view(t.state, None), _ctx())
    assert "Alice is escaping from the house!" in text
    assert "Waiting for Bartholomew Longname-Smith to answer." in text


def test_gh_32_gh_35_game_over_winner_and_a_player_who_left():
    """GH-32 / GH-35: the winner is named when the game ends; a removed player's house is said to be gone."""
    t = Table(
        3,
        hands={"p1": ["room3"], "p2": [], "p3": ["cat"]},
        houses={"p1": house("room1 room1", "room2 room2", "room3 -")},
    )
    t.host("remove", player="p3")
    t.act("p1", "rooms", cards=["room3"], floors=[3])
    while t.state.outcome is None:
        t.timeout()
    for lang in LANGUAGES:
        image = board.render(GH.view(t.state, None), _ctx(lang))
        _check_board(image.png, image.description, 3)
    text = board.describe_board(GH.view(t.state, None), _ctx())
    assert "Game over: escaped from the haunted house." in text and "Winner: Alice." in text
    assert "Čeněk Šťastný (C) has left the game." in text


LONG_NAMES = {f"p{i}": ("ЖŠW" * 11)[:31] + str(i) for i in range(1, 5)}  # Discord's longest: 32 characters


def test_long_names_keep_the_description_whole():
    """Four 32-character names on busy houses: every house is still described (names shortened if need be)."""
    busy = ("*room1+cat joker_room", "*room2+ghost room2+cat", "*room3 joker_room+ghost")
    t = Table(4, hands={p: ["room1"] * 3 for p in LONG_NAMES}, houses={p: house(*busy) for p in LONG_NAMES})
    for lang in LANGUAGES:
        text = board.describe_board(GH.view(t.state, None), RenderContext(lang, LONG_NAMES))
        _check_description(text)
        assert not text.endswith("…"), (lang, len(text))
        assert all(f"({letter})" in text for letter in "ABCD")


def test_long_names_in_the_busiest_header_keep_the_picture_within_bounds():
    """GH-13 / GH-30: an escape, a ghost sent at it and the escaper's cat window all at once, with four long names:
    the header's status stays short enough that the picture keeps within 1200 x 1200 in every language."""
    t = Table(
        4,
        hands={"p1": ["room3", "cat"], "p2": ["ghost"], "p3": [], "p4": []},
        houses={"p1": house("room1 room1", "room2 room2", "room3 -")},
    )
    t.act("p1", "rooms", cards=["room3"], floors=[3])
    t.act("p2", "ghost", target="p1", floor=3, side="left")
    view = GH.view(t.state, None)
    assert view["escape"] and view["attack"] and view["phase"] == "cat_window"
    for lang in LANGUAGES:
        image = board.render(view, RenderContext(lang, LONG_NAMES))
        _check_board(image.png, image.description, 4)


# -- the reference picture ---------------------------------------------------------------------------------------


def _reference_table() -> Table:
    """A fixed four-player position: lit and dark floors, a cat, a resting ghost, a joker room, and Alice's ghost
    on its way to Bartholomew's floor 2 while his cat window is open."""
    t = Table(
        4,
        hands={"p1": ["ghost", "room3", "cat"], "p2": ["cat", "room2"], "p3": ["room1"], "p4": []},
        houses={
            "p1": house("*room1+cat room1", "*joker_room+ghost room2", "-  -"),
            "p2": house("room1 room1+cat", "room2 -"),
            "p3": house("*room1 -"),
        },
        deck=["room1"] * 6 + ["ghost"] * 4,
        discard=["room3", "cat", "light_bulb"],
        seed="reference",
    )
    t.act("p1", "ghost", target="p2", floor=2, side="left")
    return t


def test_reference_picture_matches(tmp_path):
    """The known position (fixed deal, fixed actions, English) looks like the stored reference picture."""
    image = board.render(GH.view(_reference_table().state, None), _ctx("en"))
    if UPDATE_REFERENCES or not REFERENCE.exists():
        REFERENCE.parent.mkdir(parents=True, exist_ok=True)
        REFERENCE.write_bytes(image.png)
        if not UPDATE_REFERENCES:
            pytest.fail(f"no reference picture yet: wrote {REFERENCE}; look at it, then run the test again")
        return
    actual = _open(image.png).convert("RGB")
    expected = Image.open(REFERENCE).convert("RGB")
    (tmp_path / "ghost_at_home.png").write_bytes(image.png)
    hint = (
        f"the Ghost at Home board (now in {tmp_path / 'ghost_at_home.png'}) differs from"
        " tests/boards/reference/ghost_at_home.png. If the change is intended, regenerate the reference:"
        " NOCTURNE_UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/boards/test_ghost_at_home_board.py -k reference"
        " (and look at the picture before committing it)"
    )
    assert actual.size == expected.size, f"size {actual.size} != {expected.size}: {hint}"
    difference = sum(ImageStat.Stat(ImageChops.difference(actual, expected)).mean) / 3
    assert difference < TOLERANCE, f"mean pixel difference {difference:.2f} >= {TOLERANCE}: {hint}"


# -- what changed since the previous board (issue 29) --------------------------------------------------------


def test_the_board_rings_the_room_the_last_play_explored_and_only_it():
    """GH-5 / GH-6: the previous board had Alice's first floor with one room; this one has two: the new room (floor 1,
    right) is ringed, nothing else in the picture differs from the same board drawn with nothing to compare."""
    before = GH.view(Table(2, houses={"p1": house("room1 -")}).state, None)
    after = GH.view(Table(2, houses={"p1": house("room1 room1")}).state, None)
    plain = _open(board.render(after, _ctx()).png)
    marked = _open(board.render(after, RenderContext("en", NAMES, before=before)).png)
    assert not ringed_pixels(plain)
    ring = ringed_pixels(marked)
    assert ring, "nothing marked"
    # what differs visibly (the palette of 256 colours shifts other pixels by a shade or two)
    box = ImageChops.difference(plain.convert("L"), marked.convert("L")).point(lambda v: 255 if v > 24 else 0).getbbox()
    assert box is not None
    # within Alice's house (the first cell), on its right half, at its bottom floor
    cell_right = board.MARGIN + board.CELL_W
    assert board.MARGIN + board.CELL_W / 2 - 30 < box[0] and box[2] <= cell_right + 4, box
    xs, ys = [x for x, _ in ring], [y for _, y in ring]
    assert min(xs) > board.MARGIN + board.CELL_W / 2 - 30 and max(xs) < cell_right
    assert max(ys) - min(ys) < board.FLOOR_H + 10  # one room's ring, not a house's
    # the same view as before marks nothing
    same = _open(board.render(after, RenderContext("en", NAMES, before=after)).png)
    assert not ringed_pixels(same)


def test_a_light_turned_on_rings_its_floor():
    """GH-18: a floor lit by the last play has its bulb ringed."""
    before = GH.view(Table(2, houses={"p2": house("room1 room1")}).state, None)
    after = GH.view(Table(2, houses={"p2": house("*room1 room1")}).state, None)
    ring = ringed_pixels(_open(board.render(after, RenderContext("en", NAMES, before=before)).png))
    second = board.MARGIN + board.CELL_W + board.GAP  # Bartholomew's house, the second cell
    assert ring and all(second < x < second + board.CELL_W / 2 for x, _ in ring), ring[:5]
