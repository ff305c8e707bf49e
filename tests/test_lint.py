"""The code base has no pyflakes-level mistakes (unused imports and variables, undefined names, syntax errors)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_no_errors():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "ruff is in requirements-dev.txt; install the dev requirements"
    result = subprocess.run([ruff, "check", "--select", "F,E9", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
