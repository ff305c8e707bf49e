"""The ``/game`` commands and every component of every game: interactions in, runtime calls out.

Nothing here knows a game's rules. Buttons and selects carry the game id in their ``custom_id`` and are parsed by
dynamic items, so they keep working after a restart and on any shard or process.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import controls as ctl
from bot import i18n
from bot.db import Game
from bot.games import game_ui, playable, registered
from bot.lobby import counts_text, lobby_ops, lobby_text, parse_counts, seat_limit, settings_panel, watchers
from bot.ops import MAX_ROWS, answer, post
from bot.runtime import GameError, LiveGame, Runtime
from bot.typed import TypedMessages, is_edit
from cogs import records
from cogs.registry import GAMES
from engines.core import HOST, Action, IllegalAction

log = logging.getLogger(__name__)

assert GAMES  # the registry is imported for its side effect: every game's UI is registered
#: ``/game start`` offers the games whose Discord face is complete; ``/game rules`` explains every game.
GAME_CHOICES = [app_commands.Choice(name=_(ui.name, key=f"cmd.choice.{ui.name}"), value=ui.name) for ui in playable()]
RULES_CHOICES = [app_commands.Choice(name=_(ui.name, key=f"cmd.choice.{ui.name}"), value=ui.name) for ui in registered()]
LANGUAGE_CHOICES = [app_commands.Choice(name=n, value=v) for v, n in (("en", "English"), ("ru", "Русский"), ("cs", "Čeština"))]
EXTEND_SECONDS = 60


def _cog(interaction: discord.Interaction) -> GameCog:
    cog = interaction.client.get_cog("GameCog")  # type: ignore[union-attr]
    assert isinstance(cog, GameCog)
    return cog


# -- dynamic items: in-game actions, lobby controls, host controls ----------------------------------------------
#
# Every component's custom_id carries the game id, so a click is routed by the id alone: it keeps working after a
# restart, on any shard and in any process. One factory makes the dynamic item for each pattern; a route turns the
# pattern's groups and the chosen values into a call on the cog.

Route = Callable[["GameCog", discord.Interaction, dict[str, str], list[str]], Awaitable[None]]


def routed(kind: type[discord.ui.Item], template: str, route: Route) -> type[discord.ui.DynamicItem]:
    """A dynamic item of component type ``kind`` matching ``template``, handing clicks to ``route``."""

    class Routed(discord.ui.DynamicItem[kind], template=template):  # type: ignore[valid-type,misc]
        def __init__(self, custom_id: str, groups: dict[str, str]) -> None:
            # the options of a select live on the message; the wrapped item only needs the id
            extra = {"options": [discord.SelectOption(label="-")]} if kind is discord.ui.Select else {}
            super().__init__(kind(custom_id=custom_id, **extra))
            self.groups = groups

        @classmethod
        async def from_custom_id(cls, interaction, item, match):  # noqa: ANN001, ANN206
            return cls(item.custom_id, match.groupdict())

        async def callback(self, interaction: discord.Interaction) -> None:
            values = [str(getattr(v, "id", v)) for v in getattr(self.item, "values", [])]
            cog = _cog(interaction)
            try:
                await route(cog, interaction, {**self.groups, "custom_id": self.item.custom_id}, values)
            except Exception:  # like a slash command's error handler: a private answer, never silence
                log.exception("component %s failed", self.item.custom_id)
                await cog.reply(interaction, "⚠️ " + i18n.translate(await cog.language(interaction), "common.error.internal"))

    Routed.__name__ = Routed.__qualname__ = f"Routed_{template.split(':')[0]}"
    return Routed


def _first(values: list[str]) -> str | None:
    return values[0] if values else None


DYNAMIC_ITEMS = (
    # in-game controls (see bot.controls): buttons nc/np/nm, selects ns/nx
    routed(discord.ui.Button, r"(?P<tag>nc|np|nm):(?P<rest>.+)", lambda cog, i, g, v: cog.on_control(i, g["custom_id"], v)),
    routed(discord.ui.Select, r"(?P<tag>ns|nx):(?P<rest>.+)", lambda cog, i, g, v: cog.on_control(i, g["custom_id"], v)),
    # host panel: nh:<game>:<what>[:<prompt>] and nhs:<game>:<what>:<prompt>
    routed(
        discord.ui.Button,
        r"nh:(?P<game>\d+):(?P<what>\w+)(?::(?P<prompt>[^:]+))?",
        lambda cog, i, g, v: cog.on_host(i, int(g["game"]), g["what"], g["prompt"], None),
    ),
    routed(
        discord.ui.Select,
        r"nhs:(?P<game>\d+):(?P<what>\w+):(?P<prompt>[^:]+)",
        lambda cog, i, g, v: cog.on_host(i, int(g["game"]), g["what"], g["prompt"], _first(v)),
    ),
    # lobby: nl:<game>:<what>[:<extra>], nls:<game>:<what>[:<extra>], nlu:<game>:narrator
    routed(
        discord.ui.Button,
        r"nl:(?P<game>\d+):(?P<what>\w+)(?::(?P<extra>\w+))?",
        lambda cog, i, g, v: cog.on_lobby(i, int(g["game"]), g["what"], g["extra"], None),
    ),
    routed(
        discord.ui.Select,
        r"nls:(?P<game>\d+):(?P<what>\w+)(?::(?P<extra>\w+))?",
        lambda cog, i, g, v: cog.on_lobby(i, int(g["game"]), g["what"], g["extra"], _first(v)),
    ),
    routed(
        discord.ui.UserSelect,
        r"nlu:(?P<game>\d+):narrator",
        lambda cog, i, g, v: cog.on_lobby(i, int(g["game"]), "narrator", None, _first(v) or ""),
    ),
)


class TextModal(discord.ui.Modal):
    """The text a player types for an action (a clue, a guess): one field per free-text argument.

    Submissions are handled by :meth:`GameCog.on_modal` from the ``nt:`` id alone (like every other control), not
    by this object, so one sent before a restart still works after it."""

    def __init__(self, live: LiveGame, action: Action, custom_id: str) -> None:
        table = live.table()
        presenter = game_ui(live.engine.name).presenter
        super().__init__(title=presenter.kind_label(table, action.kind)[:45], custom_id=custom_id, timeout=900)
        for name in ctl.needs_text(action)[:5]:
            key = f"{table.prefix}.input.{name}"
            label = table.t(key) if table.has(key) else table.t("common.type_here")
            self.add_item(discord.ui.TextInput(label=label[:45], custom_id=name, max_length=200))

    def _dispatch_submit(self, *args: Any, **kwargs: Any) -> asyncio.Task[None]:
        """Left to :meth:`GameCog.on_interaction`, which needs no in-memory modal; discord.py tracks the task it
        gets back, so it gets one that does nothing."""
        return asyncio.get_running_loop().create_task(asyncio.sleep(0))


def _is_private_step(interaction: discord.Interaction) -> bool:
    """Was the click on a picker step (a private message of the bot's, which the next step replaces)?"""
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)


class CountsModal(discord.ui.Modal):
    """The host types role counts (``watch=3 citizen=5 …``); refused with the engine's reason when invalid."""

    def __init__(self, cog: GameCog, live: LiveGame, option: str, title: str, label: str, default: str) -> None:
        super().__init__(title=title[:45], custom_id=f"nlm:{live.id}:{option}")
        self.cog, self.live, self.option = cog, live, option
        self.counts = discord.ui.TextInput(label=label[:45], default=default, style=discord.TextStyle.paragraph, required=False)
        self.add_item(self.counts)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.cog.set_counts(interaction, self.live, self.option, self.counts.value)


# -- the cog ----------------------------------------------------------------------------------------------------


class GameCog(commands.Cog):
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
        else DEFAULT_LANGUAGE, else English."""
        if interaction.guild_id:
            chosen = await self.runtime.guild_language(interaction.guild_id)
            if chosen:
                return chosen
        settings = getattr(self.bot, "settings", None)
        fallback = settings.default_language if settings else None
        guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
        return i18n.supported_language(guild_locale) or i18n.normalise_language(fallback)

    async def reply(self, interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
        """An ephemeral answer (or a follow-up when the interaction was already answered)."""
        kwargs.setdefault("ephemeral", True)
        if interaction.response.is_done():
            await interaction.followup.send(text, **kwargs)
        else:
            await interaction.response.send_message(text, **kwargs)

    async def refuse(self, interaction: discord.Interaction, lang: str, exc: Exception, prefix: str = "") -> None:
        if isinstance(exc, IllegalAction):
            key = f"{prefix}.error.{exc.code}"
            if not i18n.has(lang, key):
                key = f"common.error.{exc.code}"
            text = i18n.translate(lang, key, reason=exc.reason, **_plain(exc.params)) if i18n.has(lang, key) else exc.reason
        else:
            assert isinstance(exc, GameError)
            text = i18n.translate(lang, f"common.error.{exc.code}", **_plain(exc.params))
        await self.reply(interaction, f"⚠️ {text}")

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
        """The words a game asks for (Když sním's clue, guess or recap), typed as a command: the same action the
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
        if player == table.narrator:  # NW-25: the narrator sees everything
            text = presenter.narrator_text(table, live.state)
        else:
            text = presenter.private_text(table, live.state, player)
        components: list[dict[str, Any]] = []
        for prompt in live.state.prompts:
            if player in prompt.players:
                offered = presenter.components(table, live.state, player, prompt)
                if len(components) + len(offered) <= MAX_ROWS:
                    components += offered
        view = _view_from(components)
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
                f"**{i18n.translate(lang, f'{prefix}.name')}** — {i18n.translate(lang, 'common.players_range', min=engine.min_players, max=engine.max_players)}",
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
        await self.reply(interaction, i18n.translate(language.value, "common.language_set", language=language.name))

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
        await self.reply(interaction, live.table().t("common.host.panel"), view=_view_from(self.host_panel(live)))

    def host_panel(self, live: LiveGame) -> list[dict[str, Any]]:
        from bot.ops import SECONDARY, button, rows, select

        table = live.table()
        assert live.state is not None
        buttons = [
            button(table.t("common.host.resume" if live.row.paused else "common.host.pause"), f"nh:{live.id}:{'resume' if live.row.paused else 'pause'}", SECONDARY),
            button(table.t("common.host.extend", seconds=EXTEND_SECONDS), f"nh:{live.id}:extend", SECONDARY),
        ]
        items = []
        host_actions = live.engine.legal_actions(live.state, HOST)
        for action in host_actions:
            if not action.args:
                buttons.append(button(game_ui(live.engine.name).presenter.kind_label(table, action.kind), f"nh:{live.id}:{action.kind}:{action.prompt}", SECONDARY))
        targets = [a for a in host_actions if a.kind == "remove"]
        if targets:
            options = [(table.name(a.args["player"]), a.args["player"]) for a in targets][:25]
            items.append(select(f"nhs:{live.id}:remove:{targets[0].prompt}", options, placeholder=table.t("common.host.remove")))
        return rows(*items, *buttons)

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

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """DMs to the bot from a team member whose team has no private thread are relayed to the team."""
        if message.guild is not None or message.author.bot or not message.content:
            return
        for live in await self.runtime.games_of(message.author.id):
            if await self.bot.dispatcher.relay(live, str(message.author.id), message.content[:1500]):  # type: ignore[attr-defined]
                await message.add_reaction("📨")
                return

    @commands.Cog.listener("on_message")
    async def on_game_message(self, message: discord.Message) -> None:
        """MESSAGE_CONTENT=on: a message typed in a game's thread goes to that game, which reads it as its rules say
        (a Když sním clue, guess or recap; chatter it deletes). Bots, webhooks and system messages are not read."""
        if self.typed is None or message.guild is None or message.author.bot or message.webhook_id is not None:
            return
        if message.type not in (discord.MessageType.default, discord.MessageType.reply) or not message.content:
            return
        try:
            await self.typed.handle(
                channel_id=message.channel.id,
                parent_id=getattr(message.channel, "parent_id", None),
                author_id=message.author.id,
                message_id=message.id,
                text=message.content,
            )
        except Exception:
            log.exception("typed message %s in %s failed", message.id, message.channel.id)

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """MESSAGE_CONTENT=on: a person's edit of a message in a game's thread goes to that game, which may delete
        it (a Když sním clue edited after it was judged). Raw, so a message typed before a restart counts too;
        bots', webhooks' and system messages and updates that are no edit (a link's embed) are not read."""
        message = payload.message
        if self.typed is None or payload.guild_id is None or message.author.bot or message.webhook_id is not None:
            return
        if message.type not in (discord.MessageType.default, discord.MessageType.reply) or not is_edit(payload.data, payload.cached_message):
            return
        try:
            await self.typed.handle_edit(
                channel_id=payload.channel_id,
                parent_id=getattr(message.channel, "parent_id", None),
                author_id=message.author.id,
                message_id=payload.message_id,
            )
        except Exception:
            log.exception("edited message %s in %s failed", payload.message_id, payload.channel_id)

    # -- component handlers --------------------------------------------------------------------------------

    async def on_control(self, interaction: discord.Interaction, custom_id: str, values: list[str]) -> None:
        """Any in-game control (see :mod:`bot.controls`): apply the action it names, show the picker's next step
        privately, or open the modal for typed text. Whatever is refused is answered privately with a reason."""
        lang = await self.language(interaction)
        try:
            cid = ctl.ControlId.parse(custom_id)
            live = await self.runtime.get(cid.game_id)
        except (ctl.CodecError, GameError) as exc:
            await self.refuse(interaction, lang, exc if isinstance(exc, GameError) else GameError("stale"))
            return
        while True:
            try:
                await self._control(interaction, live, cid, values)
                return
            except ctl.CodecError as exc:
                # this process's copy may be behind another process's (a shared database): look once more
                if str(exc) != "not_legal" and (newer := await self.runtime.refreshed(live)) is not None:
                    live = newer
                    continue
                await self.refuse(interaction, live.row.language, GameError("not_legal" if str(exc) == "not_legal" else "stale"))
                return

    async def _control(self, interaction: discord.Interaction, live: LiveGame, cid: ctl.ControlId, values: list[str]) -> None:
        """:meth:`on_control` for one copy of the game; raises :class:`~bot.controls.CodecError` for a stale click."""
        lang = live.row.language
        if live.state is None or live.row.status != "running":
            await self.refuse(interaction, lang, GameError("not_running"))
            return
        actor = self.actor(interaction, live, cid.prompt_id)
        legal = live.engine.legal_actions(live.state, actor)
        if cid.tag == "np":
            await self.show_step(interaction, live, actor, cid.prompt_id, ctl.resolve(cid.code, legal), cid.page)
            return
        if cid.tag == "ns":
            value = values[0] if values else ""
            if value.startswith("+"):
                await self.show_step(interaction, live, actor, cid.prompt_id, ctl.resolve(value[1:], legal))
                return
            tag, code = ("nm", value[1:]) if value.startswith("?") else ("nc", value)
        elif cid.tag == "nx":
            partial = ctl.pick_from_pool(ctl.resolve(cid.code, legal), cid.arg, values, legal)
            try:
                action = ctl.to_action(partial, legal)
            except ctl.CodecError:
                await self.show_step(interaction, live, actor, cid.prompt_id, partial)
                return
            tag, code = ("nm" if ctl.needs_text(action) else "nc"), ctl.encode(action.kind, action.args)
        else:
            tag, code = cid.tag, cid.code
        # the engine is the one judge of legality: an action that is no longer legal (a double click) is
        # passed on, so the player hears the engine's own reason ("you are already ready")
        partial = ctl.resolve(code, legal)
        if partial.kind is None:
            raise ctl.CodecError("stale")
        action = Action(actor, cid.prompt_id, partial.kind, dict(partial.args))
        if tag == "nm":
            await interaction.response.send_modal(TextModal(live, action, ctl.custom_id("nt", live.id, action.prompt, code)))
            return
        await self._apply(interaction, live, Action(actor, action.prompt, action.kind, dict(action.args)), lang)

    def actor(self, interaction: discord.Interaction, live: LiveGame, prompt_id: str) -> str:
        """Who acts: the clicking user, or ``HOST`` when a host-only prompt is answered by the host or narrator."""
        actor = str(interaction.user.id)
        prompt = next((p for p in live.state.prompts if p.id == prompt_id), None) if live.state else None
        if prompt and HOST in prompt.players and actor not in prompt.players and self.is_host(interaction, live.row):
            return HOST
        return actor

    async def show_step(
        self, interaction: discord.Interaction, live: LiveGame, actor: str, prompt_id: str, partial: ctl.Partial, page: int = 0
    ) -> None:
        """The picker's next step, seen only by the player: it replaces an earlier step in place, and opens as a
        private message when started from a shared one."""
        presenter = game_ui(live.engine.name).presenter
        table = live.table()
        step = presenter.picker(table, live.state, actor, prompt_id, partial, page)
        content = presenter.picker_text(table, step)
        view = _view_from(step.components)
        if _is_private_step(interaction):
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)

    async def on_modal(self, interaction: discord.Interaction) -> None:
        """A submitted text modal (``nt:``): handled here from the id alone, so it works after a restart too."""
        custom_id = (interaction.data or {}).get("custom_id", "")
        texts = {
            c.get("custom_id", ""): c.get("value", "")
            for row in (interaction.data or {}).get("components", [])
            for c in (row.get("components") or [row.get("component") or {}])
        }
        lang = await self.language(interaction)
        live: LiveGame | None = None
        while True:
            try:
                cid = ctl.ControlId.parse(custom_id)
                live = live or await self.runtime.get(cid.game_id)
                if live.state is None:
                    raise GameError("not_running")
                actor = self.actor(interaction, live, cid.prompt_id)
                legal = live.engine.legal_actions(live.state, actor)
                partial = ctl.resolve(cid.code, legal)
                if partial.kind is None:
                    raise ctl.CodecError("stale")
                action = Action(actor, cid.prompt_id, partial.kind, dict(partial.args))
                break
            except ctl.CodecError:
                if live is not None and (newer := await self.runtime.refreshed(live)) is not None:
                    live = newer  # another process moved the game on: judge the text against its state
                    continue
                await self.refuse(interaction, lang, GameError("stale"))
                return
            except GameError as exc:
                await self.refuse(interaction, lang, exc)
                return
        filled = ctl.fill_text(Action(actor, action.prompt, action.kind, dict(action.args)), texts)
        await self._apply(interaction, live, filled, live.row.language)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.modal_submit and str((interaction.data or {}).get("custom_id", "")).startswith("nt:"):
            try:
                await self.on_modal(interaction)
            except Exception:
                log.exception("modal %s failed", (interaction.data or {}).get("custom_id"))
                await self.reply(interaction, "⚠️ " + i18n.translate(await self.language(interaction), "common.error.internal"))

    async def _apply(self, interaction: discord.Interaction, live: LiveGame, action: Action, lang: str, ack: str | None = None) -> None:
        """Apply ``action`` and answer its player privately: ``ack`` or the presenter's confirmation, and what the
        action taught them.

        What the answer shows the player of their own is written with the action too (an ``answer`` op,
        :func:`bot.ops.answer`): the DM clicked on, rewritten as its last answer rewrites it, or else, when the
        action taught them something (a check result), a private message saying it. The dispatcher makes no call
        for it when the answer went out, and delivers it when the answer did not: the bot killed before it or
        before its mark, Discord's 3 s gone, the callback refused. No answer is lost."""
        table = live.table()
        presenter = game_ui(live.engine.name).presenter
        dispatcher = getattr(self.bot, "dispatcher", None)
        token = str(interaction.id)
        planned: dict[str, Any] = {}

        def written(_table: Any, before: Any, after: Any, events: list) -> list[dict[str, Any]]:
            """The answer, worded at the commit (the events are the action's), and its op."""
            planned.clear()
            try:
                # what the action taught its player (a check result) comes in this answer, at once (NW-14, NW-17)
                taught = presenter.answer_lines(table, action, events)
                text = "\n".join([ack or presenter.ack_text(table, action), *taught])[:2000]
                planned.update(text=text, taught=taught, in_dm=self._rewrites_the_dm(interaction, live, action, after))
                if planned["in_dm"]:
                    message = interaction.message
                    assert message is not None
                    planned["dm"] = f"{message.content}\n{text}"[:2000]
                    target = {"channel": interaction.channel_id, "message": message.id, "content": planned["dm"]}
                elif taught:
                    target = presenter.dm(table, action.player, f"{table.header()}\n{text}", quiet=True)
                else:
                    return []
            except Exception:  # how an answer is worded must never stop the action: it is worded again below
                log.exception("game %s: the answer to %s could not be written with it", live.id, action.kind)
                planned.clear()
                return []
            planned["op"] = answer(token, target)
            if dispatcher is not None:
                dispatcher.answering(live.id, token)
            return [planned["op"]]

        try:
            events = await self.runtime.act(live.id, action, also=written)
        except BaseException as exc:
            if dispatcher is not None and "op" in planned:
                dispatcher.answered(live.id, token, False, written=False)
            if not isinstance(exc, (IllegalAction, GameError)):
                raise
            await self.refuse(interaction, lang, exc, table.prefix)
            return
        if "text" not in planned:
            taught = presenter.answer_lines(table, action, events)
            text = "\n".join([ack or presenter.ack_text(table, action), *taught])[:2000]
            planned.update(text=text, taught=taught, in_dm=self._rewrites_the_dm(interaction, live, action, live.state))
            planned["dm"] = f"{interaction.message.content}\n{text}"[:2000] if planned["in_dm"] and interaction.message else None
        text = planned["text"]
        shown = False
        try:
            if _is_private_step(interaction) and not interaction.response.is_done():
                await interaction.response.edit_message(content=text, view=None)  # the finished picker shows the answer
                shown = True
            elif planned["in_dm"]:
                shown = await self._answer_in_the_dm(interaction, live, planned["dm"])
                if not shown:
                    await self.reply(interaction, text)
            elif await self._answer_with_rewrite(interaction, live):
                if planned["taught"] or ack:  # the public message changed is the answer; what is the player's alone follows
                    await self.reply(interaction, text)
                shown = True
            else:
                await self.reply(interaction, text)
                shown = True
        finally:
            if dispatcher is not None and "op" in planned:
                dispatcher.answered(live.id, token, shown)

    def _rewrites_the_dm(self, interaction: discord.Interaction, live: LiveGame, action: Action, state: Any) -> bool:
        """Is the click on a prompt's DM, leaving its player nothing more to do there (a night task, the last of
        them)? Its answer then rewrites that DM (:meth:`_answer_in_the_dm`). ``state``: the game after the action."""
        message = interaction.message
        if message is None or interaction.guild_id is not None or message.flags.ephemeral or interaction.response.is_done():
            return False
        if state is not None and any(p.id == action.prompt for p in state.prompts):
            left = [a for a in live.engine.legal_actions(state, action.player) if a.prompt == action.prompt and a.kind not in ctl.COMMAND_KINDS]
            if left:
                return False  # another task of this prompt is open: its buttons stay
        return True

    async def _answer_in_the_dm(self, interaction: discord.Interaction, live: LiveGame, content: str) -> bool:
        """A click on a prompt's DM that leaves its player nothing more to do there (a night task, the last of
        them) is answered by rewriting that DM (type 7): ``content``, its text with the answer below, and no
        controls left. One call where an answer and, when the prompt closes, an edit taking the buttons off were
        two; the DM is the player's alone, so a check result in it stays theirs. Should this fail, the dispatcher
        rewrites the DM the same way (the ``answer`` op written with the action)."""
        message = interaction.message
        dispatcher = getattr(self.bot, "dispatcher", None)
        assert message is not None
        try:
            await interaction.response.edit_message(content=content, view=None)
        except discord.HTTPException as exc:
            log.info("game %s: DM answer not rewritten (%s)", live.id, exc)
            return False
        if dispatcher is not None:
            dispatcher.controls_gone(live.id, message.id)
        return True

    async def _answer_with_rewrite(self, interaction: discord.Interaction, live: LiveGame) -> bool:
        """Answer a click on a public game message with that message rewritten as the click left it (an interaction
        response of type 7), when rewriting it is all the click caused: one call instead of a private answer and
        an edit (a vote's live tally, the ready count). The dispatcher decides (:meth:`Dispatcher.take_rewrites`),
        from the public ops alone, so whether a click is answered this way says nothing secret."""
        message = interaction.message
        dispatcher = getattr(self.bot, "dispatcher", None)
        if message is None or interaction.guild_id is None or message.flags.ephemeral or interaction.response.is_done() or dispatcher is None:
            return False
        taken = dispatcher.take_rewrites(live.id, message.id)
        if taken is None:
            return False
        row_ids, payload = taken
        answered = False
        try:
            kwargs: dict[str, Any] = {}
            if "content" in payload:
                kwargs["content"] = payload["content"]
            if "embeds" in payload:
                kwargs["embeds"] = [discord.Embed.from_dict(e) for e in payload["embeds"]]
            if "components" in payload:
                kwargs["view"] = _RawComponents(payload["components"]) if payload["components"] else None
            await interaction.response.edit_message(**kwargs)
            answered = True
        except discord.HTTPException as exc:  # the edit is then delivered as usual
            log.info("game %s: click answered without the rewrite (%s)", live.id, exc)
        finally:
            await dispatcher.rewritten(live.id, row_ids, answered)
        return answered

    async def on_host(self, interaction: discord.Interaction, game_id: int, what: str, prompt: str | None, value: str | None) -> None:
        try:
            live = await self.runtime.get(game_id)
        except GameError as exc:
            await self.refuse(interaction, await self.language(interaction), exc)
            return
        lang = live.row.language
        if not self.is_host(interaction, live.row):
            await self.refuse(interaction, lang, GameError("not_host"))
            return
        table = live.table()
        controls: dict[str, Callable[[], Awaitable[None]]] = {
            "pause": lambda: self.runtime.pause(game_id),
            "resume": lambda: self.runtime.resume(game_id),
            "extend": lambda: self.runtime.extend(game_id, EXTEND_SECONDS),
        }
        try:
            if what in controls:
                await controls[what]()
            else:
                args = {"player": value} if what == "remove" else {}
                await self.runtime.act(game_id, Action(HOST, prompt or "", what, args))
        except (IllegalAction, GameError) as exc:
            await self.refuse(interaction, lang, exc, table.prefix)
            return
        await self.reply(interaction, table.t(f"common.host.done.{what}") if table.has(f"common.host.done.{what}") else "✅")

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, what: str, extra: str | None, value: str | None) -> None:
        try:
            live = await self.runtime.get(game_id)
        except GameError as exc:
            await self.refuse(interaction, await self.language(interaction), exc)
            return
        lang = live.row.language
        table = live.table()
        user = str(interaction.user.id)
        host_only = what not in ("join", "leave")
        if host_only and interaction.user.id != live.row.host_id and not self.is_host(interaction, live.row):
            await self.refuse(interaction, lang, GameError("not_host"))
            return
        try:
            if what == "join":
                seated = await self._lobby_join(live, user, interaction.user.display_name)
                await self.reply(interaction, table.t("common.lobby.joined" if seated else "common.lobby.watching"))
                if seated:  # a watcher is never sent anything privately (MH-61)
                    await self._check_dms(interaction, table)
            elif what == "leave":
                await self._lobby_leave(live, user)
                await self.reply(interaction, table.t("common.lobby.left"))
            elif what == "start":
                await self._lobby_start(interaction, live)
            elif what == "cancel":
                text = table.t("common.aborted", by=interaction.user.display_name)
                await self.runtime.cancel(game_id, [{"do": "edit", "slot": "lobby", "content": text, "components": []}])
                await self.reply(interaction, text)
            elif what == "settings":
                page = int(extra) if extra and extra.isdigit() else 0
                await self.reply(interaction, table.t("common.lobby.settings_help"), view=_view_from(settings_panel(table, live.engine, live.row, page)))
            elif what == "opt" and extra:
                await self._lobby_option(live, extra, value)
                await self.reply(interaction, table.t("common.lobby.saved"))
            elif what == "toggle" and extra:
                current = live.row.options.get(extra, _option(live, extra).default)
                await self._lobby_option(live, extra, not current)
                await self.reply(interaction, table.t("common.lobby.saved"))
            elif what == "counts" and extra:
                _option(live, extra)  # an unknown option is refused here
                current = live.row.options.get(extra) or _default_counts(live, extra)
                label = table.t(f"{table.prefix}.option.{extra}")
                names = _count_names(live, extra)  # the roles in the server's language, not their ids
                await interaction.response.send_modal(
                    CountsModal(self, live, extra, label, table.t("common.lobby.counts_label"), counts_text(current, names))
                )
            elif what == "narrator":
                await self._lobby_narrator(live, value)
                await self.reply(interaction, table.t("common.lobby.saved"))
            else:
                raise GameError("no_option", option=what)
        except (IllegalAction, GameError) as exc:
            await self.refuse(interaction, lang, exc, table.prefix)

    async def _lobby_join(self, live: LiveGame, user: str, name: str) -> bool:
        """Seat ``user``; in a game whose options fix the seats (:meth:`Engine.seats`), a full lobby makes them a
        watcher instead (MH-61). Returns whether they were seated."""
        engine = live.engine

        def change(row: Game) -> None:  # checked against the stored lobby, which another process may have changed
            if user in row.seats:
                raise GameError("already_seated")
            if row.narrator_id and str(row.narrator_id) == user:
                raise GameError("narrator_cannot_play")
            if len(row.seats) >= seat_limit(engine, row.options):
                if not engine.seats(row.options):
                    raise GameError("lobby_full", max=engine.max_players)
            else:
                row.seats.append(user)
            row.names[user] = name

        live = await self.runtime.update_lobby(live.id, change, lobby_ops)
        return user in live.row.seats

    async def _check_dms(self, interaction: discord.Interaction, table: Any) -> None:
        """Say hello by DM to a player who joins, so one whose DMs are closed learns it now, privately, and not
        from a public notice in the middle of the game (where its timing could hint at a role)."""
        try:
            await self._bot_turn(2)  # the DM channel and the message
            await interaction.user.send(f"{table.header()}\n{table.t('common.dm_hello')}")
        except discord.Forbidden:
            await self.reply(interaction, table.t("common.dm_closed_at_join"))
        except discord.HTTPException:
            log.info("could not say hello by DM to %s", interaction.user.id)

    async def _lobby_leave(self, live: LiveGame, user: str) -> None:
        def change(row: Game) -> None:
            if user not in row.seats and user not in watchers(row):
                raise GameError("not_seated")
            if user in row.seats:
                row.seats.remove(user)
            row.names.pop(user, None)  # nor a watcher any more

        await self.runtime.update_lobby(live.id, change, lobby_ops)

    async def _lobby_option(self, live: LiveGame, name: str, value: Any) -> None:
        option = _option(live, name)
        if option.kind == "int" and isinstance(value, str):
            value = int(value) if value.lstrip("-").isdigit() else value
        options = {**live.row.options, name: value}
        if option.kind != "counts":  # counts depend on the seats: checked when typed in, and again at start
            live.engine.validate_options({name: value}, max(len(live.row.seats), live.engine.min_players))

        def change(row: Game) -> None:
            row.options = options

        await self.runtime.update_lobby(live.id, change, lobby_ops)

    async def set_counts(self, interaction: discord.Interaction, live: LiveGame, option: str, text: str) -> None:
        table = live.table()
        spec = _option(live, option)
        if not text.strip():
            counts = None
        else:
            counts = parse_counts(text, spec.choices, _count_names(live, option))
            if counts is None:
                example = counts_text(_default_counts(live, option), _count_names(live, option))
                await self.reply(interaction, "⚠️ " + table.t("common.error.bad_counts", example=example))
                return
        try:
            if counts is not None:
                live.engine.validate_options({**live.row.options, option: counts}, len(live.row.seats))
            await self._lobby_option(live, option, counts)
        except (IllegalAction, GameError) as exc:
            await self.refuse(interaction, live.row.language, exc, table.prefix)
            return
        await self.reply(interaction, table.t("common.lobby.saved"))

    async def _lobby_narrator(self, live: LiveGame, value: str | None) -> None:
        narrator = int(value) if value else None

        def change(row: Game) -> None:
            if narrator is not None and str(narrator) in row.seats:
                raise GameError("narrator_cannot_play")
            row.narrator_id = narrator

        await self.runtime.update_lobby(live.id, change, lobby_ops)

    async def _lobby_start(self, interaction: discord.Interaction, live: LiveGame) -> None:
        table = live.table()
        n = len(live.row.seats)
        if n < live.engine.min_players:
            raise GameError("too_few_players", min=live.engine.min_players, count=n)
        limit = seat_limit(live.engine, live.row.options)
        if live.engine.seats(live.row.options) and n != limit:
            if n < limit:
                raise GameError("too_few_players", min=limit, count=n)

            def unseat(row: Game) -> None:  # the host made the table smaller: the last to join watch
                row.seats = row.seats[:limit]

            live = await self.runtime.update_lobby(live.id, unseat, lobby_ops)
        started = table.t("common.lobby.started")

        def start_ops(game: LiveGame) -> list[dict[str, Any]]:
            name = f"{table.t(f'{table.prefix}.name')} #{game.id}"
            text = lobby_text(table, game.engine, game.row) + "\n" + started
            ops = [{"do": "edit", "slot": "lobby", "content": text, "components": []}, {"do": "open_thread", "name": name}]
            notice = game_ui(game.engine.name).presenter.typed_notice(table, game.row.options) if self.typed else None
            return ops + ([post("game", notice)] if notice else [])

        await self.runtime.start(live.id, start_ops)
        self._games_changed()
        await self.reply(interaction, started)
        await self._warn_about_moderators(interaction, live)
        await self._warn_about_deleting(interaction, live)

    async def _warn_about_deleting(self, interaction: discord.Interaction, live: LiveGame) -> None:
        """MESSAGE_CONTENT=on, in a game that reads typed messages, without Manage Messages here: the host learns
        privately that what its rules delete (the Dreamer's typed guesses among them) will stay visible."""
        if self.typed is None or game_ui(live.engine.name).presenter.typed_notice(live.table(), live.row.options) is None:
            return
        if not interaction.app_permissions.manage_messages:
            await self.reply(interaction, live.table().t("common.typed_cannot_delete"))

    async def _bot_turn(self, calls: int = 1) -> None:
        """Wait for room in the bot-wide pace of REST calls, shared with the dispatcher's deliveries."""
        dispatcher = getattr(self.bot, "dispatcher", None)
        if dispatcher is not None:
            await dispatcher.bot_turn(calls)

    async def _warn_about_moderators(self, interaction: discord.Interaction, live: LiveGame) -> None:
        """NW fix 13: Discord lets anyone with Manage Threads read private threads, so when a seated player has
        it, the host is told privately that the game's team threads (the Watch's) are not secret from them."""
        if not game_ui(live.engine.name).team_threads or interaction.guild is None:
            return
        channel = interaction.channel
        readers = []
        for seat in live.row.seats:
            try:
                member = interaction.guild.get_member(int(seat))
                if member is None:
                    await self._bot_turn()
                    member = await interaction.guild.fetch_member(int(seat))
            except discord.HTTPException:
                continue
            permissions = channel.permissions_for(member) if isinstance(channel, discord.abc.GuildChannel) else member.guild_permissions
            if permissions.manage_threads or permissions.administrator:
                readers.append(live.row.names.get(seat, member.display_name))
        if readers:
            await self.reply(interaction, live.table().t("common.moderators_read_threads", players=", ".join(readers)))


def _option(live: LiveGame, name: str):  # noqa: ANN202
    for option in live.engine.options:
        if option.name == name:
            return option
    raise GameError("no_option", option=name)


def _default_counts(live: LiveGame, option: str = "roles") -> dict[str, int]:
    return live.engine.suggested_option(option, len(live.row.seats)) or {}


def _count_names(live: LiveGame, option: str) -> dict[str, str]:
    """The word a host types for each choice of a counts option, in the lobby's language."""
    from bot.lobby import count_names

    return count_names(live.table(), live.engine.prefix, _option(live, option).choices)


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if isinstance(v, (str, int, float))}


class _RawComponents(discord.ui.View):
    """Components as a presenter made them (JSON), sent exactly so: a message rewritten in a click's answer reads
    as the same edit sent by the dispatcher. Its clicks are dispatched by the dynamic items, like every control's."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._raw = components

    def to_components(self) -> list[dict[str, Any]]:
        return self._raw

    def is_dispatchable(self) -> bool:
        return False


def _view_from(components: list[dict[str, Any]]) -> discord.ui.View | None:
    """A discord.py view holding the given component JSON (callbacks run through the dynamic items)."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for row_index, row in enumerate(components):
        for c in row["components"]:
            if c["type"] == 2:
                view.add_item(discord.ui.Button(label=c["label"], custom_id=c["custom_id"], style=discord.ButtonStyle(c["style"]), disabled=c.get("disabled", False), row=row_index))
            elif c["type"] == 3:
                options = [discord.SelectOption(label=o["label"], value=o["value"]) for o in c["options"]]
                view.add_item(
                    discord.ui.Select(
                        custom_id=c["custom_id"],
                        options=options,
                        placeholder=c.get("placeholder") or None,
                        min_values=c.get("min_values", 1),
                        max_values=c.get("max_values", 1),
                        row=row_index,
                    )
                )
            elif c["type"] == 5:
                view.add_item(discord.ui.UserSelect(custom_id=c["custom_id"].replace("nls:", "nlu:"), placeholder=c.get("placeholder") or None, min_values=0, row=row_index))
    return view


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(GameCog(bot))
    from cogs.moderation import ModerationCog  # the server changing under a running game (bot.moderation)

    await bot.add_cog(ModerationCog(bot))
