"""The offline table's game at the terminal (:class:`Table`): applies actions, keeps the record, and words every
event, prompt, menu line and refusal as the bot does (:mod:`translations`), in plain text (:func:`plain`); the
engines' command line (:mod:`engines.__main__`) and its hotseat (:mod:`engines.hotseat`) play through it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TextIO

import translations as i18n
from engines.core import Action, Engine, Event, IllegalAction, Outcome, Prompt, State
from translations import _render_value, render_event

# -- plain text for the terminal -------------------------------------------------------------------------------

_MARKUP = [
    (re.compile(r"<a?(:\w+:)\d+>"), r"\1"),  # custom emoji
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"), r"\1"),  # bold
    (re.compile(r"__(?=\S)(.+?)(?<=\S)__"), r"\1"),  # underline
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"), r"\1"),  # strike-through
    (re.compile(r"\|\|(.+?)\|\|"), r"\1"),  # spoiler
    (re.compile(r"(?<![\w*])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\w*])"), r"\1"),  # italic *x*
    (re.compile(r"(?<![\w_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\w_])"), r"\1"),  # italic _x_ (not snake_case ids)
    (re.compile(r"`{1,3}([^`]+?)`{1,3}"), r"\1"),  # code
    (re.compile(r"^(?:#{1,3}|-#|>{1,3}) ", re.MULTILINE), ""),  # headings, subtext, quotes
]


def plain(text: str) -> str:
    """Discord markdown turned into plain terminal text (the one place the offline table does this).

    >>> plain("Your role: **Station resident**. Use `/game mine`; ||secret||, *soft* and __under__ ~~no~~")
    'Your role: Station resident. Use /game mine; secret, soft and under no'
    >>> plain("P1: *** and station_wins and 2 * 3 * 4")
    'P1: *** and station_wins and 2 * 3 * 4'
    """
    for pattern, replacement in _MARKUP:
        text = pattern.sub(replacement, text)
    return text


# -- the table's own words -------------------------------------------------------------------------------------


def table_word(lang: str, key: str, **args: Any) -> str:
    """One of the table's own lines (handing the screen over, its menu), from ``data/locales/<lang>/table.ftl``."""
    return i18n.translate(lang, key, **args)


def _standing(engine: Engine, view: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """What a player holds now, worded with the game's own private messages (the ones that deal it): the hand or
    the role, shown each time the screen is handed to them, since those messages only tell what changed."""
    p = engine.prefix
    out: list[tuple[str, dict[str, Any]]] = []
    if view.get("role") and p == "nw":
        out.append(("nw.your_role", {"role": view["role"]}))
    if view.get("role") and p == "ks" and view.get("role") != "dreamer":
        out.append(("ks.your_role", {"round": view.get("round", 0), "role": view["role"]}))
    element = view.get("element")
    if p == "ks" and isinstance(element, Mapping) and element.get("word"):
        out.append(("ks.element", {"card": view.get("card") or 0, "word": element["word"], "aliases": list(element.get("aliases") or [])}))
    hand = view.get("hand")
    if isinstance(hand, list) and hand:  # nothing to hold yet (Midnight Hunt's draft): no "Your hand: nobody"
        key, arg = {"mh": ("mh.hand", "tokens")}.get(p, (f"{p}.your_hand", "cards"))
        if i18n.has(i18n.DEFAULT_LANGUAGE, key):
            out.append((key, {arg: hand}))
    return out


# -- the table -------------------------------------------------------------------------------------------------


class Table:
    """One game at the terminal: applies actions, prints events, keeps the record for ``--save``.

    Public events go to the shared screen at once. A private event goes to the screen only while its player holds
    it (hotseat) or with ``--reveal``; otherwise it waits for that player's next turn at the screen
    (:meth:`private_view`), so nobody reads another's secrets."""

    def __init__(
        self,
        engine: Engine,
        record: dict[str, Any],
        out: TextIO,
        reveal: bool,
        lang: str = "en",
        names: Mapping[str, str] | None = None,
        hotseat: bool = False,
    ) -> None:
        self.engine = engine
        self.record = record
        self.out = out
        self.reveal = reveal
        self.lang = lang
        self.names = {p: (names or {}).get(p, p) for p in record["players"]}
        self.hotseat = hotseat
        #: The player whose private view is on the screen now (hotseat), if anyone's.
        self.at_screen: str | None = None
        #: Private messages each player has not seen yet (hotseat without ``--reveal``).
        self.unseen: dict[str, list[str]] = {p: [] for p in record["players"]}
        #: (prompt id, player): who has answered (or let pass) a simultaneous or reaction prompt; hotseat asks
        #: each of them once per prompt.
        self.answered: set[tuple[str, str]] = set()
        #: The (prompt id, player) hotseat asked last: answering it counts whichever prompt the action is on.
        self.asked: tuple[str, str] | None = None
        state, events = engine.setup(record["players"], record["options"], record["seed"], record.get("overrides"))
        self.state: State = state
        self.show(events)

    def word(self, key: str, **args: Any) -> str:
        return table_word(self.lang, key, **args)

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    def act(self, action: Action) -> None:
        self.state, events = self.engine.apply(self.state, action)
        self.record["log"].append(action.to_json())
        self.answered.add((action.prompt, action.player))
        if self.asked is not None:
            self.answered.add(self.asked)
            self.asked = None
        self.show(events)

    def text(self, event: Event) -> str:
        return plain(render_event(self.lang, event.key, event.params, self.names))

    def show(self, events: list[Event]) -> None:
        for event in events:
            if event.audience.is_public:
                self.out.write(self.text(event) + "\n")
            elif self.reveal:
                to = ", ".join(self.name(p) for p in event.audience.players) or str(event.audience.team)
                self.out.write(f"[{self.word('table.to', players=to)}] {self.text(event)}\n")
            elif self.hotseat:
                for player in event.audience.players:
                    if player == self.at_screen:
                        self.out.write(f"🔒 {self.text(event)}\n")
                    elif player in self.unseen:
                        self.unseen[player].append(self.text(event))

    def private_view(self, player: str) -> str:
        """What ``player`` reads once the screen is theirs: what came for them since they last looked, and what
        they hold now (hand or role), in the game's own words."""
        lines = [self.word("table.seat", player=self.name(player))]
        if self.unseen.get(player):
            lines.append(self.word("table.since"))
            lines += [f"  🔒 {line}" for line in self.unseen[player]]
            self.unseen[player] = []
        if not self.reveal:
            view = self.engine.view(self.state, player)
            standing = [plain(render_event(self.lang, key, params, self.names)) for key, params in _standing(self.engine, view)]
            for line in [*standing, *(line.strip() for line in self.private_board(player))]:
                if f"  🔒 {line}" not in lines and f"🔒 {line}" not in lines:  # just told: not twice
                    lines.append(f"🔒 {line}")
        return "\n".join(lines) + "\n"

    def say(self, key: str, **params: Any) -> str:
        """One message of the game's board text in the table's language (:meth:`Engine.board_text`)."""
        return plain(render_event(self.lang, key, params, self.names))

    def board(self, viewer: str | None = None) -> str:
        """The board as ``viewer`` may see it (the public one for ``None``), in the table's language; a game with
        no worded board (:meth:`Engine.board_text` gives ``None``) shows the engine's own summary."""
        text = self.engine.board_text(self.state, viewer, self.say)
        if text is None:
            text = self.with_names(plain(self.engine.describe(self.state, viewer)))
        return text

    def private_board(self, player: str) -> list[str]:
        """The lines of ``player``'s board that the public board does not show (their hand, traps, secret choice)."""
        public = set(self.board(None).splitlines())
        return [line for line in self.board(player).splitlines() if line.strip() and line not in public]

    def with_names(self, text: str) -> str:
        """The engine's own summary of the board with the players' names for their ids."""
        for player, name in self.names.items():
            if name != player:
                text = re.sub(rf"(?<![\w-]){re.escape(player)}(?![\w-])", name, text)
        return text

    def prompt_text(self, prompt: Prompt) -> str:
        """The prompt as the bot words it: its own message, else "It is your move"."""
        for key in (f"{prompt.key}.prompt", prompt.key):
            if i18n.has(self.lang, key) or i18n.has(i18n.DEFAULT_LANGUAGE, key):
                return plain(render_event(self.lang, key, prompt.params, self.names))
        return plain(i18n.translate(self.lang, "common.your_move"))

    def kind_label(self, kind: str) -> str:
        """An action's name as the bot's button says it."""
        for key in (f"{self.engine.prefix}.button.{kind}", f"common.button.{kind}"):
            if i18n.has(self.lang, key) or i18n.has(i18n.DEFAULT_LANGUAGE, key):
                return plain(i18n.translate(self.lang, key))
        return kind.replace("_", " ").capitalize()

    def action_text(self, action: Action) -> str:
        """An action as a menu line: its button's name, then its choices in the bot's words."""
        values = [
            str(_render_value(self.lang, self.engine.prefix, k, v, self.names))
            for k, v in action.args.items()
            if v is not None
        ]
        typed = any(v is None for v in action.args.values())
        parts = [self.kind_label(action.kind) + (": " + " · ".join(values) if values else "")]
        if typed:
            parts.append(self.word("table.then_type"))
        return plain(" ".join(parts))

    def refusal(self, exc: IllegalAction) -> str:
        key = f"common.error.{exc.code}"
        reason = i18n.translate(self.lang, key) if exc.code and i18n.has(self.lang, key) else exc.reason
        return self.word("table.refused", reason=plain(reason))


def outcome_line(outcome: Outcome | None) -> str:
    if outcome is None:
        return "Outcome: unfinished"
    if outcome.draw:
        return f"Outcome: draw ({outcome.reason})"
    return f"Outcome: {outcome.reason}; winners: {', '.join(outcome.winners) or 'none'}"


