"""The offline table: play or replay any game in a terminal, without Discord.

    python -m engines play night_watch --players 12 --seed 7 --auto
    python -m engines play night_watch --players 6 --seed 7            # hotseat: asks each prompted player
    python -m engines play night_watch --players 12 --seed 7 --auto --save game.json
    python -m engines replay game.json

``--reveal`` prints private messages too. Both commands end by printing the outcome as their last line.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, TextIO

from bot.i18n import render_event
from engines import ENGINE_NAMES, get_engine
from engines.core import CLOCK, Action, Engine, Event, IllegalAction, Outcome, Prompt, State


class Table:
    """One game at the terminal: applies actions, prints events, keeps the record for ``--save``."""

    def __init__(self, engine: Engine, record: dict[str, Any], out: TextIO, reveal: bool, lang: str = "en") -> None:
        self.engine = engine
        self.record = record
        self.out = out
        self.reveal = reveal
        self.lang = lang
        self.names = {p: p for p in record["players"]}
        state, events = engine.setup(record["players"], record["options"], record["seed"], record.get("overrides"))
        self.state: State = state
        self.show(events)

    def act(self, action: Action) -> None:
        self.state, events = self.engine.apply(self.state, action)
        self.record["log"].append(action.to_json())
        self.show(events)

    def show(self, events: list[Event]) -> None:
        for event in events:
            if event.audience.is_public:
                prefix = ""
            elif self.reveal:
                prefix = f"[to {', '.join(event.audience.players) or event.audience.team}] "
            else:
                continue
            self.out.write(prefix + render_event(self.lang, event.key, event.params, self.names) + "\n")


def outcome_line(outcome: Outcome | None) -> str:
    if outcome is None:
        return "Outcome: unfinished"
    if outcome.draw:
        return f"Outcome: draw ({outcome.reason})"
    return f"Outcome: {outcome.reason}; winners: {', '.join(outcome.winners) or 'none'}"


def play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    engine = get_engine(args.game)
    players = [f"P{i}" for i in range(1, args.players + 1)]
    options = {k: v for o in (args.option or []) for k, v in [_parse_option(o)]}
    record = {"engine": engine.name, "players": players, "options": options, "seed": str(args.seed), "log": []}
    try:
        table = Table(engine, record, out, args.reveal)
    except IllegalAction as exc:
        out.write(f"Cannot start: {exc.reason}\n")
        return 2
    chooser = random.Random(f"auto/{args.seed}")
    while engine.outcome(table.state) is None:
        action = _auto_action(engine, table.state, chooser) if args.auto else _ask(engine, table, out, inp)
        if action is None:
            return 1
        try:
            table.act(action)
        except IllegalAction as exc:
            out.write(f"Refused: {exc.reason}\n")
    if args.save:
        Path(args.save).write_text(json.dumps(record, indent=1), encoding="utf-8")
    out.write(outcome_line(engine.outcome(table.state)) + "\n")
    return 0


def replay_file(args: argparse.Namespace, out: TextIO) -> int:
    record = json.loads(Path(args.file).read_text(encoding="utf-8"))
    engine = get_engine(record["engine"])
    log = record["log"]
    table = Table(engine, {**record, "log": []}, out, args.reveal)
    for entry in log:
        table.act(Action.from_json(entry))
    out.write(outcome_line(engine.outcome(table.state)) + "\n")
    return 0


def _parse_option(text: str) -> tuple[str, Any]:
    name, _, raw = text.partition("=")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name, value


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


def _ask(engine: Engine, table: Table, out: TextIO, inp: TextIO) -> Action | None:
    """Hotseat: ask the first prompted player who still has a choice. 't' lets the prompt's time run out."""
    for prompt in engine.prompts(table.state):
        for player in prompt.players:
            actions = engine.legal_actions(table.state, player)
            if actions:
                return _ask_player(engine, table, prompt, player, actions, out, inp)
        return Action.timeout(prompt.id)
    return None


def _ask_player(
    engine: Engine, table: Table, prompt: Prompt, player: str, actions: list[Action], out: TextIO, inp: TextIO
) -> Action | None:
    out.write(f"\n--- {player}, your move ({prompt.key}) ---\n")
    board = engine.describe(table.state, player)
    if board:
        out.write(board + "\n")
    for i, action in enumerate(actions, start=1):
        out.write(f"  {i}. {action.kind} {_args_text(action)}\n")
    out.write("  t. let the time run out\n> ")
    out.flush()
    line = inp.readline()
    if not line:
        return None
    answer = line.strip()
    if answer == "t" and prompt.timeout is not None:
        return Action(CLOCK, prompt.id, "timeout")
    if answer.isdigit() and 1 <= int(answer) <= len(actions):
        chosen = actions[int(answer) - 1]
        missing = [k for k, v in chosen.args.items() if v is None]
        if missing:  # free text (a clue, a guess): ask for it
            out.write(f"{', '.join(missing)}: ")
            out.flush()
            text = inp.readline().strip()
            chosen = Action(chosen.player, chosen.prompt, chosen.kind, {**chosen.args, **{k: text for k in missing}})
        return chosen
    out.write("Type a number from the list.\n")
    return _ask_player(engine, table, prompt, player, actions, out, inp)


def _args_text(action: Action) -> str:
    return " ".join(f"{k}={v}" for k, v in action.args.items())


def main(argv: list[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines", description="Play Nocturne's games offline.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game: hotseat, or --auto with random legal moves")
    p.add_argument("game", choices=ENGINE_NAMES)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", default="0")
    p.add_argument("--auto", action="store_true", help="random legal choices for every player")
    p.add_argument("--reveal", action="store_true", help="print private messages too")
    p.add_argument("--save", metavar="FILE", help="write the seed and action log to FILE")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a lobby option (JSON value)")
    r = sub.add_parser("replay", help="replay a saved game to its outcome")
    r.add_argument("file")
    r.add_argument("--reveal", action="store_true")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    if args.command == "play":
        return play(args, out, inp or sys.stdin)
    return replay_file(args, out)


if __name__ == "__main__":
    sys.exit(main())
