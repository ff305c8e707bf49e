"""Board images drawn off the event loop, in worker processes (issue 27): :class:`Boards`.

Drawing and encoding a board takes tens of milliseconds of pure CPU (PIL), and it happens after nearly every play
of a game with a board. Drawn on the event loop, each board stalled every other game's clicks, timers and deliveries
for that long. Here the dispatcher hands the outbox's render request (engine, public view, language, display names:
plain data, picklable) to a pool of worker processes and awaits the PNG; the loop stays free meanwhile, and the
workers use the machine's other cores.

* The pool is sized to the machine: ``cpu_count - 1`` worker processes (at least one), or the ``BOARD_WORKERS``
  setting (:class:`bot.config.Settings`); ``0`` draws in one thread of the bot's own process instead (tiny
  deployments, tests): the loop stays free while PIL encodes, but the drawing still shares the bot's core and GIL.
* Workers are started by ``spawn``, never ``fork``: the bot has threads and an event loop that a forked child must
  not inherit; and a worker whose bot was killed leaves by itself. Each worker imports the registered games' board renderers when
  it starts (a function travels to it by module and name, so ``bot`` still names no game); a request names its
  engine, and the pool sends that game's renderer with the plain request.
* The processes start when a lobby of a game with a board opens (:meth:`Boards.warm`), or with the first board
  (a game recovered after a restart), and stop with the bot (:meth:`Boards.close`). A bot whose servers play only
  games without boards never starts them: each costs a process and most of a second of CPU to import.
* A board that fails costs the image, never the message: a renderer that raises, a worker that dies (the pool is
  replaced for the next board), or a board not back within :data:`DRAW_TIMEOUT` all raise from :meth:`Boards.draw`,
  and the dispatcher logs it and sends the text alone (:meth:`bot.executors.Executors._render`).

One pool serves the process (:func:`shared`); the bot installs its own at start (:func:`install`), sized from its
settings, and anything else (tests, benchmarks) gets one sized from the environment on first use.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import workers
from bot.games import game_ui, registered
from bot.render import RenderContext, Renderer

log = logging.getLogger("bot.boards")

#: The setting that sizes the pool (read by :class:`bot.config.Settings`, and here for a pool nobody installed).
WORKERS_ENV = "BOARD_WORKERS"
#: Seconds a board may take, queue included, before the message goes without it.
DRAW_TIMEOUT = 60.0

#: A drawn board as the executors attach it: (filename, PNG bytes, description).
Drawn = tuple[str, bytes, str]


def default_workers() -> int:
    """One worker process per core but the one the event loop runs on, at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def workers_from_env(env: Mapping[str, str] = os.environ) -> int:
    raw = env.get(WORKERS_ENV, "").strip()
    return int(raw) if raw.isdigit() else default_workers()


def start_method() -> str:
    """``spawn``: a worker is a fresh interpreter whose parent is the bot itself, so that it can tell when the bot
    is gone (:func:`bot.workers.watch_the_bot`); never ``fork`` (the bot has threads and a running loop a child must not
    inherit), nor ``forkserver`` (its server, not the bot, would be the workers' parent)."""
    return "spawn"


# -- in the worker ---------------------------------------------------------------------------------------------------


def _init(renderers: list[Renderer], bot: int) -> None:
    """A worker's start: unpickling ``renderers`` imported the games' board modules; the default language's
    catalogue is loaded too, so that the first board costs no more than the next (another language's is loaded by
    its first board: a tenth of a second each, in the worker, which most bots would pay for nothing at every
    start). ``bot`` is the bot's process id, given by the
    bot rather than read here: a bot killed while its worker was still importing has made the worker an orphan
    already, whose parent now is init, and a worker watching for that would never leave (:mod:`bot.workers`)."""
    workers.watch_the_bot(bot)
    import translations as i18n

    i18n.bundle(i18n.DEFAULT_LANGUAGE)


def draw_with(
    renderer: Renderer, view: Mapping[str, Any], lang: str, names: Mapping[str, str], before: Mapping[str, Any] | None = None
) -> Drawn:
    """Draw one board and return what the executors attach (in a worker, ``renderer`` arrives by name: pickling a
    module-level function sends its module and name, which the worker imported at its start). ``before``: the view
    the previous board showed, whose changes the picture marks."""
    image = renderer(view, RenderContext(lang, names, before=before))
    return image.filename, image.png, image.description


# -- in the bot ------------------------------------------------------------------------------------------------------


class Boards:
    """A pool that draws boards off the event loop: ``workers`` processes, or one thread when ``workers`` is 0.

    ``renderers`` (engine name -> renderer) replaces the registry's boards (:func:`bot.games.game_ui`), for tests;
    a game it does not name has no board.
    A renderer must be a module-level function: a worker imports it by name.
    """

    def __init__(self, workers: int | None = None, renderers: Mapping[str, Renderer] | None = None, *,
                 timeout: float = DRAW_TIMEOUT) -> None:
        self.workers = default_workers() if workers is None else max(0, workers)
        self.timeout = timeout
        self._given = dict(renderers) if renderers is not None else None
        self._executor: Executor | None = None
        self._lock = threading.Lock()
        self.closed = False

    @property
    def in_processes(self) -> bool:
        return self.workers > 0

    @property
    def started(self) -> bool:
        """Are the workers (or the thread) running?"""
        return self._executor is not None

    def renderers(self) -> list[Renderer]:
        """The renderers a worker imports as it starts: the given ones, else the registered games' boards."""
        if self._given is not None:
            return list(self._given.values())
        return [ui.board for ui in registered() if ui.board is not None]

    def start(self) -> Executor:
        """Start the workers now (each imports the games' boards as it starts) rather than with the first board."""
        with self._lock:
            if self.closed:
                raise RuntimeError("the board pool is closed")
            if self._executor is None:
                if self.in_processes:
                    executor = ProcessPoolExecutor(
                        self.workers, mp_context=multiprocessing.get_context(start_method()),
                        initializer=_init, initargs=(self.renderers(), os.getpid()),
                    )
                    for _ in range(self.workers):  # the processes start (and import) now, in the background
                        executor.submit(workers.ready)
                    self._executor = executor
                else:
                    self._executor = ThreadPoolExecutor(1, thread_name_prefix="boards")
            return self._executor

    def warm(self) -> None:
        """Start the workers in the background unless they run: a lobby of a game with a board opened, so they are
        ready by its first board without anyone waiting on them."""
        if self._executor is None and self.in_processes and not self.closed:
            threading.Thread(target=self._start_quietly, name="boards-warm", daemon=True).start()

    def _start_quietly(self) -> None:
        try:
            self.start()
        except RuntimeError:  # closed meanwhile: the bot is stopping
            pass

    async def draw(self, request: Mapping[str, Any]) -> Drawn | None:
        """The board of an outbox render request (``engine``, ``view``, ``lang``, ``names``), drawn off the loop;
        ``None`` for a game without a board. Raises whatever the drawing raised (or ``TimeoutError``,
        ``BrokenProcessPool``): the caller sends the message without the image."""
        engine = request["engine"]
        renderer = self._given.get(engine) if self._given is not None else game_ui(engine).board
        if renderer is None:
            return None
        # the first board starts the workers: in a thread, since starting processes takes a while
        executor = self._executor or await asyncio.to_thread(self.start)
        future = executor.submit(draw_with, renderer, request["view"], request.get("lang", "en"),
                                 dict(request.get("names") or {}), request.get("before"))
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.timeout)
        except BrokenProcessPool:
            self._replace(executor)
            raise

    def _replace(self, broken: Executor) -> None:
        """A worker died (killed, out of memory): the pool is broken for good; the next board starts a new one."""
        with self._lock:
            if self._executor is not broken:
                return
            self._executor = None
        log.warning("a board worker died; starting new ones for the next board")
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self, wait: bool = True) -> None:
        """Stop the workers (a board being drawn is finished first when ``wait``); boards asked for after this
        raise, so their messages go without them."""
        with self._lock:
            self.closed = True
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)

    async def aclose(self) -> None:
        await asyncio.to_thread(self.close)


_shared: Boards | None = None
_shared_lock = threading.Lock()


def shared() -> Boards:
    """The process's pool: the one :func:`install`\\ ed, else one sized from the environment, made on first use."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Boards(workers_from_env())
        return _shared


def install(pool: Boards | None) -> Boards | None:
    """Make ``pool`` the process's pool (``None``: back to one made on first use); returns the one it replaces,
    which the caller closes if it is done with it."""
    global _shared
    with _shared_lock:
        previous, _shared = _shared, pool
    return previous


__all__ = [
    "DRAW_TIMEOUT",
    "WORKERS_ENV",
    "Boards",
    "Drawn",
    "default_workers",
    "draw_with",
    "install",
    "shared",
    "start_method",
    "workers_from_env",
]
