"""Secret scan: random games of every engine, every public output scanned for what only a player may know.

For each engine of :func:`engines.available_engines`, seeded random games are played to their end (random legal
actions, random timeouts, now and then a host action). At every step three layers of checks run:

1. **The engine's own privacy hook** (its ``*-P*`` rules, from ``tests/engines/<game>/``), reused as is: those
   hooks know what is secret in each game (a living player's role, a hand, the night's element, a Seal choice).
2. **Generic checks that need no knowledge of the game**, on the public events and the spectator view
   (``engine.view(state, None)``):

   * the game's seed (chosen here to be a distinctive string) never appears in public before the game is over;
   * the spectator view shows no *private-only* token: a string that so far reached players only in private (in
     a private event, or in a player's view but not the spectator's) and was never said in public (in a public
     event, as the key of one - ``gh.cat_played`` says "cat" - or on the table as it was dealt). The view may
     only repeat what the public stream has said; the engine hooks check the public stream itself.
3. **The rendered messages** the bot would post (the registered presenter (:func:`bot.games.game_ui`) turns each transition into
   outbox ops, exactly as the runtime does): nothing meant for the game channel - its posts, and the text a
   closed-DM player gets there instead of their DM - contains the seed or a line that was worded only for a
   private message in the same step.

How many games: ``NOCTURNE_LONG=1`` plays 10,000 per engine (the long reliability variant, a few minutes per engine
per core); CI plays a short variant (``SHORT_GAMES``, tuned to keep the whole module to ~30 s on one core).
``NOCTURNE_SECRET_SCAN_GAMES`` overrides both.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.games import game_ui
from bot.presenter import Table
from engines import available_engines, get_engine
from engines.core import CLOCK, Action, Engine, Event, State
from engines.midnighters.engine import PLAY_CARD
from engines.playout import _choose  # the playouts' own random policy, so the scan plays games the same way
from tests.engines.ghost_at_home.privacy import check_privacy as ghost_at_home_privacy
from tests.engines.kdyz_snim.privacy import check_step as kdyz_snim_privacy
from tests.engines.kdyz_snim.test_playouts import MIXES as KS_MIXES
from tests.engines.kdyz_snim.test_playouts import PLAYER_COUNTS as KS_PLAYER_COUNTS
from tests.engines.kdyz_snim.test_playouts import TIMEOUT_RATE as KS_TIMEOUT_RATE
from tests.engines.midnight_hunt.test_playouts import check_privacy as midnight_hunt_privacy
from tests.engines.midnighters.test_playouts import check_privacy as midnighters_privacy
from tests.engines.night_watch.test_playouts import check_privacy as night_watch_privacy

LONG = os.environ.get("NOCTURNE_LONG") == "1"
LONG_GAMES = 10_000
#: Games per engine in CI: each engine's share of a ~30 s budget (Když sním's games are long and its views big).
SHORT_GAMES = {"night_watch": 150, "kdyz_snim": 80, "ghost_at_home": 150, "midnighters": 150, "midnight_hunt": 100}
#: Fewer games are rendered through the presenters (Fluent wording is the slow part); in the long run, all.
RENDER_EVERY = 1 if LONG else 2
#: The games the bot presents on Discord so far (their presenters live in cogs/<game>.py).
RENDERED = {"night_watch"}

Hook = Callable[[State, Action, State, list[Event]], None]


@dataclass(frozen=True)
class ScanSetup:
    """How one engine's games are dealt in the scan: seat counts, option mixes, rates, and its privacy hook."""

    hook: Hook
    player_counts: tuple[int, ...]
    options: tuple[dict[str, Any], ...] = ({},)
    timeout_rate: float = 0.1
    host_rate: float = 0.005
    #: What a public event says without naming it (a Midnighters "cancel" is a Dutch Angle played face up).
    implied: Callable[[Event], set[str]] = lambda event: set()


SETUPS: dict[str, ScanSetup] = {
    "night_watch": ScanSetup(night_watch_privacy, tuple(range(5, 26))),
    "kdyz_snim": ScanSetup(
        kdyz_snim_privacy, tuple(KS_PLAYER_COUNTS), tuple(m[1] for m in KS_MIXES), timeout_rate=KS_TIMEOUT_RATE, host_rate=0.02
    ),
    "ghost_at_home": ScanSetup(ghost_at_home_privacy, (2, 3, 4), host_rate=0.002),
    "midnighters": ScanSetup(
        midnighters_privacy,
        (2, 3, 4, 5, 6),
        ({"max_turns": 8},),
        host_rate=0.002,
        implied=lambda event: {PLAY_CARD[event.params["play"]]} if event.params.get("play") in PLAY_CARD else set(),
    ),
    "midnight_hunt": ScanSetup(midnight_hunt_privacy, (2, 4), ({}, {"clock_minutes": 1, "increment_seconds": 2}), host_rate=0.0),
}


def games_per_engine(name: str) -> int:
    if "NOCTURNE_SECRET_SCAN_GAMES" in os.environ:
        return int(os.environ["NOCTURNE_SECRET_SCAN_GAMES"])
    return LONG_GAMES if LONG else SHORT_GAMES[name]


# -- the generic checks ---------------------------------------------------------------------------------------


def strings(value: Any, out: set[str] | None = None) -> set[str]:
    """Every string value inside ``value`` (dict values and list items; dict keys are structure, not content)."""
    out = set() if out is None else out
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            strings(v, out)
    return out


def key_words(key: str) -> set[str]:
    """``gh.cat_played`` -> {gh, cat, played, cat_played}: what an event's very name says in public."""
    parts = key.split(".")
    return {w for p in parts for w in (p, *p.split("_"))}


@dataclass
class Knowledge:
    """What one game has said in public and what it has told players only in private, so far."""

    implied: Callable[[Event], set[str]]
    public: set[str] = field(default_factory=set)
    private: set[str] = field(default_factory=set)

    def hear(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.audience.is_public:
                strings(dict(event.params), self.public)
                self.public |= key_words(event.key) | self.implied(event)
            else:
                strings(dict(event.params), self.private)


def check_generic(engine: Engine, seed: str, after: State, events: list[Event], known: Knowledge, where: str) -> None:
    over = after.outcome is not None
    for event in events:
        if event.audience.is_public and not over:
            assert seed not in json.dumps(dict(event.params), default=str), f"{where}: {event.key} states the seed"
    if over:
        return  # the end reveals everything (the games' reveal rules)
    spectator = engine.view(after, None)
    assert seed not in json.dumps(spectator, default=str), f"{where}: the spectator view holds the seed"
    shown = strings(spectator)
    for player in after.players:
        known.private |= strings(engine.view(after, player)) - shown
    leaked = (shown & known.private) - known.public
    assert not leaked, f"{where}: the spectator view shows {sorted(leaked)}, told so far only in private"


def check_rendered(table: Table, seed: str, ops: list[dict[str, Any]], after: State, events: list[Event], where: str) -> None:
    """The bot's wording of one step (``ops`` from its presenter): public posts carry no seed and no line worded
    only for a private message."""
    public_text: list[str] = []
    private_lines: set[str] = set()
    for op in ops:
        if op.get("do") != "post":
            continue
        if op.get("to") == "game":
            public_text += [op.get("content") or "", op.get("preamble") or ""]
            public_text += [json.dumps(op.get("components") or [])]
        else:
            private_lines |= {line.strip() for line in (op.get("content") or "").splitlines() if line.strip()}
            if op.get("fallback"):  # posted in the game channel when the player's DMs are closed
                public_text.append(op["fallback"])
    said_in_public = {line.strip() for e in events if e.audience.is_public for line in table.say(e).splitlines()}
    header = table.header().strip()
    text = "\n".join(public_text)
    if after.outcome is None:
        assert seed not in text, f"{where}: a public message states the seed"
    public_lines = {line.strip() for line in text.splitlines()}
    leaked = (private_lines & public_lines) - said_in_public - {header, ""}
    assert not leaked, f"{where}: a public message repeats private text {sorted(leaked)}"


# -- the scan ------------------------------------------------------------------------------------------------


def scan_game(engine: Engine, setup: ScanSetup, i: int, render: bool) -> int:
    """Play game ``i`` of the scan with every check on; returns its number of steps."""
    n = setup.player_counts[i % len(setup.player_counts)]
    options = setup.options[i % len(setup.options)]
    players = [f"p{j}" for j in range(1, n + 1)]
    seed = f"secret-scan-seed/{engine.name}/{i}"
    where = f"{engine.name} game {i} ({n} players, options {options})"
    chooser = random.Random(f"secret-scan-choices/{i}")
    state, events = engine.setup(players, options, seed)
    table = Table(game_id=i + 1, engine=engine, lang="en", names={p: f"Player {p[1:]}" for p in players}, guild_name="Scan")
    known = Knowledge(setup.implied, public=set(players) | strings(engine.view(state, None)))  # the table as dealt, face up
    known.hear(events)
    setup.hook(state, Action(CLOCK, "", "setup"), state, events)
    check_generic(engine, seed, state, events, known, f"{where} setup")
    render = render and engine.name in RENDERED
    if render:
        ops = game_ui(engine.name).presenter.present(table, None, state, events)
        check_rendered(table, seed, ops, state, events, f"{where} setup")
    steps = 0
    while engine.outcome(state) is None:
        assert steps < 20_000, f"{where}: no ending"
        action = _choose(engine, state, engine.prompts(state), chooser, setup.timeout_rate, setup.host_rate)
        assert action is not None, f"{where} step {steps}: nobody can act"
        after, events = engine.apply(state, action)
        steps += 1
        at = f"{where} step {steps} ({action.player} {action.kind})"
        known.hear(events)
        setup.hook(state, action, after, events)
        check_generic(engine, seed, after, events, known, at)
        if render:
            ops = game_ui(engine.name).presenter.present(table, state, after, events)
            check_rendered(table, seed, ops, after, events, at)
        state = after
    return steps


@pytest.mark.parametrize("name", available_engines())
def test_secret_scan_random_games(name):
    engine = get_engine(name)
    games = games_per_engine(name)
    steps = sum(scan_game(engine, SETUPS[name], i, render=i % RENDER_EVERY == 0) for i in range(games))
    assert steps >= games  # every game made moves: the scan looked at real play


def test_every_engine_has_a_scan_setup():
    assert set(available_engines()) <= SETUPS.keys()


# -- the scan must be able to fail: planted leaks are caught ----------------------------------------------------


class _Leaky:
    """An engine wrapper that leaks on purpose: its spectator view also shows player ``p1``'s own view."""

    def __init__(self, engine: Engine, leak: str) -> None:
        self.engine, self.leak = engine, leak

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        view = self.engine.view(state, viewer)
        if viewer is None and self.leak == "view":
            view = {**view, "peek": self.engine.view(state, "p1")}
        if viewer is None and self.leak == "seed":
            view = {**view, "note": f"dealt from {state.seed}"}
        return view


@pytest.mark.parametrize("leak", ["view", "seed"])
def test_generic_checks_catch_a_planted_leak(leak):
    """A spectator view that also carries a player's private view, or the seed, fails the generic check."""
    engine = get_engine("ghost_at_home")
    leaky = _Leaky(engine, leak)
    setup = SETUPS["ghost_at_home"]
    silent = ScanSetup(lambda *a: None, setup.player_counts)
    with pytest.raises(AssertionError, match="seed" if leak == "seed" else "only in private"):
        for i in range(20):
            scan_game(leaky, silent, i, render=False)  # type: ignore[arg-type]


def test_rendered_check_catches_a_private_line_in_public():
    """A line worded for a DM that also lands in the game channel (a presenter bug) is caught."""
    engine = get_engine("night_watch")
    players = [f"p{j}" for j in range(1, 6)]
    state, events = engine.setup(players, {}, "s")
    table = Table(game_id=1, engine=engine, lang="en", names={p: p.upper() for p in players})
    ops = game_ui(engine.name).presenter.present(table, None, state, events)
    check_rendered(table, "s-unused", ops, state, events, "clean")
    private = next(e for e in events if not e.audience.is_public)
    planted = [*ops, {"do": "post", "to": "game", "content": table.say(private)}]
    with pytest.raises(AssertionError, match="private text"):
        check_rendered(table, "s-unused", planted, state, events, "planted")
