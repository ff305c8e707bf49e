"""``Engine.apply`` copies a state field by field as the rules read it (issue 16: no copy of the whole state per
action), and the result is still a private, plain state of the engine's class."""

from __future__ import annotations

import dataclasses
import pickle
import random
import typing
from typing import Any

import pytest

from engines import ENGINE_NAMES, copying, core, get_engine
from engines.core import Action, IllegalAction
from engines.playout import _choose

PLAYERS = [f"p{i}" for i in range(10)]


@pytest.fixture
def game():
    engine = get_engine("night_watch")
    state, _ = engine.setup(PLAYERS, {}, seed="cow")
    return engine, state


def test_a_field_the_rules_did_not_read_is_shared_and_one_they_read_is_their_own(game):
    engine, state = game
    before = pickle.dumps(state)
    prompt = state.prompts[0]  # NW-9: the day opens with the discussion, everyone may say they are ready
    after, _ = engine.apply(state, Action(PLAYERS[0], prompt.id, "ready"))
    assert type(after) is type(state) and engine.dump(after)["state"]["step"] == 1
    assert after.ready == [PLAYERS[0]] and state.ready == []  # read and changed: a copy
    assert after.vote_history is state.vote_history  # never read by a ready click: shared, not copied
    assert after.roles == state.roles
    assert pickle.dumps(state) == before  # the original is untouched
    # the next step works on its own copy again, sharing what neither step read
    again, _ = engine.apply(after, Action(PLAYERS[1], prompt.id, "ready"))
    assert again.ready == PLAYERS[:2] and after.ready == [PLAYERS[0]]
    assert again.vote_history is state.vote_history


def test_a_refused_action_leaves_the_state_and_no_copy_behind(game):
    engine, state = game
    before = pickle.dumps(state)
    with pytest.raises(IllegalAction):
        engine.apply(state, Action(PLAYERS[0], state.prompts[0].id, "vote", {"target": "nobody"}))
    assert pickle.dumps(state) == before and type(state).__name__ == "NightWatchState"
    assert engine.load(engine.dump(state)) == state


# -- issue 27: typed per-field copies instead of a pickle round trip per field ------------------------------------

#: Engines at a typical size (the others at their smallest), played at random through every phase they reach.
SIZES = {"night_watch": 10, "kdyz_snim": 5, "ghost_at_home": 4, "midnighters": 4}


def _mutable_ids(value, tp=Any, seen=None) -> dict[int, object]:
    """Every object inside ``value`` (annotated ``tp``) that can be changed in place (lists, dicts, sets, non-frozen
    dataclass instances), by id; frozen values count only through what they hold, and what the annotations say is
    read-only (``Mapping``, :func:`engines.copying.read_only`) not at all: it is shared by design."""
    seen = {} if seen is None else seen
    if copying.read_only(tp):
        return seen
    if isinstance(value, (list, dict, set)) or (dataclasses.is_dataclass(value) and not value.__dataclass_params__.frozen):
        if id(value) in seen:
            return seen
        seen[id(value)] = value
    args = typing.get_args(tp)
    if isinstance(value, dict):
        for item in value.values():
            _mutable_ids(item, args[1] if len(args) == 2 else Any, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _mutable_ids(item, args[0] if len(args) == 1 else Any, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        hints = typing.get_type_hints(type(value))
        for f in dataclasses.fields(value):
            _mutable_ids(getattr(value, f.name), hints.get(f.name, Any), seen)
    return seen


def _scribble(value, tp=Any) -> None:
    """Change every mutable object inside ``value`` in place (what careless rules could do to their copy)."""
    for obj in list(_mutable_ids(value, tp).values()):
        if isinstance(obj, list):
            obj.append("scribbled")
        elif isinstance(obj, dict):
            obj["scribbled"] = "scribbled"
        elif isinstance(obj, set):
            obj.add("scribbled")
        else:
            for f in dataclasses.fields(obj):
                object.__setattr__(obj, f.name, "scribbled")


def _states(name: str, seed: str, steps: int = 400):
    engine = get_engine(name)
    chooser = random.Random(seed)
    state, _ = engine.setup([f"{900 + i}" for i in range(SIZES.get(name, engine.min_players))], {}, seed=seed)
    yield engine, state
    for _ in range(steps):
        if state.outcome is not None:
            return
        action = _choose(engine, state, engine.prompts(state), chooser, 0.1, 0.0)
        if action is None:
            return
        state, _ = engine.apply(state, action)
        yield engine, state


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_every_field_copied_for_the_rules_is_equal_and_shares_nothing_mutable(name):
    """For every field of every state of random games: the copy the rules get (the field's typed copier, made from
    its annotation) equals the original, holds no list, dict, set or dataclass of the original, and scribbling
    over all of it leaves the original exactly as it was (copy on write: the cached state never changes)."""
    for engine, state in _states(name, f"typed-{name}"):
        before = pickle.dumps(state)
        private = copying.private_copy(state)
        hints = typing.get_type_hints(type(state))
        for f in dataclasses.fields(state):
            original = getattr(state, f.name)
            copied = getattr(private, f.name)
            assert copied == original, f.name
            if copying.read_only(hints[f.name]):  # shared: no action changes it (the test below)
                assert copied is original, f.name
                continue
            if f.metadata.get(copying.ONLY_LAST_CHANGES):  # the closed items are shared: the open one is private
                assert copied is not original and all(a is b for a, b in zip(copied[:-1], original[:-1])), f.name
                copied.append("scribbled")  # the list itself is the copy's own
                original, copied = original[-1:], copied[-2:-1]
            tp = hints[f.name]
            shared = set(_mutable_ids(original, tp)) & set(_mutable_ids(copied, tp))
            assert not shared, (f.name, [type(_mutable_ids(original, tp)[i]).__name__ for i in shared])
            _scribble(copied, tp)
        assert pickle.dumps(state) == before  # the original untouched by anything done to the copy
        copying.settle(private)
        assert type(private) is type(state)


@pytest.mark.parametrize(("name", "history"), [("kdyz_snim", "rounds"), ("night_watch", "nights")])
def test_a_history_whose_closed_items_are_shared_is_changed_only_in_its_last_item(name, history):
    """A list field marked ONLY_LAST_CHANGES (Když sním's rounds, Night Watch's nights: the rules reach the open
    round or tonight's record only) is copied
    sharing its earlier items: in random games, no action changes an earlier item of the state it applies to, nor
    adds or removes one, so sharing them between states is safe (and the states dump as before)."""
    marked = None
    for engine, state in _states(name, f"history-{name}"):
        if marked is None:
            marked = [f.name for f in dataclasses.fields(state) if f.metadata.get(copying.ONLY_LAST_CHANGES)]
        closed = {n: pickle.dumps(getattr(state, n)[:-1]) for n in marked}
        for action in _some_actions(engine, state):
            try:
                after, _ = engine.apply(state, action)
            except IllegalAction:
                continue
            for n in marked:
                assert pickle.dumps(getattr(state, n)[:-1]) == closed[n], n  # the original's closed items as they were
                assert getattr(after, n)[: len(getattr(state, n)) - 1] == getattr(state, n)[:-1], n
    assert marked == [history] and len(getattr(state, history)) > 1  # closed ones on the way


def _some_actions(engine, state, count: int = 3):
    """A few of the actions the players could take now (timeouts of timed prompts included)."""
    actions = [Action.timeout(p.id) for p in state.prompts if p.timeout is not None]
    for player in state.players:
        actions += engine.legal_actions(state, player)[:2]
    return random.Random(state.step).sample(actions, min(count, len(actions)))


@dataclasses.dataclass(kw_only=True)
class _OpenState(core.State):
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)


def test_a_field_the_annotation_leaves_open_is_copied_by_what_it_holds():
    """``extra: dict[str, Any]`` may hold anything (a counts mapping): copied all the way down."""
    state = _OpenState(players=PLAYERS, seed="open", options={})
    state.extra["nested"] = {"counts": [1, 2], "when": (3, [4])}
    private = copying.private_copy(state)
    private.extra["nested"]["counts"].append(9)
    private.extra["nested"]["when"][1].append(9)
    assert state.extra["nested"] == {"counts": [1, 2], "when": (3, [4])}


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_read_only_values_are_shared_and_no_action_changes_the_state_it_applies_to(name):
    """What is annotated ``Mapping`` (a game's options, a prompt's parameters) is read-only by its type, and a copy
    shares it (issue 27: copying it cost every action its share of cold memory). That is safe only if the rules
    never change such a value in place: in random games, no action, refused or applied, changes the state it
    applies to, and the options are the very same object afterwards."""
    assert copying.read_only(typing.Mapping[str, Any]) and not copying.read_only(dict[str, Any])
    applied = 0
    for engine, state in _states(name, f"read-only-{name}"):
        before = pickle.dumps(state)
        for action in _some_actions(engine, state):
            try:
                after, _ = engine.apply(state, action)
            except IllegalAction:
                continue
            applied += 1
            assert after.options is state.options
            assert pickle.dumps(state) == before, action
    assert applied > 10  # the game was played, not refused at its first step


def test_typed_copies_read_the_annotations_as_the_json_loader_does():
    """Immutable annotations are shared without a copy; containers get the cheapest copy their contents allow."""
    assert copying._copier(str) is None and copying._copier(int | None) is None and copying._copier(tuple[str, ...]) is None
    assert copying._copier(list[str]) is copying._list_copy and copying._copier(dict[str, int]) is copying._dict_copy
    assert copying._copier(core.Audience) is None  # a frozen value holding only immutable values
    nested = copying._copier(dict[str, list[str]])
    value = {"a": ["x"]}
    copied = nested(value)
    assert copied == value and copied["a"] is not value["a"]
