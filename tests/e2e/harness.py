"""Drive the real bot (a subprocess running ``python -m bot``) against the fake Discord server.

:class:`BotProcess` starts, SIGKILLs and restarts the bot on one SQLite file. :class:`NightWatchTable` plays a
Night Watch game as its players would: it reads only what each player was shown (the lobby, the game thread,
their own DMs) and clicks the buttons and selects there, following a fixed policy, so two runs with the same
seed make the same choices whatever happens to the bot in between.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """The bot as its own process, pointed at the fake server, with a database file that outlives it."""

    def __init__(self, server: FakeDiscord, db_path: Path, seed: str) -> None:
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
        }
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = db_path.with_suffix(".log")
        self.starts = 0

    async def start(self) -> None:
        identifies = self.server.identify_count
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child owns it
        self.proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=ROOT, env=self.env, stdout=log, stderr=log)
        self.starts += 1
        await self.server.wait_until_ready(timeout=60, identifies=identifies + 1)
        await self.server.wait_for(lambda s: s.commands(), timeout=30, what="commands synced")
        # the bot is ready once it answers; give its setup (recovery) the time to finish
        await asyncio.sleep(0)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.proc = None

    async def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components") or [] for c in row.get("components", [])]


def find_component(message: dict[str, Any], prefix: str) -> dict[str, Any] | None:
    return next((c for c in components(message) if c.get("custom_id", "").startswith(prefix)), None)


class NightWatchTable:
    """One Night Watch game at the fake server, played by a fixed policy."""

    def __init__(self, server: FakeDiscord, bot: BotProcess, players: list[int]) -> None:
        self.server = server
        self.bot = bot
        self.players = players
        self.channel = server.channel_id("general")
        self.thread: int | None = None
        self.answered: set[tuple[int, str]] = set()  # (player, custom_id) already used
        self.clicks = 0

    async def interact(self, coro) -> Any:
        iid = await coro
        self.clicks += 1
        return await self.server.wait_for_response(iid, timeout=30)

    async def open_lobby(self) -> int:
        host = self.players[0]
        rec = await self.interact(
            self.server.slash(host, self.channel, "game", [{"type": 1, "name": "start", "options": [{"type": 3, "name": "game", "value": "night_watch"}]}])
        )
        assert rec.ephemeral, rec.responses
        lobby = await self.server.wait_for_message(self.channel, lambda m: find_component(m, "nl:") is not None, timeout=30)
        return int(lobby["id"])

    async def seat_everyone_and_start(self, lobby_id: int) -> None:
        lobby = self.server.message(lobby_id)
        join = find_component(lobby, "nl:")["custom_id"].rsplit(":", 1)[0] + ":join"
        for player in self.players[1:]:
            rec = await self.interact(self.server.click(player, lobby_id, join))
            assert rec.ephemeral
        await self.server.wait_for(lambda s: str(len(self.players)) in (s.message(lobby_id).get("content") or ""), timeout=30, what="lobby shows all seats")
        start = join.rsplit(":", 1)[0] + ":start"
        rec = await self.interact(self.server.click(self.players[0], lobby_id, start))
        assert rec.ephemeral, rec.responses
        threads = await self.server.wait_for(lambda s: s.threads(self.channel), timeout=30, what="game thread")
        self.thread = int(threads[0]["id"])

    # -- reading what players see --------------------------------------------------------------------------

    def public(self) -> list[dict[str, Any]]:
        return self.server.messages(self.thread) if self.thread else []

    def game_over(self) -> str | None:
        for message in self.public():
            if "Game over" in (message.get("content") or ""):
                return "\n".join(m.get("content") or "" for m in self.public()[self.public().index(message) :])
        return None

    def open_public_prompt(self) -> dict[str, Any] | None:
        """The newest thread message with live controls (discussion or vote)."""
        for message in reversed(self.public()):
            if find_component(message, "nc:") or find_component(message, "ncs:"):
                return message
        return None

    def open_dm_prompts(self) -> list[tuple[int, dict[str, Any]]]:
        found = []
        for player in self.players:
            for message in self.server.dm_messages(player):
                if find_component(message, "ncs:") or find_component(message, "nc:"):
                    found.append((player, message))
        return found

    # -- the policy ----------------------------------------------------------------------------------------

    async def step(self) -> bool:
        """Make one move that is open now. Returns False when nothing is left to do (game over)."""
        if self.game_over():
            return False
        # night: every DM'd player answers their first task with the first listed target, skips the rest
        for player, message in self.open_dm_prompts():
            for comp in components(message):
                cid = comp["custom_id"]
                if (player, cid) in self.answered or not cid.startswith("ncs:"):
                    continue
                if not self._prompt_is_current(cid):
                    continue
                self.answered.add((player, cid))
                value = comp["options"][0]["value"]
                if cid.split(":")[3] == "kill":  # the Watch agrees on the first listed target
                    value = comp["options"][0]["value"]
                await self.interact(self.server.click(player, int(message["id"]), cid, [value]))
                return True
        message = self.open_public_prompt()
        if message is None:
            await self.server.wait_for(lambda s: self.open_public_prompt() or self.game_over() or self._new_dm_prompt(), timeout=60, what="next prompt")
            return True
        ready = find_component(message, "nc:")
        vote = find_component(message, "ncs:")
        if ready is not None:
            for player in self.players:
                if (player, ready["custom_id"]) not in self.answered:
                    self.answered.add((player, ready["custom_id"]))
                    await self.interact(self.server.click(player, int(message["id"]), ready["custom_id"]))
                    return True
        if vote is not None:
            alive = [o["value"] for o in vote["options"]]
            for player in self.players:
                if str(player) in alive and (player, vote["custom_id"]) not in self.answered:
                    self.answered.add((player, vote["custom_id"]))
                    target = alive[0] if alive[0] != str(player) else alive[1]
                    await self.interact(self.server.click(player, int(message["id"]), vote["custom_id"], [target]))
                    return True
        await self.server.wait_for(
            lambda s: self.game_over() or self._prompt_id(self.open_public_prompt()) != self._prompt_id(message) or self._new_dm_prompt(),
            timeout=60,
            what="the phase to move on",
        )
        return True

    @staticmethod
    def _prompt_id(message: dict[str, Any] | None) -> str | None:
        if message is None:
            return None
        return next((c["custom_id"].split(":")[2] for c in components(message) if c["custom_id"].startswith("nc")), None)

    def _new_dm_prompt(self) -> bool:
        return any(
            (p, c["custom_id"]) not in self.answered and c["custom_id"].startswith("ncs:") and self._prompt_is_current(c["custom_id"])
            for p, m in self.open_dm_prompts()
            for c in components(m)
        )

    def _prompt_is_current(self, custom_id: str) -> bool:
        """Only answer the newest night's DMs (older DMs keep their dead buttons)."""
        prompt = custom_id.split(":")[2]
        serial = int(prompt.split("#")[1])
        newest = 0
        for _, message in self.open_dm_prompts():
            for comp in components(message):
                newest = max(newest, int(comp["custom_id"].split(":")[2].split("#")[1]))
        public = self.open_public_prompt()
        if public is not None:
            for comp in components(public):
                newest = max(newest, int(comp["custom_id"].split(":")[2].split("#")[1]))
        return serial == newest
