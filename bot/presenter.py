"""From engine events and prompts to outbox ops: what each player and the channel see.

A :class:`Presenter` turns one transition (state before, state after, events) into :mod:`bot.ops`. The default
does what every game needs:

* all public events of a transition become **one** message in the game channel (fewer calls, no flood);
* private events become one DM per player, headed with the server and game they belong to;
* team events go to the team's private thread;
* the narrator (if any) gets a copy of everything private;
* each newly opened prompt is offered to its players by DM as buttons and selects built from their legal
  actions (a game's presenter overrides :meth:`Presenter.open_prompt` for prompts everyone answers in public).

Games subclass it in ``cogs/<game>.py`` and register with :func:`register`.
"""

from __future__ import annotations

import importlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bot import i18n
from bot.ops import (
    MAX_CONTENT,
    MAX_SELECT_OPTIONS,
    PRIMARY,
    SECONDARY,
    Op,
    button,
    fit_rows,
    post,
    select,
)
from engines.core import CLOCK, HOST, Action, Engine, Event, Prompt, State


@dataclass
class Table:
    """What a presenter needs to word a game: its id, language, names and where it is."""

    game_id: int
    engine: Engine
    lang: str
    names: dict[str, str]
    guild_name: str = ""
    narrator: str | None = None
    #: Who answers the game's host-only prompts (``HOST`` in the engine): the host's user id.
    host: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def prefix(self) -> str:
        return PREFIXES.get(self.engine.name, self.engine.name)

    def t(self, key: str, **args: Any) -> str:
        return i18n.translate(self.lang, key, **args)

    def has(self, key: str) -> bool:
        return i18n.has(self.lang, key)

    def say(self, event: Event) -> str:
        return i18n.render_event(self.lang, event.key, event.params, self.names)

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    def header(self) -> str:
        """Every private message says which server and game it belongs to."""
        return self.t("common.dm_header", game=self.t(f"{self.prefix}.name"), server=self.guild_name, id=str(self.game_id))


#: Event-key prefix of each engine.
PREFIXES = {"night_watch": "nw", "kdyz_snim": "ks", "ghost_at_home": "gh", "midnighters": "mn", "midnight_hunt": "mh"}

# custom_id of in-game components, parsed back by cogs.game's dynamic items (so buttons survive restarts):
#   button  nc:<game>:<prompt>:<kind>[:<arg>=<value>]
#   select  ncs:<game>:<prompt>:<kind>:<arg>   (the chosen value arrives with the interaction)


def action_custom_id(game_id: int, prompt_id: str, kind: str, arg: str | None = None, value: str | None = None) -> str:
    cid = f"nc:{game_id}:{prompt_id}:{kind}"
    return cid if arg is None else f"{cid}:{arg}={value}"


def select_custom_id(game_id: int, prompt_id: str, kind: str, arg: str, page: int = 0) -> str:
    return f"ncs:{game_id}:{prompt_id}:{kind}:{arg}" + (f":{page}" if page else "")


#: A choice among this many values is offered as buttons; more become a select.
BUTTONS_UP_TO = 3


class Presenter:
    """The default presentation of any game; see the module docstring."""

    engine_name: ClassVar[str | None] = None

    def present(
        self, table: Table, before: State | None, after: State, events: Sequence[Event], actor: str | None = None
    ) -> list[Op]:
        """The ops for one transition. Events meant only for ``actor`` (a check result) are left out: the bot
        shows them in its answer to that player's click (see :meth:`answer_lines`), which saves a DM."""
        # closed prompts lose their buttons first, so nothing after them looks clickable
        ops: list[Op] = []
        for prompt in self.closed_prompts(before, after):
            ops += self.close_prompt(table, after, prompt)
        public: list[str] = []
        private: dict[str, list[str]] = defaultdict(list)
        for event in events:
            handled = self.event_ops(table, after, event)
            if handled is not None:
                if handled and public:  # keep the order of events: what came before is posted first
                    ops += [post("game", chunk) for chunk in chunks(public)]
                    public = []
                ops += handled
                continue
            text = table.say(event)
            if actor is not None and _only_for(event, actor):
                if table.narrator:
                    private[table.narrator].append(f"[{table.name(actor)}] {text}")
                continue
            if event.audience.kind == "public":
                public.append(text)
            elif event.audience.kind == "players":
                for player in event.audience.players:
                    private[table.host if player == HOST and table.host else player].append(text)
            else:
                ops.append(self.team_post(table, event.audience.team or "", event.audience.players, text))
            if table.narrator and event.audience.kind != "public":
                who = ", ".join(table.name(p) for p in event.audience.players) or event.audience.team
                private[table.narrator].append(f"[{who}] {text}")
        opened = self.opened_prompts(before, after)
        public_prompt_ops: list[Op] = []
        for prompt in opened:
            public_prompt_ops += self.open_prompt(table, after, prompt)
        # one public message for the transition: its events, then the first public prompt (with its buttons)
        if public:
            first = next((o for o in public_prompt_ops if o.get("to") == "game" and "slot" in o), None)
            preamble = "\n".join(public)
            if first is not None and len(preamble) + 1 + len(first["content"]) <= MAX_CONTENT:
                first["preamble"] = preamble  # kept above the prompt's text when the prompt is edited later
            else:
                ops += [post("game", chunk) for chunk in chunks(public)]
        for player, texts in private.items():
            ops += [self.dm(table, player, chunk) for chunk in chunks([table.header(), *texts])]
        ops += public_prompt_ops
        return ops

    # -- hooks ---------------------------------------------------------------------------------------------

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        """Present one event specially (return ops), or ``None`` for the default wording and routing."""
        return None

    def open_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        """Offer a new prompt: by default a DM to each prompted player with their choices."""
        ops = []
        for player in prompt.players:
            components = self.components(table, state, player, prompt)
            if components:
                text = f"{table.header()}\n{self.prompt_text(table, state, prompt, player)}"
                ops.append(self.dm(table, player, text, components=components))
        return ops

    def close_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        """A prompt closed: take the buttons off its public message, if it had one."""
        return [{"do": "edit", "slot": prompt_slot(prompt), "components": [], "optional": True}]

    def prompt_text(self, table: Table, state: State, prompt: Prompt, player: str | None) -> str:
        key = f"{prompt.key}.prompt" if table.has(f"{prompt.key}.prompt") else "common.your_move"
        return table.t(key, **{k: v for k, v in prompt.params.items() if isinstance(v, (str, int, float))})

    def status_text(self, table: Table, state: State) -> str:
        """What anyone may see of a running game (``/game status``)."""
        board = table.engine.describe(state, None)
        return f"```\n{board}\n```" if board else ""

    def private_text(self, table: Table, state: State, player: str) -> str:
        """What ``player`` may see (``/game mine``, the fallback when DMs are closed)."""
        board = table.engine.describe(state, player)
        return f"```\n{board}\n```" if board else ""

    def narrator_text(self, table: Table, state: State) -> str:
        """What the narrator sees: the whole game (the engine's view after the end shows everything)."""
        return self.status_text(table, state)

    def answer_lines(self, table: Table, action: Action, events: Sequence[Event]) -> list[str]:
        """What the acting player learns from their own action, shown in the answer to their click."""
        return [table.say(e) for e in events if _only_for(e, action.player)]

    def ack_text(self, table: Table, action: Action) -> str:
        """The private confirmation after a player's action was accepted."""
        value = next(iter(action.args.values()), None)
        label = self.kind_label(table, action.kind)
        arg = next(iter(action.args), "")
        return "✅ " + (label if value is None else f"{label}: {self.value_label(table, arg, value)}")

    # -- building blocks -----------------------------------------------------------------------------------

    @staticmethod
    def closed_prompts(before: State | None, after: State) -> list[Prompt]:
        new = {p.id for p in after.prompts}
        return [p for p in (before.prompts if before else []) if p.id not in new]

    @staticmethod
    def opened_prompts(before: State | None, after: State) -> list[Prompt]:
        old = {p.id for p in before.prompts} if before else set()
        return [p for p in after.prompts if p.id not in old]

    def components(self, table: Table, state: State, player: str, prompt: Prompt) -> list[dict[str, Any]]:
        """Buttons and selects for ``player``'s legal actions on ``prompt`` (grouped by kind and argument)."""
        actions = [a for a in table.engine.legal_actions(state, player) if a.prompt == prompt.id]
        return fit_rows(*self.controls(table, actions))

    def controls(self, table: Table, actions: Iterable[Action]) -> list[dict[str, Any]]:
        by_kind: dict[str, list[Action]] = defaultdict(list)
        for action in actions:
            if action.kind in ("leave", "remove"):
                continue  # leaving is a command, not a button on every prompt
            by_kind[action.kind].append(action)
        items: list[dict[str, Any]] = []
        buttons: list[dict[str, Any]] = []
        for kind, group in by_kind.items():
            arg = _single_arg(group)
            label = self.kind_label(table, kind)
            if arg is None or len(group) <= BUTTONS_UP_TO:
                for action in group:
                    value = next(iter(action.args.values()), None) if action.args else None
                    name = next(iter(action.args), None)
                    text = label if value is None else f"{label}: {self.value_label(table, name or '', value)}"
                    cid = action_custom_id(table.game_id, action.prompt, kind, name, None if name is None else str(value))
                    buttons.append(button(text, cid, PRIMARY if kind not in ("skip", "pass") else SECONDARY))
            else:
                values = [str(a.args[arg]) for a in group]
                for page in range(0, len(values), MAX_SELECT_OPTIONS):
                    chunk = values[page : page + MAX_SELECT_OPTIONS]
                    cid = select_custom_id(table.game_id, group[0].prompt, kind, arg, page // MAX_SELECT_OPTIONS)
                    items.append(select(cid, [(self.value_label(table, arg, v), v) for v in chunk], placeholder=label))
        return items + buttons

    def kind_label(self, table: Table, kind: str) -> str:
        key = f"{table.prefix}.button.{kind}"
        if table.has(key):
            return table.t(key)
        key = f"common.button.{kind}"
        return table.t(key) if table.has(key) else kind

    def value_label(self, table: Table, arg: str, value: Any) -> str:
        value = str(value)
        if value in table.names:
            return table.names[value]
        key = f"{table.prefix}.{arg}.{value}"
        return table.t(key) if table.has(key) else value

    def dm(self, table: Table, player: str, text: str, **extra: Any) -> Op:
        if player == HOST:  # the engine's host seat is a person on Discord
            player = table.host or player
        return post(
            "dm",
            text,
            user=player,
            fallback=table.t("common.dm_closed", player=f"<@{player}>"),
            **extra,
        )

    def team_post(self, table: Table, team: str, members: Sequence[str], text: str) -> Op:
        audience = list(members) + ([table.narrator] if table.narrator else [])
        return post("team", text, team=team, members=audience, name=table.t(f"{table.prefix}.team.{team}"))


def prompt_slot(prompt: Prompt) -> str:
    return f"prompt:{prompt.id}"


def chunks(lines: Sequence[str], limit: int = MAX_CONTENT) -> list[str]:
    """Join lines into as few messages of at most ``limit`` characters as possible."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line if len(line) <= limit else line[: limit - 1] + "…"
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def _only_for(event: Event, player: str) -> bool:
    return event.audience.kind == "players" and event.audience.players == (player,) and player != CLOCK


def _single_arg(actions: Sequence[Action]) -> str | None:
    """The argument name when every action of a group differs only in one argument (a target to pick)."""
    names = {tuple(a.args) for a in actions}
    if len(names) == 1:
        (keys,) = names
        if len(keys) == 1:
            return keys[0]
    return None


_PRESENTERS: dict[str, Presenter] = {}
_DEFAULT = Presenter()


def register(presenter: Presenter) -> Presenter:
    assert presenter.engine_name
    _PRESENTERS[presenter.engine_name] = presenter
    return presenter


def presenter_for(engine_name: str) -> Presenter:
    """The game's presenter (``cogs/<game>.py`` registers it when imported), or the default one."""
    if engine_name not in _PRESENTERS:
        try:
            importlib.import_module(f"cogs.{engine_name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"cogs.{engine_name}":
                raise
        _PRESENTERS.setdefault(engine_name, _DEFAULT)
    return _PRESENTERS[engine_name]


__all__ = ["HOST", "Presenter", "Table", "action_custom_id", "chunks", "presenter_for", "prompt_slot", "register"]
