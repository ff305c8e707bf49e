"""Issue 31: a computer's samples keep what everyone knows of a rival's hand in Midnighters.

A nightmare is drawn in public (MN-37) and cannot be played or discarded at will (MN-40), so everyone knows its
drawer still holds it until cards leave that hand out of sight. The state records it (``public_nightmares``), and
:func:`engines.midnighters.sampling.sample` deals it back into the drawer's hidden hand, so a rival frozen by a
nightmare (no waking with one in hand, MN-36) does not look free to the search.
"""

from __future__ import annotations

import json
import random

from engines import get_engine
from engines.midnighters.state import MidnightersState
from engines.serial import from_plain, to_plain
from tests.engines.midnighters.helpers import Table

MN = get_engine("midnighters")
FILL = ["sleepwalk"] * 5


def _samples(t: Table, seat: str, n: int = 20) -> list[MidnightersState]:
    view = json.loads(json.dumps(MN.view(t.s, seat, known=True)))
    return [MN.sample_state(view, seat, random.Random(i)) for i in range(n)]


def test_mn_37_a_nightmare_drawn_in_public_is_dealt_back_to_its_drawer_in_every_sample():
    """MN-37, MN-40: p1 draws Red in public; every sample p2 draws keeps Red in p1's hand (a random deal would
    hold it about one time in ten); a card drawn in private is not known."""
    t = Table(2, {"p1": ["sleepwalk"] * 3, "p2": FILL}, stacked=["red", "vertigo"])
    t.end_turn()
    assert t.s.public_nightmares == {"p1": ["red"]}
    for sample in _samples(t, "p2"):
        assert "red" in sample.hands["p1"] and len(sample.hands["p1"]) == 5
        MN.check_invariants(sample)
    assert MN.view(t.s, "p2", known=True)["known"]["public_nightmares"] == {"p1": ["red"]}


def test_mn_38_mn_49_an_unfired_nightmare_drawn_in_the_town_hall_is_known_too_but_a_fired_black_is_the_horrors():
    """MN-38, MN-49: drawn in the Town Hall it does not fire but stays in the hand, inert, and the draw is public;
    MN-47: a fired Black makes its drawer the Horror, whose hand the sampler gives the Black anyway."""
    t = Table(2, {"p1": ["sleepwalk"] * 4, "p2": FILL}, avatars={"p1": "townhall"}, stacked=["black"])
    t.end_turn()
    assert t.s.horror is None and t.s.public_nightmares == {"p1": ["black"]}
    t2 = Table(2, {"p1": ["sleepwalk"] * 4, "p2": FILL}, stacked=["black"])
    t2.end_turn()
    assert t2.s.horror == "p1" and t2.s.public_nightmares == {}


def test_mn_35_the_town_hall_discards_the_activators_nightmares_and_the_record_with_them():
    """MN-35: the activator discards their own nightmare cards: nothing is known of their hand any more."""
    t = Table(2, {"p1": ["star", "red"], "p2": FILL}, avatars={"p1": "townhall"})
    t.s.public_nightmares = {"p1": ["red"]}
    t.play("star")
    assert t.s.public_nightmares == {}


def test_mn_25_a_blind_steal_forgets_what_was_known_of_the_victims_hand():
    """MN-25 (b): one random card leaves the victim's hand, unseen by the others: maybe the nightmare."""
    t = Table(3, {"p1": ["catcher", "sleepwalk"], "p2": ["red", "sleepwalk"], "p3": FILL})
    t.s.public_nightmares = {"p2": ["red"]}
    t.play("catcher_steal", target="p2")
    assert "p2" not in t.s.public_nightmares
    MN.check_invariants(t.s)


def test_mn_43_purple_passes_the_record_with_the_hand():
    """MN-43: hands pass to the previous affected player; what everyone knew of a hand goes with it."""
    t = Table(3, {"p1": ["sleepwalk"] * 4, "p2": ["red"] + FILL[:4], "p3": FILL}, stacked=["purple"])
    t.s.public_nightmares = {"p2": ["red"]}
    t.end_turn()
    # p1 drew Purple (known), then every hand passed counter-clockwise: p1's to p3, p2's to p1, p3's to p2
    assert "red" in t.s.hands["p1"] and "purple" in t.s.hands["p3"]
    assert t.s.public_nightmares == {"p1": ["red"], "p3": ["purple"]}
    MN.check_invariants(t.s)


def test_an_old_saved_state_without_the_record_still_loads():
    """States saved before the record existed load with nothing known."""
    t = Table(2, {"p1": ["sleepwalk"] * 3, "p2": FILL})
    plain = to_plain(t.s)
    plain.pop("public_nightmares")
    assert from_plain(MidnightersState, plain).public_nightmares == {}
