"""The action codec and the controls, on their own: exact round trips, the long-id fallback, refusals."""

from __future__ import annotations

import pytest

from bot import controls as ctl
from bot import decoder
from engines.core import Action

LABELS = ctl.Labels(kind=str, value=lambda arg, value: str(value))


@pytest.mark.parametrize(
    "args",
    [
        {},
        {"target": "1000"},  # a string of digits stays a string
        {"floor": 2, "side": "left"},
        {"cards": ["room3", "room3", "cat"], "floor": -1},
        {"text": None},
        {"flag": True, "other": False},
        {"hex": "-2,0", "weird": "a;b=c,[d]'e%f:g"},
        {"nested": [[1, "2"], []]},
    ],
)
def test_an_action_round_trips_with_its_types(args):
    code = ctl.encode("kind_x", args)
    assert ":" not in code  # a custom id's separators never appear inside a code
    decoded = ctl.decode(code)
    assert decoded.kind == "kind_x" and dict(decoded.args) == args
    assert [type(v) for v in decoded.args.values()] == [type(v) for v in args.values()]


@pytest.mark.parametrize("garbage", ["", ";", "vote;target", "vote;target=", "vote;target=x", "vote;=1", "vote;t=[1,", "vote;t='a%zz", "bad kind"])
def test_garbage_never_decodes_to_an_action(garbage):
    with pytest.raises(ctl.CodecError):
        ctl.decode(garbage)


def test_an_over_long_id_falls_back_to_the_actions_hash_checked_against_the_legal_actions():
    legal = [Action("p", "turn#1", "play", {"card": "x" * 120, "n": i}) for i in range(3)]
    cid = ctl.custom_id("nc", 1, "turn#1", ctl.encode("play", legal[2].args), legal=legal, action=legal[2])
    assert len(cid) <= 100 and cid.split(":")[3].startswith("@")
    code = ctl.ControlId.parse(cid).code
    assert ctl.to_action(ctl.resolve(code, legal), legal) == legal[2]
    # the list's order does not matter (a presenter may offer a filtered list), only the action itself
    assert ctl.to_action(ctl.resolve(code, legal[::-1]), legal) == legal[2]
    # the game moved on and the action is gone: refused as stale, never another action
    with pytest.raises(ctl.CodecError, match="stale"):
        ctl.resolve(code, [legal[0], legal[1], Action("p", "turn#1", "play", {"card": "y", "n": 2})])


def test_a_long_partial_in_a_picker_id_falls_back_to_a_hash_and_the_arguments_it_keeps():
    """GH's ghost targets carry player ids and rooms: the picker's ids (next step, back, pages) stay within 100
    characters and bring back exactly the partial they stood for."""
    long = "9" * 40
    legal = [
        Action("p", "turn#12", "ghost", {"card": "ghost", "target": long + str(t), "room": r, "floor": f})
        for t in range(2) for r in ("attic" * 6, "cellar" * 6) for f in (1, 2)
    ]
    partial = ctl.Partial("ghost", {"card": "ghost", "target": long + "1", "room": "cellar" * 6})
    cid = ctl.picker_id(123456789012345678, "turn#12", 0, partial, legal, "b")
    assert len(cid) <= 100 and cid.endswith(":b")
    parsed = ctl.ControlId.parse(cid)
    assert parsed.code.startswith("@") and ctl.resolve(parsed.code, legal) == partial
    # every id the picker makes fits, and clicking through it reaches every legal action
    labels = ctl.Labels(kind=str, value=lambda arg, value: str(value)[:20])
    for step_partial in (ctl.Partial("ghost"), partial):
        step = ctl.picker(123456789012345678, "turn#12", legal, step_partial, labels)
        assert all(len(c["custom_id"]) <= 100 for row in step.components for c in row["components"])
    assert sorted(map(repr, decoder.reachable(123456789012345678, "turn#12", legal, labels))) == sorted(map(repr, legal))


def test_the_picker_offers_only_legal_continuations_step_by_step():
    """card -> target -> direction: each step lists what some legal action still has, and ends in one action."""
    legal = [
        Action("p", "t#1", "play", {"card": c, "target": t, "direction": d})
        for c, t, d in [("a", "x", "up"), ("a", "x", "down"), ("a", "y", "up"), ("b", "z", "left")]
    ]
    step = ctl.picker(1, "t#1", legal, ctl.Partial("play"), LABELS)
    assert step.asking == "card" and [b["label"] for b in step.components[0]["components"]] == ["a", "b"]
    step = ctl.picker(1, "t#1", legal, ctl.Partial("play", {"card": "a"}), LABELS)
    assert step.asking == "target" and [b["label"] for b in step.components[0]["components"]] == ["x", "y"]
    # a choice that leaves one action completes it (an nc: button), with a way back
    labels = {b["label"]: b["custom_id"] for row in step.components for b in row["components"]}
    assert labels["y"].startswith("nc:") and labels["↩"].startswith("np:")
    assert {a.args["card"] for a in decoder.reachable(1, "t#1", legal, LABELS)} == {"a", "b"}
    assert len(decoder.reachable(1, "t#1", legal, LABELS)) == 4


def test_a_list_to_choose_is_a_multi_select_matched_against_the_legal_lists():
    hand = ["r1", "r2", "r3", "cat", "r1"]
    import itertools

    lists = {tuple(sorted(c)) for k in (1, 2) for c in itertools.combinations(hand, k)}
    legal = [Action("p", "t#1", "discard", {"cards": list(c)}) for c in sorted(lists)]
    step = ctl.picker(1, "t#1", legal, ctl.Partial("discard"), LABELS)
    (select,) = step.components[0]["components"]
    assert select["custom_id"].startswith("nx:") and (select["min_values"], select["max_values"]) == (1, 2)
    assert sorted(o["label"] for o in select["options"]) == sorted(hand)  # both r1 cards are offered
    both = [o["value"] for o in select["options"] if o["label"] == "r1"]
    chosen = ctl.pick_from_pool(ctl.Partial("discard"), "cards", both, legal)  # one r1 and the other
    assert sorted(chosen.args["cards"]) == ["r1", "r1"]
    with pytest.raises(ctl.CodecError):
        ctl.pick_from_pool(ctl.Partial("discard"), "cards", ["9"], legal)


def test_free_text_opens_a_modal_and_is_filled_from_it():
    legal = [Action("p", "c#1", "clue", {"text": None}), Action("p", "c#1", "pass")]
    rows = ctl.controls(1, "c#1", legal, LABELS)
    ids = [b["custom_id"] for row in rows for b in row["components"]]
    assert ids[0].startswith("nm:") and ids[1].startswith("nc:")
    filled = ctl.fill_text(legal[0], {"text": "moon"})
    assert filled.args == {"text": "moon"}


def test_controls_fit_discord_however_many_kinds():
    legal = [Action("p", "t#1", f"kind{k}", {"target": str(t)}) for k in range(12) for t in range(30)]
    rows = ctl.controls(1, "t#1", legal, LABELS)
    assert len(rows) <= 5 and all(len(r["components"]) <= 5 for r in rows)
    assert len(decoder.reachable(1, "t#1", legal, LABELS)) == len(legal)
