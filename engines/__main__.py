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

Hotseat asks, in turn, each player whose input is open (once per simultaneous prompt, for as long as it is their
turn on a turn prompt); leaving the game is typed as a word and confirmed. When the input ends the game stops
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

from engines import ENGINE_NAMES, get_engine
from engines.core import CLOCK, Action, Engine, Event, IllegalAction, Outcome, Prompt, State, counts_text
from translations import render_event

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


# -- the table -------------------------------------------------------------------------------------------------


class Table:
    """One game at the terminal: applies actions, prints events, keeps the record for ``--save``."""

    def __init__(self, engine: Engine, record: dict[str, Any], out: TextIO, reveal: bool, lang: str = "en") -> None:
        self.engine = engine
        self.record = record
        self.out = out
        self.reveal = reveal
        self.lang = lang
        self.names = {p: p for p in record["players"]}
        #: (prompt id, player): who has answered (or let pass) a simultaneous or reaction prompt; hotseat asks
        #: each of them once per prompt.
        self.answered: set[tuple[str, str]] = set()
        #: The (prompt id, player) hotseat asked last: answering it counts whichever prompt the action is on.
        self.asked: tuple[str, str] | None = None
        state, events = engine.setup(record["players"], record["options"], record["seed"], record.get("overrides"))
        self.state: State = state
        self.show(events)

    def act(self, action: Action) -> None:
        self.state, events = self.engine.apply(self.state, action)
        self.record["log"].append(action.to_json())
        self.answered.add((action.prompt, action.player))
        if self.asked is not None:
            self.answered.add(self.asked)
            self.asked = None
        self.show(events)

    def show(self, events: list[Event]) -> None:
        for event in events:
            if event.audience.is_public:
                prefix = ""
            elif self.reveal:
                prefix = f"[to {', '.join(event.audience.players) or event.audience.team}] "
            else:
                continue
            self.out.write(prefix + plain(render_event(self.lang, event.key, event.params, self.names)) + "\n")


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
    try:
        table = Table(engine, record, out, args.reveal)
    except IllegalAction as exc:
        known = f" (options: {', '.join(o.name for o in engine.options)})" if exc.code == "bad_option" else ""
        raise CliError(f"cannot start {engine.name}: {exc.reason}{known}") from None
    chooser = random.Random(f"auto/{args.seed}")
    try:
        while engine.outcome(table.state) is None:
            action = _auto_action(engine, table.state, chooser) if args.auto else _ask(engine, table, out, inp)
            if action is None:
                out.write("\nThe input ended: the game stops unfinished.\n")
                break
            try:
                table.act(action)
            except IllegalAction as exc:
                table.asked = None
                out.write(f"Refused: {exc.reason}\n")
    except KeyboardInterrupt:
        out.write("\nInterrupted: the game stops unfinished.\n")
    outcome = engine.outcome(table.state)
    if args.save:
        digest = save(args.save, record, outcome)
        out.write(f"Saved to {args.save}.\n")
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


def _ask(engine: Engine, table: Table, out: TextIO, inp: TextIO) -> Action | None:
    """Hotseat: the next action, asking the next player whose input is open; ``None`` when the input ends.

    A player's input is open on a prompt that lists them when they have an action other than leaving or
    surrendering. On a turn prompt they are asked for as long as it stays open; on a simultaneous or reaction
    prompt once (answering it, or saying "not now"). When nobody is left to ask, the first prompt with a time
    limit times out.
    """
    while True:
        turn = _next_to_ask(engine, table)
        if turn is None:
            timed = next((p for p in engine.prompts(table.state) if p.timeout is not None), None)
            if timed is None:
                out.write("Nobody can act and nothing has a time limit.\n")
                return None
            out.write(f"(Nobody else to ask: the time runs out for {timed.key}.)\n")
            return Action.timeout(timed.id)
        prompt, player, actions = turn
        action = _ask_player(engine, table, prompt, player, actions, out, inp)
        if action is None or action is not _NOT_NOW:
            table.asked = (prompt.id, player)
            return action
        table.answered.add((prompt.id, player))


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
    choices = [a for a in actions if a.kind not in ANYTIME_KINDS]
    anytime = {a.kind: a for a in actions if a.kind in ANYTIME_KINDS}
    out.write(f"\n--- {player}, your move ({prompt.key}) ---\n")
    board = engine.describe(table.state, player)
    if board:
        out.write(plain(board) + "\n")
    out.writelines(f"  {i}. {_action_text(action)}\n" for i, action in enumerate(choices, start=1))
    if prompt.kind != "turn":
        out.write("  n. not now (ask the next player)\n")
    if prompt.timeout is not None:
        out.write("  t. let the time run out\n")
    out.writelines(f"  {kind}: type '{kind}' to {kind} the game (asks to confirm)\n" for kind in anytime)
    while True:
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            return None
        answer = line.strip().lower()
        if answer == "t" and prompt.timeout is not None:
            return Action.timeout(prompt.id)
        if answer == "n" and prompt.kind != "turn":
            return _NOT_NOW
        if answer in anytime:
            out.write(f"{player}, really {answer} the game? This cannot be undone. Type yes to confirm: ")
            out.flush()
            confirm = inp.readline()
            if not confirm:
                return None
            if confirm.strip().lower() in ("y", "yes"):
                return anytime[answer]
            out.write(f"{player} stays in the game.\n")
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            chosen = choices[int(answer) - 1]
            missing = [k for k, v in chosen.args.items() if v is None]
            if missing:  # free text (a clue, a guess): ask for it
                out.write(f"{', '.join(missing)}: ")
                out.flush()
                text = inp.readline()
                if not text:
                    return None
                chosen = Action(chosen.player, chosen.prompt, chosen.kind, {**chosen.args, **{k: text.strip() for k in missing}})
            return chosen
        out.write("Type a number from the list.\n")


def _action_text(action: Action) -> str:
    args = " ".join(f"{k}={v}" for k, v in action.args.items() if v is not None)
    typed = [k for k, v in action.args.items() if v is None]
    return " ".join(part for part in (action.kind, args, f"(then type the {', '.join(typed)})" if typed else "") if part)


# -- replay ------------------------------------------------------------------------------------------------------


def replay_file(args: argparse.Namespace, out: TextIO) -> int:
    """Replay a saved game; nothing is printed unless the whole save replays."""
    name = args.file
    record = read_save(name)
    engine = get_engine(record["engine"])
    buffer = io.StringIO()
    try:
        table = Table(engine, {**record, "options": record.get("options") or {}, "log": []}, buffer, args.reveal)
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
    r = sub.add_parser("replay", help="replay a saved game to its outcome")
    r.add_argument("file")
    r.add_argument("--reveal", action="store_true")
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
