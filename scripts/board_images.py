"""Draw the README's board pictures (``docs/images/<game>.png``) from seeded games, with the games' own renderers.

    .venv/bin/python scripts/board_images.py            # all games with a board
    .venv/bin/python scripts/board_images.py midnighters

Each game with a board (``GameUI.board``, ``cogs/<game>/board.py``, as the bot registers it) is played by random
legal choices from a fixed seed (:func:`engines.playout.random_playout`); of a dozen moments spread over the game's
later half, the busiest board (the largest picture) is drawn, in English, with the players' names and what the last
play changed marked, exactly as the bot posts it. The picture is then reduced to a 96-colour palette so that the
README stays light (a few hundred KB for all of them). The same seed gives the same picture; run it again after a
renderer changes.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PIL import Image

import cogs.registry  # noqa: F401  (registers every game's Discord face)
from bot.games import registered
from bot.render import RenderContext
from engines.core import Action
from engines.playout import random_playout

OUT = ROOT / "docs" / "images"
NAMES = ("Sheridan", "Ivanova", "Delenn", "Garibaldi")
#: The table each picture is drawn at, and the seed of its game.
TABLES = {"ghost_at_home": (3, "readme-2"), "midnighters": (4, "readme-1"), "midnight_hunt": (2, "readme-1")}
COLOURS = 96


def draw(game: str) -> Path:
    ui = next(u for u in registered() if u.name == game)
    count, seed = TABLES.get(game, (min(ui.engine.player_counts), "readme"))
    players = [f"p{i}" for i in range(1, count + 1)]
    names = dict(zip(players, NAMES))
    record = random_playout(ui.engine, players, seed, timeout_rate=0.02, check=False).record
    log = record["log"]
    wanted = {len(log) // 2 + (len(log) // 2) * k // 12 for k in range(12)}
    state, _ = ui.engine.setup(record["players"], record["options"], record["seed"])
    before = ui.engine.view(state, None)
    best: tuple[int, bytes] | None = None
    for step, action in enumerate(log, start=1):
        previous = before
        state, _ = ui.engine.apply(state, Action.from_json(action))
        before = ui.engine.view(state, None)
        if step in wanted:
            image = ui.board(before, RenderContext("en", names, before=previous))
            if best is None or len(image.png) > best[0]:
                best = (len(image.png), image.png)
    assert best is not None, f"{game}: the game was too short to draw"
    small = Image.open(io.BytesIO(best[1])).convert("RGB").quantize(COLOURS, method=Image.Quantize.MEDIANCUT)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{game}.png"
    small.save(path, optimize=True)
    return path


def main(argv: list[str]) -> int:
    games = argv or [u.name for u in registered() if u.board is not None]
    for game in games:
        path = draw(game)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
