"""Midnight Hunt: units, boards, seats, factions, first player, the draft and the bag (MH-1 .. MH-16)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import Action, IllegalAction
from engines.midnight_hunt import MidnightHunt
from engines.midnight_hunt.hexgrid import DIRECTIONS, Grid, distance, hex_id, parse_hex
from engines.midnight_hunt.rules import DATA_DIR, DEFAULT_RULES, SEAL, load_ruleset
from tests.engines.midnight_hunt.helpers import DUEL, MH, TEAMS, Table

BASE = ["archer", "crossbowman", "uhlan", "cavalry", "light_cavalry", "spearman", "knight", "swordsman"]


# -- units (MH-1 .. MH-4) -----------------------------------------------------------------------------------


def test_mh_1_base_units_for_both_factions_only_the_crossbowman_changes():
    for unit in BASE:
        utype = DEFAULT_RULES.units[unit]
        assert set(utype.factions) == {"hunters", "darkness"}
        if unit != "crossbowman":
            assert utype.variants["hunters"] == utype.variants["darkness"]
    xbow = DEFAULT_RULES.units["crossbowman"]
    assert xbow.variants["hunters"].name == "crossbowman"
    assert xbow.variants["darkness"].name == "night_shooter"
    t = Table(factions={"a": "darkness", "b": "hunters"})
    t.hand("a", "crossbowman")
    t.play("deploy", unit="crossbowman", hex="-2,3")
    assert t.last("mh.deployed").params["name"] == "night_shooter"


def test_mh_2_swordsman_is_the_eighth_base_unit():
    sword = DEFAULT_RULES.units["swordsman"]
    assert (sword.tokens, sword.tactic, sword.variants["hunters"].attack.min_stack) == (5, None, 1)
    assert DEFAULT_RULES.draft_pool("hunters") == BASE
    tokens = {u: DEFAULT_RULES.units[u].tokens for u in BASE}
    assert tokens == {"archer": 4, "crossbowman": 5, "uhlan": 4, "cavalry": 4, "light_cavalry": 5, "spearman": 4,
                      "knight": 4, "swordsman": 5}


def test_mh_3_pool_is_base_plus_necromancer_for_darkness_and_units_come_from_data():
    assert DEFAULT_RULES.draft_pool("darkness") == [*BASE, "necromancer"]
    assert (DATA_DIR / "units.json").exists() and (DATA_DIR / "boards.json").exists()
    with pytest.raises(ValueError, match="unknown tactic"):
        load_ruleset(units=[{"id": "ogre", "tokens": 3, "factions": ["hunters"], "tactic": "roar",
                             "variants": {"hunters": {"name": "ogre", "attack": None}}}])
    with pytest.raises(ValueError, match="unknown fields"):
        load_ruleset(units=[{"id": "ogre", "tokens": 3, "factions": ["hunters"], "flies": True,
                             "variants": {"hunters": {"name": "ogre", "attack": None}}}])


def _with_extra_unit(record: dict) -> MidnightHunt:
    import json

    units = json.loads((DATA_DIR / "units.json").read_text(encoding="utf-8"))["units"]
    return MidnightHunt(load_ruleset(units=[*units, record]))


def test_mh_3_a_new_unit_from_known_behaviours_needs_no_engine_change():
    # A Hunters-only "pikeman": counter-strike like the Spearman, a Dash like the Light Cavalry.
    engine = _with_extra_unit(
        {"id": "pikeman", "tokens": 3, "factions": ["hunters"], "tactic": "dash", "counter_strike": True,
         "variants": {"hunters": {"name": "pikeman", "icon": "P", "attack": {"min_stack": 2, "fee": 0}}}}
    )
    drafts = {"a": ["pikeman", "archer", "uhlan", "cavalry"], "b": ["light_cavalry", "spearman", "knight", "swordsman"]}
    overrides = {"drafts": drafts, "factions": {"a": "hunters", "b": "hunters"}, "first": "A",
                 "hands": {"a": ["pikeman", "archer", "archer"]}}
    state, _ = engine.setup(DUEL, {}, seed=1, overrides=overrides)
    assert "pikeman" in engine.rules.draft_pool("hunters") and "pikeman" not in engine.rules.draft_pool("darkness")
    me = state.seats["a"]
    assert me.supply["pikeman"] == 1 and Counter(me.bag + me.hand)["pikeman"] == 2
    deploys = [a for a in engine.legal_actions(state, "a") if a.kind == "deploy"]
    assert {a.args["hex"] for a in deploys} == {"-2,3", "-1,3"}
    state, _ = engine.apply(state, deploys[0])
    engine.check_invariants(state)


def test_mh_4_deploy_adjacent_adds_empty_hexes_next_to_bases_and_own_units():
    engine = _with_extra_unit(
        {"id": "scout", "tokens": 3, "factions": ["hunters"], "tactic": None, "deploy_adjacent": True,
         "variants": {"hunters": {"name": "scout", "attack": {"min_stack": 1, "fee": 0}}}}
    )
    drafts = {"a": ["scout", "archer", "uhlan", "cavalry"], "b": ["light_cavalry", "spearman", "knight", "swordsman"]}
    state, _ = engine.setup(DUEL, {}, seed=1, overrides={"drafts": drafts, "factions": {"a": "hunters", "b": "hunters"},
                                                          "first": "A", "hands": {"a": ["scout"]}})
    state.seats["a"].bag.remove("archer")  # an own unit elsewhere on the board
    from engines.midnight_hunt.state import UnitOnBoard

    state.board["0,0"] = UnitOnBoard("a", "archer", 1)
    engine.check_invariants(state)
    hexes = {a.args["hex"] for a in engine.legal_actions(state, "a") if a.kind == "deploy"}
    near_bases = {"-2,3", "-1,3", "-3,3", "0,3", "-2,2", "-1,2", "0,2"}  # SA1, SA2 and their free neighbours
    near_archer = {"1,0", "-1,0", "0,1", "0,-1", "1,-1", "-1,1"}
    assert hexes == near_bases | near_archer


# -- boards (MH-5 .. MH-10) ---------------------------------------------------------------------------------


def test_mh_5_axial_geometry():
    assert len(Grid(3).hexes) == 37 and len(Grid(4).hexes) == 61
    assert distance((0, 0), (3, -3)) == 3 and distance((-2, 3), (1, -3)) == 6
    grid = Grid(3)
    for h in grid.hexes:
        q, r = parse_hex(h)
        assert max(abs(q), abs(r), abs(q + r)) <= 3
        assert {grid.distance(h, n) for n in grid.neighbours[h]} == {1}
        assert all(grid.distance(h, x) == 2 for x in grid.ring2[h])
        for ray in grid.rays[h]:  # a straight line: k times one direction
            dq, dr = parse_hex(ray[0])[0] - q, parse_hex(ray[0])[1] - r
            assert (dq, dr) in DIRECTIONS
            assert [parse_hex(x) for x in ray] == [(q + k * dq, r + k * dr) for k in range(1, len(ray) + 1)]
    assert len(grid.neighbours["0,0"]) == 6 and len(grid.neighbours["3,0"]) == 3
    assert hex_id(-2, 3) == "-2,3"


def test_mh_6_a_hex_holds_one_unit():
    t = Table()
    t.place("b", "knight", "-1,2", 2)
    t.place("a", "archer", "-2,3")
    t.hand("a", "archer", "cavalry")
    assert ("move", {"unit": "archer", "to": "-1,2"}) not in t.legal()
    assert ("deploy", {"unit": "cavalry", "hex": "-2,3"}) not in t.legal()  # SA1 is taken
    assert ("deploy", {"unit": "cavalry", "hex": "-1,3"}) in t.legal()


def test_mh_7_control_stays_when_the_unit_leaves_and_is_not_changed_by_standing():
    t = Table()
    t.place("b", "swordsman", "-2,3")  # an enemy on A's SA1
    assert t.state.control["SA1"] == "A"
    t.place("a", "cavalry", "0,0")
    t.hand("a", "cavalry")
    t.play("control", unit="cavalry")
    assert t.state.control["N"] == "A"
    t.hand("a", "cavalry")
    t.turn("a")
    t.play("move", unit="cavalry", to="1,0")
    assert t.state.control["N"] == "A"


def _locations(mode: str) -> dict[str, tuple[tuple[int, int], str | None, str]]:
    board = DEFAULT_RULES.boards[mode]
    return {loc.id: (parse_hex(loc.hex), loc.control, loc.kind) for loc in board.locations}


def test_mh_8_duel_board():
    board = DEFAULT_RULES.boards["1v1"]
    locs = _locations("1v1")
    assert board.grid.radius == 3 and len(locs) == 11 and board.win_count == 6
    assert {k for k, (_, c, _) in locs.items() if c == "A"} == {"SA1", "SA2"}
    assert {k for k, (_, c, _) in locs.items() if c == "B"} == {"SB1", "SB2"}
    assert locs["SA1"][0] == (-2, 3) and locs["N"][0] == (0, 0)
    hexes = {h for h, _, _ in locs.values()}
    assert {(-q, -r) for q, r in hexes} == hexes  # 180° rotation
    assert {(-q - r, r) for q, r in hexes} == hexes  # left-right mirror
    swap = {"A": "B", "B": "A", None: None}
    by_hex = {h: c for h, c, _ in locs.values()}
    assert all(by_hex[(-q, -r)] == swap[c] for (q, r), c in by_hex.items())


def test_mh_9_team_board():
    board = DEFAULT_RULES.boards["2v2"]
    locs = _locations("2v2")
    assert board.grid.radius == 4 and len(board.grid.hexes) == 61 and len(locs) == 14 and board.win_count == 8
    kinds = Counter((c, k) for _, c, k in locs.values())
    assert kinds[("A", "start")] == 3 and kinds[("B", "start")] == 3
    assert sum(1 for _, c, _ in locs.values() if c is None) == 8  # 2 + 2 forward, 4 neutral
    swap = {"A": "B", "B": "A", None: None}
    by_hex = {h: c for h, c, _ in locs.values()}
    assert all(by_hex[(q + r, -r)] == swap[c] for (q, r), c in by_hex.items())  # mirror across the middle row
    team = {h for h, c, k in locs.values() if k in ("start", "forward")}
    assert {(-q, -r) for q, r in team} == team


def test_mh_10_necropolis_only_for_the_necromancer_in_2v2():
    t = Table(TEAMS)
    t.place("b1", "necromancer", "0,0")
    t.place("a2", "cavalry", "0,-1")
    t.hand("b1", "necromancer")
    t.hand("a2", "cavalry")
    t.turn("b1")
    assert ("control", {"unit": "necromancer"}) in t.legal()
    t.place("b1", "necromancer", "-4,0")
    t.place("b1", "knight", "0,0", 2)  # the knight may stand there but not capture
    t.hand("b1", "knight")
    assert ("control", {"unit": "knight"}) not in t.legal()
    duel = Table()
    duel.place("a", "archer", "0,0")
    duel.hand("a", "archer")
    assert ("control", {"unit": "archer"}) in duel.legal()


# -- seats, factions, first player (MH-11 .. MH-13) ----------------------------------------------------------


def test_mh_11_seats_by_mode_and_player_count():
    state, events = MH.setup(DUEL, {}, seed=1)
    assert [state.seats[p].seat for p in DUEL] == ["A", "B"] and state.mode == "1v1"
    state, _ = MH.setup(TEAMS, {}, seed=1)
    assert [state.seats[p].seat for p in TEAMS] == ["A1", "A2", "B1", "B2"] and state.mode == "2v2"
    assert [state.seats[p].side for p in TEAMS] == ["A", "A", "B", "B"]
    with pytest.raises(IllegalAction) as err:
        MH.setup(["a", "b", "c"], {}, seed=1)
    assert err.value.code == "player_count"


def test_mh_11_mh_60_the_hosts_mode_fixes_the_seats_and_must_match_the_table():
    """The lobby's mode option seats 2 or 4 (MH-61: whoever joins beyond them watches); without it (the offline
    table, scenarios) the player count decides."""
    assert MH.seats({}) == 2 and MH.seats({"mode": "1v1"}) == 2 and MH.seats({"mode": "2v2"}) == 4
    assert MH.setup(TEAMS, {"mode": "2v2"}, seed=1)[0].mode == "2v2"
    assert MH.setup(DUEL, {"mode": "1v1"}, seed=1)[0].mode == "1v1"
    for players, mode in ((DUEL, "2v2"), (TEAMS, "1v1")):
        with pytest.raises(IllegalAction) as err:
            MH.setup(players, {"mode": mode}, seed=1)
        assert err.value.code == "mode_players"
    # a 2v2 lobby may set the 3rd and 4th seats' factions once the mode says they exist
    assert MH.validate_options({"mode": "2v2", "faction_4": "darkness"}, 2)["faction_4"] == "darkness"
    with pytest.raises(IllegalAction):
        MH.validate_options({"mode": "1v1", "faction_3": "hunters"}, 2)


def test_mh_12_faction_preferences_random_resolved_and_announced():
    seen = set()
    for seed in range(30):
        state, events = MH.setup(DUEL, {"faction_1": "darkness"}, seed=seed)
        assert state.seats["a"].faction == "darkness"
        seen.add(state.seats["b"].faction)
        started = next(e for e in events if e.key == "mh.game_started")
        assert started.params["factions"] == {"a": "darkness", "b": state.seats["b"].faction}
    assert seen == {"hunters", "darkness"}
    state, _ = MH.setup(DUEL, {"faction_1": "hunters", "faction_2": "hunters"}, seed=1)
    assert state.seats["a"].faction == state.seats["b"].faction == "hunters"
    with pytest.raises(IllegalAction):
        MH.setup(DUEL, {"faction_3": "hunters"}, seed=1)


def test_mh_13_first_player_chosen_or_random():
    state, events = MH.setup(TEAMS, {"first_player": "B"}, seed=1)
    assert state.first_side == "B" and state.current == "b1"
    assert next(e for e in events if e.key == "mh.game_started").params["first"] == "b1"
    firsts = {MH.setup(DUEL, {}, seed=s)[0].first_side for s in range(20)}
    assert firsts == {"A", "B"}
    assert MH.setup(DUEL, {}, seed=5)[0].first_side == MH.setup(DUEL, {}, seed=5)[0].first_side


# -- the draft and the bag (MH-14 .. MH-16) ------------------------------------------------------------------


def _draft(state, picks):
    for unit in picks:
        player = state.current
        state, _ = MH.apply(state, Action(player, state.prompts[0].id, "pick", {"unit": unit}))
        MH.check_invariants(state)
    return state


def test_mh_14_duel_draft_alternates_and_types_are_exclusive():
    state, _ = MH.setup(DUEL, {"first_player": "B", "faction_1": "hunters", "faction_2": "darkness"}, seed=1)
    assert state.phase == "draft" and state.prompts[0].key == "mh.draft"
    assert state.order == ["b", "a"] * 4
    state = _draft(state, ["necromancer"])
    picks = [a.args["unit"] for a in MH.legal_actions(state, "a") if a.kind == "pick"]
    assert picks == BASE  # the Hunters seat cannot pick the Necromancer
    state = _draft(state, ["archer"])
    picks = [a.args["unit"] for a in MH.legal_actions(state, "b") if a.kind == "pick"]
    assert "archer" not in picks and "necromancer" not in picks
    with pytest.raises(IllegalAction) as err:
        MH.apply(state, Action("b", state.prompts[0].id, "pick", {"unit": "archer"}))
    assert err.value.code == "bad_unit"
    with pytest.raises(IllegalAction) as err:
        MH.apply(state, Action("a", state.prompts[0].id, "pick", {"unit": "uhlan"}))
    assert err.value.code == "not_your_turn"
    state = _draft(state, ["uhlan", "cavalry", "light_cavalry", "spearman", "knight", "swordsman"])
    assert state.phase == "play"
    assert state.seats["b"].units == ["necromancer", "uhlan", "light_cavalry", "knight"]
    assert state.seats["a"].units == ["archer", "cavalry", "spearman", "swordsman"]


def test_mh_14_team_draft_in_play_order_exclusive_per_team():
    options = {"first_player": "B", "faction_1": "hunters", "faction_2": "hunters", "faction_3": "darkness",
               "faction_4": "hunters"}  # faction_n is the n-th seat: A1, A2, B1, B2
    state, _ = MH.setup(TEAMS, options, seed=1)
    assert state.order == ["b1", "a1", "b2", "a2"] * 3
    state = _draft(state, ["archer", "archer"])  # b1, then a1: both teams may hold a type
    picks = [a.args["unit"] for a in MH.legal_actions(state, "b2") if a.kind == "pick"]
    assert "archer" not in picks  # b1 (team-mate) has it
    state = _draft(state, ["uhlan", "swordsman"])  # b2, a2
    picks = [a.args["unit"] for a in MH.legal_actions(state, "b1") if a.kind == "pick"]
    assert "necromancer" in picks and "archer" not in picks and "uhlan" not in picks  # b1 is the Darkness seat
    state = _draft(state, ["necromancer", "knight", "spearman", "spearman", "knight", "cavalry", "cavalry", "light_cavalry"])
    assert state.phase == "play"
    assert [len(s.units) for s in state.seats.values()] == [3, 3, 3, 3]


def test_mh_15_bags_supply_and_seal():
    t = Table(hands={"a": [], "b": []})
    for player in DUEL:
        me = t.state.seats[player]
        everything = Counter(me.bag) + Counter(me.hand)
        assert sum(everything.values()) == 9 and everything[SEAL] == 1
        for unit in me.units:
            assert everything[unit] == 2
            assert me.supply[unit] == DEFAULT_RULES.units[unit].tokens - 2
    team = Table(TEAMS)
    for me in team.state.seats.values():
        assert len(me.bag) + len(me.hand) == 7


def test_mh_16_everything_random_comes_from_the_seed():
    def run(seed):
        state, events = MH.setup(DUEL, {}, seed=seed)
        while state.phase == "draft":
            state, more = MH.apply(state, MH.legal_actions(state, state.current)[0])
            events += more
        return state, events

    a, b, c = run(3), run(3), run(4)
    assert a[0] == b[0] and a[1] == b[1]
    assert any(run(s)[0] != a[0] for s in range(5, 10))
    assert c[0].seed == "4"
