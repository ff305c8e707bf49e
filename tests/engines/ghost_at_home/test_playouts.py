"""Random playouts of Ghost at Home (2-4 players): every shared check of engines.playout at every step, the
engine invariants of GH-14 (``check_invariants``) after every step, and the privacy invariants GH-P1..GH-P6."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import Action, Event
from engines.ghost_at_home import GhostState
from tests.engines.ghost_at_home.helpers import GH
from tests.engines.ghost_at_home.privacy import check_privacy
from tests.engines.playout_suite import CHUNKS, playout_count, run_playouts

#: Every event a long enough run of random games must produce (a stalemate needs tuned card data).
EXPECTED_EVENTS = {
    "gh.game_started", "gh.your_hand", "gh.turn_started", "gh.turn_timed_out", "gh.rooms_played",
    "gh.ghost_sent", "gh.ghost_met_cat", "gh.waiting", "gh.cat_answered", "gh.ghost_rests", "gh.floor_wiped",
    "gh.cat_played", "gh.light_on", "gh.space_hole_played", "gh.light_bulb_played", "gh.cat_food_played",
    "gh.elevator_played", "gh.lightning_played", "gh.discarded", "gh.drew", "gh.you_drew", "gh.reshuffled",
    "gh.escape_started", "gh.no_ghost", "gh.escape_stopped", "gh.escaped", "gh.player_left", "gh.game_over",
}  # fmt: skip


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_gh_14_gh_p1_to_p6_random_playouts_2_to_4_players(chunk):
    seen: Counter = Counter()

    def on_step(before: GhostState, action: Action, after: GhostState, events: list[Event]) -> None:
        check_privacy(before, action, after, events)
        seen.update(e.key for e in events)
        seen[f"action:{action.kind}"] += 1

    results = run_playouts(GH, [2, 3, 4], on_step=on_step, host_rate=0.002, chunk=chunk, chunks=CHUNKS)
    reasons = Counter(r.state.outcome.reason for r in results)
    assert reasons["escaped"] > len(results) * 0.8, reasons  # random games mostly end by an escape
    if len(results) >= 200:  # a full run plays every part of the rules
        assert EXPECTED_EVENTS <= seen.keys(), EXPECTED_EVENTS - seen.keys()
        assert {"last_player", "escaped"} <= reasons.keys()


def test_the_long_run_plays_at_least_1000_games_and_the_default_fewer(monkeypatch):
    monkeypatch.delenv("NOCTURNE_PLAYOUTS", raising=False)
    monkeypatch.setenv("NOCTURNE_LONG", "1")
    assert playout_count() >= 1000
    monkeypatch.delenv("NOCTURNE_LONG")
    assert 30 <= playout_count() < 1000
