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
(the record keeps P1, P2, ...). The board is worded so too (:meth:`engines.core.Engine.board_text`: the bot's
board words, Midnight Hunt's hexes named b1, d4 as on its image); a game without it shows its English summary.

Hotseat asks, in turn, each player whose input is open (once per simultaneous prompt, for as long as it is their
turn on a turn prompt); leaving the game is typed as a word and confirmed. The screen is handed over before a
player's private view: whoever holds it presses Enter to hide it, the screen is cleared (:data:`CLEAR`), the public
board shown and the next player named ("pass the screen to Anna"), who presses Enter to see what came for them
since they last looked, what they hold (their part of the board: hand, role, bag, traps, a secret Seal) and their
menu. A private message that comes while its player holds the
screen (the card they drew) is shown at once; any other waits for that player's turn at the screen. When the input ends the game stops
unfinished (and is saved with ``--save``). Every error about the command line or a saved game is one line on
stderr and exit status 2 (the only other lines on stderr are ``--save``'s commitment and digest).

This module is the command line (its arguments, ``play``'s loop); the game at the terminal is
:class:`engines.table.Table`, the hotseat's asking and handing over :mod:`engines.hotseat`, and the files
(``--save``, ``replay``, ``verify``) :mod:`engines.saves`.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
import textwrap
from typing import Any, NoReturn, TextIO

import translations as i18n
from engines import ENGINE_NAMES, get_engine
from engines.core import Action, Engine, IllegalAction, State, counts_text
from engines.hotseat import ask
from engines.saves import CliError, check_writable, replay_file, save, verify_file
from engines.table import Table, outcome_line

PROG = "python -m engines"


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
            action = _auto_action(engine, table.state, chooser) if args.auto else ask(engine, table, out, inp)
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


def _names(given: str | None, players: list[str]) -> dict[str, str]:
    """``--names Anna,Boris``: the seats' display names, in seat order (the record keeps P1, P2 ...)."""
    if not given:
        return {}
    names = [n.strip() for n in given.split(",")]
    if len(names) != len(players) or not all(names) or len(set(names)) != len(names):
        raise CliError(f"--names {given}: give {len(players)} different names, separated by commas")
    return dict(zip(players, names))


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
