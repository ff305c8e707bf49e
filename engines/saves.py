"""The offline table's files: ``play --save`` writes a game's record as the bot does, ``replay`` reads a saved game
back and replays it, ``verify`` checks a record from Discord or the table (:mod:`engines.verify`); each mistake in
a file or the command line is one :class:`CliError`."""

from __future__ import annotations

import argparse
import io
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from engines import ENGINE_NAMES, get_engine
from engines.core import Action, IllegalAction, Outcome
from engines.table import Table, outcome_line


class CliError(Exception):
    """A mistake in the command line or a saved game: one line for stderr, exit status 2."""


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
