"""Location activations: MN-31 .. MN-36."""

from __future__ import annotations

from collections import Counter

from tests.engines.midnighters.helpers import MN, Table


def test_mn_31_forest_moves_anywhere_after_the_star_window():
    """MN-31 / MN-18: the destination is chosen after the Midnight Star's window; any location, any distance."""
    t = Table(2, {"p1": ["star"]}, avatars={"p1": "forest"}, choice_seconds=40)
    t.act("p1", "star")
    assert t.s.phase == "window"
    t.pass_all()
    assert t.s.phase == "choice" and t.prompt.key == "mn.choose_forest" and t.prompt.timeout == 40
    t.act("p1", "goto", location="corridor2")
    assert t.s.avatars["p1"] == "corridor2" and t.s.phase == "turn"
    t2 = Table(2, {"p1": ["star"]}, avatars={"p1": "forest"})
    t2.play("star")
    t2.timeout()  # MN-62: move nobody
    assert t2.s.avatars["p1"] == "forest"


def test_mn_32_square_takes_up_to_three_from_the_discard_nightmares_included():
    """MN-32 / MN-P3: only the activator sees the discard; taken nightmares do not fire; then down to 5."""
    t = Table(
        2,
        {"p1": ["star", "sleepwalk", "sleepwalk", "sleepwalk"]},
        avatars={"p1": "square"},
        discard=["red", "vertigo", "dutch", "catcher"],
    )
    events = t.play("star")
    # the Midnight Star itself is already in the discard when the Square is activated
    assert t.private("mn.discard_pile", events) == [
        (("p1",), {"cards": ["catcher", "dutch", "red", "star", "vertigo"]})
    ]
    assert MN.view(t.s, "p1")["discard_pile"] and "discard_pile" not in MN.view(t.s, "p2")
    for card in ("red", "vertigo", "dutch"):
        t.act("p1", "take", card=card)
    assert {a.kind for a in MN.legal_actions(t.s, "p1")} == {"discard"}  # 6 cards, limit of 3 takes reached
    assert "red" in {a.args["card"] for a in MN.legal_actions(t.s, "p1")}  # a nightmare may be discarded here
    t.act("p1", "discard", card="red")
    assert Counter(t.s.hands["p1"]) == Counter(["sleepwalk"] * 3 + ["vertigo", "dutch"])
    assert "mn.nightmare_drawn" not in t.event_keys() and t.s.effects == {}
    assert t.public("mn.took") == [{"player": "p1", "location": "square", "count": 3, "target": "none"}]


def test_mn_33_motel_takes_from_any_other_hand_and_gives_or_discards_the_excess():
    """MN-33 / MN-P4: look at one hand anywhere, take up to 3, give back or discard the excess; never the Horror."""
    t = Table(
        3,
        {"p1": ["star", "sleepwalk", "sleepwalk", "sleepwalk"], "p2": ["red", "dutch", "vertigo"], "p3": ["black"]},
        avatars={"p1": "motel"},
    )
    t.s.horror = "p3"
    t.play("star")
    targets = {a.args.get("player") for a in MN.legal_actions(t.s, "p1") if a.kind == "target"}
    assert targets == {"p2"}  # the Horror's hand can be neither looked at nor taken
    events = t.act("p1", "target", player="p2")
    assert t.private("mn.hand_shown", events) == [(("p1",), {"player": "p2", "cards": ["red", "dutch", "vertigo"]})]
    t.act("p1", "take", card="red")
    t.act("p1", "take", card="dutch")
    t.act("p1", "done")
    assert len(t.s.hands["p1"]) == 5 and t.s.phase == "turn"  # 3 + 2 = 5: nothing to shed
    t2 = Table(
        2,
        {"p1": ["star", "sleepwalk", "sleepwalk", "sleepwalk", "sleepwalk"], "p2": ["red", "dutch"]},
        avatars={"p1": "motel"},
    )
    t2.play("star")
    t2.act("p1", "target", player="p2")
    t2.act("p1", "take", card="red")
    t2.act("p1", "take", card="dutch")  # p2's hand is empty: taking ends by itself
    t2.act("p1", "give", card="red")  # nightmares may be given
    assert t2.s.hands["p2"] == ["red"] and len(t2.s.hands["p1"]) == 5
    assert t2.public("mn.excess_discarded")[-1] == {"player": "p1", "count": 0, "given": 1, "target": "p2"}


def test_mn_34_restaurant_shuffles_whole_hands_near_the_bridge_except_the_horror():
    """MN-34 (a) / MN-P6: hands on or next to the Bridge are shuffled and redealt by size; the Horror is skipped."""
    t = Table(
        4,
        {
            "p1": ["star"],
            "p2": ["red", "red"][:1] + ["dutch"],
            "p3": ["vertigo", "vertigo", "vertigo"],
            "p4": ["black", "catcher"],
        },
        avatars={"p1": "restaurant", "p2": "bridge", "p3": "forest", "p4": "square"},
    )
    t.s.horror = "p4"
    t.play("star")
    events = t.act("p1", "shuffle")
    assert t.public("mn.hands_shuffled", events) == [{"player": "p1", "players": ["p2", "p3"]}]
    assert len(t.s.hands["p2"]) == 2 and len(t.s.hands["p3"]) == 3
    assert Counter(t.s.hands["p2"] + t.s.hands["p3"]) == Counter(["red", "dutch", "vertigo", "vertigo", "vertigo"])
    assert t.s.hands["p4"] == ["black", "catcher"] and t.s.effects == {}
    assert {who for who, _ in t.private("mn.your_hand", events)} == {("p2",), ("p3",)}


def test_mn_34_restaurant_blind_discard_may_pick_the_horror_but_never_the_black():
    """MN-34 (b): 1-3 random cards of a player on or next to the Bridge go face down; a fired Black never."""
    t = Table(2, {"p1": ["star"], "p2": ["black", "catcher"]}, avatars={"p1": "restaurant", "p2": "forest"})
    t.s.horror = "p2"
    t.play("star")
    events = t.act("p1", "blind_discard", player="p2", count=3)
    assert t.s.hands["p2"] == ["black"] and t.s.discard.get("catcher") == 1
    assert t.public("mn.blind_discard", events) == [{"player": "p1", "target": "p2", "count": 1}]


def test_mn_35_town_hall_neutralises_and_discards_the_activators_nightmares():
    """MN-35: Red and Blue end, bases return to 2, the activator's nightmares go; the Horror's activation wins."""
    t = Table(3, {"p1": ["star", "red", "purple"], "p2": ["blue"]}, avatars={"p1": "townhall"})
    t.s.effects = {"red": [], "multi": ["p3"]}
    t.play("star")
    assert t.s.effects == {} and t.s.hands["p1"] == [] and t.s.hands["p2"] == ["blue"]
    assert t.public("mn.neutralised") == [{"player": "p1", "colours": ["multi", "red"], "count": 2}]
    assert MN.view(t.s, None)["base_actions"] == {"p1": 2, "p2": 2, "p3": 2}
    t2 = Table(2, {"p1": ["star", "black"]}, avatars={"p1": "townhall"})
    t2.s.horror = "p1"
    t2.play("star")
    assert t2.s.outcome.reason == "dead_sleep" and t2.s.outcome.winners == ("p1",)


def test_mn_36_bridge_wakes_and_wins_but_is_refused_with_a_nightmare_to_the_horror_and_under_blue():
    """MN-36: waking wins at once; refused to a nightmare holder, the Horror, and a Blue-affected player."""
    t = Table(2, {"p1": ["star", "red"]}, avatars={"p1": "bridge"})
    assert t.refused("p1", "star") == "nightmare_in_hand"
    t.s.hands["p1"] = ["star", "black"]
    t.s.horror = "p1"
    assert t.refused("p1", "star") == "horror_cannot_wake"
    t.s.horror, t.s.hands["p1"] = None, ["star"]
    t.s.effects = {"blue": []}
    assert t.refused("p1", "star") == "blue_nightmare"
    t.s.effects = {}
    t.play("star")
    assert t.s.outcome.reason == "woke" and t.s.outcome.winners == ("p1",) and not t.s.prompts
