"""Crash points around every kind of answer, in every game (issue 25): a click answered privately (ephemeral), by
rewriting the public message clicked on (type 7: a tally), by rewriting the DM clicked on (type 7: a night task done,
a check result below it), and text typed in a form (a modal submit), each with the bot killed right after the
action's commit, before its answer reached Discord, and right after the answer reached it, before anything marked it.

Each game is played twice with the same seed and the same seeded choices, every action clicked through the real cog
(:mod:`tests.bot.test_answers`: its interactions act on the recording transport as Discord would): once without a
kill (the reference), once per crash point, restarting on the same database. Afterwards every channel reads as in
the reference - the thread, each DM, each team thread - except that an answer the kill kept from the player which
told them something of their own (a check result) may come as a DM of its own, which must say exactly that answer.

The default run kills before the first answer of each kind of each game (and after it, in Night Watch);
``NOCTURNE_LONG=1`` before and after the first three.
"""

from __future__ import annotations

import asyncio
import os
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from sqlalchemy import select

from bot import controls as ctl
from bot.db import OutboxRow
from bot.delivery import Dispatcher
from bot.ops import ANSWER, answer, post
from bot.presenter import dm_slot, prompt_slot
from bot.runtime import Runtime
from engines.core import HOST, Action
from tests.bot.test_answers import Dead, Discord, Interaction, Process, restarted
from tests.bot.test_runtime import GUILD, open_game
from tests.databases import migrated_sqlite

LONG = os.environ.get("NOCTURNE_LONG") == "1"
PLAYERS = [str(4000 + i) for i in range(6)]
#: (engine, players, lobby options, the choices' seed): one small table of each game, its choices seeded so the
#: first moves bring each kind of answer the game has (Night Watch's a night with a check).
GAMES = [
    ("night_watch", 5, {}, "a1"),
    ("ghost_at_home", 3, {}, "a1"),
    ("kdyz_snim", 4, {}, "a2"),
    ("midnighters", 3, {}, "a2"),
    ("midnight_hunt", 2, {}, "a1"),
]
#: Moves played (then the game is aborted): enough for every kind of answer of each game.
STEPS = 120 if LONG else 30


@dataclass
class Played:
    #: What players can see: each channel's messages (text, controls), channels named so two runs compare.
    seen: dict[str, list[tuple[str, str]]]
    #: Each click's kind of answer and the answer's text, in order.
    clicks: list[tuple[str, str]] = field(default_factory=list)


def where(live: Any, action: Action) -> tuple[int | None, int | None]:
    """The message ``action`` is clicked on (its DM, else the prompt's public message) and the server it is in
    (``None``: a DM), as a player finds it; ``(None, guild)``: no message (``/game say``, the host panel)."""
    prompt = next(p for p in live.state.prompts if p.id == action.prompt)
    person = live.row.host_id if action.player == HOST else action.player
    dm = live.row.slots.get(dm_slot(prompt, str(person)))
    if dm is not None:
        return dm["message"], None
    public = live.row.slots.get(prompt_slot(prompt))
    if public is not None:
        return public["message"], GUILD
    return None, GUILD


def seen(transport: Any) -> dict[str, list[tuple[str, str]]]:
    names = {channel: f"dm:{user}" for user, channel in transport.dm_of.items()}
    names.update({tid: f"thread:{t['name']}" for tid, t in transport.threads.items()})
    return {
        names.get(channel, f"channel:{channel}"): [
            (transport.messages[m].get("content") or "", str(transport.messages[m].get("components")))
            for m in ids
            if m in transport.messages
        ]
        for channel, ids in transport.by_channel.items()
    }


async def play(
    database, clock, transport, game: str, players: int, options: dict[str, Any], seed: str, kill: tuple[int, str] | None = None
) -> Played:
    """The game played click by click; ``kill``: (the click's number, ``before`` or ``after`` its answer)."""
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    chooser = random.Random(f"answers-{game}-{seed}")
    live = await open_game(process.runtime, players=PLAYERS[:players], engine=game, options=options)
    await process.runtime.idle()
    played = Played({})
    game_id = live.id
    for _ in range(STEPS):
        live = await process.runtime.get(game_id)
        if live.state.outcome is not None or live.row.status != "running":
            break
        actors = [(p, q) for q in live.state.prompts for p in q.players if live.engine.legal_actions(live.state, p)]
        action = None
        if actors:
            player, _ = chooser.choice(actors)
            action = live.engine.random_action(live.state, player, chooser)
        if action is None or action.kind in ("leave", "remove") or action.kind in ctl.COMMAND_KINDS:
            await process.runtime.act(game_id, Action.timeout(live.state.prompts[0].id))
            await process.runtime.idle()
            continue
        # a form's text (a clue): the engine lists the action with what is typed left open
        typed = any(ctl.needs_text(a) for a in live.engine.legal_actions(live.state, action.player) if a.kind == action.kind)
        message_id, guild = where(live, action)
        number = len(played.clicks)
        when = kill[1] if kill and kill[0] == number else None
        message = transport.messages.get(message_id) if message_id is not None else None
        channel = message.get("channel") if message else None
        interaction = Interaction(
            discord_, clock, str(live.row.host_id if action.player == HOST else action.player), message,
            guild_id=guild, channel_id=channel, message_id=message_id, kill_at=when,
        )
        try:
            await process.click(interaction, live, action)
        except Dead:
            process = await restarted(database, clock, discord_, process)
        await process.runtime.idle()
        kind = "modal" if typed else _kind(interaction, guild)
        played.clicks.append((kind, (interaction.answers or [("", "")])[-1][1]))
    if (await process.runtime.get(game_id)).row.status == "running":
        await process.runtime.cancel(game_id, [{"do": "post", "to": "game", "content": "aborted"}])
        await process.runtime.idle()
    await process.runtime.close()
    played.seen = seen(transport)
    return played


def _kind(interaction: Interaction, guild: int | None) -> str:
    first = interaction.answers[0][0] if interaction.answers else ""
    if first == "update":
        return "dm" if guild is None else "public"
    return "ephemeral"


@pytest.fixture(scope="module")
def references(tmp_path_factory):
    """Each game's reference run, on a database of its own, played once for the module."""
    import asyncio

    from bot.clock import ManualClock
    from tests.bot.conftest import RecordingTransport

    async def one(game: str, players: int, options: dict[str, Any], seed: str) -> Played:
        db = await migrated_sqlite(tmp_path_factory.mktemp(game) / 'reference.sqlite3')
        try:
            return await play(db, ManualClock(), RecordingTransport(), game, players, options, seed)
        finally:
            await db.close()

    return {game: asyncio.run(one(*spec)) for spec, game in ((spec, spec[0]) for spec in GAMES)}


#: The kinds of answer each game's scenario reaches (checked below): the crash points are made for these only, so
#: none of them is a test that skips for want of its click.
REACHED = {
    "night_watch": ("dm", "public", "ephemeral"),
    "kdyz_snim": ("modal", "ephemeral"),
    "ghost_at_home": ("dm",),
    "midnighters": ("dm",),
    "midnight_hunt": ("dm",),
}


def crash_points() -> list[tuple[str, str, int, str]]:
    """(game, kind, which occurrence of that kind, when): the first of each kind, killed before its answer (in
    Night Watch also after it); long: the first three, before and after."""
    return [
        (game, kind, nth, when)
        for game, *_ in GAMES
        for kind in REACHED[game]
        for nth in range(3 if LONG else 1)
        for when in ("before", "after")
        if LONG or when == "before" or game == "night_watch"
    ]


def test_every_kind_of_answer_comes_up(references):
    """The scenario reaches the kinds of answer each game has (so the crash points below are not skipped)."""
    kinds = {game: {kind for kind, _ in references[game].clicks} for game in references}
    assert set(REACHED) == set(kinds) and all(kinds[game] >= set(REACHED[game]) for game in kinds), kinds


@pytest.mark.parametrize(("game", "kind", "nth", "when"), crash_points(), ids=lambda v: str(v))
async def test_a_kill_around_an_answer_changes_nothing_players_see(database, clock, transport, references, game, kind, nth, when):
    reference = references[game]
    numbers = [i for i, (k, _) in enumerate(reference.clicks) if k == kind]
    if len(numbers) <= nth:  # only the long variant asks for a second or third one
        assert nth > 0, f"{game} answers no click as {kind}"
        pytest.skip(f"{game} answers {len(numbers)} clicks as {kind}")
    number = numbers[nth]
    _, players, options, seed = next(spec for spec in GAMES if spec[0] == game)
    run = await play(database, clock, transport, game, players, options, seed, kill=(number, when))
    answer = reference.clicks[number][1]
    for channel, messages in reference.seen.items():
        got = run.seen.get(channel, [])
        if got != messages:  # only a lost answer's own DM, saying exactly that answer, may come in addition
            extra = [m for m in got if m not in messages]
            assert channel.startswith("dm:") and extra and all(text.endswith(answer) and answer for text, _ in extra), (channel, extra)
            assert [m for m in got if m not in extra] == messages, channel
    assert set(run.seen) == set(reference.seen)


async def test_an_answer_that_went_out_is_marked_at_once_not_when_the_drain_comes_to_it(database, clock, transport):
    """Issue 25 / 27: a click's answer that went out, and would otherwise come as a DM of its own (a check result
    answered in a thread), has its outbox row marked sent at once, while the game's drain still waits on Discord's
    pace for rows before it. A crash in that wait posted it again after the restart: the long chaos test's Watch
    leaders read their check results twice (tests/reliability/test_chaos.py). The drain then makes no call for it.
    On SQLite, where the dispatcher is handed the rows it delivers; on PostgreSQL the drain marks it, as before."""
    if not database.is_sqlite:
        pytest.skip("SQLite only: on PostgreSQL the dispatcher reads its rows back, and the drain marks the answer")
    runtime = Runtime(database, clock)
    Dispatcher(runtime, transport, retry_delay=0)
    dispatcher = runtime.dispatcher
    live = await open_game(runtime, PLAYERS[:5])
    gate, waiting = asyncio.Event(), asyncio.Event()
    sent_post = transport.post

    async def held_post(channel_id, payload, files=None):  # an earlier post waits for the thread's pace
        if "before the answer" in (payload.get("content") or ""):
            waiting.set()
            await gate.wait()
        return await sent_post(channel_id, payload, files)

    transport.post = held_post
    token = "4242"

    async def act(also):
        state = runtime.games[live.id].state
        action = next(a for p in state.prompts[0].players for a in live.engine.legal_actions(state, p) if a.kind != "leave")
        await runtime.act(live.id, action, also=lambda *_: also(action.player))

    await act(lambda player: [post("game", "before the answer")])
    await asyncio.wait_for(waiting.wait(), 5)
    dispatcher.answering(live.id, token)
    await act(lambda player: [answer(token, post("dm", "✅ Check: nobody", user=player))])
    dispatcher.answered(live.id, token, True)  # the click's own answer went out
    await asyncio.gather(*dispatcher._marking)  # its row's mark, committed

    async def sent() -> dict[str, bool]:
        async with database.sessions() as session:
            rows = (await session.execute(select(OutboxRow.op, OutboxRow.sent).where(OutboxRow.game_id == live.id))).all()
        return {"answer" if op.get("do") == ANSWER else op["content"]: done for op, done in rows if op.get("do") == ANSWER or op.get("content") == "before the answer"}

    assert await sent() == {"answer": True, "before the answer": False}  # a crash now would not post it again
    gate.set()
    await runtime.idle()
    assert await sent() == {"answer": True, "before the answer": True}
    assert not [m for m in transport.messages.values() if "Check: nobody" in (m.get("content") or "")]  # no call for it
    await runtime.close()

