"""Every test sees the games registered as the bot registers them (``cogs.game`` imports the registry).

Scheduling for ``pytest -n`` (``scripts/test``): the tests of a module that defines a module- or session-scoped
fixture (an end-to-end game played once, then read by each test) all go to one worker, so the game is played
once rather than again by every worker that receives one of its tests (xdist's own ``--dist loadgroup`` no longer
groups anything under pytest 9, whose node ids it can no longer suffix); every other test is handed out on its
own. The end-to-end and reliability tests, which mostly wait on Discord's pace, are handed out first so that they
overlap the CPU-bound tests instead of trailing after them.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import pytest

import cogs.registry  # noqa: F401
from bot import boards
from bot.presenter import StateMemo
from tests.board_words import BOARD_WORDS
from tests.e2e.harness import BotProcess
from tests.fakediscord import PACE_ENV

#: In the test process boards are drawn in a thread (a test's renderer may be a function local to the test, which a
#: worker process could not import), and as their words only (:mod:`tests.board_words`: the real file name and alt
#: text, one pixel): the tests that play games here read what players are told, and drawing every board's pixels
#: was about a tenth of the suite's CPU. Tests about pictures use the real renderers (tests/boards, the board
#: workers' tests, the benches); the bots the end-to-end tests start draw every board in worker processes, as in
#: production.
boards.install(boards.Boards(0, BOARD_WORDS))
#: Views are shared by everyone who reads the same state (issue 27): in tests, a view handed out again is checked
#: against a fresh one, so a presenter, control or board that changes what it was given fails the test it runs in.
StateMemo.CHECK = True


@pytest.fixture
def registry_boards():
    """For a test that draws with the registered renderers (the games' real boards, or one it patches into the
    registry) instead of :mod:`tests.board_words`."""
    pool = boards.Boards(0)
    previous = boards.install(pool)
    yield pool
    boards.install(previous)
    pool.close()


#: The bots the end-to-end tests start are forked from a process that has imported the bot (each new interpreter
#: spent ~0.5 s of CPU importing it, ~30 s over the suite); first contact still starts one with ``python -m bot``.
BotProcess.forked = True

#: Discord's pace in the suite: the fake servers and the bot processes the tests start keep Discord's limits (5 posts
#: per 5 s per channel, 50 calls a second) this many times faster, so an end-to-end game waits on its own work rather
#: than on Discord's clock; the rules about pacing are tested all the same, on the faster clock. The 3-second limit
#: on answering an interaction stays 3 real seconds: it is about the bot's own work. ``NOCTURNE_TEST_DISCORD_PACE=1``
#: runs the suite at Discord's real pace.
SUITE_DISCORD_PACE = "10"
os.environ.setdefault(PACE_ENV, SUITE_DISCORD_PACE)

#: Test directories whose tests take tens of seconds each, mostly waiting: started first.
SLOW_FIRST = ("tests/e2e/", "tests/reliability/")
#: A module whose tests share work: a module- or session-scoped fixture, or the ``one_process`` mark (tests that
#: read the same cached games).
SHARED_FIXTURE = re.compile(r"""@pytest\.fixture\([^)]*scope\s*=\s*["'](module|session)["']|pytest\.mark\.one_process""")


@functools.cache
def _shares_a_fixture(path: str) -> bool:
    """Does the test module at ``path`` (relative to the root) define a module- or session-scoped fixture, or is it
    marked ``one_process``?"""
    try:
        return bool(SHARED_FIXTURE.search(Path(path).read_text(encoding="utf-8")))
    except OSError:
        return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow directories first, then the modules whose tests go to one worker together (tens of seconds each):
    started last, one of them would be the run's tail while the other workers sit idle."""

    def started(item: pytest.Item) -> int:
        if item.nodeid.startswith(SLOW_FIRST):
            return 0
        return 1 if _shares_a_fixture(str(config.rootpath / item.nodeid.split("::", 1)[0])) else 2

    items.sort(key=started)  # stable: the order within stays


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """With ``-n`` and the default distribution: one module's tests to one worker when they share a fixture."""
    if config.getvalue("dist") != "load":
        return None  # an explicit --dist other than the default: xdist's own
    from xdist.scheduler import LoadScopeScheduling

    class SharedFixtureScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return module if _shares_a_fixture(str(config.rootpath / module)) else nodeid

    return SharedFixtureScheduling(config, log)
