"""No answer is lost (issue 25): what a click's answer shows the player of their own - a night task done, a check
result (NW-14, NW-17) - is written with the action, so the player's DM shows it whatever became of the answer:

* the answer refused by Discord (404 / 10062), or late (past Discord's 3 s: the action took that long);
* the bot killed between the action's commit and its answer, or between the answer rewriting the DM in place
  (type 7) and the dispatcher's mark, and restarted;
* an answer that was not a rewrite of the DM (a first task of two, answered privately) lost: a DM says it.

And an answer that went out costs no call more. The cog is the real one, its interactions stand-ins that act on the
recording transport as Discord would; the runtime, the engine and the database are real.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.delivery import Dispatcher
from bot.games import game_ui
from bot.presenter import dm_slot
from bot.runtime import Runtime
from cogs.game import GameCog
from engines.core import HOST, Action
from tests.bot.test_runtime import open_game

FIVE = [str(3000 + i) for i in range(5)]
TEN = [str(3100 + i) for i in range(10)]
#: Discord's limit for a first answer to an interaction.
ANSWER_LIMIT = 3.0


class Dead(BaseException):
    """The bot process is killed here (SIGKILL): nothing after it runs, not even ``finally`` blocks that matter."""


class Discord:
    """The recording transport, with the process able to die: after :meth:`kill` nothing more reaches Discord."""

    def __init__(self, transport: Any) -> None:
        self.transport = transport
        self.dead = False
        for name in ("post", "edit", "delete", "dm_channel", "recent_messages"):
            setattr(self, name, self._guarded(getattr(transport, name)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)

    def _guarded(self, call):
        async def run(*args, **kwargs):
            if self.dead:
                raise asyncio.CancelledError  # the process is gone: its tasks never get further
            return await call(*args, **kwargs)

        return run


def unknown_interaction() -> discord.NotFound:
    return discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": 10062, "message": "Unknown interaction"})


class Interaction:
    """A click on a message, answered as Discord answers: a type-7 answer rewrites the message clicked on; an
    answer later than 3 s after the click (on ``clock``), or to a click Discord forgot (``refuse``), is 404 / 10062;
    ``kill_at``: the bot dies ``"before"`` its answer reaches Discord or right ``"after"`` it."""

    ids = iter(range(900_000, 999_999))

    def __init__(self, discord_: Discord, clock: Any, user: str, message: dict[str, Any] | None, *, guild_id: int | None = None,
                 refuse: bool = False, kill_at: str | None = None, channel_id: int | None = None, message_id: int | None = None) -> None:
        self.id = next(self.ids)
        self.discord, self.clock, self.refuse, self.kill_at = discord_, clock, refuse, kill_at
        self.clicked = clock.now()
        self.user = SimpleNamespace(id=int(user))
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.message = None if message is None else SimpleNamespace(
            id=message_id, content=message.get("content", ""), flags=SimpleNamespace(ephemeral=False)
        )
        self.answers: list[tuple[str, Any]] = []
        self.response = SimpleNamespace(is_done=lambda: bool(self.answers), edit_message=self._edit_message, send_message=self._send_message)
        self.followup = SimpleNamespace(send=self._followup)

    def _check(self) -> None:
        if self.discord.dead:
            raise Dead
        if self.kill_at == "before":
            self.discord.dead = True
            raise Dead
        if self.refuse or self.clock.now() - self.clicked > ANSWER_LIMIT:
            raise unknown_interaction()

    def _landed(self) -> None:
        if self.kill_at == "after":
            self.discord.dead = True
            raise Dead

    async def _edit_message(self, content: str | None = None, view: Any = ..., embeds: Any = None, **_: Any) -> None:
        self._check()
        if self.message is not None:  # type 7: the message clicked on, rewritten (as the cog's view sends it)
            rewritten: dict[str, Any] = {} if view is ... else {"components": [] if view is None else view.to_components()}
            if content is not None:
                rewritten["content"] = content
            if embeds is not None:
                rewritten["embeds"] = [e.to_dict() for e in embeds]
            self.discord.transport.messages[self.message.id].update(rewritten)
        self.answers.append(("update", content))
        self._landed()

    async def _send_message(self, content: str, **kwargs: Any) -> None:
        self._check()
        self.answers.append(("ephemeral", content))
        self._landed()

    async def _followup(self, content: str, **kwargs: Any) -> None:
        if self.discord.dead:
            raise Dead
        self.answers.append(("followup", content))


class Process:
    """One bot process on the shared database and Discord: a runtime, its dispatcher and the game cog."""

    def __init__(self, database: Any, clock: Any, discord_: Discord) -> None:
        self.runtime = Runtime(database, clock, new_seed=lambda: "answers-seed")
        self.dispatcher = Dispatcher(self.runtime, discord_, retry_delay=0)
        self.cog = GameCog(SimpleNamespace(runtime=self.runtime, dispatcher=self.dispatcher))

    async def click(self, interaction: Interaction, live: Any, action: Action) -> None:
        """The click, as the cog handles it; a refused or late answer ends in discord.py's error (logged there)."""
        try:
            await self.cog._apply(interaction, live, action, "en")
        except discord.NotFound:
            pass


async def at_night(process: Process, players: list[str]) -> Any:
    """A Night Watch game opened on ``players``, played to its first night: the host skips the discussion, a citizen
    is jailed (everyone votes for them, they vote for another citizen)."""
    runtime = process.runtime
    live = await open_game(runtime, players=players)
    await runtime.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))
    roles = live.state.roles
    citizens = [p for p in players if roles[p] == "citizen"]
    vote = live.state.prompts[0].id
    for player in players:
        await runtime.act(live.id, Action(player, vote, "vote", {"target": citizens[1] if player == citizens[0] else citizens[0]}))
    await runtime.idle()
    assert live.state.phase == "night", live.state.phase
    return live


def night_dm(live: Any, player: str) -> dict[str, Any]:
    return live.row.slots[dm_slot(live.state.prompts[0], player)]


def answer_text(live: Any, action: Action) -> str:
    """The answer the cog gives ``action``: its ack and what it taught (worded from the game as it is now)."""
    table = live.table()
    presenter = game_ui("night_watch").presenter
    _, events = live.engine.apply(live.state, action)
    return "\n".join([presenter.ack_text(table, action), *presenter.answer_lines(table, action, events)])


async def first_night(database, clock, transport) -> tuple[Discord, Process, Any, str, str, dict[str, Any]]:
    """A five-player Night Watch at its first night: Discord, the process, the game, Garibaldi, the Watch, and
    Garibaldi's night DM slot."""
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    live = await at_night(process, FIVE)
    roles = live.state.roles
    garibaldi = next(p for p in FIVE if roles[p] == "garibaldi")
    watch = next(p for p in FIVE if roles[p] == "watch")
    return discord_, process, live, garibaldi, watch, night_dm(live, garibaldi)


async def a_check(database, clock, transport, **click: Any):
    """Garibaldi checks the Watch on the first night; the click is answered as ``click`` says. Returns the process,
    the game, the DM, the text it showed before the click and the text it must show after."""
    discord_, process, live, garibaldi, watch, slot = await first_night(database, clock, transport)
    before = dict(transport.messages[slot["message"]])
    assert before.get("components"), before  # the night task's controls
    action = Action(garibaldi, live.state.prompts[0].id, "check", {"target": watch})
    expected = f"{before['content']}\n{answer_text(live, action)}"
    assert "🔍" in expected and "✅" in expected  # a check result and the ack
    interaction = Interaction(discord_, clock, garibaldi, before, channel_id=slot["channel"], message_id=slot["message"], **click)
    return process, discord_, live, slot, interaction, action, expected


def shows(transport: Any, slot: dict[str, Any], expected: str) -> None:
    dm = transport.messages[slot["message"]]
    assert dm["content"] == expected and not dm.get("components"), dm


async def test_an_answer_that_went_out_costs_no_call_more(database, clock, transport):
    """The reference: the answer rewrites the DM in place (type 7), and the dispatcher makes no call for the answer
    it also holds, nor one to take the controls off later."""
    process, _, live, slot, interaction, action, expected = await a_check(database, clock, transport)
    calls = len(transport.calls)
    await process.click(interaction, live, action)
    await process.runtime.idle()
    assert interaction.answers == [("update", expected)]
    shows(transport, slot, expected)
    assert transport.calls[calls:] == []  # neither the answer again nor an edit
    assert await process.dispatcher._pending_rows(live.id) == []
    await process.runtime.close()


async def test_a_check_whose_answer_discord_refused_is_shown_in_the_dm(database, clock, transport):
    """The callback refused (404 / 10062, as for an interaction Discord forgot): the dispatcher rewrites the DM."""
    process, _, live, slot, interaction, action, expected = await a_check(database, clock, transport, refuse=True)
    await process.click(interaction, live, action)
    await process.runtime.idle()
    assert interaction.answers == []
    shows(transport, slot, expected)
    await process.runtime.close()


async def test_a_check_answered_after_discords_three_seconds_is_shown_in_the_dm(database, clock, transport):
    """The action took longer than Discord's 3 s (a loaded machine): the answer is refused as late, and the
    dispatcher rewrites the DM with the check result."""
    process, _, live, slot, interaction, action, expected = await a_check(database, clock, transport)
    commit = process.runtime.writer.commit

    async def slow(statements, *args, **kwargs):
        await clock.advance(ANSWER_LIMIT + 1)
        return await commit(statements, *args, **kwargs)

    process.runtime.writer.commit = slow
    await process.click(interaction, live, action)
    process.runtime.writer.commit = commit
    await process.runtime.idle()
    assert interaction.answers == []
    shows(transport, slot, expected)
    await process.runtime.close()


async def test_an_edit_of_the_dm_on_its_way_as_the_answer_goes_does_not_take_the_answer_off(database, clock, transport):
    """An edit of the DM from its prompt (its deadline moved after a restart, see bot.downtime) is on its way to
    Discord when the player's click rewrites the DM in place, and lands after it: the dispatcher, which edited
    that DM while the answer was out, writes the answer into it again (the chaos test saw a Watch officer's
    "✅ Watch victim" lost this way after a restart)."""
    from bot.db import OutboxRow

    process, discord_, live, slot, interaction, action, expected = await a_check(database, clock, transport)
    before = transport.messages[slot["message"]]
    gate, sent = asyncio.Event(), asyncio.Event()
    edit = transport.edit

    async def slow(channel_id, message_id, payload, files=None):
        if message_id == slot["message"] and not gate.is_set():
            sent.set()
            await gate.wait()  # on its way: it reaches Discord after the click's answer
        return await edit(channel_id, message_id, payload, files)

    discord_.edit = discord_._guarded(slow)
    name = next(n for n, s in live.row.slots.items() if s is slot or s.get("message") == slot["message"])
    note = {"do": "edit", "slot": name, "content": f"{before['content']}\n⏳ moved", "components": before["components"], "unless_bare": True}
    async with process.runtime.db.sessions.begin() as session:
        session.add(OutboxRow(game_id=live.id, seq=live.row.seq, op=note, sent=False))
    process.dispatcher.kick(live.id)
    await asyncio.wait_for(sent.wait(), 5)
    click = asyncio.ensure_future(process.click(interaction, live, action))
    for _ in range(5000):  # until the answer is out (on PostgreSQL the click's writes take a few round trips)
        if interaction.answers:
            break
        await asyncio.sleep(0.001)
    assert interaction.answers and interaction.answers[0][0] == "update"  # the answer is out; the edit lands now
    gate.set()
    await click
    await process.runtime.idle()
    shows(transport, slot, expected)
    await process.runtime.close()


async def restarted(database, clock, discord_: Discord, dead: Process) -> Process:
    """The killed process's tasks are gone; a new one starts on the same database and recovers."""
    assert discord_.dead
    await dead.runtime.close()  # its timers stopped; nothing of it reaches Discord any more
    discord_.dead = False
    process = Process(database, clock, discord_)
    await process.runtime.recover()
    await process.runtime.idle()
    return process


@pytest.mark.parametrize("kill_at", ["before", "after"])
async def test_a_check_survives_a_kill_around_its_answer(database, clock, transport, kill_at):
    """The bot is killed right after the action's commit, before its answer reached Discord (``before``), or right
    after the answer rewrote the DM in place, before anything marked it (``after``): after the restart the DM shows
    the check result and has no controls; and it still does after the night's last warnings and its close (a DM
    not known to be answered would be rewritten from its prompt by a warning, losing the result)."""
    process, discord_, live, slot, interaction, action, expected = await a_check(database, clock, transport, kill_at=kill_at)
    task = asyncio.ensure_future(process.click(interaction, live, action))
    with pytest.raises(Dead):
        await task
    await asyncio.sleep(0)
    process = await restarted(database, clock, discord_, process)
    shows(transport, slot, expected)
    live = await process.runtime.get(live.id)
    deadline = max(live.deadlines.values())
    await clock.advance(deadline - clock.now() - 11)  # the last warnings come (30 s, 10 s before the end)
    await process.runtime.idle()
    shows(transport, slot, expected)
    await clock.advance(12)  # the night closes: nobody else acted
    await process.runtime.idle()
    shows(transport, slot, expected)
    await process.runtime.close()


@pytest.mark.parametrize("refuse", [True, False], ids=["refused", "answered"])
async def test_a_first_task_of_two_whose_answer_was_lost_is_told_by_dm(database, clock, transport, refuse):
    """Wells (kill and check, NW-14): a check made first keeps the DM's controls for the kill, so it is answered
    privately, not in the DM. Refused, its result comes in a DM of its own naming the server and game; answered, it
    costs no DM."""
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    live = await at_night(process, TEN)
    roles = live.state.roles
    wells = next(p for p in TEN if roles[p] == "wells" and p in live.state.alive)
    target = next(p for p in live.state.alive if p != wells)
    slot = night_dm(live, wells)
    action = Action(wells, live.state.prompts[0].id, "check", {"target": target})
    told = answer_text(live, action)
    assert "🔍" in told
    channel = slot["channel"]
    dms = len(transport.by_channel[channel])
    message = transport.messages[slot["message"]]
    interaction = Interaction(discord_, clock, wells, message, channel_id=channel, message_id=slot["message"], refuse=refuse)
    await process.click(interaction, live, action)
    await process.runtime.idle()
    new = [transport.messages[m]["content"] for m in transport.by_channel[channel][dms:]]
    if refuse:
        assert interaction.answers == []
        assert len(new) == 1 and new[0].endswith(told) and f"#{live.id}" in new[0], new
    else:
        assert interaction.answers == [("ephemeral", told)] and new == []
    assert transport.messages[slot["message"]].get("components")  # the kill is still to choose
    await process.runtime.close()
