"""Random playouts: play whole games with random legal actions and random timeouts.

Used by the shared engine tests (like OpenSpiel's ``random_sim_test``), the offline table's ``--auto`` mode and
the benchmarks. :func:`random_playout` returns the game's record (seed, options, action log), which
:func:`engines.core.replay` turns back into the same final state.

With ``check=True`` every step is verified:

* ``load(dump(state))`` equals the state, through real JSON;
* a running game has at least one prompt, and the game's own invariants hold;
* every legal action of one randomly chosen prompted player applies without error (and leaves the state as it was);
  ``legal_sample=k`` tries only k of them, drawn at random each step (a game with hundreds of legal actions per step
  then checks a different few at every step instead of all of them at each);
* the caller's ``on_step`` hook sees each transition (the privacy checks use this);
* at the end, replaying seed + log reproduces every intermediate state.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core import CLOCK, HOST, Action, Engine, Event, State, replay

StepHook = Callable[[State, Action, State, list[Event]], None]


class PlayoutError(AssertionError):
    """A check failed during a playout; the message carries the seed and step to reproduce it."""


@dataclass
class Playout:
    record: dict[str, Any]
    state: State
    steps: int
    events: list[Event] = field(default_factory=list)


def random_playout(
    engine: Engine,
    players: Sequence[str],
    seed: str | int,
    *,
    options: dict[str, Any] | None = None,
    timeout_rate: float = 0.1,
    host_rate: float = 0.0,
    max_steps: int = 20_000,
    check: bool = True,
    on_step: StepHook | None = None,
    keep_events: bool = False,
    legal_sample: int | None = None,
) -> Playout:
    """Play one game to its end with random choices drawn from ``seed`` (independent of the game's own RNG)."""
    chooser = random.Random(f"playout/{seed}")
    state, events = engine.setup(players, options or {}, seed)
    record: dict[str, Any] = {
        "engine": engine.name,
        "players": list(players),
        "options": options or {},
        "seed": str(seed),
        "log": [],
    }
    history: list[State] = [state] if check else []  # apply never mutates, so states can be kept as they are
    kept: list[Event] = list(events) if keep_events else []
    where = f"{engine.name} seed={seed!r} players={len(players)}"
    if check and on_step:
        on_step(state, Action(CLOCK, "", "setup"), state, events)
    for step in range(max_steps):
        if engine.outcome(state) is not None:
            break
        prompts = engine.prompts(state)
        if not prompts:
            raise PlayoutError(f"{where} step {step}: the game runs but nobody is prompted")
        action = _choose(engine, state, prompts, chooser, timeout_rate, host_rate)
        if action is None:
            raise PlayoutError(f"{where} step {step}: no prompted player has a legal action and no timeout")
        if check:
            _check_all_legal(engine, state, prompts, chooser, where, step, legal_sample)
        try:
            new_state, events = engine.apply(state, action)
        except Exception as exc:
            raise PlayoutError(f"{where} step {step}: {action} failed: {exc!r}") from exc
        record["log"].append(action.to_json())
        if check:
            _check_round_trip(engine, new_state, where, step)
            try:
                engine.check_invariants(new_state)
            except AssertionError as exc:
                raise PlayoutError(f"{where} step {step}: invariant broken after {action}: {exc}") from exc
            if on_step:
                on_step(state, action, new_state, events)
            history.append(new_state)
        if keep_events:
            kept.extend(events)
        state = new_state
    else:
        raise PlayoutError(f"{where}: no ending after {max_steps} steps")
    if check:
        _check_replay(engine, record, history, where)
    return Playout(record, state, len(record["log"]), kept)


def _choose(
    engine: Engine,
    state: State,
    prompts: list,
    chooser: random.Random,
    timeout_rate: float,
    host_rate: float,
) -> Action | None:
    if host_rate and chooser.random() < host_rate:
        host_action = engine.random_action(state, HOST, chooser)
        if host_action is not None:
            return host_action
    order = list(prompts)
    chooser.shuffle(order)
    for prompt in order:
        if prompt.timeout is not None and chooser.random() < timeout_rate:
            return Action.timeout(prompt.id)
        candidates = list(prompt.players)
        chooser.shuffle(candidates)
        for player in candidates:
            action = engine.random_action(state, player, chooser)
            if action is not None:
                return action
    timed = [p for p in prompts if p.timeout is not None]
    return Action.timeout(chooser.choice(timed).id) if timed else None


def _check_all_legal(
    engine: Engine, state: State, prompts: list, chooser: random.Random, where: str, step: int, sample: int | None = None
) -> None:
    before = pickle.dumps(state)
    prompted = sorted({p for prompt in prompts for p in prompt.players})
    player = chooser.choice(prompted) if prompted else HOST
    legal = engine.legal_actions(state, player)
    if sample is not None and len(legal) > sample:
        legal = random.Random(f"{where}/{step}").sample(legal, sample)  # not ``chooser``: the game stays the same
    for action in legal:
        if any(v is None for v in action.args.values()):
            continue  # a free-text template: the engine's random_action fills it in
        try:
            engine.apply(state, action)
        except Exception as exc:
            raise PlayoutError(f"{where} step {step}: listed legal action {action} failed: {exc!r}") from exc
    if pickle.dumps(state) != before:
        raise PlayoutError(f"{where} step {step}: applying actions changed the original state")


def _check_round_trip(engine: Engine, state: State, where: str, step: int) -> None:
    dumped = engine.dump(state)
    loaded = engine.load(json.loads(json.dumps(dumped)))
    if loaded != state:
        raise PlayoutError(f"{where} step {step}: load(dump(state)) differs from the state")


def _check_replay(engine: Engine, record: dict[str, Any], history: list[State], where: str) -> None:
    state, _ = engine.setup(record["players"], record["options"], record["seed"])
    if state != history[0]:
        raise PlayoutError(f"{where}: setup from the same seed dealt a different game")
    for i, entry in enumerate(json.loads(json.dumps(record["log"])), start=1):
        state, _ = engine.apply(state, Action.from_json(entry))
        if state != history[i]:
            raise PlayoutError(f"{where}: replaying the log diverged at step {i}")
    if replay(engine, record) != history[-1]:
        raise PlayoutError(f"{where}: engines.core.replay did not reach the final state")
