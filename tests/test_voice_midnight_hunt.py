"""Midnight Hunt as players read it (issue 29): hexes named as the board image labels them, a Seal play told as a
story line in every language, and the game's own first DM.

The names: a letter along the row from the left and the row's number from side A's edge (MH-5 draws side A at the
bottom), so the 1 vs 1 starting locations are b1, c1 (A) and b7, c7 (B), and the Necropolis in the centre is d4
(1 vs 1) or e5 (2 vs 2)."""

from __future__ import annotations

import re

import pytest

import translations as i18n
from engines.midnight_hunt.hexgrid import Grid
from engines.midnight_hunt.hexnames import hex_name, hex_of
from engines.midnight_hunt.rules import DEFAULT_RULES
from tests.voice import slips_in

NAME = "Ольга"


@pytest.mark.parametrize("mode", ["1v1", "2v2"])
def test_every_hex_has_one_short_name_and_back(mode: str):
    board = DEFAULT_RULES.boards[mode]
    radius = board.grid.radius
    names = {h: hex_name(h, radius) for h in Grid(radius).hexes}
    assert len(set(names.values())) == len(names)  # no two hexes share a name
    assert all(re.fullmatch(r"[a-i][1-9]", n) for n in names.values())
    assert all(hex_of(n, radius) == h for h, n in names.items())
    # row 1 is side A's edge (the bottom of the picture), the last row side B's
    assert {n[1:] for h, n in names.items() if h.endswith(f",{radius}")} == {"1"}
    assert {n[1:] for h, n in names.items() if h.endswith(f",{-radius}")} == {str(2 * radius + 1)}
    necropolis = next(loc for loc in board.locations if loc.is_necropolis)
    assert names[necropolis.hex] == ("d4" if mode == "1v1" else "e5")


def test_the_1v1_starting_locations_read_as_on_the_board():
    board = DEFAULT_RULES.boards["1v1"]
    start = {loc.id: hex_name(loc.hex, board.grid.radius) for loc in board.locations if loc.id.startswith("S")}
    assert start == {"SA1": "b1", "SA2": "c1", "SB1": "c7", "SB2": "b7"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_seal_play_is_a_story_line_that_names_no_choice(lang: str):
    """MH-P2: one line for every Seal play, naming the player and no choice; no "***" mask, no "X: …" log form."""
    line = i18n.translate(lang, "mh.seal_played", player=NAME)
    assert NAME in line and "***" not in line and not line.startswith(f"{NAME}:")
    for choice in ("initiative", "recruit", "pass"):
        assert i18n.translate(lang, f"mh.choice.{choice}").lower() not in line.lower()
    for key in ("mh.seal.mine", "mh.step.seal"):
        assert "***" not in i18n.translate(lang, key, choice="x", token="y")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_first_dm_promises_what_the_game_sends(lang: str):
    """Midnight Hunt has no roles: its first DM promises draft picks, tokens and turns, not a role."""
    hello = i18n.translate(lang, "mh.dm_hello")
    role = {"en": "role", "ru": "рол", "cs": "rol"}[lang]
    assert hello.startswith("👋") and role not in hello.lower()
    assert hello != i18n.translate(lang, "common.dm_hello")


def test_russian_says_on_the_hand_as_the_other_games_do():
    """One word for a hand in Russian across the games: «на руке» (Ghost at Home's and Midnighters' guards)."""
    assert slips_in("ru", "midnight_hunt.ftl", {"ru": [(r"\bв руке\b", "one word for the hand: «на руке»")]}) == []
