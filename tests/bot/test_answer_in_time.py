"""A slash command still at work near Discord's 3-second limit is deferred and answered in a follow-up, never
dropped (``cogs.game.ANSWER_WITHIN``): seen under load in the end-to-end tests, where ``/game start`` answered after
3 s got 404 "Unknown interaction" and the host no answer at all."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from cogs import game as game_cog
from cogs.game import GameCog


class Interaction:
    """What the cog touches of a slash command's interaction; a deferral lands only when ``landing`` is set."""

    def __init__(self) -> None:
        self.id = 4242
        self.calls: list[tuple[str, Any]] = []
        self.landing = asyncio.Event()
        self.landing.set()
        self.done = False
        self.response = SimpleNamespace(is_done=lambda: self.done, defer=self._defer, send_message=self._send_message)
        self.followup = SimpleNamespace(send=self._followup)

    async def _defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.done, "answered twice"
        self.calls.append(("defer", (ephemeral, thinking)))
        await self.landing.wait()
        self.done = True

    async def _send_message(self, text: str, **kwargs: Any) -> None:
        assert not self.done, "answered twice"
        self.calls.append(("answer", text))
        self.done = True

    async def _followup(self, text: str, **kwargs: Any) -> None:
        assert self.done, "a follow-up before the interaction was answered"
        self.calls.append(("follow-up", text))


async def turns(until, most: int = 50) -> None:
    """Let the loop run (no wall-clock wait: the timer is due at once) until ``until()`` or ``most`` turns."""
    for _ in range(most):
        if until():
            return
        await asyncio.sleep(0)


@pytest.fixture
def cog() -> GameCog:
    return GameCog(SimpleNamespace(runtime=None, settings=None))


async def test_a_command_answering_in_time_is_answered_directly_and_never_deferred(cog):
    interaction = Interaction()
    assert await cog.interaction_check(interaction)
    await cog.reply(interaction, "Lobby 7 opened")
    await turns(lambda: False, most=5)
    assert interaction.calls == [("answer", "Lobby 7 opened")]
    assert not cog._in_time


async def test_a_command_still_working_at_the_limit_is_deferred_privately_and_answered_in_a_follow_up(cog, monkeypatch):
    monkeypatch.setattr(game_cog, "ANSWER_WITHIN", 0.0)  # the limit is reached at once: no waiting on the wall clock
    interaction = Interaction()
    await cog.interaction_check(interaction)
    await turns(lambda: interaction.calls)
    assert interaction.calls == [("defer", (True, True))]  # "thinking…", seen only by whoever typed the command
    await cog.reply(interaction, "Lobby 7 opened")
    assert interaction.calls == [("defer", (True, True)), ("follow-up", "Lobby 7 opened")]
    assert not cog._in_time


async def test_an_answer_ready_while_the_deferral_is_on_its_way_waits_for_it_instead_of_racing_it(cog, monkeypatch):
    monkeypatch.setattr(game_cog, "ANSWER_WITHIN", 0.0)
    interaction = Interaction()
    interaction.landing.clear()  # the deferral is sent but Discord has not answered it yet
    await cog.interaction_check(interaction)
    await turns(lambda: interaction.calls)
    answering = asyncio.create_task(cog.reply(interaction, "Lobby 7 opened"))
    await turns(lambda: False, most=5)
    assert interaction.calls == [("defer", (True, True))] and not answering.done()
    interaction.landing.set()
    await answering
    assert interaction.calls == [("defer", (True, True)), ("follow-up", "Lobby 7 opened")]
