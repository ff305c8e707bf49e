"""Midnight Hunt: rounds, the unit plays, tactics, combat and death (MH-17 .. MH-42)."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.midnight_hunt.rules import SEAL
from tests.engines.midnight_hunt.helpers import MH, TEAMS, Table

# -- rounds (MH-17 .. MH-21) --------------------------------------------------------------------------------


def test_mh_17_draw_to_three_and_reshuffle_the_discard_when_the_bag_runs_out():
    t = Table()
    for me in t.state.seats.values():
        assert len(me.hand) == 3 and len(me.bag) == 6
    drew = [e for e in t.events if e.key == "mh.drew"]
    assert [e.params for e in drew] == [{"player": "a", "count": 3, "hand": 3}, {"player": "b", "count": 3, "hand": 3}]
    # a's bag holds 1 token, the discard 1 face up and the Seal face down: draw 1, reshuffle, draw 2.
    t.place("a", "crossbowman", "0,0")
    _settle(t, "a", bag=["cavalry"], discard={"uhlan": 1}, hidden=1, hand=["crossbowman"])
    t.empty_hands("b")
    t.play("bolster", unit="crossbowman")  # the round ends; round 2 draws
    assert t.state.round == 2
    events = [e for e in t.events if e.key in ("mh.reshuffled", "mh.drew")][-3:]
    assert [e.key for e in events] == ["mh.reshuffled", "mh.drew", "mh.drew"]
    assert events[0].params == {"player": "a", "count": 2}
    me = t.state.seats["a"]
    assert sorted(me.hand) == sorted(["cavalry", "uhlan", SEAL]) and me.bag == [] and me.discard_hidden == 0


def _settle(t: Table, player: str, *, bag, discard, hidden, hand=()):
    """Rebuild ``player``'s idle tokens: the given bag, discard and hand; everything else of theirs in supply."""
    me = t.state.seats[player]
    on_board = {u.unit: u.stack for u in t.state.board.values() if u.owner == player}
    from engines.midnight_hunt.rules import DEFAULT_RULES

    me.bag = sorted(bag)
    me.hand = list(hand)
    me.discard = {u: discard.get(u, 0) for u in me.units}
    me.discard_hidden = hidden
    seal_elsewhere = SEAL in bag or SEAL in hand or hidden
    if not seal_elsewhere:
        me.bag = sorted([*me.bag, SEAL])
    for unit in me.units:
        used = bag.count(unit) + list(hand).count(unit) + discard.get(unit, 0) + me.dead[unit] + on_board.get(unit, 0)
        me.supply[unit] = DEFAULT_RULES.units[unit].tokens - used
    t.check()


def test_mh_17_with_bag_and_discard_empty_the_draw_stops_short():
    t = Table()
    t.place("a", "archer", "0,0")
    _settle(t, "a", bag=[], discard={}, hidden=0, hand=["archer", SEAL])
    t.empty_hands("b")
    t.play("bolster", unit="archer")
    t.play("seal", choice="pass")  # the round ends: a's bag is empty, the discard holds only the Seal
    assert [e.params for e in t.events if e.key == "mh.drew"][-2] == {"player": "a", "count": 1, "hand": 1}
    assert t.state.seats["a"].hand == [SEAL]  # the Seal always comes back


def test_mh_18_one_token_per_turn_alternating_empty_hands_skipped():
    t = Table()
    t.hand("a", "archer", "uhlan", SEAL)
    t.hand("b", SEAL)
    assert t.current == "a"
    t.play("deploy", unit="archer", hex="-2,3")
    assert t.current == "b"
    t.play("seal", choice="pass")
    assert t.current == "a"
    t.play("deploy", unit="uhlan", hex="-1,3")
    assert t.current == "a" and t.state.round == 1  # b's hand is empty: skipped
    t.play("seal", choice="pass")
    assert t.state.round == 2 and all(len(s.hand) == 3 for s in t.state.seats.values())


def test_mh_19_duel_order_leader_then_other():
    t = Table(first="B")
    assert t.state.order == ["b", "a"] and t.current == "b"


def test_mh_20_team_order_alternates_teams_and_team_mates():
    t = Table(TEAMS, first="A")
    assert t.state.order == ["a1", "b1", "a2", "b2"]
    t = Table(TEAMS, first="B")
    assert t.state.order == ["b1", "a1", "b2", "a2"]
    with pytest.raises(IllegalAction) as err:  # each plays only their own tokens
        t.act("b1", "deploy", unit="archer", hex="0,-4")
    assert err.value.code == "not_in_hand"


def test_mh_21_round_end_summary_names_the_next_leader():
    t = Table()
    t.hand("a", SEAL)
    t.hand("b", SEAL)
    t.play("seal", choice="pass")
    t.play("seal", choice="initiative")
    summary = t.last("mh.round_ended")
    assert summary.params == {"round": 1, "side": "B", "changed": True}
    assert t.state.initiative == "B" and t.state.order == ["b", "a"]


# -- unit plays (MH-22 .. MH-30) -----------------------------------------------------------------------------


def test_mh_22_off_board_deploy_only_on_board_the_five_plays():
    t = Table()
    t.hand("a", "cavalry")
    assert {k for k, _ in t.legal()} == {"deploy"}
    t.place("b", "knight", "0,1", 2)
    t.place("a", "cavalry", "0,0")
    assert {k for k, _ in t.legal()} == {"bolster", "move", "attack", "control", "tactic"}
    with pytest.raises(IllegalAction) as err:
        t.play("move", unit="archer", to="1,0")  # no archer token in hand
    assert err.value.code == "not_in_hand"


def test_mh_23_deploy_on_an_empty_own_location_one_unit_per_type():
    t = Table()
    t.hand("a", "archer", "archer")
    assert t.legal() == [("deploy", {"unit": "archer", "hex": "-2,3"}), ("deploy", {"unit": "archer", "hex": "-1,3"})]
    t.own("CW", "A")
    assert ("deploy", {"unit": "archer", "hex": "-2,0"}) in t.legal()
    t.play("deploy", unit="archer", hex="-1,3")
    assert t.state.board["-1,3"].stack == 1
    t.hand("b", "knight")
    t.play("deploy", unit="knight", hex="2,-3")
    assert all(k != "deploy" for k, _ in t.legal())  # the archer is already on the board


def test_mh_24_bolster_adds_the_token_to_the_stack():
    t = Table()
    t.place("a", "archer", "0,0", 2)
    t.hand("a", "archer")
    t.play("bolster", unit="archer")
    assert t.state.board["0,0"].stack == 3 and t.state.seats["a"].discard["archer"] == 0
    assert t.last("mh.bolstered").params["stack"] == 3


def test_mh_25_move_to_an_adjacent_empty_hex():
    t = Table()
    t.place("a", "archer", "3,0")  # a corner: three neighbours
    t.place("b", "knight", "2,0")
    t.hand("a", "archer")
    assert sorted(a["to"] for k, a in t.legal() if k == "move") == ["2,1", "3,-1"]
    t.play("move", unit="archer", to="3,-1")
    assert "3,-1" in t.state.board and "3,0" not in t.state.board


def test_mh_26_normal_attack_rules_per_unit():
    t = Table()
    t.place("b", "swordsman", "0,0", 3)
    for unit in ("archer", "uhlan"):  # no normal attack at all
        t.place("a", unit, "1,0", 2)
        t.hand("a", unit)
        assert not [a for k, a in t.legal() if k == "attack"]
        t.place("a", unit, "3,-3" if unit == "archer" else "-3,3")
    t.place("a", "crossbowman", "1,0", 2)
    t.hand("a", "crossbowman")
    assert not [a for k, a in t.legal() if k == "attack"]  # the Crossbowman needs 3
    t.place("a", "crossbowman", "1,0", 3)
    assert ("attack", {"unit": "crossbowman", "target": "0,0"}) in t.legal()
    dark = Table(factions={"a": "darkness", "b": "hunters"})
    dark.place("b", "swordsman", "0,0", 3)
    dark.place("a", "crossbowman", "1,0", 1)
    dark.hand("a", "crossbowman")
    assert not [a for k, a in dark.legal() if k == "attack"]
    dark.place("a", "crossbowman", "1,0", 2)
    assert ("attack", {"unit": "crossbowman", "target": "0,0"}) in dark.legal()  # the Night Shooter needs 2


def test_mh_27_control_takes_a_neutral_or_enemy_location():
    t = Table()
    t.place("a", "cavalry", "2,-3")  # B's SB1
    t.hand("a", "cavalry")
    t.play("control", unit="cavalry")
    assert t.state.control["SB1"] == "A"
    assert t.last("mh.controlled").params == {"player": "a", "unit": "cavalry", "name": "cavalry", "location": "SB1",
                                              "previous": "B", "count": 3}
    t.place("a", "cavalry", "0,1")  # not a location: no Control
    t.hand("a", "cavalry")
    t.turn("a")
    assert all(k != "control" for k, _ in t.legal())


def test_mh_28_tactic_only_with_a_legal_target():
    t = Table()
    t.place("a", "archer", "0,0")
    t.hand("a", "archer")
    assert all(k != "tactic" for k, _ in t.legal())
    t.place("b", "swordsman", "2,0")
    assert ("tactic", {"unit": "archer", "target": "2,0"}) in t.legal()


def test_mh_29_a_token_with_no_play_is_forfeited_face_up():
    t = Table()
    t.place("b", "swordsman", "-2,3")
    t.place("b", "knight", "-1,3")
    t.hand("a", "archer")
    assert t.legal() == [("forfeit", {"unit": "archer"})]
    t.play("forfeit", unit="archer")
    assert t.state.seats["a"].discard["archer"] == 1
    assert t.last("mh.forfeited").params == {"player": "a", "unit": "archer", "name": "archer"}


def test_mh_30_where_the_token_goes():
    t = Table()
    t.hand("a", "cavalry", "cavalry", "cavalry")
    t.hand("b", SEAL)
    t.play("deploy", unit="cavalry", hex="-2,3")  # into the stack
    assert t.state.seats["a"].discard["cavalry"] == 0 and t.state.board["-2,3"].stack == 1
    t.play("seal", choice="pass")  # face down: the ❓
    assert t.state.seats["b"].discard_hidden == 1 and t.state.seats["b"].discard["swordsman"] == 0
    t.play("bolster", unit="cavalry")  # into the stack
    t.play("move", unit="cavalry", to="-2,2")  # a manoeuvre: the discard, face up
    assert t.state.seats["a"].discard["cavalry"] == 1 and t.state.board["-2,2"].stack == 2


# -- tactics (MH-31 .. MH-36) --------------------------------------------------------------------------------


def test_mh_31_archer_shot_at_exactly_two_ignoring_blockers():
    t = Table()
    t.place("a", "archer", "0,0")
    t.place("b", "swordsman", "1,0")  # adjacent: out of reach for the Shot
    t.place("b", "knight", "2,0", 2)  # behind it, at 2: hit, line of sight irrelevant
    t.place("b", "spearman", "1,-2", 2)  # distance 2 off any straight line
    t.hand("a", "archer")
    targets = sorted(a["target"] for k, a in t.legal() if k == "tactic")
    assert targets == ["1,-2", "2,0"]
    t.play("tactic", unit="archer", target="1,-2")
    assert t.state.board["1,-2"].stack == 1 and t.state.board["0,0"].stack == 1  # ranged: no counter-strike
    assert "0,0" in t.state.board  # the archer does not move


def test_mh_32_aimed_shot_in_a_line_at_one_or_two_over_an_empty_hex():
    t = Table()
    t.place("a", "crossbowman", "0,0")
    t.place("b", "swordsman", "1,0")  # distance 1: always
    t.place("b", "knight", "2,0", 2)  # distance 2 behind the swordsman: blocked
    t.place("b", "spearman", "0,-2", 2)  # distance 2 over the empty 0,-1: fine
    t.place("b", "light_cavalry", "1,-2")  # distance 2 but not in a line
    t.hand("a", "crossbowman")
    assert sorted(a["target"] for k, a in t.legal() if k == "tactic") == ["0,-2", "1,0"]
    t.play("tactic", unit="crossbowman", target="0,-2")
    assert t.state.board["0,-2"].stack == 1 and t.state.board["0,0"].stack == 1  # no counter-strike, no fee
    assert t.state.seats["a"].discard["crossbowman"] == 1


def test_mh_33_piercing_strike_closes_in_whether_or_not_the_target_dies():
    t = Table()
    t.place("a", "uhlan", "0,3")
    t.place("b", "swordsman", "0,0")  # distance 3, 0,2 and 0,1 empty
    t.place("b", "knight", "2,1", 2)  # distance 2 along (1,-1)
    t.hand("a", "uhlan")
    assert sorted(a["target"] for k, a in t.legal() if k == "tactic") == ["0,0", "2,1"]
    t.play("tactic", unit="uhlan", target="0,0")
    assert "0,0" not in t.state.board  # the swordsman (stack 1) died
    assert t.state.board["0,1"].unit == "uhlan"  # next to the target's hex, never on it
    moved = t.last("mh.moved").params
    assert (moved["from"], moved["to"], moved["how"]) == ("0,3", "0,1", "piercing_strike")


def test_mh_33_piercing_strike_needs_every_hex_between_empty_and_is_melee():
    t = Table()
    t.place("a", "uhlan", "0,3", 1)
    t.place("b", "spearman", "0,1", 2)
    t.place("b", "swordsman", "0,0")  # behind the spearman: blocked
    t.hand("a", "uhlan")
    assert [a["target"] for k, a in t.legal() if k == "tactic"] == ["0,1"]
    t.play("tactic", unit="uhlan", target="0,1")  # the counter-strike kills the Uhlan: it does not move
    assert t.last("mh.attacked").params["counter"] is True
    assert not any(u.unit == "uhlan" for u in t.state.board.values())
    assert t.state.board["0,1"].stack == 1


def test_mh_34_charge_moves_then_attacks_no_charge_without_target():
    t = Table()
    t.place("a", "cavalry", "0,2")
    t.hand("a", "cavalry")
    assert all(k != "tactic" for k, _ in t.legal())
    t.place("b", "swordsman", "0,0", 2)
    charges = sorted((a["to"], a["target"]) for k, a in t.legal() if k == "tactic")
    assert charges == [("0,1", "0,0")]  # the only free hex next to both
    t.place("b", "knight", "2,1", 2)
    charges = sorted((a["to"], a["target"]) for k, a in t.legal() if k == "tactic")
    assert charges == [("0,1", "0,0"), ("1,1", "2,1"), ("1,2", "2,1")]
    t.play("tactic", unit="cavalry", to="0,1", target="0,0")
    assert t.state.board["0,1"].unit == "cavalry" and t.state.board["0,0"].stack == 1


def test_mh_35_dash_two_hexes_through_an_empty_one():
    t = Table()
    t.place("b", "light_cavalry", "0,0")
    t.place("a", "archer", "1,0")
    t.place("a", "uhlan", "0,1")
    t.place("a", "cavalry", "1,-1")
    t.place("a", "crossbowman", "-1,1")
    t.hand("b", "light_cavalry")
    t.turn("b")
    dashes = sorted(a["to"] for k, a in t.legal() if k == "tactic")
    # open middles: 0,-1 and -1,0; their free neighbours at distance 2 from 0,0
    assert dashes == ["-1,-1", "-2,0", "-2,1", "0,-2", "1,-2"]
    t.play("tactic", unit="light_cavalry", to="-2,0")
    assert t.state.board["-2,0"].unit == "light_cavalry"


def test_mh_36_no_tactic_units():
    t = Table()
    t.place("b", "swordsman", "0,0")
    t.place("b", "spearman", "1,-1", 2)
    t.place("b", "knight", "-1,1", 2)
    t.place("a", "archer", "1,0", 2)
    t.hand("b", "swordsman", "spearman", "knight")
    t.turn("b")
    assert all(k != "tactic" for k, _ in t.legal())


# -- combat and death (MH-37 .. MH-42) -----------------------------------------------------------------------


def test_mh_37_an_attack_removes_exactly_one_token():
    t = Table()
    t.place("a", "cavalry", "0,0", 2)
    t.place("b", "swordsman", "1,0", 3)
    t.hand("a", "cavalry")
    t.play("attack", unit="cavalry", target="1,0")
    assert t.state.board["1,0"].stack == 2 and t.state.board["0,0"].stack == 2
    assert t.last("mh.attacked").params["left"] == 2


def test_mh_38_killer_stays_put_destroyed_unit_leaves_and_can_return():
    t = Table()
    t.place("a", "cavalry", "0,0")
    t.place("b", "swordsman", "1,0")
    t.hand("a", "cavalry")
    t.hand("b", "swordsman")
    t.play("attack", unit="cavalry", target="1,0")
    assert "1,0" not in t.state.board and t.state.board["0,0"].unit == "cavalry"
    assert t.last("mh.destroyed").params == {"player": "b", "unit": "swordsman", "name": "swordsman", "hex": "1,0"}
    assert ("deploy", {"unit": "swordsman", "hex": "2,-3"}) in t.legal("b")


def test_mh_39_counter_strike_on_melee_only_and_even_on_a_knight_at_one():
    t = Table(factions={"a": "hunters", "b": "hunters"},
              drafts={"a": ["knight", "archer", "cavalry", "crossbowman"],
                      "b": ["spearman", "swordsman", "uhlan", "light_cavalry"]})
    t.place("b", "spearman", "0,0", 3)
    t.place("a", "knight", "1,0", 1)
    t.hand("a", "knight")
    t.play("attack", unit="knight", target="0,0")
    assert t.last("mh.attacked").params["counter"] is True
    assert not any(u.unit == "knight" for u in t.state.board.values())  # the counter-strike hit the Knight at 1
    assert t.state.seats["a"].dead["knight"] == 1 and t.state.board["0,0"].stack == 2
    t.place("a", "archer", "2,0")
    t.hand("a", "archer")
    t.turn("a")
    t.play("tactic", unit="archer", target="0,0")
    assert t.last("mh.attacked").params["counter"] is False and t.state.board["2,0"].stack == 1


def test_mh_40_a_knight_at_one_cannot_be_targeted():
    t = Table()
    t.place("b", "knight", "1,0", 1)
    t.place("a", "cavalry", "0,0")
    t.place("a", "archer", "-1,0")
    t.hand("a", "cavalry", "archer")
    assert not [a for k, a in t.legal() if k in ("attack", "tactic") and "target" in a]
    t.place("b", "knight", "1,0", 2)
    assert ("attack", {"unit": "cavalry", "target": "1,0"}) in t.legal()
    assert ("tactic", {"unit": "archer", "target": "1,0"}) in t.legal()


def test_mh_41_night_shooter_fee_after_the_counter_strike_and_never_after_aimed_shot():
    t = Table(factions={"a": "darkness", "b": "hunters"})
    t.place("a", "crossbowman", "0,0", 3)
    t.place("b", "spearman", "1,0", 2)
    t.hand("a", "crossbowman", "crossbowman")
    t.hand("b", SEAL)
    t.play("attack", unit="crossbowman", target="1,0")
    # counter-strike: 3 -> 2 (dead); fee: 2 -> 1 (discard)
    assert t.state.board["0,0"].stack == 1 and t.state.board["1,0"].stack == 1
    assert t.state.seats["a"].dead["crossbowman"] == 1 and t.state.seats["a"].discard["crossbowman"] == 2
    keys = t.keys()
    assert keys.index("mh.fee") > keys.index("mh.attacked")
    assert t.last("mh.fee").params["stack"] == 1
    t.play("seal", choice="pass")
    assert ("attack", {"unit": "crossbowman", "target": "1,0"}) not in t.legal()  # stack 1 < 2
    t.play("tactic", unit="crossbowman", target="1,0")  # Aimed shot: no fee
    assert t.state.board["0,0"].stack == 1


def test_mh_41_the_fee_can_remove_the_unit():
    t = Table(factions={"a": "darkness", "b": "hunters"})
    t.place("a", "crossbowman", "0,0", 2)
    t.place("b", "spearman", "1,0", 2)
    t.hand("a", "crossbowman")
    t.play("attack", unit="crossbowman", target="1,0")
    # counter-strike 2 -> 1, fee 1 -> 0: the unit leaves the board, its last token to the discard
    assert "0,0" not in t.state.board
    assert t.state.seats["a"].dead["crossbowman"] == 1 and t.state.seats["a"].discard["crossbowman"] == 2


def test_mh_42_dead_tokens_counted_fee_goes_to_discard():
    t = Table()
    t.place("a", "cavalry", "0,0", 2)
    t.place("b", "swordsman", "1,0", 2)
    t.hand("a", "cavalry")
    t.play("attack", unit="cavalry", target="1,0")
    assert t.state.seats["b"].dead["swordsman"] == 1
    view = MH.view(t.state, None)
    assert view["seats"]["b"]["dead"]["swordsman"] == 1


def test_mh_42_a_type_with_every_token_dead_or_on_board_cannot_be_activated():
    t = Table()
    t.place("a", "archer", "0,0", 2)
    me = t.state.seats["a"]
    # the other two archer tokens die: none is left to draw
    _settle(t, "a", bag=["uhlan", "uhlan", SEAL], discard={}, hidden=0, hand=["cavalry"])
    me.supply["archer"] -= 2
    me.dead["archer"] += 2
    t.check()
    t.empty_hands("b")
    t.play("deploy", unit="cavalry", hex="-2,3")
    assert "archer" not in t.state.seats["a"].hand
