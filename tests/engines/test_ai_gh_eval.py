"""Ghost at Home's fitted evaluation (engines.ai.policies.gh_evaluate) and its fitter (bench.ai_fit): issue 31."""

from __future__ import annotations

import math
import random

import pytest

from bench.ai_fit import fit, log_loss, positions, tally
from engines.ai.policies import GH_FEATURES, GH_WEIGHTS, gh_evaluate, gh_features
from engines.core import Action
from engines.playout import random_playout
from tests.engines.ghost_at_home.helpers import GH, Table, house


def feature(state, player: str, name: str) -> float:
    return gh_features(state, player)[GH_FEATURES.index(name)]


EXPOSED = "exposed rooms (top floor dark or with a ghost: one more ghost wipes it, GH-13)"


def test_every_feature_has_its_weight():
    assert len(GH_WEIGHTS) == len(GH_FEATURES) == len(gh_features(Table().state, "p1"))


def test_gh_12_gh_13_exposure_counts_only_the_top_floor_and_what_one_ghost_wipes():
    # dark top floor: one ghost wipes both rooms (GH-13); the full floor below cannot be targeted (GH-12)
    t = Table(hands={"p2": ["ghost", "ghost"]}, houses={"p1": house("room1 room1", "room2 room2")})
    assert feature(t.state, "p1", EXPOSED) == 2
    assert feature(t.state, "p1", "exposed rooms x threat") == 4  # two ghosts in the rival's hand
    assert feature(t.state, "p1", "threat a cat cannot answer") == 2
    # lit top floor: a single ghost only rests there
    lit = Table(hands={"p1": ["cat"], "p2": ["ghost"]}, houses={"p1": house("room1 room1", "*room2 room2")})
    assert feature(lit.state, "p1", EXPOSED) == 0
    assert feature(lit.state, "p1", "top floor lit") == 1
    assert feature(lit.state, "p1", "threat a cat cannot answer") == 0  # the cat in hand answers it (GH-16)
    # a ghost already resting on the lit top floor: the next one wipes it (GH-13)
    resting = Table(hands={"p2": ["ghost"]}, houses={"p1": house("room1 room1", "*room2+ghost room2")})
    assert feature(resting.state, "p1", EXPOSED) == 2
    assert feature(resting.state, "p1", "ghosts resting in the house") == 1


def test_gh_10_rooms_in_hand_for_a_full_floor_are_told_apart():
    t = Table(hands={"p1": ["room1", "room2", "joker_room"]}, houses={"p1": house("room1 room1")})
    assert feature(t.state, "p1", "rooms in hand for a full floor") == 1
    assert feature(t.state, "p1", "rooms in hand for a floor not yet full") == 1
    assert feature(t.state, "p1", "jokers in hand") == 1
    assert feature(t.state, "p1", "specials in hand") == 0
    special = Table(hands={"p1": ["lightning", "cat", "ghost"]})
    assert feature(special.state, "p1", "specials in hand") == 1
    assert feature(special.state, "p1", "cards in hand") == 3


def test_gh_evaluate_is_one_judgement_seen_from_both_seats():
    """In two-player games the two seats' chances add up to one, anywhere in a game, and stay inside (0, 1)."""
    for n in range(6):
        record = random_playout(GH, ["p1", "p2"], f"eval/{n}", check=False).record
        state, _ = GH.setup(record["players"], record["options"], record["seed"])
        for entry in record["log"]:
            if state.outcome is None:
                mine, theirs = gh_evaluate(GH, state, "p1"), gh_evaluate(GH, state, "p2")
                assert 0.0 < mine < 1.0
                assert mine + theirs == pytest.approx(1.0)
            state, _ = GH.apply(state, Action.from_json(entry))


def test_gh_evaluate_rates_a_room_laid_and_a_rival_ghost_as_they_matter():
    base = Table(houses={"p1": house("room1 room1", "room2 -")})
    more = Table(houses={"p1": house("room1 room1", "room2 room2")})
    assert gh_evaluate(GH, more.state, "p1") > gh_evaluate(GH, base.state, "p1")
    threatened = Table(hands={"p2": ["ghost", "ghost"]}, houses={"p1": house("room1 room1", "room2 -")})
    assert gh_evaluate(GH, threatened.state, "p1") < gh_evaluate(GH, base.state, "p1") - 0.02


def test_fit_recovers_the_weights_that_made_the_outcomes():
    """The fitter is a real logistic regression: from outcomes drawn with known weights, it finds them again."""
    truth = [0.8, -0.5, 0.3]
    chooser = random.Random(7)
    samples = []
    for _ in range(20_000):
        x = [float(chooser.randint(-2, 2)) for _ in truth]
        p = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(truth, x))))
        samples.append((x, 1.0 if chooser.random() < p else 0.0))
    grouped = tally(iter(samples))
    weights = fit(grouped)
    assert weights == pytest.approx(truth, abs=0.05)
    assert log_loss(weights, grouped) < log_loss([0.0, 0.0, 0.0], grouped) - 0.1


def test_fit_samples_are_both_seats_of_finished_games():
    samples = list(positions(1000, 3))
    assert samples and len(samples) % 2 == 0
    for (x, won), (mirror, lost) in zip(samples[::2], samples[1::2]):
        assert mirror == [-v for v in x] and won + lost == 1.0
    # the weights in the code predict these games better than a coin toss
    assert log_loss(GH_WEIGHTS, tally(iter(samples))) < math.log(2)
