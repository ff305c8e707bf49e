"""Random playouts of Midnighters (2-6 players) with the privacy invariants MN-P1 .. MN-P9 checked at every step.

Covers MN-4 (replays are exact), MN-28 / MN-P8 (a window opens after every play, whatever the hands hold) and,
in aggregate, every ending of MN-59 / MN-60.
"""

from __future__ import annotations

import io
from typing import Any

import pytest

from engines.core import Action, Event
from engines.midnighters import ENGINE as MN
from engines.midnighters import MidnightersState
from engines.midnighters.data import ALL_CARDS
from engines.playout import random_playout
from tests.engines.playout_suite import CHUNKS, playout_count, run_playouts
from tests.engines.offline_table import auto_game_replays

CARD_IDS = set(ALL_CARDS) | {"trap"}
#: Public events allowed to name a card, and the parameters that may (MN-P1: face-up plays, answers, sprung
#: traps, nightmares when drawn; the end reveals everything, MN-61).
CARD_PARAMS = {
    "mn.played": {"card", "play"},
    "mn.reacted": {"card", "play"},
    "mn.cancelled": {"card"},
    "mn.intercepted": {"card"},
    "mn.fizzled": {"card"},
    "mn.trap_sprung": {"card"},
    "mn.nightmare_drawn": {"colour"},
    "mn.neutralised": {"colours"},  # active nightmares are public (MN-64)
}
#: Spectator view keys that may name cards: the face-up stack and the active nightmares' colours.
VIEW_CARD_KEYS = {"stack", "nightmares"}
PRIVATE_VIEW_KEYS = {
    "hand",
    "my_traps",
    "my_marks",
    "controlled_hands",
    "discard_pile",
    "target_hand",
    "discard",
    "hands",
    "traps",
}


def _cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} & CARD_IDS
    if isinstance(value, dict):
        return set().union(*(_cards_in(k) | _cards_in(v) for k, v in value.items())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    return set()


def check_privacy(before: MidnightersState, action: Action, after: MidnightersState, events: list[Event]) -> None:
    over = after.outcome is not None
    for event in events:
        if not event.audience.is_public:
            # MN-P2 .. MN-P7: private messages go to one or two players, never to a crowd
            assert 1 <= len(event.audience.players) <= 2, event
            continue
        if event.key == "mn.game_over":
            assert over
            continue
        allowed = CARD_PARAMS.get(event.key, set())
        for name, value in event.params.items():  # MN-P1 / MN-P6 / MN-P9: hands, draws, discards only as counts
            if name not in allowed:
                assert not _cards_in(value), event
        if event.key == "mn.trap_set":  # MN-P7: a setting shows only its owner
            assert set(event.params) == {"player"}, event
    if not over:
        spectator = MN.view(after, None)
        assert not PRIVATE_VIEW_KEYS & spectator.keys()
        for key, value in spectator.items():
            if key not in VIEW_CARD_KEYS:
                assert not _cards_in(value), (key, value)
        assert all("location" not in p or p["play"] != "set_trap" for p in spectator["stack"])
    # MN-27 / MN-P8: every play opens a window for every other player, whatever their hands hold
    opened = [e for e in events if e.key in ("mn.played", "mn.trap_set", "mn.reacted")]
    if opened and not over and after.stack and after.phase == "window":
        top = after.stack[-1]
        eligible = [p for p in after.active if p != top.player and not (after.controller and p == after.current)]
        assert after.prompts[0].kind == "reaction"
        assert list(after.prompts[0].players) == eligible


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mn_p1_to_p9_random_playouts_2_to_6_players(chunk):
    """MN-P1, MN-P2, MN-P3, MN-P4, MN-P5, MN-P6, MN-P7, MN-P8, MN-P9, MN-4, MN-28: 1,000 checked random games
    over 2-6 players (short dreams: max_turns 8) with the privacy hook on every step."""
    results = run_playouts(
        MN,
        [2, 3, 4, 5, 6],
        on_step=check_privacy,
        options={"max_turns": 8},
        host_rate=0.002,
        chunk=chunk,
        chunks=CHUNKS,
    )
    assert len(results) == len(range(chunk, playout_count(), CHUNKS))
    reasons = {r.state.outcome.reason for r in results}
    assert "nobody_woke" in reasons


def test_mn_59_mn_60_full_length_random_games_reach_every_ending():
    """MN-59 (a) and (b), MN-60: full-length random games end by waking, by dead sleep and collectively."""
    reasons = set()
    for i in range(30):
        players = [f"p{j}" for j in range(1, 2 + i % 5 + 1)]
        reasons.add(random_playout(MN, players, seed=f"long{i}", check=False).state.outcome.reason)
    assert {"woke", "dead_sleep", "nobody_woke"} <= reasons, reasons


@pytest.mark.parametrize("players", [2, 4, 6])
def test_offline_table_auto_games_finish_deterministically_and_replay(tmp_path, players):
    """The offline table: ``--auto`` plays to an ending, the same for a seed; ``--save`` + ``replay`` agree."""
    auto_game_replays("midnighters", players, "11", tmp_path)


def test_offline_table_hotseat_draws_the_grid_and_asks_the_prompted_player():
    """Hotseat: the grid is drawn as text (cards with arrows, players, trap counts), then the screen is passed to
    the prompted player, who sees their hand and is asked."""
    from engines.hotseat import CLEAR, ask
    from engines.table import Table, plain, table_word
    from translations import render_event

    record = {
        "engine": "midnighters",
        "players": ["A", "B", "C", "D"],
        "options": {"layout": "classic"},
        "seed": "11",
        "log": [],
    }
    out = io.StringIO()
    table = Table(MN, record, out, reveal=False, hotseat=True)
    current = table.state.current
    hand = plain(render_event("en", "mn.your_hand", {"cards": MN.view(table.state, current)["hand"]}))
    # Enter: the current player takes the screen handed to them; "x" is no choice; 1 is the first action.
    action = ask(MN, table, out, io.StringIO("\nx\n1\n"))
    assert action.kind == "end" and action.player == current
    board, private = out.getvalue().split(CLEAR, 1)[1].split(table_word("en", "table.pass_to", player=current), 1)
    assert "Bridge" in board and "Town Hall" in board and "↑ ↓" in board and "traps" in board
    assert private.lstrip().startswith(table_word("en", "table.seat", player=current))
    assert hand.startswith("Your hand:") and hand not in board
    assert any("🔒" in line and hand in line for line in private.splitlines()), private
    assert private.split("\n> ", 1)[1].startswith(table_word("en", "table.pick"))  # "x" answered: pick a number
