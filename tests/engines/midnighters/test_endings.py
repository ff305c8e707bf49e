"""Endings, hosting, public information and privacy: MN-59 .. MN-64, MN-P1 .. MN-P9."""

from __future__ import annotations

from engines.core import HOST
from engines.midnighters import piles
from tests.engines.midnighters.helpers import MN, Table

FILL = ["sleepwalk"] * 5


def test_mn_59_waking_wins_for_one_and_everyone_else_loses():
    """MN-59 (a): the Bridge's activator wins at once, a Horror included among the losers."""
    t = Table(3, {"p1": ["star"], "p3": ["black"]}, avatars={"p1": "bridge"})
    t.s.horror = "p3"
    events = t.play("star")
    assert t.s.outcome.winners == ("p1",) and t.s.outcome.reason == "woke" and not t.s.prompts
    assert t.public("mn.game_over", events)[0]["winners"] == ["p1"]


def test_mn_59_the_horror_in_the_town_hall_wins():
    """MN-59 (b): the Horror activating the Town Hall wins; every Midnighter loses."""
    t = Table(2, {"p1": ["star", "black"]}, avatars={"p1": "townhall"})
    t.s.horror = "p1"
    t.play("star")
    assert t.s.outcome.winners == ("p1",) and t.s.outcome.reason == "dead_sleep"


def test_mn_60_collective_loss_when_nothing_is_left_to_draw():
    """MN-60: a card must be drawn while deck and discard are both empty: nobody woke up."""
    t = Table(2, {"p1": ["sleepwalk"], "p2": FILL})
    t.s.deck = {}
    t.end_turn()
    assert (
        t.s.outcome.reason == "nobody_woke"
        and t.s.outcome.winners == ()
        and t.s.outcome.params == {"cause": "no_cards"}
    )


def test_mn_60_collective_loss_after_max_turns_skipped_turns_included():
    """MN-60: max_turns turns played (skips count) end the dream with no winner, the Horror included."""
    t = Table(2, {"p1": FILL, "p2": ["black"] + FILL[:4]}, max_turns=3)
    t.s.horror = "p2"
    t.end_turn()  # turn 2: the Horror p2
    t.s.avatars["p1"] = t.s.avatars["p2"]  # p1 is paralysed: turn 3 is skipped, turn 4 would exceed
    t.end_turn()
    assert "mn.turn_skipped" in t.event_keys()
    assert t.s.outcome.reason == "nobody_woke" and t.s.outcome.winners == ()


def test_mn_61_everything_is_revealed_at_the_end():
    """MN-61: every hand, every prepared trap, the discard and the seed."""
    t = Table(
        2,
        {"p1": ["suspense-forest", "dutch", "star"], "p2": ["red"]},
        avatars={"p1": "bridge"},
        discard=["vertigo"],
        seed="s61",
    )
    t.play("set_trap", suspense="suspense-forest", card="dutch")
    t.s.used = 0
    t.play("star")
    over = t.public("mn.game_over")[0]
    assert over["hands"]["p2"] == ["red"] and over["seed"] == "s61"
    assert over["traps"] == [{"player": "p1", "location": "forest", "card": "dutch"}]
    assert "vertigo" in over["discard"] and "star" in over["discard"]
    assert MN.view(t.s, None)["hands"]["p2"] == ["red"]


def test_mn_62_options_and_their_defaults():
    """MN-62: reaction 10 s, choice 60 s, turn 120 s, 200 turns, random layout; bounds are checked."""
    state, _ = MN.setup(["a", "b"], {}, seed=1)
    assert state.options == {
        "reaction_seconds": 10,
        "choice_seconds": 60,
        "turn_seconds": 120,
        "max_turns": 200,
        "layout": "random",
    }
    assert state.prompts[0].timeout == 120
    try:
        MN.setup(["a", "b"], {"layout": "hexagonal"}, seed=1)
    except Exception as exc:  # noqa: BLE001
        assert getattr(exc, "code", "") == "bad_option"
    else:
        raise AssertionError("bad layout accepted")


def test_mn_62_an_unanswered_choice_changes_least():
    """MN-62: a Square or Motel choice timing out takes nothing; a Restaurant one does nothing."""
    t = Table(2, {"p1": ["star"], "p2": FILL}, avatars={"p1": "restaurant", "p2": "bridge"})
    t.play("star")
    before = {p: list(h) for p, h in t.s.hands.items()}
    t.timeout()
    assert t.s.hands == before and t.public("mn.nothing_done")


def test_mn_63_the_host_removes_a_player_whose_cards_and_traps_go_face_down():
    """MN-63: the avatar leaves, hand and traps go to the discard, claims lapse; the turn passes on."""
    t = Table(3, {"p1": ["suspense-motel", "catcher"], "p2": FILL}, avatars={"p3": "motel"})
    t.play("set_trap", suspense="suspense-motel", card="catcher")
    t.act("p1", "spring", trap=t.s.traps[0].id, target="p3")
    assert t.s.claims == {"p3": "p1"}
    t.end_turn()
    t.host("remove", player="p1")
    assert "p1" not in t.s.avatars and t.s.hands["p1"] == [] and t.s.claims == {}
    assert t.s.current == "p2" and "p1" not in t.s.active
    t.host("remove", player="p2")  # the current player leaves: the next seat plays
    assert t.s.current == "p3" and t.s.phase == "turn" and t.s.outcome is None
    t.host("remove", player="p3")
    assert t.s.outcome.reason == "abandoned" and t.s.outcome.winners == ()


def test_mn_63_a_departed_horrors_black_leaves_the_game_and_a_lone_horror_ends_it():
    """MN-63: the fired Black is removed from the game; with only a Horror left nobody wins."""
    t = Table(2, {"p1": FILL, "p2": ["black", "dutch"]})
    t.s.horror = "p2"
    t.host("remove", player="p1")
    assert t.s.outcome.reason == "abandoned"
    t2 = Table(3, {"p1": FILL, "p2": ["black", "dutch"]})
    t2.s.horror = "p2"
    t2.host("remove", player="p2")
    assert t2.s.horror is None and t2.s.out_of_game[-1] == "black" and t2.s.discard.get("dutch") == 1
    assert HOST not in t2.s.players


def test_mn_64_public_view_lists_everything_public():
    """MN-64: board, avatars, hand sizes, pile sizes, traps counts, nightmares and exemptions, bases, penalties."""
    t = Table(2, {"p1": ["sleepwalk", "dutch"], "p2": ["vertigo"]}, discard=["star"])
    t.s.effects = {"red": ["p2"]}
    t.s.penalties = {"p2": 1}
    view = MN.view(t.s, None)
    assert view["hand_sizes"] == {"p1": 2, "p2": 1} and view["discard_size"] == 1
    assert view["deck_size"] == piles.size(t.s.deck)
    assert view["nightmares"] == {"red": ["p2"]} and view["penalties"] == {"p2": 1}
    assert view["base_actions"] == {"p1": 2, "p2": 2} and view["horror"] is None
    assert view["turn"] == 1 and view["current"] == "p1" and "hand" not in view
    assert MN.view(t.s, "p1")["hand"] == ["sleepwalk", "dutch"]


def test_mn_p1_public_events_show_hands_only_as_sizes():
    """MN-P1: drawn cards, taken cards and hands never appear in a public event."""
    t = Table(2, {"p1": ["catcher"], "p2": ["vertigo"]}, stacked=["star"] * 5)
    events = t.play("catcher_steal", target="p2") + t.end_turn()
    for e in events:
        if e.audience.is_public and e.key not in ("mn.played",):
            assert "vertigo" not in str(e.params) and "star" not in str(e.params), e


def test_mn_p2_a_drawn_card_is_shown_only_to_its_drawer():
    """MN-P2: each drawn card goes privately to the drawer; the public sees a count."""
    t = Table(2, {"p1": FILL[:4]}, stacked=["dutch"])
    events = t.end_turn()
    assert t.private("mn.card_drawn", events) == [(("p1",), {"card": "dutch"})]
    assert t.public("mn.drew", events) == [{"player": "p1", "hand": 5}]


def test_mn_p3_square_contents_only_for_the_activator():
    """MN-P3: the discard pile is shown privately to the Square's activator; publicly only counts."""
    t = Table(2, {"p1": ["star"]}, avatars={"p1": "square"}, discard=["dutch"])
    events = t.play("star") + t.act("p1", "take", card="dutch")
    assert [who for who, _ in t.private("mn.discard_pile", events)] == [("p1",)]
    assert all("dutch" not in str(e.params) for e in events if e.audience.is_public)


def test_mn_p4_motel_target_hand_only_for_the_activator():
    """MN-P4: only the activator sees the target's hand; the target sees their new hand; counts in public."""
    t = Table(3, {"p1": ["star"], "p2": ["dutch", "vertigo"]}, avatars={"p1": "motel"})
    events = (
        t.play("star") + t.act("p1", "target", player="p2") + t.act("p1", "take", card="dutch") + t.act("p1", "done")
    )
    assert [who for who, _ in t.private("mn.hand_shown", events)] == [("p1",)]
    assert t.private("mn.your_hand", events) == [(("p2",), {"cards": ["vertigo"]})]
    assert t.public("mn.took", events) == [{"player": "p1", "location": "motel", "count": 1, "target": "p2"}]


def test_mn_p5_dream_catcher_b_shows_the_card_only_to_taker_and_holder():
    """MN-P5: Dream Catcher (b): the taken card only to the taker and its former holder."""
    t = Table(3, {"p1": ["catcher"], "p2": ["dutch"]})
    events = t.play("catcher_steal", target="p2")
    assert [who for who, _ in t.private("mn.card_taken_secret", events)] == [("p1", "p2")]
    assert t.public("mn.card_stolen", events) == [{"player": "p1", "target": "p2"}]


def test_mn_p6_blind_moves_publish_only_counts():
    """MN-P6: a Restaurant blind discard announces the count; the victim alone sees the new hand."""
    t = Table(2, {"p1": ["star"], "p2": ["dutch", "vertigo", "catcher"]}, avatars={"p1": "restaurant", "p2": "bridge"})
    events = t.play("star") + t.act("p1", "blind_discard", player="p2", count=2)
    assert t.public("mn.blind_discard", events) == [{"player": "p1", "target": "p2", "count": 2}]
    assert [who for who, _ in t.private("mn.your_hand", events)] == [("p2",)]


def test_mn_p7_trap_details_only_for_those_who_held_it_and_refusals_are_private():
    """MN-P7: location and card only to the owner; a refused spring raises privately and changes nothing."""
    t = Table(2, {"p1": ["suspense-forest", "sleepwalk"]})
    events = t.play("set_trap", suspense="suspense-forest", card="sleepwalk")
    assert all("forest" not in str(e.params) for e in events if e.audience.is_public)
    assert MN.view(t.s, "p2")["my_traps"] == []
    assert (
        t.refused("p1", "spring", trap=t.s.traps[0].id, mode="corridor", target="p2", corridor="corridor1")
        == "bad_spring"
    )


def test_mn_p8_windows_open_for_empty_hands_and_the_bot_never_passes():
    """MN-P8: a window opens after every play whatever any hand holds; only passes and time close it."""
    t = Table(3, {"p1": ["sleepwalk"], "p2": [], "p3": []})
    t.act("p1", "sleepwalk", direction="up")
    assert t.s.phase == "window" and t.prompt.players == ("p2", "p3")
    t.act("p2", "pass")
    assert t.s.phase == "window"


def test_mn_p9_the_discard_stays_closed_and_refusals_are_not_events():
    """MN-P9: the discard's contents appear in no view before the end; a refusal emits no event."""
    t = Table(2, {"p1": ["sleepwalk"]}, discard=["red", "dutch"])
    n = len(t.events)
    assert t.refused("p1", "sleepwalk", direction="left") == "blocked"
    assert len(t.events) == n
    for viewer in (None, "p1", "p2"):
        assert "red" not in str(MN.view(t.s, viewer))


def test_mn_63_a_horror_leaving_mid_assignment_falls_back_to_the_starting_corridors():
    """MN-63 / MN-46: if the assigning Horror leaves, the Director's starting corridors apply."""
    hands = {"p1": ["sleepwalk"] * 4, "p2": ["black"] + FILL[:4], "p3": FILL}
    t = Table(3, hands, avatars={"p1": "motel", "p2": "forest", "p3": "bridge"}, stacked=["colourless"])
    t.s.horror = "p2"
    t.end_turn()
    assert t.prompt.key == "mn.choose_assign"
    t.host("remove", player="p2")
    assert t.s.avatars == {"p1": "corridor1", "p3": "corridor3"} and t.s.current == "p3"
