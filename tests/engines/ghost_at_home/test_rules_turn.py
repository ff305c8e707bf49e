"""Ghost at Home: cards, setup, the turn, rooms, discarding and drawing (GH-1 .. GH-11, GH-26 .. GH-28)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.core import Action, IllegalAction
from engines.ghost_at_home.cards import CARDS, DATA_FILE, HAND_SIZE, LIGHT_COST, bulbs, full_deck
from engines.ghost_at_home.house import House
from tests.engines.ghost_at_home.helpers import GH, Table, house

# -- cards (GH-1, GH-2) ---------------------------------------------------------------------------------------


def test_gh_1_deck_is_53_cards_46_basic_and_7_special():
    deck = Counter(full_deck())
    assert sum(deck.values()) == 53
    assert deck["room1"] == 12 and deck["room2"] == 10 and deck["room3"] == 10
    assert deck["ghost"] == 8 and deck["cat"] == 6
    basic = deck["room1"] + deck["room2"] + deck["room3"] + deck["ghost"] + deck["cat"]
    assert basic == 46
    specials = ("space_hole", "light_bulb", "cat_food", "elevator", "lightning", "joker_room")
    assert sum(deck[c] for c in specials) == 7 and deck["joker_room"] == 2


def test_gh_1_a_dealt_game_holds_every_card_once():
    state, _ = GH.setup(["a", "b", "c", "d"], {}, seed=11)
    cards = Counter(state.deck) + Counter(c for h in state.hands.values() for c in h)
    assert cards == Counter(full_deck()) and state.card_total == 53


def test_gh_2_bulb_icons_and_light_cost_come_from_the_data_file():
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    for entry in raw["cards"]:
        card = CARDS[entry["id"]]
        assert (card.count, card.bulbs, card.floor) == (entry["count"], entry["bulbs"], entry["floor"])
    assert (LIGHT_COST.min_cards, LIGHT_COST.max_cards, LIGHT_COST.min_bulbs) == (2, 3, 5)
    assert HAND_SIZE == raw["hand_size"] == 3
    # the rules file's defaults: a floor-3 room with a floor-2 room, or a special with a floor-2 room, pay a light
    assert bulbs(["room3", "room2"]) == 5 and bulbs(["cat_food", "room2"]) == 5
    assert bulbs(["room1", "room2", "room2"]) == 5 and bulbs(["room3", "room1"]) == 4


# -- setup (GH-3 .. GH-6) -------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 5])
def test_gh_3_two_to_four_players(count):
    with pytest.raises(IllegalAction) as err:
        GH.setup([f"p{i}" for i in range(count)], {}, seed=1)
    assert err.value.code == "player_count"


def test_gh_3_seat_one_starts_and_turns_go_round_in_seat_order():
    t = Table(3, hands={p: ["ghost"] * 3 for p in ("p1", "p2", "p3")}, deck=["room1"] * 20)
    order = []
    for _ in range(4):
        order.append(t.s.current)
        t.act(t.s.current, "discard", cards=["ghost"])
    assert order == ["p1", "p2", "p3", "p1"]


def test_gh_4_setup_deals_three_each_in_seat_order_and_empty_dark_houses():
    deck = ["room1", "room2", "room3", "ghost", "cat", "elevator", "room1", "room1"]
    players = ["a", "b"]
    state, events = GH.setup(players, {}, seed=1, overrides={"deck": deck})
    assert Counter(state.hands["a"]) == Counter(deck[:3]) and Counter(state.hands["b"]) == Counter(deck[3:6])
    assert state.deck == ["room1", "room1"]
    for p in players:
        assert state.houses[p] == House.empty()
        assert not any(state.houses[p].lit)
    private = [e for e in events if e.key == "gh.your_hand"]
    assert [e.audience.players for e in private] == [("a",), ("b",)]


def test_gh_4_the_shuffle_follows_the_seed():
    a, _ = GH.setup(["a", "b"], {}, seed=3)
    b, _ = GH.setup(["a", "b"], {}, seed=3)
    c, _ = GH.setup(["a", "b"], {}, seed=4)
    assert a == b and (a.deck, a.hands) != (c.deck, c.hands)


def test_gh_5_highest_explored_full_complete_and_free_rooms():
    h = house("room1 room1+cat", "*room2+ghost -")
    assert h.highest_explored() == 2 and h.is_full(1) and not h.is_full(2) and not h.is_complete()
    assert h.free_rooms() == [0] and h.is_lit(2) and not h.is_lit(1)
    assert House.empty().highest_explored() is None
    assert house(*("room1 room1", "room2 room2", "room3 room3")).is_complete()


def test_gh_5_wiping_a_floor_takes_its_rooms_ghosts_and_cats_and_turns_it_dark():
    h = house("room1 room1", "*room2+cat joker_room+ghost")
    gone = h.wipe(2)
    assert Counter(gone) == Counter(["room2", "cat", "joker_room", "ghost"])
    assert h.rooms_on(2) == 0 and not h.is_lit(2) and h.highest_explored() == 1


def test_gh_6_views_show_houses_and_sizes_and_only_your_own_hand():
    t = Table(2, hands={"p1": ["ghost", "room1"], "p2": ["cat"]}, houses={"p2": house("room1 -")}, deck=["room3"])
    spectator = GH.view(t.s, None)
    assert spectator["hand_sizes"] == {"p1": 2, "p2": 1}
    assert spectator["deck_size"] == 1 and spectator["discard_size"] == 0
    assert spectator["houses"]["p2"]["rooms"][:2] == ["room1", None]
    assert "hand" not in spectator and "hands" not in spectator
    mine = GH.view(t.s, "p1")
    assert mine["hand"] == ["room1", "ghost"] and "cat" not in json.dumps(mine)


# -- the turn (GH-7 .. GH-9) ----------------------------------------------------------------------------------


def test_gh_7_one_action_then_the_turn_passes():
    t = Table(2, hands={"p1": ["room1", "room1", "ghost"], "p2": ["room2"]})
    t.act("p1", "rooms", cards=["room1"], floors=[1])
    assert t.s.current == "p2" and t.s.phase == "turn"


def test_gh_7_an_illegal_action_is_refused_and_changes_nothing():
    t = Table(2, hands={"p1": ["room2", "ghost", "cat"], "p2": ["room1"]})
    before = GH.dump(t.s)
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "rooms", cards=["room2"], floors=[2])
    assert err.value.code == "lower_floors_first"
    assert GH.dump(t.s) == before and t.s.current == "p1"
    t.act("p1", "discard", cards=["room2"])  # and the player chooses again
    assert t.s.current == "p2"


def test_gh_7_a_player_with_an_empty_hand_passes():
    t = Table(3, hands={"p1": ["room1"], "p3": ["room1"]})
    t.act("p1", "rooms", cards=["room1"], floors=[1])
    assert t.last("gh.turn_passed").params == {"player": "p2"}
    assert t.last("gh.drew").params == {"player": "p2", "count": 3}  # GH-9 still applies to the passed turn
    assert t.s.current == "p3"


def test_gh_7_a_turn_offers_every_action_kind_the_hand_allows():
    t = Table(
        2,
        hands={"p1": ["room1", "ghost", "cat"], "p2": ["room1"]},
        houses={"p1": house("room1 -"), "p2": house("room1 -")},
    )
    assert t.legal_kinds("p1") == {"rooms", "ghost", "cat", "discard", "leave"}


def test_gh_8_out_of_turn_a_player_can_only_leave():
    t = Table(2, hands={"p1": ["room1"], "p2": ["room1", "ghost", "cat"]}, houses={"p1": house("room1 -")})
    assert t.legal_kinds("p2") == {"leave"}
    with pytest.raises(IllegalAction) as err:
        t.act("p2", "ghost", target="p1", floor=1, side="left")
    assert err.value.code == "not_your_turn"


def test_gh_9_end_of_turn_draws_up_to_three():
    t = Table(2, hands={"p1": ["room1", "room1", "room1"], "p2": ["cat"]}, deck=["ghost", "room2", "room3"])
    t.act("p1", "rooms", cards=["room1", "room1"], floors=[1, 1])
    assert t.hand("p1") == Counter(["room1", "ghost", "room2"])
    assert t.last("gh.drew").params == {"player": "p1", "count": 2}
    assert t.s.current == "p2"


def test_gh_9_a_complete_house_does_not_draw_but_tries_to_escape():
    t = Table(
        2,
        hands={"p1": ["room3", "room1"], "p2": ["cat"]},
        houses={"p1": house("room1 room1", "room2 room2", "room3 -")},
        deck=["ghost", "ghost"],
    )
    t.act("p1", "rooms", cards=["room3"], floors=[3])
    assert "gh.drew" not in t.keys() and t.hand("p1") == Counter(["room1"])
    assert t.s.phase == "escape_window" and t.s.escape.escaper == "p1"


# -- rooms (GH-10, GH-11, GH-26) ------------------------------------------------------------------------------


def test_gh_10_a_room_goes_only_on_its_own_floor():
    t = Table(2, hands={"p1": ["room1", "room1", "room2"], "p2": ["cat"]}, houses={"p1": house("room1 room1")})
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "rooms", cards=["room1"], floors=[2])
    assert err.value.code == "wrong_floor"
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "rooms", cards=["room1"], floors=[1])
    assert err.value.code == "floor_full"
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "rooms", cards=["room2", "room2"], floors=[2, 2])
    assert err.value.code == "no_card"
    t.act("p1", "rooms", cards=["room2"], floors=[2])
    assert t.house("p1").rooms[2:4] == ["room2", ""]


def test_gh_10_only_room_cards_are_rooms():
    t = Table(2, hands={"p1": ["cat"], "p2": ["cat"]})
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "rooms", cards=["cat"], floors=[1])
    assert err.value.code == "not_a_room"


def test_gh_10_gh_26_a_joker_room_fits_any_floor_and_counts_as_that_floors_room():
    t = Table(2, hands={"p1": ["joker_room", "room2", "room2"], "p2": ["cat"]}, houses={"p1": house("room1 -")})
    t.act("p1", "rooms", cards=["joker_room", "room2", "room2"], floors=[1, 2, 2])
    assert t.house("p1").rooms[:4] == ["room1", "joker_room", "room2", "room2"]
    t2 = Table(2, hands={"p1": ["joker_room"], "p2": ["cat"]}, houses={"p1": house("room1 room1", "room2 room2")})
    t2.act("p1", "rooms", cards=["joker_room"], floors=[3])
    assert t2.house("p1").rooms[4] == "joker_room"


def test_gh_11_lower_floors_first():
    t = Table(2, hands={"p1": ["room1", "room2", "room3"], "p2": ["cat"]})
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "rooms", cards=["room1", "room2"], floors=[1, 2])
    assert err.value.code == "lower_floors_first"
    assert t.house("p1") == House.empty()  # the whole action is refused, not just the bad placement
    assert {tuple(a.args["cards"]) for a in t.legal("p1") if a.kind == "rooms"} == {("room1",)}


def test_gh_11_several_floors_in_one_turn_lowest_target_floor_first():
    t = Table(2, hands={"p1": ["room2", "room1", "room1"], "p2": ["cat"]})
    # given in any order, the placements are applied floor 1 first, so floor 2 finds floor 1 full
    t.act("p1", "rooms", cards=["room2", "room1", "room1"], floors=[2, 1, 1])
    assert t.house("p1").rooms == ["room1", "room1", "room2", "", "", ""]
    assert t.last("gh.rooms_played").params["floors"] == [1, 1, 2]


def test_gh_11_a_floor_finished_and_the_next_filled_in_one_turn():
    t = Table(
        2,
        hands={"p1": ["room2", "joker_room", "room3"], "p2": ["cat"]},
        houses={"p1": house("room1 room1", "room2 -")},
    )
    # floor 2's gap is filled first, which opens floor 3 within the same action
    actions = {(tuple(a.args["cards"]), tuple(a.args["floors"])) for a in t.legal("p1") if a.kind == "rooms"}
    assert (("room2", "room3", "joker_room"), (2, 3, 3)) in actions
    assert (("room3",), (3,)) not in actions and (("joker_room", "room3"), (2, 3)) in actions
    t.act("p1", "rooms", cards=["room3", "joker_room", "room2"], floors=[3, 3, 2])
    assert t.house("p1").is_complete()


def test_gh_11_each_placement_must_be_legal_counting_the_earlier_ones():
    t = Table(2, hands={"p1": ["room1", "room2", "room3"], "p2": ["cat"]}, houses={"p1": house("room1 -")})
    with pytest.raises(IllegalAction) as err:  # floor 2 stays one room short, so floor 3 is still closed
        t.act("p1", "rooms", cards=["room1", "room2", "room3"], floors=[1, 2, 3])
    assert err.value.code == "lower_floors_first"
    t.act("p1", "rooms", cards=["room2", "room1"], floors=[2, 1])
    assert t.house("p1").rooms == ["room1", "room1", "room2", "", "", ""]


# -- discarding and drawing (GH-27, GH-28) --------------------------------------------------------------------


def test_gh_27_discard_face_down_and_draw_the_same_number():
    t = Table(2, hands={"p1": ["room3", "ghost", "cat"], "p2": ["cat"]}, deck=["room1", "room2", "room1"])
    events = t.act("p1", "discard", cards=["ghost", "cat"])
    assert t.hand("p1") == Counter(["room3", "room1", "room2"])
    public = [e for e in events if e.audience.is_public]
    assert [e.key for e in public][:2] == ["gh.discarded", "gh.drew"]
    assert public[0].params == {"player": "p1", "count": 2}
    assert "ghost" not in json.dumps([dict(e.params) for e in public])  # GH-P2: only the number is public
    assert t.s.discard == ["ghost", "cat"] and GH.view(t.s, "p2")["discard_size"] == 2


def test_gh_27_discard_needs_cards_you_hold():
    t = Table(2, hands={"p1": ["room3"], "p2": ["cat"]})
    for bad in ([], ["ghost"], ["room3", "room3"]):
        with pytest.raises(IllegalAction):
            t.act("p1", "discard", cards=bad)


def test_gh_28_an_empty_deck_reshuffles_the_discard_pile():
    t = Table(2, hands={"p1": ["ghost", "cat", "room1"], "p2": ["cat"]}, deck=["room2"], discard=["room3", "room3"])
    t.act("p1", "discard", cards=["ghost", "cat"])
    reshuffled = t.last("gh.reshuffled")
    assert reshuffled.audience.is_public and reshuffled.params == {"count": 4}  # two old + the two just discarded
    assert len(t.s.hands["p1"]) == 3 and len(t.s.deck) == 3 and t.s.discard == []


def test_gh_28_the_reshuffle_uses_the_game_seed():
    def deck_after(seed: str) -> list[str]:
        t = Table(
            2,
            hands={"p1": ["ghost"], "p2": ["cat"]},
            deck=[],
            discard=["room1", "room2", "room3", "cat", "elevator"],
            seed=seed,
        )
        t.act("p1", "discard", cards=["ghost"])
        return t.s.deck

    assert deck_after("a") == deck_after("a")
    assert any(deck_after("a") != deck_after(s) for s in "bcdef")


def test_gh_28_with_deck_and_discard_both_empty_fewer_cards_are_drawn():
    t = Table(2, hands={"p1": ["room1", "room1", "room1"], "p2": ["cat"]}, deck=["ghost"])
    t.act("p1", "rooms", cards=["room1", "room1"], floors=[1, 1])
    assert t.hand("p1") == Counter(["room1", "ghost"])


def test_gh_7_gh_28_a_round_with_nothing_to_draw_anywhere_ends_as_a_stalemate():
    # only reachable with tuned card data: every hand empty, deck and discard pile empty
    t = Table(2, hands={"p1": ["room1"]}, deck=[])
    t.act("p1", "rooms", cards=["room1"], floors=[1])
    assert t.s.outcome is not None and t.s.outcome.reason == "stalemate" and t.s.outcome.draw


def test_gh_7_actions_answer_the_open_prompt():
    t = Table(2, hands={"p1": ["room1"], "p2": ["room1"]})
    old = t.prompt.id
    t.act("p1", "rooms", cards=["room1"], floors=[1])
    with pytest.raises(IllegalAction) as err:
        GH.apply(t.s, Action("p2", old, "rooms", {"cards": ["room1"], "floors": [1]}))
    assert err.value.code == "stale_prompt"
