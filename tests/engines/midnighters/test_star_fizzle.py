"""A Midnight Star resolves at the location it was declared on (MN-18, MN-22, MN-56a).

If a trap moves the player off that location during the Star's reaction window, the Star fizzles: the card is
discarded, its action stays spent, nothing is activated, and Midnight Star trap marks on the declared location
lapse with their traps still hidden.
"""

from __future__ import annotations

from tests.engines.midnighters.helpers import MN, Table

FILL = ["sleepwalk"] * 3


def _dutch_trap_table(n: int, p2_at: str, **hands: list[str]) -> tuple[Table, int]:
    """p1 stands on the Forest holding a Star; p2 (standing on ``p2_at``) owns a Dutch Angle trap on the Forest.

    Returns the table at the start of p1's next turn and the trap's id.
    """
    t = Table(
        n,
        {"p1": ["star"] + FILL, "p2": ["suspense-forest", "dutch"] + FILL, **hands},
        avatars={"p1": "forest", "p2": p2_at},
    )
    t.end_turn()
    t.play("set_trap", suspense="suspense-forest", card="dutch")
    trap = t.s.traps[-1].id
    while t.s.current != "p1":
        t.end_turn()
    return t, trap


def test_mn_18_mn_22_star_swapped_off_the_forest_fizzles_instead_of_activating_the_square():
    """MN-18 / MN-22 / MN-57: the Forest Star does not activate the Square the Dutch Angle trap swapped p1 onto."""
    t, trap = _dutch_trap_table(2, "square")
    events = t.act("p1", "star")
    assert t.public("mn.played", events)[0]["location"] == "forest"
    t.act("p2", "spring", trap=trap, target="p1")  # in the Star's window
    assert t.s.avatars["p1"] == "square" and t.s.avatars["p2"] == "forest"
    events = t.pass_all()
    assert t.public("mn.fizzled", events) == [{"player": "p1", "card": "star"}]
    assert not t.public("mn.activated", events)
    assert t.s.phase == "turn" and t.s.choice is None and t.me() == "p1"  # no Square choice for anyone
    assert t.s.used == 1 and t.s.discard.get("star") == 1 and "star" not in t.s.hands["p1"]  # the cost stays paid
    assert t.s.avatars["p1"] == "square"


def test_mn_18_mn_22_a_forest_star_swapped_onto_the_bridge_does_not_win():
    """MN-18 / MN-22 / MN-36: swapped onto the Bridge in the window, the Forest Star fizzles; nobody wakes."""
    t, trap = _dutch_trap_table(2, "bridge")
    t.act("p1", "star")
    t.act("p2", "spring", trap=trap, target="p1")
    assert t.s.avatars["p1"] == "bridge"
    events = t.pass_all()
    assert t.s.outcome is None and t.s.phase == "turn"
    assert t.public("mn.fizzled", events) == [{"player": "p1", "card": "star"}]
    assert not t.public("mn.activated", events) and not t.public("mn.game_over", events)
    assert t.s.used == 1 and t.s.discard.get("star") == 1


def test_mn_56a_marks_on_the_declared_location_lapse_when_the_star_fizzles():
    """MN-56a / MN-P7: the Star never stands, so a mark on the Forest lapses privately and its trap stays hidden."""
    t, dutch = _dutch_trap_table(3, "square", p3=["suspense-forest", "star"] + FILL)
    assert t.s.current == "p1"
    t.end_turn()
    t.end_turn()  # p2
    t.play("set_trap", suspense="suspense-forest", card="star")  # p3's Star trap on the Forest
    star_trap = t.s.traps[-1].id
    t.end_turn()
    t.act("p1", "star")
    t.act("p3", "mark", trap=star_trap)
    t.act("p2", "spring", trap=dutch, target="p1")
    events = t.pass_all()
    assert t.public("mn.fizzled", events) == [{"player": "p1", "card": "star"}]
    assert not t.public("mn.trap_sprung", events) and not t.public("mn.activated", events)
    assert t.private("mn.mark_lapsed", events) == [(("p3",), {"location": "forest"})]
    assert [tr.id for tr in t.s.traps] == [star_trap] and not t.s.marks
    assert MN.view(t.s, None)["trap_counts"]["p3"] == 1


def test_mn_22_a_star_whose_location_card_moved_still_resolves_there():
    """MN-6 / MN-22: avatars ride on the card, so a Vertigo trap moving the Forest does not make the Star fizzle."""
    t = Table(
        2,
        {"p1": ["star"] + FILL, "p2": ["suspense-forest", "vertigo"] + FILL},
        avatars={"p1": "forest", "p2": "square"},
    )
    t.end_turn()
    t.play("set_trap", suspense="suspense-forest", card="vertigo")
    trap = t.s.traps[-1].id
    t.end_turn()
    t.act("p1", "star")
    t.act("p2", "spring", trap=trap, cell="A4", turns=1)
    events = t.pass_all()
    assert not t.public("mn.fizzled", events)
    assert t.public("mn.activated", events) == [{"player": "p1", "location": "forest"}]
    assert t.me() == "p1" and t.prompt.key == "mn.choose_forest"
