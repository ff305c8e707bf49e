"""The offline table: play or replay any game in a terminal, without Discord.

    python -m engines play night_watch --players 12 --seed 7 --auto
    python -m engines play night_watch --players 6 --seed 7            # hotseat: asks each prompted player
    python -m engines play night_watch --players 12 --seed 7 --auto --save game.json
    python -m engines replay game.json
    python -m engines verify game.json --digest <the digest play printed>
    python -m engines verify nocturne-night-watch-12-<digest>.json --digest <digest>   # a record from Discord

``--reveal`` prints private messages too. Both commands end by printing the outcome as their last line.

``play --save`` writes a record as the bot does (see :mod:`engines.verify`): before the deal it prints the
commitment to the seed (SHA-256 of ``salt:seed``, with a fresh random salt), and at the end it saves seed, salt,
every action and the outcome, hash-chained, and prints the record's digest. These two lines go to stderr, so the
game on stdout stays the same for a seed.

``verify`` checks a game record (see :mod:`engines.verify`): the seed against the commitment posted at the start,
the record against its hashes and the digest the bot gave, and every action replayed from the seed to the recorded
outcome. Its first line is the verdict: "fair: ...", "not fair: <where and why>", or what it could not check. Exit
status 0 fair, 1 not fair, 2 not a readable record (or a malformed --digest/--commitment), 3 cannot be fully checked
(the game's rules keep part of it secret, or no commitment), 4 consistent only: everything holds together but no
``--digest`` was given, so nothing shows this is the record the bot attached (anyone can edit a record and compute
its hashes again; only the digest from Discord, or from the table's output, tells such a copy apart).

The table speaks like the bot: ``--lang en|ru|cs`` words every event, prompt, menu line (the bot's button names
and values) and refusal from the bot's catalogues (:mod:`translations`); ``--names Anna,Boris,...`` names the seats
(the record keeps P1, P2, ...). The engine's own summary of the board is printed as it is.

Hotseat asks, in turn, each player whose input is open (once per simultaneous prompt, for as long as it is their
turn on a turn prompt); leaving the game is typed as a word and confirmed. The screen is handed over before a
player's private view: whoever holds it presses Enter to hide it, the screen is cleared (:data:`CLEAR`), the public
board shown and the next player named ("pass the screen to Anna"), who presses Enter to see what came for them
since they last looked, what they hold and their menu. A private message that comes while its player holds the
screen (the card they drew) is shown at once; any other waits for that player's turn at the screen. When the input ends the game stops
unfinished (and is saved with ``--save``). Every error about the command line or a saved game is one line on
stderr and exit status 2 (the only other lines on stderr are ``--save``'s commitment and digest).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import secrets
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn, TextIO

import translations as i18n
from engines import ENGINE_NAMES, get_engine
from engines.core import CLOCK, Action, Engine, Event, IllegalAction, Outcome, Prompt, State, counts_text
from translations import _render_value, render_event

#: Actions any seated player may take whatever is asked (leave the game, surrender): they never make a player's
#: input "open", are typed as words rather than numbers, and ask for a confirmation.
ANYTIME_KINDS: tuple[str, ...] = ("leave", "surrender")
PROG = "python -m engines"


class CliError(Exception):
    """A mistake in the command line or a saved game: one line for stderr, exit status 2."""


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

#: What clears the terminal (and its scroll-back) before the screen is handed to the next player.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


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
        out.append(("ks.element", {"card": view.get("card") or 0, "word": element["word"], "aliases": []}))
    hand = view.get("hand")
    if isinstance(hand, list):
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
            for key, params in _standing(self.engine, view):
                line = plain(render_event(self.lang, key, params, self.names))
                if f"  🔒 {line}" not in lines:  # just told: not twice
                    lines.append(f"🔒 {line}")
        return "\n".join(lines) + "\n"

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


# -- play --------------------------------------------------------------------------------------------------------


def play(args: argparse.Namespace, out: TextIO, inp: TextIO, notes: TextIO | None = None) -> int:
    """Play one game; 0 when it ended, 1 when the input ended first (the game is left unfinished).

    With ``--save``, the record's commitment (before the deal) and digest (at the end) go to ``notes`` (stderr):
    they differ every time (a fresh salt), and ``out`` stays the game, the same for a seed."""
    notes = notes or sys.stderr
    engine = get_engine(args.game)
    check_player_count(engine, args.players)
    options = dict(_parse_option(o) for o in (args.option or []))
    if args.save:
        check_writable(args.save)
    players = [f"P{i}" for i in range(1, args.players + 1)]
    record: dict[str, Any] = {"engine": engine.name, "players": players, "options": options, "seed": str(args.seed)}
    if args.save:  # a record as the bot makes it: committed to before the deal, sealed at the end
        from engines.verify import FORMAT, commitment

        salt = secrets.token_hex(16)
        record = {"format": FORMAT, **record, "salt": salt, "commitment": commitment(record["seed"], salt)}
        notes.write(f"Commitment: {record['commitment']} (SHA-256 of salt:seed, before the deal; --save reveals both)\n")
        notes.flush()
    record["log"] = []
    names = _names(args.names, players)
    try:
        table = Table(engine, record, out, args.reveal, args.lang, names, hotseat=not args.auto)
    except IllegalAction as exc:
        known = f" (options: {', '.join(o.name for o in engine.options)})" if exc.code == "bad_option" else ""
        raise CliError(f"cannot start {engine.name}: {exc.reason}{known}") from None
    chooser = random.Random(f"auto/{args.seed}")
    try:
        while engine.outcome(table.state) is None:
            action = _auto_action(engine, table.state, chooser) if args.auto else _ask(engine, table, out, inp)
            if action is None:
                out.write("\n" + table.word("table.input_ended") + "\n")
                break
            try:
                table.act(action)
            except IllegalAction as exc:
                table.asked = None
                out.write(table.refusal(exc) + "\n")
    except KeyboardInterrupt:
        out.write("\n" + table.word("table.interrupted") + "\n")
    outcome = engine.outcome(table.state)
    if args.save:
        digest = save(args.save, record, outcome)
        out.write(table.word("table.saved", path=args.save) + "\n")
        notes.write(f"Record digest: {digest} (check it with: {PROG} verify {args.save} --digest {digest})\n")
    out.write(outcome_line(outcome) + "\n")
    return 0 if outcome is not None else 1


def check_player_count(engine: Engine, n: int) -> None:
    if n in engine.player_counts:
        return
    allowed = counts_text(engine.player_counts, dash=" to ")
    raise CliError(f"--players: {engine.name} is played by {allowed} players, not {n}")


def check_writable(path: str) -> None:
    """``--save`` must be writable before the game is played, not after."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise CliError(f"--save {path}: is a folder; give a file name")
    if not folder.is_dir():
        raise CliError(f"--save {path}: the folder {folder} does not exist")
    if target.exists() and not os.access(target, os.W_OK):
        raise CliError(f"--save {path}: the file is not writable")
    if not target.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise CliError(f"--save {path}: cannot write in the folder {folder}")


def save(path: str, record: dict[str, Any], outcome: Outcome | None) -> str:
    """Write the game's record to ``path``, sealed with its hashes and outcome; returns its digest."""
    from engines.verify import outcome_json, seal

    sealed = seal({**json.loads(json.dumps(record)), "outcome": outcome_json(outcome)})
    try:
        Path(path).write_text(json.dumps(sealed, indent=1), encoding="utf-8")
    except OSError as exc:
        raise CliError(f"--save {path}: cannot write it ({exc.strerror or exc})") from None
    return sealed["digest"]


def _parse_option(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise CliError(f"--option {text}: write NAME=VALUE (the value in JSON, e.g. vote_seconds=30)")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def _auto_action(engine: Engine, state: State, chooser: random.Random) -> Action:
    """A random legal action of a random prompted player; sometimes a prompt just times out."""
    prompts = engine.prompts(state)
    prompt = chooser.choice(prompts)
    if prompt.timeout is not None and chooser.random() < 0.05:
        return Action.timeout(prompt.id)
    players = list(prompt.players)
    chooser.shuffle(players)
    for player in players:
        action = engine.random_action(state, player, chooser)
        if action is not None:
            return action
    return Action.timeout(prompt.id)


# -- hotseat -----------------------------------------------------------------------------------------------------


def _names(given: str | None, players: list[str]) -> dict[str, str]:
    """``--names Anna,Boris``: the seats' display names, in seat order (the record keeps P1, P2 ...)."""
    if not given:
        return {}
    names = [n.strip() for n in given.split(",")]
    if len(names) != len(players) or not all(names) or len(set(names)) != len(names):
        raise CliError(f"--names {given}: give {len(players)} different names, separated by commas")
    return dict(zip(players, names))


def _ask(engine: Engine, table: Table, out: TextIO, inp: TextIO) -> Action | None:
    """Hotseat: the next action, asking the next player whose input is open; ``None`` when the input ends.

    A player's input is open on a prompt that lists them when they have an action other than leaving or
    surrendering. On a turn prompt they are asked for as long as it stays open; on a simultaneous or reaction
    prompt once (answering it, or saying "not now"). When nobody is left to ask, the first prompt with a time
    limit times out. Before a player's private view is shown the screen is handed over (:func:`_hand_over`).
    """
    while True:
        turn = _next_to_ask(engine, table)
        if turn is None:
            timed = next((p for p in engine.prompts(table.state) if p.timeout is not None), None)
            if timed is None:
                out.write(table.word("table.stuck") + "\n")
                return None
            out.write(table.word("table.time_runs_out") + "\n")
            return Action.timeout(timed.id)
        prompt, player, actions = turn
        if not _hand_over(engine, table, player, out, inp):
            return None
        action = _ask_player(engine, table, prompt, player, actions, out, inp)
        if action is None or action is not _NOT_NOW:
            table.asked = (prompt.id, player)
            return action
        table.answered.add((prompt.id, player))


def _read(out: TextIO, inp: TextIO, text: str = "> ") -> str | None:
    out.write(text)
    out.flush()
    line = inp.readline()
    return None if not line else line.strip()


def _hand_over(engine: Engine, table: Table, player: str, out: TextIO, inp: TextIO) -> bool:
    """Give the screen to ``player``: whoever holds it hides it (Enter), the screen is cleared, the public board
    shown, and ``player`` takes it (Enter). Nothing when it is theirs already; ``False`` when the input ends."""
    if table.at_screen == player:
        return True
    if table.at_screen is not None and _read(out, inp, table.word("table.hide", player=table.name(table.at_screen)) + " ") is None:
        return False
    table.at_screen = None
    out.write(CLEAR)
    board = engine.describe(table.state, None)
    if board:
        out.write(table.with_names(plain(board)) + "\n")
    if _read(out, inp, "\n" + table.word("table.pass_to", player=table.name(player)) + " ") is None:
        return False
    table.at_screen = player
    return True


def _next_to_ask(engine: Engine, table: Table) -> tuple[Prompt, str, list[Action]] | None:
    for prompt in engine.prompts(table.state):
        for player in prompt.players:
            if prompt.kind != "turn" and (prompt.id, player) in table.answered:
                continue
            actions = engine.legal_actions(table.state, player)
            if any(a.kind not in ANYTIME_KINDS for a in actions):
                return prompt, player, actions
    return None


#: What :func:`_ask_player` returns for "not now".
_NOT_NOW = Action(CLOCK, "", "not now")


def _ask_player(
    engine: Engine, table: Table, prompt: Prompt, player: str, actions: list[Action], out: TextIO, inp: TextIO
) -> Action | None:
    """``player``'s private view and menu (the screen is theirs): what came for them, what they hold, the prompt
    as the bot words it and one numbered line per action, named as the bot's buttons name them."""
    choices = [a for a in actions if a.kind not in ANYTIME_KINDS]
    anytime = {a.kind: a for a in actions if a.kind in ANYTIME_KINDS}
    out.write("\n" + table.private_view(player))
    out.write(table.prompt_text(prompt) + "\n")
    out.writelines(f"  {i}. {table.action_text(action)}\n" for i, action in enumerate(choices, start=1))
    if prompt.kind != "turn":
        out.write(f"  n. {table.word('table.not_now')}\n")
    if prompt.timeout is not None:
        out.write(f"  t. {table.word('table.timeout')}\n")
    words = {kind: table.kind_label(kind) for kind in anytime}
    out.writelines(f"  {table.word('table.anytime', word=kind, label=label)}\n" for kind, label in words.items())
    while True:
        line = _read(out, inp)
        if line is None:
            return None
        answer = line.lower()
        if answer == "t" and prompt.timeout is not None:
            return Action.timeout(prompt.id)
        if answer == "n" and prompt.kind != "turn":
            return _NOT_NOW
        kind = next((k for k, label in words.items() if answer in (k, label.lower())), None)
        if kind is not None:
            confirm = _read(out, inp, table.word("table.confirm", player=table.name(player), label=words[kind]))
            if confirm is None:
                return None
            if confirm.lower() in ("y", "yes", table.word("table.yes").lower()):
                return anytime[kind]
            out.write(table.word("table.stays", player=table.name(player)) + "\n")
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            chosen = choices[int(answer) - 1]
            missing = [k for k, v in chosen.args.items() if v is None]
            if missing:  # free text (a clue, a guess): ask for it
                text = _read(out, inp, table.word("table.type_text"))
                if text is None:
                    return None
                chosen = Action(chosen.player, chosen.prompt, chosen.kind, {**chosen.args, **dict.fromkeys(missing, text)})
            return chosen
        out.write(table.word("table.pick") + "\n")


# -- replay ------------------------------------------------------------------------------------------------------


def replay_file(args: argparse.Namespace, out: TextIO) -> int:
    """Replay a saved game; nothing is printed unless the whole save replays."""
    name = args.file
    record = read_save(name)
    engine = get_engine(record["engine"])
    buffer = io.StringIO()
    try:
        table = Table(engine, {**record, "options": record.get("options") or {}, "log": []}, buffer, args.reveal, args.lang)
    except IllegalAction as exc:
        raise CliError(f"{name}: {engine.name} cannot start this game: {exc.reason}") from None
    except Exception as exc:  # noqa: BLE001 - a hand-edited save can upset an engine in any way
        raise CliError(f"{name}: {engine.name} cannot start this game ({type(exc).__name__}: {exc})") from None
    for i, entry in enumerate(record["log"], start=1):
        what = f"{name}: action {i} of {len(record['log'])} ({entry['player']} {entry['kind']})"
        try:
            table.act(Action.from_json(entry))
        except IllegalAction as exc:
            raise CliError(f"{what} is refused by {engine.name}: {exc.reason}; the save is damaged or not of this game") from None
        except Exception as exc:  # noqa: BLE001
            raise CliError(f"{what} cannot be replayed ({type(exc).__name__}: {exc}); the save is damaged") from None
    out.write(buffer.getvalue())
    out.write(outcome_line(engine.outcome(table.state)) + "\n")
    return 0


def read_save(name: str) -> dict[str, Any]:
    """The record in a ``--save`` file, checked field by field; :class:`CliError` says what is wrong."""
    record = read_json(name)
    problem = _record_problem(record)
    if problem:
        raise CliError(f"{name}: not a saved game ({problem})")
    return record


def read_json(name: str) -> dict[str, Any]:
    """The JSON object in file ``name``; :class:`CliError` says what is wrong with the file."""
    path = Path(name)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise CliError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{name}: is a folder, not a saved game") from None
    except OSError as exc:
        raise CliError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    if not raw.strip():
        raise CliError(f"{name}: is empty, not a saved game")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CliError(f"{name}: not a saved game (not text; saves are JSON written by --save)") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{name}: not a saved game (broken JSON at line {exc.lineno} column {exc.colno}: {exc.msg})") from None
    if not isinstance(record, dict):
        raise CliError(f"{name}: not a saved game (a JSON {type(record).__name__}, not an object with engine, players, seed and log)")
    return record


def _record_problem(record: Mapping[str, Any], need_seed: bool = True) -> str | None:
    hidden_seed = (record.get("hidden") or {}).get("seed") if isinstance(record.get("hidden"), dict) else None
    if need_seed and "seed" not in record and hidden_seed:
        return f"its seed is kept secret by the game's rules ({hidden_seed}), so it cannot be replayed"
    missing = [k for k in ("engine", "players", "seed", "log") if k not in record and (need_seed or k != "seed")]
    if missing:
        return f"missing {', '.join(missing)}"
    engine = record["engine"]
    if engine not in ENGINE_NAMES:
        return f"unknown game {engine!r}; known: {', '.join(ENGINE_NAMES)}"
    players = record["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return "players must be a list of names"
    if "seed" in record and (not isinstance(record["seed"], str | int) or isinstance(record["seed"], bool)):
        return "seed must be text or a number"
    if not isinstance(record.get("options") or {}, dict):
        return "options must be an object"
    if not isinstance(record.get("overrides") or {}, dict):
        return "overrides must be an object"
    log = record["log"]
    if not isinstance(log, list):
        return "log must be a list of actions"
    for i, entry in enumerate(log, start=1):
        if not (
            isinstance(entry, dict)
            and all(isinstance(entry.get(k), str) for k in ("player", "prompt", "kind"))
            and isinstance(entry.get("args") or {}, dict)
        ):
            return f"action {i} of the log is not an action (player, prompt, kind and args)"
        if isinstance(entry.get("args"), dict) and set(entry["args"]) == {"hidden"} and need_seed:
            return f"action {i} of the log keeps its choice secret ({entry['args']['hidden']}): replay stops there; try verify"
    return None


# -- verify ------------------------------------------------------------------------------------------------------


def verify_file(args: argparse.Namespace, out: TextIO) -> int:
    """Check a game record; prints the verdict first. 0 fair, 1 not fair, 3 not fully checkable, 4 consistent
    but not tied to the bot's record (no ``--digest``)."""
    from engines.verify import parse_hex, verify

    for option, value in (("--digest", args.digest), ("--commitment", args.commitment)):
        if value is not None:
            try:
                parse_hex(value, option.strip("-"))
            except ValueError as exc:
                raise CliError(f"{option}: {exc}") from None
    name = args.file
    record = read_json(name)
    problem = _record_problem(record, need_seed=False)
    if problem:
        raise CliError(f"{name}: not a game record ({problem})")
    try:
        verdict = verify(record, expect_commitment=args.commitment, expect_digest=args.digest)
    except ValueError as exc:
        raise CliError(f"{name}: {exc}") from None
    out.write(verdict.text + "\n")
    return verdict.code


# -- the command line --------------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line (no usage block), exit status 2."""

    #: Makes the text after the arguments when help is asked for (so the engines load only then).
    epilog_maker: Any = None

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def format_help(self) -> str:
        if self.epilog_maker is not None:
            self.epilog = self.epilog_maker()
        return super().format_help()


def options_help() -> str:
    """Every game's lobby options for ``play --help``: name=default and what else it accepts."""
    lines = ["lobby options (--option NAME=VALUE, the value in JSON), default first:"]
    for name in ENGINE_NAMES:
        described = []
        for o in get_engine(name).options:
            accepts = "|".join(o.choices) if o.choices else f"{o.min}..{o.max}" if o.min is not None else ""
            accepts = {"bool": "true|false", "counts": f'{{"name": count}} of {accepts}'}.get(o.kind, accepts)
            described.append(f"{o.name}={json.dumps(o.default)}" + (f" ({accepts})" if accepts else ""))
        lines += textwrap.wrap(f"{name}: {', '.join(described) or 'none'}", 110, initial_indent="  ",
                               subsequent_indent="      ")
    return "\n".join(lines)


def main(
    argv: list[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None, err: TextIO | None = None
) -> int:
    parser = _Parser(prog=PROG, description="Play Nocturne's games offline.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("play", help="play a game: hotseat, or --auto with random legal moves",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.epilog_maker = options_help
    p.add_argument("game", choices=ENGINE_NAMES)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", default="0")
    p.add_argument("--auto", action="store_true", help="random legal choices for every player")
    p.add_argument("--reveal", action="store_true", help="print private messages too")
    p.add_argument(
        "--save", metavar="FILE",
        help="commit to the seed before the deal, then write the record (seed, salt, actions, outcome, hashes) to FILE "
        "and print its digest for verify",
    )
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a lobby option (JSON value)")
    p.add_argument("--lang", choices=i18n.LANGUAGES, default=i18n.DEFAULT_LANGUAGE,
                   help="the language the table speaks, as the bot does (default: en)")
    p.add_argument("--names", metavar="A,B,...", help="the players' names, in seat order (default: P1, P2, ...)")
    r = sub.add_parser("replay", help="replay a saved game to its outcome")
    r.add_argument("file")
    r.add_argument("--reveal", action="store_true")
    r.add_argument("--lang", choices=i18n.LANGUAGES, default=i18n.DEFAULT_LANGUAGE,
                   help="the language the table speaks, as the bot does (default: en)")
    v = sub.add_parser(
        "verify",
        help="check a game record (from Discord or play --save): the seed's commitment, every action, the outcome",
        description="Exit status: 0 fair; 1 not fair; 2 not a readable record, or a malformed --digest/--commitment; "
        "3 cannot be fully checked (the game's rules keep part of it secret, or it has no commitment); 4 consistent "
        "only: it holds together, but without --digest nothing shows it is the record the bot attached (a copy "
        "edited and sealed again would pass too).",
    )
    v.add_argument("file", help="the record: the JSON file the bot attached to a game's final message, or play --save wrote")
    v.add_argument(
        "--commitment", metavar="HEX",
        help="the commitment the bot posted at the start (all 64 hex digits, or the first 12 or more), to compare",
    )
    v.add_argument(
        "--digest", metavar="HEX",
        help="the digest the bot gave with the record: the hex digits at the end of its file name (at least 12; "
        "the whole file name is accepted too), all 64 from its description, or the one play --save printed; "
        "without it verify checks consistency only (exit 4)",
    )
    args = parser.parse_args(argv)
    out = out or sys.stdout
    try:
        if args.command == "play":
            return play(args, out, inp or sys.stdin, err)
        if args.command == "verify":
            return verify_file(args, out)
        return replay_file(args, out)
    except CliError as exc:
        (err or sys.stderr).write(f"{PROG}: {exc}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
