"""Boards are drawn off the event loop (issue 27, :mod:`bot.boards`): in worker processes the same picture as in the
bot's own process, never on the loop's thread, and a board that fails there costs the image, never the message."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import threading

import pytest

from bot import boards, games, workers
from bot.config import ConfigError, Settings
from bot.presenter import Presenter
from bot.render import BoardImage, RenderContext
from engines.core import Engine
from bot.lobby import lobby_ops
from tests.bot.test_runtime import open_game

NAMES = {"1000": "Šárka Dvořáková", "1001": "Алексей", "1002": "Bob", "1003": "Zoë"}


# Renderers a worker process can import by name (module level).


def where_drawn(view, ctx: RenderContext) -> BoardImage:
    """A board that says which process and thread drew it."""
    return BoardImage(b"\x89PNG fake", f"{os.getpid()} {threading.get_ident()}")


def raising(view, ctx: RenderContext) -> BoardImage:
    raise ValueError("cannot draw")


def dying(view, ctx: RenderContext) -> BoardImage:
    os._exit(3)  # a worker killed mid-board (out of memory, a crash in PIL)


def _sample_view(ui: games.GameUI, lang_seed: str) -> dict:
    engine: Engine = ui.engine
    players = list(NAMES)[: ui.bench_players[0]]
    state, _ = engine.setup(players, {}, f"pool/{lang_seed}")
    return engine.view(state, None)


@pytest.fixture(scope="module")
def worker_pool():
    pool = boards.Boards(1)
    yield pool
    pool.close()


@pytest.fixture
def with_board(monkeypatch):
    """Night Watch (which has no board) given one, drawn by ``renderer``, through a pool of ``workers``."""

    made: list[boards.Boards] = []

    def install(renderer, workers: int) -> boards.Boards:
        class WithBoard(Presenter):
            has_board = True

        ui = games.game_ui("night_watch")
        monkeypatch.setitem(games._GAMES, "night_watch", dataclasses.replace(ui, presenter=WithBoard(), board=renderer))
        pool = boards.Boards(workers)
        made.append(pool)
        monkeypatch.setattr(boards, "_shared", pool)  # the process's pool for this test
        return pool

    yield install
    for pool in made:  # only the test's own: the process's pool serves the tests after it
        pool.close()


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
async def test_a_board_drawn_by_a_worker_process_is_the_one_drawn_in_process(worker_pool, lang):
    drawn = 0
    for ui in games.registered():
        if ui.board is None:
            continue
        view = _sample_view(ui, lang)
        request = {"engine": ui.name, "view": view, "lang": lang, "names": NAMES}
        local = ui.board(view, RenderContext(lang, NAMES))
        assert await worker_pool.draw(request) == (local.filename, local.png, local.description)
        drawn += 1
    assert drawn >= 3  # Ghost at Home, Midnighters, Midnight Hunt
    # a text-only game has no board to draw, and nothing is sent to the workers for it
    assert await worker_pool.draw({"engine": "night_watch", "view": {}, "lang": "en"}) is None


async def test_the_executor_awaits_a_worker_process_and_never_draws_in_the_bot(with_board, runtime, transport):
    with_board(where_drawn, workers=1)
    live = await open_game(runtime)
    message = transport.messages[live.row.slots["board"]["message"]]
    pid, _thread = message["attachments"][0]["description"].split()
    assert int(pid) != os.getpid()
    assert message["files"] == [("board.png", b"\x89PNG fake")]


async def test_with_no_worker_processes_the_board_is_drawn_in_a_thread_while_the_loop_runs(
    with_board, runtime, transport
):
    loop_ran = threading.Event()
    drawn_on: list[int] = []

    # a renderer that waits for the loop to run something: drawn on the loop's thread, it would wait in vain
    def waits_for_the_loop(view, ctx):
        drawn_on.append(threading.get_ident())
        assert loop_ran.wait(10), "the event loop did not run while the board was drawn"
        return BoardImage(b"\x89PNG fake", "drawn")

    async def ticker():
        while not loop_ran.is_set():
            await asyncio.sleep(0)
            if drawn_on:
                loop_ran.set()

    with_board(waits_for_the_loop, workers=0)
    tick = asyncio.create_task(ticker())
    live = await open_game(runtime)
    await tick
    assert drawn_on and all(ident != threading.get_ident() for ident in drawn_on)
    assert transport.messages[live.row.slots["board"]["message"]]["files"] == [("board.png", b"\x89PNG fake")]


async def test_a_board_that_raises_in_a_worker_costs_the_image_not_the_message(with_board, runtime, transport, caplog):
    with_board(raising, workers=1)
    with caplog.at_level(logging.ERROR):
        live = await open_game(runtime)
    message = transport.messages[live.row.slots["board"]["message"]]
    assert "files" not in message and message.get("content")
    assert any("board image failed" in r.getMessage() for r in caplog.records)


async def test_a_worker_that_dies_costs_the_image_and_the_next_board_gets_a_new_worker(
    with_board, runtime, transport, monkeypatch
):
    pool = with_board(dying, workers=1)
    live = await open_game(runtime)
    message = transport.messages[live.row.slots["board"]["message"]]
    assert "files" not in message and message.get("content")
    # the broken pool was dropped: the next board starts new workers and is drawn
    monkeypatch.setitem(games._GAMES, "night_watch", dataclasses.replace(games.game_ui("night_watch"), board=where_drawn))
    drawn = await pool.draw({"engine": "night_watch", "view": {}, "lang": "en", "names": {}})
    assert drawn is not None and int(drawn[2].split()[0]) != os.getpid()


async def test_a_closed_pool_sends_the_message_without_its_board(with_board, runtime, transport):
    with_board(where_drawn, workers=0).close()
    live = await open_game(runtime)
    message = transport.messages[live.row.slots["board"]["message"]]
    assert "files" not in message and message.get("content")


def test_the_pool_is_sized_to_the_machine_unless_set():
    assert boards.workers_from_env({}) == max(1, (os.cpu_count() or 1) - 1) == boards.default_workers()
    assert boards.workers_from_env({boards.WORKERS_ENV: "0"}) == 0
    assert boards.workers_from_env({boards.WORKERS_ENV: "3"}) == 3
    assert boards.Boards(0).in_processes is False and boards.Boards(2).in_processes is True
    assert boards.start_method() == "spawn"  # never fork: the bot has threads and a running loop
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).board_workers is None  # sized to the machine
    assert Settings.from_env({"DISCORD_TOKEN": "t", "BOARD_WORKERS": "0"}).board_workers == 0
    with pytest.raises(ConfigError, match="BOARD_WORKERS"):
        Settings.from_env({"DISCORD_TOKEN": "t", "BOARD_WORKERS": "-1"})


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has left
    except FileNotFoundError:
        return False


#: A bot whose pool has drawn a board, and one killed while its worker is still starting (importing the boards): the
#: worker, an orphan before it could look at its parent, must still know whose it was.
BOTS = {
    "after a board": (
        "drawn = asyncio.run(pool.draw({'engine': 'x', 'view': {}, 'lang': 'en'}))\n"
        "print(drawn[2].split()[0], flush=True)\n"
    ),
    "while its worker starts": "print(*pool.start()._processes, flush=True)\n",
}


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
@pytest.mark.parametrize("when", BOTS)
def test_a_worker_leaves_when_its_bot_is_killed(tmp_path, when):
    """A bot killed with SIGKILL (a crash, an OOM kill, the crash tests) leaves no board worker running."""
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = (
        "import asyncio, sys\n"
        "from bot import boards\n"
        "from tests.bot.test_board_workers import where_drawn\n"
        "pool = boards.Boards(1, {'x': where_drawn})\n"
        f"{BOTS[when]}"
        "sys.stdin.read()\n"
    )
    root = Path(__file__).resolve().parents[2]
    bot = subprocess.Popen([sys.executable, "-c", script], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           env={**os.environ, "PYTHONPATH": str(root)}, text=True)
    try:
        worker = int(bot.stdout.readline())
        assert worker != bot.pid and _running(worker)
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait()
    deadline = time.monotonic() + 30 * workers.WATCH_EVERY
    while _running(worker) and time.monotonic() < deadline:
        time.sleep(0.1)  # waits for the worker to notice, bounded: a worker still there is the failure
    assert not _running(worker)


async def test_the_workers_start_with_a_lobby_of_a_game_with_a_board_and_never_for_a_game_without(runtime, monkeypatch):
    """A bot whose servers play only Night Watch never pays for board processes; a Ghost at Home lobby starts them
    while its players join, so its first board waits for no process to start."""
    pool = boards.Boards(1)
    monkeypatch.setattr(boards, "_shared", pool)
    lobby = dict(guild_id=1, guild_name="g", channel_id=2, host_id=1000, host_name="h", language="en", lobby_ops=lobby_ops)
    try:
        await runtime.open_lobby("night_watch", **lobby)
        assert not pool.started
        await runtime.open_lobby("ghost_at_home", **lobby)
        for warming in [t for t in threading.enumerate() if t.name == "boards-warm"]:
            await asyncio.to_thread(warming.join)  # started by a thread of its own; no board has been asked for
        assert pool.started
        drawn = await pool.draw({"engine": "ghost_at_home", "view": _sample_view(games.game_ui("ghost_at_home"), "warm")})
        assert drawn is not None and drawn[1].startswith(b"\x89PNG")
    finally:
        pool.close()
