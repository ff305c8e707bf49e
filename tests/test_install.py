"""``pip install .`` gives a working Nocturne outside the checkout: the ``nocturne`` and ``nocturne-table`` commands,
``python -m engines``, and the data the code reads at run time (locale files, fonts, word lists, card and unit
tables, the migrations) found in the installed copy.

Built offline: the wheel is made with the setuptools of the dev lock (``--no-build-isolation``, so no build backend
is fetched) from a copy of the sources, so nothing is written into the checkout, and installed into a fresh venv
without its dependencies, which it borrows from the running environment's site-packages through a ``.pth`` file
(those come after the venv's own, so the installed copy is what runs). Every command runs from an empty directory."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from engines import ENGINE_NAMES

ROOT = Path(__file__).resolve().parents[1]
#: What the wheel is built from: the packages, data/ and what pyproject.toml names.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "requirements.txt", "bot", "engines", "cogs", "translations", "data")


def run(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=240, check=False
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, Path]:
    """A venv holding Nocturne installed from a wheel of this checkout; its bin/ and an empty working directory."""
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(ROOT / name, src / name)
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "--quiet",
                "--wheel-dir", base / "dist", src, cwd=base)
    assert built.returncode == 0, built.stderr
    (wheel,) = (base / "dist").glob("nocturne-*.whl")
    venv = base / "venv"
    made = run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=base)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=base).stdout.strip()
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "_nocturne_test_deps.pth").write_text("".join(f"{path}\n" for path in sorted(borrowed)))
    done = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "--quiet", wheel,
               cwd=base)
    assert done.returncode == 0, done.stderr
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    return {"bin": venv / "bin", "cwd": elsewhere, "venv": venv}


def env(installed: dict[str, Path], **extra: str) -> dict[str, str]:
    return {"PATH": f"{installed['bin']}:/usr/bin:/bin", "NOCTURNE_NO_DOTENV": "1", **extra}


def test_the_installed_copy_is_what_runs_and_finds_its_data(installed):
    """Every game's engine loads its tables, every board is drawn with the shipped fonts, the locale files speak
    all three languages, and every module comes from the venv, not from the checkout."""
    script = """
import bot, cogs, engines
from pathlib import Path
venv = Path(__import__("sys").prefix).resolve()
for package in (bot, cogs, engines):
    assert venv in Path(package.__file__).resolve().parents, package.__file__
import translations as i18n
from bot import render
from bot.render import RenderContext
from cogs.registry import GAMES
for ui in GAMES:
    engine = ui.engine
    state = engine.setup([f"P{i}" for i in range(1, engine.player_counts[0] + 1)], seed=1).state
    if ui.board is not None:
        for lang in ("en", "ru", "cs"):
            image = ui.board(engine.view(state, None), RenderContext(lang))
            assert image.png.startswith(bytes([0x89]) + b"PNG") and image.description, (ui.name, lang)
assert venv in render.FONTS_DIR.resolve().parents and render.font(18)
print(" ".join(sorted(ui.name for ui in GAMES)))
words = [i18n.translate(lang, "common-nobody") for lang in ("en", "ru", "cs")]
assert venv in i18n.LOCALES_DIR.resolve().parents and len(set(words)) == 3 and "common-nobody" not in words, words
"""
    result = run(installed["bin"] / "python", "-c", script, cwd=installed["cwd"], env=env(installed))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].split() == list(ENGINE_NAMES)


def test_nocturne_table_plays_from_anywhere(installed):
    helped = run(installed["bin"] / "nocturne-table", "--help", cwd=installed["cwd"], env=env(installed))
    assert helped.returncode == 0 and "play" in helped.stdout and "verify" in helped.stdout, helped.stderr
    played = run(installed["bin"] / "nocturne-table", "play", "midnighters", "--players", "3", "--seed", "3", "--auto",
                 cwd=installed["cwd"], env=env(installed))
    assert played.returncode == 0, played.stderr
    assert played.stdout.splitlines()[-1].startswith("Outcome: "), played.stdout[-500:]


def test_python_m_engines_works_outside_the_checkout(installed):
    """The issue's "No module named engines", once installed."""
    played = run(installed["bin"] / "python", "-m", "engines", "play", "lanterns", "--players", "2", "--auto",
                 cwd=installed["cwd"], env=env(installed))
    assert played.returncode == 0, played.stderr
    assert played.stdout.splitlines()[-1].startswith("Outcome: ")


def test_nocturne_starts_the_bot_migrating_its_database_from_the_installed_migrations(installed):
    missing = run(installed["bin"] / "nocturne", cwd=installed["cwd"], env=env(installed))
    assert missing.returncode == 2 and "DISCORD_TOKEN is not set" in missing.stderr, missing.stderr
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing answers there
    started = run(installed["bin"] / "nocturne", cwd=installed["cwd"], env=env(
        installed, DISCORD_TOKEN="t", NOCTURNE_FAKE_DISCORD=f"http://127.0.0.1:{port}"))
    assert started.returncode == 1, started.stderr
    assert "Running upgrade  -> 0001" in started.stderr, started.stderr  # the migrations, shipped beside bot/db.py
    assert started.stderr.strip().splitlines()[-1].startswith("nocturne: cannot reach Discord")
    assert (installed["cwd"] / "nocturne.sqlite3").is_file()
