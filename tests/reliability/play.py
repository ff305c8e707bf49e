"""Playing whole games through the real bot under trouble, and what a run leaves behind to compare.

:class:`ChaosTable` is :class:`tests.e2e.harness.GameTable` for any game (the same fixed policy, so runs with the
same seed make the same choices) whose clicks go through :meth:`ChaosTable.interact`, the one place where trouble is
made: the bot SIGKILLed before a click or while it handles one, or the click routed to one of two bot processes
(or to both at once, a double click). :func:`play` runs a game to its end and returns a :class:`GameRun`:
the reveal, the public messages, the DMs and the stored action log, for comparison with an uninterrupted run,
and what the bot stored (its outbox, the game's record) for :func:`check_delivered`, which needs no reference run:
every action asked for is in the log, the log replays to the end announced, and every message in the game's thread
and DMs is exactly one delivered outbox row (nothing lost, nothing posted twice).

Any game plays: its players follow the game's policy from :mod:`tests.reliability.policies` (short games), or the
generic :class:`GameTable` policy. :data:`CHAOS_GAMES` lists the games the suites play.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import cogs.registry  # noqa: F401 - the games as the bot registers them
import translations as i18n
from bot import controls as ctl
from bot.games import game_ui
from bot.outbox import part_results
from engines import get_engine
from engines.core import replay
from tests.e2e.harness import BotProcess, GameTable, game_texts, readable
from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import WaitTimeout
from tests.reliability.policies import LOBBY_OPTIONS, POLICIES

#: ``NOCTURNE_LONG=1``: run the long variants.
LONG = os.environ.get("NOCTURNE_LONG") == "1"
SEED = "reliability-seed-3"
#: Players' names: the Babylon 5 crew first, then numbered ensigns for the big tables.
CREW = ["Sheridan", "Ivanova", "Garibaldi", "Franklin", "Delenn", "Londo", "Gkar", "Vir", "Lennier", "Talia"]


def names(players: int) -> list[str]:
    return (CREW + [f"Ensign{i:02d}" for i in range(players)])[:players]


@dataclass(frozen=True)
class ChaosGame:
    """One short game of the chaos suites: the game, its table size and its seed (chosen for a short game with
    the game's policy); ``actions``: at least this many in-game clicks and typed answers (kills are planned
    among them)."""

    game: str
    players: int
    seed: str
    actions: int = 12

    def __str__(self) -> str:
        return self.game


def in_game(request: Request) -> bool:
    """A click on an in-game control or a typed answer (not the lobby's, not a slash command)."""
    method, args, _ = request
    if method == "submit_modal":
        return True
    return method == "click" and str(args[2]).startswith(("nc:", "np:", "ns:", "nx:", "nm:"))


def kill_plan(rng: random.Random, actions: int, kills: int) -> Callable[[Request], str | None]:
    """``kills`` SIGKILLs at seeded random in-game clicks or typed answers among the first ``actions`` (see
    :func:`in_game`), alternately while the bot handles one (after 0-2 of its REST calls) and just before one;
    for ``crash_on`` of :func:`play`."""
    points = sorted(rng.sample(range(1, actions), min(kills, actions - 1)))
    plan = {p: ("mid" if i % 2 == 0 else "before") for i, p in enumerate(points)}
    count = [0]

    def crash_on(request: Request) -> str | None:
        if not in_game(request):
            return None
        count[0] += 1
        return plan.get(count[0])

    return crash_on


#: The games the chaos and secret suites play through the bot besides Night Watch (which has its own, longer,
#: tables): one short game each, with a seed chosen for a short game under the game's policy
#: (:mod:`tests.reliability.policies`; without one, the generic policy plays). A game joins the suites with one
#: line here, and plays once ``/game start`` offers it (``UI.playable`` in its ``cogs/<game>/__init__.py``).
SHORT_GAMES = [
    ChaosGame("ghost_at_home", 4, "haunted-4-135", 16),  # rooms, discards, a cat answers a ghost, 3 escape windows
    ChaosGame("kdyz_snim", 4, "dream-chaos-1", 20),  # one night of clues and guesses, the Dreamer leaves (KS-32/33)
    ChaosGame("midnighters", 3, "midnight-e2e-2432", 24),  # traps, a cancel chain, a Bridge win (the e2e's game)
    ChaosGame("midnight_hunt", 2, "hunt-chaos-1", 24),  # the draft and some plays, then a surrender (MH-54)
]


def chaos_games() -> list[ChaosGame]:
    """The short games of :data:`SHORT_GAMES` whose game ``/game start`` offers."""
    return [g for g in SHORT_GAMES if game_ui(g.game).playable]


#: ``(method, args, kwargs)`` of a slash command or a click, not sent yet (so it can be sent again, or twice).
Request = tuple[str, tuple[Any, ...], dict[str, Any]]


class _Requests:
    """Stands in for the server inside the table: ``slash`` and ``click`` return what to send instead of sending
    it, so :meth:`ChaosTable.interact` decides when, where and how often. Everything else is the real server."""

    def __init__(self, server: FakeDiscord) -> None:
        self._server = server

    def __getattr__(self, name: str) -> Any:
        return getattr(self._server, name)

    def slash(self, *args: Any, **kwargs: Any) -> Request:
        return ("slash", args, kwargs)

    def click(self, *args: Any, **kwargs: Any) -> Request:
        return ("click", args, kwargs)

    def submit_modal(self, *args: Any, **kwargs: Any) -> Request:
        return ("submit_modal", args, kwargs)


@dataclass
class Click:
    """One click as sent, and how the bot answered it."""

    user: int
    custom_id: str
    values: list[str] | None
    interaction: int
    shard: int | None = None

    def action_key(self) -> tuple[str, str, str, str] | None:
        """(player, prompt, kind, args as JSON) of the in-game action this click asks for (None: not one)."""
        try:
            cid = ctl.ControlId.parse(self.custom_id)
        except ctl.CodecError:
            return None
        code = cid.code if cid.tag in ("nc", "nt") else (self.values or [""])[0] if cid.tag == "ns" else ""
        if not code or code[0] in "+?@":
            return None  # a picker step or a modal, not an action yet
        partial = ctl.decode(code)
        return (str(self.user), cid.prompt_id, partial.kind or "", json.dumps(dict(partial.args), sort_keys=True))


def log_key(action: dict[str, Any]) -> tuple[str, str, str, str]:
    return (action["player"], action["prompt"], action["kind"], json.dumps(action.get("args") or {}, sort_keys=True))


def accepted(server: FakeDiscord, interaction: int) -> bool | None:
    """Did the bot accept the click (an ephemeral acknowledgement), refuse it (an ephemeral ⚠️), or not answer?"""
    rec = server.interaction(interaction)
    if not rec.responses:
        return None
    if rec.modal is not None:  # the click opened a modal (what was typed in it is answered separately)
        return True
    if rec.callback_type == 7:  # a picker step that replaced the (private) message clicked on, or a public
        return True  # message rewritten by the click's own answer (a tally): taken either way
    assert rec.ephemeral, rec.responses
    return not (rec.responses[0].get("content") or "").startswith("⚠️")


class ChaosTable(GameTable):
    """A table whose clicks can crash the bot, or go to one of several bot processes.

    ``crashes`` maps the number of a click (1 = the first one after the lobby was opened) to ``"before"``
    (SIGKILL and restart, then click) or ``"mid"`` (click, SIGKILL while the bot handles it after ``depth`` more
    REST calls, restart; a click left unanswered is clicked again, as a player would). ``crash_on(request)`` plans
    a crash by what is clicked or typed (a modal sent) instead (``"before"``, ``"mid"``, or ``"mid@N"``: killed after exactly ``N`` more
    REST calls). ``route`` picks the shards a click goes to (None: as Discord routes it; two shards: a double click
    on both processes at once).
    """

    def __init__(
        self,
        server: FakeDiscord,
        bots: list[BotProcess],
        players: list[int],
        *,
        crashes: dict[int, str] | None = None,
        rng: random.Random | None = None,
        route: Callable[[Request], list[int | None]] | None = None,
        game: str = "night_watch",
        crash_on: Callable[[Request], str | None] | None = None,
    ) -> None:
        super().__init__(server, bots[0], players, game)
        self.crash_on = crash_on
        self.real = server
        self.server = _Requests(server)  # type: ignore[assignment]
        self.bots = bots
        self.crashes = dict(crashes or {})
        self.rng = rng or random.Random(0)
        self.route = route or (lambda request: [None])
        self.sent: list[Click] = []
        self.kills = 0
        self.retried = 0

    async def interact(self, request: Request) -> Any:  # type: ignore[override]
        number = self.clicks
        self.clicks += 1
        plan = self.crashes.get(number) if request[0] == "click" else None  # a repeated /game start opens a 2nd lobby
        if plan is None and self.crash_on is not None and request[0] in ("click", "submit_modal"):
            plan = self.crash_on(request)
        plan, _, fixed_depth = (plan or "").partition("@")
        if plan == "before":
            await self.crash()
        shards = self.route(request)
        try:
            iids = await asyncio.gather(*(self._send(request, shard) for shard in shards))
        except LookupError:  # the button went away (the phase closed) before the player got to click it
            return None
        if plan == "mid":
            before = len(self.real.requests)
            depth = int(fixed_depth) if fixed_depth else self.rng.randrange(3)
            try:  # let the bot get this far into the click (ack, deliveries) before it dies
                await self.real.wait_for(lambda s: len(s.requests) >= before + depth, timeout=3, what="bot at work")
            except WaitTimeout:
                pass
            await self.crash()
            if not self.real.interaction(iids[0]).responses:
                self.retried += 1
                try:
                    iids = [await self._send(request, shards[0])]
                except LookupError:  # the control is gone: the first click went through and closed the prompt
                    return self.real.interaction(iids[0])
        records = [await self.real.wait_for_response(iid, timeout=30) for iid in iids]
        return records[0]

    async def _send(self, request: Request, shard: int | None) -> int:
        method, args, kwargs = request
        iid = await getattr(self.real, method)(*args, **kwargs, shard=shard)
        if method == "submit_modal":  # the typed action, under the modal's id (``nt:``)
            modal = self.real.interaction(args[0]).modal or {}
            user = kwargs.get("user_id") or self.real.interaction(args[0]).user_id
            self.sent.append(Click(int(user), str(modal.get("custom_id", "")), None, iid, shard))
            return iid
        if method == "click":
            user, _message, custom_id, *rest = args
            values = rest[0] if rest else kwargs.get("values")
            self.sent.append(Click(user, custom_id, values, iid, shard))
        return iid

    async def crash(self) -> None:
        """SIGKILL the (first) bot process and start it again on the same database."""
        self.bot.kill()
        self.kills += 1
        await self.bot.start()


@dataclass
class GameRun:
    """What a played game left behind."""

    reveal: str
    public: list[str]
    dms: dict[str, list[str]]
    #: The stored action log with names for user ids (comparable between runs), and as stored (with ids).
    log: list[dict[str, Any]]
    raw_log: list[dict[str, Any]]
    seqs: list[int]
    clicks: list[Click]
    kills: int = 0
    retried: int = 0
    nonce_dedup_hits: int = 0
    rest_calls: int = 0
    #: REST calls the server answered 429.
    rate_limited: int = 0
    answers: dict[int, bool | None] = field(default_factory=dict)
    seconds: float = 0.0
    game: str = "night_watch"
    #: What :func:`check_delivered` reads: the server as the game left it, the game thread, the players (user id
    #: -> name), the bot's outbox rows (``None``: the store cannot list them) and the game's stored record.
    server: FakeDiscord | None = None
    thread: int | None = None
    players: dict[str, str] = field(default_factory=dict)
    outbox: list[dict[str, Any]] | None = None
    record: dict[str, Any] | None = None


def public_texts(server: FakeDiscord, thread: int | None) -> list[str]:
    """The game thread as players read it. Timer warnings (``⏳``, sent straight away outside the outbox) depend on
    wall time, not on the game, so they are left out of comparisons between runs."""
    return game_texts(server.messages(thread))


class Store(Protocol):
    """What :func:`play` reads from a bot's database."""

    async def log(self) -> tuple[list[int], list[dict[str, Any]]]:
        """The newest game's stored action log: seqs and actions, in order."""

    async def pending(self) -> int:
        """How many outbox rows are not delivered yet."""


class SqliteStore:
    """Reads what a bot stored in its SQLite file (the newest game): the action log and the undelivered outbox."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _query(self, sql: str) -> list[tuple[Any, ...]]:
        with sqlite3.connect(self.path, timeout=30) as conn:
            return conn.execute(sql).fetchall()

    async def log(self) -> tuple[list[int], list[dict[str, Any]]]:
        rows = self._query("SELECT seq, action FROM actions WHERE game_id = (SELECT max(id) FROM games) ORDER BY seq")
        return [seq for seq, _ in rows], [json.loads(a) for _, a in rows]

    async def pending(self) -> int:
        return self._query("SELECT count(*) FROM outbox WHERE sent = 0")[0][0]

    async def outbox(self) -> list[dict[str, Any]]:
        """The newest game's outbox rows, in order: ``id``, ``op``, ``sent`` and ``result``."""
        rows = self._query("SELECT id, op, sent, result FROM outbox WHERE game_id = (SELECT max(id) FROM games) ORDER BY id")
        return [{"id": i, "op": json.loads(op), "sent": bool(sent), "result": json.loads(r) if r else None} for i, op, sent, r in rows]

    async def record(self) -> dict[str, Any]:
        """The newest game as :func:`engines.core.replay` takes it: seats, options, seed and the action log."""
        ((engine, seats, options, seed),) = self._query("SELECT engine, seats, options, seed FROM games WHERE id = (SELECT max(id) FROM games)")
        _, log = await self.log()
        return {"engine": engine, "players": json.loads(seats), "options": json.loads(options or "{}"), "seed": seed, "log": log}


async def drained(server: FakeDiscord, store: Store, timeout: float = 30) -> None:
    """Wait until every outbox row is delivered: checked again whenever the bot makes a REST call (bounded)."""
    deadline = time.monotonic() + timeout
    while await store.pending():
        left = deadline - time.monotonic()
        assert left > 0, "the outbox was not drained"
        count = len(server.requests)
        try:
            await server.wait_for(
                lambda s, count=count: len(s.requests) > count, timeout=min(left, 1.0), what="a delivery"
            )
        except WaitTimeout:
            pass


def table_class(game: str, policy: type[GameTable] | None = None) -> type[ChaosTable]:
    """A :class:`ChaosTable` whose players follow ``policy`` (default: the game's, from
    :data:`tests.reliability.policies.POLICIES`, else the generic one)."""
    policy = policy or POLICIES.get(game)
    if policy is None or issubclass(ChaosTable, policy):  # the generic policy
        return ChaosTable
    return type(f"Chaos{policy.__name__}", (policy, ChaosTable), {})


async def play(
    tmp_path: Path,
    players: int,
    *,
    crashes: dict[int, str] | None = None,
    seed: str = SEED,
    rng_seed: int = 0,
    prepare: Callable[[FakeDiscord], None] | None = None,
    bots: Callable[[FakeDiscord], list[BotProcess]] | None = None,
    route: Callable[[Request], list[int | None]] | None = None,
    store: Store | None = None,
    play_rounds: Callable[[ChaosTable], Awaitable[None]] | None = None,
    game: str = "night_watch",
    policy: type[GameTable] | None = None,
    options: dict[str, str] | None = None,
    before_step: Callable[[ChaosTable], Awaitable[None]] | None = None,
    crash_on: Callable[[Request], str | None] | None = None,
    max_steps: int | None = None,
) -> GameRun:
    """Play one game of ``game`` with ``players`` to its end and return what it left behind.

    ``prepare(server)`` runs once the bot is up (e.g. to inject 429s); ``bots(server)`` makes the bot processes
    (default: one on a SQLite file in ``tmp_path``, read through a :class:`SqliteStore`; pass ``store`` for others);
    ``play_rounds(table)`` may play scripted moves right after the
    game starts, before the policy plays the rest; ``before_step(table)`` runs before each move (e.g. to kill the
    bot at a moment of the game), and ``crash_on`` plans crashes by what is clicked (see :class:`ChaosTable`).
    The players follow ``policy`` (default: the game's, see :func:`table_class`); the host sets the lobby
    ``options`` first (default: the game's from :data:`tests.reliability.policies.LOBBY_OPTIONS`).
    """
    started = time.monotonic()
    server = FakeDiscord(guild_name="Babylon 5", users=names(players), text_channels=["general"])
    await server.start()
    db_path = tmp_path / "nocturne.sqlite3"
    processes = bots(server) if bots else [BotProcess(server, db_path, seed)]
    store = store or SqliteStore(db_path)
    table: ChaosTable | None = None
    options = LOBBY_OPTIONS.get(game, {}) if options is None else options
    try:
        for bot in processes:
            await bot.start()
        if prepare:
            prepare(server)
        ids = [server.user_id(n) for n in names(players)]
        table = table_class(game, policy)(
            server, processes, ids, crashes=crashes, rng=random.Random(rng_seed), route=route, game=game, crash_on=crash_on
        )
        lobby = await table.open_lobby()
        if options:
            await table.set_options(lobby, options)
        await table.seat_everyone_and_start(lobby)
        if play_rounds:
            await play_rounds(table)
        for _ in range(max_steps or 400 + 60 * players):
            if before_step:
                await before_step(table)
            if not await table.step():
                break
        logs = "\n".join(b.log()[-3000:] for b in processes)
        assert table.game_over(), logs
        # the end may span several messages; the game's seed is its last line (NW-23, GH-33, KS-30), except in
        # Midnight Hunt, whose seed is never shown (MH-P3): there the board's "Game over" closes it
        if game != "midnight_hunt":
            await server.wait_for(lambda s: "Seed:" in (table.game_over() or ""), timeout=30, what="the full reveal")
        # let deliveries after the reveal (unmuting, the last edits) finish before reading what players saw
        await drained(server, store)
        seqs, raw_log = await store.log()
        by_id = {str(server.user_id(n)): n for n in names(players)}
        log = named(raw_log, by_id)
        # by name: user ids are snowflakes, different on every server
        dms = {
            name: [readable(m.get("content") or "") for m in server.dm_messages(server.user_id(name))] for name in names(players)
        }
        server.clear_faults()
        outbox = getattr(store, "outbox", None)
        record = getattr(store, "record", None)
        return GameRun(
            reveal=table.game_over() or "",
            public=public_texts(server, table.thread),
            dms=dms,
            log=log,
            raw_log=raw_log,
            seqs=seqs,
            clicks=table.sent,
            kills=table.kills,
            retried=table.retried,
            nonce_dedup_hits=server.nonce_dedup_hits,
            rest_calls=len(server.requests),
            rate_limited=server.count_requests(status=429),
            answers={c.interaction: accepted(server, c.interaction) for c in table.sent},
            seconds=time.monotonic() - started,
            game=game,
            server=server,
            thread=table.thread,
            players=by_id,
            outbox=await outbox() if outbox else None,
            record=await record() if record else None,
        )
    finally:
        for bot in processes:
            await bot.stop()
        await server.stop()


def named(log: list[dict[str, Any]], by_id: dict[str, str]) -> list[dict[str, Any]]:
    """The log with user ids (players, targets) replaced by names, so logs from different servers compare."""
    return [
        {
            **a,
            "player": by_id.get(a["player"], a["player"]),
            "args": {k: by_id.get(v, v) if isinstance(v, str) else v for k, v in (a.get("args") or {}).items()},
        }
        for a in log
    ]


def without_repeats(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log with exact repeats of an action dropped (a player clicking again the same vote after a crash left
    their first click unanswered: legal, and changes nothing)."""
    seen: set[tuple[str, str, str, str]] = set()
    out = []
    for action in log:
        key = log_key(action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def duplicates(texts: list[str]) -> list[str]:
    """Texts posted more than once (the reference run says whether that is expected)."""
    return [t for t, n in Counter(texts).items() if n > 1]


def crash_plan(rng: random.Random, clicks: int, kills: int, mid_share: float = 0.5) -> dict[int, str]:
    """``kills`` distinct random click numbers in ``1..clicks-1``, each a crash before or while the click is handled."""
    points = rng.sample(range(1, max(2, clicks)), min(kills, max(1, clicks - 1)))
    return {p: ("mid" if rng.random() < mid_share else "before") for p in sorted(points)}


_references: dict[tuple[int, str, str], GameRun] = {}


def reference(tmp_path_factory: Any, players: int, seed: str = SEED, game: str = "night_watch") -> GameRun:
    """The uninterrupted game of ``game`` with ``players`` and ``seed``, played once per test process and shared
    by modules."""
    key = (players, seed, game)
    if key not in _references:
        _references[key] = asyncio.run(play(tmp_path_factory.mktemp(f"ref{players}"), players, seed=seed, game=game))
    return _references[key]


# -- what a game left behind, checked without a reference run -----------------------------------------------

#: Bot messages in a game's thread or DMs that no outbox row makes: timer warnings (sent straight away, they
#: depend on the wall clock) and the lobby's hello DM (sent when a player joins, before the game has an outbox).
NOT_FROM_THE_OUTBOX = ("⏳", "👋")


#: What only a game's final message says (its seed, NW-23, GH-33, KS-30; Midnight Hunt never shows its seed, MH-P3).
#: The line only the game's last message has (the board's caption says the game is over too): Midnight Hunt's
#: winners, as its catalogue words them ("The night belongs to …").
END_MARKS = {"midnight_hunt": "\n" + i18n.translate("en", "mh.over.winners", players="\x00").split("\x00")[0]}


def check_delivered(run: GameRun) -> None:
    """Nothing lost, nothing twice, from what the bot stored and what Discord shows (no reference run needed):

    * the stored log is numbered 1, 2, 3... and replays through the engine from the stored seats, options and
      seed to a finished game whose winners the end names;
    * every click and typed answer the bot accepted is an action in the log, with its player, prompt and kind;
    * every outbox row was delivered; each post made its own message, which Discord still has; and every bot
      message in the game's thread and the players' DMs is one of those (no copy posted twice by a restart);
    * the end (the line with the seed) was posted once.
    """
    assert run.seqs == list(range(1, len(run.seqs) + 1)), f"the log has a gap or a repeat: {run.seqs}"
    assert run.record is not None and run.outbox is not None and run.server is not None, "a SQLite store is needed"
    engine = get_engine(run.record["engine"])
    final = replay(engine, run.record)
    assert final.outcome is not None, "the stored log does not replay to the end of the game"
    for winner in final.outcome.winners:
        assert run.players.get(winner, winner) in run.reveal, f"the end does not name the winner {winner}"
    logged = {(a["player"], a["prompt"], a["kind"]) for a in run.raw_log}
    for click in run.clicks:
        key = click.action_key()
        if key is not None and run.answers.get(click.interaction):
            assert key[:3] in logged, f"an accepted {key[2]} of {run.players.get(key[0])} is not in the log"
    server = run.server
    made: dict[int, int] = {}
    for row in run.outbox:
        assert row["sent"], f"outbox row {row['id']} was never delivered: {row['op']}"
        result = row["result"] or {}
        # a render request's ops, or one result of the row (a rewrite the click's own answer carried: "by": "answer")
        for part in part_results([result]):
            message = part.get("message")
            if message is None:
                continue
            message = int(message)
            assert message not in made, f"outbox rows {made[message]} and {row['id']} made the same message"
            made[message] = row["id"]
            assert server.message(message) is not None, f"outbox row {row['id']}: message {message} is not on Discord"
    channels = [run.thread] + [server.dm_channel_id(int(user)) for user in run.players]
    for channel in filter(None, channels):
        for message in server.messages(channel):
            if message.get("ephemeral") or message.get("interaction_id") is not None:
                continue
            text = message.get("content") or ""
            if any(line.startswith(NOT_FROM_THE_OUTBOX) for line in text.splitlines()[:2]):
                continue
            assert int(message["id"]) in made, f"a message no outbox row made (posted twice?): {text[:200]!r}"
    end = END_MARKS.get(run.game, "Seed:")
    ends = [m for m in server.messages(run.thread) if end in (m.get("content") or "") and not m.get("deleted")]
    assert len(ends) == 1, [m.get("content") for m in ends] or [m.get("content") for m in server.messages(run.thread)][-3:]
