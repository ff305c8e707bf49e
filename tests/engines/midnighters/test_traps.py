"""Traps: setting, hidden placement, springing out of turn, the five kinds, the Town Hall star trap (MN-50 .. MN-58)."""

from __future__ import annotations

from tests.engines.midnighters.helpers import MN, Table

FILL = ["sleepwalk"] * 5


def set_trap(t: Table, suspense: str, card: str) -> int:
    """The current player sets a trap (all pass); returns its id."""
    t.play("set_trap", suspense=suspense, card=card)
    return t.s.traps[-1].id


def test_mn_50_a_trap_is_set_on_your_turn_for_two_actions_on_the_named_location():
    """MN-50: Suspense + a Director card, face down, from anywhere; any number per player and location."""
    t = Table(2, {"p1": ["suspense-bridge", "star", "suspense-bridge", "dutch"], "p2": ["suspense-forest", "star"]})
    set_trap(t, "suspense-bridge", "star")
    assert t.s.traps[0].location == "bridge" and t.s.traps[0].owner == "p1" and t.s.avatars["p1"] == "corridor1"
    t.s.used = 0
    set_trap(t, "suspense-bridge", "dutch")
    assert [tr.location for tr in t.s.traps] == ["bridge", "bridge"]
    assert "set_trap" not in {a.kind for a in MN.legal_actions(t.s, "p2")}  # not p2's turn
    t.s.used = 0
    t.s.hands["p1"] = ["suspense-forest", "suspense-square"]
    assert "set_trap" not in {a.kind for a in MN.legal_actions(t.s, "p1")}  # Suspense + Suspense is no trap
    assert t.refused("p1", "set_trap", suspense="suspense-forest", card="suspense-square") == "no_card"


def test_mn_50_a_trap_follows_its_location_card():
    """MN-50 / MN-6: the trap belongs to the card, not to the cell."""
    t = Table(2, {"p1": ["suspense-forest", "sleepwalk", "vertigo"]}, avatars={"p1": "forest"})
    set_trap(t, "suspense-forest", "sleepwalk")
    t.s.used = 0
    t.play("vertigo_move", location="forest", direction="down")
    assert t.s.traps[0].location == "forest"
    assert t.s.traps[0].id in {a.args["trap"] for a in MN.legal_actions(t.s, "p1") if a.kind == "spring"}


def test_mn_51_the_setter_draws_two_after_the_window():
    """MN-51: two cards at once after the setting's window."""
    t = Table(2, {"p1": ["suspense-forest", "star", "vertigo", "vertigo", "vertigo"]}, stacked=["dutch", "catcher"])
    t.act("p1", "set_trap", suspense="suspense-forest", card="star")
    assert len(t.s.hands["p1"]) == 3
    t.pass_all()
    assert t.s.hands["p1"] == ["vertigo"] * 3 + ["dutch", "catcher"]


def test_mn_52_trap_counts_are_public_locations_and_cards_only_for_the_owner():
    """MN-52 / MN-P7: everyone sees the count; only the owner sees what and where."""
    t = Table(2, {"p1": ["suspense-forest", "star"]})
    events = t.play("set_trap", suspense="suspense-forest", card="star")
    assert t.public("mn.trap_set", events) == [{"player": "p1"}]
    assert t.private("mn.trap_set_secret", events) == [(("p1",), {"location": "forest", "card": "star"})]
    assert MN.view(t.s, "p2")["trap_counts"] == {"p1": 1, "p2": 0} and MN.view(t.s, "p2")["my_traps"] == []
    assert MN.view(t.s, "p1")["my_traps"] == [{"id": 1, "owner": "p1", "location": "forest", "card": "star"}]


def test_mn_53_springs_on_anyones_turn_for_free_revealed_and_discarded_refusals_private():
    """MN-53: only your own trap, during a turn prompt or a window; public reveal; refused springs cost nothing."""
    t = Table(2, {"p1": ["suspense-forest", "dutch"], "p2": ["sleepwalk"] * 5}, avatars={"p2": "forest"})
    trap = set_trap(t, "suspense-forest", "dutch")
    t.end_turn()
    assert t.s.current == "p2"
    assert t.refused("p2", "spring", trap=trap, target="p1") == "bad_spring"  # not p2's trap
    assert t.refused("p1", "spring", trap=trap, target="p9") == "bad_spring"
    events = t.act("p1", "spring", trap=trap, target="p2")  # out of turn, on p2's turn prompt
    assert t.public("mn.trap_sprung", events) == [
        {"player": "p1", "location": "forest", "card": "dutch", "target": "p2"}
    ]
    assert not t.s.traps and t.s.discard.get("suspense-forest") == 1 and t.s.discard.get("dutch") == 1
    assert t.s.used == 0 and t.s.phase == "turn"


def test_mn_53_no_spring_in_the_middle_of_a_resolution():
    """MN-53: never during another effect's choices."""
    t = Table(2, {"p1": ["star"], "p2": ["suspense-forest", "sleepwalk"] + ["sleepwalk"] * 3}, avatars={"p1": "forest"})
    t.end_turn()
    set_trap(t, "suspense-forest", "sleepwalk")
    t.end_turn()
    t.play("star")
    assert t.s.phase == "choice"
    assert (
        t.refused("p2", "spring", trap=t.s.traps[0].id, mode="corridor", target="p1", corridor="corridor3")
        == "wrong_phase"
    )


def test_mn_54_sleepwalk_trap_sends_a_player_to_any_corridor_or_brings_you_there():
    """MN-54: move one player on the trap's location to any corridor, or move yourself onto it."""
    t = Table(3, {"p1": ["suspense-bridge", "sleepwalk", "suspense-forest", "sleepwalk"]}, avatars={"p2": "bridge"})
    a = set_trap(t, "suspense-bridge", "sleepwalk")
    t.s.used = 0
    b = set_trap(t, "suspense-forest", "sleepwalk")
    t.act("p1", "spring", trap=a, mode="corridor", target="p2", corridor="corridor6")
    assert t.s.avatars["p2"] == "corridor6"
    t.act("p1", "spring", trap=b, mode="self")
    assert t.s.avatars["p1"] == "forest"


def test_mn_55_vertigo_trap_moves_the_card_to_any_empty_cell_and_turns_it():
    """MN-55: any empty cell, by 90, 180 or 270 degrees; avatars ride along."""
    t = Table(2, {"p1": ["suspense-bridge", "vertigo"]}, avatars={"p2": "bridge"})
    trap = set_trap(t, "suspense-bridge", "vertigo")
    assert t.refused("p1", "spring", trap=trap, cell="A1", turns=1) == "bad_spring"  # occupied
    t.act("p1", "spring", trap=trap, cell="D4", turns=2)
    assert t.s.cells["bridge"] == 15 and t.s.turns["bridge"] == 2 and t.s.avatars["p2"] == "bridge"


def test_mn_56_a_star_trap_takes_over_the_activation_when_marked_and_the_star_stands():
    """MN-56 (a) / MN-P7: the owner marks secretly; the earliest mark wins; the current player gets nothing."""
    t = Table(
        3,
        {"p1": ["star"], "p2": ["suspense-forest", "star"] + FILL[:3], "p3": ["suspense-forest", "star"] + FILL[:3]},
        avatars={"p1": "forest"},
    )
    t.end_turn()
    t2_trap = set_trap(t, "suspense-forest", "star")
    t.end_turn()
    t3_trap = set_trap(t, "suspense-forest", "star")
    t.end_turn()
    t.act("p1", "star")
    events = t.act("p3", "mark", trap=t3_trap)
    assert t.private("mn.mark_set", events) == [(("p3",), {"location": "forest"})] and not t.public(
        "mn.mark_set", events
    )
    t.act("p2", "mark", trap=t2_trap)
    events = t.pass_all()
    sprung = t.public("mn.trap_sprung", events)
    assert sprung == [{"player": "p3", "location": "forest", "card": "star", "target": "p1"}]
    assert t.me() == "p3" and t.prompt.key == "mn.choose_forest"  # p3 is the activator
    t.act("p3", "goto", location="bridge")
    assert t.s.avatars["p3"] == "bridge" and t.s.avatars["p1"] == "forest"
    assert [tr.id for tr in t.s.traps] == [t2_trap]  # the later mark stays hidden and prepared
    assert t.private("mn.mark_lapsed") == [(("p2",), {"location": "forest"})]


def test_mn_56_marks_lapse_when_the_star_is_cancelled():
    """MN-56 (a): a cancelled Midnight Star lapses every mark; the traps stay hidden."""
    t = Table(3, {"p1": ["star"], "p2": ["suspense-forest", "star", "dutch"] + FILL[:2]}, avatars={"p1": "forest"})
    t.end_turn()
    trap = set_trap(t, "suspense-forest", "star")
    t.end_turn()
    t.end_turn()
    t.act("p1", "star")
    t.act("p2", "mark", trap=trap)
    t.act("p2", "cancel")
    t.pass_all()
    assert [tr.id for tr in t.s.traps] == [trap] and not t.s.marks and t.s.phase == "turn"
    assert t.private("mn.mark_lapsed") == [(("p2",), {"location": "forest"})]


def test_mn_56_b_town_hall_star_trap_activates_remotely_and_wins_for_the_horror():
    """MN-56 (b) / MN-35: sprung at any moment from anywhere; by the Horror it wins the game."""
    t = Table(2, {"p1": ["suspense-townhall", "star", "black"], "p2": FILL})
    t.s.horror = "p1"
    trap = set_trap(t, "suspense-townhall", "star")
    t.end_turn()
    t.act("p1", "spring", trap=trap)
    assert t.s.outcome.reason == "dead_sleep" and t.s.outcome.winners == ("p1",)


def test_mn_57_dutch_trap_swaps_places_with_a_player_on_the_location():
    """MN-57: your avatar and theirs swap locations."""
    t = Table(2, {"p1": ["suspense-motel", "dutch"]}, avatars={"p2": "motel"})
    trap = set_trap(t, "suspense-motel", "dutch")
    t.act("p1", "spring", trap=trap, target="p2")
    assert t.s.avatars == {"p1": "motel", "p2": "corridor1"}


def test_mn_58_dream_catcher_trap_shows_the_hand_and_plays_the_victims_next_turn():
    """MN-58 / MN-P5: the owner sees the hand privately and makes every choice of the victim's next turn."""
    t = Table(
        3,
        {"p1": ["suspense-motel", "catcher"], "p2": ["sleepwalk", "suspense-forest", "star"] + FILL[:2], "p3": FILL},
        avatars={"p2": "motel"},
    )
    trap = set_trap(t, "suspense-motel", "catcher")
    events = t.act("p1", "spring", trap=trap, target="p2")
    assert t.private("mn.hand_shown", events) == [(("p1",), {"player": "p2", "cards": t.s.hands["p2"]})]
    assert MN.view(t.s, "p1")["controlled_hands"] == {"p2": t.s.hands["p2"]}
    assert "controlled_hands" not in MN.view(t.s, None) and MN.view(t.s, "p3")["controlled_hands"] == {}
    assert t.refused("p1", "spring", trap=trap, target="p2") == "bad_spring"  # already sprung
    t.end_turn()
    assert t.s.current == "p2" and t.s.controller == "p1" and t.me() == "p1"
    assert t.refused("p2", "sleepwalk", direction="left") == "not_your_turn"
    t.play("sleepwalk", direction="left")  # p1 moves p2's avatar with p2's card
    assert t.s.avatars["p2"] == "forest" and t.s.hands["p2"].count("sleepwalk") == 2
    t.s.used = 0
    t.act("p1", "set_trap", suspense="suspense-forest", card="star")
    assert t.prompt.players == ("p1", "p3")  # the victim makes no choices in that turn
    t.pass_all()
    assert t.s.traps[-1].owner == "p2" and t.s.traps[-1].known_to == ["p2", "p1"]
    t.end_turn()
    assert t.s.controller is None and MN.view(t.s, "p1")["controlled_hands"] == {}


def test_mn_58_only_one_claim_per_turn_and_never_the_horror():
    """MN-58: a second Dream Catcher trap against a claimed player is refused; the Horror cannot be chosen."""
    t = Table(
        3,
        {"p1": ["suspense-motel", "catcher", "suspense-motel", "catcher"], "p3": ["black"]},
        avatars={"p2": "motel", "p3": "motel"},
    )
    t.s.horror = "p3"
    a = set_trap(t, "suspense-motel", "catcher")
    t.s.used = 0
    b = set_trap(t, "suspense-motel", "catcher")
    assert t.refused("p1", "spring", trap=a, target="p3") == "bad_spring"
    t.act("p1", "spring", trap=a, target="p2")
    assert t.refused("p1", "spring", trap=b, target="p2") == "bad_spring"
