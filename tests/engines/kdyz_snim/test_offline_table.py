"""The offline table (``python -m engines``): auto play is deterministic, hotseat hides the element from the
dreamer, and ``--save`` + ``replay`` reproduce the same outcome."""

from __future__ import annotations

import argparse
import io

import pytest

from engines.__main__ import play
from engines.kdyz_snim import ENGINE
from engines.kdyz_snim.words import element
from tests.engines.offline_table import auto_game_replays, run_table

run = run_table


def test_auto_play_reaches_the_final_standings_deterministically():
    first = run(["play", "kdyz_snim", "--players", "6", "--seed", "3", "--auto"])
    second = run(["play", "kdyz_snim", "--players", "6", "--seed", "3", "--auto"])
    assert first == second
    last = first.strip().splitlines()[-1]
    assert last.startswith("Outcome: all_dreamt; winners: ")
    assert first.count("Day ") == 6 and "Game over" in first


@pytest.mark.parametrize("players", [4, 10])
def test_auto_play_for_every_table_size_ends_with_the_outcome(players):
    text = run(["play", "kdyz_snim", "--players", str(players), "--seed", "7", "--auto"])
    assert text.strip().splitlines()[-1].startswith("Outcome: ")


def test_save_and_replay_reproduce_the_outcome(tmp_path):
    auto_game_replays("kdyz_snim", 5, "11", tmp_path, "clue_mode=voice")


def test_hotseat_shows_the_element_to_clue_givers_only():
    args = argparse.Namespace(
        game="kdyz_snim", players=4, seed="1", auto=False, reveal=False, save=None, option=['language="en"']
    )
    # P2, P3 and P4 each type a clue, then the dreamer P1 guesses; then the input runs out.
    answers = io.StringIO("1\nfurry\n1\nsoft\n1\nwet\n1\ncat\n")
    out = io.StringIO()
    assert play(args, out, answers) == 1  # unfinished: the input ended
    text = out.getvalue()
    turns = text.split("\n--- ")[1:]
    assert [t.split(",")[0] for t in turns][:4] == ["P2", "P3", "P4", "P1"]
    state, _ = ENGINE.setup(["P1", "P2", "P3", "P4"], {"language": "en"}, "1")
    word = element(state.round.cards[0].element).word("en")
    assert all(f"dream card 1: {word}" in t for t in turns[:3])
    assert word not in turns[3].split("\n> ")[0] and "dream card 1 (hidden from you)" in turns[3]
    assert "clue from P2: furry" in turns[3]
