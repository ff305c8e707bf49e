"""The lobby and the host panel: joining, leaving, the host's settings, role counts and narrator, the start; and
the running game's host controls (pause, resume, extend, and the host's own actions such as skipping or removing
a player).

Part of :class:`cogs.game.GameCog` (a mixin: the cog's ``runtime``, ``typed``, ``reply``, ``refuse``,
``language``, ``game_or_refuse``, ``is_host`` and ``_games_changed`` are its helpers).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot import computers
from bot.custom_ids import host_id, host_select_id, lobby_select_id
from bot.db import Game
from bot.games import game_ui
from bot.lobby import count_names, counts_text, lobby_ops, lobby_text, parse_counts, seat_limit, settings_panel, watchers
from bot.ops import SECONDARY, button, post, rows, select
from bot.runtime import GameError, LiveGame
from cogs.views import CountsModal, view_from
from engines.core import HOST, Action, IllegalAction

log = logging.getLogger(__name__)

#: How many seconds the host's Extend button adds to the open choices.
EXTEND_SECONDS = 60


class LobbyPanel:
    """The lobby's buttons and the host panel's."""

    def host_panel(self, live: LiveGame) -> list[dict[str, Any]]:
        table = live.table()
        assert live.state is not None
        buttons = [
            button(table.t("common.host.resume" if live.row.paused else "common.host.pause"), host_id(live.id, "resume" if live.row.paused else "pause"), SECONDARY),
            button(table.t("common.host.extend", seconds=EXTEND_SECONDS), host_id(live.id, "extend"), SECONDARY),
        ]
        items = []
        host_actions = live.engine.legal_actions(live.state, HOST)
        for action in host_actions:
            if not action.args:
                buttons.append(button(game_ui(live.engine.name).presenter.kind_label(table, action.kind), host_id(live.id, action.kind, action.prompt), SECONDARY))
        targets = [a for a in host_actions if a.kind == "remove"]
        if targets:
            options = [(table.name(a.args["player"]), a.args["player"]) for a in targets][:25]
            items.append(select(host_select_id(live.id, "remove", targets[0].prompt), options, placeholder=table.t("common.host.remove")))
        return rows(*items, *buttons)

    async def on_host(self, interaction: discord.Interaction, game_id: int, what: str, prompt: str | None, value: str | None) -> None:
        if (live := await self.game_or_refuse(interaction, game_id)) is None:
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
        if (live := await self.game_or_refuse(interaction, game_id)) is None:
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
                joined = f"{table.prefix}.lobby.joined" if table.has(f"{table.prefix}.lobby.joined") else "common.lobby.joined"
                await self.reply(interaction, table.t(joined if seated else "common.lobby.watching"))
                if seated:  # a watcher is never sent anything privately
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
                await self.reply(interaction, table.t("common.lobby.settings_help"), view=view_from(settings_panel(table, live.engine, live.row, page)))
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
            elif what in ("computers", "addbot", "dropbot"):
                await self._lobby_computers(interaction, live, what, value)
            else:
                raise GameError("no_option", option=what)
        except (IllegalAction, GameError) as exc:
            await self.refuse(interaction, lang, exc, table.prefix)

    async def _lobby_join(self, live: LiveGame, user: str, name: str) -> bool:
        """Seat ``user``; in a game whose options fix the seats (:meth:`Engine.seats`), a full lobby makes them a
        watcher instead. Returns whether they were seated."""
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

    async def _lobby_computers(self, interaction: discord.Interaction, live: LiveGame, what: str, value: str | None) -> None:
        """The host's Computers panel (issue 31): a select to seat a computer at a level, one to take a computer
        away; a computer takes a seat like anyone who joins (bot.computers)."""
        table = live.table()
        if not computers.offers(live.engine.name):
            await self.reply(interaction, "⚠️ " + table.t("computers.not_here"))
            return
        if what == "computers":
            await self.reply(interaction, table.t("computers.panel"), view=view_from(computers_panel(table, live.row)))
            return
        engine = live.engine
        done: list[str] = []

        def change(row: Game) -> None:  # checked against the stored lobby, which another process may have changed
            if what == "addbot":
                if value not in computers.LEVELS:
                    raise GameError("no_option", option=str(value))
                done.append(computers.seat(row, value, table, seat_limit(engine, row.options)))
            else:
                done.append(computers.unseat(row, str(value)))

        try:
            await self.runtime.update_lobby(live.id, change, lobby_ops)
        except computers.SeatRefused as exc:
            await self.reply(interaction, "⚠️ " + table.t(f"computers.{exc.code}"))
            return
        await self.reply(interaction, table.t("computers.added" if what == "addbot" else "computers.removed", player=done[-1]))

    async def _check_dms(self, interaction: discord.Interaction, table: Any) -> None:
        """Say hello by DM to a player who joins, so one whose DMs are closed learns it now, privately, and not
        from a public notice in the middle of the game (where its timing could hint at a role). The hello is the
        game's own (``<prefix>.dm_hello``: what this game will send there) when its catalogue has one, else the
        common one."""
        try:
            await self._bot_turn(2)  # the DM channel and the message
            await interaction.user.send(f"{table.header()}\n{dm_hello(table)}")
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
        in_play = {o.name for o in live.engine.options_in_play(options)}
        options = {k: v for k, v in options.items() if k in in_play}  # e.g. a seat the new mode has not
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
        privately that what its rules delete (a typed guess among them) will stay visible."""
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
        """Discord lets anyone with Manage Threads read private threads, so when a seated player has
        it, the host is told privately that the game's team threads are not secret from them."""
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


def computers_panel(table: Any, row: Any) -> list[dict[str, Any]]:
    """The host's Computers panel: seat a computer at a level; take one of the seated computers away."""
    levels = [(f"{table.t(f'computers.level.{level}')} — {table.t(f'computers.about.{level}')}", level) for level in computers.LEVELS]
    items = [select(lobby_select_id(row.id, "addbot"), levels, placeholder=table.t("computers.add"))]
    seated = [(str(row.names.get(p) or p), p) for p in computers.computers_in(row.seats)]
    if seated:
        items.append(select(lobby_select_id(row.id, "dropbot"), seated[:25], placeholder=table.t("computers.remove")))
    return rows(*items)


def dm_hello(table: Any) -> str:
    """The first private message a player who joins gets: the game's own hello, else the common one."""
    own = f"{table.prefix}.dm_hello"
    return table.t(own if table.has(own) else "common.dm_hello")


def _option(live: LiveGame, name: str):  # noqa: ANN202
    for option in live.engine.options:
        if option.name == name:
            return option
    raise GameError("no_option", option=name)


def _default_counts(live: LiveGame, option: str = "roles") -> dict[str, int]:
    return live.engine.suggested_option(option, len(live.row.seats)) or {}


def _count_names(live: LiveGame, option: str) -> dict[str, str]:
    """The word a host types for each choice of a counts option, in the lobby's language."""
    return count_names(live.table(), live.engine.prefix, _option(live, option).choices)
