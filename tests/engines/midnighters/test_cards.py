"""Deck, hands, turns, actions, Director cards and reactions: MN-10 .. MN-30."""

from __future__ import annotations

from collections import Counter

from engines.midnighters import piles
from engines.midnighters.data import NIGHTMARES, full_deck
from tests.engines.midnighters.helpers import MN, Table


def test_mn_10_the_deck_holds_96_director_cards_and_6_nightmares():
    """MN-10: 102 cards; location cards are not in the deck; the discard starts empty."""
    deck = Counter(full_deck())
    assert sum(deck.values()) == 102
    assert deck["sleepwalk"] == 36 and deck["vertigo"] == 12 and deck["star"] == 12
    assert deck["dutch"] == 9 and deck["catcher"] == 9 and deck["suspense-bridge"] == 3
    assert all(deck[n] == 1 for n in NIGHTMARES) and "forest" not in deck
    state, _ = MN.setup(list("abc"), {}, seed=2)
    assert not state.discard


def test_mn_11_deal_five_each_and_no_nightmare_in_an_opening_hand():
    """MN-11: 5 cards each; nightmares dealt go back, so nothing fires at the deal."""
    for seed in range(40):
        state, events = MN.setup(list("abcdef"), {}, seed=seed)
        assert all(len(h) == 5 and not set(h) & set(NIGHTMARES) for h in state.hands.values())
        assert all(state.deck.get(n) == 1 for n in NIGHTMARES)
        assert "mn.nightmare_drawn" not in [e.key for e in events]


def test_mn_12_draw_up_to_five_at_the_end_of_the_turn_and_reshuffle_the_discard():
    """MN-12: the end-of-turn draw fills the hand to 5; an empty deck takes the shuffled discard."""
    t = Table(2, {"p1": ["sleepwalk"], "p2": ["sleepwalk"] * 5}, stacked=["star", "vertigo"])
    t.end_turn()
    assert sorted(t.s.hands["p1"]) == sorted(["sleepwalk", "star", "vertigo"] + t.s.hands["p1"][3:])
    assert len(t.s.hands["p1"]) == 5
    t2 = Table(2, {"p1": ["sleepwalk"] * 3, "p2": ["sleepwalk"] * 5}, discard=["star", "star"])
    t2.s.deck = {}
    t2.end_turn()
    assert "mn.reshuffled" in t2.event_keys() and t2.s.hands["p1"].count("star") == 2
    t3 = Table(2, {"p1": ["sleepwalk"] * 6, "p2": []})
    t3.end_turn()
    assert len(t3.s.hands["p1"]) == 6  # nothing drawn at 5 or more


def test_mn_13_excess_over_five_is_discarded_by_choice_but_not_nightmares():
    """MN-13: after an intercept a 6th card must go; a nightmare cannot be the discard outside Square/Motel."""
    hand = ["catcher", "red", "blue", "purple", "multi", "vertigo"]
    t = Table(2, {"p1": ["sleepwalk"], "p2": list(hand)})
    t.act("p1", "sleepwalk", direction="up")
    t.act("p2", "intercept")
    t.pass_all()  # p1 passes on the intercept
    assert t.s.phase == "choice" and t.me() == "p2"
    options = {a.args["card"] for a in MN.legal_actions(t.s, "p2")}
    assert options == {"sleepwalk", "vertigo"}  # the nightmares are not discardable here
    t.act("p2", "discard", card="vertigo")
    assert Counter(t.s.hands["p2"]) == Counter(["red", "blue", "purple", "multi", "sleepwalk"])
    assert t.public("mn.excess_discarded")[-1]["count"] == 1
    t2 = Table(2, {"p1": ["sleepwalk"], "p2": list(hand)})
    t2.act("p1", "sleepwalk", direction="up")
    t2.act("p2", "intercept")
    t2.pass_all()
    t2.timeout()  # a forced discard is picked at random, and only among discardable cards
    assert len(t2.s.hands["p2"]) == 5 and set(hand[1:5]) <= set(t2.s.hands["p2"])


def test_mn_13_only_undiscardable_cards_left_the_hand_stays_above_five():
    """MN-13: with nothing discardable over the limit, the hand stays above 5."""
    t = Table(2, {"p1": ["sleepwalk"], "p2": ["catcher", "red", "blue", "purple", "multi", "black", "colourless"]})
    t.act("p1", "sleepwalk", direction="up")
    t.act("p2", "intercept")
    t.pass_all()
    t.act("p2", "discard", card="sleepwalk")  # 7 cards: only one is discardable
    assert len(t.s.hands["p2"]) == 6 and t.s.phase == "turn"


def test_mn_14_the_discard_pile_is_closed_except_for_its_size():
    """MN-14: public and player views show the discard's size only."""
    t = Table(2, {"p1": ["sleepwalk"]}, discard=["star", "red"])
    for viewer in (None, "p1", "p2"):
        view = MN.view(t.s, viewer)
        assert view["discard_size"] == 2 and "discard_pile" not in view and "discard" not in view


def test_mn_15_a_turn_is_actions_then_a_draw_then_the_next_seat():
    """MN-15: actions in any order until the player ends; then the draw; then the next seat."""
    t = Table(2, {"p1": ["sleepwalk", "sleepwalk"], "p2": ["sleepwalk"] * 5}, stacked=["star"] * 3)
    t.play("sleepwalk", direction="up")
    assert t.s.current == "p1" and t.s.phase == "turn"
    events = t.end_turn()
    keys = [e.key for e in events]
    assert keys.index("mn.turn_ended") < keys.index("mn.drew") < keys.index("mn.turn_started")
    assert t.s.current == "p2"


def test_mn_16_actions_are_base_minus_penalties_plus_extras_never_below_zero():
    """MN-16: base 2; penalties stack and are paid by the next turn; Dutch Angle (c) adds one."""
    t = Table(2, {"p1": ["sleepwalk"] * 3, "p2": ["sleepwalk"] * 5})
    assert t.s.allowance == 2
    t.s.penalties["p2"] = 3
    t.end_turn()
    assert t.s.current == "p2" and t.s.allowance == -1 and MN.view(t.s, None)["actions_left"] == 0
    assert "p2" not in t.s.penalties  # paid
    t.s.extra = 2  # two extras on -1 -> 1 action
    assert MN.view(t.s, None)["actions_left"] == 1


def test_mn_17_costs_card_one_trap_two_dutch_extra_zero():
    """MN-17: a card costs 1 action, a trap 2, Dutch Angle (c) 0; springing costs nothing."""
    t = Table(2, {"p1": ["sleepwalk", "suspense-forest", "vertigo", "dutch"]})
    t.play("set_trap", suspense="suspense-forest", card="vertigo")
    assert t.s.used == 2 and MN.view(t.s, None)["actions_left"] == 0
    assert t.refused("p1", "sleepwalk", direction="up") == "no_actions"
    t.play("dutch_extra")
    assert t.s.used == 2 and MN.view(t.s, None)["actions_left"] == 1
    t.play("sleepwalk", direction="up")
    assert t.s.avatars["p1"] == "corridor6"


def test_mn_18_illegal_play_refused_privately_and_fizzles_keep_the_cost():
    """MN-18: a refused play costs nothing; a play impossible on resolution fizzles, its cost paid."""
    t = Table(2, {"p1": ["sleepwalk", "sleepwalk"], "p2": ["suspense-motel", "vertigo"]})
    assert t.refused("p1", "sleepwalk", direction="left") == "blocked"  # corridors go up/down only
    assert t.s.used == 0 and len(t.s.hands["p1"]) == 2
    # p2 owns a Vertigo trap on... no: show a fizzle by moving p1's card out from under the arrow
    t.act("p1", "sleepwalk", direction="up")  # C4 -> C3 (corridor6)
    t.s.cells["corridor6"] = 9  # the Director test hand: Corridor 6 slid to B3 meanwhile
    events = t.pass_all()
    assert t.public("mn.fizzled", events) and t.s.avatars["p1"] == "corridor1" and t.s.used == 1


def test_mn_19_ending_the_turn_early_or_by_timeout_loses_unused_actions():
    """MN-19: the player may end at any time; the turn timer ends the turn as if ended."""
    t = Table(2, {"p1": ["sleepwalk"] * 5, "p2": ["sleepwalk"] * 5}, turn_seconds=30)
    assert t.prompt.timeout == 30 and t.prompt.kind == "turn"
    t.timeout()
    assert t.s.current == "p2" and t.s.allowance == 2


def test_mn_20_sleepwalk_follows_the_arrows_of_the_card_stood_on():
    """MN-20: only the arrows of your card matter; empty cells and the edge block."""
    t = Table(2, {"p1": ["sleepwalk"] * 4}, avatars={"p1": "motel"})  # motel C2: up, left
    assert t.refused("p1", "sleepwalk", direction="down") == "blocked"  # no down arrow
    t.play("sleepwalk", direction="left")
    assert t.s.avatars["p1"] == "forest"  # forest needs no arrow back
    t2 = Table(2, {"p1": ["sleepwalk"]}, avatars={"p1": "corridor4"})  # A3: down is A4, empty
    assert t2.refused("p1", "sleepwalk", direction="down") == "blocked"
    t3 = Table(2, {"p1": ["sleepwalk"]}, avatars={"p1": "corridor3"})  # A1: up is the edge
    assert t3.refused("p1", "sleepwalk", direction="up") == "blocked"


def test_mn_21_vertigo_moves_or_rotates_own_or_adjacent_cards_including_the_bridge():
    """MN-21: slide into an adjacent empty cell, or turn 90 degrees either way; any card."""
    t = Table(2, {"p1": ["vertigo"] * 3, "p2": ["vertigo"] * 3}, avatars={"p1": "forest", "p2": "forest"})
    t.play("vertigo_rotate", location="bridge", direction="cw")
    assert t.s.turns["bridge"] == 1
    t.play("vertigo_rotate", location="forest", direction="ccw")
    assert t.s.turns["forest"] == 3
    t.end_turn()
    assert t.refused("p2", "vertigo_move", location="forest", direction="up") == "blocked"  # bridge there
    t.play("vertigo_move", location="forest", direction="down")
    assert t.s.cells["forest"] == 9 and t.s.avatars["p1"] == t.s.avatars["p2"] == "forest"
    t4 = Table(2, {"p1": ["vertigo"]})
    assert t4.refused("p1", "vertigo_rotate", location="bridge", direction="cw") == "not_adjacent"


def test_mn_22_midnight_star_activates_where_you_stand_never_a_corridor():
    """MN-22: activate the location you stand on; corridors cannot be activated."""
    t = Table(2, {"p1": ["star", "star"]})
    assert t.refused("p1", "star") == "corridor"
    t.s.avatars["p1"] = "townhall"
    events = t.play("star")
    assert t.public("mn.activated", events) == [{"player": "p1", "location": "townhall"}]


def test_mn_23_suspense_is_only_played_inside_a_trap():
    """MN-23: there is no play of a Suspense by itself; it names the trap's location."""
    t = Table(2, {"p1": ["suspense-forest", "sleepwalk"]})
    kinds = {a.kind for a in MN.legal_actions(t.s, "p1")}
    assert "suspense" not in kinds and "set_trap" in kinds
    assert t.refused("p1", "suspense") == "bad_action"
    t.play("set_trap", suspense="suspense-forest", card="sleepwalk")
    assert t.s.traps[0].location == "forest"


def test_mn_24_a_dutch_angle_cancels_a_card_and_costs_the_next_turn_an_action():
    """MN-24 (a): out of turn, cancel the top card: discarded without effect; -1 on the canceller's next turn."""
    t = Table(3, {"p1": ["sleepwalk"], "p3": ["dutch"]})
    t.act("p1", "sleepwalk", direction="up")
    t.act("p3", "cancel")
    t.pass_all()
    assert t.s.avatars["p1"] == "corridor1" and t.s.penalties == {"p3": 1}
    assert t.s.discard == {"sleepwalk": 1, "dutch": 1}


def test_mn_24_b_and_c_cut_actions_or_take_an_extra_one():
    """MN-24 (b): 1 action, another player's next turn and yours lose 1; (c): 0 actions, +1 now, -1 next."""
    t = Table(3, {"p1": ["dutch", "dutch"]})
    t.play("dutch_cut", target="p3")
    assert t.s.penalties == {"p3": 1, "p1": 1} and t.s.used == 1
    t.play("dutch_extra")
    assert t.s.penalties == {"p3": 1, "p1": 2} and MN.view(t.s, None)["actions_left"] == 2


def test_mn_25_dream_catcher_intercepts_or_blindly_takes():
    """MN-25 (a): the intercepted card goes to the interceptor's hand, -1 next turn; (b): a random card."""
    t = Table(3, {"p1": ["catcher", "sleepwalk"], "p2": ["catcher"], "p3": ["vertigo"]})
    t.act("p1", "catcher_steal", target="p3")
    t.act("p2", "intercept")
    t.pass_all()
    assert t.s.hands["p2"] == ["catcher"] and t.s.penalties == {"p2": 1} and t.s.hands["p3"] == ["vertigo"]
    t.play("sleepwalk", direction="up")
    t2 = Table(2, {"p1": ["catcher"], "p2": ["vertigo"]})
    events = t2.play("catcher_steal", target="p2")
    assert t2.s.hands["p1"] == ["vertigo"] and not t2.s.hands["p2"]
    assert t2.private("mn.card_taken_secret", events) == [
        (("p1", "p2"), {"player": "p1", "target": "p2", "card": "vertigo"})
    ]


def test_mn_26_springs_and_nightmares_open_no_window():
    """MN-26: a trap being sprung or a nightmare cannot be cancelled or intercepted: no window follows."""
    t = Table(2, {"p1": ["suspense-forest", "dutch", "sleepwalk"], "p2": ["dutch", "catcher"]})
    t.play("set_trap", suspense="suspense-forest", card="dutch")
    t.s.avatars["p2"] = "forest"
    trap = t.s.traps[0].id
    t.act("p1", "spring", trap=trap, target="p2")
    assert t.s.phase == "turn" and t.s.avatars["p1"] == "forest" and t.s.avatars["p2"] == "corridor1"


def test_mn_27_window_after_every_play_and_the_current_player_may_answer_a_reaction():
    """MN-27: every other player may answer; the current player may answer a reaction to their card."""
    t = Table(3, {"p1": ["sleepwalk", "dutch"], "p2": ["dutch"]}, reaction_seconds=7)
    t.act("p1", "sleepwalk", direction="up")
    assert t.prompt.kind == "reaction" and t.prompt.players == ("p2", "p3") and t.prompt.timeout == 7
    assert t.refused("p1", "cancel") == "not_eligible"
    t.act("p2", "cancel")
    assert set(t.prompt.players) == {"p1", "p3"}
    t.act("p1", "cancel")  # the current player cancels the cancel
    t.pass_all()
    assert t.s.avatars["p1"] == "corridor6" and t.s.penalties == {"p1": 1}


def test_mn_27_paralysed_players_may_still_answer():
    """MN-27: paralysis only skips turns; a paralysed player answers windows."""
    t = Table(3, {"p1": ["sleepwalk"], "p3": ["dutch"]})
    t.s.horror, t.s.avatars["p3"] = "p2", t.s.avatars["p2"]
    t.s.hands["p2"].append("black")
    t.act("p1", "sleepwalk", direction="up")
    t.act("p3", "cancel")
    t.pass_all()
    assert t.s.avatars["p1"] == "corridor1"


def test_mn_28_windows_close_when_all_pass_or_time_runs_out_whatever_the_hands():
    """MN-28: empty-handed players are asked too; the window closes on every pass or on its timer."""
    t = Table(4, {"p1": ["sleepwalk", "sleepwalk"]})
    t.act("p1", "sleepwalk", direction="up")
    assert t.prompt.players == ("p2", "p3", "p4")  # none of them holds a card
    t.act("p3", "pass")
    assert t.prompt.players == ("p2", "p4")
    assert t.refused("p3", "pass") == "already_passed"
    t.timeout()
    assert t.s.phase == "turn" and t.s.avatars["p1"] == "corridor6"


def test_mn_29_chains_resolve_last_in_first_out_and_each_card_gets_one_answer():
    """MN-29: X cancelled by A, A cancelled by B: A is discarded, X takes effect, only B pays."""
    t = Table(3, {"p1": ["sleepwalk"], "p2": ["dutch", "dutch"], "p3": ["dutch"]})
    t.act("p1", "sleepwalk", direction="up")
    t.act("p2", "cancel")
    assert t.prompt.params["player"] == "p2" and t.prompt.params["depth"] == 2  # X's window closed: one answer
    t.act("p3", "cancel")
    assert len(t.s.stack) == 3
    t.pass_all()
    assert t.s.avatars["p1"] == "corridor6" and t.s.penalties == {"p3": 1}
    assert not t.s.stack and t.s.hands["p2"] == ["dutch"]


def test_mn_30_a_cancelled_trap_setting_goes_face_down_and_the_setter_still_draws_two():
    """MN-30 / MN-51: cancel discards both cards unrevealed; intercept gives both; 2 actions spent, 2 drawn."""
    t = Table(2, {"p1": ["suspense-forest", "star", "sleepwalk"], "p2": ["dutch"]}, stacked=["vertigo", "vertigo"])
    events = t.act("p1", "set_trap", suspense="suspense-forest", card="star")
    events += t.act("p2", "cancel")
    events += t.pass_all()
    assert not t.s.traps and t.s.used == 2 and t.s.hands["p1"] == ["sleepwalk", "vertigo", "vertigo"]
    assert t.s.discard == {"suspense-forest": 1, "star": 1, "dutch": 1}
    assert all("star" not in str(p) for p in t.public("mn.cancelled", events))
    t2 = Table(2, {"p1": ["suspense-forest", "star"], "p2": ["catcher"]})
    t2.act("p1", "set_trap", suspense="suspense-forest", card="star")
    t2.act("p2", "intercept")
    t2.pass_all()
    assert sorted(t2.s.hands["p2"]) == ["star", "suspense-forest"] and len(t2.s.hands["p1"]) == 2
    assert piles.size(t2.s.discard) == 1
