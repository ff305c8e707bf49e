"""Issue 31: what the searching computer players' judgement of a position rests on.

Midnighters (``mn_judge``): Suspense cards are dead weight while no trap can be set (Red, MN-41; Colourless leaves
one action a turn, a trap takes two, MN-46, MN-16, MN-17, MN-50; a Dutch Angle's extra action makes two, MN-24 (c));
a Midnighter on the Horror's location is paralysed (MN-48). Midnight Hunt (``mh_score``): the memoized distance to
the nearest location still to take is the board's own distance (MH-5).
"""

from __future__ import annotations

import random

import pytest

from engines import get_engine
from engines.ai import policies
from engines.ai.policies import _mh_gap, _mn_can_trap, mn_judge
from engines.playout import random_playout
from tests.engines.midnighters.helpers import Table


def test_mn_no_trap_under_red_or_colourless_unless_a_dutch_angle_adds_the_second_action():
    """MN-41: Red forbids Suspense; MN-46 / MN-16: Colourless leaves 1 action, a trap costs 2 (MN-17, MN-50);
    MN-24 (c): a Dutch Angle grants the second."""
    t = Table(2, {"p1": ["suspense-bridge", "star", "sleepwalk"], "p2": ["sleepwalk"] * 5})
    assert _mn_can_trap(t.s, "p1")
    t.s.effects["colourless"] = []
    assert not _mn_can_trap(t.s, "p1")
    t.s.hands["p1"].append("dutch")
    assert _mn_can_trap(t.s, "p1")
    del t.s.effects["colourless"]
    t.s.effects["red"] = []
    assert not _mn_can_trap(t.s, "p1")


def test_mn_judge_counts_dead_suspense_under_colourless():
    """MN-46 / MN-17: under Colourless a hand of Suspense cards cannot be played; the judge says so."""
    t = Table(2, {"p1": ["suspense-bridge", "suspense-motel", "star"], "p2": ["sleepwalk"] * 3})
    free = mn_judge(None, t.s, "p1")
    t.s.effects["colourless"] = []
    assert mn_judge(None, t.s, "p1") < free


def test_mn_judge_counts_sleep_paralysis_on_the_horrors_location():
    """MN-48: a Midnighter standing where the Horror stands skips the turn; the judge counts it against them (all
    else equal: only the Horror's location differs)."""
    t = Table(2, {"p1": ["sleepwalk", "star"], "p2": ["black", "sleepwalk"]}, avatars={"p1": "motel", "p2": "forest"})
    t.s.horror = "p2"
    apart = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.avatars["p2"] = "motel"
    together = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    assert together == apart - policies.MN_PARALYSED
    assert mn_judge(None, t.s, "p1") < 0.5
    # Paralysed for as long as the Horror stays: worse than being several steps farther from the Bridge.
    assert policies.MN_PARALYSED > 3.0


def test_mn_judge_counts_a_pending_action_less_as_a_step():
    """MN-16 / MN-24 (c): a pending "1 action less" costs the next turn an action, about a step of Sleepwalk
    (MN-20); two Dutch Angle extras spent on nothing must look worse than ending the turn."""
    t = Table(2, {"p1": ["sleepwalk", "star"], "p2": ["sleepwalk"] * 3})
    free = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.penalties["p1"] = 2
    assert policies._mn_judged(t.s, "p1", {}, rival_distance=3.0) == free - 2 * policies.MN_PENALTY
    assert policies.MN_PENALTY >= 1.0


def test_mh_memoized_gap_is_the_nearest_distance():
    """MH-5: the memoized gap equals the minimum hex distance to the locations the side does not hold, on states
    of seeded random games."""
    engine = get_engine("midnight_hunt")
    checked = 0
    rng = random.Random(3)

    def hook(before, action, state, events):
        nonlocal checked
        board = engine.board(state)
        for side in ("A", "B"):
            goals = tuple(loc.hex for loc in board.locations if state.control[loc.id] != side)
            for hex_ in rng.sample(board.grid.hexes, 5):
                want = min((board.grid.distance(hex_, g) for g in goals), default=0)
                assert _mh_gap(board.grid, hex_, goals) == want
                checked += 1

    for seed in range(2):
        random_playout(engine, ["p0", "p1"], f"gap/{seed}", options={"mode": "1v1"}, on_step=hook, check=True)
    assert checked > 100 and policies._MH_GAPS


def test_mn_own_sleepwalk_trap_is_a_shortcut_unless_red():
    """MN-54: a Sleepwalk trap moves its owner onto its location from anywhere, at no action (MN-17, MN-53), so the
    judge's distance to the Bridge from Corridor 1 (4 steps, MN-8) is nil with one on the Bridge; Red forbids
    springing it (MN-41)."""
    from engines.midnighters.state import Trap

    t = Table(2, {"p1": ["sleepwalk", "star"], "p2": ["sleepwalk"] * 3}, avatars={"p1": "corridor1", "p2": "corridor2"})
    assert policies._mn_distance(t.s, "p1", {}) == 4
    t.s.traps.append(Trap(1, "p1", "bridge", "sleepwalk", "suspense-bridge", ["p1"]))
    assert policies._mn_distance(t.s, "p1", {}) == 0
    assert policies._mn_distance(t.s, "p2", {}) == 4  # someone else's trap is no shortcut for p2
    t.s.effects["red"] = []
    assert policies._mn_distance(t.s, "p1", {}) == 4


def test_mn_town_hall_star_trap_cures_from_afar_and_wins_for_the_horror():
    """MN-56 (b): a Midnight Star trap in the Town Hall activates it from anywhere (under Red too, MN-41): a
    Midnighter's nightmares go without the detour by the Town Hall (MN-35), and the Horror wins (MN-35, MN-59)."""
    from engines.midnighters.state import Trap

    t = Table(2, {"p1": ["blue", "sleepwalk"], "p2": ["black", "sleepwalk"]}, avatars={"p1": "corridor1", "p2": "corridor2"})
    detour = policies._mn_distance(t.s, "p1", {})
    assert detour > 4  # by the Town Hall first (MN-36: no waking with a nightmare in hand)
    t.s.traps.append(Trap(1, "p1", "townhall", "star", "suspense-townhall", ["p1"]))
    t.s.effects["red"] = []
    assert policies._mn_distance(t.s, "p1", {}) == 4
    t.s.traps.clear()
    t.s.horror = "p2"
    before = mn_judge(None, t.s, "p2")
    t.s.traps.append(Trap(2, "p2", "townhall", "star", "suspense-townhall", ["p2"]))
    assert policies._mn_distance(t.s, "p2", {}) == 0
    assert mn_judge(None, t.s, "p2") > max(before, 0.9)


def test_mn_judge_counts_spare_suspense_as_a_risk():
    """MN-23, MN-50: Suspense cards leave a hand only in traps; with more than one in hand a nightmare that forbids
    traps (Red, MN-41; Colourless, MN-46) would clog it (MN-12, MN-13), so each beyond the first counts against the
    hand, on top of its being a card that does nothing else."""
    hand = ["suspense-bridge", "star", "vertigo"]  # a Vertigo: no uninsured hand (MN_UNINSURED) in the difference
    t = Table(2, {"p1": hand, "p2": ["sleepwalk"] * 3}, avatars={"p1": "corridor1", "p2": "corridor2"})
    one = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.hands["p1"].append("suspense-motel")
    two = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    assert two == pytest.approx(one - 0.1 - policies.MN_SPARE_SUSPENSE)


def test_mn_no_forest_jump_under_blue():
    """MN-42: under Blue no location but the Town Hall can be activated, so a seat in the Forest cannot jump to the
    Town Hall (MN-31) and must walk: Forest -> Motel -> Square -> Town Hall on the classic layout (MN-8, MN-20),
    3 steps, not the jump's 2. Holding Red instead (inert, not active) leaves the jump open."""
    t = Table(2, {"p1": ["red", "sleepwalk", "star"], "p2": ["sleepwalk"] * 3}, avatars={"p1": "forest", "p2": "corridor2"})
    to_bridge = policies._mn_soft(t.s, "bridge", {}).get("townhall")
    held = policies._mn_distance(t.s, "p1", {})
    assert held == policies.MN_FOREST_JUMP + 1.5 + to_bridge
    t.s.hands["p1"][0] = "blue"
    t.s.effects["blue"] = []
    assert policies._mn_distance(t.s, "p1", {}) == 3 + 1.5 + to_bridge


def test_mn_judge_counts_a_dead_full_hand_as_nearly_lost():
    """MN-12, MN-13: a hand is refilled only up to 5 and never discarded at will, so five cards none of which can be
    played where the seat stands (Suspense under Red, MN-41; a Midnight Star on a corridor, MN-22; Sleepwalks with
    no arrow onto a card, MN-20) never change again: worse than several steps from the Bridge."""
    t = Table(
        2,
        {"p1": ["suspense-bridge", "suspense-motel", "suspense-square", "star", "red"], "p2": ["sleepwalk"] * 3},
        avatars={"p1": "corridor1", "p2": "corridor2"},
    )
    t.s.effects["red"] = ["p2"]
    assert policies._mn_playable(t.s, "p1") == 0
    dead = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.hands["p1"][0] = "vertigo"  # a card always playable (MN-21: rotate your own location)
    alive = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    assert alive - dead > policies.MN_DEAD_HAND >= 4.0


def test_mn_star_on_the_town_hall_detour_is_worth_less_than_using_it():
    """MN-35, MN-36: a Midnighter holding a nightmare cannot wake; activating the Town Hall discards it. Standing
    there with a Midnight Star must judge worse than having used it (nightmare gone, Star spent), or the seat keeps
    the Star and never sheds the nightmare; on the Bridge (MN-59) a Star in hand still counts most."""
    t = Table(2, {"p1": ["red", "star", "sleepwalk"], "p2": ["sleepwalk"] * 3}, avatars={"p1": "townhall", "p2": "corridor2"})
    holding = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.hands["p1"] = ["sleepwalk"]
    used = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    assert used > holding
    t.s.avatars["p1"] = "bridge"
    bare = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.hands["p1"] = ["star", "sleepwalk"]
    assert policies._mn_judged(t.s, "p1", {}, rival_distance=3.0) - bare >= 2.0


def test_mn_judge_tells_apart_moves_far_ahead_of_a_stuck_rival():
    """MN-12, MN-13, MN-60: a rival with a dead hand (Suspense under Red, MN-41) may never move again; the seat's
    own step toward the Bridge (MN-20) must still raise its judgement, or nothing it does matters and the dream can
    end with nobody awake. A rival's dead hand counts less than the seat's own (it wins the seat nothing alone)."""
    rival = ["suspense-bridge", "suspense-motel", "suspense-square", "suspense-forest", "red"]
    t = Table(2, {"p1": ["sleepwalk", "star"], "p2": rival}, avatars={"p1": "corridor1", "p2": "corridor2"})
    t.s.effects["red"] = ["p1"]
    far = mn_judge(None, t.s, "p1")
    t.s.avatars["p1"] = "square"  # one step from the Bridge on the classic layout (MN-8)
    near = mn_judge(None, t.s, "p1")
    assert near - far > 0.02
    assert policies.MN_RIVAL_DEAD_HAND < policies.MN_DEAD_HAND


def test_mn_normal_sheds_its_nightmare_on_the_town_hall():
    """MN-35, MN-36, MN-40: a Midnighter holding a nightmare cannot wake; on the Town Hall with a Midnight Star the
    searching player activates it (its nightmares discarded), even with the rival frozen by the nightmare in play
    (Red: no traps, MN-41), rather than keep the Star while nobody wakes (MN-60). Without a nightmare in hand the
    rule does not apply, and the Horror is never covered by it (MN-47)."""
    from engines.ai import decide

    engine = get_engine("midnighters")
    rival = ["suspense-bridge", "suspense-motel", "suspense-square", "star", "red"]
    t = Table(2, {"p1": ["blue", "star", "sleepwalk", "sleepwalk"], "p2": rival}, avatars={"p1": "townhall", "p2": "corridor2"})
    t.s.effects["red"] = []
    for seed in range(3):
        action = decide("midnighters", engine.view(t.s, "p1", known=True), "p1", "normal", seed)
        assert action["kind"] == "star"
    candidates = engine.legal_actions(t.s, "p1")
    assert policies.mn_decisive(engine, t.s, "p1", candidates).kind == "star"
    t.s.hands["p1"][0] = "vertigo"
    assert policies.mn_decisive(engine, t.s, "p1", engine.legal_actions(t.s, "p1")) is None


def test_mn_normal_answers_a_rivals_star_on_the_bridge():
    """MN-36, MN-59: a rival's Midnight Star on the Bridge wakes them and ends the game; a seat holding a Dream
    Catcher intercepts it (MN-25 (a)), with only a Dutch Angle cancels it (MN-24 (a)); passing loses at once."""
    from engines.ai import decide

    engine = get_engine("midnighters")
    for answer in ("intercept", "cancel"):
        card = "catcher" if answer == "intercept" else "dutch"
        t = Table(2, {"p1": ["star", "sleepwalk"], "p2": [card, "sleepwalk"]}, avatars={"p1": "bridge", "p2": "corridor2"})
        t.act("p1", "star")
        assert t.s.phase == "window" and "p2" in t.prompt.players
        for seed in range(3):
            action = decide("midnighters", engine.view(t.s, "p2", known=True), "p2", "normal", seed)
            assert action["kind"] == answer


def test_mn_normal_springs_its_sleepwalk_trap_against_a_star_on_the_bridge():
    """MN-54: a Sleepwalk trap on the Bridge sends a player standing there to a corridor, at no action and on
    anyone's turn (MN-17, MN-53); sprung against a rival's Midnight Star there, the Star fizzles (MN-18), so the
    seat springs it before answering with a card (here it holds a Dream Catcher too)."""
    from engines.ai import decide
    from engines.midnighters.state import Trap

    engine = get_engine("midnighters")
    t = Table(2, {"p1": ["star", "sleepwalk"], "p2": ["catcher", "sleepwalk"]}, avatars={"p1": "bridge", "p2": "corridor2"})
    t.s.traps.append(Trap(1, "p2", "bridge", "sleepwalk", "suspense-bridge", ["p2"]))
    t.act("p1", "star")
    action = decide("midnighters", engine.view(t.s, "p2", known=True), "p2", "normal", 0)
    assert action["kind"] == "spring" and action["args"]["target"] == "p1" and action["args"]["mode"] == "corridor"


def test_mn_judge_keeps_an_always_playable_card_beside_fragile_ones():
    """MN-12, MN-13: a hand never sheds cards at will; a nightmare drawn at random (Red: no traps, MN-41;
    Colourless: a corridor and one action, MN-46, where no Midnight Star plays, MN-22) can make Suspense and Stars
    dead at once. A Vertigo (MN-21) can always be played, so a hand of three fragile cards judges better with one
    kept than with a harmless Sleepwalk in its place; with fewer fragile cards it makes no difference."""
    fragile = ["suspense-bridge", "suspense-motel", "star"]
    t = Table(2, {"p1": fragile + ["sleepwalk", "vertigo"], "p2": ["sleepwalk"] * 3}, avatars={"p1": "corridor1"})
    insured = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.hands["p1"][-1] = "sleepwalk"
    bare = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.hands["p1"] = ["suspense-bridge", "star", "sleepwalk", "sleepwalk", "vertigo"]
    two_insured = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.hands["p1"][-1] = "sleepwalk"
    two_bare = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    assert (insured - bare) - (two_insured - two_bare) == pytest.approx(policies.MN_UNINSURED)


def test_mn_48_no_sleep_paralysis_counted_for_a_seat_about_to_wake_on_the_bridge():
    """MN-48: sleep paralysis strikes at the start of a turn (MN-15); a Midnighter who walked onto the Bridge where
    the Horror stands, on their own turn with an action left and a Midnight Star, wakes at once (MN-36, MN-59). The
    judge counted them paralysed, so the seat never stepped on the Horror's Bridge and a game ran to the turn limit
    (MN-60) with the Horror parked there. Paralysis still counts once the turn is someone else's."""
    t = Table(2, {"p1": ["star", "sleepwalk"], "p2": ["black", "sleepwalk"]}, avatars={"p1": "bridge", "p2": "bridge"})
    t.s.horror = "p2"
    assert t.s.current == "p1" and t.s.phase == "turn"
    assert policies._mn_wakes_now(t.s, "p1")
    mine = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    t.s.current = "p2"
    assert not policies._mn_wakes_now(t.s, "p1")
    assert policies._mn_judged(t.s, "p1", {}, rival_distance=3.0) == pytest.approx(mine - policies.MN_PARALYSED)
    t.s.current = "p1"
    t.s.hands["p1"] = ["sleepwalk", "sleepwalk"]  # no Star: paralysed next turn
    assert not policies._mn_wakes_now(t.s, "p1")


def test_mn_12_mn_13_a_full_hand_with_one_playable_card_counts_as_half_dead(monkeypatch):
    """MN-12, MN-13, MN-46, MN-41: under Colourless (one action, no trap) four Suspense cards are dead; with a
    Sleepwalk beside them the hand is not dead, but kept it never changes. The judge counted nothing against it and
    the seat kept its Sleepwalk for 170 turns rather than walk and draw; now half a dead hand counts against it,
    and nothing with two playable cards."""
    t = Table(
        2,
        {"p1": ["suspense-bridge", "suspense-motel", "suspense-square", "suspense-forest", "sleepwalk"], "p2": ["sleepwalk"] * 3},
        avatars={"p1": "corridor1", "p2": "corridor2"},
    )
    t.s.effects["colourless"] = []
    assert policies._mn_playable(t.s, "p1") == 1
    clogged = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    monkeypatch.setattr(policies, "MN_LAST_PLAYABLE", 0.0)
    assert policies._mn_judged(t.s, "p1", {}, rival_distance=3.0) - clogged == pytest.approx(0.5 * policies.MN_DEAD_HAND)
    t.s.hands["p1"][0] = "vertigo"
    assert policies._mn_playable(t.s, "p1") == 2
    freer = policies._mn_judged(t.s, "p1", {}, rival_distance=3.0)
    monkeypatch.setattr(policies, "MN_LAST_PLAYABLE", 0.5)
    assert policies._mn_judged(t.s, "p1", {}, rival_distance=3.0) == freer
