"""Issue 31: bench/ai.py stays runnable (a smoke of a second or so; the real run is ``python -m bench.ai``)."""

from __future__ import annotations

from bench import ai


def test_wilson_interval_brackets_the_rate():
    low, high = ai.wilson(35, 50)
    assert 0.55 < low < 0.70 < high < 0.82
    assert ai.wilson(0, 0) == (0.0, 1.0)


def test_one_game_each_and_the_results_section(tmp_path):
    cpu: dict[str, list[float]] = {}
    for game in ai.TABLES:
        scores = ai.play(game, ("easy", "random"), 0, cpu)
        assert sorted(scores) in ([0.0, 1.0], [0.5, 0.5])
    assert cpu["easy"]
    row = {"game": "ghost_at_home", "first": "easy", "second": "random", "games": 1, "score": 1.0, "rate": 1.0, "low": 0.2, "high": 1.0}
    text = ai.render({"rows": [row], "cpu": {}, "speed": {}, "self_play": {}})
    results = tmp_path / "RESULTS.md"
    results.write_text("# Nocturne benchmarks\n\nother sections\n", encoding="utf-8")
    ai.write(text, results)
    ai.write(text, results)  # a second run replaces its section, never the rest
    written = results.read_text(encoding="utf-8")
    assert written.count(ai.BEGIN) == 1 and "other sections" in written and "easy vs random" in written
