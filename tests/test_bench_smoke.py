"""The benchmarks at tiny sizes, so their code keeps working as the runtime changes. No timing is asserted:
the figures are the benchmark's to report (bench/RESULTS.md), not the tests' to judge."""

from __future__ import annotations

import gc
import math

import pytest

from bench import common, engines_speed, memory, persist, restart
from bench.report import render
from bot.collector import FULL_EVERY


@pytest.fixture(scope="module")
def corpora():
    return {name: common.play_corpus(name, 1, seed="smoke") for name in common.TYPICAL_SIZES}


async def test_every_benchmark_runs_and_renders(tmp_path, corpora):
    thresholds = gc.get_threshold()
    results = {
        "machine": common.machine(),
        "seconds": 0.0,
        "engines": engines_speed.run(seconds=0.01),
        "persist": await persist.run(tmp_path, corpora, games=10, unloaded_actions=20, seconds=0.2),
        "restart": await restart.run(tmp_path, corpora, games=20),
        "traffic": None,  # the bot subprocess game: covered by the e2e tests' harness, too slow for a smoke test
        "memory": await memory.run(tmp_path, corpora, per_engine=3),
        "storm": await restart.run_storm(tmp_path, corpora, deadlines=30),
        "churn": await memory.run_churn(tmp_path, games=10, small=2, first=5, traced=2, live_games=3, actions=1, boards=False),
    }
    assert {row["engine"] for row in results["engines"]} == set(common.TYPICAL_SIZES)
    # The unloaded run counts actions; the saturated ones are time windows, which a busy machine (pytest -n 8 on
    # two cores) may close before any action finished: an empty window is a result, not an error.
    assert results["persist"]["unloaded"]["n"] > 0 and results["persist"]["saturated"]["n"] >= 0
    assert results["restart"]["games"] == 20 and results["restart"]["timers"] > 0
    assert all(row["bytes_per_game"] > 0 for row in results["memory"])
    storm = results["storm"]
    assert storm["timers"] >= 30 and storm["games_stuck"] == storm["not_done"] == storm["overdue_left"] == 0
    assert 0 < storm["most_in_flight"] <= storm["bound"]
    churn = results["churn"]
    # nothing kept per ended game; the live-game figure is a tracemalloc difference over a few games, which memory
    # freed meanwhile elsewhere in the process (a checkpoint's thread, caches) can turn negative at quick sizes
    assert churn["footprint"]["games"] == 0 and churn["rss_small"] > 0 and math.isfinite(churn["bytes_per_live_game"])
    # both run under the bot's collector policy, and hand what they froze back when done
    assert churn["frozen_at_end"] > 0 and results["persist"]["realistic"]["gc"]["frozen_objects"] > 0
    assert results["persist"]["realistic"]["gc"]["full_every"] == FULL_EVERY
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds  # the collector's own thresholds again
    text = render(results, quick=True)
    assert "## 5. Memory per live game" in text and "cores" in text
    assert "### 3b. Restart storm" in text and "### 5b. Memory that does not grow with history" in text
    # `act` timed in pairs (the second right after the first, its memory warm): measured and shown beside the target
    assert results["persist"]["back_to_back"]["right_after"]["n"] > 0 and "nothing between (memory warm)" in text
    assert results["persist"]["back_to_back"]["other_game"]["n"] > 0 and "the code warm, its state cold" in text
    # game by game: each game's own p50s and their ratio, for games of the mix only
    by_game = results["persist"]["unloaded"]["by_game"]
    assert by_game and set(by_game) <= set(common.TYPICAL_SIZES)
    assert all(g["n"] > 0 and g["ratio"] == g["act_p50_ms"] / g["raw_p50_ms"] for g in by_game.values())
    assert "| game | actions | `act` p50 ms |" in text
    # the code an action runs, counted: the rules, the bot's own bookkeeping and C calls all take part in every one
    code = results["persist"]["footprint"]
    assert code["n"] > 0 and min(code["median"]["rules"], code["median"]["bot"], code["median"]["C"]) > 0
    assert "**The code one `act` runs**" in text
    empty_windows = {
        **results,
        "persist": {
            **results["persist"],
            "saturated": {**common.summary([]), "actions_per_s": 0.0},
            "act_only": {**common.summary([]), "actions_per_s": 0.0},
        },
    }
    assert "## 5. Memory per live game" in render(empty_windows, quick=True)


def test_the_copy_on_read_comparison_replays_every_game_both_ways_and_puts_the_copy_back():
    """RESULTS.md's state-copies table (issue 16) comes from this function, run by hand: it stopped working when
    the copy moved to engines/copying.py (it switched names engines.core no longer had), and nothing ran it."""
    import engines.copying
    import engines.core

    rows = engines_speed.copy_on_read_against_pickle(games=1, rounds=1)
    assert {(row["engine"], row["players"]) for row in rows} == {
        (name, n) for name, sizes in common.TYPICAL_SIZES.items() for n in sizes
    }
    assert all(row["pickle_us"] > 0 and row["copy_on_read_us"] > 0 for row in rows)
    assert engines.core.private_copy is engines.copying.private_copy and engines.core.settle is engines.copying.settle


def test_the_code_count_files_each_function_under_where_its_code_lives():
    """``bench.persist.footprint``'s areas, generated code included (named after its maker)."""
    import json

    from bot.play import deadline_changes
    from bot.writer import _values_maker
    from engines.copying import _class_copier, private_copy
    from engines.ghost_at_home.house import House

    assert persist._area(private_copy.__code__) == "rules"
    assert persist._area(_class_copier(House).__code__) == "rules"  # <copier of House>
    assert persist._area(deadline_changes.__code__) == "bot"
    assert persist._area(_values_maker((("seq", None, None),)).__code__) == "bot"  # <bot.writer values>
    assert persist._area(json.dumps.__code__) == "other Python"
    assert persist._area((None, "dict.copy")) == "C"


def test_an_empty_latency_sample_has_no_figures_instead_of_an_error():
    assert common.summary([])["n"] == 0
    assert common.summary([0.001, 0.003])["n"] == 2


def test_stored_live_games_are_cut_where_the_runtime_would_have_left_them(corpora):
    spec = next(common.live_specs(corpora, 1))
    snapshot_step = spec.cut - spec.cut % 25
    assert snapshot_step in spec.game.snapshots
    assert 0 <= spec.cut < spec.game.length


async def test_the_stats_benchmark_runs_and_renders(tmp_path):
    from bench import stats

    figures = await stats.run(tmp_path, games=60, big=20, reps=2)
    assert figures["games"] == 60 and figures["busiest_games"] > 0
    assert set(figures["ratio"]) == {"show", "top", "history"}
    assert "## 6. Stats on 60 finished games" in "\n".join(stats.render(figures))


async def test_the_boards_benchmark_draws_every_game_with_a_board_and_renders():
    from bench import boards

    figures = await boards.run(per_game=2, workers=1)
    assert set(figures["draw"]) == {ui.name for ui in boards.games_with_boards()} and len(figures["draw"]) >= 3
    assert all(row["now"]["n"] == 2 and row["now"]["kib"] > 0 for row in figures["draw"].values())
    stalls = figures["stalls"]
    assert stalls["on_loop"]["boards"] == stalls["pool"]["boards"] == 2 * len(figures["draw"])
    assert "### 2c. Board images" in "\n".join(boards.render(figures))


async def test_the_click_http_benchmark_times_the_bot_and_the_trivial_bot_click_by_click(tmp_path):
    from bench import click_http

    figures = await click_http.run(tmp_path, games=("ghost_at_home",), clicks=3, pause=0.0)
    row = figures["games"][0]
    assert row["bot"]["n"] == row["trivial"]["n"] >= 3  # interleaved: one trivial click after each game click
    assert "### 2d. Click-to-answer over HTTP" in "\n".join(click_http.render(figures))


def test_the_postgresql_benchmark_interleaves_its_windows_and_checks_the_log_against_the_acts(monkeypatch):
    from bench import scale

    if not scale.reachable():
        pytest.skip("no PostgreSQL server to measure on")
    # boards drawn in a thread of each window's process (inherited by the spawned processes): a board worker process
    # started and importing in each of them would be most of this test's time
    monkeypatch.setenv("BOARD_WORKERS", "0")
    # one round (the order of several is schedule's, below): each of its windows starts its own processes
    figures = scale.run(games=4, seconds=0.2, rounds=1)
    assert [(w["kind"], w["processes"]) for w in figures["windows"]] == [("one", 1), ("two", 2), ("double", 1)]
    assert len(figures["beside"]["ratios"]) == len(figures["split"]["ratios"]) == len(figures["economy"]) == 1
    assert all(p["cpu_s"] > 0 for w in figures["windows"] for p in w["per_process"])
    # nothing lost or doubled: every acknowledged act is one row of the log (this is the bench's check, run small)
    assert figures["acked"] == figures["logged"] > 0 and figures["lost"] == figures["doubled"] == figures["seq_wrong"] == 0
    assert "### 2b. Two processes on PostgreSQL" in "\n".join(scale.render(figures))


def test_the_postgresql_benchmarks_windows_alternate_their_order_from_round_to_round():
    from bench import scale

    # one, two (a shard each), double; then the other way round: a drift of the machine falls on every kind alike
    assert scale.schedule(3) == [
        (1, "one"), (1, "two"), (1, "double"), (2, "double"), (2, "two"), (2, "one"), (3, "one"), (3, "two"), (3, "double"),
    ]


def test_the_churn_runs_in_a_fresh_process_over_every_game_with_boards(tmp_path):
    from bench import memory

    # boards drawn in a thread of the churn's process (BOARD_WORKERS=0): a worker process would double the time
    churn = memory.run_churn_fresh(tmp_path, env={"BOARD_WORKERS": "0"}, games=10, small=2, first=5, traced=2, live_games=2, actions=1)
    assert churn["games"] == 10 and sum(churn["ended"].values()) == 10 and churn["boards"]
    assert churn["footprint"]["games"] == 0 and churn["rss_first"] > 0 and churn["rss_many"] > 0
    assert "### 5b. Memory that does not grow with history" in "\n".join(memory.render_churn(churn))


def test_the_realistic_windows_collector_is_named_as_the_run_had_it():
    """Runs since the collector's policy say so, with the thaw the bot uses; older runs' JSON (``--render``) keeps
    the one freeze they ran under."""
    from bench.report import _collector_text
    from bot.collector import THAW_EVERY_S

    now = _collector_text({"tracked_objects": 125_000, "frozen_objects": 300_000, "full_every": 4})
    assert "`bot.collector`" in now and f"a thaw every {THAW_EVERY_S / 60:g} minutes" in now and "300,000" in now
    assert "a full collection after every 4 of the middle generation" in now
    # a run under the policy before it set the third threshold ran under CPython's own, 10
    assert "after every 10 of" in _collector_text({"tracked_objects": 125_000, "frozen_objects": 300_000})
    before = _collector_text({"tracked_objects": 225_440})
    assert "policy" not in before and "225,440 objects tracked" in before


def test_the_realistic_window_opens_on_the_steady_state_of_its_pace():
    """Issue 27: the realistic window's tables have been playing at their pace for minutes when it opens, so about
    one in four is in the middle of a phase (3-8 clicks 1-3 s apart, then 10-40 s of pause), as at any moment of
    the steady state; the bench once started every table at a random click of a phase, 8 in 9 of them in a phase
    at once, nearly three times the steady load for the window's first seconds."""
    tables = [persist.settled("realistic", gid) for gid in range(2000)]
    in_phase = sum(1 for _chooser, clicks_left, _at in tables if clicks_left) / len(tables)
    assert 0.2 < in_phase < 0.35
    assert all(0 <= at < persist.PHASE_GAP[1] for _chooser, _clicks_left, at in tables)
    # the clicks due in the first two seconds are two seconds' worth of the steady rate: 5.5 clicks a cycle of ~34 s
    due_soon = sum(1 for _chooser, _clicks_left, at in tables if at < 2.0) / len(tables)
    assert 0.2 < due_soon < 0.4
