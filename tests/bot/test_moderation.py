"""The delivery's decisions when the server changed under a game (bot/moderation.py), with stand-ins for the
dispatcher and the game: which refusals make the game wait (and tell the host once), which end it, which give a
row up; a DM refused to someone no longer on the server makes them leave, once, and a member is not looked up
again at every refused DM. The end-to-end behaviour is in tests/e2e/test_moderation_e2e.py."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot.transport import DeliveryError
from bot.moderation import Moderation, Waiting

GUILD, CHANNEL, THREAD, HOST, OTHER = 1, 10, 11, 100, 200


class Table:
    def t(self, key: str, **args: Any) -> str:
        return f"{key}{sorted(args.items())}"

    def header(self) -> str:
        return "header"

    def name(self, player: str) -> str:
        return f"name{player}"


class Live:
    def __init__(self) -> None:
        self.id = 7
        self.over = False
        self.row = SimpleNamespace(
            guild_id=GUILD, channel_id=CHANNEL, thread_id=THREAD, host_id=HOST, seats=[str(HOST), str(OTHER)], status="running",
            slots={"board": {"channel": THREAD, "message": 5}, "dm:p:100": {"channel": 99, "message": 6}},
        )  # fmt: skip

    def table(self) -> Table:
        return Table()


class Transport:
    def __init__(self, member: bool = True) -> None:
        self.member = member
        self.lookups = 0

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        self.lookups += 1
        return self.member


class Dispatcher:
    def __init__(self, transport: Transport) -> None:
        self.transport = transport
        self.sent: list[dict[str, Any]] = []
        self.kicked: list[int] = []
        self.runtime = SimpleNamespace(clock=SimpleNamespace(now=lambda: 0.0), games={})

    async def send_now(self, live: Any, op: dict[str, Any]) -> None:
        self.sent.append(op)

    def kick(self, game_id: int) -> None:
        self.kicked.append(game_id)


def moderation(member: bool = True) -> tuple[Moderation, Dispatcher, Live]:
    dispatcher = Dispatcher(Transport(member))
    return Moderation(dispatcher), dispatcher, Live()


def test_what_an_op_targets():
    mod, _, live = moderation()
    assert mod.target(live, {"do": "post", "to": "game"}) == THREAD
    assert mod.target(live, {"do": "post", "to": "channel"}) == CHANNEL
    assert mod.target(live, {"do": "edit", "slot": "board"}) == THREAD
    assert mod.target(live, {"do": "edit", "slot": "dm:p:100"}) is None  # a DM: no moderator deletes it
    assert mod.target(live, {"do": "post", "to": "dm", "user": "100"}) is None


def test_a_missing_permission_makes_the_game_wait_and_tells_the_host_once():
    async def run() -> None:
        mod, dispatcher, live = moderation()
        op = {"do": "post", "to": "game", "content": "x"}
        for _ in range(3):  # the drain's retries
            with pytest.raises(Waiting):
                await mod.failed(live, op, DeliveryError("forbidden", "Missing Permissions", 50013))
        assert len(dispatcher.sent) == 1 and dispatcher.sent[0]["user"] == str(HOST)
        assert "moderation.perm.send_messages_in_threads" in dispatcher.sent[0]["content"]
        mod.server_changed(GUILD)  # a role changed: nothing in memory here, so nothing to kick
        mod.went_through(live)  # delivered again: the host hears it goes on, once
        await asyncio.sleep(0)
        assert len(dispatcher.sent) == 2 and "moderation.back" in dispatcher.sent[1]["content"]
        mod.went_through(live)
        await asyncio.sleep(0)
        assert len(dispatcher.sent) == 2

    asyncio.run(run())


def test_missing_access_is_named_as_view_channel():
    async def run() -> None:
        mod, dispatcher, live = moderation()
        with pytest.raises(Waiting):
            await mod.failed(
                live, {"do": "edit", "slot": "board", "content": "x"}, DeliveryError("forbidden", "", 50001)
            )
        assert "moderation.perm.view_channel" in dispatcher.sent[0]["content"]

    asyncio.run(run())


def test_an_unknown_channel_ends_the_game_once_and_gives_the_row_up():
    async def run() -> None:
        mod, _, live = moderation()
        ended: list[tuple[int, bool]] = []

        async def end(game_id: int, thread: bool) -> None:
            ended.append((game_id, thread))

        mod._end = end  # type: ignore[method-assign]
        for _ in range(2):
            assert await mod.failed(live, {"do": "post", "to": "game"}, DeliveryError("not_found", "", 10003)) is False
        await asyncio.sleep(0)
        assert ended == [(7, True)]
        # a DM refused, or a message deleted (10008), is no reason to end the game
        assert (
            await mod.failed(live, {"do": "post", "to": "dm", "user": "1"}, DeliveryError("not_found", "", 10003))
            is False
        )
        assert await mod.failed(live, {"do": "edit", "slot": "board"}, DeliveryError("not_found", "", 10008)) is False
        await asyncio.sleep(0)
        assert ended == [(7, True)]

    asyncio.run(run())


def test_a_player_gone_from_the_server_leaves_once_and_a_member_is_not_looked_up_again():
    async def run() -> None:
        mod, dispatcher, live = moderation(member=False)
        left: list[str] = []

        async def leave(game_id: int, player: str) -> None:
            left.append(player)

        mod._leave = leave  # type: ignore[method-assign]
        assert await mod.dm_refused(live, OTHER) and await mod.dm_refused(live, OTHER)
        await asyncio.sleep(0)
        assert left == [str(OTHER)] and dispatcher.transport.lookups == 1
        assert not await mod.dm_refused(live, 12345)  # not seated: DMs closed, nothing more

        mod, dispatcher, live = moderation(member=True)  # closed DMs of a member: the usual notice, one lookup
        assert not await mod.dm_refused(live, OTHER) and not await mod.dm_refused(live, OTHER)
        assert dispatcher.transport.lookups == 1

    asyncio.run(run())


def test_a_deleted_slot_can_be_posted_again_only_with_something_to_show():
    mod, _, live = moderation()
    assert not mod.can_post_again(live, "board", {"do": "edit", "slot": "board", "components": []})
    assert mod.can_post_again(live, "board", {"do": "edit", "slot": "board", "content": "new"})
    mod.remember(live, {"do": "post", "to": "game", "slot": "board", "content": "the board", "render": {"v": 1}})
    assert mod.can_post_again(live, "board", {"do": "edit", "slot": "board", "components": []})
    assert not mod.can_post_again(live, "board", {"do": "edit", "slot": "board", "content": "x", "forget": True})
    assert not mod.can_post_again(live, "dm:p:100", {"do": "edit", "slot": "dm:p:100", "content": "x"})  # a DM
