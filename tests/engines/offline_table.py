"""The offline table check every game shares: ``--auto`` is deterministic, ``--save`` + ``replay`` agree."""

from __future__ import annotations

import io
import json
from pathlib import Path

from engines.__main__ import main


def run_table(argv: list[str]) -> str:
    """Run ``python -m engines ...`` in-process and return what it printed."""
    out = io.StringIO()
    assert main(argv, out=out) == 0
    return out.getvalue()


def auto_game_replays(game: str, players: int, seed: str, tmp_path: Path, *options: str) -> str:
    """Play an ``--auto`` game twice and replay its save; assert all three agree. Returns the outcome line."""
    saved = tmp_path / f"{game}-{players}-{seed}.json"
    extra = [arg for option in options for arg in ("--option", option)]
    args = ["play", game, "--players", str(players), "--seed", seed, "--auto", "--save", str(saved), *extra]
    first, second = run_table(args), run_table(args)
    assert first == second, "the same seed played a different game"
    last = first.strip().splitlines()[-1]
    assert last.startswith("Outcome: ") and "unfinished" not in last, last
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["seed"] == seed and record["log"]
    assert run_table(["replay", str(saved)]).strip().splitlines()[-1] == last
    return last
