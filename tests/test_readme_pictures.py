"""The README shows every board game's board (issue 29, item 7): ``docs/images/<game>.png``, drawn by
``scripts/board_images.py`` with the game's own renderer, each linked from the README, all of them light."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

import cogs.registry  # noqa: F401  (registers every game's Discord face)
from bot.games import registered

ROOT = Path(__file__).resolve().parents[1]
#: The pictures together stay a light download.
MAX_TOTAL_BYTES = 400_000
BOARD_GAMES = [ui.name for ui in registered() if ui.board is not None and ui.playable]


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_the_readme_shows_each_board(game: str):
    picture = ROOT / "docs" / "images" / f"{game}.png"
    assert picture.is_file(), f"no {picture.relative_to(ROOT)}: run .venv/bin/python scripts/board_images.py {game}"
    with Image.open(picture) as image:
        assert image.format == "PNG" and min(image.size) >= 300, image.size
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r'<img src="([^"]+)" alt="([^"]+)"', readme)
    assert (f"docs/images/{game}.png") in {src for src, _ in shown}, f"README.md does not show {game}'s board"
    assert all(alt.strip() for _, alt in shown), "every picture in the README needs alt text"


def test_the_pictures_are_light():
    total = sum(p.stat().st_size for p in (ROOT / "docs" / "images").glob("*.png"))
    assert total <= MAX_TOTAL_BYTES, f"docs/images holds {total // 1024} KiB of pictures"


def test_the_readme_section_quotes_every_game():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## What it looks like") :]
    section = section[: section.index("\n## ", 1)]
    games = [ui for ui in registered() if ui.playable]
    assert section.count("\n**") >= len(games), "a heading per game"
    assert section.count("\n> ") >= 3 * len(games), "a few lines of each game"
    assert "scripts/board_images.py" in section


def test_the_script_draws_every_board_game():
    """``scripts/board_images.py`` has a table size and a seed for every game with a board (a new board game gets
    its picture by running it)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("board_images", ROOT / "scripts" / "board_images.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert set(BOARD_GAMES) <= set(script.TABLES), sorted(set(BOARD_GAMES) - set(script.TABLES))
