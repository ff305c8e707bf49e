"""The searching computer players ("normal" and "hard"): flat Monte Carlo over sampled hidden states.

Each iteration draws a full state consistent with the seat's view (:meth:`engines.core.Engine.sample_state`, a
fresh determinization), applies one candidate action, and plays on with the game's heuristic playout policy for
every seat (:mod:`engines.ai.policies`) for a bounded number of steps; the position it reaches is scored in [0, 1]
(a finished game exactly). The candidates are the heuristic's best few; UCB1 spends the iterations on the
promising ones, and the most-visited is played. The budget is a count of iterations and steps, never a clock, so a
decision is deterministic for a seed and its CPU bounded.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from engines.ai.policies import GAME_AI, GameAI, best, record_settled, settled_paths
from engines.core import Action, Engine, IllegalAction, State

#: Actions a computer never chooses on its own.
NEVER = frozenset({"leave", "surrender"})


@dataclass(frozen=True)
class Budget:
    iterations: int  # playouts in all
    candidates: int  # root actions searched (the heuristic's best)
    depth_scale: float = 1.0  # playout length, as a share of the game's own depth
    explore: float = 0.5  # UCB1's exploration constant (values are in [0, 1])
    #: Weight of the heuristic's own ranking (0 for the best candidate's rival at its worst, 1 for the heuristic's
    #: favourite) added to a candidate's playout mean, in choosing and in the final pick: a game whose playouts
    #: judge less well than its heuristic (Midnighters) lets the search overrule the heuristic only when clear.
    prior: float = 0.0
    #: Sequential halving over shared samples instead of UCB1: each round draws hidden states and plays every
    #: candidate still in the race from the same state with the same playout randomness (a paired comparison:
    #: the luck of the deal cancels out), then keeps the better half; the last one standing is played.
    halving: bool = False


def playout_action(
    engine: Engine, ai: GameAI, state: State, chooser: random.Random, epsilon: float, player: str | None = None
) -> Action | None:
    """The next action in a playout: one prompted player's heuristic choice (a random one with ``epsilon``); the
    searching ``player`` itself plays by ``ai.own`` (how it will judge its later moves), and with
    ``ai.exact_rivals`` the others play ``ai.score`` exactly as the easy player does (no random moves, all their
    legal actions, ties broken narrowly: the rival model of a flat Monte Carlo search is most of its judgement)."""
    for prompt in state.prompts:
        for actor in prompt.players:
            legal = [a for a in engine.legal_actions(state, actor) if a.kind not in NEVER]
            if not legal:
                continue
            if len(legal) == 1:  # nothing to weigh (a window with only a pass, a turn with only its end): no scoring
                return legal[0]
            if ai.exact_rivals and actor != player:
                # A rival plays the heuristic as the easy player does: no random moves, ties broken as narrowly. The
                # actions ``ai.rival_skip`` rules out are not scored, but draw their tie-breaking share all the same
                # (best's draws, one an action in order), so the choice is the one over all of them.
                skip = ai.rival_skip(engine, state, actor, legal) if ai.rival_skip is not None else frozenset()
                return best(
                    legal,
                    lambda a, who=actor: -math.inf if id(a) in skip else ai.score(engine, state, who, a),
                    chooser,
                )
            if chooser.random() < epsilon:
                return chooser.choice(legal)
            policy = ai.own if actor == player else ai.quick
            weighed = legal if ai.prune is None else ai.prune(engine, state, actor, legal)
            return best(weighed, lambda a, who=actor, pol=policy: pol(engine, state, who, a), chooser, noise=1.5)
    timed = [p for p in state.prompts if p.timeout is not None]
    return Action.timeout(timed[0].id) if timed else None


def rollout(engine: Engine, ai: GameAI, state: State, player: str, depth: int, chooser: random.Random) -> float:
    outer = settled_paths()
    paths: dict[tuple[int, int], list[State]] = {}
    record_settled(paths)
    try:
        steps = 0
        while steps < depth:
            if state.outcome is not None:
                break
            paths.clear()
            action = playout_action(engine, ai, state, chooser, epsilon=0.1, player=player)
            if action is None:
                break
            # The policy may have applied it already to score it, with the forced steps after it (policies.settle):
            # the same states the playout would reach, one step each, so no apply twice.
            path = paths.get((id(state), id(action)))
            if path:
                taken = path[: depth - steps]
                state, steps = taken[-1], steps + len(taken)
                continue
            try:
                state, _ = engine.apply(state, action)
            except IllegalAction:
                break
            steps += 1
    finally:
        record_settled(outer)
    return ai.evaluate(engine, state, player)


def search(
    engine: Engine,
    game: str,
    view: dict[str, Any],
    player: str,
    budget: Budget,
    chooser: random.Random,
    first: State,
    candidates: list[Action],
) -> Action:
    ai = GAME_AI[game]
    if ai.decisive is not None:
        sure = ai.decisive(engine, first, player, candidates)
        if sure is not None:
            return sure
    scored = sorted(((ai.order(engine, first, player, a), a) for a in candidates), key=lambda sa: -sa[0])
    if ai.diverse:  # the best of each kind first (build, attack, light ...), then the next best of any kind
        kinds: dict[str, tuple[float, Action]] = {}
        for sa in scored:
            kinds.setdefault(sa[1].kind, sa)
        firsts = sorted(kinds.values(), key=lambda sa: -sa[0])[: budget.candidates]
        chosen = {id(a) for _, a in firsts}
        scored = sorted(firsts, key=lambda sa: -sa[0]) + [sa for sa in scored if id(sa[1]) not in chosen]
    roots = [a for _, a in scored[: budget.candidates]]
    if len(roots) == 1:
        return roots[0]
    top, low = scored[0][0], scored[len(roots) - 1][0]
    bias = [budget.prior * ((sc - low) / (top - low) if top > low else 1.0) for sc, _ in scored[: len(roots)]]
    depth = max(1, int(ai.depth * budget.depth_scale))
    if budget.halving:
        return _halving(engine, ai, view, player, budget, chooser, first, roots, bias, depth)
    visits = [0] * len(roots)
    totals = [0.0] * len(roots)
    for it in range(budget.iterations):
        if it < len(roots):
            i = it
        else:
            log_n = math.log(it)
            i = max(
                range(len(roots)),
                key=lambda k: totals[k] / visits[k] + bias[k] + budget.explore * math.sqrt(log_n / visits[k]),
            )
        state = first if it == 0 else engine.sample_state(view, player, chooser)
        try:  # the same action in every sample: its legal actions are the seat's (sample_state's promise)
            after, _ = engine.apply(state, roots[i])
        except IllegalAction:
            value = 0.0
        else:
            value = rollout(engine, ai, after, player, depth, chooser)
        visits[i] += 1
        totals[i] += value
    if budget.prior:
        return roots[max(range(len(roots)), key=lambda k: totals[k] / max(1, visits[k]) + bias[k])]
    return roots[max(range(len(roots)), key=lambda k: (visits[k], totals[k] / max(1, visits[k])))]


def _halving(
    engine: Engine, ai: GameAI, view: dict[str, Any], player: str, budget: Budget, chooser: random.Random,
    first: State, roots: list[Action], bias: list[float], depth: int,
) -> Action:
    """Sequential halving (Karnin et al. 2013) with common random numbers: ``budget.iterations`` playouts in
    ceil(log2(candidates)) rounds, every candidate alive in a round played from the same sampled states."""
    alive = list(range(len(roots)))
    totals = [0.0] * len(roots)
    visits = [0] * len(roots)
    rounds = max(1, math.ceil(math.log2(len(roots))))
    spent, sampled = 0, 0
    for r in range(rounds):
        share = (budget.iterations - spent) // (rounds - r)
        samples = max(1, share // len(alive))
        for _ in range(samples):
            state = first if sampled == 0 else engine.sample_state(view, player, chooser)
            sampled += 1
            luck = chooser.getrandbits(64)
            for i in alive:
                try:
                    after, _ = engine.apply(state, roots[i])
                except IllegalAction:
                    value = 0.0
                else:
                    value = rollout(engine, ai, after, player, depth, random.Random(luck))
                visits[i] += 1
                totals[i] += value
                spent += 1
        alive.sort(key=lambda k: -(totals[k] / visits[k] + bias[k]))
        alive = alive[: max(1, math.ceil(len(alive) / 2))]
        if len(alive) == 1:
            break
    return roots[alive[0]]
