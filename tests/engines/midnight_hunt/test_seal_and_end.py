"""Midnight Hunt: the Seal, information, the end of the game, lobby and spectators (MH-43 .. MH-61, MH-P1 .. MH-P5),
and legal-action counts of fixed positions (like chess perft)."""

from __future__ import annotations

import json

import pytest

from engines.core import CLOCK, Action, IllegalAction
from engines.midnight_hunt.rules import SEAL
from tests.engines.midnight_hunt.helpers import DUEL, MH, TEAMS, Table

# -- the Seal (MH-43 .. MH-48) -------------------------------------------------------------------------------


def test_mh_43_seal_plays_only_from_the_seal():
    t = Table()
    t.hand("a", "archer", SEAL)
    seal = [a for k, a in t.legal() if k == "seal"]
    assert seal == [{"choice": "recruit", "unit": u} for u in ("archer", "crossbowman", "uhlan", "cavalry")] + [
        {"choice": "pass"}
    ]  # side A leads: no initiative to take
    t.hand("a", "archer")
    with pytest.raises(IllegalAction) as err:
        t.play("seal", choice="pass")
    assert err.value.code == "not_in_hand"


def test_mh_44_take_initiative_only_when_not_leading_from_next_round():
    t = Table()
    t.hand("a", SEAL)
    t.hand("b", SEAL, "knight")
    assert ("seal", {"choice": "initiative"}) not in t.legal("a")
    t.play("seal", choice="pass")
    assert ("seal", {"choice": "initiative"}) in t.legal("b")
    t.play("seal", choice="initiative")
    assert t.state.initiative == "A" and t.state.order == ["a", "b"]  # not this round
    t.play("deploy", unit="knight", hex="2,-3")
    assert t.state.initiative == "B" and t.state.order == ["b", "a"] and t.current == "b"


def test_mh_44_in_2v2_a_second_claim_by_the_team_mate_is_legal_and_changes_nothing():
    t = Table(TEAMS)
    for p in TEAMS:
        t.hand(p, SEAL)
    t.play("seal", choice="pass")  # a1
    t.play("seal", choice="initiative")  # b1
    t.play("seal", choice="pass")  # a2
    assert ("seal", {"choice": "initiative"}) in t.legal("b2")
    t.play("seal", choice="initiative")  # b2
    assert t.state.initiative == "B" and t.last("mh.round_ended").params["changed"] is True


def test_mh_45_recruit_moves_a_supply_token_to_the_discard_at_round_end():
    t = Table()
    t.hand("a", SEAL)
    t.hand("b", "knight")
    supply = t.state.seats["a"].supply["uhlan"]
    t.play("seal", choice="recruit", unit="uhlan")
    assert t.state.seats["a"].supply["uhlan"] == supply and t.state.seats["a"].discard["uhlan"] == 0  # pending
    t.play("deploy", unit="knight", hex="2,-3")
    assert t.state.seats["a"].supply["uhlan"] == supply - 1
    # the discard was reshuffled or not: the token is in the discard, bag or hand now
    me = t.state.seats["a"]
    assert me.discard["uhlan"] + me.bag.count("uhlan") + me.hand.count("uhlan") == 3
    for unit in me.units:  # an empty supply: nothing to recruit
        me.discard[unit] += me.supply[unit]
        me.supply[unit] = 0
    t.hand("a", SEAL)
    t.turn("a")
    assert [a for k, a in t.legal() if k == "seal"] == [{"choice": "pass"}]


def test_mh_46_pass_does_nothing():
    t = Table()
    t.hand("a", SEAL)
    t.hand("b", "knight")
    before = MH.view(t.state, "b")
    t.play("seal", choice="pass")
    after = MH.view(t.state, "b")
    assert after["seats"]["a"]["supply"] == before["seats"]["a"]["supply"]
    assert t.state.seats["a"].pending.choice == "pass"


def test_mh_47_every_seal_play_is_logged_as_stars_and_discarded_face_down():
    t = Table()
    t.hand("a", SEAL)
    t.hand("b", "knight")
    events = t.play("seal", choice="recruit", unit="archer")
    public = [e for e in events if e.audience.is_public]
    assert [(e.key, dict(e.params)) for e in public] == [("mh.seal_played", {"player": "a"})]
    assert t.state.seats["a"].discard_hidden == 1
    view = MH.view(t.state, None)
    assert view["seats"]["a"]["discard_hidden"] == 1


def _seal_outcomes(t: Table, player: str):
    return [
        MH.apply(t.state, Action(player, t.prompt.id, "seal", args))
        for kind, args in t.legal(player)
        if kind == "seal"
    ]


def test_mh_48_and_mh_p2_the_three_seal_plays_look_the_same_until_round_end():
    t = Table(first="B")
    t.hand("b", "knight")
    t.hand("a", SEAL, "archer")
    t.play("deploy", unit="knight", hex="2,-3")  # b; now a, with initiative, recruit and pass all legal
    outcomes = _seal_outcomes(t, "a")
    assert len(outcomes) == 6  # initiative, 4 recruits, pass
    publics = {json.dumps([(e.key, dict(e.params)) for e in ev if e.audience.is_public]) for _, ev in outcomes}
    views = {json.dumps(MH.view(s, viewer)) for s, _ in outcomes for viewer in (None, "b")}
    assert len(publics) == 1 and len(views) == 2  # one spectator view, one for b: the same whatever a chose
    assert len({json.dumps(MH.view(s, "a")) for s, _ in outcomes}) == 6  # a sees their own pending choice


def test_mh_p5_a_pending_seal_choice_reaches_only_its_player():
    t = Table()
    t.hand("a", SEAL)
    t.hand("b", "knight")
    events = t.play("seal", choice="recruit", unit="uhlan")
    private = [e for e in events if not e.audience.is_public]
    assert [(e.key, e.audience.players) for e in private] == [("mh.seal_chosen", ("a",))]
    assert MH.view(t.state, "a")["pending"] == {"choice": "recruit", "unit": "uhlan"}
    assert MH.view(t.state, "b")["pending"] is None and "recruit" not in json.dumps(MH.view(t.state, "b"))


# -- information (MH-49 .. MH-51, MH-P1, MH-P3, MH-P4) -------------------------------------------------------


def test_mh_49_public_view_holds_the_public_facts():
    t = Table(clock_minutes=5)
    view = MH.view(t.state, None)
    assert set(view["seats"]["a"]) == {"seat", "side", "faction", "units", "supply", "discard", "discard_hidden",
                                       "bag", "hand", "dead", "clock", "away"}
    assert view["seats"]["a"]["hand"] == 3 and view["seats"]["a"]["bag"] == 6 and view["seats"]["a"]["clock"] == 300
    assert view["initiative"] == "A" and view["turn"] == "a"
    assert view["locations"]["SA1"] == {"hex": "-2,3", "kind": "start", "control": "A"}


def test_mh_50_and_mh_p1_hands_only_to_their_owner_bag_unordered():
    t = Table(TEAMS)
    hands = [e for e in t.events if e.key == "mh.hand"]
    assert {e.audience.players for e in hands} == {(p,) for p in TEAMS}
    for player in TEAMS:
        own = MH.view(t.state, player)
        assert own["hand"] == t.state.seats[player].hand
        assert own["bag_contents"] == sorted(own["bag_contents"])
        for other in TEAMS:
            if other != player:
                assert isinstance(MH.view(t.state, other)["seats"][player]["hand"], int)


def test_mh_p3_bag_order_and_seed_never_shown():
    t = Table(seed="very-secret-seed")
    for viewer in (None, "a", "b"):
        assert "very-secret-seed" not in json.dumps(MH.view(t.state, viewer))
    assert all("very-secret-seed" not in json.dumps(dict(e.params)) for e in t.events)


def test_mh_p4_spectators_see_exactly_the_public_view():
    t = Table()
    assert MH.view(t.state, "stranger") == MH.view(t.state, None)
    assert MH.legal_actions(t.state, "stranger") == []


def test_mh_51_the_log_records_draws_plays_and_seals():
    t = Table()
    t.hand("a", "archer", SEAL)
    t.hand("b", "knight")
    t.play("deploy", unit="archer", hex="-2,3")
    t.play("deploy", unit="knight", hex="2,-3")
    t.play("seal", choice="pass")
    keys = t.keys()
    for key in ("mh.game_started", "mh.draft_done", "mh.round_started", "mh.drew", "mh.deployed", "mh.seal_played",
                "mh.round_ended"):
        assert key in keys, key


# -- the end of the game (MH-52 .. MH-59) --------------------------------------------------------------------


def test_mh_52_and_mh_53_control_win_ends_the_game_at_once():
    t = Table()
    for loc in ("FA1", "FA2", "CW"):
        t.own(loc, "A")
    t.place("a", "cavalry", "2,0")  # CE: the 6th location
    t.hand("a", "cavalry", "archer")
    t.play("control", unit="cavalry")
    assert t.state.outcome.reason == "control" and t.state.outcome.winners == ("a",)
    assert t.state.prompts == [] and t.last("mh.game_over").params["side"] == "A"
    with pytest.raises(IllegalAction) as err:
        MH.apply(t.state, Action("a", "turn#1", "deploy", {"unit": "archer", "hex": "-1,3"}))
    assert err.value.code == "game_over"


def test_mh_53_team_wins_with_eight():
    t = Table(TEAMS)
    for loc in ("FA1", "FA2", "CX", "CW"):
        t.own(loc, "A")
    t.place("a1", "uhlan", "2,0")  # CE: the 8th
    t.hand("a1", "uhlan")
    t.play("control", unit="uhlan")
    assert t.state.outcome.winners == ("a1", "a2") and t.state.outcome.teams == ("A",)


def test_mh_54_surrender_loses_for_the_whole_team():
    t = Table(TEAMS)
    t.act("b2", "surrender")  # not b2's turn: allowed at any time
    assert t.state.outcome.reason == "surrender" and t.state.outcome.winners == ("a1", "a2")


def test_mh_55_leave_rejoin_window_and_technical_loss():
    t = Table()
    t.act("a", "leave")  # a's turn: the game waits for a
    assert t.state.seats["a"].away and t.current == "a"
    rejoin = t.state.prompts[1]
    assert (rejoin.key, rejoin.kind, rejoin.players, rejoin.timeout) == ("mh.rejoin", "reaction", ("a",), 120)
    assert t.prompt.timeout is None  # no idle timer while away (clock off)
    assert [a.kind for a in MH.legal_actions(t.state, "a")] == ["rejoin"]
    with pytest.raises(IllegalAction) as err:
        t.act("a", "bolster", unit="archer")
    assert err.value.code == "away"
    t.state, _ = MH.apply(t.state, Action("a", rejoin.id, "rejoin"))
    assert not t.state.seats["a"].away and t.prompt.timeout == 600
    t.act("b", "leave")
    t.timeout(t.state.prompts[1].id)
    assert t.state.outcome.reason == "abandoned" and t.state.outcome.winners == ("a",)
    team = Table(TEAMS, rejoin_seconds=30)
    team.act("a2", "leave")
    assert team.state.prompts[1].timeout == 30
    team.timeout(team.state.prompts[1].id)
    assert team.state.outcome.winners == ("b1", "b2")


def test_mh_56_idle_counts_as_leaving():
    t = Table(idle_minutes=3)
    assert t.prompt.timeout == 180
    t.timeout()
    assert t.state.seats["a"].away and t.last("mh.left").params == {"player": "a", "seconds": 120, "idle": True}
    assert t.state.outcome is None


def test_mh_57_chess_clock_with_increment():
    t = Table(clock_minutes=2, increment_seconds=5)
    assert t.prompt.timeout == 120
    t.hand("a", "archer", "archer")
    t.hand("b", "knight", "knight")
    t.play("deploy", unit="archer", hex="-2,3", elapsed=20)
    assert t.state.seats["a"].clock == 105
    assert t.prompt.timeout == 120  # b's clock
    t.play("deploy", unit="knight", hex="2,-3", elapsed=119)
    assert t.state.seats["b"].clock == 6
    assert t.prompt.timeout == 105
    with pytest.raises(IllegalAction) as err:
        t.play("bolster", unit="archer", elapsed=-1)
    assert err.value.code == "bad_elapsed"
    t.play("bolster", unit="archer", elapsed=200)  # reported past the end: lost on time
    assert t.state.outcome.reason == "time" and t.state.outcome.winners == ("b",)
    t2 = Table(TEAMS, clock_minutes=1)
    t2.timeout()
    assert t2.state.outcome.reason == "time" and t2.state.outcome.winners == ("b1", "b2")
    assert Action.timeout("x").player == CLOCK


def test_mh_57_clock_runs_in_the_draft_too():
    state, _ = MH.setup(DUEL, {"clock_minutes": 1}, seed=1)
    assert state.phase == "draft" and state.prompts[0].timeout == 60
    state, _ = MH.on_timeout(state, state.prompts[0].id)
    assert state.outcome.reason == "time"


def test_mh_58_five_all_seal_rounds_are_a_draw():
    t = Table()
    for _ in range(5):
        assert t.state.outcome is None
        t.hand("a", SEAL)
        t.hand("b", SEAL)
        t.turn(t.state.order[0])
        t.play("seal", choice="pass")
        t.play("seal", choice="pass")
    assert t.state.outcome.draw and t.state.outcome.reason == "stalemate"


def test_mh_58_a_unit_play_resets_the_count():
    t = Table()
    for i in range(4):
        t.hand("a", SEAL)
        t.hand("b", SEAL)
        t.turn(t.state.order[0])
        t.play("seal", choice="pass")
        t.play("seal", choice="pass")
    assert t.state.seal_only_rounds == 4
    t.hand("a", "archer")
    t.hand("b", SEAL)
    t.turn("a")
    t.play("deploy", unit="archer", hex="-2,3")
    t.play("seal", choice="pass")
    assert t.state.seal_only_rounds == 0 and t.state.outcome is None


def test_mh_59_the_end_reveals_no_hands_or_seal_choices():
    t = Table()
    t.hand("a", SEAL)
    t.hand("b", "knight")
    t.play("seal", choice="recruit", unit="uhlan")
    events = t.act("b", "surrender")
    over = [e for e in events if e.key == "mh.game_over"][0]
    assert set(over.params) == {"reason", "side", "winners", "player"}
    assert all(e.audience.is_public for e in events)
    assert "recruit" not in json.dumps(MH.view(t.state, None)) and "pending" not in MH.view(t.state, None)


# -- lobby and spectators (MH-60, MH-61) ---------------------------------------------------------------------


def test_mh_60_options_and_defaults():
    options = MH.validate_options({}, 2)
    assert options == {"mode": "1v1", "first_player": "random", "faction_1": "random", "faction_2": "random", "faction_3": "random",
                       "faction_4": "random", "clock_minutes": 0, "increment_seconds": 0, "rejoin_seconds": 120,
                       "idle_minutes": 10}
    with pytest.raises(IllegalAction):
        MH.validate_options({"first_player": "C"}, 2)
    with pytest.raises(IllegalAction):
        MH.validate_options({"clock_minutes": -1}, 2)


def test_mh_61_spectators_cannot_act():
    t = Table()
    with pytest.raises(IllegalAction) as err:
        t.act("stranger", "surrender")
    assert err.value.code == "not_a_player"


# -- legal-action counts of fixed positions (perft) ----------------------------------------------------------


def _count(t: Table, player: str | None = None) -> int:
    return len(t.legal(player))


def _perft(state, depth: int) -> int:
    """Leaf count of the turn-play tree inside the current round (no draws: a round end is a leaf)."""
    if depth == 0 or state.outcome is not None:
        return 1
    player = state.current
    actions = [a for a in MH.legal_actions(state, player) if a.kind not in ("leave", "surrender")]
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        nxt, _ = MH.apply(state, action)
        total += 1 if nxt.round != state.round else _perft(nxt, depth - 1)
    return total


def test_perft_opening_hand_counts():
    t = Table()
    t.hand("a", "archer", "archer", SEAL)  # 2 deploy hexes + 4 recruits + pass
    t.hand("b", "knight", "swordsman", SEAL)
    assert _count(t) == 7
    # after any of them b has: 2 + 2 deploys, initiative, 4 recruits, pass
    assert _perft(t.state, 2) == 7 * 10


def test_perft_midgame_positions():
    t = Table()
    t.place("a", "cavalry", "0,0", 2)
    t.place("a", "archer", "-1,2")
    t.place("b", "spearman", "1,-1", 2)
    t.place("b", "knight", "0,-2", 1)
    t.hand("a", "cavalry", "archer", "uhlan")
    # cavalry: bolster 1, move 5, attack 1, control 1, charge (to, target) pairs 2 -> 10
    # archer: bolster 1, move 6, shot 0 (spearman at distance 3, knight at 1 untouchable) -> 7
    # uhlan: deploy on SA1, SA2 -> 2
    assert _count(t) == 19
    t.hand("b", "spearman", "knight", "light_cavalry")
    assert _perft(t.state, 1) == 19
    # b then has spearman 7 (bolster, 5 moves, attack), knight 7 (bolster, 6 moves), light cavalry 2 deploys
    assert _perft(t.state, 2) == 304
    assert _perft(t.state, 3) == 3198
