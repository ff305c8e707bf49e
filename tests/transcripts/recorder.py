"""Play a seeded game through the real bot, in process, and write down everything everybody saw.

The path of a game here is the real one from the cog down: the extensions the bot loads (:data:`bot.app.COGS`) are
set up on a stand-in bot by their own ``setup``; a slash command runs its command's callback; a click on a button
or select is matched against the dynamic items those extensions registered and runs that item's callback (as
discord.py does); a submitted form goes to the cogs' ``on_interaction`` listeners; a message typed in a game's
thread to their ``on_message`` listeners. Below them everything is real: :class:`bot.runtime.Runtime` on a SQLite
file, :class:`bot.delivery.Dispatcher`, :func:`bot.records.install`, the registered game UIs
(:mod:`cogs.registry`), with a :class:`bot.clock.ManualClock` and the in-memory :class:`RecordingTransport` of
``tests/bot/conftest.py`` in place of Discord. The interactions are stand-ins answering as Discord answers.

The players follow one seeded policy that reads only what they were shown: each move, one of the seated players
who has something to do (the engine's ``legal_actions``, the one thing read from the game) clicks one enabled
control of a message they can see (the game's thread and channel, their team's thread, their DMs, their newest
private answer), picking select options at random; a form is filled with words from a fixed pool. Now and then,
and whenever nothing was done for a while, nobody acts and the clock runs to its next timer instead.

A transcript is a text per channel - ``#general``, each thread, each player's DMs, each player's private answers
(``answers <name>``, where their clicks are written too) and ``server`` (roles) - of events in order: posts and
edits (content, components' labels, custom ids and options, embeds, files' names and descriptions), deletions,
thread and role changes. Message and channel ids are written as labels (``m3`` of a channel), so a transcript does
not depend on how deliveries to different channels interleave; the time is the manual clock's, so Discord's
``<t:…>`` stamps are the same at every run.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import itertools
import json
import random
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

import cogs.registry  # noqa: F401 - the games' UIs as the bot registers them
from bot import boards, records
from bot.clock import ManualClock
from bot.db import open_database
from bot.delivery import Dispatcher
from bot.runtime import Runtime
from tests.board_words import BOARD_WORDS
from tests.bot.conftest import RecordingTransport

HERE = Path(__file__).resolve().parent
GUILD, CHANNEL = 424_242, 434_343
GUILD_NAME = "Babylon 5"
CREW = ["Sheridan", "Ivanova", "Garibaldi", "Franklin", "Delenn", "Londo", "Gkar", "Vir", "Lennier", "Talia"]
USER_BASE = 5001
#: Ids the transport gives messages and threads: snowflake-sized, so they are told apart in text and written as
#: labels.
ID_BASE = 700_000_000_000_000_001
ID_RE = re.compile(r"(?<!\d)7\d{17}(?!\d)")
#: Controls that give a game up, read in their custom ids: not clicked early in a game.
GIVING_UP = ("surrender", "resign", "concede")
#: Seconds a player takes before a click.
THINK = (1, 2, 3, 5)
#: What players type in a form (a clue, a guess, a recap) or in a game's thread.
WORDS = ["moon", "river", "dragon", "train", "cloud", "garden", "mirror", "castle", "whale", "lantern", "pass"]


@dataclass(frozen=True)
class Spec:
    """One recorded game: ``game`` with ``players`` seats, dealt from a seed named after it, played by the policy
    seeded with ``seed``; ``options`` set by the host in the lobby's settings panel; ``language``: the server's
    (``/game language``); ``typed``: MESSAGE_CONTENT=on, players also type in the game's thread."""

    game: str
    seed: int
    players: int
    options: tuple[tuple[str, str], ...] = ()
    variant: str = ""
    language: str = "en"
    typed: bool = False
    timeout_rate: float = 0.08
    max_moves: int = 600
    #: Moves before a player may click a control that gives the game up (:data:`GIVING_UP`).
    give_up_after: int = 120

    @property
    def name(self) -> str:
        return f"{self.game}{'-' + self.variant if self.variant else ''}-{self.seed}"

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"


def _o(**options: Any) -> tuple[tuple[str, str], ...]:
    return tuple((k, str(v)) for k, v in options.items())


#: Every recorded game: each game at least twice, played to its end, and the variants that look different.
GAMES = [
    Spec("night_watch", 1, 6),
    Spec("night_watch", 2, 7, _o(reveal_roles="toggle", discussion_seconds=60), language="ru"),
    Spec("kdyz_snim", 1, 4, _o(language="en", clue_seconds=15, round_seconds=60)),
    Spec("kdyz_snim", 2, 5, _o(language="en", round_seconds=60)),
    Spec("kdyz_snim", 1, 4, _o(clue_mode="voice", round_seconds=60), variant="voice", language="cs"),
    Spec("kdyz_snim", 1, 4, _o(language="en", round_seconds=60), variant="typed", typed=True),
    Spec("ghost_at_home", 1, 2),
    Spec("ghost_at_home", 2, 3, _o(reaction_seconds=10)),
    Spec("midnighters", 1, 3, _o(layout="classic", reaction_seconds=30, max_turns=8)),
    Spec("midnighters", 2, 4, _o(max_turns=6), language="cs"),
    Spec("midnight_hunt", 1, 2),
    Spec("midnight_hunt", 2, 2, _o(clock_minutes=5, increment_seconds=5)),
    Spec("midnight_hunt", 1, 4, _o(mode="2v2"), variant="2v2"),
    Spec("midnight_hunt", 2, 4, _o(mode="2v2", first_player="A"), variant="2v2"),
]
BY_NAME = {spec.name: spec for spec in GAMES}


class Stuck(AssertionError):
    """The game can go no further: nobody can act and no timer is set."""


# -- what Discord shows --------------------------------------------------------------------------------------


class Screen(RecordingTransport):
    """The recording transport, writing every call as an event of its channel's transcript."""

    def __init__(self, names: dict[int, str]) -> None:
        super().__init__()
        self.ids = itertools.count(ID_BASE)
        self.names = names
        self.labels: dict[int, str] = {CHANNEL: "#general"}
        self.events: dict[str, list[str]] = {}
        self.numbers: dict[int, str] = {}  # message id -> "#general m3"
        self._counts: dict[str, itertools.count] = {}

    # -- writing ---------------------------------------------------------------------------------------------

    def label(self, channel_id: int) -> str:
        return self.labels.get(channel_id, f"channel {channel_id}")

    def note(self, label: str, head: str, body: list[str] | None = None) -> None:
        self.events.setdefault(label, []).append("\n".join([head, *("  " + line for line in body or [])]))

    def number(self, label: str, message_id: int) -> str:
        count = self._counts.setdefault(label, itertools.count(1))
        self.numbers[message_id] = f"m{next(count)}"
        return self.numbers[message_id]

    def text(self, value: str) -> str:
        """``value`` with message and channel ids written as their labels."""

        def name(match: re.Match[str]) -> str:
            ident = int(match.group(0))
            if ident in self.labels:
                return "{" + self.labels[ident] + "}"
            if ident in self.messages or ident in self.numbers:
                channel = self.messages.get(ident, {}).get("channel")
                return "{" + f"{self.label(channel) if channel else '?'} {self.numbers.get(ident, '?')}" + "}"
            return "{id?}"

        return ID_RE.sub(name, value)

    def render(self, payload: dict[str, Any], files: list | None = None) -> list[str]:
        return render(payload, files, self.text)

    # -- the transport ---------------------------------------------------------------------------------------

    async def post(self, channel_id: int, payload: dict[str, Any], files: list | None = None) -> int:
        try:
            mid = await super().post(channel_id, payload, files)
        except Exception as exc:
            self.note(self.label(channel_id), f"post refused: {exc}", self.render(payload, files))
            raise
        if mid not in self.numbers:
            label = self.label(channel_id)
            self.note(label, f"post {self.number(label, mid)}", self.render(payload, files))
        return mid

    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], files: list | None = None) -> None:
        label = self.label(channel_id)
        try:
            await super().edit(channel_id, message_id, payload, files)
        except Exception as exc:
            self.note(label, f"edit {self.numbers.get(message_id, '?')} refused: {exc}", self.render(payload, files))
            raise
        self.note(label, f"edit {self.numbers.get(message_id, '?')}", self.render(payload, files))

    async def delete(self, channel_id: int, message_id: int) -> None:
        label = self.label(channel_id)
        try:
            await super().delete(channel_id, message_id)
        except Exception as exc:
            self.note(label, f"delete {self.numbers.get(message_id, '?')} refused: {exc}")
            raise
        self.note(label, f"delete {self.numbers.get(message_id, '?')}")

    async def dm_channel(self, user_id: int) -> int:
        channel = await super().dm_channel(user_id)
        self.labels.setdefault(channel, f"dm {self.names.get(user_id, user_id)}")
        return channel

    async def create_thread(self, channel_id: int, name: str, *, message_id: int | None, private: bool) -> int:
        try:
            tid = await super().create_thread(channel_id, name, message_id=message_id, private=private)
        except Exception as exc:
            self.note(self.label(channel_id), f"thread {name!r} refused: {exc}")
            raise
        label = f"{'private ' if private else ''}thread {name}"
        while label in self.labels.values():
            label += "'"
        self.labels[tid] = label
        on = f" on {self.numbers.get(message_id, '?')}" if message_id is not None else ""
        self.note(self.label(channel_id), f"thread opened{on}: {label}")
        self.note(label, "opened")
        return tid

    async def close_thread(self, thread_id: int) -> None:
        await super().close_thread(thread_id)
        self.note(self.label(thread_id), "archived and locked")

    async def thread_member(self, thread_id: int, user_id: int, present: bool) -> None:
        await super().thread_member(thread_id, user_id, present)
        self.note(self.label(thread_id), f"member {'+' if present else '-'}{self.names.get(user_id, user_id)}")

    async def create_role(self, guild_id: int, name: str) -> int:
        rid = await super().create_role(guild_id, name)
        self.labels[rid] = f"role {name}"
        self.note("server", f"role created: {name}")
        return rid

    async def delete_role(self, guild_id: int, role_id: int) -> None:
        label = self.label(role_id)
        try:
            await super().delete_role(guild_id, role_id)
        except Exception as exc:
            self.note("server", f"delete {label} refused: {exc}")
            raise
        self.note("server", f"deleted: {label}")

    async def deny_in_threads(self, channel_id: int, role_id: int) -> None:
        await super().deny_in_threads(channel_id, role_id)
        self.note("server", f"{self.label(role_id)} may not speak in threads of {self.label(channel_id)}")

    async def member_role(self, guild_id: int, user_id: int, role_id: int, present: bool) -> None:
        await super().member_role(guild_id, user_id, role_id, present)
        self.note("server", f"{self.label(role_id)} {'+' if present else '-'}{self.names.get(user_id, user_id)}")


def render(payload: dict[str, Any], files: list | None, text: Any = str) -> list[str]:
    """A message payload as lines of text: content, embeds, components, files (names, descriptions, and a digest
    of any file that is not an image)."""
    lines: list[str] = []
    if "content" in payload:
        content = payload["content"]
        if content is None or content == "":
            lines.append(f"content: {content!r}")
        else:
            lines += ["| " + line for line in text(str(content)).split("\n")]
    for embed in payload.get("embeds") or []:
        lines.append("embed: " + text(json.dumps(embed, sort_keys=True, ensure_ascii=False)))
    if "embeds" in payload and not payload["embeds"]:
        lines.append("embeds: none")
    if "components" in payload:
        rows = payload["components"] or []
        if not rows:
            lines.append("components: none")
        for row in rows:
            lines.append("row:")
            for component in row.get("components", []):
                lines += ["  " + line for line in _component(component, text)]
    data = {name: blob for name, blob in files or []}
    for attachment in payload.get("attachments") or []:
        name = attachment.get("filename", "")
        digest = ""
        if name in data and not name.endswith((".png", ".jpg", ".gif", ".webp")):
            digest = f" sha256:{hashlib.sha256(data[name]).hexdigest()[:16]}"
        lines.append(f"file: {name}{digest} — {attachment.get('description') or ''}")
    return lines


def _component(c: dict[str, Any], text: Any) -> list[str]:
    kind = {2: "button", 3: "select", 4: "text input", 5: "user select", 6: "role select", 7: "mentionable select", 8: "channel select"}.get(c.get("type"), f"type {c.get('type')}")
    flags = []
    if c.get("disabled"):
        flags.append("disabled")
    if c.get("type") == 2:
        flags.append(f"style {c.get('style', 1)}")
        emoji = c.get("emoji")
        if emoji:
            flags.append(f"emoji {emoji.get('name') if isinstance(emoji, dict) else emoji}")
        if c.get("url"):
            flags.append(f"url {c['url']}")
        return [f"[{kind}] {text(str(c.get('label') or ''))!s} ({', '.join(flags)}) {c.get('custom_id', '')}"]
    low, high = c.get("min_values", 1), c.get("max_values", 1)
    head = f"[{kind}] {text(str(c.get('placeholder') or ''))} ({', '.join([*flags, f'{low}..{high}'])}) {c.get('custom_id', '')}"
    out = [head]
    for option in c.get("options") or []:
        extra = f" — {option['description']}" if option.get("description") else ""
        default = " (default)" if option.get("default") else ""
        out.append(f"  - {text(str(option.get('label')))} = {option.get('value')}{extra}{default}")
    return out


# -- interactions as Discord makes and answers them ----------------------------------------------------------


@dataclass
class Private:
    """A private (ephemeral) answer a player got: a picker step, a settings panel, a refusal."""

    id: str
    content: str
    components: list[dict[str, Any]] = field(default_factory=list)


class Interaction:
    """A slash command, a click or a submitted form by ``user``, answered as Discord answers it."""

    def __init__(self, table: Table, user: int, *, kind: discord.InteractionType, channel_id: int, message: Any = None,
                 data: dict[str, Any] | None = None) -> None:
        self.table = table
        self.id = next(table.interaction_ids)
        self.type = kind
        self.user = table.member(user)
        self.guild_id = None if channel_id in table.screen.dm_of.values() else GUILD
        self.guild = table.guild if self.guild_id else None
        self.channel_id = channel_id
        self.channel = SimpleNamespace(id=channel_id, parent_id=table.screen.threads.get(channel_id, {}).get("parent"))
        self.guild_locale = None
        self.locale = discord.Locale.american_english
        self.client = table.bot
        self.data = data or {}
        #: The message clicked on: ``("public", message id)`` or ``("private", Private)``.
        self.clicked = message
        if message is None:
            self.message = None
        elif message[0] == "private":
            self.message = SimpleNamespace(id=None, content=message[1].content, flags=SimpleNamespace(ephemeral=True))
        else:
            stored = table.screen.messages[message[1]]
            self.message = SimpleNamespace(id=message[1], content=stored.get("content", ""), flags=SimpleNamespace(ephemeral=False))
        self.app_permissions = discord.Permissions.all()
        self.answers = 0
        self.refused = False
        self.response = SimpleNamespace(
            is_done=lambda: self.answers > 0,
            send_message=self._send_message,
            edit_message=self._edit_message,
            send_modal=self._send_modal,
            defer=self._defer,
        )
        self.followup = SimpleNamespace(send=self._followup)

    @property
    def stream(self) -> str:
        return f"answers {self.table.names[self.user.id]}"

    def _payload(self, content: Any, view: Any, embeds: Any, embed: Any = None) -> dict[str, Any]:
        payload: dict[str, Any] = {}
        if content is not ...:
            payload["content"] = content
        if view is not ...:
            payload["components"] = view.to_components() if view is not None else []
        embeds = [embed] if embed is not None else embeds
        if embeds is not None and embeds is not ...:
            payload["embeds"] = [e.to_dict() for e in embeds]
        return payload

    async def _send_message(self, content: Any = None, *, ephemeral: bool = False, view: Any = ..., embeds: Any = None,
                            embed: Any = None, **_: Any) -> None:
        self.answers += 1
        await self._reply("reply", content, ephemeral, view, embeds, embed)

    async def _followup(self, content: Any = None, *, ephemeral: bool = False, view: Any = ..., embeds: Any = None,
                        embed: Any = None, **_: Any) -> None:
        await self._reply("follow-up", content, ephemeral, view, embeds, embed)

    async def _reply(self, how: str, content: Any, ephemeral: bool, view: Any, embeds: Any, embed: Any) -> None:
        payload = self._payload(content, view, embeds, embed)
        if str(content or "").startswith("⚠️"):
            self.refused = True
        if not ephemeral:  # seen by the channel
            await self.table.screen.post(self.channel_id, payload)
            return
        private = self.table.private(self.user.id, str(content or ""), payload.get("components") or [])
        self.table.screen.note(self.stream, f"{how} {private.id} (private)", self.table.screen.render(payload))

    async def _edit_message(self, content: Any = ..., *, view: Any = ..., embeds: Any = ..., embed: Any = None,
                            **_: Any) -> None:
        self.answers += 1
        payload = self._payload(content, view, embeds, embed)
        screen = self.table.screen
        if self.clicked is None:
            raise AssertionError("an update answers a click on a message")
        if self.clicked[0] == "private":
            private = self.clicked[1]
            if "content" in payload:
                private.content = str(payload["content"] or "")
            if "components" in payload:
                private.components = payload["components"]
            screen.note(self.stream, f"update {private.id} (private)", screen.render(payload))
            return
        mid = self.clicked[1]
        stored = screen.messages[mid]
        stored.update(payload)
        label = screen.label(stored["channel"])
        screen.note(label, f"edit {screen.numbers.get(mid, '?')} (answering {self.table.names[self.user.id]}'s click)", screen.render(payload))

    async def _send_modal(self, modal: discord.ui.Modal) -> None:
        self.answers += 1
        fields = []
        for child in modal.children:  # read as sent (discord.py 2.7 deprecates the text input's own label)
            sent = child.to_component_dict()
            fields.append(f"field {sent.get('label')!r} {sent.get('custom_id')}")
        self.table.screen.note(self.stream, f"form {modal.title!r} {modal.custom_id}", fields)
        self.table.modal = (self.user.id, modal, self.clicked, self.channel_id)

    async def _defer(self, **_: Any) -> None:
        self.answers += 1


class StandInBot:
    """What the cogs read of the bot: the runtime, the dispatcher, the settings; extensions set up on it."""

    def __init__(self, runtime: Runtime, dispatcher: Dispatcher, typed: bool) -> None:
        self.runtime = runtime
        self.dispatcher = dispatcher
        self.settings = SimpleNamespace(message_content=typed, default_language="en")
        self.tree = SimpleNamespace()
        self.cogs: dict[str, Any] = {}
        self.dynamic_items: list[type[discord.ui.DynamicItem]] = []

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem]) -> None:
        self.dynamic_items += items

    async def add_cog(self, cog: Any) -> None:
        self.cogs[cog.qualified_name] = cog
        await discord.utils.maybe_coroutine(cog.cog_load)

    def get_cog(self, name: str) -> Any:
        return self.cogs.get(name)

    async def load(self) -> None:
        from bot import app

        for name in getattr(app, "COGS", ("cogs.game",)):
            await importlib.import_module(name).setup(self)

    def command(self, qualified_name: str) -> tuple[Any, Any]:
        for cog in self.cogs.values():
            for command in cog.walk_app_commands():
                if command.qualified_name == qualified_name and hasattr(command, "callback"):
                    return cog, command
        raise LookupError(qualified_name)

    def listeners(self, event: str) -> list[Any]:
        return [fn for cog in self.cogs.values() for name, fn in cog.get_listeners() if name == event]


# -- the table ------------------------------------------------------------------------------------------------


class WakeClock(ManualClock):
    """The manual clock, saying when its next sleeper wakes."""

    def next_wake(self) -> float | None:
        times = [when for when, _, future in self._sleepers if not future.done()]
        return min(times) if times else None


class Table:
    """One game of one :class:`Spec`, played to its end; :attr:`screen` holds what was seen."""

    def __init__(self, spec: Spec, db_path: Path) -> None:
        self.spec = spec
        self.db_path = db_path
        self.users = [USER_BASE + i for i in range(spec.players)]
        self.names = {u: CREW[i] for i, u in enumerate(self.users)}
        self.screen = Screen(self.names)
        self.clock = WakeClock()
        self.rng = random.Random(f"policy/{spec.name}")
        self.interaction_ids = itertools.count(990_001)
        self.privates: dict[int, list[Private]] = {}
        self.modal: tuple[int, Any, Any, int] | None = None
        self.done: set[tuple[Any, ...]] = set()
        self.game_id: int | None = None
        self.guild = SimpleNamespace(
            id=GUILD, name=GUILD_NAME, get_member=self._member_of_guild, fetch_member=self._fetch_member
        )

    def member(self, user: int) -> Any:
        async def send(content: str = "", **_: Any) -> None:  # a DM sent by the cog itself (the lobby's hello)
            await self.screen.post(await self.screen.dm_channel(user), {"content": content})

        return SimpleNamespace(
            id=user,
            name=self.names[user].lower(),
            display_name=self.names[user],
            bot=False,
            guild_permissions=discord.Permissions.none() if user != self.users[0] else discord.Permissions(manage_guild=True),
            send=send,
        )

    def _member_of_guild(self, user: int) -> Any:
        return self.member(user) if user in self.names else None

    async def _fetch_member(self, user: int) -> Any:
        return self.member(user)

    def private(self, user: int, content: str, components: list[dict[str, Any]]) -> Private:
        mine = self.privates.setdefault(user, [])
        mine.append(Private(f"p{len(mine) + 1}", content, components))
        return mine[-1]

    # -- the game -------------------------------------------------------------------------------------------

    async def run(self) -> dict[str, list[str]]:
        db = await open_database(f"sqlite+aiosqlite:///{self.db_path}")
        runtime = Runtime(db, self.clock, new_seed=lambda: f"transcript/{self.spec.name}", new_salt=lambda: "5a17" * 8)
        dispatcher = Dispatcher(runtime, self.screen, retry_delay=0)
        records.install(runtime, dispatcher)
        self.runtime = runtime
        self.bot = StandInBot(runtime, dispatcher, self.spec.typed)
        try:
            await self.bot.load()
            await self.play()
        finally:
            await runtime.idle()
            await runtime.close()
            await db.close()
        return self.screen.events

    async def settle(self) -> None:
        await self.runtime.idle()
        for cog in self.bot.cogs.values():
            typed = getattr(cog, "typed", None)
            if typed is not None and hasattr(typed, "settle"):
                await typed.settle()
        await self.runtime.idle()

    async def slash(self, user: int, name: str, **arguments: Any) -> Interaction:
        cog, command = self.bot.command(name)
        interaction = Interaction(self, user, kind=discord.InteractionType.application_command, channel_id=CHANNEL)
        shown = " ".join(f"{k}:{getattr(v, 'value', v)}" for k, v in arguments.items())
        self.screen.note(interaction.stream, f"/{name} {shown}".rstrip())
        await command.callback(cog, interaction, **arguments)
        await self.settle()
        return interaction

    async def click(self, user: int, where: Any, component: dict[str, Any], values: list[str] | None = None) -> Interaction:
        """``user`` clicks ``component`` of a message (``("public", id)`` or ``("private", Private)``)."""
        custom_id = component["custom_id"]
        if where[0] == "private":
            channel, place = CHANNEL, f"{where[1].id} (private)"
        else:
            channel = self.screen.messages[where[1]]["channel"]
            place = f"{self.screen.label(channel)} {self.screen.numbers.get(where[1], '?')}"
        chosen = f" {values}" if values is not None else ""
        self.screen.note(f"answers {self.names[user]}", f"click {custom_id}{chosen} on {place}")
        data = {"custom_id": custom_id, "component_type": component["type"], "values": values or []}
        interaction = Interaction(self, user, kind=discord.InteractionType.component, channel_id=channel, message=where, data=data)
        for factory in self.bot.dynamic_items:
            match = factory.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match is not None:
                item = await factory.from_custom_id(interaction, SimpleNamespace(custom_id=custom_id), match)
                item._refresh_state(interaction, data)
                if await item.interaction_check(interaction):
                    await item.callback(interaction)
                break
        else:
            raise AssertionError(f"no component handler for {custom_id}")
        await self.settle()
        if self.modal is not None:
            await self.submit()
        return interaction

    async def submit(self) -> None:
        """The player whose click opened a form fills it in at once and sends it."""
        assert self.modal is not None
        user, modal, where, channel = self.modal
        self.modal = None
        values = {child.custom_id: self.rng.choice(WORDS) for child in modal.children}
        self.screen.note(f"answers {self.names[user]}", f"send form {modal.custom_id} {values}")
        data = {
            "custom_id": modal.custom_id,
            "components": [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in values.items()],
        }
        interaction = Interaction(self, user, kind=discord.InteractionType.modal_submit, channel_id=channel, message=where, data=data)
        for listener in self.bot.listeners("on_interaction"):
            await listener(interaction)
        await self.settle()

    async def type_message(self, user: int, channel: int, text: str) -> None:
        """MESSAGE_CONTENT=on: ``user`` types ``text`` in ``channel`` (a game's thread)."""
        mid = await RecordingTransport.post(self.screen, channel, {"content": text, "author": user})
        label = self.screen.label(channel)
        self.screen.note(label, f"typed {self.screen.number(label, mid)} by {self.names[user]}", ["| " + text])
        message = SimpleNamespace(
            id=mid,
            content=text,
            guild=self.guild,
            author=SimpleNamespace(id=user, bot=False),
            webhook_id=None,
            type=discord.MessageType.default,
            channel=SimpleNamespace(id=channel, parent_id=self.screen.threads.get(channel, {}).get("parent")),
        )
        for listener in self.bot.listeners("on_message"):
            await listener(message)
        await self.settle()

    async def wait(self) -> None:
        """Nobody acts: time runs to the next timer."""
        when = self.clock.next_wake()
        if when is None:
            raise Stuck(f"{self.spec.name}: nobody can act and no timer is set")
        await self.clock.advance(max(0.0, when - self.clock.now()))
        await self.settle()

    def lobby_control(self, suffix: str) -> tuple[int, dict[str, Any]]:
        for mid in reversed(self.screen.by_channel.get(CHANNEL, [])):
            for row in self.screen.messages[mid].get("components") or []:
                for c in row["components"]:
                    if str(c.get("custom_id", "")).endswith(suffix):
                        return mid, c
        raise LookupError(f"no lobby control {suffix}")

    async def set_option(self, name: str, value: str) -> None:
        host = self.users[0]
        mid, settings = self.lobby_control(":settings")
        interaction = await self.click(host, ("public", mid), settings)
        for _ in range(10):
            panel = self.privates[host][-1]
            controls = [c for row in panel.components for c in row["components"]]
            select = next((c for c in controls if str(c.get("custom_id", "")).endswith(f":opt:{name}")), None)
            if select is not None:
                await self.click(host, ("private", panel), select, [value])
                return
            toggle = next((c for c in controls if str(c.get("custom_id", "")).endswith(f":toggle:{name}")), None)
            if toggle is not None and value == "toggle":
                await self.click(host, ("private", panel), toggle)
                return
            more = [c for c in controls if ":settings:" in str(c.get("custom_id", ""))]
            if not more:
                break
            interaction = await self.click(host, ("private", panel), more[-1])
        raise LookupError(f"{self.spec.name}: no setting {name} in the panel ({interaction.id})")

    async def play(self) -> None:
        spec = self.spec
        host = self.users[0]
        if spec.language != "en":
            names = {"ru": "Русский", "cs": "Čeština"}
            await self.slash(host, "game language", language=discord.app_commands.Choice(name=names[spec.language], value=spec.language))
        await self.slash(host, "game start", game=discord.app_commands.Choice(name=spec.game, value=spec.game))
        for name, value in spec.options:  # first, since some fix the seats (Midnight Hunt's 2v2)
            await self.set_option(name, value)
        for user in self.users[1:]:
            mid, join = self.lobby_control(":join")
            await self.click(user, ("public", mid), join)
        mid, start = self.lobby_control(":start")
        await self.click(host, ("public", mid), start)
        (live,) = self.runtime.games.values()
        assert live.row.status == "running", f"{spec.name}: the game did not start"
        self.game_id = live.id
        await self.moves()
        # what is left after the end: timers still set (a thread closed later), deliveries
        for _ in range(5):
            if self.clock.next_wake() is None:
                break
            await self.wait()

    async def moves(self) -> None:
        spec = self.spec
        idle = 0
        last = None
        for move in range(spec.max_moves):
            live = await self.runtime.get(self.game_id)
            if live.over or live.state is None or live.state.outcome is not None:
                return
            if live.state.step != last:
                last, idle = live.state.step, 0
            # who has something to do besides leaving the table (always legal)
            actors = [u for u in self.users if any(a.kind != "leave" for a in live.engine.legal_actions(live.state, str(u)))]
            waiting = idle >= 6 and self.clock.next_wake() is not None  # clicks lead nowhere: let time run
            choices = [] if waiting else self.choices(actors)
            if move < spec.give_up_after:  # play on: no surrender yet (it would end most games at once)
                choices = [c for c in choices if not any(word in c[2]["custom_id"] for word in GIVING_UP)]
            roll = self.rng.random()
            if spec.typed and actors and roll < 0.25 and live.row.thread_id:
                await self.type_message(self.rng.choice(actors), live.row.thread_id, self.rng.choice(WORDS))
                idle += 1
            elif choices and roll >= spec.timeout_rate:
                user, where, component = self.rng.choice(choices)
                await self.clock.advance(self.rng.choice(THINK))  # the player reads, then clicks
                values = self.values_for(component)
                key = (user, where[0], where[1].id if where[0] == "private" else where[1], component["custom_id"], tuple(values or ()))
                self.done.add(key)
                self.done.add(key[:4])
                interaction = await self.click(user, where, component, values)
                if interaction.refused:
                    self.done.add(key[:4] + ("refused",))
                idle += 1
            else:
                await self.wait()
        raise Stuck(f"{spec.name}: not over after {spec.max_moves} moves")

    def choices(self, actors: list[int]) -> list[tuple[int, Any, dict[str, Any]]]:
        """Every (player, message, control) a player who has something to do can click now."""
        out = []
        public = [c for c, label in self.screen.labels.items() if label == "#general" or label.startswith("thread ")]
        teams = [c for c, label in self.screen.labels.items() if label.startswith("private thread ")]
        for user in actors:
            channels = public + [t for t in teams if user in self.screen.threads.get(t, {}).get("members", ())]
            if user in self.screen.dm_of:
                channels.append(self.screen.dm_of[user])
            places: list[tuple[Any, list[dict[str, Any]]]] = [
                (("public", mid), self.screen.messages[mid].get("components") or [])
                for channel in channels
                for mid in self.screen.by_channel.get(channel, [])
            ]
            mine = self.privates.get(user, [])
            if mine and mine[-1].components:  # the newest private answer, when it has controls (a picker step)
                places.append((("private", mine[-1]), mine[-1].components))
            for where, rows in places:
                ident = where[1].id if where[0] == "private" else where[1]
                for row in rows:
                    for c in row.get("components", []):
                        if c.get("disabled") or not c.get("custom_id") or c.get("type") not in (2, 3):
                            continue
                        if (user, where[0], ident, c["custom_id"], "refused") in self.done:
                            continue
                        if (user, where[0], ident, c["custom_id"]) in self.done:  # one choice per control
                            continue
                        out.append((user, where, c))
        return out

    def values_for(self, component: dict[str, Any]) -> list[str] | None:
        if component["type"] != 3:
            return None
        options = [o["value"] for o in component.get("options") or []]
        low = max(1, int(component.get("min_values", 1)))
        high = min(len(options), int(component.get("max_values", 1)))
        return self.rng.sample(options, self.rng.randint(low, max(low, high))) if options else []


# -- transcripts as text ---------------------------------------------------------------------------------------


def as_text(spec: Spec, events: dict[str, list[str]]) -> str:
    head = f"# transcript {spec.name}: {spec.game}, {spec.players} players, options {dict(spec.options)}, server language {spec.language}"
    if spec.typed:
        head += ", typed messages read"
    out = [head]
    for label in sorted(events, key=_channel_order):
        out.append("")
        out.append(f"== {label} ({len(events[label])} events)")
        for index, event in enumerate(events[label], 1):
            out.append(f"[{index}] {event}")
    return "\n".join(out) + "\n"


def _channel_order(label: str) -> tuple[int, str]:
    order = ("#general", "thread ", "private thread ", "server", "dm ", "answers ")
    return next((i for i, prefix in enumerate(order) if label.startswith(prefix)), len(order)), label


def parse(text: str) -> dict[str, list[str]]:
    """A transcript's text back into its channels' events."""
    channels: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("== "):
            current = channels.setdefault(line[3:].rsplit(" (", 1)[0], [])
        elif current is not None and re.match(r"\[\d+\] ", line):
            current.append(line.split("] ", 1)[1])
        elif current is not None and line:
            current[-1] += "\n" + line
    return channels


async def record(spec: Spec) -> str:
    # a transcript keeps a board's file name and alt text, never its pixels (as_text): no picture is drawn
    pool = boards.Boards(0, BOARD_WORDS)
    previous = boards.install(pool)
    try:
        with tempfile.TemporaryDirectory(prefix="transcript-") as tmp:
            events = await Table(spec, Path(tmp) / "nocturne.sqlite3").run()
    finally:
        boards.install(previous)
        await pool.aclose()
    return as_text(spec, events)


def record_sync(spec: Spec) -> str:
    return asyncio.run(record(spec))
