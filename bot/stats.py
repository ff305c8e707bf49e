"""Stats per server and per player, computed from finished games: the ``results`` rows the runtime writes with a
game's last action (one per seated player: won, draw, role, server) and the ``games`` they belong to. Nothing
is counted anywhere else, so there is no second source of truth to drift; indexes keep the queries fast on a
server with a hundred thousand finished games (bench/stats.py).

* :func:`player_stats`: one player's games on a server, per game: wins, draws, wins by role/side/faction, the
  current streak and the best winning streak, the longest game;
* :func:`leaderboard`: a game's top players on a server (at least ``min_games`` games), leaving out players who
  asked to be hidden (:func:`set_hidden`);
* :func:`history`: a server's recent finished games with their outcome and final message;
* the server admin's controls: :func:`set_stats_enabled` (off: /game stats answers nothing) and
  :func:`forget_player` (a player's results and name on the server, deleted).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import String, case, cast, delete, func, select

from bot.computers import computers_in
from bot.db import Database, Game, GuildSettings, Result, StatsPrivacy
from bot.games import game_ui
from engines.core import State

#: A player needs this many games of a game on a server to appear on its leaderboard.
MIN_GAMES = 5
TOP = 10

# -- what counts ---------------------------------------------------------------------------------------------------

def counted(seats: Any) -> bool:
    """Does a finished game count for stats and leaderboards? Not when a computer was seated (issue 31): people's
    results stay among people, and a computer's are nobody's. Such a game writes no results rows at all; it stays
    in /game history, which names its computers and their levels (:attr:`PastGame.computers`)."""
    return not computers_in(seats)


# -- roles at the end --------------------------------------------------------------------------------------------

def roles_at_end(engine: Any, state: State) -> dict[str, str]:
    """Player id -> role/side/faction at the end of a game, read from the public view at the end (what the game's
    end-of-game reveal shows everyone) as the game's UI declares (:attr:`bot.games.GameUI.roles_at_end`; empty for
    games without a lasting role); never raises, so a game always finishes."""
    reader = game_ui(engine.name).roles_at_end
    if reader is None:
        return {}
    try:
        found = reader(engine.view(state, None))
        return {str(p): str(r)[:32] for p, r in found.items() if r}
    except Exception:  # noqa: BLE001 - a role that cannot be read costs the role, never the game's end
        return {}


# -- a player ------------------------------------------------------------------------------------------------------


@dataclass
class GameStats:
    """One player's record in one game on one server."""

    engine: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    #: role -> [games, wins]
    roles: dict[str, list[int]] = field(default_factory=dict)
    #: ``("won" | "lost" | "draw", length)`` of the run ending with the latest game.
    streak: tuple[str, int] = ("", 0)
    best_streak: int = 0
    #: ``(game id, seconds)`` of the longest game (from the deal to the end).
    longest: tuple[int, float] | None = None

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


async def player_stats(db: Database, guild_id: int, user_id: int, engine: str | None = None) -> list[GameStats]:
    """A player's stats on a server, one entry per game they finished (in order of their first game of each)."""
    stmt = (
        select(Result.engine, Result.role, Result.won, Result.draw, Result.game_id, Game.started_at, Game.finished_at)
        .join(Game, Game.id == Result.game_id)
        .where(Result.guild_id == guild_id, Result.user_id == user_id)
        .order_by(Result.finished_at, Result.game_id)
    )
    if engine:
        stmt = stmt.where(Result.engine == engine)
    async with db.sessions() as session:
        rows = (await session.execute(stmt)).all()
    per: dict[str, GameStats] = {}
    runs: dict[str, int] = {}
    for name, role, won, draw, game_id, started, finished in rows:
        s = per.setdefault(name, GameStats(name))
        s.games += 1
        s.wins += bool(won)
        s.draws += bool(draw)
        if role:
            counts = s.roles.setdefault(role, [0, 0])
            counts[0] += 1
            counts[1] += bool(won)
        kind = "draw" if draw else "won" if won else "lost"
        s.streak = (kind, s.streak[1] + 1) if s.streak[0] == kind else (kind, 1)
        runs[name] = runs.get(name, 0) + 1 if won else 0
        s.best_streak = max(s.best_streak, runs[name])
        if started is not None and finished is not None:
            seconds = float(finished) - float(started)
            if s.longest is None or seconds > s.longest[1]:
                s.longest = (int(game_id), seconds)
    return list(per.values())


# -- leaderboards --------------------------------------------------------------------------------------------------


@dataclass
class Ranked:
    rank: int
    user_id: int
    name: str
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


async def leaderboard(db: Database, guild_id: int, engine: str, min_games: int = MIN_GAMES, top: int = TOP) -> list[Ranked]:
    """The server's best players of ``engine``: by win rate, then wins, then games; players with fewer than
    ``min_games`` finished games, and players who hid themselves, are left out. Names are each player's name in
    their latest game."""
    wins = func.sum(case((Result.won, 1), else_=0))
    games = func.count()
    hidden = select(StatsPrivacy.user_id).where(StatsPrivacy.guild_id == guild_id)
    stmt = (
        select(Result.user_id, games.label("games"), wins.label("wins"), func.max(Result.game_id).label("last"))
        .where(Result.guild_id == guild_id, Result.engine == engine, Result.user_id.not_in(hidden))
        .group_by(Result.user_id)
        .having(games >= min_games)
        .order_by((wins * 1.0 / games).desc(), wins.desc(), games.desc(), Result.user_id)
        .limit(top)
    )
    async with db.sessions() as session:
        rows = (await session.execute(stmt)).all()
        names: dict[int, dict[str, Any]] = {}
        if rows:  # each player's name in their latest game
            found = await session.execute(select(Game.id, Game.names).where(Game.id.in_([r.last for r in rows])))
            names = {gid: n for gid, n in found.all()}
    return [
        Ranked(i, int(r.user_id), str((names.get(r.last) or {}).get(str(r.user_id), r.user_id)), int(r.games), int(r.wins))
        for i, r in enumerate(rows, start=1)
    ]


# -- history -------------------------------------------------------------------------------------------------------


@dataclass
class PastGame:
    id: int
    engine: str
    finished_at: float
    started_at: float | None
    outcome: dict[str, Any]
    names: dict[str, str]
    #: ``(channel id, message id)`` of the final message (the record's), or of the lobby when there is none.
    message: tuple[int, int] | None
    #: Is ``message`` the record's (the game's last delivery is done), not the lobby's?
    recorded: bool = True
    #: The computers that played: their names -> level (bot.computers); such a game counts for no one's stats.
    computers: dict[str, str] = field(default_factory=dict)

    @property
    def seconds(self) -> float | None:
        return None if self.started_at is None else self.finished_at - self.started_at


async def history(db: Database, guild_id: int, engine: str | None = None, limit: int = 10) -> list[PastGame]:
    """A server's latest finished games, newest first."""
    where = [Game.guild_id == guild_id, Game.status == "finished"] + ([Game.engine == engine] if engine else [])
    stmt = (
        select(Game.id, Game.engine, Game.finished_at, Game.started_at, Game.outcome, Game.names, Game.slots, Game.seats)
        .where(*where)
        .order_by(Game.finished_at.desc(), Game.id.desc())
        .limit(limit)
    )
    async with db.sessions() as session:
        rows = (await session.execute(stmt)).all()
    return [
        PastGame(r.id, r.engine, float(r.finished_at or 0), r.started_at, r.outcome or {}, r.names or {}, _final_message(r.slots), "record" in (r.slots or {}),
                 {str((r.names or {}).get(p, p)): level for p, level in computers_in(r.seats).items()})
        for r in rows
    ]


async def final_message(db: Database, game_id: int) -> tuple[int, int] | None:
    """A game's final message as stored now (see :attr:`PastGame.message`)."""
    async with db.sessions() as session:
        slots = await session.scalar(select(Game.slots).where(Game.id == game_id))
    return _final_message(slots)


def _final_message(slots: dict[str, Any] | None) -> tuple[int, int] | None:
    slots = slots or {}
    slot = slots.get("record") or slots.get("lobby")
    return (int(slot["channel"]), int(slot["message"])) if slot and slot.get("message") else None


def message_link(guild_id: int, message: tuple[int, int]) -> str:
    channel, message_id = message
    return f"https://discord.com/channels/{guild_id}/{channel}/{message_id}"


# -- privacy and control -------------------------------------------------------------------------------------------


async def is_hidden(db: Database, guild_id: int, user_id: int) -> bool:
    async with db.sessions() as session:
        return await session.get(StatsPrivacy, (guild_id, user_id)) is not None


async def set_hidden(db: Database, guild_id: int, user_id: int, hidden: bool) -> None:
    async with db.sessions.begin() as session:
        row = await session.get(StatsPrivacy, (guild_id, user_id))
        if hidden and row is None:
            session.add(StatsPrivacy(guild_id=guild_id, user_id=user_id))
        elif not hidden and row is not None:
            await session.delete(row)


async def stats_enabled(db: Database, guild_id: int) -> bool:
    async with db.sessions() as session:
        row = await session.get(GuildSettings, guild_id)
        return row is None or row.stats_enabled is not False


async def set_stats_enabled(db: Database, guild_id: int, enabled: bool) -> None:
    async with db.sessions.begin() as session:
        row = await session.get(GuildSettings, guild_id, with_for_update=True)
        if row is None:
            session.add(GuildSettings(guild_id=guild_id, stats_enabled=enabled))
        else:
            row.stats_enabled = enabled


async def forget_player(db: Database, guild_id: int, user_id: int, placeholder: str) -> int:
    """Delete a player's data on a server, on request: their results (so every stat and leaderboard forgets
    them), their privacy choice, and their name in the server's finished and aborted games (shown as
    ``placeholder`` in /game history). Returns how many results were deleted. Games still running are left alone
    (they need their players); the game log keeps the opaque Discord id it replays from."""
    uid = str(int(user_id))
    async with db.sessions.begin() as session:
        deleted = await session.execute(delete(Result).where(Result.guild_id == guild_id, Result.user_id == user_id))
        await session.execute(delete(StatsPrivacy).where(StatsPrivacy.guild_id == guild_id, StatsPrivacy.user_id == user_id))
        seated = cast(Game.seats, String).like(f'%"{uid}"%')
        games = (
            await session.scalars(
                select(Game).where(Game.guild_id == guild_id, Game.status.in_(["finished", "aborted"]), seated)
            )
        ).all()
        for game in games:
            if uid in (game.names or {}):
                game.names = {**game.names, uid: placeholder}
        return int(deleted.rowcount or 0)


__all__ = [
    "MIN_GAMES",
    "GameStats",
    "PastGame",
    "Ranked",
    "counted",
    "forget_player",
    "history",
    "is_hidden",
    "leaderboard",
    "message_link",
    "player_stats",
    "roles_at_end",
    "set_hidden",
    "set_stats_enabled",
    "stats_enabled",
]
