"""The locks (made by ``./scripts/lock`` from the direct pins in requirements*.txt) name every dependency, direct and
indirect, at one version with its hashes, and nothing else: what ``scripts/run`` and ``scripts/test`` install with
``--require-hashes`` is exactly the project's dependency tree. Checked against the metadata of the packages in .venv,
which ``scripts/test`` installs from the dev lock."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
#: (direct pins, their lock)
LOCKS = (("requirements.txt", "requirements.lock"), ("requirements-dev.txt", "requirements-dev.lock"))


def direct(name: str) -> dict[str, Requirement]:
    """The pins of a requirements*.txt file, following its ``-r`` includes, by canonical name."""
    found: dict[str, Requirement] = {}
    for line in (ROOT / name).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("-r "):
            found.update(direct(line[3:].strip()))
        elif line:
            requirement = Requirement(line)
            found[canonicalize_name(requirement.name)] = requirement
    return found


def locked(name: str) -> dict[str, tuple[str, frozenset[str]]]:
    """A lock's packages: canonical name -> (version, its sha256 hashes)."""
    entries: dict[str, tuple[str, frozenset[str]]] = {}
    text = (ROOT / name).read_text()
    for block in re.split(r"\n(?=\S)", text):
        head = block.split("\\", 1)[0].strip()
        if not head or head.startswith("#"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==(\S+)", head)
        assert match, f"{name}: {head!r} is not pinned with =="
        entries[canonicalize_name(match[1])] = (match[2], frozenset(re.findall(r"--hash=sha256:([0-9a-f]{64})", block)))
    return entries


@pytest.mark.parametrize(("pins", "lock"), LOCKS)
def test_every_locked_package_has_one_version_and_its_hashes(pins, lock):
    entries = locked(lock)
    assert entries
    assert not [name for name, (_, hashes) in entries.items() if not hashes]


@pytest.mark.parametrize(("pins", "lock"), LOCKS)
def test_the_lock_holds_every_direct_pin_at_its_version(pins, lock):
    entries = locked(lock)
    for name, requirement in direct(pins).items():
        assert name in entries, f"{pins} pins {name}, which {lock} lacks: run ./scripts/lock"
        assert requirement.specifier.contains(entries[name][0]), f"{lock} has {name} {entries[name][0]}, {pins} wants {requirement.specifier}: run ./scripts/lock"


def test_the_runtime_lock_installs_what_the_dev_lock_does():
    runtime, dev = locked("requirements.lock"), locked("requirements-dev.lock")
    assert runtime.keys() <= dev.keys()
    assert {name: runtime[name] for name in runtime} == {name: dev[name] for name in runtime}


@pytest.mark.parametrize(("pins", "lock"), LOCKS)
def test_the_lock_is_exactly_the_dependency_tree_of_the_direct_pins(pins, lock):
    """Every package a locked one requires (for this Python, with the extras asked for) is locked, and every locked
    package is required by something: nothing floats, nothing is left over."""
    entries = locked(lock)
    tree: set[str] = set()
    todo = [(name, frozenset(r.extras)) for name, r in direct(pins).items()]
    while todo:
        name, extras = todo.pop()
        if name in tree and not extras:
            continue
        tree.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            pytest.skip(f"{name} is not installed in this environment (scripts/test installs the dev lock)")
        if name in entries:
            assert Version(dist.version) == Version(entries[name][0]), f".venv has {name} {dist.version}, {lock} {entries[name][0]}"
        for text in dist.requires or []:
            requirement = Requirement(text)
            wanted = requirement.marker is None or any(
                requirement.marker.evaluate({"extra": extra}) for extra in (extras or {""})
            )
            if wanted:
                todo.append((canonicalize_name(requirement.name), frozenset(requirement.extras)))
    assert sorted(tree - entries.keys()) == [], f"{lock} lacks dependencies: run ./scripts/lock"
    assert sorted(entries.keys() - tree) == [], f"{lock} holds packages nothing requires: run ./scripts/lock"
