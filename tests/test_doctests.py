"""The examples in docstrings are run with the suite (issue 26): one test per module of ``bot``, ``cogs`` and
``engines`` that has any, so an example that no longer holds fails here rather than misleading a reader."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "engines")


def modules_with_examples() -> list[str]:
    found = []
    for package in PACKAGES:
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            path = ROOT / Path(*info.name.split("."))
            source = path / "__init__.py" if info.ispkg else path.with_suffix(".py")
            if source.exists() and ">>> " in source.read_text(encoding="utf-8"):
                found.append(info.name)
    return sorted(found)


MODULES = modules_with_examples()


def test_there_are_examples_to_run():
    assert len(MODULES) >= 5, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_a_modules_docstrings_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} mentions '>>> ' but has no example doctest finds"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed (see the output above)"
