"""``/game history`` and ``/game stats …``: what the commands answer (the thin subcommands in cogs/game.py call
these with the GameCog, for its language and reply helpers).

Answers are private (ephemeral), like ``/game status``. The formatting functions are pure (language and data in,
text out), so they are tested without Discord.
"""

from __future__ import annotations

from typing import Any

import discord

import translations as i18n
from bot import stats
from bot.ops import MAX_CONTENT, clip
from engines import get_engine


def duration_text(lang: str, seconds: float | None) -> str:
    if seconds is None or seconds < 0:
        return "—"
    total = int(round(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return i18n.translate(lang, "records.duration.hours", hours=hours, minutes=minutes)
    if minutes:
        return i18n.translate(lang, "records.duration.minutes", minutes=minutes)
    return i18n.translate(lang, "records.duration.seconds", seconds=secs)


def game_name(lang: str, engine: str) -> str:
    return i18n.translate(lang, f"{get_engine(engine).prefix}.name")


def role_name(lang: str, engine: str, role: str) -> str:
    prefix = get_engine(engine).prefix
    for key in (f"{prefix}.role.{role}", f"{prefix}.faction.{role}"):
        if i18n.has(lang, key):
            return i18n.translate(lang, key)
    return role


def percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


def _join(lines: list[str]) -> str:
    """Lines in one message: as many as fit Discord's limit."""
    kept: list[str] = []
    for line in lines:
        if len("\n".join([*kept, line])) > MAX_CONTENT:
            break
        kept.append(line)
    return clip("\n".join(kept))


def result_text(lang: str, game: stats.PastGame) -> str:
    outcome = game.outcome
    if outcome.get("draw"):
        return i18n.translate(lang, "records.result.draw")
    winners = [str(game.names.get(p, p)) for p in outcome.get("winners") or []]
    if not winners:
        return i18n.translate(lang, "records.result.nobody")
    return i18n.translate(lang, "records.result.won", winners=", ".join(winners))


def history_text(lang: str, guild_id: int, games: list[stats.PastGame]) -> str:
    if not games:
        return i18n.translate(lang, "records.history.none")
    lines = [i18n.translate(lang, "records.history.title")]
    for game in games:
        link = (
            i18n.translate(lang, "records.history.link", url=stats.message_link(guild_id, game.message))
            if game.message
            else i18n.translate(lang, "records.history.no_link")
        )
        lines.append(
            i18n.translate(
                lang,
                "records.history.line",
                game=game_name(lang, game.engine),
                id=str(game.id),
                when=f"<t:{int(game.finished_at)}:f>",
                result=result_text(lang, game),
                duration=duration_text(lang, game.seconds),
                link=link,
            )
            + (f" · {i18n.translate(lang, 'computers.history', players=', '.join(game.computers))}" if game.computers else "")
        )
    return _join(lines)


def player_text(lang: str, player: str, found: list[stats.GameStats]) -> str:
    if not found:
        return i18n.translate(lang, "records.stats.none", player=player)
    lines = [i18n.translate(lang, "records.stats.title", player=player)]
    for s in found:
        lines.append(
            i18n.translate(
                lang, "records.stats.game", game=game_name(lang, s.engine), games=s.games, wins=s.wins, draws=s.draws, rate=percent(s.win_rate)
            )
        )
        details = []
        if s.roles:
            roles = ", ".join(
                i18n.translate(lang, "records.stats.role", role=role_name(lang, s.engine, role), wins=w, games=g)
                for role, (g, w) in sorted(s.roles.items(), key=lambda item: (-item[1][0], item[0]))
            )
            details.append(i18n.translate(lang, "records.stats.roles", roles=roles))
        kind, count = s.streak
        if count:
            details.append(i18n.translate(lang, f"records.stats.streak.{kind}", count=count))
        if s.best_streak:
            details.append(i18n.translate(lang, "records.stats.best", count=s.best_streak))
        if s.longest is not None:
            details.append(i18n.translate(lang, "records.stats.longest", id=str(s.longest[0]), duration=duration_text(lang, s.longest[1])))
        lines += [f"· {d}" for d in details]
    return _join(lines)


def top_text(lang: str, engine: str, ranked: list[stats.Ranked], min_games: int = stats.MIN_GAMES) -> str:
    game = game_name(lang, engine)
    if not ranked:
        return i18n.translate(lang, "records.top.none", game=game, min=min_games)
    lines = [i18n.translate(lang, "records.top.title", game=game, min=min_games)]
    for r in ranked:
        lines.append(
            i18n.translate(lang, "records.top.line", rank=str(r.rank), player=r.name, wins=r.wins, games=r.games, rate=percent(r.win_rate))
        )
    return _join(lines)


# -- the commands ------------------------------------------------------------------------------------------------


def _db(cog: Any) -> Any:
    return cog.runtime.db


def _is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


async def _stats_on(cog: Any, interaction: discord.Interaction, lang: str) -> bool:
    if await stats.stats_enabled(_db(cog), interaction.guild_id or 0):
        return True
    await cog.reply(interaction, i18n.translate(lang, "records.off"))
    return False


async def history(cog: Any, interaction: discord.Interaction, game: str | None) -> None:
    lang = await cog.language(interaction)
    guild = interaction.guild_id or 0
    games = await stats.history(_db(cog), guild, game)
    for past in games:  # a final message just delivered is known to the live game before its row is marked sent
        live = cog.runtime.games.get(past.id)
        slot = (live.row.slots or {}).get("record") if live is not None else None
        if slot and slot.get("message"):
            past.message = (int(slot["channel"]), int(slot["message"]))
        elif not past.recorded and live is None:
            # the row was read before the final delivery was marked, and the game left memory since: read it again
            past.message = await stats.final_message(_db(cog), past.id) or past.message
    await cog.reply(interaction, history_text(lang, guild, games))


async def show(cog: Any, interaction: discord.Interaction, game: str | None, player: Any | None) -> None:
    lang = await cog.language(interaction)
    if not await _stats_on(cog, interaction, lang):
        return
    guild = interaction.guild_id or 0
    who = player or interaction.user
    name = getattr(who, "display_name", None) or str(who.id)
    if who.id != interaction.user.id and await stats.is_hidden(_db(cog), guild, who.id):
        await cog.reply(interaction, i18n.translate(lang, "records.stats.private", player=name))
        return
    found = await stats.player_stats(_db(cog), guild, who.id, game)
    await cog.reply(interaction, player_text(lang, name, found))


async def top(cog: Any, interaction: discord.Interaction, game: str) -> None:
    lang = await cog.language(interaction)
    if not await _stats_on(cog, interaction, lang):
        return
    ranked = await stats.leaderboard(_db(cog), interaction.guild_id or 0, game)
    await cog.reply(interaction, top_text(lang, game, ranked))


async def privacy(cog: Any, interaction: discord.Interaction, hide: bool) -> None:
    lang = await cog.language(interaction)
    await stats.set_hidden(_db(cog), interaction.guild_id or 0, interaction.user.id, hide)
    await cog.reply(interaction, i18n.translate(lang, "records.privacy.hidden" if hide else "records.privacy.shown"))


async def switch(cog: Any, interaction: discord.Interaction, enabled: bool) -> None:
    lang = await cog.language(interaction)
    if not _is_admin(interaction):
        await cog.reply(interaction, "⚠️ " + i18n.translate(lang, "common.error.not_admin"))
        return
    await stats.set_stats_enabled(_db(cog), interaction.guild_id or 0, enabled)
    await cog.reply(interaction, i18n.translate(lang, "records.switch.on" if enabled else "records.switch.off"))


async def forget(cog: Any, interaction: discord.Interaction, player: Any) -> None:
    lang = await cog.language(interaction)
    if not _is_admin(interaction):
        await cog.reply(interaction, "⚠️ " + i18n.translate(lang, "common.error.not_admin"))
        return
    placeholder = i18n.translate(lang, "records.deleted_player")
    count = await stats.forget_player(_db(cog), interaction.guild_id or 0, player.id, placeholder)
    name = getattr(player, "display_name", None) or str(player.id)
    await cog.reply(interaction, i18n.translate(lang, "records.forget.done", player=name, count=count))


__all__ = ["forget", "history", "history_text", "player_text", "privacy", "show", "switch", "top", "top_text"]
