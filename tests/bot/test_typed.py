"""Messages typed in a Když sním thread (MESSAGE_CONTENT=on), through the runtime on a real database: what each is
by the rules (KS-14, KS-16, KS-17, KS-19, KS-24), what is deleted and when (with the action, in its transaction,
or at once for chatter), and what reaches whom (a foul's reason privately to its giver, nothing to the Dreamer).
"""

from __future__ import annotations

import asyncio
import itertools
import re

import pytest
from sqlalchemy import select

from bot.db import ActionRow, OutboxRow
from bot.games import game_ui
from bot.lobby import lobby_ops
from bot.presenter import Typed
from bot.runtime import Runtime
from bot.typed import TypedMessages
from engines.core import CLOCK, Action
from tests.bot.test_runtime import GUILD

PLAYERS = [str(10**17 + i) for i in range(4)]
DREAMER, GIVER, NEXT, OTHER = PLAYERS  # seat 1 dreams first; clues start at the seat to their left (KS-6, KS-13)
OUTSIDER = 4242  # not seated (a spectator, a moderator)
messages = itertools.count(7_000_000)


async def start(runtime: Runtime, *, thread: bool = True, **options) -> tuple[TypedMessages, int]:
    live = await runtime.open_lobby(
        "kdyz_snim", guild_id=GUILD, guild_name="Dreamland", channel_id=222, host_id=int(DREAMER), host_name="Ann",
        language="en", lobby_ops=lobby_ops,
    )

    def seat(row):
        row.seats[:] = list(PLAYERS)
        row.names.update({p: n for p, n in zip(PLAYERS, ["Ann", "Bob", "Cid", "Dee"])})
        row.options = {"language": "en", **options}

    await runtime.update_lobby(live.id, seat, lobby_ops)
    await runtime.start(live.id, lambda game: [{"do": "open_thread", "name": f"game {game.id}"}] if thread else [])
    await runtime.idle()
    return TypedMessages(runtime), live.id


async def type_(runtime: Runtime, typed: TypedMessages, game_id: int, author: int | str, text: str) -> tuple[str, int]:
    """``author`` types ``text`` in the game's thread; returns what became of it and the message's id."""
    live = await runtime.get(game_id)
    mid = next(messages)
    outcome = await typed.handle(channel_id=live.row.thread_id, parent_id=live.row.channel_id, author_id=int(author), message_id=mid, text=text)
    await runtime.idle()
    await typed.settle()
    return outcome, mid


def deleted(transport, mid: int) -> bool:
    return ("delete", mid) in transport.calls


async def view(runtime: Runtime, game_id: int, viewer: str | None = None) -> dict:
    live = await runtime.get(game_id)
    return live.engine.view(live.state, viewer)


async def ops_of_last_action(runtime: Runtime, game_id: int) -> tuple[dict, list[dict]]:
    """The last logged action and the outbox rows written in its transaction, in order."""
    async with runtime.db.sessions() as session:
        action = (await session.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq.desc()))).first()
        rows = (await session.scalars(select(OutboxRow).where(OutboxRow.game_id == game_id, OutboxRow.seq == action.seq).order_by(OutboxRow.id))).all()
        return action.action, [r.op for r in rows]


async def test_ks_14_the_active_givers_message_is_their_clue_and_stays_in_the_thread(runtime, transport):
    typed, gid = await start(runtime)
    assert (await view(runtime, gid))["clue_giver"] == GIVER
    outcome, mid = await type_(runtime, typed, gid, GIVER, "library")
    assert outcome == "acted" and not deleted(transport, mid)
    public = await view(runtime, gid)
    assert public["clues"] == [{"player": GIVER, "clue": "library"}] and public["clue_giver"] == NEXT
    thread = (await runtime.get(gid)).row.thread_id
    assert any("💬 **Bob**: library" in t for t in transport.texts(thread))  # KS-13: the clue log
    assert not any("library" in t for t in transport.dms(int(GIVER)) if "✏️" in t)  # no private answer to a clue


async def test_ks_14_the_pass_word_typed_is_a_pass_and_a_message_of_no_letters_is_ignored(runtime, transport):
    typed, gid = await start(runtime)
    seq = (await runtime.get(gid)).row.seq
    outcome, mid = await type_(runtime, typed, gid, GIVER, "!!! ...")
    assert outcome == "refused" and not deleted(transport, mid)  # the engine refuses an empty clue: nothing happens
    assert (await runtime.get(gid)).row.seq == seq and (await view(runtime, gid))["clue_giver"] == GIVER
    outcome, mid = await type_(runtime, typed, gid, GIVER, "  PASS ")
    assert outcome == "acted" and not deleted(transport, mid)
    assert (await view(runtime, gid))["clue_giver"] == NEXT and (await view(runtime, gid))["clues"] == []
    assert any("passes." in t for t in transport.texts((await runtime.get(gid)).row.thread_id))


async def test_ks_16_a_foul_typed_clue_is_deleted_with_its_penalty_in_one_transaction_and_its_reason_goes_by_dm(runtime, transport):
    typed, gid = await start(runtime)
    word = (await view(runtime, gid, GIVER))["element"]["word"]
    outcome, mid = await type_(runtime, typed, gid, GIVER, word + "s")  # a derived form (KS-15 d)
    assert outcome == "acted" and deleted(transport, mid)
    action, ops = await ops_of_last_action(runtime, gid)
    assert action["kind"] == "clue" and ops[0] == {"do": "delete_message", "channel": (await runtime.get(gid)).row.thread_id, "message": mid}
    assert (await view(runtime, gid))["penalties"][GIVER] == 1
    thread = (await runtime.get(gid)).row.thread_id
    assert any("takes a penalty card" in t for t in transport.texts(thread))
    assert not any(word + "s" in t for t in transport.texts(thread))  # the foul is never shown (KS-16, KS-P2)
    reason = [t for t in transport.dms(int(GIVER)) if "broke the rules" in t]
    assert len(reason) == 1 and "Dreamland" in reason[0] and f"#{gid}" in reason[0], transport.dms(int(GIVER))
    assert not transport.dms(int(DREAMER)) or not any("broke the rules" in t for t in transport.dms(int(DREAMER)))


async def test_ks_16_a_foul_by_a_giver_with_closed_dms_still_counts_and_nothing_is_said_in_public(runtime, transport):
    typed, gid = await start(runtime)
    transport.closed_dms.add(int(GIVER))
    word = (await view(runtime, gid, GIVER))["element"]["word"]
    thread = (await runtime.get(gid)).row.thread_id
    before = len(transport.texts(thread))
    outcome, mid = await type_(runtime, typed, gid, GIVER, word)
    assert outcome == "acted" and deleted(transport, mid) and (await view(runtime, gid))["penalties"][GIVER] == 1
    new = transport.texts(thread)[before:]
    assert any("takes a penalty card" in t for t in new)
    assert not any("could not send you a private message" in t for t in new), new  # no DM-closed notice


async def test_ks_19_ks_21_the_dreamers_typed_guess_is_deleted_first_whatever_its_pile(runtime, transport):
    """A right and a wrong guess: each is deleted by the first op of its own transaction; the ops go to the same
    places and people for both piles (the Dreamer: none), and the guess is never posted (KS-P5)."""
    typed, gid = await start(runtime)
    public_ops = []
    for guess in ("right", "wrong"):
        text = (await view(runtime, gid, GIVER))["element"]["word"] if guess == "right" else "zzyzx"
        dms_before = len(transport.dms(int(DREAMER)))
        card = (await view(runtime, gid))["card"]
        outcome, mid = await type_(runtime, typed, gid, DREAMER, text)
        assert outcome == "acted" and deleted(transport, mid)
        action, ops = await ops_of_last_action(runtime, gid)
        assert action["kind"] == "guess" and ops[0]["do"] == "delete_message" and ops[0]["message"] == mid
        assert (await view(runtime, gid))["card"] == card + 1
        assert len(transport.dms(int(DREAMER))) == dms_before  # KS-P1: nothing to the Dreamer
        public_ops.append([(o["do"], o.get("to"), re.sub(r"#\d+", "#", str(o.get("slot"))), o.get("user")) for o in ops])
        thread = (await runtime.get(gid)).row.thread_id
        assert not any(text in t for t in transport.texts(thread))
    fates = [c["fate"] for c in (await view(runtime, gid, GIVER))["round_cards"]]
    assert fates == ["yellow", "blue"]
    assert public_ops[0] == public_ops[1]  # the same ops to the same places and people for either pile


async def test_ks_14_chatter_during_the_night_is_deleted_at_once_and_is_no_action(runtime, transport):
    typed, gid = await start(runtime)
    seq = (await runtime.get(gid)).row.seq
    for author in (NEXT, OTHER, OUTSIDER):  # not the active giver, not the Dreamer (a later giver, anyone)
        outcome, mid = await type_(runtime, typed, gid, author, "is it a cat?")
        assert outcome == "deleted" and deleted(transport, mid)
    assert (await runtime.get(gid)).row.seq == seq  # nothing logged


async def test_ks_17_voice_mode_the_dreamers_typed_guess_counts_and_the_others_talk_stays(runtime, transport):
    typed, gid = await start(runtime, clue_mode="voice")
    for author in (GIVER, OTHER, OUTSIDER):
        outcome, mid = await type_(runtime, typed, gid, author, "it is round")
        assert outcome == "ignored" and not deleted(transport, mid)
    outcome, mid = await type_(runtime, typed, gid, DREAMER, "moon")
    assert outcome == "acted" and deleted(transport, mid) and (await view(runtime, gid))["card"] == 2


async def _to_recap(runtime: Runtime, gid: int) -> None:
    live = await runtime.get(gid)
    dream = next(p for p in live.state.prompts if p.id.startswith("dream#"))
    await runtime.act(gid, Action.timeout(dream.id))  # the sand timer runs out (KS-23)
    live = await runtime.get(gid)
    last = next(p for p in live.state.prompts if p.id.startswith("last_guess#"))
    await runtime.act(gid, Action(CLOCK, last.id, "timeout"))
    await runtime.idle()
    assert (await view(runtime, gid))["phase"] == "recap"


async def test_ks_24_the_dreamers_first_message_is_the_recap_and_the_others_are_deleted(runtime, transport):
    typed, gid = await start(runtime)
    await type_(runtime, typed, gid, DREAMER, "zzyzx")
    await _to_recap(runtime, gid)
    outcome, mid = await type_(runtime, typed, gid, GIVER, "you said book!")
    assert outcome == "deleted" and deleted(transport, mid)  # nobody prompts the Dreamer
    outcome, mid = await type_(runtime, typed, gid, DREAMER, "zzyzx")
    assert outcome == "acted" and not deleted(transport, mid)
    record = (await view(runtime, gid))["history"][-1]
    assert record["recap"] == "zzyzx"
    outcome, mid = await type_(runtime, typed, gid, DREAMER, "and also this")  # the day: nothing is read
    assert outcome == "ignored" and not deleted(transport, mid)
    assert (await view(runtime, gid))["history"][-1]["recap"] == "zzyzx"


async def test_without_manage_messages_the_game_goes_on_and_the_messages_stay(runtime, transport):
    typed, gid = await start(runtime)
    transport.no_manage_messages = True
    outcome, _ = await type_(runtime, typed, gid, OTHER, "chatter")
    assert outcome == "deleted"  # asked; Discord refused; nothing else happened
    outcome, _ = await type_(runtime, typed, gid, DREAMER, "zzyzx")
    assert outcome == "acted" and (await view(runtime, gid))["card"] == 2
    async with runtime.db.sessions() as session:
        rows = (await session.scalars(select(OutboxRow).where(OutboxRow.game_id == gid))).all()
    deletes = [r for r in rows if r.op["do"] == "delete_message"]
    assert deletes and all(r.sent and r.result == {"skipped": "no_permission"} for r in deletes)
    assert all(r.sent for r in rows)  # the rest of the outbox was delivered after it
    outcome, mid = await type_(runtime, typed, gid, GIVER, "lamp")
    assert outcome == "acted" and (await view(runtime, gid))["clues"][-1]["clue"] == "lamp"


async def test_a_message_in_no_game_costs_no_query_and_a_finished_game_stops_reading(runtime, transport):
    typed, gid = await start(runtime)
    clock = [0.0]
    typed.channels.clock = lambda: clock[0]
    for i in range(50):
        assert await typed.handle(channel_id=999, parent_id=None, author_id=1, message_id=i, text="hello") == "not_a_game"
    assert typed.channels.loads == 1
    clock[0] += 11  # older than REFRESH_SECONDS: read once more, for games other processes started
    await typed.handle(channel_id=999, parent_id=None, author_id=1, message_id=99, text="hello")
    assert typed.channels.loads == 2
    live = await runtime.get(gid)
    assert await typed.channels.game_of(live.row.thread_id) == gid
    # the game's own channel is not the game's while the game plays in a thread
    assert await typed.channels.game_of(live.row.channel_id) is None
    await runtime.cancel(gid, [])
    typed.channels.changed()
    outcome, mid = await type_(runtime, typed, gid, OTHER, "gg")
    assert outcome == "not_a_game" and not deleted(transport, mid)


async def test_only_games_that_read_typed_words_are_indexed(runtime, transport):
    """A Night Watch thread is no typed-words game: its messages are not even looked at."""
    from tests.bot.test_runtime import open_game

    typed, gid = await start(runtime)
    watch = await open_game(runtime, [str(2000 + i) for i in range(7)])
    assert await typed.channels.game_of((await runtime.get(gid)).row.thread_id) == gid
    assert await typed.channels.game_of(watch.row.thread_id) is None


def test_ks_21_reading_a_guess_does_not_depend_on_the_card():
    """The decision for a Dreamer's message (a guess, deleted) is made from the public view and the Dreamer's legal
    actions alone, so it is the same whatever the card and whatever the guess."""
    from engines import get_engine
    from tests.bot.test_kdyz_snim_presenter import make_table

    engine = get_engine("kdyz_snim")
    presenter = game_ui("kdyz_snim").presenter
    seen = set()
    for seed in ("a", "b", "c"):
        state, _ = engine.setup(PLAYERS, {"language": "en"}, seed)
        word = engine.view(state, GIVER)["element"]["word"]
        for text in (word, "zzyzx"):
            got = presenter.read_typed(make_table("en", PLAYERS), state, DREAMER, text)
            assert isinstance(got, Typed) and got.delete and got.action.kind == "guess"
            seen.add((got.delete, got.delete_on, got.action.prompt, got.action.args["card"]))
    assert len(seen) == 1, seen


async def test_the_day_reads_nothing(runtime, transport):
    typed, gid = await start(runtime)
    await _to_recap(runtime, gid)
    await type_(runtime, typed, gid, DREAMER, "nothing")
    assert (await view(runtime, gid))["phase"] in ("day", "night")
    for author in (GIVER, OUTSIDER):
        outcome, mid = await type_(runtime, typed, gid, author, "well played")
        assert outcome == "ignored" and not deleted(transport, mid)


async def test_ks_19_the_deletion_of_a_taken_guess_survives_a_crash_before_it_is_sent(database, clock, transport):
    """The guess and its deletion are one transaction: a bot that dies before delivering anything deletes the
    message after its restart, before anything else it had to send (and a message already gone counts as deleted)."""
    from bot.delivery import Dispatcher

    crashed = Runtime(database, clock, new_seed=lambda: "seed-1")  # no dispatcher: it dies before sending anything
    typed, gid = await start(crashed, thread=False)
    channel = (await crashed.get(gid)).row.channel_id  # a game in its channel (no thread is made)
    mid = next(messages)
    assert await typed.handle(channel_id=channel, parent_id=None, author_id=int(DREAMER), message_id=mid, text="zzyzx") == "acted"
    await crashed.close()
    restarted = Runtime(database, clock)
    Dispatcher(restarted, transport, retry_delay=0)
    await restarted.recover()
    await restarted.idle()
    assert transport.calls[0] == ("delete", mid), transport.calls[:3]  # ahead of every row written before it
    async with restarted.db.sessions() as session:
        row = (await session.scalars(select(OutboxRow).where(OutboxRow.game_id == gid).order_by(OutboxRow.id))).all()
    delete = next(r for r in row if r.op["do"] == "delete_message")
    assert delete.sent and delete.result == {"deleted": mid, "already": True}  # the recording transport never had it
    await restarted.close()


async def test_ks_19_the_dreamers_guess_is_deleted_at_once_while_the_games_posts_wait_for_discords_pace(runtime, clock, transport):
    """The thread has had its 5 posts in 5 s, so the pass's notice waits for Discord's pace; the Dreamer's guess,
    typed meanwhile, is deleted at once all the same (KS-19), before that notice and its own "next dream card",
    with no time passing, and once: the game's drain, when its posts go, passes the deletion by. Its outbox row
    was written with the guess and is marked sent."""
    from bot.pacing import BOT_CALLS_PER_SECOND, Paced, Pacer

    typed, gid = await start(runtime)
    dispatcher = runtime.dispatcher
    pacer = Pacer(clock)
    dispatcher.transport = Paced(transport, pacer, Pacer(clock, limit=BOT_CALLS_PER_SECOND, window=1.0, margin=0.05))
    thread = (await runtime.get(gid)).row.thread_id
    for _ in range(5):
        await pacer.wait(thread)  # the thread's window is full
    posted, calls = len(transport.texts(thread)), len(transport.calls)
    mid = next(messages)
    for author, message, text in ((GIVER, next(messages), "pass"), (DREAMER, mid, "zzyzx")):
        assert await typed.handle(channel_id=thread, parent_id=222, author_id=int(author), message_id=message, text=text) == "acted"
    for _ in range(200):  # the writer's commits run on the database's own thread: real time, the clock stands still
        if deleted(transport, mid):
            break
        await asyncio.sleep(0.01)
    at_once, held = deleted(transport, mid), len(transport.texts(thread)) == posted
    await clock.advance(6.0)
    await runtime.idle()
    assert at_once, transport.calls[calls:]
    assert held  # the pass's notice waited for its turn in the thread meanwhile
    new = transport.texts(thread)[posted:]
    # the pass's turn, then the guess's: since 5034858 a guess posts nothing of its own, the next turn's post is
    # headed by the card change
    assert new and any("Next dream card" in t for t in new), new
    assert [c for c in transport.calls[calls:] if c == ("delete", mid) or c == ("post", thread)][0] == ("delete", mid)
    assert transport.calls.count(("delete", mid)) == 1
    async with runtime.db.sessions() as session:
        rows = (await session.scalars(select(OutboxRow).where(OutboxRow.game_id == gid))).all()
    row = next(r for r in rows if r.op.get("do") == "delete_message" and r.op.get("message") == mid)
    assert row.sent and row.result["deleted"] == mid  # ("already": the recording transport never had the message)


async def test_a_deletion_goes_ahead_of_the_calls_waiting_in_the_bot_wide_pace(clock):
    """Deletions count in the bot-wide budget, but a deletion waiting there takes the next turn before calls that
    waited longer (other games' posts, a deal's DMs); and it waits in no channel's window of posts (Discord keeps
    deletions in buckets of their own)."""
    from bot.pacing import Paced, Pacer

    order: list[str] = []

    class Calls:
        async def post(self, channel_id, payload, files=None):
            order.append(payload["content"])
            return 1

        async def delete(self, channel_id, message_id):
            order.append(f"delete {message_id}")

    paced = Paced(Calls(), Pacer(clock), Pacer(clock, limit=1, window=1.0, margin=0.0))
    posts = [asyncio.ensure_future(paced.post(10 + i, {"content": f"post {i}"})) for i in range(4)]
    for _ in range(5):
        await asyncio.sleep(0)
    assert order == ["post 0"]  # the bot's budget is spent for this second
    deletion = asyncio.ensure_future(paced.delete(10, 99))
    for _ in range(5):
        await asyncio.sleep(0)  # it waits too, behind the three posts
    for _ in range(4):
        await clock.advance(1.0)
    await asyncio.gather(*posts, deletion)
    assert order == ["post 0", "delete 99", "post 1", "post 2", "post 3"], order
    channel = Pacer(clock)
    for _ in range(5):
        await channel.wait(10)
    paced = Paced(Calls(), channel, None)
    await asyncio.wait_for(paced.delete(10, 100), 1)  # the channel's posts are at their limit: not its deletions
    assert order[-1] == "delete 100"


async def test_while_a_games_thread_is_being_made_its_channel_is_not_the_games(database, clock, transport):
    """Between a game's start and its thread, the channel it was opened in is the server's: chatter there is not
    deleted. Once the thread is made, only the thread is the game's."""
    from bot.delivery import Dispatcher

    runtime = Runtime(database, clock, new_seed=lambda: "seed-1")  # nothing delivered yet: the thread is to come
    typed, gid = await start(runtime)
    channel = (await runtime.get(gid)).row.channel_id
    assert await typed.handle(channel_id=channel, parent_id=None, author_id=int(OTHER), message_id=1, text="gl all") == "not_a_game"
    Dispatcher(runtime, transport, retry_delay=0)
    runtime.dispatcher.kick(gid)
    await runtime.idle()
    thread = (await runtime.get(gid)).row.thread_id
    assert thread and await typed.handle(channel_id=channel, parent_id=None, author_id=int(OTHER), message_id=2, text="gl") == "not_a_game"
    assert await typed.handle(channel_id=thread, parent_id=channel, author_id=int(OTHER), message_id=3, text="hi") == "deleted"
    await runtime.close()


async def test_the_listener_reads_people_in_servers_only_not_bots_webhooks_or_system_messages():
    """Bots' and webhooks' messages, DMs, system messages (a thread made, a pin) and empty ones are never read."""
    from types import SimpleNamespace

    import discord

    from cogs.game import GameCog

    handled = []

    class Recorder:
        async def handle(self, **message):
            handled.append(message)
            return "ignored"

    cog = GameCog(SimpleNamespace())
    cog.typed = Recorder()  # type: ignore[assignment]

    def message(**changes):
        fields = dict(
            id=5, guild=object(), author=SimpleNamespace(id=7, bot=False), webhook_id=None, type=discord.MessageType.default,
            content="moon", channel=SimpleNamespace(id=9, parent_id=8),
        )
        return SimpleNamespace(**{**fields, **changes})

    for ignored in (
        message(author=SimpleNamespace(id=7, bot=True)),
        message(webhook_id=3),
        message(guild=None),
        message(type=discord.MessageType.thread_created),
        message(content=""),
    ):
        await cog.on_game_message(ignored)
    assert handled == []
    await cog.on_game_message(message(type=discord.MessageType.reply))
    assert handled == [{"channel_id": 9, "parent_id": 8, "author_id": 7, "message_id": 5, "text": "moon"}]
    cog.typed = None  # MESSAGE_CONTENT=off: nothing is read at all
    await cog.on_game_message(message())
    assert len(handled) == 1


@pytest.mark.parametrize("mode", ["text", "voice"])
def test_ks_14_ks_17_ks_19_ks_24_what_a_typed_message_is_at_every_step_of_a_random_game(mode):
    """Over a seeded random game: the Dreamer's night messages are guesses, always deleted (KS-19); the active
    giver's are clues, deleted only with a penalty (KS-14, KS-16); in text mode everyone else's night messages are
    deleted, in voice mode nobody else's (KS-14, KS-17); at the recap the Dreamer's is the recap and the others' are
    deleted (KS-24); by day nothing is read. Each action read is one the player could click."""
    from engines import get_engine
    from tests.bot.presenting import transitions
    from tests.bot.test_kdyz_snim_presenter import make_table

    engine = get_engine("kdyz_snim")
    presenter = game_ui("kdyz_snim").presenter
    people = PLAYERS + ["4242"]  # the players and someone watching
    phases = set()
    for _before, state, _events, _action in transitions(engine, PLAYERS, 5, {"language": "en", "clue_mode": mode}):
        if state.outcome is not None:
            continue
        public = engine.view(state, None)
        phases.add(public["phase"])
        for person in people:
            got = presenter.read_typed(make_table("en", PLAYERS), state, person, "moon")
            legal = [a.to_json() for a in engine.legal_actions(state, person)]
            if got is not None and got.action is not None:
                blank = {k: (None if k == "text" else v) for k, v in got.action.args.items()}
                assert {**got.action.to_json(), "args": blank} in legal
            if public["phase"] in ("night", "last_guess"):
                if person == public["dreamer"]:
                    assert got.delete and (got.action is None or got.action.kind == "guess")
                elif person == public["clue_giver"] and mode == "text":
                    assert got.action.kind == "clue" and not got.delete and got.delete_on == {"ks.clue_refused"}
                else:
                    assert got.action is None and got.delete is (mode == "text")
            elif public["phase"] == "recap":
                if person == public["dreamer"]:
                    assert got.action.kind == "recap" and not got.delete
                else:
                    assert got.action is None and got.delete
            else:
                assert got is None
    assert {"night", "last_guess", "recap", "day"} <= phases


# -- edited messages (a person's MESSAGE_UPDATE) ----------------------------------------------------------------


async def edit(runtime: Runtime, typed: TypedMessages, game_id: int, author: int | str, mid: int) -> str:
    """``author`` edits their message ``mid`` in the game's thread; returns what became of it."""
    live = await runtime.get(game_id)
    outcome = await typed.handle_edit(channel_id=live.row.thread_id, parent_id=live.row.channel_id, author_id=int(author), message_id=mid)
    await runtime.idle()
    await typed.settle()
    return outcome


async def test_ks_13_ks_15_an_accepted_clue_edited_afterwards_is_deleted_and_the_clue_log_keeps_it_as_judged(runtime, transport):
    """KS-13: clues are typed so the bot can check them; KS-15: the judge. A giver who edits an accepted clue
    (into the dream card's word itself) gets no new clue and no penalty: the edited message is deleted, and the
    bot's turn message still lists the clue as it was judged. The pass word edited goes the same way."""
    typed, gid = await start(runtime)
    word = (await view(runtime, gid, GIVER))["element"]["word"]
    outcome, clue = await type_(runtime, typed, gid, GIVER, "library")
    assert outcome == "acted" and not deleted(transport, clue)
    outcome, passed = await type_(runtime, typed, gid, NEXT, "pass")
    assert outcome == "acted" and not deleted(transport, passed)
    live = await runtime.get(gid)
    seq, thread, log_before = live.row.seq, live.row.thread_id, list(transport.texts(live.row.thread_id))
    assert await edit(runtime, typed, gid, GIVER, clue) == "deleted"  # now it reads the card's word
    assert await edit(runtime, typed, gid, NEXT, passed) == "deleted"
    assert deleted(transport, clue) and deleted(transport, passed)
    assert (await runtime.get(gid)).row.seq == seq  # the edits are no action: no clue, no pass, no penalty
    public = await view(runtime, gid)
    assert public["clues"] == [{"player": GIVER, "clue": "library"}] and public["penalties"][GIVER] == 0
    assert any("💬 **Bob**: library" in t for t in transport.texts(thread))  # the clue log as judged
    assert not any(word in t for t in transport.texts(thread)[len(log_before):])
    for author in (OTHER, OUTSIDER, DREAMER):  # anyone's edit during a text-mode night goes (a message from before)
        mid = next(messages)
        assert await edit(runtime, typed, gid, author, mid) == "deleted" and deleted(transport, mid)
    assert (await view(runtime, gid))["card"] == public["card"]  # the Dreamer's edit is no guess (KS-19)


async def test_ks_24_a_message_edited_into_a_hint_during_the_recap_is_deleted_and_is_no_recap(runtime, transport):
    """KS-24: nobody prompts the Dreamer, so a night clue edited into a hint during the recap is deleted; the
    Dreamer's own edit is no recap either (the first message counts), and their next message is the recap."""
    typed, gid = await start(runtime)
    _, clue = await type_(runtime, typed, gid, GIVER, "library")
    await type_(runtime, typed, gid, DREAMER, "zzyzx")
    await _to_recap(runtime, gid)
    assert await edit(runtime, typed, gid, GIVER, clue) == "deleted" and deleted(transport, clue)
    assert await edit(runtime, typed, gid, DREAMER, next(messages)) == "deleted"
    assert (await view(runtime, gid))["phase"] == "recap"
    outcome, mid = await type_(runtime, typed, gid, DREAMER, "zzyzx")
    assert outcome == "acted" and (await view(runtime, gid))["history"][-1]["recap"] == "zzyzx"
    assert await edit(runtime, typed, gid, DREAMER, mid) == "ignored" and not deleted(transport, mid)  # by day: left alone
    assert await edit(runtime, typed, gid, OUTSIDER, next(messages)) == "ignored"


async def test_ks_17_ks_19_ks_24_voice_mode_deletes_edits_only_where_the_rules_delete_messages(runtime, transport):
    """Voice mode (KS-17): the bot runs no clue turns, so the others' edited talk stays at night; the Dreamer's
    edit is deleted (their messages are guesses, never shown, KS-19) and is no guess; at the recap everyone
    else's edit is deleted (KS-24) and the Dreamer's stays, as their messages do."""
    typed, gid = await start(runtime, clue_mode="voice")
    for author in (GIVER, OTHER, OUTSIDER):
        _, mid = await type_(runtime, typed, gid, author, "it is round")
        assert await edit(runtime, typed, gid, author, mid) == "ignored" and not deleted(transport, mid)
    mid = next(messages)
    assert await edit(runtime, typed, gid, DREAMER, mid) == "deleted" and deleted(transport, mid)
    assert (await view(runtime, gid))["card"] == 1
    await _to_recap(runtime, gid)
    assert await edit(runtime, typed, gid, GIVER, mid := next(messages)) == "deleted" and deleted(transport, mid)
    assert await edit(runtime, typed, gid, DREAMER, mid := next(messages)) == "ignored" and not deleted(transport, mid)


async def test_an_edit_in_no_game_or_a_game_without_manage_messages_changes_nothing(runtime, transport):
    typed, gid = await start(runtime)
    assert await typed.handle_edit(channel_id=999, parent_id=None, author_id=1, message_id=1) == "not_a_game"
    transport.no_manage_messages = True
    seq = (await runtime.get(gid)).row.seq
    assert await edit(runtime, typed, gid, GIVER, next(messages)) == "deleted"  # asked; Discord refused
    assert (await runtime.get(gid)).row.seq == seq
    outcome, _ = await type_(runtime, typed, gid, GIVER, "lamp")
    assert outcome == "acted"  # the game goes on


def test_is_edit_tells_a_persons_edit_from_a_links_embed_a_pin_or_a_thread():
    """Discord sends MESSAGE_UPDATE for a link's embed too (no edited_timestamp, or the old one): only an update
    whose edited time (or content) changed is an edit; of an uncached message, one whose edited time is recent."""
    from datetime import datetime, timedelta, timezone
    from types import SimpleNamespace

    from bot.typed import EDIT_WINDOW, is_edit

    now = datetime(2026, 12, 2, 6, 0, tzinfo=timezone.utc)
    earlier = now - timedelta(minutes=1)
    assert not is_edit({"content": "see http://x.example", "edited_timestamp": None, "embeds": [{}]}, now=now)
    assert not is_edit({"content": "moon"}, now=now)
    assert is_edit({"content": "moon", "edited_timestamp": now.isoformat()}, now=now)  # uncached: a fresh edit
    assert not is_edit({"content": "moon", "edited_timestamp": (now - EDIT_WINDOW * 2).isoformat()}, now=now)  # long ago
    cached = SimpleNamespace(content="moon", edited_at=earlier)
    assert not is_edit({"content": "moon", "edited_timestamp": earlier.isoformat(), "embeds": [{}]}, cached, now)  # a pin, an embed
    assert is_edit({"content": "moon!", "edited_timestamp": now.isoformat()}, cached, now)
    assert is_edit({"content": "moon", "edited_timestamp": now.isoformat()}, SimpleNamespace(content="moon", edited_at=None), now)
    assert not is_edit({"content": "moon", "edited_timestamp": "not a time"}, now=now)


async def test_the_edit_listener_reads_peoples_edits_in_servers_only():
    """on_raw_message_edit: bots', webhooks' and system messages, DMs and updates that are no edit (a link's
    embed) are never read; a person's edit goes to the game with its channel, author and message."""
    from datetime import datetime, timezone
    from types import SimpleNamespace

    import discord

    from cogs.game import GameCog

    handled = []

    class Recorder:
        async def handle_edit(self, **message):
            handled.append(message)
            return "ignored"

    cog = GameCog(SimpleNamespace())
    cog.typed = Recorder()  # type: ignore[assignment]
    stamp = datetime.now(timezone.utc)

    def update(data=None, cached=None, **changes):
        message = dict(
            author=SimpleNamespace(id=7, bot=False), webhook_id=None, type=discord.MessageType.default,
            channel=SimpleNamespace(id=9, parent_id=8),
        )
        fields = dict(
            guild_id=1, channel_id=9, message_id=5, cached_message=cached,
            data={"content": "moon", "edited_timestamp": stamp.isoformat()} if data is None else data,
        )
        return SimpleNamespace(**fields, message=SimpleNamespace(**{**message, **changes}))

    for ignored in (
        update(author=SimpleNamespace(id=7, bot=True)),
        update(webhook_id=3),
        update(type=discord.MessageType.pins_add),
        update(data={"content": "see http://x.example", "edited_timestamp": None}),  # a link's embed
        update(cached=SimpleNamespace(content="moon", edited_at=stamp)),  # the same edit again (a pin)
    ):
        await cog.on_raw_message_edit(ignored)
    dm = update()
    dm.guild_id = None
    await cog.on_raw_message_edit(dm)
    assert handled == []
    await cog.on_raw_message_edit(update(type=discord.MessageType.reply, cached=SimpleNamespace(content="mo", edited_at=None)))
    assert handled == [{"channel_id": 9, "parent_id": 8, "author_id": 7, "message_id": 5}]
    cog.typed = None  # MESSAGE_CONTENT=off: nothing is read
    await cog.on_raw_message_edit(update())
    assert len(handled) == 1


@pytest.mark.parametrize("mode", ["text", "voice"])
def test_ks_13_ks_17_ks_24_what_an_edit_is_at_every_step_of_a_random_game(mode):
    """Over a seeded random game: in text mode every edit during the night and the recap is deleted (KS-13, KS-15:
    the thread shows what was judged; KS-24); in voice mode only the Dreamer's at night and the others' at the
    recap (KS-17, KS-19, KS-24), exactly where a new message of theirs would be deleted; by day none."""
    from engines import get_engine
    from tests.bot.presenting import transitions
    from tests.bot.test_kdyz_snim_presenter import make_table

    engine = get_engine("kdyz_snim")
    presenter = game_ui("kdyz_snim").presenter
    table = make_table("en", PLAYERS)
    phases = set()
    for _before, state, _events, _action in transitions(engine, PLAYERS, 5, {"language": "en", "clue_mode": mode}):
        if state.outcome is not None:
            continue
        public = engine.view(state, None)
        phases.add(public["phase"])
        for person in PLAYERS + ["4242"]:
            got = presenter.read_edit(table, state, person)
            if public["phase"] in ("night", "last_guess", "recap") and mode == "text":
                assert got is True
            elif public["phase"] in ("night", "last_guess", "recap"):
                new = presenter.read_typed(table, state, person, "moon")
                assert got is (new is not None and new.delete)
            else:
                assert got is False
    assert {"night", "last_guess", "recap", "day"} <= phases
