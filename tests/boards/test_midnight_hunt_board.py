"""The Midnight Hunt board image (``cogs/midnight_hunt/board.py``): a pure function of the spectator view.

* random games (1v1 and 2v2, seeded random legal actions, a player away now and then) render in every language,
  sampled in the draft, in play and at the end: a PNG at least 800 pixels wide and well under 1 MB, text never
  below 14 pixels, with a description for screen readers within Discord's limit and fully worded;
* MH-P2: the Seal's different hidden plays from the same position give byte-identical images and descriptions
  (and so do hands of different contents, MH-P1);
* one known position matches ``tests/boards/reference/midnight_hunt.png``. After an intended change of the picture,
  regenerate it with::

      NOCTURNE_UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/boards/test_midnight_hunt_board.py -k reference

  and look at the new file before committing it.
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.render import MAX_DESCRIPTION, MIN_TEXT_PX, MIN_WIDTH, RenderContext
from cogs.midnight_hunt import board, board_geometry, board_words
from engines.core import Action
from engines.midnight_hunt.rules import SEAL
from tests.boards.rings import ringed_pixels
from tests.engines.midnight_hunt.helpers import MH, TEAMS, Table
from translations import LANGUAGES

REFERENCE = Path(__file__).resolve().parent / "reference" / "midnight_hunt.png"
UPDATE_REFERENCES = os.environ.get("NOCTURNE_UPDATE_REFERENCES") == "1"
#: Mean absolute difference per channel (0-255) the reference comparison tolerates (font rasteriser versions).
TOLERANCE = 1.5
MAX_BYTES = 1_000_000
NAMES = {"p1": "Alice", "p2": "Bartholomew Longname-Smith 🎲", "p3": "Čeněk Šťastný", "p4": "Жанна"}
LEAVE_AT = 39
#: (players, seed, steps at which the state is drawn; None: the last state)
GAMES = [
    (2, "one", (0, 40, None)),
    (4, "two", (11, 90, None)),
    (2, "three", (5, 60, None)),
    (4, "four", (0, 30, None)),
]


def _ctx(lang: str = "en") -> RenderContext:
    return RenderContext(lang, NAMES)


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


def _check(image_bytes: bytes, description: str) -> None:
    assert len(image_bytes) < MAX_BYTES
    assert _open(image_bytes).width >= MIN_WIDTH
    assert description.strip()
    assert len(description) <= MAX_DESCRIPTION
    assert "{" not in description and "$" not in description, description  # every Fluent variable was given
    assert "mh.board" not in description and "mh-board" not in description, description  # every message exists


def _random_states(players: int, seed: str, samples: tuple) -> list:
    """States of one seeded random game at the sampled steps: random legal actions (biased to end the game), one
    player leaving for a while (MH-55), and the clock on in odd games (MH-57)."""
    chooser = random.Random(f"board/{seed}")
    ids = [f"p{i}" for i in range(1, players + 1)]
    options = {"clock_minutes": 20, "increment_seconds": 5} if len(seed) % 2 else {}
    state, _ = MH.setup(ids, options, seed=f"board-{seed}")
    wanted = {s for s in samples if s is not None}
    kept = []
    step = 0
    while state.outcome is None and step < 600:
        if step in wanted:
            kept.append(state)
        prompt = state.prompts[0]
        player = prompt.players[0]
        if step == LEAVE_AT:  # the player to act leaves: the game waits for them (drawn at step 40 of "one")
            action = Action(player, prompt.id, "leave")
        else:
            action = MH.random_action(state, player, chooser)
            if action.kind in ("leave", "surrender") and step < 500:
                action = chooser.choice([a for a in MH.legal_actions(state, player) if a.kind not in ("leave", "surrender")] or [action])
        if action.kind in ("pick", "deploy", "move", "bolster", "attack", "control", "tactic", "seal", "forfeit"):
            action = Action(action.player, action.prompt, action.kind, {**action.args, "elapsed": chooser.randrange(0, 30)})
        state, _ = MH.apply(state, action)
        step += 1
    if None in samples:
        kept.append(state)
    return kept


@pytest.mark.parametrize(("players", "seed", "samples"), GAMES, ids=[g[1] for g in GAMES])
def test_random_positions_render_in_every_language(players, seed, samples):
    states = _random_states(players, seed, samples)
    assert len(states) >= 2  # a sample after the game's end is skipped
    for i, state in enumerate(states):
        lang = LANGUAGES[(i + len(seed)) % len(LANGUAGES)]
        image = board.render(MH.view(state, None), _ctx(lang))
        _check(image.png, image.description)


def test_no_text_is_smaller_than_the_minimum(monkeypatch):
    sizes = []
    real = board.font

    def recording(size: int = 18, bold: bool = False):
        sizes.append(size)
        return real(size, bold)

    monkeypatch.setattr(board, "font", recording)
    board.render(MH.view(_known_position().state, None), _ctx("ru"))
    assert sizes and min(sizes) >= MIN_TEXT_PX * board_geometry.SCALE


# -- MH-P2: the Seal's hidden plays look the same ------------------------------------------------------------------


def _seal_alternatives(t: Table, player: str) -> list:
    """Every Seal play ``player`` has now, applied to the same state."""
    plays = [(kind, args) for kind, args in t.legal(player) if kind == "seal"]
    return [MH.apply(t.state, Action(player, t.prompt.id, kind, args))[0] for kind, args in plays]


def _assert_identical_pictures(states: list, lang: str) -> None:
    images = {(i.png, i.description) for i in (board.render(MH.view(s, None), _ctx(lang)) for s in states)}
    assert len(images) == 1, f"{lang}: the Seal's hidden play shows on the board"


def test_mh_p2_the_seals_plays_render_to_the_same_bytes_1v1():
    t = Table(["p1", "p2"], first="B", drafts={"p1": ["archer", "crossbowman", "uhlan", "cavalry"],
                                               "p2": ["light_cavalry", "spearman", "knight", "swordsman"]})
    t.hand("p2", "knight")
    t.hand("p1", SEAL, "archer")
    t.play("deploy", unit="knight", hex="2,-3")  # p2; now p1, without the initiative: every Seal play is legal
    states = _seal_alternatives(t, "p1")
    assert len(states) == 6  # take initiative, recruit one of 4 types, pass
    assert len({(s.seats["p1"].pending.choice, s.seats["p1"].pending.unit) for s in states}) == 6
    assert all(s.outcome is None and s.round == t.state.round for s in states)  # the round goes on: still hidden
    _assert_identical_pictures(states[:2] + states[-2:], "en")  # initiative, two different recruits, pass


def test_mh_p2_the_seals_plays_render_to_the_same_bytes_2v2():
    t = Table(TEAMS, first="B")
    t.hand("b1", "knight")
    t.hand("a1", SEAL, "archer")
    t.play("deploy", unit="knight", hex="0,-4")  # b1; now a1, whose team does not lead
    states = _seal_alternatives(t, "a1")
    by_choice = {s.seats["a1"].pending.choice: s for s in states}  # one of each: initiative, a recruit, pass
    assert set(by_choice) == {"initiative", "recruit", "pass"}
    _assert_identical_pictures(list(by_choice.values()), "ru")


def test_mh_p1_different_hands_render_the_same():
    """The image shows hand sizes, never contents: two hands of the same size draw the same picture."""
    one, two = Table(), Table()
    one.hand("a", SEAL, "archer", "uhlan")
    two.hand("a", "crossbowman", "cavalry", "cavalry")
    assert MH.view(one.state, None) == MH.view(two.state, None)
    assert board.render(MH.view(one.state, None), _ctx()) == board.render(MH.view(two.state, None), _ctx())


# -- a known position ------------------------------------------------------------------------------------------------


def _known_position() -> Table:
    """Round 1 of a 1v1 with the clock: stacks of 1 to 4, a unit on an enemy location, control changed in the
    centre, the Night Shooter (Darkness) and a Seal face down in A's discard."""
    t = Table(
        ["p1", "p2"],
        first="B",
        clock_minutes=15,
        factions={"p1": "hunters", "p2": "darkness"},
        drafts={
            "p1": ["archer", "knight", "uhlan", "cavalry"],
            "p2": ["light_cavalry", "spearman", "crossbowman", "necromancer"],
        },
    )
    t.hand("p2", "light_cavalry")
    t.hand("p1", SEAL, "uhlan")
    t.place("p1", "cavalry", "0,0", 3)
    t.place("p1", "archer", "-2,3", 1)
    t.place("p1", "knight", "2,0", 4)
    t.place("p2", "crossbowman", "1,-1", 2)
    t.place("p2", "necromancer", "-1,-2", 1)
    t.place("p2", "spearman", "3,-2", 2)
    t.own("CW", "A")
    t.own("N", "B")
    t.own("FB2", "B")
    t.play("deploy", unit="light_cavalry", hex="1,-3", elapsed=75)
    t.play("seal", choice="pass", elapsed=12)
    return t


def test_known_position_matches_the_reference():
    image = board.render(MH.view(_known_position().state, None), _ctx("en"))
    _check(image.png, image.description)
    assert "Night Shooter, stack 2" in image.description and "Clock: 13:45" in image.description
    if UPDATE_REFERENCES or not REFERENCE.exists():
        REFERENCE.parent.mkdir(parents=True, exist_ok=True)
        REFERENCE.write_bytes(image.png)
        if not UPDATE_REFERENCES:
            pytest.fail(f"no reference image yet: wrote {REFERENCE}; look at it and commit it")
        return
    got = _open(image.png).convert("RGB")
    want = _open(REFERENCE.read_bytes()).convert("RGB")
    assert got.size == want.size, (got.size, want.size)
    diff = ImageStat.Stat(ImageChops.difference(got, want)).mean
    assert sum(diff) / len(diff) <= TOLERANCE, f"the board differs from {REFERENCE.name} by {diff}"


def test_clock_text():
    assert board_words.clock_text(0) == "0:00"
    assert board_words.clock_text(605) == "10:05"
    assert board_words.clock_text(3725) == "1:02:05"
    assert board_words.clock_text(-3) == "0:00"


# -- what changed since the previous board (issue 29) --------------------------------------------------------


def test_mh_22_the_board_rings_the_hexes_the_last_play_changed():
    """MH-22 / MH-27: plays of a random game that deploy, move or attack: drawn with the previous board's view, the
    picture rings the hexes that changed, there and nowhere else; without a previous board it rings nothing."""
    import math

    from engines.midnight_hunt.hexgrid import parse_hex

    chooser = random.Random("mh-changed")
    state, _ = MH.setup(["p1", "p2"], {}, seed="mh-changed")
    checked = 0
    for _ in range(300):
        if state.outcome is not None or checked >= 3:
            break
        prompt = state.prompts[0]
        action = MH.random_action(state, prompt.players[0], chooser)
        if action.kind in ("leave", "surrender"):
            continue
        before = MH.view(state, None)
        state, _ = MH.apply(state, action)
        after = MH.view(state, None)
        hexes = board.changed_hexes(before, after)
        if not hexes or after["phase"] == "draft":
            continue
        checked += 1
        assert not ringed_pixels(_open(board.render(after, _ctx()).png))
        ring = ringed_pixels(_open(board.render(after, RenderContext("en", NAMES, before=before)).png))
        assert ring, action
        radius = board_geometry.board_radius(after)
        size = min(board_geometry.MAX_HEX, math.floor((board_geometry.WIDTH - 2 * board_geometry.MARGIN) / ((2 * radius + 1) * math.sqrt(3))))
        top = board_geometry.MARGIN + board_geometry.HEADER_H + board_geometry.panel_height(board_geometry.table_rows(after)) + board_geometry.GAP
        centres = [board_geometry.hex_centre(*parse_hex(h), top, radius, size) for h in hexes]
        for x, y in ring:  # every ringed pixel is on a changed hex
            assert any(math.dist((x, y), c) <= size + 2 for c in centres), ((x, y), hexes)
        for c in centres:  # and every changed hex is ringed
            assert any(math.dist((x, y), c) <= size + 2 for x, y in ring), (c, hexes)
    assert checked >= 2


# -- the alt text as the game grows, and the sides' colours (issue 29, item 5) ---------------------------------

LONG_NAMES = {p: f"Bartholomew Alexander Longname-{i}" for i, p in enumerate(TEAMS)}  # 32 characters each
PILES = {"en": ("Supply:", "Discard:", "Dead:"), "ru": ("Запас:", "Сброс:", "Павшие:"), "cs": ("Zásoba:", "Odhoz:", "Padlé:")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_2v2_alt_text_summarises_every_seat_as_the_game_grows(lang):
    """MH-49: a whole 2v2 game with 32-character names: at every state the board's alt text fits Discord's 1,024
    characters, and still says, for each of the four seats, its supply, its discard and its dead (their counts when
    the lists do not fit), never dropping a column of the seat panels; it is never cut mid-fact."""
    chooser = random.Random(f"alt/{lang}")
    state, _ = MH.setup(list(TEAMS), {"mode": "2v2"}, seed=f"alt-{lang}")
    ctx = RenderContext(lang, LONG_NAMES)
    summarised = 0
    for _ in range(400):
        if state.outcome is not None:
            break
        prompt = state.prompts[0]
        action = MH.random_action(state, prompt.players[0], chooser)
        if action.kind in ("leave", "surrender"):
            action = chooser.choice([a for a in MH.legal_actions(state, prompt.players[0]) if a.kind not in ("leave", "surrender")] or [action])
        state, _ = MH.apply(state, action)
        view = MH.view(state, None)
        if view["phase"] == "draft":
            continue
        text = board_words.describe_board(board_words.BoardWords(view, ctx))
        assert len(text) <= MAX_DESCRIPTION and not text.endswith("…"), len(text)
        for pile in PILES[lang]:
            assert text.count(pile) == 4, (pile, text)
        full = "\n".join(board_words.description_lines(board_words.BoardWords(view, ctx), 2))
        summarised += len(full) > MAX_DESCRIPTION
    assert summarised, "the game never grew past the limit: the test shows nothing"


def test_mh_10_the_sides_stay_apart_for_colour_blind_players():
    """MH-10: side A (red), side B (purple) and a neutral location (yellow) stay far apart for normal vision and
    under a simulated deuteranopia and protanopia (ΔE >= 40, CIE76), so red and yellow never both turn olive; the
    2v2 Necropolis's grey (with its ✝) stays apart from all three (ΔE >= 30)."""
    from tests.boards.cvd import closest

    sides = {"A": board_geometry.SIDE_COLOURS["A"], "B": board_geometry.SIDE_COLOURS["B"], "neutral": board_geometry.NEUTRAL}
    worst = closest(sides, ("deuteranopia", "protanopia"))
    assert worst[0] >= 40, worst
    worst = closest({**sides, "necropolis": board_geometry.NECROPOLIS}, ("deuteranopia", "protanopia"))
    assert worst[0] >= 30, worst
