"""Secret scan: random games of every engine, every public output scanned for what only a player may know.

For each engine of :func:`engines.available_engines`, seeded random games are played to their end (random legal
actions, random timeouts, now and then a host action). At every step four layers of checks run:

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
   outbox ops, exactly as the runtime does): nothing meant for the game channel - its posts and edits, thread
   names, ``/game status``, and the text a closed-DM player gets there instead of their DM - contains the seed or a
   line that was worded only for a private message in the same step; and no word the game says is secret right
   now (``ScanSetup.secrets``: Když sním's cards of the night and the Dreamer's guesses, KS-P1/P2/P5) reaches the
   public or a player who must not read it (the Dreamer is sent nothing during their night, KS-21).
4. **Twins** (``ScanSetup.twin``): the same step applied to a state that differs only in what the acting player
   cannot see - other hands and the deck dealt otherwise (Ghost at Home, GH-P1/P4), another card in play and the
   roles dealt otherwise (Když sním, KS-P1..P3, KS-21: a right and a wrong guess) - must look the same to everyone
   who cannot see the difference: the same public events, the same prompts for the same players with the same
   time limits (a prompt's presence and timing give no secret away), the same spectator view, and from the
   presenter the same public messages and the same private messages to the same people at the same moment.

The games rendered through their presenters are Night Watch and every game of the chaos suite
(:data:`tests.reliability.play.SHORT_GAMES`; one line there adds a game to both suites), once ``/game start``
offers them; a game's ``secrets`` and ``twin`` live in its ``ScanSetup`` here.

How many games: ``NOCTURNE_LONG=1`` plays 10,000 per engine, every one rendered (the long reliability variant, a
few minutes per engine per core); CI plays a short variant (``SHORT_GAMES``, rendering every ``render_every``-th
game, tuned to keep the whole module to about a minute on this loaded two-core machine).
``NOCTURNE_SECRET_SCAN_GAMES`` overrides both. Planted leaks (below) show that each layer can fail.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import os
import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

import translations as i18n
from bot import games as games_registry
from bot.games import game_ui
from bot.presenter import Table
from engines import available_engines, get_engine
from engines.core import CLOCK, HOST, Action, Engine, Event, IllegalAction, State
from engines.ghost_at_home import GhostState
from engines.kdyz_snim.judge import normalise
from engines.kdyz_snim.state import KdyzSnimState
from engines.kdyz_snim.words import element, element_ids
from engines.midnighters.plays import PLAY_CARD
from engines.playout import _choose  # the playouts' own random policy, so the scan plays games the same way
from tests.engines.ghost_at_home.privacy import check_privacy as ghost_at_home_privacy
from tests.engines.kdyz_snim.privacy import check_step as kdyz_snim_privacy
from tests.engines.kdyz_snim.privacy import forms_of
from tests.engines.kdyz_snim.test_playouts import MIXES as KS_MIXES
from tests.engines.kdyz_snim.test_playouts import PLAYER_COUNTS as KS_PLAYER_COUNTS
from tests.engines.kdyz_snim.test_playouts import TIMEOUT_RATE as KS_TIMEOUT_RATE
from tests.engines.midnight_hunt.test_playouts import check_privacy as midnight_hunt_privacy
from tests.engines.midnighters.test_playouts import check_privacy as midnighters_privacy
from tests.engines.night_watch.test_playouts import check_privacy as night_watch_privacy
from tests.reliability.play import SHORT_GAMES as CHAOS_GAMES

LONG = os.environ.get("NOCTURNE_LONG") == "1"
LONG_GAMES = 10_000
#: Games per engine in the default run: each engine's share of a ~4 s budget (Když sním's games are long and its
#: views big); the long variant plays 10,000 per engine.
SHORT_GAMES = {"night_watch": 20, "kdyz_snim": 10, "ghost_at_home": 20, "midnighters": 20, "midnight_hunt": 12}
#: The games whose Discord wording is scanned too: Night Watch and every game of the chaos suite (one line in
#: ``tests/reliability/play.py`` SHORT_GAMES adds one to both), once ``/game start`` offers it.
RENDERED = {"night_watch", *(g.game for g in CHAOS_GAMES)}

Hook = Callable[[State, Action, State, list[Event]], None]
#: ``twin(before, action, after, rng)``: a state like ``before`` that differs only in what ``action.player``
#: cannot see, and the players who cannot see the difference either (besides the public); None: no twin here.
Twin = Callable[[State, Action, State, random.Random], "tuple[State, frozenset[str]] | None"]
#: ``secrets(before, action, after)``: the words (normalised) that may reach neither the public nor the players
#: named, and the players who may be sent nothing at all, during this step.
Secrets = Callable[[State, Action, State], "tuple[set[str], set[str]]"]


def rendered(name: str) -> bool:
    return name in RENDERED and game_ui(name).playable


# -- what each game keeps secret ------------------------------------------------------------------------------


def ghost_twin(before: State, action: Action, after: State, rng: random.Random) -> tuple[State, frozenset[str]] | None:
    """GH-P1 / GH-P4: the other hands and the deck dealt otherwise (same sizes); the actor keeps their hand."""
    assert isinstance(before, GhostState)
    others = [p for p in before.hands if p != action.player]
    pool = [c for p in others for c in before.hands[p]] + list(before.deck)
    if len(set(pool)) < 2:
        return None
    rng.shuffle(pool)
    hands, at = dict(before.hands), 0
    for p in others:
        hands[p], at = pool[at : at + len(before.hands[p])], at + len(before.hands[p])
    return dataclasses.replace(before, hands=hands, deck=pool[at:]), frozenset()


@functools.cache
def _elements_named(language: str) -> dict[str, list[str]]:
    """Element ids by each of their normalised names in ``language``."""
    named: dict[str, list[str]] = {}
    for element_id in element_ids():
        for name in element(element_id).names(language):
            named.setdefault(normalise(name), []).append(element_id)
    return named


def dream_twin(before: State, action: Action, after: State, rng: random.Random) -> tuple[State, frozenset[str]] | None:
    """KS-P1..P3 / KS-21: the roles of the others (and the spare) dealt otherwise; when the Dreamer (or the clock,
    or the host) acts, another card in play too - the one the guess names when it was wrong, another when it was
    right - so a right and a wrong guess are compared. The Dreamer cannot see the difference."""
    assert isinstance(before, KdyzSnimState) and isinstance(after, KdyzSnimState)
    if not before.rounds or before.round.revealed or after.round is not after.rounds[len(before.rounds) - 1]:
        return None
    if after.outcome is not None or after.round.revealed or len(after.rounds) != len(before.rounds):
        return None  # the day reveals roles and cards: nothing left to compare
    twin = copy.deepcopy(before)
    r = twin.round
    holders = [p for p in r.roles if p != action.player]
    cards = [r.roles[p] for p in holders] + [r.spare]
    rng.shuffle(cards)
    r.roles.update(zip(holders, cards))
    r.spare = cards[-1]
    current = r.current
    if action.player in (r.dreamer, CLOCK, HOST) and current is not None:
        used = {c.element for rr in twin.rounds for c in rr.cards}
        language = twin.options["language"]
        guessed = normalise(str(action.args.get("text") or ""))
        named = [e for e in _elements_named(language).get(guessed, []) if e not in used]
        right = before.round.current is not None and guessed and before.round.current.element in _elements_named(language).get(guessed, [])
        others = [e for e in element_ids() if e not in used]
        r.cards[-1] = dataclasses.replace(current, element=named[0] if named and not right else rng.choice(others))
    return twin, frozenset({r.dreamer})


@functools.cache
def _vocabulary(lang: str, game: str) -> frozenset[str]:
    """Every word of the bot's own texts of a game in ``lang`` (a secret that is also one of those is no leak)."""
    words: set[str] = set()
    for name in (f"{game}.ftl", "common.ftl"):
        path = i18n.LOCALES_DIR / lang / name
        if path.exists():
            raw = re.sub(r"\{[^{}]*\}", " ", path.read_text(encoding="utf-8"))
            words |= set(normalise(raw).split())
    return frozenset(words)


def dream_secrets(before: State, action: Action, after: State) -> tuple[set[str], set[str]]:
    """KS-P1 / KS-P2 / KS-P5: while a round is not revealed, its cards (in every language) and the Dreamer's guesses
    reach neither the public nor the Dreamer, and the Dreamer is sent nothing at all (KS-21)."""
    assert isinstance(after, KdyzSnimState)
    live = [r for r in after.rounds if not r.revealed]
    if not live or after.outcome is not None:
        return set(), set()
    words = forms_of({c.element for r in live for c in r.cards}) | {normalise(c.guess) for r in live for c in r.cards if c.guess}
    return words, {r.dreamer for r in live}


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
    twin: Twin | None = None
    secrets: Secrets | None = None
    #: In the short run, every this many games is rendered through the presenter (the slow part: Fluent wording,
    #: twice a step for a twin); the long run renders every game.
    render_every: int = 2


SETUPS: dict[str, ScanSetup] = {
    "night_watch": ScanSetup(night_watch_privacy, tuple(range(5, 26))),
    "kdyz_snim": ScanSetup(
        kdyz_snim_privacy,
        tuple(KS_PLAYER_COUNTS),
        tuple(m[1] for m in KS_MIXES),
        timeout_rate=KS_TIMEOUT_RATE,
        host_rate=0.02,
        twin=dream_twin,
        secrets=dream_secrets,
        render_every=4,
    ),
    "ghost_at_home": ScanSetup(ghost_at_home_privacy, (2, 3, 4), host_rate=0.002, twin=ghost_twin, render_every=5),
    "midnighters": ScanSetup(
        midnighters_privacy,
        (2, 3, 4, 5, 6),
        ({"max_turns": 8},),
        host_rate=0.002,
        implied=lambda event: {PLAY_CARD[event.params["play"]]} if event.params.get("play") in PLAY_CARD else set(),
    ),
    "midnight_hunt": ScanSetup(midnight_hunt_privacy, (2, 4), ({}, {"clock_minutes": 1, "increment_seconds": 2}), host_rate=0.0),
}


def _declared_setups() -> None:
    """Games added since the first five declare their scan with their tests, in ``tests/engines/<game>/scan.py``
    (``SCAN``: the keyword arguments of a :class:`ScanSetup`; ``GAMES``: games per short run), so no line here names
    them; a game with neither fails :func:`test_every_engine_has_a_scan_setup`."""
    import importlib

    for name in available_engines():
        if name in SETUPS:
            continue
        try:
            module = importlib.import_module(f"tests.engines.{name}.scan")
        except ModuleNotFoundError as exc:
            if exc.name != f"tests.engines.{name}.scan":
                raise
            continue
        SETUPS[name] = ScanSetup(**module.SCAN)
        SHORT_GAMES[name] = module.GAMES


_declared_setups()


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


#: Who reads an op: the public, or a player (their DMs), or a team (its private thread).
PUBLIC_READER = "@public"


def track_slots(slots: dict[str, str], ops: list[dict[str, Any]]) -> None:
    """Remember who reads each message slot a post makes, so later edits of it are routed alike."""
    for op in ops:
        if op.get("do") == "post" and op.get("slot"):
            slots[op["slot"]] = reader(op, slots)


def reader(op: dict[str, Any], slots: dict[str, str]) -> str:
    """Who reads ``op``: :data:`PUBLIC_READER`, a player id, or ``team:<name>``. An edit of a slot not seen posted
    counts as public (the strict side), and so does every other op (threads, roles: everyone sees them)."""
    if op.get("do") == "post":
        if op.get("to") == "dm":
            return str(op.get("user"))
        if op.get("to") == "team":
            return f"team:{op.get('team')}"
        return PUBLIC_READER
    if op.get("do") == "edit":
        return slots.get(str(op.get("slot")), PUBLIC_READER)
    return PUBLIC_READER


def public_text(ops: list[dict[str, Any]], slots: dict[str, str]) -> list[str]:
    """Everything in ``ops`` the game channel shows: public posts and edits (text, preamble, controls), thread
    names, and the text a closed-DM player gets there instead of their DM."""
    out: list[str] = []
    for op in ops:
        if reader(op, slots) == PUBLIC_READER:
            out += [op.get("content") or "", op.get("preamble") or "", op.get("name") or ""]
            out += [json.dumps(op.get("components") or [], ensure_ascii=False)]
        elif op.get("fallback"):  # posted in the game channel when the player's DMs are closed
            out.append(op["fallback"])
    return out


def check_rendered(
    table: Table,
    seed: str,
    ops: list[dict[str, Any]],
    after: State,
    events: list[Event],
    where: str,
    slots: dict[str, str] | None = None,
    secrets: tuple[set[str], set[str]] = (set(), set()),
    allowed: frozenset[str] | set[str] = frozenset(),
    extra_public: str = "",
    answer: tuple[str, str, str] | None = None,
) -> None:
    """The bot's wording of one step (``ops`` from its presenter, ``extra_public``: ``/game status``): public text
    carries no seed and no line worded only for a private message; no secret word (``secrets[0]``, normalised; but
    ``allowed`` words: the bot's own vocabulary, what players typed in public) reaches the public or a player of
    ``secrets[1]``, who are sent nothing at all; ``answer``: (player, text, what they typed) the acting player is
    answered, which may read their own words back to them."""
    slots = {} if slots is None else slots
    private_lines: set[str] = set()
    for op in ops:
        if op.get("do") == "post" and reader(op, slots) != PUBLIC_READER:
            private_lines |= {line.strip() for line in (op.get("content") or "").splitlines() if line.strip()}
    said_in_public = {line.strip() for e in events if e.audience.is_public for line in table.say(e).splitlines()}
    header = table.header().strip()
    text = "\n".join([*public_text(ops, slots), extra_public])
    if after.outcome is None:
        assert seed not in text, f"{where}: a public message states the seed"
    public_lines = {line.strip() for line in text.splitlines()}
    leaked = (private_lines & public_lines) - said_in_public - {header, ""}
    assert not leaked, f"{where}: a public message repeats private text {sorted(leaked)}"
    words, silent = secrets
    if not words and not silent:
        return
    secret = words - set(allowed)
    named = secret & set(normalise(text).split())
    assert not named, f"{where}: a public message names a secret of the game: {sorted(named)}"
    for op in ops:
        who = reader(op, slots)
        assert who not in silent, f"{where}: {who} must be sent nothing now, but gets {op}"
    if answer is not None and answer[0] in silent:
        named = (secret - set(normalise(answer[2]).split())) & set(normalise(answer[1]).split())
        assert not named, f"{where}: the answer to {answer[0]}'s own click names {sorted(named)}"


def _shape(op: dict[str, Any], slots: dict[str, str], blind: frozenset[str]) -> str:
    """An op as compared between twins: whole when the public or a blind player reads it, else who gets what
    kind of message where (its presence and timing, not its text)."""
    who = reader(op, slots)
    if who == PUBLIC_READER or who in blind:
        return json.dumps(op, sort_keys=True, ensure_ascii=False, default=str)
    return json.dumps({k: op.get(k) for k in ("do", "to", "user", "team", "slot")}, sort_keys=True, default=str)


def _heard(events: list[Event], blind: frozenset[str]) -> list[tuple[Any, ...]]:
    """Events as compared between twins: public ones (and a blind player's) whole; the others by key and audience."""
    out = []
    for e in events:
        if e.audience.is_public or set(e.audience.players) & blind:
            out.append((e.key, json.dumps(dict(e.params), sort_keys=True, default=str), e.audience))
        else:
            out.append((e.key, e.audience))
    return out


def _prompts(state: State) -> list[tuple[Any, ...]]:
    """The open prompts as anyone could notice them: who is asked, what, and for how long."""
    return [(p.id, p.kind, p.players, p.timeout, p.key, json.dumps(dict(p.params), sort_keys=True, default=str)) for p in state.prompts]


def check_twin(
    engine: Engine,
    setup: ScanSetup,
    before: State,
    action: Action,
    after: State,
    events: list[Event],
    rng: random.Random,
    where: str,
    render: tuple[Table, list[dict[str, Any]], dict[str, str]] | None = None,
    stats: ScanStats | None = None,
) -> bool:
    """The same step on a twin of ``before`` (see :data:`Twin`) looks the same to all who cannot tell them apart:
    public events, prompts (presence, players, time limits), the spectator view and the blind players' views; and
    with ``render`` (table, the step's ops, slots), the public messages and who is sent what. False: no twin."""
    made = setup.twin(before, action, after, rng) if setup.twin else None
    if made is None:
        return False
    twin, blind = made
    try:
        twin_after, twin_events = engine.apply(twin, action)
    except IllegalAction as exc:
        raise AssertionError(f"{where}: refused on a twin that differs only in what the actor cannot see: {exc}") from exc
    assert after.outcome == twin_after.outcome, f"{where}: the end depends on a secret"
    if after.outcome is not None:
        return True  # the end reveals every secret (GH-33, KS-30)
    assert _heard(events, blind) == _heard(twin_events, blind), f"{where}: what is told depends on a secret"
    if stats is not None:
        told = [json.dumps(dict(e.params), sort_keys=True, default=str) for e in events if not e.audience.is_public]
        stats.telling += told != [json.dumps(dict(e.params), sort_keys=True, default=str) for e in twin_events if not e.audience.is_public]
    assert _prompts(after) == _prompts(twin_after), f"{where}: a prompt's presence or timing depends on a secret"
    for viewer in (None, *sorted(blind)):
        assert engine.view(after, viewer) == engine.view(twin_after, viewer), f"{where}: view({viewer}) shows a secret"
    if render is not None:
        table, ops, slots = render
        presenter = game_ui(engine.name).presenter
        twin_ops = presenter.present(table, twin, twin_after, twin_events, action.player)
        ours = [_shape(op, slots, blind) for op in ops]
        theirs = [_shape(op, slots, blind) for op in twin_ops]
        assert ours == theirs, f"{where}: the messages depend on a secret: {sorted(set(ours) ^ set(theirs))[:4]}"
        assert presenter.status_text(table, after) == presenter.status_text(table, twin_after), f"{where}: /game status"
        if action.player in blind:
            answer = presenter.answer_lines(table, action, events)
            assert answer == presenter.answer_lines(table, action, twin_events), f"{where}: the answer shows a secret"
    return True


# -- the scan ------------------------------------------------------------------------------------------------


@dataclass
class ScanStats:
    """What the scan looked at, so a test can tell it saw real play (and twins, when the game has them)."""

    steps: int = 0
    twins: int = 0
    #: Twins whose secret changed what a player was told privately (a right guess against a wrong one, another
    #: hand drawn from): the comparisons that show the public cannot tell.
    telling: int = 0
    rendered: int = 0


def scan_game(engine: Engine, setup: ScanSetup, i: int, render: bool, stats: ScanStats | None = None) -> int:
    """Play game ``i`` of the scan with every check on; returns its number of steps."""
    stats = ScanStats() if stats is None else stats
    n = setup.player_counts[i % len(setup.player_counts)]
    options = setup.options[i % len(setup.options)]
    players = [f"p{j}" for j in range(1, n + 1)]
    seed = f"secret-scan-seed/{engine.name}/{i}"
    where = f"{engine.name} game {i} ({n} players, options {options})"
    chooser = random.Random(f"secret-scan-choices/{i}")
    twins = random.Random(f"secret-scan-twins/{i}")
    state, events = engine.setup(players, options, seed)
    table = Table(game_id=i + 1, engine=engine, lang="en", names={p: f"Player {p[1:]}" for p in players}, guild_name="Scan")
    known = Knowledge(setup.implied, public=set(players) | strings(engine.view(state, None)))  # the table as dealt, face up
    known.hear(events)
    setup.hook(state, Action(CLOCK, "", "setup"), state, events)
    check_generic(engine, seed, state, events, known, f"{where} setup")
    render = render and rendered(engine.name)
    presenter = game_ui(engine.name).presenter
    slots: dict[str, str] = {}
    allowed = set(_vocabulary(table.lang, engine.name)) | {w for name in table.names.values() for w in normalise(name).split()}
    if render:
        ops = presenter.present(table, None, state, events)
        track_slots(slots, ops)
        secrets = setup.secrets(state, Action(CLOCK, "", "setup"), state) if setup.secrets else (set(), set())
        check_rendered(table, seed, ops, state, events, f"{where} setup", slots, secrets, allowed)
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
        if action.kind == "clue" and action.args.get("text"):  # a player's own public words (KS-13)
            allowed |= set(normalise(str(action.args["text"])).split())
        ops = None
        if render:
            ops = presenter.present(table, state, after, events, action.player)
            secrets = setup.secrets(state, action, after) if setup.secrets else (set(), set())
            typed = " ".join(str(v) for v in action.args.values() if isinstance(v, str))
            answer = (action.player, "\n".join([presenter.ack_text(table, action), *presenter.answer_lines(table, action, events)]), typed)
            status = presenter.status_text(table, after) if after.outcome is None else ""
            check_rendered(table, seed, ops, after, events, at, slots, secrets, allowed, status, answer)
            stats.rendered += 1
        if setup.twin is not None:
            stats.twins += check_twin(engine, setup, state, action, after, events, twins, at, (table, ops, slots) if render else None, stats)
        if render:
            track_slots(slots, ops)
        state = after
    stats.steps += steps
    return steps


@pytest.mark.parametrize("name", available_engines())
def test_secret_scan_random_games(name):
    engine = get_engine(name)
    games = games_per_engine(name)
    stats = ScanStats()
    every = 1 if LONG else SETUPS[name].render_every
    for i in range(games):
        scan_game(engine, SETUPS[name], i, render=i % every == 0, stats=stats)
    assert stats.steps >= games  # every game made moves: the scan looked at real play
    if SETUPS[name].twin is not None:
        assert stats.twins >= games and stats.telling >= games, stats  # and compared twins that differ in secret
    if rendered(name):
        assert stats.rendered >= games // every, stats
    print(f"{name}: {games} games, {stats}")


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


class _LeakyPresenter:
    """A presenter with a planted bug: after the real ops of each step, ``leak(table, before, after, events)``
    adds its own (reading the state, as a presenter must not)."""

    def __init__(self, inner: Any, leak: Callable[..., list[dict[str, Any]]]) -> None:
        self.inner, self.leak = inner, leak

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def present(self, table: Table, before: State | None, after: State, events: Any, actor: str | None = None) -> list:
        return self.inner.present(table, before, after, events, actor) + self.leak(table, before, after, events)


def _cats_in_public(table, before, after, events):  # GH-P1: the defender's hand, told in public
    return [{"do": "post", "to": "game", "content": f"{p} holds {h.count('cat')} cats"} for p, h in after.hands.items()]


def _window_only_with_a_cat(table, before, after, events):  # GH-P4: a DM whose presence tells the hand
    return [{"do": "post", "to": "dm", "user": p, "content": "psst"} for p, h in after.hands.items() if "cat" in h]


def _verdict_in_public(table, before, after, events):  # KS-21: the public reaction depends on the pile
    return [{"do": "post", "to": "game", "content": "✨"} for e in events if e.key == "ks.guess_judged" and e.params["pile"] == "yellow"][:1]


def _card_in_public(table, before, after, events):  # KS-P2: a card of the night, named in public
    current = after.round.current if after.rounds and not after.round.revealed else None
    word = element(current.element).word(after.options["language"]) if current else ""
    return [{"do": "post", "to": "game", "content": f"Hint: {word}"}] if current else []


def _dreamer_told(table, before, after, events):  # KS-P1: anything at all to the Dreamer during their night
    r = after.round if after.rounds else None
    return [{"do": "post", "to": "dm", "user": r.dreamer, "content": "🌙"}] if r and not r.revealed else []


@pytest.mark.parametrize(
    ("game", "leak", "caught"),
    [
        ("ghost_at_home", _cats_in_public, "depend on a secret"),
        ("ghost_at_home", _window_only_with_a_cat, "depend on a secret"),
        ("kdyz_snim", _verdict_in_public, "depend on a secret"),
        ("kdyz_snim", _card_in_public, "names a secret"),
        ("kdyz_snim", _dreamer_told, "must be sent nothing"),
    ],
    ids=lambda v: getattr(v, "__name__", str(v)).strip("_"),
)
def test_rendered_and_twin_checks_catch_a_planted_leak(monkeypatch, game, leak, caught):
    """GH-P1 / GH-P4 / KS-P1 / KS-P2 / KS-21: a presenter that tells a hand in public, DMs a player only when they
    hold a cat, reacts in public to a right guess only, names the card in play, or sends the Dreamer anything
    during their night is caught (twins: the public messages or who is sent what differ; words; silence)."""
    ui = game_ui(game)
    monkeypatch.setitem(games_registry._GAMES, game, dataclasses.replace(ui, presenter=_LeakyPresenter(ui.presenter, leak)))
    with pytest.raises(AssertionError, match=caught):
        for i in range(12):
            scan_game(get_engine(game), SETUPS[game], i, render=True)
