"""Night Watch rules, one test (at least) per rule id of shared/rules/night_watch.md."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import CLOCK, HOST, Action, IllegalAction
from engines.night_watch.roles import default_counts
from tests.engines.night_watch.helpers import NW, Table, deal

PLAYERS = [f"p{i}" for i in range(1, 26)]


# -- roles and the deal -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 26])
def test_nw_1_player_count_bounds(n):
    with pytest.raises(IllegalAction) as err:
        NW.setup(PLAYERS[:n] if n <= 25 else [f"x{i}" for i in range(n)], {}, seed=1)
    assert err.value.code == "player_count"


@pytest.mark.parametrize("n", [5, 9, 10, 25])
def test_nw_1_small_and_full_tables_start(n):
    state, _ = NW.setup(PLAYERS[:n], {}, seed=1)
    assert len(state.roles) == n
    assert NW.recommended_players == 10


def test_nw_2_check_results_use_the_team_definitions():
    t = Table(["garibaldi", "wells", "watch", "bester", "zack", "citizen"])
    t.to_night()
    t.act("p1", "check", target="p2")
    assert t.last("nw.check_watch").params == {"target": "p2", "result": True}
    t.act("p2", "check", target="p5")
    assert t.last("nw.check_security").params == {"target": "p5", "result": True}


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (5, {"watch": 1, "wells": 0, "garibaldi": 1, "franklin": 0, "zack": 0, "bester": 0, "citizen": 3}),
        (6, {"watch": 1, "wells": 0, "garibaldi": 1, "franklin": 1, "zack": 0, "bester": 0, "citizen": 3}),
        (8, {"watch": 2, "wells": 0, "garibaldi": 1, "franklin": 1, "zack": 0, "bester": 0, "citizen": 4}),
        (10, {"watch": 2, "wells": 1, "garibaldi": 1, "franklin": 1, "zack": 0, "bester": 0, "citizen": 5}),
        (11, {"watch": 2, "wells": 1, "garibaldi": 1, "franklin": 1, "zack": 1, "bester": 0, "citizen": 5}),
        (13, {"watch": 2, "wells": 1, "garibaldi": 1, "franklin": 1, "zack": 1, "bester": 1, "citizen": 6}),
        (17, {"watch": 3, "wells": 1, "garibaldi": 1, "franklin": 1, "zack": 1, "bester": 1, "citizen": 9}),
        (21, {"watch": 4, "wells": 1, "garibaldi": 1, "franklin": 1, "zack": 1, "bester": 1, "citizen": 12}),
        (24, {"watch": 5, "wells": 1, "garibaldi": 1, "franklin": 1, "zack": 1, "bester": 1, "citizen": 14}),
        (25, {"watch": 6, "wells": 1, "garibaldi": 1, "franklin": 1, "zack": 1, "bester": 1, "citizen": 14}),
    ],
)
def test_nw_3_default_role_table(n, expected):
    assert default_counts(n) == expected
    state, _ = NW.setup(PLAYERS[:n], {}, seed=n)
    dealt = Counter(state.roles.values())
    assert {r: dealt.get(r, 0) for r in expected} == expected


def test_nw_4_custom_role_counts_are_used():
    counts = {"citizen": 2, "watch": 2, "wells": 0, "garibaldi": 1, "zack": 1, "bester": 0, "franklin": 0}
    state, _ = NW.setup(PLAYERS[:6], {"roles": counts}, seed=3)
    assert Counter(state.roles.values()) == Counter({k: v for k, v in counts.items() if v})


@pytest.mark.parametrize(
    ("counts", "rule"),
    [
        ({"citizen": 4, "garibaldi": 1}, "no_watch"),
        ({"citizen": 3, "watch": 1, "garibaldi": 0, "zack": 1}, "garibaldi"),
        ({"citizen": 2, "watch": 1, "garibaldi": 2}, "garibaldi"),
        ({"citizen": 1, "watch": 1, "garibaldi": 1, "zack": 2}, "unique"),
        ({"citizen": 0, "watch": 2, "garibaldi": 1, "franklin": 1, "zack": 1}, "citizen"),
        ({"citizen": 5, "watch": 1, "garibaldi": 1}, "sum"),
    ],
)
def test_nw_4_invalid_role_sets_are_refused_with_a_reason(counts, rule):
    with pytest.raises(IllegalAction) as err:
        NW.setup(PLAYERS[:5], {"roles": counts}, seed=1)
    assert err.value.code == "bad_roles"
    assert err.value.params["rule"] == rule


def test_nw_4_wells_alone_counts_as_the_watch():
    state, _ = NW.setup(PLAYERS[:5], {"roles": {"citizen": 3, "wells": 1, "garibaldi": 1}}, seed=1)
    assert "wells" in state.roles.values()


def test_nw_5_deal_is_seeded_and_private():
    a, events = NW.setup(PLAYERS[:12], {}, seed="s")
    b, _ = NW.setup(PLAYERS[:12], {}, seed="s")
    c, _ = NW.setup(PLAYERS[:12], {}, seed="other")
    assert a.roles == b.roles
    assert a.roles != c.roles
    mine = [e for e in events if e.key == "nw.your_role"]
    assert sorted(e.audience.players for e in mine) == sorted((p,) for p in PLAYERS[:12])
    assert all(e.params["role"] == a.roles[e.audience.players[0]] for e in mine)


def test_nw_5_deal_is_uniform_over_seats():
    watch_seats = Counter()
    for seed in range(600):
        state, _ = NW.setup(PLAYERS[:5], {}, seed=seed)
        watch_seats.update(p for p, r in state.roles.items() if r == "watch")
    assert all(90 <= watch_seats[p] <= 150 for p in PLAYERS[:5]), watch_seats


# -- flow ---------------------------------------------------------------------------------------------------


def test_nw_6_introduction_night_shows_the_watch_to_itself_only_and_nobody_dies():
    t = Table(["citizen", "watch", "wells", "garibaldi", "citizen", "citizen"])
    intro = t.last("nw.watch_introduced")
    assert intro.audience.kind == "team" and intro.audience.team == "watch"
    assert set(intro.audience.players) == {"p2", "p3"} == set(intro.params["members"])
    assert t.state.day == 1 and t.state.phase == "discussion"
    assert t.state.alive == [f"p{i}" for i in range(1, 7)]
    assert t.last("nw.dawn").params["dead"] == []


def test_nw_7_day_is_dawn_discussion_vote_then_night_then_dawn():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    assert t.keys()[-2:] == ["nw.dawn", "nw.discussion_opened"]
    t.to_vote()
    assert t.state.phase == "vote"
    t.timeout()
    assert t.state.phase == "night"
    t.timeout()
    assert t.state.phase == "discussion" and t.state.day == 2
    assert t.keys()[-2:] == ["nw.dawn", "nw.discussion_opened"]


def test_nw_8_dawn_lists_dead_in_seat_order_without_killers_and_reveals_roles():
    t = Table(["citizen", "watch", "zack", "citizen", "garibaldi", "citizen", "citizen"])
    t.to_night()
    t.night(("p2", "kill", "p6"), ("p3", "shoot", "p1"), ("p5", "check", "p4"))
    dawn = t.last("nw.dawn")
    assert dawn.audience.is_public
    assert dawn.params == {"day": 2, "dead": ["p1", "p6"]}  # never who or what killed them
    after_dawn = t.events[t.events.index(dawn) + 1 :]
    assert [(e.key, e.params) for e in after_dawn[:2]] == [
        ("nw.role_revealed", {"player": "p1", "role": "citizen"}),
        ("nw.role_revealed", {"player": "p6", "role": "citizen"}),
    ]


def test_nw_8_reveal_roles_off_hides_dead_roles():
    t = Table(["citizen", "watch", "zack", "citizen", "garibaldi", "citizen", "citizen"], reveal_roles=False)
    t.to_night({"p1": "p4", "p2": "p4"})
    assert "nw.role_revealed" not in t.keys()
    t.night(("p2", "kill", "p6"))
    assert t.last("nw.dawn").params["dead"] == ["p6"]
    assert "nw.role_revealed" not in t.keys()
    assert NW.view(t.state, None)["revealed_roles"] == {}


def test_nw_9_discussion_ends_when_more_than_half_are_ready():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen", "citizen"])
    assert t.prompt.timeout == 180
    for p in ("p1", "p2", "p3"):
        t.act(p, "ready")
        assert t.state.phase == "discussion"  # 3 of 6 is not more than half
    t.act("p4", "ready")
    assert t.state.phase == "vote"


def test_nw_9_discussion_times_out_or_is_skipped():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"], discussion_seconds=30)
    assert t.prompt.timeout == 30
    t.timeout()
    assert t.state.phase == "vote"
    t2 = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    t2.host("skip")
    assert t2.state.phase == "vote"


def test_nw_9_ready_twice_is_refused():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    t.act("p1", "ready")
    with pytest.raises(IllegalAction) as err:
        t.act("p1", "ready")
    assert err.value.code == "already_done"


def test_nw_10_votes_are_public_changeable_and_not_for_oneself():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    t.to_vote()
    events = t.act("p1", "vote", target="p2")
    assert events[0].audience.is_public and events[0].params["tally"] == {"p2": 1}
    t.act("p1", "vote", target="p3")
    assert t.last("nw.vote_cast").params["tally"] == {"p3": 1}
    with pytest.raises(IllegalAction):
        t.act("p1", "vote", target="p1")
    assert NW.view(t.state, None)["tally"] == {"p3": 1}


def test_nw_10_vote_closes_when_everyone_living_has_voted():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"], vote_seconds=45)
    t.to_vote()
    assert t.prompt.timeout == 45
    for voter in ("p1", "p2", "p3", "p4"):
        t.act(voter, "vote", target="p5")
    assert t.state.phase == "vote"
    t.act("p5", "vote", target="p1")
    assert t.state.phase == "night"
    assert t.state.vote_history[-1].jailed == "p5"


def test_nw_11_most_votes_is_jailed():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night({"p1": "p2", "p3": "p2", "p4": "p5"})
    assert "p2" not in t.state.alive
    # jailing the only Watch member ends the game for the station (NW-21)
    assert t.state.outcome.reason == "station_wins"


def _tied_vote(seed: int) -> str | None:
    players = [f"p{i}" for i in range(1, 7)]
    roles = dict(zip(players, ["citizen", "watch", "watch", "garibaldi", "citizen", "citizen"]))
    state, _ = NW.setup(players, {}, seed=seed, overrides={"roles": roles})
    state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    pid = state.prompts[0].id
    state, _ = NW.apply(state, Action("p1", pid, "vote", {"target": "p5"}))
    state, _ = NW.apply(state, Action("p4", pid, "vote", {"target": "p6"}))
    state, _ = NW.on_timeout(state, pid)
    return state.vote_history[-1].jailed


def test_nw_11_ties_are_broken_by_the_seeded_rng():
    picks = [_tied_vote(seed) for seed in range(30)]
    assert set(picks) == {"p5", "p6"}  # either may go
    assert picks == [_tied_vote(seed) for seed in range(30)]  # and the same seed makes the same pick


def test_nw_11_nobody_voted_nobody_jailed():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    t.to_night()
    assert "nw.nobody_jailed" in t.keys()
    assert len(t.state.alive) == 5


def test_nw_12_night_prompts_only_living_power_holders_and_ends_when_all_acted():
    t = Table(["citizen", "watch", "garibaldi", "franklin", "citizen", "citizen"], night_seconds=40)
    t.to_night()
    assert set(t.prompt.players) == {"p2", "p3", "p4"}
    assert t.prompt.timeout == 40
    assert [a.kind for a in NW.legal_actions(t.state, "p1")] == ["leave"]  # citizens have no night power
    t.act("p2", "kill", target="p1")
    t.act("p3", "check", target="p2")
    assert t.state.phase == "night"
    t.act("p4", "skip", task="save")
    assert t.state.phase == "discussion"
    assert t.last("nw.dawn").params["dead"] == ["p1"]


def test_nw_12_missing_action_is_no_action():
    t = Table(["citizen", "watch", "zack", "citizen", "garibaldi", "citizen"])
    t.to_night()
    t.act("p3", "shoot", target="p1")
    t.timeout()  # the Watch never proposed
    assert t.last("nw.dawn").params["dead"] == ["p1"]


def test_nw_13_watch_kill_most_proposals_shown_in_watch_channel():
    t = Table(["citizen", "watch", "watch", "watch", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night()
    event = t.act("p2", "kill", target="p6")[0]
    assert event.key == "nw.watch_proposal"
    assert event.audience.kind == "team" and set(event.audience.players) == {"p2", "p3", "p4"}
    t.act("p3", "kill", target="p7")
    t.act("p4", "kill", target="p7")
    t.timeout()
    assert t.last("nw.dawn").params["dead"] == ["p7"]


def test_nw_13_watch_cannot_target_the_watch_and_may_change_the_proposal():
    t = Table(["citizen", "watch", "watch", "garibaldi", "citizen", "citizen"])
    t.to_night()
    with pytest.raises(IllegalAction) as err:
        t.act("p2", "kill", target="p3")
    assert err.value.code == "bad_target"
    t.act("p2", "kill", target="p1")
    # the same proposal again (a double click) is refused, so the Watch's channel shows it once
    with pytest.raises(IllegalAction) as err:
        t.act("p2", "kill", target="p1")
    assert err.value.code == "bad_target"
    t.act("p2", "kill", target="p5")
    t.timeout()
    assert t.last("nw.dawn").params["dead"] == ["p5"]


def test_nw_13_tie_goes_to_wells_pick():
    t = Table(["citizen", "watch", "wells", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night()
    t.act("p2", "kill", target="p1")
    t.act("p3", "kill", target="p6")
    t.timeout()
    assert t.last("nw.dawn").params["dead"] == ["p6"]


def test_nw_13_tie_without_wells_is_random_and_no_proposal_no_kill():
    deaths = set()
    for seed in range(20):
        players = [f"p{i}" for i in range(1, 8)]
        roles = ["citizen", "watch", "watch", "garibaldi", "citizen", "citizen", "citizen"]
        state, _ = NW.setup(players, {}, seed=seed, overrides={"roles": dict(zip(players, roles))})
        state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
        state, _ = NW.on_timeout(state, state.prompts[0].id)
        pid = state.prompts[0].id
        state, _ = NW.apply(state, Action("p2", pid, "kill", {"target": "p1"}))
        state, _ = NW.apply(state, Action("p3", pid, "kill", {"target": "p6"}))
        state, _ = NW.on_timeout(state, pid)
        deaths.update(state.nights[-1].dead)
    assert deaths == {"p1", "p6"}
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    t.to_night()
    t.timeout()
    assert t.last("nw.dawn").params["dead"] == []


def test_nw_14_garibaldi_learns_at_once_and_privately_bester_reads_as_no():
    t = Table(["garibaldi", "watch", "bester", "citizen", "citizen", "citizen"])
    t.to_night()
    event = t.act("p1", "check", target="p3")[0]
    assert event.key == "nw.check_watch" and event.audience.players == ("p1",)
    assert event.params == {"target": "p3", "result": False}
    with pytest.raises(IllegalAction):
        t.act("p1", "check", target="p2")  # one check a night
    t2 = Table(["garibaldi", "watch", "citizen", "citizen", "citizen"])
    t2.to_night()
    with pytest.raises(IllegalAction) as err:
        t2.act("p1", "check", target="p1")
    assert err.value.code == "bad_target"


@pytest.mark.parametrize("role", ["zack", "bester"])
def test_nw_15_16_shooters_kill_anyone_but_themselves(role):
    t = Table([role, "watch", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night()
    with pytest.raises(IllegalAction):
        t.act("p1", "shoot", target="p1")
    t.act("p1", "shoot", target="p3")  # may hit his own side
    t.timeout()
    assert t.last("nw.dawn").params["dead"] == ["p3"]


def test_nw_17_wells_checks_for_security_and_also_proposes_a_kill():
    t = Table(["wells", "zack", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night()
    kinds = {a.kind for a in NW.legal_actions(t.state, "p1")}
    assert {"kill", "check"} <= kinds
    event = t.act("p1", "check", target="p2")[0]
    assert event.params == {"target": "p2", "result": True} and event.audience.players == ("p1",)
    with pytest.raises(IllegalAction):
        t.act("p1", "check", target="p4")


def test_nw_18_franklin_saves_anyone_but_himself_also_twice_running():
    t = Table(["franklin", "watch", "garibaldi", "citizen", "citizen", "citizen", "citizen"])
    t.to_night()
    with pytest.raises(IllegalAction):
        t.act("p1", "save", target="p1")
    t.night(("p2", "kill", "p4"), ("p1", "save", "p4"))
    assert t.last("nw.dawn").params["dead"] == []
    t.to_night()
    t.night(("p2", "kill", "p4"), ("p1", "save", "p4"))
    assert t.last("nw.dawn").params["dead"] == []


def test_nw_19_saved_player_survives_every_shot_and_dying_actors_still_count():
    t = Table(["franklin", "watch", "zack", "bester", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night()
    t.night(
        ("p2", "kill", "p6"),
        ("p3", "shoot", "p6"),
        ("p4", "shoot", "p3"),  # Bester kills Zack; Zack's shot still counts
        ("p1", "save", "p6"),
    )
    assert t.last("nw.dawn").params["dead"] == ["p3"]
    t.to_night()
    t.night(("p2", "kill", "p7"), ("p4", "shoot", "p2"), ("p1", "save", "p8"))
    assert t.last("nw.dawn").params["dead"] == ["p2", "p7"]  # the dying Watch member's kill still lands
    assert t.state.outcome.reason == "station_wins"


def test_nw_20_eliminated_players_cannot_act_and_get_no_prompts():
    t = Table(["citizen", "watch", "watch", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night({"p1": "p4", "p2": "p4", "p3": "p4"})
    assert "p4" not in t.prompt.players
    assert NW.legal_actions(t.state, "p4") == []
    with pytest.raises(IllegalAction) as err:
        t.act("p4", "check", target="p2")
    assert err.value.code == "not_alive"
    t.night(("p2", "kill", "p1"), ("p3", "kill", "p1"))
    with pytest.raises(IllegalAction):
        t.act("p1", "ready")


def test_nw_20_eliminated_watch_leaves_the_watch_channel():
    t = Table(["citizen", "watch", "watch", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night({"p1": "p2", "p4": "p2", "p5": "p2"})
    event = t.act("p3", "kill", target="p1")[0]
    assert event.audience.players == ("p3",)


# -- the end ------------------------------------------------------------------------------------------------


def test_nw_21_station_wins_when_no_watch_is_left_even_with_bester_alive():
    t = Table(["bester", "watch", "garibaldi", "citizen", "citizen"])
    t.to_night({"p1": "p2", "p3": "p2", "p4": "p2"})
    assert t.state.outcome.reason == "station_wins"
    assert set(t.state.outcome.winners) == {"p3", "p4", "p5"}
    assert t.state.prompts == []


def test_nw_21_watch_wins_when_only_the_watch_is_alive():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "watch", "citizen"])
    t.to_night({"p1": "p3", "p2": "p3", "p5": "p3"})
    t.night(("p2", "kill", "p1"), ("p5", "kill", "p1"))
    t.to_night({"p2": "p4", "p5": "p4"})
    assert t.state.outcome is None
    t.night(("p2", "kill", "p6"), ("p5", "kill", "p6"))
    assert t.state.outcome.reason == "watch_wins"
    assert set(t.state.outcome.winners) == {"p2", "p5"}


def test_nw_21_psi_cop_wins_alone():
    t = Table(["bester", "watch", "garibaldi", "citizen", "citizen"])
    for p in ("p3", "p4", "p5"):
        t.host("remove", player=p)
    assert t.state.outcome is None  # Bester and one Watch member are left
    t.to_night()
    t.night(("p1", "shoot", "p2"))
    assert t.state.outcome.reason == "psi_cop_wins" and t.state.outcome.winners == ("p1",)


def test_nw_21_nobody_alive_is_a_draw_and_it_is_checked_first():
    t = Table(["bester", "watch", "garibaldi", "citizen", "citizen"])
    for p in ("p3", "p4", "p5"):
        t.host("remove", player=p)
    t.to_night()
    t.night(("p1", "shoot", "p2"), ("p2", "kill", "p1"))
    assert t.state.outcome.draw and t.state.outcome.reason == "nobody_alive"


def test_nw_22_three_quiet_cycles_end_in_a_draw():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    for _ in range(2):
        t.to_night()
        t.timeout()
        assert t.state.outcome is None
    t.to_night()
    t.timeout()
    assert t.state.outcome.draw and t.state.outcome.reason == "stalemate"


def test_nw_22_an_elimination_resets_the_count():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen", "citizen", "citizen"])
    t.to_night()
    t.timeout()
    t.to_night()
    t.night(("p2", "kill", "p1"))
    assert t.state.quiet_cycles == 0
    t.to_night()
    t.timeout()
    t.to_night()
    t.timeout()
    assert t.state.outcome is None


def test_nw_23_everything_is_revealed_at_the_end():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    t.to_night()
    t.night(("p2", "kill", "p1"), ("p3", "check", "p2"))
    t.to_night({"p3": "p2", "p4": "p2"})
    over = t.last("nw.game_over")
    assert over.audience.is_public
    assert over.params["roles"] == t.state.roles
    assert over.params["seed"] == "test"
    assert over.params["nights"][0]["actions"] == [
        {"player": "p2", "role": "watch", "task": "kill", "target": "p1"},
        {"player": "p3", "role": "garibaldi", "task": "check", "target": "p2"},
    ]
    assert over.params["votes"][-1] == {"day": 2, "votes": {"p3": "p2", "p4": "p2"}, "jailed": "p2"}
    assert NW.view(t.state, None)["roles"] == t.state.roles


# -- hosting ------------------------------------------------------------------------------------------------


def test_nw_24_host_removes_a_player_with_role_revealed_and_no_killer():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen", "citizen"])
    t.host("remove", player="p4")
    assert "p4" not in t.state.alive
    assert t.last("nw.role_revealed").params == {"player": "p4", "role": "citizen"}
    assert t.state.eliminations[-1].cause == "removed"


def test_nw_24_a_player_may_leave_mid_night_and_the_night_goes_on_without_them():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen", "citizen"])
    t.to_night()
    t.act("p2", "kill", target="p1")
    t.act("p3", "leave")
    assert t.state.phase == "discussion"  # p3 was the last one the night waited for
    assert t.last("nw.dawn").params["dead"] == ["p1"]


def test_nw_24_only_the_host_skips_and_skip_only_in_discussion():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    with pytest.raises(IllegalAction):
        t.act("p1", "skip")
    t.to_vote()
    with pytest.raises(IllegalAction) as err:
        t.host("skip")
    assert err.value.code == "wrong_phase"


def test_nw_25_host_actions_carry_no_secret_and_narrator_is_a_bot_concern():
    # The narrator is not a player: the engine serves them the host's actions (HOST) and the full view after
    # the end; the bot copies private events to them. A host action never needs a seat.
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    host_kinds = {a.kind for a in NW.legal_actions(t.state, HOST)}
    assert host_kinds == {"skip", "remove"}


# -- the engine contract ------------------------------------------------------------------------------------


def test_stale_prompt_and_state_untouched_on_refusal():
    state, _ = deal(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    before = NW.dump(state)
    with pytest.raises(IllegalAction) as err:
        NW.apply(state, Action("p1", "vote#999", "vote", {"target": "p2"}))
    assert err.value.code == "stale_prompt"
    with pytest.raises(IllegalAction) as err:
        NW.apply(state, Action("p1", state.prompts[0].id, "vote", {"target": "p2"}))
    assert err.value.code == "wrong_phase"
    with pytest.raises(IllegalAction) as err:
        NW.apply(state, Action("stranger", state.prompts[0].id, "ready"))
    assert err.value.code == "not_a_player"
    assert NW.dump(state) == before


def test_clock_may_only_time_out():
    state, _ = deal(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    with pytest.raises(IllegalAction):
        NW.apply(state, Action(CLOCK, state.prompts[0].id, "ready"))


def test_finished_game_refuses_everything():
    t = Table(["citizen", "watch", "garibaldi", "citizen", "citizen"])
    t.to_night({"p1": "p2", "p3": "p2", "p4": "p2"})
    with pytest.raises(IllegalAction) as err:
        NW.apply(t.state, Action("p1", "night#4", "ready"))
    assert err.value.code == "game_over"
    assert NW.legal_actions(t.state, "p1") == []
