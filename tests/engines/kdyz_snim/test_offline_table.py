"""The offline table (``python -m engines``): auto play is deterministic, hotseat hides the element from the
dreamer, and ``--save`` + ``replay`` reproduce the same outcome."""

from __future__ import annotations

import io

import pytest

from engines.__main__ import main
from engines.hotseat import CLEAR
from engines.kdyz_snim import ENGINE
from engines.kdyz_snim.words import element
from engines.table import table_word
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
    # P2, P3 and P4 each take the screen (Enter), type a clue and hide it (Enter); then the dreamer P1 takes it
    # and guesses; then the input runs out. Through main(), so the table gets every option its parser defines.
    answers = io.StringIO("\n1\nfurry\n" + "\n\n1\nsoft\n" + "\n\n1\nwet\n" + "\n\n1\ncat\n")
    out = io.StringIO()
    argv = ["play", "kdyz_snim", "--players", "4", "--seed", "1", "--option", 'language="en"']
    assert main(argv, out=out, inp=answers, err=io.StringIO()) == 1  # unfinished: the input ended
    text = out.getvalue()
    state, _ = ENGINE.setup(["P1", "P2", "P3", "P4"], {"language": "en"}, "1")
    word = element(state.round.cards[0].element).word("en")
    before, *handed = text.split(CLEAR)
    assert word not in before
    screens = {}  # who took the screen: (the public board shown to all, what came after it was passed to them)
    for part in handed:
        holder = next(p for p in ("P1", "P2", "P3", "P4") if table_word("en", "table.pass_to", player=p) in part)
        screens[holder] = part.split(table_word("en", "table.pass_to", player=holder), 1)
    assert list(screens)[:4] == ["P2", "P3", "P4", "P1"]
    for giver in ("P2", "P3", "P4"):
        board, private = screens[giver]
        assert word not in board, board
        assert private.lstrip().startswith(table_word("en", "table.seat", player=giver))
        assert private.rstrip().endswith(table_word("en", "table.hide", player=giver).rstrip())  # hidden again
        assert any("🔒" in line and f"Dream card 1: {word}" in line for line in private.splitlines()), private
    board, private = screens["P1"]
    assert "Dream card 1 is in play." in board and "P2 gave the clue “furry”." in board
    assert word not in board + private.split("\n> ")[0]  # nothing of it on the Dreamer's screen up to the guess
