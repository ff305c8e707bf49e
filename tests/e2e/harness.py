"""Drive the real bot (a process running ``python -m bot``) against the fake Discord server.

:class:`BotProcess` starts, SIGKILLs and restarts the bot on one SQLite file. :class:`GameTable` plays any game
as its players would: it reads only what each player was shown (the lobby, the game thread, their own DMs, the
bot's private answers) and uses the controls there, following a fixed policy, so two runs with the same seed make
the same choices whatever happens to the bot in between. :func:`readable` is a message as compared between runs
(deadlines are wall-clock timestamps, so their lines are left out).
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import runpy
import signal
import subprocess
import sys
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from tests.databases import copy_migrated
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


#: What a bot process imports before it reads a setting, and the catalogues it parses (:mod:`tests.e2e.bot_preload`):
#: a forked bot starts with these already done.
PRELOAD = ["bot.app", "bot.db", "bot.config", "cogs.registry", "dotenv", "tests.e2e.bot_preload"]


def _run_bot(env: dict[str, str], log_path: str) -> None:
    """A forked bot's whole life: ``python -m bot`` with ``env`` as its environment and its output in ``log_path``
    (the same module run the same way; only the interpreter's start and the imports are shared)."""
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    os.environ.clear()
    os.environ.update(env)
    os.chdir(ROOT)
    sys.argv = [str(ROOT / "bot" / "__main__.py")]
    runpy.run_module("bot", run_name="__main__", alter_sys=True)


_forked: set[BaseProcess] = set()


@atexit.register
def _kill_forked() -> None:
    """A bot a failed test left running must not keep the test process from exiting (multiprocessing joins its
    children at exit; this runs first, as it was registered after multiprocessing's own)."""
    for proc in list(_forked):
        if proc.is_alive():
            proc.kill()
            proc.join(10)


_context: Any = None


def _fork_server() -> Any:
    """multiprocessing's forkserver, with the bot's imports preloaded (it starts on the first bot)."""
    global _context
    if _context is None:
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(PRELOAD)
    return _context


class BotProcess:
    """The bot as its own process, pointed at the fake server, with a database file that outlives it.

    Started as ``python -m bot`` in a new interpreter, or, when :attr:`forked` (the test suite sets it: each bot
    start spent ~0.5 s of CPU importing discord.py, SQLAlchemy, Pillow and the games, about 30 s over the suite's
    65 bot starts), forked from a server process that imported those once (multiprocessing's ``forkserver``), then
    running the same ``bot`` module the same way. The benches keep the new interpreter: they measure the real start.
    """

    #: Fork bots from a server with the imports done (see the class docstring); ``tests/conftest.py`` sets it.
    forked = False

    def __init__(self, server: FakeDiscord, db_path: Path, seed: str, *, time_scale: float = 1.0) -> None:
        """``time_scale``: game time runs that many times faster (timers of minutes play in seconds)."""
        self.server = server
        self.env = {
            **os.environ,
            "DISCORD_TOKEN": server.bot_token,
            "NOCTURNE_FAKE_DISCORD": server.url,
            "DATABASE_URL": f"sqlite+aiosqlite:///{db_path}",
            "NOCTURNE_TEST_SEED": seed,
            "LOG_LEVEL": os.environ.get("NOCTURNE_E2E_LOG_LEVEL", "WARNING"),
            "PYTHONPATH": str(ROOT),
            "NOCTURNE_NO_DOTENV": "1",  # a developer's own .env (cwd is the checkout) must not reach the tests
            "NOCTURNE_TEST_TIME_SCALE": str(time_scale),
            # the bot keeps the fake server's pace (Discord's, faster in the suite: tests/conftest.py)
            "NOCTURNE_TEST_DISCORD_PACE": str(server.pace),
        }
        self.proc: subprocess.Popen[bytes] | BaseProcess | None = None
        self.db_path = db_path
        self.log_path = db_path.with_suffix(".log")
        self.starts = 0

    async def start(self) -> None:
        if self.env["DATABASE_URL"] == f"sqlite+aiosqlite:///{self.db_path}" and not self.db_path.exists():
            # a migrated copy, as a bot that ran before leaves it (migrating a new file is tests/test_cli_bot.py's)
            await copy_migrated(self.db_path)
        identifies = self.server.identify_count
        if self.forked:
            self.proc = _fork_server().Process(target=_run_bot, args=(dict(self.env), str(self.log_path)), name="bot")
            self.proc.start()
            _forked.add(self.proc)
        else:
            with open(self.log_path, "ab") as log:
                self.proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=ROOT, env=self.env, stdout=log, stderr=log)
        self.starts += 1
        await self.server.wait_until_ready(timeout=60, identifies=identifies + 1)
        await self.server.wait_for(lambda s: s.commands(), timeout=30, what="commands synced")
        # the bot is ready once it answers; give its setup (recovery) the time to finish
        await asyncio.sleep(0)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self._wait(30)
        self.proc = None

    async def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            if not self._wait(10):
                self.proc.kill()
                self._wait(10)
            self.proc = None

    def _wait(self, timeout: float) -> bool:
        """Wait for the process to end; has it?"""
        assert self.proc is not None
        if isinstance(self.proc, subprocess.Popen):
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                return False
            return True
        self.proc.join(timeout)
        if self.proc.exitcode is None:
            return False
        _forked.discard(self.proc)
        return True

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def readable(text: str) -> str:
    """A message's text without its ``⏳`` lines (deadlines and warnings depend on the wall clock, not the game)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("⏳"))


def game_texts(messages: list[dict[str, Any]]) -> list[str]:
    """A channel as compared between runs: readable texts, without the bot's "back after a restart" notices
    (they belong to the crash, not to the game)."""
    return [
        readable(m.get("content") or "")
        for m in messages
        if not m.get("deleted") and not (m.get("content") or "").startswith("🔄")
    ]


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components") or [] for c in row.get("components", [])]


def find_component(message: dict[str, Any], prefix: str) -> dict[str, Any] | None:
    return next((c for c in components(message) if c.get("custom_id", "").startswith(prefix)), None)


#: The tags of in-game controls (see bot.controls).
GAME_TAGS = ("nc:", "np:", "nm:", "ns:", "nx:")
#: Picker controls a player never needs (going back, paging, the page indicator).
NAVIGATION = ("↩", "◀", "▶")


def game_controls(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The enabled in-game controls of a message (buttons and selects)."""
    return [c for c in components(message) if str(c.get("custom_id", "")).startswith(GAME_TAGS) and not c.get("disabled")]


def prompt_of(custom_id: str) -> str:
    """The prompt id a control answers (``<tag>:<game>:<prompt>:…``)."""
    return custom_id.split(":")[2]


class GameTable:
    """One game of ``game`` at the fake server, played as its players would, by a fixed policy.

    The players read only what they were shown (the lobby, the game thread, their own DMs and the bot's private
    answers) and use the controls there: each turn, the first player with an open control uses it. A control
    is used once per player; on a message where a player already did something, the grey (declining) buttons
    are left alone. Picker steps are followed to their first legal choice, multi-selects take their first
    options, and modals are filled by :meth:`text_for`. Two runs with the same seed make the same choices
    whatever happens to the bot in between.
    """

    def __init__(self, server: FakeDiscord, bot: BotProcess, players: list[int], game: str = "night_watch") -> None:
        self.server = server
        self.bot = bot
        self.players = players
        self.game = game
        self.channel = server.channel_id("general")
        self.thread: int | None = None
        self.game_id: int | None = None
        self.answered: set[tuple[int, str]] = set()  # (player, custom_id) already used
        self.acted: set[tuple[int, int]] = set()  # (player, message) where the player used a non-grey control
        self.clicks = 0
        self.refused: list[str] = []

    async def interact(self, coro) -> Any:
        iid = await coro
        self.clicks += 1
        return await self.server.wait_for_response(iid, timeout=30)

    async def open_lobby(self, options: dict[str, Any] | None = None) -> int:
        host = self.players[0]
        rec = await self.interact(
            self.server.slash(host, self.channel, "game", [{"type": 1, "name": "start", "options": [{"type": 3, "name": "game", "value": self.game}]}])
        )
        assert rec.ephemeral, rec.responses
        lobby = await self.server.wait_for_message(self.channel, lambda m: find_component(m, "nl:") is not None, timeout=30)
        self.game_id = int(find_component(lobby, "nl:")["custom_id"].split(":")[1])
        return int(lobby["id"])

    async def seat_everyone_and_start(self, lobby_id: int, pause: float = 0.0) -> None:
        """Every player joins (``pause`` seconds apart: people join one by one), then the host starts."""
        lobby = self.server.message(lobby_id)
        join = find_component(lobby, "nl:")["custom_id"].rsplit(":", 1)[0] + ":join"
        for player in self.players[1:]:
            rec = await self.interact(self.server.click(player, lobby_id, join))
            assert rec.ephemeral
            if pause:
                await asyncio.sleep(pause)
        await self.server.wait_for(lambda s: str(len(self.players)) in (s.message(lobby_id).get("content") or ""), timeout=30, what="lobby shows all seats")
        start = join.rsplit(":", 1)[0] + ":start"
        rec = await self.interact(self.server.click(self.players[0], lobby_id, start))
        assert rec.ephemeral, rec.responses
        threads = await self.server.wait_for(lambda s: s.threads(self.channel), timeout=30, what="game thread")
        self.thread = int(threads[0]["id"])

    async def set_options(self, lobby_id: int, options: dict[str, str]) -> None:
        """The host sets lobby options through the lobby's settings panel (every page of it), as a host would;
        each choice is answered privately and not refused."""
        host = self.players[0]
        rec = await self.interact(self.server.click(host, lobby_id, f"nl:{self.game_id}:settings"))
        pages = [rec.original]
        page = 1
        while find_component(pages[-1], f"nl:{self.game_id}:settings:{page}") is not None:
            rec = await self.interact(self.server.click(host, int(pages[-1]["id"]), f"nl:{self.game_id}:settings:{page}"))
            pages.append(rec.original)
            page += 1
        for option, value in options.items():
            select = f"nls:{self.game_id}:opt:{option}"
            shown = next(p for p in pages if find_component(p, select) is not None)
            rec = await self.interact(self.server.click(host, int(shown["id"]), select, [value]))
            answer = (rec.original or {}).get("content", "")
            assert rec.ephemeral and not answer.startswith("⚠️"), (option, value, rec.responses)

    # -- reading what players see --------------------------------------------------------------------------

    def public(self) -> list[dict[str, Any]]:
        return self.server.messages(self.thread) if self.thread else []

    def game_over(self) -> str | None:
        """The public text from the game's end on (``None`` while it runs)."""
        for message in self.public():
            if self.is_end(message.get("content") or ""):
                return "\n".join(m.get("content") or "" for m in self.public()[self.public().index(message) :])
        return None

    def is_end(self, text: str) -> bool:
        return "Game over" in text or "🏁" in text

    def live_messages(self) -> list[tuple[int | None, dict[str, Any]]]:
        """Messages with open in-game controls: each player's DMs (player order), then the game thread's."""
        found: list[tuple[int | None, dict[str, Any]]] = []
        for player in self.players:
            found += [(player, m) for m in self.server.dm_messages(player) if not m.get("deleted") and game_controls(m)]
        found += [(None, m) for m in self.public() if not m.get("deleted") and game_controls(m)]
        return found

    def open_public_prompt(self) -> dict[str, Any] | None:
        """The newest thread message with live controls."""
        return next((m for m in reversed(self.public()) if game_controls(m)), None)

    def open_dm_prompts(self) -> list[tuple[int, dict[str, Any]]]:
        return [(p, m) for p, m in self.live_messages() if p is not None]

    def fingerprint(self) -> tuple:
        return tuple((m["id"], m.get("edits", 0), bool(game_controls(m))) for _, m in self.live_messages()) + (len(self.public()),)

    # -- the policy ----------------------------------------------------------------------------------------

    def choose(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        """The control ``player`` uses next on ``message``, if any."""
        fresh = [c for c in game_controls(message) if (player, c["custom_id"]) not in self.answered]
        fresh = [c for c in fresh if not str(c.get("label", "")).startswith(NAVIGATION)]
        doing = [c for c in fresh if c["type"] != 2 or c.get("style") != 2]
        if doing:
            return doing[0]
        if (player, int(message["id"])) in self.acted:
            return None
        return fresh[0] if fresh else None

    def values_for(self, player: int, control: dict[str, Any]) -> list[str] | None:
        """A select's first options; on a shared select (a public vote) not one naming the player themselves."""
        if control["type"] != 3:
            return None
        options = [o["value"] for o in control["options"]]
        options = [v for v in options if str(player) not in v] or options
        return options[: max(1, int(control.get("min_values", 1)))]

    def text_for(self, player: int, modal: dict[str, Any]) -> dict[str, str]:
        """What a player types into a modal (games with typed input override this)."""
        fields = [c for top in modal.get("components", []) for c in (top.get("components") or [top.get("component") or {}])]
        return {f["custom_id"]: "word" for f in fields if f.get("custom_id")}

    async def step(self) -> bool:
        """Make one move that is open now. Returns False when nothing is left to do (game over)."""
        if self.game_over():
            return False
        before = self.fingerprint()
        for owner, message in self.live_messages():
            for player in [owner] if owner is not None else self.players:
                control = self.choose(player, message)
                if control is None:
                    continue
                await self.use(player, message, control)
                return True
        await self.server.wait_for(
            lambda s: self.game_over() or self.fingerprint() != before, timeout=90, what=f"{self.game}: something to do"
        )
        return True

    async def use(self, player: int, message: dict[str, Any], control: dict[str, Any], depth: int = 0) -> None:
        """Use one control, then follow the bot's private answer: a picker step, or a modal to fill."""
        self.answered.add((player, control["custom_id"]))
        if control["type"] != 2 or control.get("style") != 2:
            self.acted.add((player, int(message["id"])))
        rec = await self.interact(self.server.click(player, int(message["id"]), control["custom_id"], self.values_for(player, control)))
        if rec is None or depth > 8:
            return
        if rec.modal is not None:
            rec = await self.interact(self.server.submit_modal(rec.id, self.text_for(player, rec.modal), user_id=player))
            if rec is None:
                return
        if rec.callback_type == 7:
            answer = self.server.message(int(message["id"]))
            if answer is not None and not answer.get("ephemeral"):
                return  # a public message rewritten by the click's own answer (a tally): the click was taken
        else:
            answer = rec.original or (rec.messages[-1] if rec.messages else None)
        if answer is not None and (answer.get("content") or "").startswith("⚠️"):
            self.refused.append(answer["content"])
        if answer is not None and game_controls(answer):  # a picker step, shown privately
            follow = self.choose(player, answer)
            if follow is not None:
                await self.use(player, answer, follow, depth + 1)

    # -- phases (by what the prompt ids say) ------------------------------------------------------------------

    def prompts_answered(self, kind: str) -> int:
        return sum(1 for _, cid in self.answered if f":{kind}#" in cid)


class NightWatchTable(GameTable):
    """A Night Watch table (the first game on Discord; its tests name it)."""

    def __init__(self, server: FakeDiscord, bot: BotProcess, players: list[int]) -> None:
        super().__init__(server, bot, players, "night_watch")

    def _new_dm_prompt(self) -> bool:
        return any(self.choose(p, m) is not None for p, m in self.open_dm_prompts())
