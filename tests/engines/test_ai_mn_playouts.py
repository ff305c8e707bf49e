"""Issue 31: the Midnighters search's playouts made cheaper without playing differently.

* a playout goes on from the states its policy's one-step lookahead (:func:`engines.ai.policies.settle`) already
  reached for the chosen action and the forced steps after it, instead of applying them again: the same playout;
* a search samples one view many times and rebuilds only what each sample deals
  (:func:`engines.midnighters.sampling.sample`): the same samples;
* a playout weighs only the few Vertigo plays (MN-21) that do most for the race (:func:`engines.ai.policies.mn_prune`).
"""

from __future__ import annotations

import json
import random

import pytest

from engines import get_engine
from engines.ai import decide, policies
from engines.ai.policies import GAME_AI, mn_prune
from engines.ai.search import playout_action, rollout
from engines.core import Action, IllegalAction
from engines.midnighters import sampling
from engines.serial import to_plain
from tests.engines.midnighters.helpers import Table

MN = get_engine("midnighters")
AI = GAME_AI["midnighters"]


def _positions(seeds: range, steps: tuple[int, ...]) -> list:
    """Positions of easy-against-easy games, each with the seat to move."""
    found = []
    for seed in seeds:
        state, _ = MN.setup(["p0", "p1"], {}, f"playouts/{seed}")
        for step in range(max(steps) + 1):
            if state.outcome is not None or not state.prompts:
                break
            actor = state.prompts[0].players[0]
            if step in steps:
                found.append((state, actor))
            view = MN.view(state, actor, known=True)
            legal = [a for a in MN.legal_actions(state, actor) if a.kind not in ("leave", "surrender")]
            if not legal:
                break
            action = Action.from_json(decide("midnighters", view, actor, "easy", seed * 100 + step)) if len(legal) > 1 else legal[0]
            state, _ = MN.apply(state, action)
    return found


def _plain_rollout(state, player: str, depth: int, chooser: random.Random) -> float:
    """The playout as it was: every chosen action applied anew."""
    for _ in range(depth):
        if state.outcome is not None:
            break
        action = playout_action(MN, AI, state, chooser, epsilon=0.1, player=player)
        if action is None:
            break
        try:
            state, _ = MN.apply(state, action)
        except IllegalAction:
            break
    return AI.evaluate(MN, state, player)


def test_a_playout_that_reuses_its_lookaheads_plays_the_same_game():
    """The settled states are the ones the playout reaches (the engine is pure), and a forced step (one action for
    the one player prompted) is played without asking the policy: same chooser, same playout, same value."""
    positions = _positions(range(3), (0, 7, 15, 30))
    assert len(positions) >= 8
    for i, (state, actor) in enumerate(positions):
        for depth in (3, 10):
            fast = rollout(MN, AI, state, actor, depth, random.Random(i))
            plain = _plain_rollout(state, actor, depth, random.Random(i))
            assert fast == plain
    assert policies.settled_paths() is None  # the record lives only while a playout runs


def test_samples_of_one_view_rebuild_only_what_they_deal():
    """Sampling a view again shares its public fields with the last sample and deals the rest anew: the same
    states as sampling it from scratch, whichever view came before."""
    positions = _positions(range(2), (5, 20))
    for state, actor in positions:
        view = json.loads(json.dumps(MN.view(state, actor, known=True)))
        sampling._LAST[0] = (None, None)
        fresh = [to_plain(MN.sample_state(view, actor, random.Random(k))) for k in range(4)]
        again = [to_plain(MN.sample_state(view, actor, random.Random(k))) for k in range(4)]
        assert again == fresh
        other = json.loads(json.dumps(view))  # an equal view is another table: built anew, the same samples
        assert [to_plain(MN.sample_state(other, actor, random.Random(k))) for k in range(4)] == fresh


def test_mn_21_a_playout_weighs_the_vertigo_plays_that_do_most_for_the_race():
    """MN-21: with a Vertigo in hand a seat has up to eighteen Vertigo plays; a playout weighs the four that do most
    for the race by the board alone, and every other action. On the classic board (MN-8) p1 on Corridor 1, four
    Sleepwalk steps from the Bridge, has a Vertigo, and from the Motel (two steps) more; the play the full one-step
    lookahead (:func:`engines.ai.policies.mn_order`) ranks best is among those kept (over sampled playout positions:
    about nine times in ten, and the best action of all when it is a Vertigo play)."""
    for where in ("corridor1", "motel"):
        t = Table(2, {"p1": ["vertigo", "sleepwalk", "star"], "p2": ["sleepwalk"] * 3}, avatars={"p1": where, "p2": "corridor2"})
        legal = MN.legal_actions(t.s, "p1")
        vertigo = [a for a in legal if a.kind in policies.VERTIGO_PLAYS]
        assert len(vertigo) > policies.MN_VERTIGO_KEPT
        weighed = mn_prune(MN, t.s, "p1", legal)
        assert [a for a in weighed if a.kind not in policies.VERTIGO_PLAYS] == [
            a for a in legal if a.kind not in policies.VERTIGO_PLAYS
        ]
        kept = [a for a in weighed if a.kind in policies.VERTIGO_PLAYS]
        assert len(kept) == policies.MN_VERTIGO_KEPT
        gains = {id(a): policies._mn_vertigo_gain(t.s, "p1", a) for a in vertigo}
        assert min(gains[id(a)] for a in kept) >= max(gains[id(a)] for a in vertigo if a not in kept)
        assert max(vertigo, key=lambda a: policies.mn_order(MN, t.s, "p1", a)) in kept
        assert mn_prune(MN, t.s, "p1", legal) == weighed  # memoized: the same answer


@pytest.mark.parametrize("level", ["normal"])
def test_the_search_still_decides_deterministically(level: str):
    t = Table(2, {"p1": ["vertigo", "sleepwalk", "star"], "p2": ["sleepwalk"] * 3}, avatars={"p1": "corridor1", "p2": "corridor2"})
    view = MN.view(t.s, "p1", known=True)
    assert decide("midnighters", view, "p1", level, 3) == decide("midnighters", json.loads(json.dumps(view)), "p1", level, 3)
