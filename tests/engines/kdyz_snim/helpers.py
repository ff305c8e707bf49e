"""Scenario helpers for the Když sním tests: deal a known game and act on it by prompt name."""

from __future__ import annotations

from typing import Any

from engines.core import CLOCK, HOST, Action, Event
from engines.kdyz_snim import ENGINE
from engines.kdyz_snim.state import KdyzSnimState

#: A known deck: element ids in draw order.
DECK = [
    "cat",
    "dog",
    "sun",
    "forest",
    "apple",
    "tree",
    "house",
    "car",
    "moon",
    "star",
    "fish",
    "bread",
    "book",
    "chair",
    "clock",
    "hat",
    "ship",
    "rose",
    "ball",
    "key",
]


def players(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def new_game(
    n: int = 5,
    *,
    deck: list[str] | None = None,
    deals: list[dict[str, str]] | None = None,
    seed: str = "s",
    host: str | None = None,
    **options: Any,
) -> tuple[KdyzSnimState, list[Event]]:
    overrides: dict[str, Any] = {"deck": list(DECK if deck is None else deck)}
    if deals is not None:
        overrides["deals"] = deals
    if host is not None:
        overrides["host"] = host
    return ENGINE.setup(players(n), options, seed, overrides)


def prompt_id(state: KdyzSnimState, name: str) -> str:
    for p in state.prompts:
        if p.id.split("#")[0] == name:
            return p.id
    raise AssertionError(f"no open {name} prompt; open: {[p.id for p in state.prompts]}")


def has_prompt(state: KdyzSnimState, name: str) -> bool:
    return any(p.id.split("#")[0] == name for p in state.prompts)


def act(state: KdyzSnimState, player: str, prompt: str, kind: str, /, **args: Any) -> tuple[KdyzSnimState, list[Event]]:
    return ENGINE.apply(state, Action(player, prompt_id(state, prompt), kind, args))


def guess(state: KdyzSnimState, text: str) -> tuple[KdyzSnimState, list[Event]]:
    """The dreamer's guess on the current card."""
    return act(state, state.round.dreamer, "dream", "guess", card=len(state.round.cards), text=text)


def dreamer_pass(state: KdyzSnimState) -> tuple[KdyzSnimState, list[Event]]:
    return act(state, state.round.dreamer, "dream", "pass", card=len(state.round.cards))


def clue(state: KdyzSnimState, text: str) -> tuple[KdyzSnimState, list[Event]]:
    """The active clue giver's clue."""
    assert state.clue_giver is not None
    return act(state, state.clue_giver, "clue", "clue", text=text)


def timeout(state: KdyzSnimState, name: str) -> tuple[KdyzSnimState, list[Event]]:
    return ENGINE.apply(state, Action(CLOCK, prompt_id(state, name), "timeout"))


def host(state: KdyzSnimState, prompt: str, kind: str, /, **args: Any) -> tuple[KdyzSnimState, list[Event]]:
    return act(state, HOST, prompt, kind, **args)


def leave(state: KdyzSnimState, player: str) -> tuple[KdyzSnimState, list[Event]]:
    return ENGINE.apply(state, Action(player, state.prompts[0].id, "leave"))


def end_night(
    state: KdyzSnimState, last: str | None = None, recap: str | None = None
) -> tuple[KdyzSnimState, list[Event]]:
    """Run out the sand timer, make (or skip) the last guess and post (or miss) the recap: the round is revealed."""
    events: list[Event] = []
    state, ev = timeout(state, "dream")
    events += ev
    if last is None:
        state, ev = act(state, state.round.dreamer, "last_guess", "pass")
    else:
        state, ev = act(state, state.round.dreamer, "last_guess", "guess", text=last)
    events += ev
    if recap is None:
        state, ev = timeout(state, "recap")
    else:
        state, ev = act(state, state.round.dreamer, "recap", "recap", text=recap)
    events += ev
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def only(events: list[Event], key: str) -> Event:
    found = [e for e in events if e.key == key]
    assert len(found) == 1, f"{key}: {len(found)} events in {keys(events)}"
    return found[0]
