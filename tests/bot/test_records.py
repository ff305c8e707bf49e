"""Fair deals, game records, history and stats (issue 18) on a real database (SQLite, and PostgreSQL when
TEST_DATABASE_URL is set): the seed's commitment is posted before anything is dealt and opens at the end; the
record attached to the final message verifies and replays; each game's record keeps what its rules keep secret
(GH-33, GH-P2, MH-59, MH-P3); stats match a hand count; leaderboards leave out hidden players; a server admin can
turn stats off and delete a player's data."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import itertools
import json
import random
import re

import pytest
from sqlalchemy import select

import translations as i18n
from bot import games, records, stats
from bot.db import Database, Game, GuildSettings, Result
from bot.delivery import Dispatcher
from bot.lobby import lobby_ops
from bot.runtime import Runtime
from cogs import records as answers
from engines import ENGINE_NAMES
from engines.__main__ import main as engines_main
from engines.playout import _choose as choose_action
from engines.verify import FAIR, UNANCHORED, UNCHECKABLE, commitment, verify
from tests.test_rule_coverage import rule_ids

GUILD, CHANNEL = 111, 222
#: Every game on Discord, as registered.
GAMES = [ui.name for ui in games.registered()]
#: Each game is played at its smallest table, but for these (a scenario's needs) ...
SIZES = {"ghost_at_home": 3}
#: ... and with its default options, but for these (shorter games).
OPTIONS = {"midnighters": {"max_turns": 30}}


@pytest.fixture
async def recorded(database, clock, transport):
    """A runtime with records installed, as the bot runs it."""
    seeds = itertools.count(1)
    rt = Runtime(database, clock, new_seed=lambda: f"seed-{next(seeds)}")
    dispatcher = Dispatcher(rt, transport, retry_delay=0)
    records.install(rt, dispatcher)
    yield rt
    await rt.close()


async def start_game(
    runtime: Runtime, engine: str, players: list[str], names: dict[str, str] | None = None, guild: int = GUILD, options=None
):
    live = await runtime.open_lobby(
        engine, guild_id=guild, guild_name="Babylon 5", channel_id=CHANNEL, host_id=int(players[0]), host_name="host",
        language="en", lobby_ops=lobby_ops,
    )

    def seat(row):
        row.seats[:] = list(players)
        row.names.update(names or {p: f"player{p[-2:]}" for p in players})
        row.options = dict(options or {})

    await runtime.update_lobby(live.id, seat, lobby_ops)
    await runtime.start(live.id, lambda game: [{"do": "open_thread", "name": f"game {game.id}"}])
    await runtime.idle()
    return live


async def finish(runtime: Runtime, game_id: int, seed: int = 1, clock=None, max_steps: int = 3000):
    chooser = random.Random(seed)
    for _ in range(max_steps):
        live = await runtime.get(game_id)
        if live.state.outcome is not None:
            break
        action = choose_action(live.engine, live.state, live.engine.prompts(live.state), chooser, 0.1, 0.0)
        await runtime.act(game_id, action)
    await runtime.idle()
    live = await runtime.get(game_id)
    assert live.state.outcome is not None
    return live


def players(n: int, base: int = 400_000_000_000_000_000) -> list[str]:
    return [str(base + i) for i in range(n)]


def final_message(transport, live) -> dict:
    slot = live.row.slots["record"]
    return transport.messages[slot["message"]]


def attached_record(message: dict) -> tuple[str, dict]:
    (name, data), = message["files"]
    return name, json.loads(data)


# -- the commitment and the record -------------------------------------------------------------------------------


async def test_the_commitment_is_posted_before_any_deal_and_verifies_after_the_end(recorded, transport, clock, database):
    seated = players(5)
    live = await start_game(recorded, "night_watch", seated)
    thread = transport.by_channel[live.row.thread_id]
    first = transport.messages[thread[0]]["content"]
    async with database.sessions() as session:
        row = await session.get(Game, live.id)
    sealed = commitment(row.seed, row.salt)
    assert first.startswith("🔐") and sealed in first
    assert row.seed not in first and row.salt not in first  # nothing public before the end gives the seed away
    # the commitment went out before anything the deal sent: every role DM is a later message
    dms = [m for p in seated for m in transport.by_channel[transport.dm_of[int(p)]]]
    assert dms and min(dms) > thread[0]
    assert len(row.salt) == 32 and len(row.seed) >= 6

    live = await finish(recorded, live.id, clock=clock)
    message = final_message(transport, live)
    assert transport.by_channel[live.row.thread_id][-1] == live.row.slots["record"]["message"]  # the final message
    assert f"seed `{row.seed}`" in message["content"] and f"salt `{row.salt}`" in message["content"]
    assert hashlib.sha256(f"{row.salt}:{row.seed}".encode()).hexdigest() == sealed
    name, record = attached_record(message)
    assert name == records.file_name(record) and name.endswith(f"-{record['digest']}.json")  # the whole digest
    assert record["digest"] in message["attachments"][0]["description"]
    assert record["commitment"] == sealed and record["seed"] == row.seed and record["salt"] == row.salt
    # players by display name, every action with its time, the outcome
    assert record["players"] == [f"player{p[-2:]}" for p in seated]
    assert all(entry["at"].endswith("Z") for entry in record["log"])
    assert len(record["log"]) == live.state.step
    assert set(record["outcome"]["winners"]) == {f"player{p[-2:]}" for p in live.state.outcome.winners}
    verdict = verify(record, expect_commitment=sealed, expect_digest=record["digest"])
    assert verdict.code == FAIR, verdict.text
    assert verdict.lines[0].startswith("fair: the deal and every shuffle follow from the committed seed")


async def test_the_record_replays_with_python_m_engines(recorded, transport, clock, tmp_path):
    live = await start_game(recorded, "night_watch", players(6))
    live = await finish(recorded, live.id, seed=5, clock=clock)
    name, record = attached_record(final_message(transport, live))
    path = tmp_path / name
    path.write_bytes(final_message(transport, live)["files"][0][1])
    out, err = io.StringIO(), io.StringIO()
    assert engines_main(["replay", str(path)], out=out, err=err) == 0, err.getvalue()
    winners = ", ".join(record["outcome"]["winners"]) or "none"
    assert out.getvalue().splitlines()[-1] == f"Outcome: {record['outcome']['reason']}; winners: {winners}"
    out = io.StringIO()
    assert engines_main(["verify", str(path), "--digest", record["digest"]], out=out, err=err) == 0
    assert out.getvalue().startswith("fair: ")


def verify_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = engines_main(["verify", *argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


async def test_an_honest_record_verifies_with_the_digest_its_file_name_shows(recorded, transport, clock, tmp_path):
    """Issue 30: a player who copied the digest from the attached record's file name (its first 12 hex digits) was
    told "not fair: this is not the record the bot attached" of an honest record, a false accusation. The record
    from the bot's own record maker, saved under the name it was attached with, is fair with whatever part of the
    digest the name shows: the whole (names carry it now), the 12 digits older names showed, or the name itself."""
    live = await start_game(recorded, "night_watch", players(5))
    live = await finish(recorded, live.id, seed=4, clock=clock)
    message = final_message(transport, live)
    name, record = attached_record(message)
    path = tmp_path / name
    path.write_bytes(message["files"][0][1])
    in_name = name.removesuffix(".json").rsplit("-", 1)[1]
    assert in_name == record["digest"]
    for given in (in_name, in_name[:12], name, f"nocturne-night-watch-{live.id}-{in_name[:12]}.json"):
        code, out, err = verify_cli(str(path), "--digest", given)
        assert (code, err) == (0, ""), (given, out, err)
        assert out.startswith("fair: the deal and every shuffle follow from the committed seed"), (given, out)
    # the description's digest too, and the commitment from the game's first message
    description = message["attachments"][0]["description"]
    first = transport.messages[transport.by_channel[live.row.thread_id][0]]["content"]
    (posted,) = re.findall(r"`([0-9a-f]{64})`", first)
    assert verify_cli(str(path), "--digest", description.rsplit(" ", 1)[-1], "--commitment", posted)[0] == 0
    # without the digest it holds together, and verify says that is all it checked (exit 4, not fair's 0)
    code, out, err = verify_cli(str(path))
    assert code == UNANCHORED == 4 and out.startswith("consistent only: ")
    assert "without --digest nothing shows it is the record the bot attached" in out.splitlines()[0]


@pytest.mark.parametrize("engine", GAMES)
async def test_each_game_records_what_its_rules_reveal_at_the_end(recorded, transport, clock, database, engine, monkeypatch):
    """Each game's record holds what its UI's reveal declares public at the end. NW-23, KS-30, MN-61: everything
    (seed included) is public at the end, so the record is complete and verifies. GH-33 / GH-P2: the faces of cards
    discarded face down stay secret, so those discards are masked. MH-59 / MH-P3 / MH-P2: the seed, hands and Seal
    plays are never shown, so no commitment, no seed, Seal plays masked."""
    ui = games.game_ui(engine)
    reveal = ui.reveal
    monkeypatch.setitem(games._GAMES, engine, dataclasses.replace(ui, board=None))  # board images: not tested here
    live = await start_game(recorded, engine, players(SIZES.get(engine, ui.engine.min_players)), options=OPTIONS.get(engine))
    live = await finish(recorded, live.id, seed=3, clock=clock)
    async with database.sessions() as session:
        row = await session.get(Game, live.id)
    public = "\n".join(transport.texts(live.row.thread_id) + transport.texts(CHANNEL))
    before_end = "\n".join(transport.texts(live.row.thread_id)[:-1])
    assert row.salt not in before_end  # the salt opens the commitment only in the final message
    name, record = attached_record(final_message(transport, live))
    assert record["engine"] == engine and record["outcome"]["reason"] == live.state.outcome.reason
    verdict = verify(record, expect_digest=record["digest"])
    masked = [e for e in record["log"] if e["kind"] in reveal.hidden]
    assert all(e["args"] == {"hidden": reveal.hidden[e["kind"]]} for e in masked)
    assert not any(set(e["args"]) == {"hidden"} for e in record["log"] if e["kind"] not in reveal.hidden)
    if not reveal.seed:
        assert "seed" not in record and "commitment" not in record and "salt" not in record
        assert row.seed not in json.dumps(record) and row.seed not in public  # never shown
        assert "🔐" not in public  # a commitment that is never opened would prove nothing
        assert masked or not reveal.hidden
        assert verdict.code == UNCHECKABLE and f"never reveals its seed ({reveal.seed_rule})" in verdict.lines[0]
    else:
        assert record["seed"] == row.seed and record["commitment"] == commitment(row.seed, row.salt)
        assert verdict.code == (UNCHECKABLE if masked else FAIR), verdict.text
        if masked:
            assert f"keeps its choice hidden ({reveal.hidden[masked[0]['kind']]})" in verdict.lines[0]


async def test_duplicate_and_odd_display_names_are_made_unique_and_replay_alike(recorded, transport, clock):
    seated = players(5)
    names = dict(zip(seated, ["Alex", "Alex", "@host", "", "Vir"]))
    live = await start_game(recorded, "night_watch", seated, names)
    live = await finish(recorded, live.id, seed=2, clock=clock)
    _, record = attached_record(final_message(transport, live))
    assert record["players"] == ["Alex", "Alex (2)", "host", "Player 4", "Vir"]
    assert verify(record, expect_digest=record["digest"]).code == FAIR
    assert verify(record).code == UNANCHORED  # holds together, but nothing given ties it to the bot's record


async def test_a_game_from_before_commitments_still_gets_its_record(recorded, transport, clock, database):
    live = await start_game(recorded, "night_watch", players(5))
    async with database.sessions.begin() as session:  # as a game opened before the salt column existed
        (await session.get(Game, live.id)).salt = None
    recorded.forget(live.id)
    live = await finish(recorded, live.id, clock=clock)
    message = final_message(transport, live)
    assert "before seeds were committed to" in message["content"]
    _, record = attached_record(message)
    assert "commitment" not in record
    verdict = verify(record)
    assert verdict.code == UNCHECKABLE and "no commitment" in verdict.lines[0]


def test_every_game_has_a_reveal_rule():
    """A game says what its end-of-game reveal makes public (its UI's ``reveal``) before its records say anything:
    rules of its own that exist."""
    assert GAMES and sorted(GAMES) == sorted(ENGINE_NAMES)
    for ui in games.registered():
        known = set(rule_ids(ui.name))
        cited = ui.reveal.rules()
        assert all(rule in known and rule.startswith(f"{ui.prefix.upper()}-") for rule in cited), (ui.name, cited)


# -- results, stats and leaderboards -----------------------------------------------------------------------------


async def test_results_carry_the_server_and_the_role_the_end_revealed(recorded, clock, database):
    live = await start_game(recorded, "night_watch", players(6))
    live = await finish(recorded, live.id, clock=clock)
    view = live.engine.view(live.state, None)
    async with database.sessions() as session:
        rows = (await session.scalars(select(Result).where(Result.game_id == live.id))).all()
        game = await session.get(Game, live.id)
    assert {r.guild_id for r in rows} == {GUILD}
    assert {str(r.user_id): r.role for r in rows} == view["revealed_roles"]  # NW-23
    assert game.started_at is not None and game.finished_at >= game.started_at


#: A fixed set of finished games on one server: (engine, seconds long, {user: (won, draw, role)}).
U1, U2, U3, U4, U5, U6 = 11, 12, 13, 14, 15, 16
FIXED = [
    ("night_watch", 600, {U1: (True, False, "watch"), U2: (False, False, "citizen"), U3: (False, False, "citizen")}),
    ("night_watch", 1200, {U1: (True, False, "citizen"), U2: (True, False, "citizen"), U3: (False, False, "watch")}),
    ("night_watch", 300, {U1: (False, False, "citizen"), U2: (False, False, "citizen"), U3: (True, False, "watch")}),
    ("night_watch", 900, {U1: (True, False, "watch"), U2: (False, False, "citizen"), U3: (False, False, "citizen")}),
    ("night_watch", 400, {U1: (True, False, "citizen"), U2: (True, False, "citizen"), U3: (False, False, "watch")}),
    ("night_watch", 3725, {U1: (True, False, "citizen"), U2: (False, False, "watch"), U3: (True, False, "citizen")}),
    ("ghost_at_home", 100, {U1: (False, True, None), U4: (False, True, None)}),
    ("ghost_at_home", 200, {U1: (False, False, None), U4: (True, False, None)}),
    ("night_watch", 500, {U4: (True, False, "citizen"), U5: (True, False, "citizen"), U6: (False, False, "watch")}),
]


async def store_fixed_games(db: Database, guild: int = GUILD, start_id: int = 1, base_time: float = 1_700_000_000.0) -> list[int]:
    """Write FIXED as the runtime writes a finished game: the game row and one result row per player."""
    ids = []
    async with db.sessions.begin() as session:
        for i, (engine, seconds, seats) in enumerate(FIXED):
            gid = start_id + i
            finished = base_time + 10_000 * i
            winners = [str(u) for u, (won, _, _) in seats.items() if won]
            draw = any(d for _, d, _ in seats.values())
            session.add(
                Game(
                    id=gid, engine=engine, status="finished", guild_id=guild, guild_name="Babylon 5", channel_id=CHANNEL,
                    host_id=U1, language="en", seed=f"s{gid}", salt="00", options={}, seats=[str(u) for u in seats],
                    names={str(u): f"user{u}" for u in seats}, slots={"record": {"channel": 9000 + gid, "message": 7000 + gid}},
                    seq=10, paused=False, outcome={"winners": winners, "reason": "x", "teams": [], "draw": draw},
                    created_at=finished - seconds - 60, started_at=finished - seconds, finished_at=finished,
                )
            )
            await session.flush()
            for user, (won, drew, role) in seats.items():
                session.add(Result(game_id=gid, user_id=user, engine=engine, won=won, draw=drew, finished_at=finished, guild_id=guild, role=role))
            ids.append(gid)
    return ids


async def test_player_stats_match_a_hand_count(database):
    await store_fixed_games(database)
    nw, gh = await stats.player_stats(database, GUILD, U1)
    # by hand, user 11's Night Watch games: W W L W W W (6 games, 5 wins), roles watch 2/2, citizen 3/4
    assert (nw.engine, nw.games, nw.wins, nw.draws, nw.losses) == ("night_watch", 6, 5, 0, 1)
    assert nw.roles == {"watch": [2, 2], "citizen": [4, 3]}
    assert nw.streak == ("won", 3) and nw.best_streak == 3
    assert nw.longest == (6, 3725.0)
    # Ghost at Home: a draw, then a loss
    assert (gh.games, gh.wins, gh.draws, gh.losses, gh.streak, gh.best_streak) == (2, 0, 1, 1, ("lost", 1), 0)
    (only,) = await stats.player_stats(database, GUILD, U3, "night_watch")
    assert (only.games, only.wins, only.streak, only.best_streak) == (6, 2, ("won", 1), 1)
    assert await stats.player_stats(database, GUILD + 1, U1) == []  # another server counts for nothing here


async def test_the_leaderboard_ranks_by_win_rate_with_a_minimum_of_games_and_respects_privacy(database):
    await store_fixed_games(database)
    board = await stats.leaderboard(database, GUILD, "night_watch", min_games=5)
    # 11: 5/6, 12: 2/6, 13: 2/6 (ties by wins, then games, then id); 14-16 have a single game: below the minimum
    assert [(r.rank, r.user_id, r.wins, r.games, r.name) for r in board] == [
        (1, U1, 5, 6, "user11"), (2, U2, 2, 6, "user12"), (3, U3, 2, 6, "user13")
    ]
    assert [r.user_id for r in await stats.leaderboard(database, GUILD, "night_watch", min_games=1)][:2] == [U4, U5]
    await stats.set_hidden(database, GUILD, U1, True)
    assert await stats.is_hidden(database, GUILD, U1)
    assert [r.user_id for r in await stats.leaderboard(database, GUILD, "night_watch", min_games=5)] == [U2, U3]
    assert not await stats.is_hidden(database, GUILD + 1, U1)  # hiding is per server
    await stats.set_hidden(database, GUILD, U1, False)
    assert [r.user_id for r in await stats.leaderboard(database, GUILD, "night_watch", min_games=5)] == [U1, U2, U3]
    text = answers.top_text("en", "night_watch", board, 5)
    assert "1. user11: won 5 of 6 (83%)" in text and "at least 5 games" in text


async def test_history_lists_the_servers_latest_games_with_a_link_to_each_final_message(database):
    ids = await store_fixed_games(database)
    found = await stats.history(database, GUILD)
    assert [g.id for g in found] == list(reversed(ids))[:10]
    assert found[0].message == (9000 + ids[-1], 7000 + ids[-1])
    text = answers.history_text("en", GUILD, found)
    assert f"https://discord.com/channels/{GUILD}/{9000 + ids[-1]}/{7000 + ids[-1]}" in text
    assert "won by user14, user15" in text and "a draw" in text and "1 h 2 min" in text
    only = await stats.history(database, GUILD, "ghost_at_home")
    assert [g.engine for g in only] == ["ghost_at_home", "ghost_at_home"]
    assert await stats.history(database, GUILD + 1) == []


async def test_a_server_admin_can_turn_stats_off_and_on(database):
    assert await stats.stats_enabled(database, GUILD)
    async with database.sessions.begin() as session:
        session.add(GuildSettings(guild_id=GUILD, language="cs"))
    await stats.set_stats_enabled(database, GUILD, False)
    assert not await stats.stats_enabled(database, GUILD)
    assert await stats.stats_enabled(database, GUILD + 1)
    async with database.sessions() as session:
        assert (await session.get(GuildSettings, GUILD)).language == "cs"  # the switch keeps the language
    await stats.set_stats_enabled(database, GUILD, True)
    assert await stats.stats_enabled(database, GUILD)


async def test_forgetting_a_player_deletes_their_results_and_name_on_that_server_only(database):
    await store_fixed_games(database)
    await store_fixed_games(database, guild=GUILD + 1, start_id=100)
    await stats.set_hidden(database, GUILD, U1, True)
    assert await stats.forget_player(database, GUILD, U1, "(deleted player)") == 8
    assert await stats.player_stats(database, GUILD, U1) == []
    assert not await stats.is_hidden(database, GUILD, U1)
    assert len(await stats.player_stats(database, GUILD + 1, U1)) == 2  # another server's data is its own
    games = await stats.history(database, GUILD)
    assert all("user11" not in g.names.values() for g in games)
    assert any(g.names.get(str(U1)) == "(deleted player)" for g in games)
    assert "user11" in {n for g in await stats.history(database, GUILD + 1) for n in g.names.values()}
    assert [r.user_id for r in await stats.leaderboard(database, GUILD, "night_watch", min_games=5)] == [U2, U3]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
async def test_every_answer_is_worded_in_every_language(database, lang):
    await store_fixed_games(database)
    texts = [
        answers.player_text(lang, "Sheridan", await stats.player_stats(database, GUILD, U1)),
        answers.player_text(lang, "Sheridan", []),
        answers.top_text(lang, "night_watch", await stats.leaderboard(database, GUILD, "night_watch")),
        answers.top_text(lang, "midnighters", []),
        answers.history_text(lang, GUILD, await stats.history(database, GUILD)),
        answers.history_text(lang, GUILD, []),
    ]
    for key in ("records.commit", "records.reveal", "records.secret_seed", "records.off", "records.privacy.hidden",
                "records.switch.off", "records.forget.done", "records.file_description"):
        texts.append(i18n.translate(lang, key, commitment="c", seed="s", salt="t", game="g", rule="R", player="p", count=3, id="1", digest="d"))
    for text in texts:
        assert text and "records-" not in text and "records." not in text and "{" not in text, text
        assert len(text) <= 2000


# -- the schema ---------------------------------------------------------------------------------------------------


async def test_the_migration_backfills_the_server_of_results_written_before_it(tmp_path):
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from bot.db import MIGRATIONS_DIR

    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'old.sqlite3'}")

    def upgrade(connection, target):
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS_DIR))
        config.attributes["connection"] = connection
        command.upgrade(config, target)

    async with db.engine.begin() as conn:
        await conn.run_sync(upgrade, "0001")
        await conn.execute(text(
            "INSERT INTO games (id, engine, status, guild_id, guild_name, channel_id, host_id, language, seed, options, seats,"
            " names, slots, seq, paused, created_at, finished_at) VALUES (1, 'night_watch', 'finished', 777, 'x', 1, 11, 'en',"
            " 's', '{}', '[\"11\"]', '{}', '{}', 3, 0, 1.0, 2.0)"
        ))
        await conn.execute(text("INSERT INTO results VALUES (1, 11, 'night_watch', 1, 0, 2.0)"))
    await db.migrate()
    (found,) = await stats.player_stats(db, 777, 11)
    assert (found.games, found.wins) == (1, 1)
    assert await stats.stats_enabled(db, 777)
    await db.close()


async def test_the_models_match_the_migrations(database):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from bot.db import Base

    async with database.engine.connect() as conn:
        diff = await conn.run_sync(lambda c: compare_metadata(MigrationContext.configure(c), Base.metadata))
    assert diff == []


async def test_a_database_at_the_head_revision_is_left_alone_without_alembic(tmp_path):
    """bot.db.SCHEMA_HEAD is Alembic's head (a new migration must move it), and a database already there is opened
    without running Alembic; one behind it is migrated."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy import text

    from bot.db import MIGRATIONS_DIR, SCHEMA_HEAD, at_schema_head

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    assert ScriptDirectory.from_config(config).get_current_head() == SCHEMA_HEAD
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'new.sqlite3'}")
    async with db.engine.connect() as conn:
        assert not await conn.run_sync(at_schema_head)  # no schema yet
    await db.migrate()
    async with db.engine.begin() as conn:
        assert await conn.run_sync(at_schema_head)
        await conn.execute(text("UPDATE alembic_version SET version_num = '0002'"))
        await conn.execute(text("DROP TABLE dm_channels"))  # as a database of 0002 would be
        assert not await conn.run_sync(at_schema_head)
    await db.migrate()  # 0003 runs again: the table is back
    async with db.engine.connect() as conn:
        assert await conn.run_sync(at_schema_head)
        await conn.execute(text("SELECT count(*) FROM dm_channels"))
    await db.close()
