"""The discord.py side of the controls: the dynamic items that route every component's click by its ``custom_id``,
the forms (a player's typed text, a host's role counts) and the views that send component JSON as it was made.

Every component's custom_id carries the game id, so a click is routed by the id alone: it keeps working after a
restart, on any shard and in any process. One factory makes the dynamic item for each pattern; a route turns the
pattern's groups and the chosen values into a call on the cog (:class:`cogs.game.GameCog`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import translations as i18n
from bot.codec import needs_text
from bot.custom_ids import HOST_BUTTON, HOST_SELECT, LOBBY_BUTTON, LOBBY_SELECT, LOBBY_USER_SELECT, counts_form_id, user_select_id
from bot.games import game_ui
from bot.runtime import LiveGame
from engines.core import Action

log = logging.getLogger(__name__)


def cog_of(interaction: discord.Interaction) -> Any:
    """The game cog, which every route calls."""
    cog = interaction.client.get_cog("GameCog")  # type: ignore[union-attr]
    assert cog is not None
    return cog


# -- dynamic items: in-game actions, lobby controls, host controls ----------------------------------------------

Route = Callable[[Any, discord.Interaction, dict[str, str], list[str]], Awaitable[None]]


def routed(kind: type[discord.ui.Item], template: str, route: Route) -> type[discord.ui.DynamicItem]:
    """A dynamic item of component type ``kind`` matching ``template``, handing clicks to ``route``."""

    class Routed(discord.ui.DynamicItem[kind], template=template):  # type: ignore[valid-type,misc]
        def __init__(self, custom_id: str, groups: dict[str, str]) -> None:
            # the options of a select live on the message; the wrapped item only needs the id
            extra = {"options": [discord.SelectOption(label="-")]} if kind is discord.ui.Select else {}
            super().__init__(kind(custom_id=custom_id, **extra))
            self.groups = groups

        @classmethod
        async def from_custom_id(cls, interaction, item, match):
            return cls(item.custom_id, match.groupdict())

        async def callback(self, interaction: discord.Interaction) -> None:
            values = [str(getattr(v, "id", v)) for v in getattr(self.item, "values", [])]
            cog = cog_of(interaction)
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
    # in-game controls (see bot.custom_ids): buttons nc/np/nm, selects ns/nx
    routed(discord.ui.Button, r"(?P<tag>nc|np|nm):(?P<rest>.+)", lambda cog, i, g, v: cog.on_control(i, g["custom_id"], v)),
    routed(discord.ui.Select, r"(?P<tag>ns|nx):(?P<rest>.+)", lambda cog, i, g, v: cog.on_control(i, g["custom_id"], v)),
    # host panel: nh:<game>:<what>[:<prompt>] and nhs:<game>:<what>:<prompt>
    routed(
        discord.ui.Button,
        HOST_BUTTON,
        lambda cog, i, g, v: cog.on_host(i, int(g["game"]), g["what"], g["prompt"], None),
    ),
    routed(
        discord.ui.Select,
        HOST_SELECT,
        lambda cog, i, g, v: cog.on_host(i, int(g["game"]), g["what"], g["prompt"], _first(v)),
    ),
    # lobby: nl:<game>:<what>[:<extra>], nls:<game>:<what>[:<extra>], nlu:<game>:narrator
    routed(
        discord.ui.Button,
        LOBBY_BUTTON,
        lambda cog, i, g, v: cog.on_lobby(i, int(g["game"]), g["what"], g["extra"], None),
    ),
    routed(
        discord.ui.Select,
        LOBBY_SELECT,
        lambda cog, i, g, v: cog.on_lobby(i, int(g["game"]), g["what"], g["extra"], _first(v)),
    ),
    routed(
        discord.ui.UserSelect,
        LOBBY_USER_SELECT,
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
        for name in needs_text(action)[:5]:
            key = f"{table.prefix}.input.{name}"
            label = table.t(key) if table.has(key) else table.t("common.type_here")
            self.add_item(discord.ui.TextInput(label=label[:45], custom_id=name, max_length=200))

    def _dispatch_submit(self, *args: Any, **kwargs: Any) -> asyncio.Task[None]:
        """Left to :meth:`GameCog.on_interaction`, which needs no in-memory modal; discord.py tracks the task it
        gets back, so it gets one that does nothing."""
        return asyncio.get_running_loop().create_task(asyncio.sleep(0))


class CountsModal(discord.ui.Modal):
    """The host types the counts of an option's choices (``role=3 other=5 …``); refused with the engine's reason
    when invalid."""

    def __init__(self, cog: Any, live: LiveGame, option: str, title: str, label: str, default: str) -> None:
        super().__init__(title=title[:45], custom_id=counts_form_id(live.id, option))
        self.cog, self.live, self.option = cog, live, option
        self.counts = discord.ui.TextInput(label=label[:45], default=default, style=discord.TextStyle.paragraph, required=False)
        self.add_item(self.counts)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.cog.set_counts(interaction, self.live, self.option, self.counts.value)


def is_private_step(interaction: discord.Interaction) -> bool:
    """Was the click on a picker step (a private message of the bot's, which the next step replaces)?"""
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)


class RawComponents(discord.ui.View):
    """Components as a presenter made them (JSON), sent exactly so: a message rewritten in a click's answer reads
    as the same edit sent by the dispatcher. Its clicks are dispatched by the dynamic items, like every control's."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._raw = components

    def to_components(self) -> list[dict[str, Any]]:
        return self._raw

    def is_dispatchable(self) -> bool:
        return False


def view_from(components: list[dict[str, Any]]) -> discord.ui.View | None:
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
                view.add_item(discord.ui.UserSelect(custom_id=user_select_id(c["custom_id"]), placeholder=c.get("placeholder") or None, min_values=0, row=row_index))
    return view

