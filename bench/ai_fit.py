"""Fit Ghost at Home's position evaluation (``python -m bench.ai_fit [--games N] [--check N]``; issue 31).

The searching players stop each playout after a few steps and ask :func:`engines.ai.policies.gh_evaluate` who is
ahead. That evaluation is a logistic regression: the chance a seat wins is ``squash(w · (f(seat) - f(rival)))``
over the features of :func:`engines.ai.policies.gh_features`. This script plays ``--games`` two-player games with
the search's own playout policy (every seat the heuristic with a little noise; a third of the games with no random
moves, a third with 10 % and a third with 20 %), takes every position of every finished game from both seats' side,
and fits ``w`` by Newton's method over the distinct positions (a pure-Python solve: 22 weights, no numerical
library needed). It prints the weights to paste into ``GH_WEIGHTS`` and, on ``--check`` games it did not fit, the
log loss of the new weights, of those in the code and of a coin toss (0.693): lower predicts better.

A short playout judged by a calibrated evaluation is a less noisy judge than a long one (GH-7 .. GH-32 make the
game a short race with much luck); ``bench/RESULTS.md`` has the measurements. Deterministic for its arguments.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Iterator, Sequence

from engines import get_engine
from engines.ai.policies import GAME_AI, GH_FEATURES, GH_WEIGHTS, gh_features, squash
from engines.ai.search import playout_action

#: L2 penalty on the weights (a tiny one: it only keeps the solve well posed when a feature never varies).
RIDGE = 1e-4
NEWTON_STEPS = 8
MAX_STEPS = 300

Sample = tuple[list[float], float]  # the difference of two seats' features, and 1 if the first seat won


def positions(first_seed: int, games: int) -> Iterator[Sample]:
    """Every position of ``games`` playout-policy games (seeds ``first_seed`` on) from both seats' side."""
    engine = get_engine("ghost_at_home")
    ai = GAME_AI["ghost_at_home"]
    for seed in range(first_seed, first_seed + games):
        chooser = random.Random(seed)
        state, _ = engine.setup(["p0", "p1"], {}, f"fit/{seed}")
        epsilon = chooser.choice([0.0, 0.1, 0.2])
        seen = []
        for _ in range(MAX_STEPS):
            if state.outcome is not None:
                break
            seen.append((gh_features(state, "p0"), gh_features(state, "p1")))
            action = playout_action(engine, ai, state, chooser, epsilon)
            if action is None:
                break
            state, _ = engine.apply(state, action)
        if state.outcome is None or state.outcome.draw:
            continue
        won = 1.0 if "p0" in state.outcome.winners else 0.0
        for mine, theirs in seen:
            diff = [a - b for a, b in zip(mine, theirs)]
            yield diff, won
            yield [-d for d in diff], 1.0 - won


Tally = dict[tuple[float, ...], list[float]]  # a feature difference: [times the first seat won, times seen]


def tally(samples: Iterator[Sample]) -> Tally:
    """Samples grouped by their features (small counts, so positions repeat a great deal: the fit runs over the
    distinct ones, weighted)."""
    out: Tally = {}
    for x, won in samples:
        seen = out.setdefault(tuple(x), [0.0, 0.0])
        seen[0] += won
        seen[1] += 1.0
    return out


def _chance(weights: Sequence[float], x: Sequence[float]) -> float:
    # the logit floored where math.exp would overflow (a chance of about 1e-304, counted as the log loss's 1e-9)
    return squash(max(-700.0, sum(w * v for w, v in zip(weights, x))))


def fit(samples: Tally, steps: int = NEWTON_STEPS) -> list[float]:
    """Logistic regression by Newton's method: the weights that best predict who won."""
    k = len(next(iter(samples)))
    n = sum(seen for _, seen in samples.values())
    weights = [0.0] * k
    for _ in range(steps):
        gradient = [0.0] * k
        hessian = [[0.0] * k for _ in range(k)]
        for x, (won, seen) in samples.items():
            p = _chance(weights, x)
            residual, curvature = p * seen - won, p * (1.0 - p) * seen
            for i, xi in enumerate(x):
                if xi:
                    gradient[i] += residual * xi
                    row, scaled = hessian[i], curvature * xi
                    for j in range(i, k):
                        if x[j]:
                            row[j] += scaled * x[j]
        for i in range(k):
            gradient[i] = gradient[i] / n + RIDGE * weights[i]
            for j in range(i, k):
                hessian[i][j] = hessian[i][j] / n + (RIDGE if i == j else 0.0)
                hessian[j][i] = hessian[i][j]
        step = _solve(hessian, gradient)
        weights = [w - d for w, d in zip(weights, step)]
        if max(abs(d) for d in step) < 1e-9:
            break
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gauss-Jordan elimination with partial pivoting (the matrix is small and positive
    definite)."""
    k = len(vector)
    rows = [matrix[i][:] + [vector[i]] for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(k):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [rows[i][k] / rows[i][i] for i in range(k)]


def log_loss(weights: Sequence[float], samples: Tally) -> float:
    """Mean negative log-likelihood of the outcomes (0.693 for a coin toss; lower predicts better)."""
    total = n = 0.0
    for x, (won, seen) in samples.items():
        p = min(max(_chance(weights, x), 1e-9), 1.0 - 1e-9)
        total -= won * math.log(p) + (seen - won) * math.log(1.0 - p)
        n += seen
    return total / n


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="games to fit on (seeds 1000 on)")
    parser.add_argument("--check", type=int, default=2_000, help="games to check on (seeds 500000 on)")
    args = parser.parse_args(argv)
    started = time.process_time()
    samples = tally(positions(1000, args.games))
    weights = fit(samples)
    held_out = tally(positions(500_000, args.check))
    print(f"{sum(seen for _, seen in samples.values()):,.0f} samples ({len(samples):,} distinct) from {args.games:,} games, fitted in {time.process_time() - started:.0f} s of CPU")
    for name, w in zip(GH_FEATURES, weights):
        print(f"  {w:+.3f}  {name}")
    print("GH_WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    checks = {"new weights": weights, "GH_WEIGHTS in the code": GH_WEIGHTS, "a coin toss": [0.0] * len(weights)}
    for label, w in checks.items():
        if len(w) == len(weights):
            print(f"log loss on {args.check:,} other games, {label}: {log_loss(w, held_out):.4f}")


if __name__ == "__main__":
    main()
