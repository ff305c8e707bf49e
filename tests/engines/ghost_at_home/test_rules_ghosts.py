"""Ghost at Home: ghosts, cats, lights and the special cards (GH-12 .. GH-25)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import IllegalAction
from engines.ghost_at_home.house import House
from tests.engines.ghost_at_home.helpers import GH, Table, house


def ghost_targets(t: Table, player: str) -> set[tuple[str, int, str]]:
    return {(a.args["target"], a.args["floor"], a.args["side"]) for a in t.legal(player) if a.kind == "ghost"}


# -- ghosts (GH-12, GH-13) ------------------------------------------------------------------------------------


def test_gh_12_a_ghost_targets_a_room_without_ghost_on_the_highest_explored_floor():
    t = Table(
        3,
        hands={"p1": ["ghost"], "p2": ["room1"], "p3": ["room1"]},
        houses={"p2": house("room1 room1", "*room2+ghost room2+cat"), "p3": house("room1 -")},
    )
    # p2: floor 2 is the highest explored; its left room has a ghost, its right room a cat (allowed)
    # p3: floor 1, left room only (an empty slot is never a target); the attacker picks opponent and room
    assert ghost_targets(t, "p1") == {("p2", 2, "right"), ("p3", 1, "left")}
    for bad in ({"target": "p2", "floor": 1, "side": "left"}, {"target": "p3", "floor": 1, "side": "right"}):
        with pytest.raises(IllegalAction) as err:
            t.act("p1", "ghost", **bad)
        assert err.value.code == "bad_room"
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "ghost", target="p1", floor=1, side="left")
    assert err.value.code == "bad_target"


def test_gh_12_no_ghost_play_without_a_target():
    t = Table(2, hands={"p1": ["ghost", "room1"], "p2": ["room1"]}, houses={"p2": house("*room1+ghost -")})
    assert "ghost" not in t.legal_kinds("p1")
    with pytest.raises(IllegalAction):
        t.act("p1", "ghost", target="p2", floor=1, side="right")


def test_gh_13_step_1_a_cat_on_the_room_stops_the_ghost_without_a_window():
    t = Table(2, hands={"p1": ["ghost"], "p2": ["cat", "room1"]}, houses={"p2": house("room1+cat room1")})
    events = t.act("p1", "ghost", target="p2", floor=1, side="left")
    assert "gh.waiting" not in t.keys(events) and "gh.ghost_met_cat" in t.keys(events)
    assert t.house("p2") == house("room1 room1")
    assert Counter(t.s.discard) == Counter(["ghost", "cat"])
    assert t.s.phase == "turn" and t.s.current == "p2"


def test_gh_13_a_ghost_on_a_dark_floor_wipes_it():
    t = Table(2, hands={"p1": ["ghost"], "p2": ["room1"]}, houses={"p2": house("room1 room1", "room2 joker_room")})
    t.act("p1", "ghost", target="p2", floor=2, side="right")
    assert t.s.phase == "cat_window"
    t.act("p2", "no_cat")
    assert t.house("p2") == house("room1 room1")
    wiped = t.last("gh.floor_wiped")
    assert wiped.params == {
        "player": "p2",
        "floor": 2,
        "cards": ["room2", "ghost", "joker_room"],
        "light_off": False,
    }
    assert Counter(t.s.discard) == Counter(["room2", "joker_room", "ghost"])


def test_gh_13_a_ghost_on_a_lit_floor_rests_and_the_second_wipes_it_and_turns_the_light_off():
    t = Table(2, hands={"p1": ["ghost", "ghost"], "p2": ["room3"]}, houses={"p2": house("*room1 room1")}, deck=["ghost"])
    t.act("p1", "ghost", target="p2", floor=1, side="left")
    t.act("p2", "no_cat")
    assert t.house("p2") == house("*room1+ghost room1")
    assert t.last("gh.ghost_rests").params == {"player": "p2", "floor": 1, "side": "left"}
    t.act("p2", "discard", cards=["room3"])
    t.act("p1", "ghost", target="p2", floor=1, side="right")
    t.act("p2", "no_cat")
    assert t.house("p2") == House.empty()
    assert t.last("gh.floor_wiped").params["light_off"] is True


def test_gh_13_a_ghost_arrives_at_the_chosen_room_even_beside_a_cat():
    t = Table(2, hands={"p1": ["ghost"], "p2": ["room1"]}, houses={"p2": house("*room1+cat room1")})
    t.act("p1", "ghost", target="p2", floor=1, side="right")
    t.act("p2", "no_cat")
    assert t.house("p2") == house("*room1+cat room1+ghost")


def test_gh_14_the_engine_invariants_catch_broken_houses():
    t = Table(2, hands={"p1": ["room1"], "p2": ["room1"]})
    for broken in (
        house("room1+ghost room1"),  # a ghost on a dark floor
        house("*room1+ghost room1+ghost"),  # two ghosts on one floor
        house("room1 -", "room2 -"),  # a floor below the highest explored is not full
    ):
        t.s.houses["p2"] = broken
        with pytest.raises(AssertionError, match="GH-14"):
            GH.check_invariants(t.s)


# -- cats (GH-15 .. GH-17) ------------------------------------------------------------------------------------


def test_gh_15_a_cat_goes_on_one_of_your_own_free_rooms():
    t = Table(
        2,
        hands={"p1": ["cat"], "p2": ["room1"]},
        houses={"p1": house("*room1+ghost room1", "room2 -"), "p2": house("room1 -")},
    )
    spots = {(a.args["floor"], a.args["side"]) for a in t.legal("p1") if a.kind == "cat"}
    assert spots == {(1, "right"), (2, "left")}
    for floor, side in ((1, "left"), (2, "right"), (3, "left")):
        with pytest.raises(IllegalAction) as err:
            t.act("p1", "cat", floor=floor, side=side)
        assert err.value.code == "bad_room"
    t.act("p1", "cat", floor=2, side="left")
    assert t.house("p1").occupants[2] == "cat"
    assert t.last("gh.cat_played").params == {"player": "p1", "floor": 2, "side": "left"}


def test_gh_15_a_placed_cat_guards_once():
    t = Table(
        2, hands={"p1": ["ghost", "ghost"], "p2": ["room1"]}, houses={"p2": house("room1+cat room1")}, deck=["room1"]
    )
    t.act("p1", "ghost", target="p2", floor=1, side="left")  # met by the cat: both go
    t.act("p2", "discard", cards=["room1"])
    t.act("p1", "ghost", target="p2", floor=1, side="left")  # the room is unguarded now
    assert t.s.phase == "cat_window"


def test_gh_16_a_cat_from_the_hand_answers_a_ghost_and_both_are_discarded():
    t = Table(
        2,
        hands={"p1": ["ghost", "room1"], "p2": ["cat", "room1", "room1"]},
        houses={"p2": house("room1 room1")},
        deck=["room2", "room3", "room3"],
    )
    t.act("p1", "ghost", target="p2", floor=1, side="left")
    t.act("p2", "answer_cat")
    assert t.house("p2") == house("room1 room1")  # the cat is not placed in the house
    assert Counter(t.s.discard) == Counter(["cat", "ghost"])
    assert t.last("gh.cat_answered").params == {"player": "p2", "attacker": "p1"}
    # no replacement for the cat now: p1's turn ends (p1 draws), then p2 plays with two cards
    assert t.s.current == "p2" and t.hand("p2") == Counter(["room1", "room1"])
    assert len(t.s.hands["p1"]) == 3


def test_gh_16_answering_needs_a_cat_in_hand():
    t = Table(2, hands={"p1": ["ghost"], "p2": ["room1"]}, houses={"p2": house("room1 -")})
    t.act("p1", "ghost", target="p2", floor=1, side="left")
    assert t.legal_kinds("p2") == {"no_cat", "leave"}
    with pytest.raises(IllegalAction) as err:
        t.act("p2", "answer_cat")
    assert err.value.code == "no_card"


@pytest.mark.parametrize("defender_hand", [["cat"], ["room1"], []])
def test_gh_17_the_reaction_window_always_opens_for_the_defender_alone(defender_hand):
    t = Table(
        2, hands={"p1": ["ghost"], "p2": defender_hand}, houses={"p2": house("room1 -")}, reaction_seconds=25
    )
    events = t.act("p1", "ghost", target="p2", floor=1, side="left")
    prompt = t.prompt
    assert (prompt.kind, prompt.players, prompt.timeout, prompt.key) == ("reaction", ("p2",), 25, "gh.prompt_cat")
    waiting = [e for e in events if e.key == "gh.waiting"]
    assert [(e.params, e.audience.is_public) for e in waiting] == [({"player": "p2", "window": "cat"}, True)]
    assert t.legal_kinds("p1") == {"leave"}  # nothing else in the game moves meanwhile


def test_gh_17_no_answer_means_no_cat():
    t = Table(2, hands={"p1": ["ghost"], "p2": ["cat"]}, houses={"p2": house("room1 -")})
    t.act("p1", "ghost", target="p2", floor=1, side="left")
    t.timeout()
    assert t.house("p2") == House.empty() and t.hand("p2") == Counter(["cat"])


def test_gh_17_only_the_defender_answers():
    t = Table(3, hands={"p1": ["ghost"], "p2": ["cat"], "p3": ["cat"]}, houses={"p2": house("room1 -")})
    t.act("p1", "ghost", target="p2", floor=1, side="left")
    for player in ("p1", "p3"):
        with pytest.raises(IllegalAction) as err:
            t.act(player, "answer_cat")
        assert err.value.code == "not_your_window"


# -- light (GH-18, GH-19, GH-22) -------------------------------------------------------------------------------


def test_gh_18_a_light_costs_two_or_three_cards_with_five_bulbs_paid_face_up():
    t = Table(2, hands={"p1": ["room3", "room2", "room1"], "p2": ["room1"]})
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "light", floor=1, cards=["room3", "room1"])
    assert err.value.code == "not_enough_bulbs" and err.value.params == {"bulbs": 4, "needed": 5}
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "light", floor=1, cards=["room3"])
    assert err.value.code == "light_cost"
    payments = {tuple(a.args["cards"]) for a in t.legal("p1") if a.kind == "light"}
    assert payments == {("room2", "room3"), ("room1", "room2", "room3")}
    t.act("p1", "light", floor=1, cards=["room3", "room2"])
    assert t.house("p1").lit == [True, False, False] and "room3" not in t.hand("p1")
    light = t.last("gh.light_on")
    assert light.audience.is_public and light.params == {"player": "p1", "floor": 1, "cards": ["room2", "room3"]}
    assert Counter(t.s.discard) == Counter(["room3", "room2"])


def test_gh_18_which_floors_can_be_lit():
    t = Table(2, hands={"p1": ["room3", "room3"], "p2": ["room1"]}, houses={"p1": house("room1 room1", "room2 -")})
    floors = {a.args["floor"] for a in t.legal("p1") if a.kind == "light"}
    assert floors == {1, 2}  # floor 2 needs no rooms of its own; floor 3 waits for floor 2 to be full
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "light", floor=3, cards=["room3", "room3"])
    assert err.value.code == "cannot_light"
    t2 = Table(2, hands={"p1": ["room3", "room3"], "p2": ["room1"]}, houses={"p1": house("*room1 -")})
    with pytest.raises(IllegalAction) as err:  # already lit
        t2.act("p1", "light", floor=1, cards=["room3", "room3"])
    assert err.value.code == "cannot_light"


def test_gh_19_a_lit_floor_stays_lit_when_a_floor_below_is_wiped():
    t = Table(
        2,
        hands={"p1": ["ghost", "ghost"], "p2": ["room1"]},
        houses={"p2": house("*room1+ghost room1", "*")},
        deck=["room1"],
    )
    t.act("p1", "ghost", target="p2", floor=1, side="right")  # the second ghost on lit floor 1
    t.act("p2", "no_cat")
    assert t.house("p2").lit == [False, True, False]


def test_gh_19_a_light_goes_off_only_by_two_ghosts_or_lightning():
    t = Table(2, hands={"p1": ["ghost"], "p2": ["room1"]}, houses={"p2": house("*room1 room1")})
    t.act("p1", "ghost", target="p2", floor=1, side="left")
    t.act("p2", "no_cat")
    assert t.house("p2").is_lit(1)  # one ghost: still lit


def test_gh_22_light_bulb_lights_a_floor_for_free():
    t = Table(2, hands={"p1": ["light_bulb", "room1"], "p2": ["room1"]}, houses={"p1": house("room1 room1")})
    assert {a.args["floor"] for a in t.legal("p1") if a.kind == "light_bulb"} == {1, 2}
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "light_bulb", floor=3)
    assert err.value.code == "cannot_light"
    t.act("p1", "light_bulb", floor=2)
    assert t.house("p1").lit == [False, True, False] and "light_bulb" not in t.hand("p1")
    assert t.s.discard == ["light_bulb"]


# -- special cards (GH-20 .. GH-26) ----------------------------------------------------------------------------


def test_gh_20_a_special_without_a_legal_target_cannot_be_played():
    t = Table(
        2,
        hands={"p1": ["space_hole", "cat_food", "elevator"], "p2": ["lightning", "light_bulb", "room1"]},
        houses={"p1": house("*room1 room1", "*room2 room2", "*room3 -")},
    )
    # no ghost of mine to move, no cat anywhere to feed or carry (and every floor of mine is already lit)
    assert t.legal_kinds("p1") == {"discard", "leave"}
    with pytest.raises(IllegalAction):
        t.act("p1", "elevator", from_floor=1, from_side="left", floor=2, side="left")
    t.act("p1", "discard", cards=["space_hole"])
    # p1's lit top floor is a Lightning target, and p2's dark floor 1 can take the bulb
    assert t.legal_kinds("p2") == {"lightning", "light_bulb", "light", "rooms", "discard", "leave"}


def test_gh_20_the_joker_room_is_not_a_special_action():
    t = Table(2, hands={"p1": ["joker_room"], "p2": ["room1"]})
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "joker_room")
    assert err.value.code == "bad_action"


def test_gh_21_space_hole_moves_your_resting_ghost_to_an_opponent():
    t = Table(
        2,
        hands={"p1": ["space_hole"], "p2": ["room1"]},
        houses={"p1": house("*room1+ghost room1"), "p2": house("room1 room1", "room2 -")},
    )
    assert {(a.args["from_floor"], a.args["target"], a.args["floor"], a.args["side"]) for a in t.legal("p1")
            if a.kind == "space_hole"} == {(1, "p2", 2, "left")}
    t.act("p1", "space_hole", from_floor=1, target="p2", floor=2, side="left")
    assert t.house("p1") == house("*room1 room1")  # the room it left stays
    assert t.s.phase == "cat_window" and t.prompt.players == ("p2",)
    t.act("p2", "no_cat")
    assert t.house("p2") == house("room1 room1")  # a dark floor: wiped
    assert "space_hole" in t.s.discard


def test_gh_21_space_hole_ghost_meets_a_guarding_cat():
    t = Table(
        2,
        hands={"p1": ["space_hole"], "p2": ["room1"]},
        houses={"p1": house("*room1+ghost room1"), "p2": house("room1+cat -")},
    )
    t.act("p1", "space_hole", from_floor=1, target="p2", floor=1, side="left")
    assert t.house("p2") == house("room1 -") and Counter(t.s.discard) == Counter(["space_hole", "ghost", "cat"])


def test_gh_21_space_hole_needs_a_ghost_of_yours():
    t = Table(2, hands={"p1": ["space_hole"], "p2": ["room1"]}, houses={"p2": house("room1 -")})
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "space_hole", from_floor=1, target="p2", floor=1, side="left")
    assert err.value.code == "no_ghost_here"


def test_gh_23_cat_food_takes_an_opponents_cat_and_no_one_can_answer():
    t = Table(
        3,
        hands={"p1": ["cat_food"], "p2": ["cat"], "p3": ["room1"]},
        houses={"p1": house("room1 room1+cat"), "p2": house("room1 room1+cat")},
    )
    moves = {(a.args["from_player"], a.args["from_floor"], a.args["from_side"], a.args["floor"], a.args["side"])
             for a in t.legal("p1") if a.kind == "cat_food"}
    assert moves == {("p2", 1, "right", 1, "left")}
    events = t.act("p1", "cat_food", from_player="p2", from_floor=1, from_side="right", floor=1, side="left")
    assert t.house("p1") == house("room1+cat room1+cat") and t.house("p2") == house("room1 room1")
    assert "gh.waiting" not in t.keys(events) and t.s.current == "p2"


def test_gh_24_elevator_moves_your_cat_to_another_floor():
    t = Table(2, hands={"p1": ["elevator"], "p2": ["room1"]}, houses={"p1": house("room1+cat room1", "room2 -")})
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "elevator", from_floor=1, from_side="left", floor=1, side="right")
    assert err.value.code == "same_floor"
    t.act("p1", "elevator", from_floor=1, from_side="left", floor=2, side="left")
    assert t.house("p1") == house("room1 room1", "room2+cat -")


def test_gh_25_lightning_turns_an_opponents_lit_top_floor_dark():
    t = Table(
        3,
        hands={"p1": ["lightning"], "p2": ["room1"], "p3": ["room1"]},
        houses={"p2": house("*room1 room1", "*room2 -"), "p3": house("*room1 room1", "room2 -")},
    )
    assert {a.args["target"] for a in t.legal("p1") if a.kind == "lightning"} == {"p2"}
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "lightning", target="p3")
    assert err.value.code == "not_lit"
    events = t.act("p1", "lightning", target="p2")
    assert t.house("p2").lit == [True, False, False] and "gh.floor_wiped" not in t.keys(events)


def test_gh_25_lightning_on_a_floor_with_a_resting_ghost_wipes_it_and_no_cat_answers():
    t = Table(
        2, hands={"p1": ["lightning"], "p2": ["cat"]}, houses={"p2": house("room1 room1", "*room2+ghost room2+cat")}
    )
    events = t.act("p1", "lightning", target="p2")
    assert "gh.waiting" not in t.keys(events)
    assert t.house("p2") == house("room1 room1")
    assert t.last("gh.floor_wiped").params["cards"] == ["room2", "room2", "ghost", "cat"]
    assert t.s.current == "p2"
