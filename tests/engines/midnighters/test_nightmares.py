"""Nightmares, the Midnight Horror and sleep paralysis: MN-37 .. MN-49."""

from __future__ import annotations

from engines.midnighters.state import Trap
from tests.engines.midnighters.helpers import MN, Table

FILL = ["sleepwalk"] * 5


def end_with_draw(t: Table) -> list:
    """p1 ends the turn (p1 holds 3 cards, so draws 2 from the stacked deck)."""
    return t.end_turn()


def test_mn_37_a_nightmare_fires_when_drawn_publicly_and_the_draw_goes_on():
    """MN-37: drawn into the hand, announced publicly, resolved before the next card; drawing continues to 5."""
    t = Table(3, {"p1": ["sleepwalk"] * 3, "p2": FILL, "p3": FILL}, stacked=["red", "vertigo", "star"])
    events = end_with_draw(t)
    keys = [e.key for e in events]
    assert t.public("mn.nightmare_drawn", events) == [{"player": "p1", "colour": "red", "fired": True, "immune": []}]
    assert keys.index("mn.nightmare_drawn") < keys.index("mn.card_drawn")
    assert sorted(t.s.hands["p1"]) == sorted(["sleepwalk"] * 3 + ["red", "vertigo"])
    assert t.s.effects == {"red": []}


def test_mn_38_town_hall_grants_immunity_and_a_drawer_there_fires_nothing():
    """MN-38: those in the Town Hall are exempt for the draw's whole effect; a drawer there fires nothing."""
    t = Table(3, {"p1": ["sleepwalk"] * 4, "p2": FILL, "p3": FILL}, avatars={"p2": "townhall"}, stacked=["blue"])
    end_with_draw(t)
    assert t.s.effects == {"blue": ["p2"]}
    t.s.avatars["p2"] = "forest"  # leaving the Town Hall keeps the exemption from this draw
    assert t.s.effects["blue"] == ["p2"]
    t2 = Table(2, {"p1": ["sleepwalk"] * 4, "p2": FILL}, avatars={"p1": "townhall"}, stacked=["multi"])
    events = end_with_draw(t2)
    assert t2.public("mn.nightmare_drawn", events)[0]["fired"] is False
    assert t2.s.effects == {} and "multi" in t2.s.hands["p1"] and t2.s.avatars["p2"] == "corridor2"


def test_mn_38_the_horror_is_never_affected_but_a_horrors_draw_hits_everyone_else():
    """MN-38 / MN-47: the Horror's base stays 2, the Horror is never moved; its draw still fires for the others."""
    t = Table(3, {"p1": ["black"] + ["sleepwalk"] * 3, "p2": FILL, "p3": FILL}, stacked=["multi"])
    t.s.horror = "p1"
    t.s.avatars["p1"] = "forest"
    end_with_draw(t)
    assert t.s.effects == {"multi": []}
    assert t.s.avatars == {"p1": "forest", "p2": "forest", "p3": "forest"}
    view = MN.view(t.s, None)
    assert view["base_actions"] == {"p1": 2, "p2": 3, "p3": 3}


def test_mn_39_an_effect_belongs_to_the_dream_and_a_redraw_fires_again():
    """MN-39: an active effect stays when its card changes hands; a reshuffled card drawn again fires anew."""
    t = Table(2, {"p1": ["sleepwalk"] * 4, "p2": ["catcher"] + ["sleepwalk"] * 4}, stacked=["red"])
    end_with_draw(t)
    assert t.s.effects == {"red": []}
    t.s.hands["p1"] = ["red"]
    t.play("catcher_steal", target="p1")
    assert t.s.hands["p2"].count("red") == 1 and t.s.effects == {"red": []}
    t.s.hands["p2"].remove("red")
    t.s.stacked = ["red"]
    t.s.avatars["p1"] = "townhall"
    t.end_turn()  # p2 draws the same Red again: it fires with the new exempt set
    assert t.s.effects == {"red": ["p1"]}


def test_mn_40_a_nightmare_card_cannot_be_played_or_discarded_at_will():
    """MN-40: no action offers a nightmare card; there is no voluntary discard."""
    t = Table(2, {"p1": ["red", "blue", "black", "sleepwalk"]})
    actions = MN.legal_actions(t.s, "p1")
    assert not any(str(a.args).count(c) for a in actions for c in ("red", "blue", "black"))
    assert t.refused("p1", "discard", card="red") == "bad_action"


def test_mn_41_red_forbids_suspense_and_springs_except_the_town_hall_star_trap():
    """MN-41: affected players set no traps and spring none, but a Midnight Star trap in the Town Hall works."""
    t = Table(2, {"p1": ["suspense-forest", "sleepwalk", "suspense-townhall", "star", "suspense-bridge", "vertigo"]})
    t.play("set_trap", suspense="suspense-bridge", card="vertigo")
    t.s.used = 0
    t.play("set_trap", suspense="suspense-townhall", card="star")
    t.s.used = 0
    t.s.effects = {"red": []}
    assert t.refused("p1", "set_trap", suspense="suspense-forest", card="sleepwalk") == "red_nightmare"
    vertigo_trap, star_trap = t.s.traps
    assert t.refused("p1", "spring", trap=vertigo_trap.id, cell="A4", turns=1) == "bad_spring"
    t.act("p1", "spring", trap=star_trap.id)
    assert t.s.effects == {}  # the Town Hall activated remotely neutralises the Red


def test_mn_42_blue_allows_only_the_town_hall():
    """MN-42: an affected player may activate only the Town Hall."""
    t = Table(2, {"p1": ["star", "star"]}, avatars={"p1": "forest"})
    t.s.effects = {"blue": []}
    assert t.refused("p1", "star") == "blue_nightmare"
    t.s.avatars["p1"] = "townhall"
    t.play("star")
    assert t.s.effects == {}


def test_mn_43_purple_passes_hands_and_traps_counter_clockwise_skipping_the_immune_and_the_horror():
    """MN-43 / MN-P7: every affected hand and trap passes to the previous affected seat; each learns theirs."""
    hands = {
        "p1": ["sleepwalk"] * 4,
        "p2": ["black", "dutch"],
        "p3": ["vertigo"] * 5,
        "p4": ["catcher"] * 5,
        "p5": ["star"] * 5,
    }
    t = Table(5, hands, avatars={"p4": "townhall"}, stacked=["purple"])
    t.s.horror = "p2"
    t.s.traps.append(Trap(9, "p3", "forest", "star", "suspense-forest", ["p3"]))
    events = t.end_turn()
    # ring: p1, p3, p5 (p2 is the Horror, p4 is in the Town Hall); p1's hand goes to p5, p3's to p1, p5's to p3
    assert t.s.hands["p5"] == ["sleepwalk"] * 4 + ["purple"]
    assert t.s.hands["p1"] == ["vertigo"] * 5 and t.s.hands["p3"] == ["star"] * 5
    assert t.s.hands["p2"] == ["black", "dutch"] and t.s.hands["p4"] == ["catcher"] * 5
    assert t.s.traps[0].owner == "p1" and t.s.traps[0].known_to == ["p3", "p1"]
    assert {who for who, _ in t.private("mn.your_hand", events)} == {("p1",), ("p3",), ("p5",)}
    assert t.public("mn.hands_passed", events) == [{"players": ["p1", "p3", "p5"]}]


def test_mn_44_mn_47_black_makes_the_drawer_the_midnight_horror_for_ever():
    """MN-44 / MN-47: announced publicly; the fired Black cannot be neutralised, taken, stolen or discarded."""
    t = Table(3, {"p1": ["sleepwalk"] * 4, "p2": ["catcher"] + FILL[:4], "p3": FILL}, stacked=["black"])
    events = end_with_draw(t)
    assert t.public("mn.horror", events) == [{"player": "p1"}] and t.s.horror == "p1"
    assert MN.view(t.s, None)["horror"] == "p1"
    t.s.hands["p1"] = ["black"]
    assert t.refused("p2", "catcher_steal", target="p1") == "bad_target"  # only the Black: nothing to take
    t.s.avatars["p2"] = "townhall"
    t.s.hands["p2"].append("star")
    t.play("star")
    assert t.s.horror == "p1" and t.s.hands["p1"] == ["black"]


def test_mn_45_multicoloured_gathers_everyone_gives_three_actions_and_ends_colourless():
    """MN-45: affected players move to the drawer's location; base 3; Colourless ends."""
    t = Table(3, {"p1": ["sleepwalk"] * 4, "p2": FILL, "p3": FILL}, avatars={"p1": "motel"}, stacked=["multi"])
    t.s.effects = {"colourless": []}
    events = end_with_draw(t)
    assert t.s.effects == {"multi": []} and set(t.s.avatars.values()) == {"motel"}
    assert t.public("mn.gathered", events) == [{"players": ["p1", "p2", "p3"], "location": "motel"}]
    assert t.s.allowance == 3  # p2's turn starts with the new base


def test_mn_46_colourless_sends_everyone_to_a_corridor_one_action_and_ends_multicoloured():
    """MN-46: the Director sends each to their starting corridor; base 1; Multicoloured ends."""
    t = Table(
        3,
        {"p1": ["sleepwalk"] * 4, "p2": FILL, "p3": FILL},
        avatars={"p1": "motel", "p2": "forest", "p3": "bridge"},
        stacked=["colourless"],
    )
    t.s.effects = {"multi": []}
    end_with_draw(t)
    assert t.s.effects == {"colourless": []}
    assert t.s.avatars == {"p1": "corridor1", "p2": "corridor2", "p3": "corridor3"} and t.s.allowance == 1


def test_mn_46_a_horror_assigns_the_corridors_one_each_or_the_starting_ones_on_timeout():
    """MN-46: with a Horror, the Horror assigns different corridors within choice_seconds."""
    hands = {"p1": ["sleepwalk"] * 4, "p2": ["black"] + FILL[:4], "p3": FILL}
    t = Table(3, hands, avatars={"p1": "motel", "p2": "forest", "p3": "bridge"}, stacked=["colourless"])
    t.s.horror = "p2"
    t.end_turn()
    assert t.s.phase == "choice" and t.me() == "p2" and t.prompt.key == "mn.choose_assign"
    t.act("p2", "assign", player="p1", corridor="corridor6")
    assert "corridor6" not in {a.args["corridor"] for a in MN.legal_actions(t.s, "p2")}
    t.act("p2", "assign", player="p3", corridor="corridor5")
    assert t.s.avatars == {"p1": "corridor6", "p2": "forest", "p3": "corridor5"}
    t2 = Table(3, hands, avatars={"p1": "motel", "p2": "forest", "p3": "bridge"}, stacked=["colourless"])
    t2.s.horror = "p2"
    t2.end_turn()
    t2.timeout()
    assert t2.s.avatars == {"p1": "corridor1", "p2": "forest", "p3": "corridor3"}


def test_mn_48_sleep_paralysis_skips_the_turn_of_a_midnighter_on_the_horrors_location():
    """MN-48 / MN-15: skipped entirely (no actions, no draw), announced; penalties wait for a real turn."""
    t = Table(
        3, {"p1": FILL, "p2": ["sleepwalk"], "p3": ["black"] + FILL[:4]}, avatars={"p2": "forest", "p3": "forest"}
    )
    t.s.horror = "p3"
    t.s.penalties["p2"] = 1
    events = t.end_turn()
    assert t.public("mn.turn_skipped", events) == [{"player": "p2", "turn": 2}]
    assert t.s.current == "p3" and t.s.hands["p2"] == ["sleepwalk"] and t.s.penalties == {"p2": 1}


def test_mn_49_an_unfired_black_is_inert_bars_the_bridge_and_fires_when_drawn_again():
    """MN-49: drawn in the Town Hall the Black does nothing but still bars waking; redrawn later, it fires."""
    t = Table(2, {"p1": ["sleepwalk"] * 4, "p2": FILL}, avatars={"p1": "townhall"}, stacked=["black"])
    end_with_draw(t)
    assert t.s.horror is None and "black" in t.s.hands["p1"]
    t.end_turn()
    t.s.avatars["p1"] = "bridge"
    t.s.hands["p1"].append("star")
    assert t.refused("p1", "star") == "nightmare_in_hand"
    t.s.hands["p1"].remove("black")
    t.s.hands["p1"].remove("star")
    t.s.stacked = ["black"]
    t.s.avatars["p1"] = "forest"
    t.end_turn()
    assert t.s.horror == "p1"
