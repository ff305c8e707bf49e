"""The ``/game`` commands, and the cog that gathers every interaction of every game: interactions in, runtime calls
out. Nothing here knows a game's rules.

The cog is put together from one module per job:

* this one: the slash commands and the helpers every handler shares (the server's language, a private reply, a
  refusal worded, the game in this channel, who counts as host);
* :mod:`cogs.clicks`: in-game controls and forms, decoded by :mod:`bot.decoder`, applied and answered;
* :mod:`cogs.lobby_panel`: the lobby's controls and the host panel;
* :mod:`cogs.messages`: messages typed to the bot (a DM relayed to a team, typed clues in a game's thread);
* :mod:`cogs.views`: the discord.py side: dynamic items routing every component by its id, forms and views;
* :mod:`cogs.records`: what ``/game history`` and ``/game stats`` answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import translations as i18n
from bot import controls as ctl
from bot.db import Game
from bot.games import game_ui, playable, registered
from bot.live import LiveGame
from bot.lobby import lobby_ops, lobby_text
from bot.ops import MAX_ROWS, post
from bot.runtime import GameError, Runtime
from bot.typed import TypedMessages
from bot.wording import refusal_text
from cogs import records
from cogs.clicks import Clicks
from cogs.lobby_panel import LobbyPanel
from cogs.messages import Messages
from cogs.moderation import ModerationCog
from cogs.registry import GAMES
from cogs.views import DYNAMIC_ITEMS, view_from
from engines.core import Action, IllegalAction

log = logging.getLogger(__name__)

assert GAMES  # the registry is imported for its side effect: every game's UI is registered
#: ``/game start`` offers the games whose Discord face is complete; ``/game rules`` explains every game.
GAME_CHOICES = [app_commands.Choice(name=_(ui.name, key=f"cmd.choice.{ui.name}"), value=ui.name) for ui in playable()]
RULES_CHOICES = [app_commands.Choice(name=_(ui.name, key=f"cmd.choice.{ui.name}"), value=ui.name) for ui in registered()]
#: Discord forgets a command not answered within 3 s. A command still at work after this many seconds (a busy bot,
#: a slow database) is deferred ("thinking…", privately) and its answer follows up: it never fails for being late.
ANSWER_WITHIN = 2.0
LANGUAGE_CHOICES = [app_commands.Choice(name=n, value=v) for v, n in (("en", "English"), ("ru", "Русский"), ("cs", "Čeština"))]


async def spoken(language: str) -> str:
    """``language``, its catalogues loaded: off the loop when new to this process (a tenth to a fifth of a second of
    parsing, once per language), so a server that speaks a language no game here speaks yet stalls no one's click.
    Two first uses at once may both parse it; the catalogues are the same either way."""
    if not i18n.loaded(language):
        await asyncio.to_thread(i18n.bundle, language)
    return language


class GameCog(Clicks, LobbyPanel, Messages, commands.Cog):
    """Lobbies, play and host controls for every game."""

    game = app_commands.Group(
        name=_("game", key="cmd.game.name"),
        description=_("Play a night-time table game", key="cmd.game.description"),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        #: Messages typed in game threads, read only with MESSAGE_CONTENT=on (see bot.typed).
        self.typed: TypedMessages | None = None
        #: By interaction id: the timer that defers a command not answered in time, then the deferral itself.
        self._in_time: dict[int, asyncio.TimerHandle | asyncio.Task[None]] = {}

    @property
    def runtime(self) -> Runtime:
        return self.bot.runtime  # type: ignore[attr-defined]

    async def cog_load(self) -> None:
        self.bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        settings = getattr(self.bot, "settings", None)
        if settings is not None and settings.message_content:
            self.typed = TypedMessages(self.runtime)

    def _games_changed(self) -> None:
        """A lobby opened, a game started or stopped here: the index of game channels is read again."""
        if self.typed is not None:
            self.typed.channels.changed()

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Whatever went wrong, the user gets a private answer rather than silence."""
        lang = await self.language(interaction)
        if isinstance(error, app_commands.TransformerError):
            key = "common.error.bad_input"
        elif isinstance(error, app_commands.CheckFailure):
            key = "common.error.not_admin"
        else:
            log.error("command failed", exc_info=error)
            key = "common.error.internal"
        await self.reply(interaction, f"⚠️ {i18n.translate(lang, key)}")

    # -- helpers -------------------------------------------------------------------------------------------

    async def language(self, interaction: discord.Interaction) -> str:
        """The server's language: chosen with /game language, else the server's own locale when we speak it,
        else DEFAULT_LANGUAGE, else English. Its catalogues are loaded by the time it is returned (:func:`spoken`)."""
        chosen = await self.runtime.guild_language(interaction.guild_id) if interaction.guild_id else None
        if not chosen:
            settings = getattr(self.bot, "settings", None)
            fallback = settings.default_language if settings else None
            guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
            chosen = i18n.supported_language(guild_locale) or i18n.normalise_language(fallback)
        return await spoken(chosen)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Before every command: its answer is guaranteed in time (:data:`ANSWER_WITHIN`; :meth:`reply` stops the
        timer). Real time, not the game's clock: the limit is Discord's."""
        self._in_time[interaction.id] = asyncio.get_running_loop().call_later(ANSWER_WITHIN, self._defer, interaction)
        return True

    def _defer(self, interaction: discord.Interaction) -> None:
        """A command is still at work: tell Discord it is thinking (a private deferral) while it finishes."""
        if interaction.response.is_done():
            self._in_time.pop(interaction.id, None)
            return
        deferral = asyncio.create_task(interaction.response.defer(ephemeral=True, thinking=True))
        self._in_time[interaction.id] = deferral

        def landed(task: asyncio.Task[None]) -> None:
            # once it has landed the answer follows up without waiting for it (``is_done``), so nothing is kept
            # for a command that never answers; a deferral that failed is logged by the answer's own failure
            if self._in_time.get(interaction.id) is task:
                del self._in_time[interaction.id]
            if not task.cancelled():
                task.exception()

        deferral.add_done_callback(landed)

    async def _answering(self, interaction: discord.Interaction) -> None:
        """The command answers now: no deferral after this; one already on its way is let land first, so that the
        answer follows up on it instead of racing it."""
        pending = self._in_time.pop(interaction.id, None)
        if isinstance(pending, asyncio.TimerHandle):
            pending.cancel()
        elif pending is not None:
            with contextlib.suppress(discord.HTTPException):  # too late even for that: the answer fails alike
                await pending

    async def reply(self, interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
        """An ephemeral answer (or a follow-up when the interaction was already answered or deferred)."""
        kwargs.setdefault("ephemeral", True)
        await self._answering(interaction)
        if interaction.response.is_done():
            await interaction.followup.send(text, **kwargs)
        else:
            await interaction.response.send_message(text, **kwargs)

    async def refuse(self, interaction: discord.Interaction, lang: str, exc: Exception, prefix: str = "") -> None:
        assert isinstance(exc, (IllegalAction, GameError))
        await self.reply(interaction, f"⚠️ {refusal_text(lang, exc, prefix)}")

    async def game_or_refuse(self, interaction: discord.Interaction, game_id: int, lang: str | None = None) -> LiveGame | None:
        """The game a control names, or ``None`` once the click is refused privately (no such game)."""
        try:
            return await self.runtime.get(game_id)
        except GameError as exc:
            await self.refuse(interaction, lang or await self.language(interaction), exc)
            return None

    async def here(self, interaction: discord.Interaction, statuses=("lobby", "running")) -> Game | None:
        """The newest game in this channel or thread."""
        rows = await self.runtime.games_in(interaction.guild_id or 0, statuses)
        channel = interaction.channel_id
        # the thread a delivery just made is known to the live game before its row is marked in the database
        cached = {r.id: self.runtime.games[r.id].row.thread_id for r in rows if r.id in self.runtime.games}
        mine = [r for r in rows if channel in (r.channel_id, r.thread_id, cached.get(r.id))]
        return mine[-1] if mine else None

    def is_host(self, interaction: discord.Interaction, row: Game) -> bool:
        """Host controls: the host, the narrator, or anyone with Manage Server."""
        if interaction.user.id in (row.host_id, row.narrator_id):
            return True
        perms = getattr(interaction.user, "guild_permissions", None)
        return bool(perms and perms.manage_guild)

    # -- commands ------------------------------------------------------------------------------------------

    @game.command(name=_("start", key="cmd.start.name"), description=_("Open a lobby for a game in this channel", key="cmd.start.description"))
    @app_commands.describe(game=_("Which game", key="cmd.start.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def start(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        lang = await self.language(interaction)
        try:
            live = await self.runtime.open_lobby(
                game.value,
                guild_id=interaction.guild_id or 0,
                guild_name=interaction.guild.name if interaction.guild else "",
                channel_id=interaction.channel_id or 0,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                language=lang,
                lobby_ops=lobby_ops,
            )
        except GameError as exc:
            await self.refuse(interaction, lang, exc)
            return
        self._games_changed()
        await self.reply(interaction, i18n.translate(lang, "common.lobby.opened", id=str(live.id)))
        await self._check_dms(interaction, live.table())

    @game.command(name=_("status", key="cmd.status.name"), description=_("Show the games in this channel", key="cmd.status.description"))
    async def status(self, interaction: discord.Interaction) -> None:
        lang = await self.language(interaction)
        rows = await self.runtime.games_in(interaction.guild_id or 0)
        lines = []
        for row in rows:
            live = await self.runtime.get(row.id)
            table = live.table()
            if row.status == "lobby":
                lines.append(lobby_text(table, live.engine, live.row))
            elif live.state is not None:
                summary = game_ui(live.engine.name).presenter.status_text(table, live.state)
                lines.append(f"**{table.t(f'{table.prefix}.name')}** #{row.id}\n{summary}")
        await self.reply(interaction, "\n\n".join(lines)[:2000] if lines else i18n.translate(lang, "common.no_games"))

    @game.command(name=_("say", key="cmd.say.name"), description=_("Type what your game asks of you now: a clue, a guess, a recap", key="cmd.say.description"))
    @app_commands.describe(text=_("What you type", key="cmd.say.text"))
    async def say(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 200]) -> None:
        """The words a game asks for (a clue, a guess, a recap), typed as a command: the same action the
        Clue / Guess button's form sends, for whoever prefers typing (no Message Content intent needed)."""
        lang = await self.language(interaction)
        games = [g for g in await self.runtime.games_of(interaction.user.id) if g.state is not None and g.row.status == "running"]
        if interaction.guild_id:
            games = [g for g in games if g.row.guild_id == interaction.guild_id] or games
        player = str(interaction.user.id)
        for live in reversed(games):
            typed = [a for a in live.engine.legal_actions(live.state, player) if ctl.needs_text(a)]
            if typed:
                action = ctl.fill_text(typed[0], {name: text for name in ctl.needs_text(typed[0])})
                await self._apply(interaction, live, action, live.row.language)
                return
        await self.reply(interaction, i18n.translate(lang, "common.nothing_to_type"))

    @game.command(name=_("mine", key="cmd.mine.name"), description=_("Your role, hand and open choices (private)", key="cmd.mine.description"))
    async def mine(self, interaction: discord.Interaction) -> None:
        lang = await self.language(interaction)
        games = await self.runtime.games_of(interaction.user.id)
        if not games:
            await self.reply(interaction, i18n.translate(lang, "common.not_in_game"))
            return
        live = games[-1]
        if interaction.guild_id and any(g.row.guild_id == interaction.guild_id for g in games):
            live = [g for g in games if g.row.guild_id == interaction.guild_id][-1]
        player = str(interaction.user.id)
        presenter = game_ui(live.engine.name).presenter
        table = live.table()
        assert live.state is not None
        if player == table.narrator:  # the narrator sees everything
            text = presenter.narrator_text(table, live.state)
        else:
            text = presenter.private_text(table, live.state, player)
        components: list[dict[str, Any]] = []
        for prompt in live.state.prompts:
            if player in prompt.players:
                offered = presenter.components(table, live.state, player, prompt)
                if len(components) + len(offered) <= MAX_ROWS:
                    components += offered
        view = view_from(components)
        await self.reply(interaction, f"{table.header()}\n{text}"[:2000], **({"view": view} if view else {}))

    @game.command(name=_("leave", key="cmd.leave.name"), description=_("Leave the game you are playing here", key="cmd.leave.description"))
    async def leave(self, interaction: discord.Interaction) -> None:
        lang = await self.language(interaction)
        row = await self.here(interaction, ("running",))
        if row is None:
            await self.reply(interaction, i18n.translate(lang, "common.no_game_here"))
            return
        live = await self.runtime.get(row.id)
        prompt = live.state.prompts[0].id if live.state and live.state.prompts else ""
        await self._apply(interaction, live, Action(str(interaction.user.id), prompt, "leave"), lang, ack=live.table().t("common.you_left"))

    @game.command(name=_("abort", key="cmd.abort.name"), description=_("Stop the game in this channel (host or Manage Server)", key="cmd.abort.description"))
    async def abort(self, interaction: discord.Interaction) -> None:
        lang = await self.language(interaction)
        row = await self.here(interaction)
        if row is None:
            await self.reply(interaction, i18n.translate(lang, "common.no_game_here"))
            return
        if not self.is_host(interaction, row):
            await self.refuse(interaction, lang, GameError("not_host"))
            return
        live = await self.runtime.get(row.id)
        text = live.table().t("common.aborted", by=interaction.user.display_name)
        ops = [post("game", text)]
        if "lobby" in live.row.slots and live.row.status == "lobby":
            ops.append({"do": "edit", "slot": "lobby", "content": text, "components": []})
        try:
            await self.runtime.cancel(row.id, ops)
        except GameError as exc:
            await self.refuse(interaction, lang, exc)
            return
        self._games_changed()
        await self.reply(interaction, text)

    @game.command(name=_("rules", key="cmd.rules.name"), description=_("How a game is played", key="cmd.rules.description"))
    @app_commands.describe(game=_("Which game", key="cmd.start.game"))
    @app_commands.choices(game=RULES_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        lang = await self.language(interaction)
        engine = game_ui(game.value).engine
        prefix = engine.prefix
        text = "\n".join(
            [
                f"**{i18n.translate(lang, f'{prefix}.name')}** — {players_text(lang, engine.player_counts)}",
                i18n.translate(lang, f"{prefix}.rules"),
            ]
        )
        await self.reply(interaction, text[:2000])

    @game.command(name=_("language", key="cmd.language.name"), description=_("The bot's language on this server", key="cmd.language.description"))
    @app_commands.describe(language=_("Language", key="cmd.language.language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    async def language_(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        perms = getattr(interaction.user, "guild_permissions", None)
        if not (perms and perms.manage_guild):
            await self.refuse(interaction, await self.language(interaction), GameError("not_admin"))
            return
        await self.runtime.set_guild_language(interaction.guild_id or 0, language.value)
        await self.reply(interaction, i18n.translate(await spoken(language.value), "common.language_set", language=language.name))

    @game.command(name=_("host", key="cmd.host.name"), description=_("Host controls: pause, extend, skip, remove", key="cmd.host.description"))
    async def host(self, interaction: discord.Interaction) -> None:
        lang = await self.language(interaction)
        row = await self.here(interaction, ("running",))
        if row is None:
            await self.reply(interaction, i18n.translate(lang, "common.no_game_here"))
            return
        if not self.is_host(interaction, row):
            await self.refuse(interaction, lang, GameError("not_host"))
            return
        live = await self.runtime.get(row.id)
        await self.reply(interaction, live.table().t("common.host.panel"), view=view_from(self.host_panel(live)))

    # -- records and stats (the answers are in cogs/records.py) -------------------------------------------------

    @game.command(name=_("history", key="cmd.history.name"), description=_("Recent finished games on this server, each with a link to its final message", key="cmd.history.description"))
    @app_commands.describe(game=_("Only this game", key="cmd.history.game"))
    @app_commands.choices(game=RULES_CHOICES)
    async def history(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        await records.history(self, interaction, game.value if game else None)

    stats = app_commands.Group(name=_("stats", key="cmd.stats.name"), description=_("Stats and leaderboards on this server", key="cmd.stats.description"), parent=game)

    @stats.command(name=_("show", key="cmd.stats.show.name"), description=_("A player's stats on this server: wins, by role, streaks, longest game", key="cmd.stats.show.description"))
    @app_commands.describe(game=_("Only this game", key="cmd.stats.show.game"), player=_("Whose stats (you, if empty)", key="cmd.stats.show.player"))
    @app_commands.choices(game=RULES_CHOICES)
    async def stats_show(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None, player: discord.User | None = None) -> None:
        await records.show(self, interaction, game.value if game else None, player)

    @stats.command(name=_("top", key="cmd.stats.top.name"), description=_("A game's leaderboard on this server (top 10)", key="cmd.stats.top.description"))
    @app_commands.describe(game=_("Which game", key="cmd.stats.top.game"))
    @app_commands.choices(game=RULES_CHOICES)
    async def stats_top(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await records.top(self, interaction, game.value)

    @stats.command(name=_("privacy", key="cmd.stats.privacy.name"), description=_("Hide yourself from this server's leaderboards, or show yourself again", key="cmd.stats.privacy.description"))
    @app_commands.describe(hide=_("Hide me (choose no to be shown again)", key="cmd.stats.privacy.hide"))
    async def stats_privacy(self, interaction: discord.Interaction, hide: bool = True) -> None:
        await records.privacy(self, interaction, hide)

    @stats.command(name=_("switch", key="cmd.stats.switch.name"), description=_("Turn stats on or off for this server (Manage Server)", key="cmd.stats.switch.description"))
    @app_commands.describe(enabled=_("Stats on (yes) or off (no)", key="cmd.stats.switch.enabled"))
    async def stats_switch(self, interaction: discord.Interaction, enabled: bool) -> None:
        await records.switch(self, interaction, enabled)

    @stats.command(name=_("forget", key="cmd.stats.forget.name"), description=_("Delete a player's stats and name on this server, on their request (Manage Server)", key="cmd.stats.forget.description"))
    @app_commands.describe(player=_("The player to forget", key="cmd.stats.forget.player"))
    async def stats_forget(self, interaction: discord.Interaction, player: discord.User) -> None:
        await records.forget(self, interaction, player)


def players_text(lang: str, counts: tuple[int, ...]) -> str:
    """``4–10 players``, or ``2 or 4 players`` for a game played only at those table sizes (Midnight Hunt)."""
    if len(counts) == 2 and counts[1] - counts[0] > 1:
        return i18n.translate(lang, "common.players_either", first=counts[0], second=counts[1])
    return i18n.translate(lang, "common.players_range", min=counts[0], max=counts[-1])


async def setup(bot: commands.Bot) -> None:
    """The extension: every component's dynamic item, the game cog and the cog watching the server change under a
    running game (:mod:`bot.moderation`)."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(GameCog(bot))
    await bot.add_cog(ModerationCog(bot))
