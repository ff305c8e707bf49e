"""Ghost at Home privacy invariants GH-P1 .. GH-P6 on chosen situations (the playouts check them at every step)."""

from __future__ import annotations

import json

import pytest

from engines.core import IllegalAction
from tests.engines.ghost_at_home.helpers import GH, Table, house
from tests.engines.ghost_at_home.privacy import check_privacy


def checked(t: Table, player: str, kind: str, **args):
    """Act and run the privacy hook on the transition."""
    before = t.s
    events = t.act(player, kind, **args)
    check_privacy(before, type("A", (), {"player": player, "kind": kind, "args": args})(), t.s, events)
    return events


def test_gh_p1_nobody_else_sees_a_hand_before_the_end():
    t = Table(3, hands={"p1": ["elevator", "ghost"], "p2": ["cat_food"], "p3": ["lightning"]})
    for viewer in (None, "p2", "p3"):
        text = json.dumps(GH.view(t.s, viewer)) + GH.describe(t.s, viewer)
        assert "elevator" not in text and GH.view(t.s, viewer)["hand_sizes"]["p1"] == 2
    public = [e for e in t.events if e.audience.is_public]
    assert "elevator" not in json.dumps([dict(e.params) for e in public])
    assert "elevator" in GH.describe(t.s, "p1")


def test_gh_p2_discarded_faces_reach_only_their_owner():
    t = Table(2, hands={"p1": ["space_hole", "cat"], "p2": ["room1"]})
    events = checked(t, "p1", "discard", cards=["space_hole"])
    for e in events:
        if "space_hole" in json.dumps(dict(e.params)):
            assert e.audience.players == ("p1",)
    assert "space_hole" not in json.dumps(GH.view(t.s, "p2")) and GH.view(t.s, None)["discard_size"] == 1


def test_gh_p3_played_cards_are_public():
    t = Table(2, hands={"p1": ["room3", "room2", "ghost"], "p2": ["room1"]})
    events = checked(t, "p1", "light", floor=1, cards=["room3", "room2"])
    light = next(e for e in events if e.key == "gh.light_on")
    assert light.audience.is_public and light.params["cards"] == ["room2", "room3"]


@pytest.mark.parametrize("hand", [["cat"], ["room1", "room1"], []])
def test_gh_p4_the_cat_window_looks_the_same_whatever_the_hand(hand):
    def public_after_ghost(defender_hand):
        t = Table(2, hands={"p1": ["ghost"], "p2": defender_hand}, houses={"p2": house("room1 -")})
        events = checked(t, "p1", "ghost", target="p2", floor=1, side="left")
        return [(e.key, dict(e.params)) for e in events if e.audience.is_public], t.s.prompts

    assert public_after_ghost(hand) == public_after_ghost(["room3"])


@pytest.mark.parametrize("hand", [["ghost"], ["cat", "cat"], []])
def test_gh_p4_the_escape_windows_look_the_same_whatever_the_hands(hand):
    def public_after_escape(opponent_hand):
        t = Table(
            3,
            hands={"p1": ["room3"], "p2": opponent_hand, "p3": opponent_hand},
            houses={"p1": house("room1 room1", "room2 room2", "room3 -")},
        )
        events = checked(t, "p1", "rooms", cards=["room3"], floors=[3])
        return [(e.key, dict(e.params)) for e in events if e.audience.is_public], t.s.prompts

    assert public_after_escape(hand) == public_after_escape(["room1"])


def test_gh_p5_choices_and_refusals_go_to_the_acting_player_only():
    t = Table(2, hands={"p1": ["ghost", "room2"], "p2": ["cat"]})
    assert {a.player for a in t.legal("p1")} == {"p1"}
    assert {a.kind for a in t.legal("p2")} == {"leave"}  # p2 learns nothing of p1's options
    before = len(t.events)
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "rooms", cards=["room2"], floors=[2])
    assert err.value.code == "lower_floors_first" and len(t.events) == before  # refused without any event


def test_gh_p6_no_deck_order_or_seed_before_the_end():
    t = Table(2, hands={"p1": ["room1"], "p2": ["room1"]}, deck=["elevator", "cat", "ghost"], seed="s3cret")
    for viewer in (None, "p1"):
        view = GH.view(t.s, viewer)
        assert "s3cret" not in json.dumps(view) and view["deck_size"] == 3
    assert all("s3cret" not in json.dumps(dict(e.params)) for e in t.events)
    t.host("end")
    assert GH.view(t.s, None)["seed"] == "s3cret"
