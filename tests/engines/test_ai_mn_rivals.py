"""Issue 31: the Midnighters search's model of its rivals, and the last answer it keeps.

* In the search's playouts a rival plays the heuristic as the easy player does (``mn_score`` over all its legal
  actions, no random moves, ties broken narrowly), not a noisier copy of it: flat Monte Carlo judges a move by how
  the rivals answer it, so the model should be the rival's own play.
* A full hand whose one playable card is a Dutch Angle or a Dream Catcher is not charged as a clogged hand while a
  rival is within a turn of waking: that card is the seat's last answer to their winning Midnight Star
  (MN-24 (a), MN-25 (a)); kept otherwise, the hand never changes (MN-12, MN-13).
"""

from __future__ import annotations

import random

import pytest

from engines import get_engine
from engines.ai import policies
from engines.ai.policies import GAME_AI, best, mn_score
from engines.ai.search import playout_action
from tests.engines.midnighters.helpers import Table

MN = get_engine("midnighters")
AI = GAME_AI["midnighters"]


def _rival_turn() -> Table:
    """p2's turn, p1 the searching seat: p2 (Corridor 2) holds Sleepwalks and a Midnight Star, p1 waits elsewhere."""
    t = Table(
        2,
        {"p1": ["sleepwalk", "star"], "p2": ["sleepwalk", "sleepwalk", "star", "vertigo"]},
        avatars={"p1": "corridor1", "p2": "corridor2"},
    )
    t.act("p1", "end")
    assert t.prompt.kind == "turn" and t.prompt.players == ("p2",)
    return t


def test_a_playouts_rival_plays_as_the_easy_player_does():
    """MN-15: on the rival's turn the playout's choice is the easy player's (its score, over every legal action,
    with the easy player's narrow tie-breaking), whatever the playout's random-move share: same chooser, same
    action."""
    t = _rival_turn()
    legal = [a for a in MN.legal_actions(t.s, "p2") if a.kind not in ("leave", "surrender")]
    assert len(legal) > 4 and any(a.kind.startswith("vertigo") for a in legal)
    for seed in range(20):
        easy = best(legal, lambda a: mn_score(MN, t.s, "p2", a), random.Random(seed))
        for epsilon in (0.0, 0.1, 1.0):
            played = playout_action(MN, AI, t.s, random.Random(seed), epsilon, player="p1")
            assert played == easy


def test_the_searching_seat_itself_still_explores_in_its_playouts():
    """The searching seat's own moves in a playout keep their random share (its own future choices are the
    search's, not a fixed heuristic's): with every move random, some playout picks an action the judge would not."""
    t = Table(
        2,
        {"p1": ["sleepwalk", "sleepwalk", "star", "vertigo"], "p2": ["sleepwalk", "star"]},
        avatars={"p1": "corridor1", "p2": "corridor2"},
    )
    picks = {str(playout_action(MN, AI, t.s, random.Random(seed), 1.0, player="p1").to_json()) for seed in range(30)}
    assert len(picks) > 2


@pytest.mark.parametrize("answer", ["dutch", "catcher"])
def test_mn_24_mn_25_the_last_answer_is_kept_while_a_rival_is_near(answer):
    """MN-41, MN-12, MN-13: under Red four Suspense cards are dead and the hand is full; its one playable card is a
    Dutch Angle (or a Dream Catcher). With the rival far away, kept it clogs the hand (half a dead hand is charged,
    as for any last playable card); with the rival within two steps of the Bridge it is the seat's only answer to
    their winning Midnight Star (MN-24 (a), MN-25 (a)), and nothing is charged for keeping it."""
    hand = ["suspense-bridge", "suspense-motel", "suspense-square", "suspense-forest", answer]
    t = Table(2, {"p1": hand, "p2": ["sleepwalk"] * 3}, avatars={"p1": "corridor1", "p2": "corridor2"})
    t.s.effects["red"] = []
    assert policies._mn_playable(t.s, "p1") == 1
    charge = policies.MN_LAST_PLAYABLE * policies.MN_DEAD_HAND
    far = policies._mn_judged(t.s, "p1", {}, rival_distance=5.0)
    near = policies._mn_judged(t.s, "p1", {}, rival_distance=policies.MN_ANSWER_NEEDED)
    assert near - far == pytest.approx(charge)  # two steps: the bonus for an answer at one step (0.8) is not in it
    # A Vertigo is no answer: with it as the one playable card the charge stays, near or far.
    t.s.hands["p1"][-1] = "vertigo"
    assert policies._mn_playable(t.s, "p1") == 1
    assert policies._mn_judged(t.s, "p1", {}, rival_distance=1.0) == policies._mn_judged(t.s, "p1", {}, rival_distance=5.0)
