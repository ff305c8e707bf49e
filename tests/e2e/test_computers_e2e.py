"""Computer players through the real bot and the fake Discord server (issue 31), with the real deciders
(``engines.ai``, in the bot's worker processes):

* a Midnighters game of a person against an easy computer the host seats from the lobby's Computers panel: the
  bot is SIGKILLed while the computer's move is pending (the person has just played, the computer has not yet), and
  the restarted bot resumes the computer's turn; the game is played to its end;
* a game of computers only (the host leaves their own seat and fills the table with computers), watched to its end
  (it plays in another channel meanwhile, across the same restart);
* nothing is ever sent to a computer (no DM channel is opened for one), no stats results are written for either
  game, and the record names the computers with their levels.

The bot's clock runs three times faster (a computer's 1-2 s pace and the rules' timers alike), so both games take
seconds of play, mostly Discord's pace.
"""

from __future__ import annotations

import asyncio
import io
import json
import sqlite3

import pytest

from engines import get_engine
from engines.__main__ import main as engines_main
from engines.core import Action
from tests.e2e.harness import BotProcess, GameTable, find_component
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

SEED = "computers-e2e-1"
TIME_SCALE = 3.0
MAX_STEPS = 400
BOT_1 = "-11"
#: The game against a computer: Midnighters, short (MN-62's turn limit), with reaction windows for both sides.
VERSUS = "midnighters"
VERSUS_OPTIONS = {"max_turns": "4"}
#: The game of computers only: Midnighters too, held to 3 turns (a Ghost at Home game of computers only is played
#: to its end in tests/bot/test_computers.py; here it would take a minute of Discord's pace).
SHOWCASE = "midnighters"
SHOWCASE_OPTIONS = {"max_turns": "3"}  # the first computer the host seats, at easy (bot/computers.py: -<number><level>)


def stored_actions(db, game_id: int) -> list[dict]:
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    return [json.loads(a) for (a,) in rows]


def stored_game(db, game_id: int) -> dict:
    with sqlite3.connect(db) as con:
        seats, names, status, seed, options = con.execute(
            "SELECT seats, names, status, seed, options FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    return {"seats": json.loads(seats), "names": json.loads(names), "status": status, "seed": seed, "options": json.loads(options)}


def results_of(db, game_id: int) -> int:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT count(*) FROM results WHERE game_id = ?", (game_id,)).fetchone()[0]


def awaited(db, game_id: int, game: str) -> set[str]:
    """Who the game waits for now, replayed from the stored log (what the test knows of the bot's state)."""
    row = stored_game(db, game_id)
    engine = get_engine(game)
    state, _ = engine.setup(row["seats"], row["options"], row["seed"])
    for action in stored_actions(db, game_id):
        state, _ = engine.apply(state, Action.from_json(action))
    return {p for prompt in state.prompts for p in prompt.players}


async def seat_computer(server: FakeDiscord, table: GameTable, lobby_id: int, level: str) -> None:
    """The host opens the lobby's Computers panel and seats a computer at ``level``."""
    host = table.players[0]
    rec = await table.interact(server.click(host, lobby_id, f"nl:{table.game_id}:computers"))
    panel = rec.original
    assert rec.ephemeral and find_component(panel, f"nls:{table.game_id}:addbot") is not None, rec.responses
    rec = await table.interact(server.click(host, int(panel["id"]), f"nls:{table.game_id}:addbot", [level]))
    answer = (rec.original or {}).get("content", "")
    assert rec.ephemeral and "takes a seat" in answer, rec.responses


async def play_against_a_computer(server: FakeDiscord, bot: BotProcess, db) -> tuple[GameTable, dict]:
    ada = server.user_id("Ada")
    table = GameTable(server, bot, [ada], VERSUS)
    lobby = await table.open_lobby()
    await table.set_options(lobby, VERSUS_OPTIONS)
    await seat_computer(server, table, lobby, "easy")
    await server.wait_for(lambda s: "🤖 Bot 1 · easy" in (s.message(lobby).get("content") or ""), timeout=30, what="the computer in the lobby")
    rec = await table.interact(server.click(ada, lobby, f"nl:{table.game_id}:start"))
    assert rec.ephemeral, rec.responses
    threads = await server.wait_for(lambda s: s.threads(table.channel), timeout=30, what="game thread")
    table.thread = int(threads[0]["id"])
    killed: dict = {}
    for _ in range(MAX_STEPS):
        done = len(stored_actions(db, table.game_id))
        if not killed and done and BOT_1 in awaited(db, table.game_id, VERSUS):
            # the person has played and the computer's move is pending (it waits a person's pace): SIGKILL now
            bot.kill()
            after = stored_actions(db, table.game_id)
            await bot.start()
            if len(after) == done:  # (on a slow machine the computer may have moved first: the next turn, then)
                killed = {"at": done, "last": after[-1]["player"]}
                # the restarted bot resumes the computer's turn from the game's state
                await server.wait_for(
                    lambda s, done=done: len(stored_actions(db, table.game_id)) > done, timeout=60, what="the computer's move after the restart"
                )
                killed["next"] = stored_actions(db, table.game_id)[done]["player"]
            continue
        if not await table.step():
            break
    assert table.game_over(), bot.log()[-3000:]
    return table, killed


async def start_computers_only(server: FakeDiscord, bot: BotProcess) -> GameTable:
    ada = server.user_id("Ada")
    table = GameTable(server, bot, [ada], SHOWCASE)
    table.channel = server.channel_id("showcase")
    lobby = await table.open_lobby()
    await table.set_options(lobby, SHOWCASE_OPTIONS)  # the host sets the table up without a seat of their own
    rec = await table.interact(server.click(ada, lobby, f"nl:{table.game_id}:leave"))  # the host watches
    assert rec.ephemeral
    await seat_computer(server, table, lobby, "easy")
    await seat_computer(server, table, lobby, "normal")
    rec = await table.interact(server.click(ada, lobby, f"nl:{table.game_id}:start"))
    assert rec.ephemeral and not (rec.original or {}).get("content", "").startswith("⚠️"), rec.responses
    threads = await server.wait_for(lambda s: s.threads(table.channel), timeout=30, what="the showcase's thread")
    table.thread = int(threads[0]["id"])
    return table


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    async def run():
        server = FakeDiscord(guild_name="Haunted Manor", users=["Ada"], text_channels=["general", "showcase"])
        await server.start()
        db = tmp_path_factory.mktemp("computers") / "nocturne.sqlite3"
        bot = BotProcess(server, db, SEED, time_scale=TIME_SCALE)
        try:
            await bot.start()
            loop = asyncio.get_running_loop()
            began = loop.time()
            # the showcase plays in its channel all along, across the restart too
            showcase = await start_computers_only(server, bot)
            versus, killed = await play_against_a_computer(server, bot, db)
            middle = loop.time()
            await server.wait_for(lambda s: showcase.game_over(), timeout=120, what="the computers' game to end")
            await server.wait_for_message(  # the record, attached to the showcase's final message
                showcase.thread, lambda m: any(a["filename"].endswith(".json") for a in m.get("attachments") or []), timeout=30
            )
            iid = await server.slash(server.user_id("Ada"), server.channel_id("general"), "game", [{"type": 1, "name": "history", "options": []}])
            history = (await server.wait_for_response(iid, timeout=30)).responses[0].get("content") or ""
            return {"server": server, "db": db, "versus": versus, "killed": killed, "showcase": showcase, "log": bot.log(),
                    "seconds": (middle - began, loop.time() - began), "history": history}
        finally:
            await bot.stop()
            await server.stop()

    return asyncio.run(run())


def test_a_person_plays_a_computer_to_the_end_across_a_sigkill_during_the_computers_turn(played):
    killed, db, versus = played["killed"], played["db"], played["versus"]
    assert killed, "the computer's turn never came"
    assert killed["last"] != BOT_1 and killed["next"] == BOT_1  # killed during its turn; it moved after the restart
    row = stored_game(db, versus.game_id)
    assert row["status"] == "finished" and row["seats"] == [str(versus.players[0]), BOT_1]
    assert row["names"][BOT_1] == "🤖 Bot 1 · easy"
    players = {a["player"] for a in stored_actions(db, versus.game_id)}
    assert BOT_1 in players and str(versus.players[0]) in players
    assert "🏁" in versus.game_over() or "Game over" in versus.game_over()


def test_a_game_of_computers_only_is_watched_to_its_end(played):
    db, showcase = played["db"], played["showcase"]
    row = stored_game(db, showcase.game_id)
    assert row["status"] == "finished" and row["seats"] == ["-11", "-22"]
    assert {a["player"] for a in stored_actions(db, showcase.game_id)} >= {"-11", "-22"}
    assert "🤖 Bot 1 · easy" in showcase.game_over() or "🤖 Bot 2 · normal" in showcase.game_over()


def test_computers_get_nothing_sent_and_their_games_count_for_no_stats(played):
    server, db = played["server"], played["db"]
    for game in (played["versus"], played["showcase"]):
        assert results_of(db, game.game_id) == 0
    # the person got their hand by DM; a computer's DMs (its hand, its turn) were dropped before any call to Discord:
    # no DM channel was ever opened for one
    assert server.dm_messages(played["versus"].players[0])
    for computer in (-11, -22):
        assert server.dm_channel_id(computer) is None


def test_the_record_and_history_name_the_computers_and_their_levels(played, tmp_path):
    server, showcase = played["server"], played["showcase"]
    attachment = next(a for m in showcase.public() for a in m.get("attachments") or [] if a["filename"].endswith(".json"))
    data = server.attachment_bytes(int(attachment["id"]))
    record = json.loads(data)
    assert record["computers"] == {"🤖 Bot 1 · easy": "easy", "🤖 Bot 2 · normal": "normal"}
    assert record["players"] == ["🤖 Bot 1 · easy", "🤖 Bot 2 · normal"]
    # a game of computers is as verifiable as any: it replays from its seed under the computers' names
    path = tmp_path / attachment["filename"]
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    code = engines_main(["verify", str(path), "--digest", record["digest"]], out=out, err=err)
    assert code == 0 and out.getvalue().startswith("fair: "), (out.getvalue(), err.getvalue())
    # /game history: both games, each marked as played with computers and not counted in stats
    history = played["history"]
    assert history.count("not counted in stats") == 2, history
    assert "with computers: 🤖 Bot 1 · easy, 🤖 Bot 2 · normal" in history
