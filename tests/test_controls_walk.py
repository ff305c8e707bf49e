"""Every control a player sees is a choice they have (issue 28, item 2), checked on what the bot really sends.

Over seeded random games of every registered game (found through :mod:`cogs.registry`, so a game added later is
walked too), each transition is presented by the game's own presenter, as the dispatcher would send it: posts and
edits in the thread, DMs, team posts, each keeping its message (a slot) as Discord keeps it, so a control left on a
message after its moment is still there to be clicked. After each transition every enabled control on every
message still showing one is clicked by each person it is shown to (a DM's reader, a team's members, the thread's
players and a spectator), each click decoded by :func:`bot.decoder.decode` as the cog decodes it, each action
judged by the engine, each picker step it opens rendered and walked in turn (an ephemeral message of the clicker's
alone), each form checked to be one the engine lists. It fails when:

* a control shown privately (a DM, a team's thread, a picker step) does not work for the one it is shown to: it
  decodes to nothing, the engine refuses its action, its step cannot be shown, its form is for nothing open. A
  multi-select's combination may be refused, but only with the rule's own reason (GH-18: the bulbs are too few);
* a control in the thread works for nobody, or refuses someone it does not serve (a spectator, another seat) with
  a generic text rather than the engine's reason;
* a control is sent, or left, for a prompt that is no longer open (a prompt after its moment);
* a DM goes to someone who is not in the game.

The default run walks three seeds per game, every state of a game's first 80 and every fifth after (seconds in
all); ``NOCTURNE_LONG=1`` walks many more.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

import translations as i18n
from bot import controls as ctl
from bot import decoder
from bot.decoder import Apply, Form, NextStep, Refused
from bot.games import GameUI
from bot.live import GameError
from bot.presenter import Table
from bot.wording import refusal_text, why_refused
from cogs.registry import GAMES as REGISTERED
from engines.core import HOST, Action, IllegalAction, State
from tests.bot.presenting import transitions

LONG = bool(os.environ.get("NOCTURNE_LONG"))
SEEDS = range(40) if LONG else range(3)
#: The default run checks every state of a game's start, then every fifth (a long game's states repeat its start's).
EVERY_STATE_UP_TO = 80
GAME_ID = 987654321987654321
SPECTATOR = "555555555555555555"
#: A multi-select's combinations tried per control (all when fewer; else a seeded sample).
COMBINATIONS = 400 if LONG else 60
#: The shared texts that say no more than "no" (what a refusal the engine gave a reason for must not read as).
GENERIC_KEYS = ("common.error.bad_action", "common.error.not_legal", "common.error.stale", "common.error.internal")


def players_for(ui: GameUI, seed: int) -> list[str]:
    counts = [n for n in ui.engine.player_counts if n <= 8]
    n = random.Random(f"walk/{ui.name}/{seed}").choice(counts)
    return [str(10**17 + 1000 * seed + i) for i in range(n)]


@dataclass
class Message:
    """A message as Discord shows it: who reads it and the controls on it now."""

    where: str
    readers: tuple[str, ...] | None  # None: the thread, everyone
    components: list[dict[str, Any]] = field(default_factory=list)


class Walk:
    """One game's messages, kept as the dispatcher keeps them, and the checks on their controls."""

    def __init__(self, ui: GameUI, players: list[str], seed: int) -> None:
        self.ui = ui
        self.engine = ui.engine
        self.presenter = ui.presenter
        self.players = players
        self.seed = seed
        names = {p: f"Player {i}" for i, p in enumerate(players)}
        self.table = Table(GAME_ID, self.engine, "en", names, guild_name="Walk", host=players[0])
        self.messages: dict[str, Message] = {}
        self.unslotted = 0
        self.problems: list[str] = []
        self.clicks = 0
        self.judged: set[str] = set()
        self.steps: dict[str, set[str]] = {}
        self.generic = {i18n.translate("en", key) for key in GENERIC_KEYS}

    # -- the messages ------------------------------------------------------------------------------------------

    def deliver(self, ops: list[dict[str, Any]], at: str) -> None:
        for op in ops:
            kind = op.get("do")
            if kind == "post":
                readers = self.readers(op, at)
                slot = op.get("slot")
                key = slot or f"#{self.unslotted}"
                self.unslotted += 0 if slot else 1
                message = self.messages.setdefault(key, Message(f"{at} {op['to']} {slot or ''}", readers))
                if "components" in op:
                    message.components = op["components"]
            elif kind == "edit":
                key = op["slot"]
                if key not in self.messages:
                    continue  # a slot never filled: the dispatcher skips it
                if "components" in op:
                    self.messages[key].components = op["components"]
                if op.get("forget"):  # left as it is: its controls, if any, stay clickable
                    self.messages[f"#{self.unslotted}"] = self.messages.pop(key)
                    self.unslotted += 1
            elif kind == "forget":
                key = op["slot"]
                if key in self.messages:
                    self.messages[f"#{self.unslotted}"] = self.messages.pop(key)
                    self.unslotted += 1
        self.messages = {k: m for k, m in self.messages.items() if enabled(m.components)}

    def readers(self, op: dict[str, Any], at: str) -> tuple[str, ...] | None:
        if op["to"] == "dm":
            user = str(op["user"])
            if user not in self.players and user != self.table.host:
                self.problems.append(f"{at}: a DM to {user}, who is not in the game: {op.get('content', '')[:120]!r}")
            return (user,)
        if op["to"] == "team":
            return tuple(str(m) for m in op.get("members", ()))
        return None

    def answered(self, state: State, action: Action | None) -> None:
        """A click on a prompt's DM that leaves its player nothing to do there is answered by rewriting that DM with
        no controls (cogs/clicks.py, ``_rewrites_the_dm``): the player's own DM loses them at once."""
        if action is None or action.player not in self.players:
            return
        if any(p.id == action.prompt for p in state.prompts) and any(
            a.prompt == action.prompt for a in ctl.playable(self.engine.legal_actions(state, action.player), action.prompt)
        ):
            return
        for key, message in self.messages.items():
            if message.readers == (action.player,) and key == f"dm:{action.prompt}:{action.player}":
                message.components = []

    # -- the checks --------------------------------------------------------------------------------------------

    def check(self, state: State, at: str) -> None:
        open_ids = {p.id for p in state.prompts}
        for message in self.messages.values():
            for comp in controls_of(message.components):
                cid = ctl.ControlId.parse(comp["custom_id"])
                where = f"{at} {message.where} {comp.get('label') or comp.get('placeholder')!r} {comp['custom_id']}"
                if cid.prompt_id not in open_ids:
                    self.problems.append(f"{where}: shown for prompt {cid.prompt_id}, which is not open (after its moment)")
                    continue
                if message.readers is None:
                    self.check_public(state, comp, cid, where)
                else:
                    for reader in message.readers:
                        self.check_private(state, reader, comp, cid, where, self.steps_seen(state, reader, cid.prompt_id))

    def choices(self, legal: list[Action]) -> str:
        return json.dumps(sorted(json.dumps([a.prompt, a.kind, a.args], sort_keys=True) for a in legal))

    def steps_seen(self, state: State, person: str, prompt_id: str) -> set[str]:
        """The picker steps ``person`` was walked through before the same choices (they open the same steps)."""
        legal = self.engine.legal_actions(state, self.actor(state, person, prompt_id))
        return self.steps.setdefault(f"{person} {self.choices(legal)}", set())

    def actor(self, state: State, person: str, prompt_id: str) -> str:
        """Who acts for ``person`` (as the cog's ``actor``): the host answers the host's prompts."""
        prompt = next((p for p in state.prompts if p.id == prompt_id), None)
        if prompt and HOST in prompt.players and person not in prompt.players and person == self.table.host:
            return HOST
        return person

    def outcomes(self, state: State, person: str, comp: dict[str, Any], cid: ctl.ControlId) -> list[tuple[list[str], Any]] | None:
        """Each way ``person`` can use ``comp`` and what it gives: ``("ok", None)``, ``("step", Step)``,
        ``("refused", text, specific)``; ``None`` when judged already, before the same choices."""
        actor = self.actor(state, person, cid.prompt_id)
        legal = self.engine.legal_actions(state, actor)
        # the same control before the same choices was judged already (a public button on a long turn, a DM kept
        # while others act): the picker steps it opens are the same too
        key = json.dumps([person, comp, self.choices(legal)], sort_keys=True)
        if key in self.judged:
            return None
        self.judged.add(key)
        self.clicks += len(uses := self.every_use(comp))
        return [(values, self.judge(state, actor, legal, cid, values)) for values in uses]

    def judge(self, state: State, actor: str, legal: list[Action], cid: ctl.ControlId, values: list[str]) -> tuple:
        match decoder.decode(cid, actor, legal, values):
            case Apply(action):
                return self.applied(state, action)
            case Form(action, _):
                if any(a.kind == action.kind and dict(a.args) == dict(action.args) and a.prompt == action.prompt for a in legal):
                    return ("ok", None)
                return self.applied(state, ctl.fill_text(action, {}))
            case NextStep(partial, page):
                try:
                    return ("step", self.presenter.picker(self.table, state, actor, cid.prompt_id, partial, page))
                except ctl.CodecError as exc:
                    return self.refused(GameError(exc.code))
            case Refused(code, named):
                return self.refused(why_refused(self.engine, state, actor, cid.prompt_id, code, named))  # as the cog
        raise AssertionError("unreachable")

    def applied(self, state: State, action: Action) -> tuple:
        try:
            self.engine.apply(state, action)
        except IllegalAction as exc:
            return self.refused(exc)
        return ("ok", None)

    def refused(self, exc: IllegalAction | GameError) -> tuple:
        text = refusal_text("en", exc, self.table.prefix)
        return ("refused", f"{exc.code}: {text}", text not in self.generic)

    def every_use(self, comp: dict[str, Any]) -> list[list[str]]:
        if comp["type"] == 2:
            return [[]]
        options = [o["value"] for o in comp["options"]]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if hi <= 1:
            return [[v] for v in options]
        uses = [list(c) for k in range(lo, hi + 1) for c in itertools.combinations(options, k)]
        if len(uses) > COMBINATIONS:
            uses = random.Random(f"{self.seed}/{comp['custom_id']}").sample(uses, COMBINATIONS)
        return uses

    def check_private(self, state: State, person: str, comp: dict[str, Any], cid: ctl.ControlId, where: str, seen: set[str]) -> None:
        """Every use of ``comp`` by ``person``, who is shown it alone, works (a multi-select's combination may be
        refused with the rule's reason); each step it opens is walked too."""
        works = False
        multi = comp["type"] != 2 and comp.get("max_values", 1) > 1
        outcomes = self.outcomes(state, person, comp, cid)
        if outcomes is None:
            return
        for values, result in outcomes:
            if result[0] == "ok":
                works = True
            elif result[0] == "step":
                works = True
                self.walk_step(state, person, result[1], f"{where} {values}", seen)
            elif multi and result[2]:
                continue  # a combination the rules refuse, with their reason
            else:
                self.problems.append(f"{where}: {person} uses it {values} and is refused: {result[1]}")
                return
        if not works:
            self.problems.append(f"{where}: shown to {person}, no use of it works")

    def walk_step(self, state: State, person: str, step: ctl.Step, where: str, seen: set[str]) -> None:
        key = ctl.encode(step.chosen.kind, step.chosen.args) + repr([c["custom_id"] for c in controls_of(step.components)])
        if key in seen or len(seen) > 200:
            return
        seen.add(key)
        if not enabled(step.components):  # a notice (a surrender called off, MH-54): it must say something
            text = self.presenter.picker_text(self.table, step)
            if not text.strip() or text in self.generic:
                self.problems.append(f"{where}: opens a step with nothing to choose for {person}: {text!r}")
            return
        for comp in controls_of(step.components):
            cid = ctl.ControlId.parse(comp["custom_id"])
            self.check_private(state, person, comp, cid, f"{where} > {comp.get('label') or comp.get('placeholder')!r}", seen)

    def check_public(self, state: State, comp: dict[str, Any], cid: ctl.ControlId, where: str) -> None:
        """A control in the thread: someone it serves can use it, and whoever it does not serve is told why."""
        served = False
        for person in [*self.players, SPECTATOR]:
            mine = False
            refusals = []
            outcomes = self.outcomes(state, person, comp, cid)
            if outcomes is None:
                served = True  # judged already (and served someone then, or that was said)
                continue
            for values, result in outcomes:
                if result[0] in ("ok", "step"):
                    mine = True
                    if result[0] == "step":
                        self.walk_step(state, person, result[1], f"{where} {values}", self.steps_seen(state, person, cid.prompt_id))
                elif not result[2]:
                    refusals.append(f"{values}: {result[1]}")
            served |= mine
            if refusals and not mine:
                who = "a spectator" if person == SPECTATOR else person
                self.problems.append(f"{where}: {who} is refused with no reason: {refusals[0]}")
        if not served:
            self.problems.append(f"{where}: in the thread, and nobody can use it")


def controls_of(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [c for row in components for c in row["components"] if not c.get("disabled") and "custom_id" in c and c["custom_id"][:3] in {f"{t}:" for t in ctl.TAGS}]


def enabled(components: list[dict[str, Any]]) -> bool:
    return bool(controls_of(components))


def walk(ui: GameUI, seed: int) -> Walk:
    players = players_for(ui, seed)
    w = Walk(ui, players, seed)
    for n, (before, after, events, action) in enumerate(transitions(ui.engine, players, seed)):
        at = f"{ui.name} seed {seed} step {n} ({action.kind if action else 'setup'})"
        w.table.deadlines = {p.id: 2_000_000_000.0 for p in after.prompts if p.timeout}
        actor = action.player if action is not None and action.player in players else None
        w.deliver(w.presenter.present(w.table, before, after, events, actor), at)
        w.answered(after, action)
        if LONG or n < EVERY_STATE_UP_TO or n % 5 == 0:
            w.check(after, at)
        if len(w.problems) > 20:
            break
    return w


@pytest.mark.parametrize("game", [ui.name for ui in REGISTERED])
def test_every_control_sent_is_a_choice_its_reader_has(game: str) -> None:
    ui = next(u for u in REGISTERED if u.name == game)
    problems: list[str] = []
    clicks = 0
    for seed in SEEDS:
        w = walk(ui, seed)
        problems += w.problems
        clicks += w.clicks
    assert clicks > 0 or not ui.playable, f"{game}: the walk clicked nothing"
    assert not problems, "\n".join(dict.fromkeys(problems[:30]))


# -- what the walk found, each fixed and kept fixed --------------------------------------------------------------


def _click(ui: GameUI, table: Table, state: State, person: str, comp: dict[str, Any], values: list[str]) -> tuple:
    """One click judged as the walk judges it (the cog's decode, then the engine)."""
    w = Walk(ui, list(table.names), 0)
    w.table = table
    cid = ctl.ControlId.parse(comp["custom_id"])
    actor = w.actor(state, person, cid.prompt_id)
    return w.judge(state, actor, w.engine.legal_actions(state, actor), cid, values)


def test_gh_18_a_light_paid_with_too_few_bulbs_is_refused_for_its_bulbs_with_two_floors_to_light() -> None:
    """GH-18 (GH-7: an illegal action is refused with the reason): with two floors that could be lit, the light's
    multi-select leaves the floor for the next step; cards worth under 5 bulbs picked there were refused as "That
    combination is not allowed here", though the player picked from what it offered. The engine now judges the
    payment before the floor, and the bot asks it about the cards picked so far."""
    from tests.engines.ghost_at_home.helpers import Table as Scenario
    from tests.engines.ghost_at_home.helpers import house

    ui = next(u for u in REGISTERED if u.name == "ghost_at_home")
    game = Scenario(2, hands={"p1": ["room3", "room2", "room1"]}, houses={"p1": house("room1 room1")})
    state = game.state
    floors = {a.args["floor"] for a in ui.engine.legal_actions(state, "p1") if a.kind == "light"}
    assert floors == {1, 2}, floors  # floor 1 always, floor 2 above a full floor 1
    table = Table(GAME_ID, ui.engine, "en", {"p1": "Ann", "p2": "Bob"}, guild_name="Walk", host="p1")
    components = ui.presenter.components(table, state, "p1", state.prompts[0])
    light = next(c for c in controls_of(components) if c["custom_id"].startswith("nx:") and ":light" in c["custom_id"])
    labels = {o["value"]: o["label"] for o in light["options"]}
    room2 = next(v for v, label in labels.items() if "💡2" in label)
    room1 = next(v for v, label in labels.items() if "💡1" in label)
    result = _click(ui, table, state, "p1", light, [room2, room1])
    assert result[0] == "refused" and result[2], result
    assert result[1].startswith("not_enough_bulbs:") and "3" in result[1] and "5" in result[1], result
    # a payment worth 5 goes on to the floor, as before
    room3 = next(v for v, label in labels.items() if "💡3" in label)
    assert _click(ui, table, state, "p1", light, [room3, room2])[0] == "step"


def test_mh_55_a_player_who_left_pressing_the_public_surrender_is_told_to_rejoin_first() -> None:
    """MH-54, MH-55: the thread's Surrender is public; a player who left (their rejoin window open) has no
    surrender among their choices, yet the engine took it, so the bot's refusal had no reason to give ("That
    choice is no longer open"). The engine now refuses it with its reason: rejoin first."""
    ui = next(u for u in REGISTERED if u.name == "midnight_hunt")
    players = players_for(ui, 0)
    steps = transitions(ui.engine, players, 0)
    at = next(n for n, (_b, after, _e, _a) in enumerate(steps) if any(p.key == "mh.rejoin" for p in after.prompts))
    state = steps[at][1]
    away = next(p.players[0] for p in state.prompts if p.key == "mh.rejoin")
    turn = next(p for p in state.prompts if p.key != "mh.rejoin")
    with pytest.raises(IllegalAction) as refused:
        ui.engine.apply(state, Action(away, turn.id, "surrender"))
    assert refused.value.code == "away"
    table = Table(GAME_ID, ui.engine, "en", {p: f"P{i}" for i, p in enumerate(players)}, guild_name="Walk", host=players[0])
    surrender = {"type": 2, "custom_id": ctl.picker_id(GAME_ID, turn.id, 0, ctl.Partial("surrender"), []), "label": "Surrender"}
    result = _click(ui, table, state, away, surrender, [])
    assert result[0] == "refused" and result[2] and result[1].startswith("away:"), result


def _dm_rewrites(ui: GameUI, seed: int, kind: str) -> list[tuple[Action, list[dict[str, Any]], list[Action]]]:
    """Each action of ``kind`` by a player whose prompt stays open with choices changed: the edit of their DM it
    brings (its controls) and their choices after it."""
    players = players_for(ui, seed)
    w = Walk(ui, players, seed)
    found = []
    for before, after, events, action in transitions(ui.engine, players, seed):
        if before is None or action is None or action.kind != kind or not any(p.id == action.prompt for p in after.prompts):
            continue
        choices = ctl.playable(ui.engine.legal_actions(after, action.player), action.prompt)
        if not choices or choices == ctl.playable(ui.engine.legal_actions(before, action.player), action.prompt):
            continue
        slot = f"dm:{action.prompt}:{action.player}"
        edits = [op for op in ui.presenter.present(w.table, before, after, events, action.player) if op.get("do") == "edit" and op.get("slot") == slot]
        found.append((action, edits[-1]["components"] if edits else None, choices))
    return found


def test_nw_13_a_watch_members_night_dm_is_rewritten_after_a_proposal_with_the_targets_left() -> None:
    """NW-13 (a proposal may be changed while the night lasts): the engine takes a proposal away from the
    proposer's choices once made, but their DM kept it, and choosing it again was refused as "You cannot pick that
    player". The DM is now rewritten with the choices the proposer has."""
    ui = next(u for u in REGISTERED if u.name == "night_watch")
    found = _dm_rewrites(ui, 1, "kill")
    assert found, "no proposal in the seeded game left the night open"
    for action, components, choices in found:
        assert components is not None, f"{action}: the proposer's DM is not rewritten"
        offered = json.dumps(components)
        assert f"target='{action.args['target']}" not in offered, f"{action}: the DM still offers the target proposed"
        assert all(f"target='{a.args['target']}" in offered for a in choices if a.kind == "kill"), action


def test_mn_53_a_turn_dm_is_rewritten_after_a_spring_with_the_choices_left() -> None:
    """MN-53 (a sprung trap resolves at once; its cards go to the discard): after a spring in a turn that goes on,
    the turn's DM kept the sprung trap's buttons and moves its effect made impossible ("That trap cannot be
    sprung that way now", "The way is blocked"). The DM is now rewritten with the choices left."""
    ui = next(u for u in REGISTERED if u.name == "midnighters")
    found = [f for seed in SEEDS for f in _dm_rewrites(ui, seed, "spring")]
    assert found, "no spring in the seeded games left its prompt open"
    for action, components, choices in found:
        assert components is not None, f"{action}: the DM is not rewritten"
        shown = {c["custom_id"] for c in controls_of(components)}
        code = ctl.encode(action.kind, action.args)
        assert not any(cid.endswith(f":{code}") for cid in shown), f"{action}: the sprung trap is still offered"
