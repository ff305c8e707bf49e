"""Ghost at Home: escaping and winning, the turn timer and leaving (GH-29 .. GH-35)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import HOST, Action, IllegalAction
from tests.engines.ghost_at_home.helpers import GH, Table, house

ALMOST = ("room1 room1", "room2 room2", "room3 -")  # one room short of complete
ALMOST_LIT = ("room1 room1", "room2 room2", "*room3 -")


def escaping(players: int = 2, *, top_lit: bool = False, **hands: list[str]) -> Table:
    """p1 completes their house this turn and tries to escape; ``hands`` gives the others' cards."""
    t = Table(
        players,
        hands={"p1": ["room3", "room1"], **hands},
        houses={"p1": house(*(ALMOST_LIT if top_lit else ALMOST))},
    )
    t.act("p1", "rooms", cards=["room3"], floors=[3])
    return t


# -- escape (GH-29 .. GH-32) -----------------------------------------------------------------------------------


def test_gh_29_completing_the_house_starts_an_escape():
    t = escaping(2, p2=["room1"])
    assert t.keys()[-2:] == ["gh.escape_started", "gh.waiting"]
    assert t.last("gh.escape_started").params == {"player": "p1"}
    assert t.s.escape.escaper == "p1" and t.s.phase == "escape_window"


def test_gh_29_a_ghost_resting_on_a_lit_room_does_not_unfill_it():
    t = Table(
        2, hands={"p1": ["room3"], "p2": ["room1"]}, houses={"p1": house("*room1+ghost room1", "room2 room2", "room3 -")}
    )
    t.act("p1", "rooms", cards=["room3"], floors=[3])
    assert t.s.phase == "escape_window"


@pytest.mark.parametrize("players", [3, 4])
def test_gh_30_each_opponent_gets_one_window_in_seat_order_after_the_escaper(players):
    hands = {f"p{i}": ["ghost", "ghost"] for i in range(2, players + 1)}
    t = Table(
        players,
        hands={"p1": ["room1"], **hands, f"p{players}": ["room3", "cat"]},
        houses={f"p{players}": house(*ALMOST_LIT)},
        first=f"p{players}",
    )
    t.act(f"p{players}", "rooms", cards=["room3"], floors=[3])
    windows = []
    while t.s.phase == "escape_window":
        windows.append(t.prompt.players[0])
        assert (t.prompt.kind, t.prompt.key) == ("reaction", "gh.prompt_ghost")
        if windows[-1] == "p2":  # a ghost that only rests on the lit floor does not stop the escape
            t.act("p2", "ghost", target=f"p{players}", floor=3, side="left")
            t.act(f"p{players}", "no_cat")
        else:
            t.act(windows[-1], "no_ghost")
    assert windows == [f"p{i}" for i in range(1, players)]  # one each, starting after the escaper
    assert t.s.outcome.winners == (f"p{players}",)


def test_gh_30_a_3_player_opponent_cannot_send_a_second_ghost():
    t = escaping(3, top_lit=True, p2=["ghost", "ghost"], p3=["room1"])
    t.act("p2", "ghost", target="p1", floor=3, side="left")
    t.act("p1", "no_cat")
    assert t.prompt.players == ("p3",)


def test_gh_30_a_2_player_opponent_may_send_two_ghosts():
    t = escaping(2, top_lit=True, p2=["ghost", "ghost"])
    t.act("p2", "ghost", target="p1", floor=3, side="left")
    t.act("p1", "no_cat")  # the first rests on the lit floor: not stopped, so a second window opens
    assert t.s.phase == "escape_window" and t.prompt.players == ("p2",)
    assert {a.args.get("side") for a in t.legal("p2") if a.kind == "ghost"} == {"right"}
    t.act("p2", "ghost", target="p1", floor=3, side="right")
    t.act("p1", "no_cat")  # two ghosts on the floor: wiped, stopped
    assert t.last("gh.escape_stopped").params == {"player": "p1"}
    assert t.s.current == "p2" and t.s.phase == "turn"


def test_gh_30_declining_ends_the_2_player_opponents_chance():
    t = escaping(2, top_lit=True, p2=["ghost", "ghost"])
    t.act("p2", "no_ghost")
    assert t.s.outcome.winners == ("p1",)


def test_gh_30_no_second_window_once_the_escape_is_stopped():
    t = escaping(2, p2=["ghost", "ghost"])
    t.act("p2", "ghost", target="p1", floor=3, side="left")
    t.act("p1", "no_cat")  # dark floor 3 is wiped at once
    assert "gh.escape_stopped" in t.keys() and t.s.phase == "turn" and t.s.current == "p2"
    assert t.keys().count("gh.waiting") == 2  # the first escape window and the cat window, nothing more


@pytest.mark.parametrize("hand", [["ghost"], ["room1"], ["space_hole", "light_bulb"], []])
def test_gh_30_the_window_opens_whatever_the_hand_and_only_ghost_cards_count(hand):
    t = escaping(2, p2=hand)
    assert t.prompt.players == ("p2",) and t.prompt.timeout == GH.validate_options({}, 2)["reaction_seconds"]
    expected = {"no_ghost", "leave"} | ({"ghost"} if "ghost" in hand else set())
    assert t.legal_kinds("p2") == expected
    with pytest.raises(IllegalAction):
        t.act("p2", "space_hole", from_floor=1, target="p1", floor=3, side="left")


def test_gh_30_a_guarding_cat_or_a_cat_from_the_hand_cancels_the_escape_ghost():
    t = Table(
        2,
        hands={"p1": ["room3", "cat"], "p2": ["ghost", "ghost"]},
        houses={"p1": house("room1 room1", "room2 room2", "room3+cat -")},
    )
    t.act("p1", "rooms", cards=["room3"], floors=[3])
    t.act("p2", "ghost", target="p1", floor=3, side="left")  # met by the guarding cat
    assert t.s.phase == "escape_window" and t.prompt.players == ("p2",)  # a ghost was sent: second window
    t.act("p2", "ghost", target="p1", floor=3, side="right")
    t.act("p1", "answer_cat")
    assert t.s.outcome.winners == ("p1",)


def test_gh_30_the_escape_ghost_must_go_at_the_escaper():
    t = escaping(3, p2=["ghost"], p3=["room1"])
    with pytest.raises(IllegalAction) as err:
        t.act("p2", "ghost", target="p3", floor=1, side="left")
    assert err.value.code in ("bad_target", "bad_room")


def test_gh_31_a_stopped_escape_refills_every_hand_starting_with_the_escaper():
    t = Table(
        3,
        hands={"p1": ["room3"], "p2": ["ghost"], "p3": ["cat"]},
        houses={"p1": house(*ALMOST)},
        deck=["room2"] * 8,
    )
    t.act("p1", "rooms", cards=["room3"], floors=[3])
    t.act("p2", "ghost", target="p1", floor=3, side="right")
    t.act("p1", "no_cat")
    drew = [e.params["player"] for e in t.events if e.key == "gh.drew"]
    assert drew == ["p1", "p2", "p3"]
    assert all(len(t.s.hands[p]) == 3 for p in ("p1", "p2", "p3"))
    assert t.s.current == "p2" and t.s.escape is None


def test_gh_32_an_escape_nobody_stops_wins_at_once():
    t = escaping(3, p2=["room1"], p3=["ghost"])
    t.act("p2", "no_ghost")
    t.timeout()  # p3's window runs out: no ghost
    assert t.s.outcome.winners == ("p1",) and t.s.outcome.reason == "escaped"
    assert t.s.prompts == [] and t.keys()[-2:] == ["gh.escaped", "gh.game_over"]
    with pytest.raises(IllegalAction) as err:
        GH.apply(t.s, Action("p2", "escape_window#9", "no_ghost"))
    assert err.value.code == "game_over"


def test_gh_33_the_end_shows_every_hand_and_the_seed():
    t = escaping(2, p2=["ghost", "cat"])
    t.act("p2", "no_ghost")
    over = t.last("gh.game_over")
    assert over.audience.is_public
    assert over.params["cards"] == {"p1": ["room1"], "p2": ["ghost", "cat"]} and over.params["seed"] == "test"
    view = GH.view(t.s, None)
    assert view["hands"] == {"p1": ["room1"], "p2": ["ghost", "cat"]} and view["seed"] == "test"


# -- hosting (GH-34, GH-35) ------------------------------------------------------------------------------------


def test_gh_34_the_turn_timer_ends_the_turn_with_no_action_then_draws():
    t = Table(2, hands={"p1": ["ghost"], "p2": ["cat"]}, turn_seconds=45)
    assert t.prompt.timeout == 45 and t.prompt.kind == "turn"
    t.timeout()
    assert t.last("gh.turn_timed_out").params == {"player": "p1"}
    assert t.hand("p1") == Counter(["ghost", "room1", "room1"]) and t.s.current == "p2"


def test_gh_34_timer_options_are_checked():
    with pytest.raises(IllegalAction):
        GH.setup(["a", "b"], {"turn_seconds": 1}, seed=1)
    with pytest.raises(IllegalAction):
        GH.setup(["a", "b"], {"reaction_seconds": "soon"}, seed=1)


def test_gh_35_removing_a_player_discards_their_hand_face_down_and_house_face_up():
    t = Table(
        3,
        hands={"p1": ["room1"], "p2": ["ghost", "cat"], "p3": ["room1"]},
        houses={"p2": house("*room1+cat room1")},
    )
    events = t.host("remove", player="p2")
    left = t.last("gh.player_left")
    assert left.params == {"player": "p2", "cards": ["room1", "room1", "cat"], "hand": 2}
    assert "ghost" not in str([dict(e.params) for e in events])  # the hand's faces stay hidden
    assert t.s.seats == ["p1", "p3"] and t.s.hands["p2"] == [] and not any(t.house("p2").rooms)
    assert Counter(t.s.discard) == Counter(["ghost", "cat", "room1", "room1", "cat"])
    assert t.s.current == "p1"  # not their turn: play goes on
    t.act("p1", "discard", cards=["room1"])
    assert t.s.current == "p3"  # the removed seat is skipped


def test_gh_35_a_player_may_leave_on_their_turn_and_the_next_seat_plays():
    t = Table(3, hands={"p1": ["room1"], "p2": ["room1"], "p3": ["room1"]})
    t.act("p1", "leave")
    assert t.s.current == "p2" and t.s.phase == "turn"
    with pytest.raises(IllegalAction) as err:  # a player who left cannot act again
        GH.apply(t.s, Action("p1", t.prompt.id, "leave"))
    assert err.value.code == "not_in_game"


def test_gh_35_the_defender_leaving_closes_their_cat_window():
    t = Table(3, hands={"p1": ["ghost"], "p2": ["cat"], "p3": ["room1"]}, houses={"p2": house("room1 -")})
    t.act("p1", "ghost", target="p2", floor=1, side="left")
    t.host("remove", player="p2")
    assert t.s.phase == "turn" and t.s.current == "p3" and t.s.attack is None
    assert "ghost" in t.s.discard


def test_gh_35_the_attacker_leaving_does_not_stop_the_ghost():
    t = Table(3, hands={"p1": ["ghost"], "p2": ["cat"], "p3": ["room1"]}, houses={"p2": house("room1 -")})
    t.act("p1", "ghost", target="p2", floor=1, side="left")
    t.host("remove", player="p1")
    assert t.s.phase == "cat_window" and t.prompt.players == ("p2",)
    t.act("p2", "no_cat")
    assert not any(t.house("p2").rooms) and t.s.current == "p2"


def test_gh_35_an_escape_window_of_a_leaver_closes_as_no_ghost():
    t = escaping(3, p2=["ghost"], p3=["ghost"])
    t.act("p2", "leave")
    assert t.prompt.players == ("p3",)
    t.act("p3", "no_ghost")
    assert t.s.outcome.winners == ("p1",)


def test_gh_35_an_escaper_leaving_ends_the_escape():
    t = escaping(3, p2=["ghost"], p3=["room1"])
    t.host("remove", player="p1")
    assert t.s.escape is None and t.s.phase == "turn" and t.s.current == "p2"


def test_gh_35_the_last_player_left_wins():
    t = Table(2, hands={"p1": ["room1"], "p2": ["room1"]})
    t.host("remove", player="p1")
    assert t.s.outcome.winners == ("p2",) and t.s.outcome.reason == "last_player"


def test_gh_35_the_host_can_end_the_game_with_no_winner():
    t = Table(2, hands={"p1": ["room1"], "p2": ["room1"]})
    assert {a.kind for a in t.legal(HOST)} == {"remove", "end"}
    t.host("end")
    assert t.s.outcome.winners == () and t.s.outcome.reason == "ended_by_host"
    with pytest.raises(IllegalAction):
        GH.apply(t.s, Action(HOST, "x", "end"))
