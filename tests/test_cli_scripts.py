"""``./scripts/run`` and ``./scripts/test`` install from the locks (requirements.lock, requirements-dev.lock), with
every hash required, and only when .venv is new or a requirements file or a lock changed (a stamp in .venv), so an
unchanged checkout starts at once. Run against a copy of the scripts with a stand-in .venv/bin/python that records
pip calls instead of installing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FAKE_PYTHON = """#!/bin/sh
# pip and the bot/pytest are recorded, everything else is the real interpreter
case "$1 $2" in
  "-m pip") echo "pip $*" >> "$(dirname "$0")/../calls"; exit 0 ;;
  "-m bot"|"-m pytest") echo "$2" >> "$(dirname "$0")/../calls"; exit 0 ;;
esac
exec {python} "$@"
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts")
    for name in ("requirements.txt", "requirements-dev.txt", "requirements.lock", "requirements-dev.lock"):
        shutil.copy(ROOT / name, tmp_path / name)
    venv_bin = tmp_path / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    python = venv_bin / "python"
    python.write_text(FAKE_PYTHON.format(python=sys.executable))
    python.chmod(0o755)
    return tmp_path


def script(checkout: Path, name: str) -> list[str]:
    subprocess.run(
        [str(checkout / "scripts" / name)], check=True, cwd=checkout, capture_output=True, text=True, timeout=60,
        env={"PATH": os.environ.get("PATH", "/usr/bin")},
    )
    calls = (checkout / ".venv" / "calls").read_text().splitlines()
    (checkout / ".venv" / "calls").unlink()
    return calls


def pip_calls(calls: list[str]) -> list[str]:
    return [c.split("-r ")[-1] for c in calls if c.startswith("pip ")]


def test_run_installs_the_lock_once_and_again_only_when_the_requirements_change(checkout):
    assert pip_calls(script(checkout, "run")) == ["requirements.lock"]
    assert script(checkout, "run") == ["bot"]  # no pip: started at once
    with open(checkout / "requirements.txt", "a") as f:
        f.write("# a new pin\n")
    assert pip_calls(script(checkout, "run")) == ["requirements.lock"]
    assert script(checkout, "run") == ["bot"]


def test_a_changed_lock_is_installed_again(checkout):
    assert pip_calls(script(checkout, "run")) == ["requirements.lock"]
    with open(checkout / "requirements.lock", "a") as f:
        f.write("# refreshed by scripts/lock\n")
    assert pip_calls(script(checkout, "run")) == ["requirements.lock"]
    assert script(checkout, "run") == ["bot"]


def test_every_install_requires_the_locks_hashes(checkout):
    calls = [c for c in script(checkout, "test") + script(checkout, "run") if c.startswith("pip ")]
    assert calls and all("--require-hashes" in c and "--no-deps" in c for c in calls)


def test_test_installs_the_dev_lock_which_also_serves_run(checkout):
    assert pip_calls(script(checkout, "test")) == ["requirements-dev.lock"]
    assert script(checkout, "test") == ["pytest"]
    assert script(checkout, "run") == ["bot"]  # the dev lock holds every runtime package too
    (checkout / "requirements-dev.txt").write_text((checkout / "requirements-dev.txt").read_text() + "\n")
    assert pip_calls(script(checkout, "test")) == ["requirements-dev.lock"]
    (checkout / "requirements-dev.lock").write_text((checkout / "requirements-dev.lock").read_text() + "\n")
    assert pip_calls(script(checkout, "test")) == ["requirements-dev.lock"]
