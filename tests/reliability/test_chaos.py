"""Chaos: the bot process is SIGKILLed at random points of whole games and restarted; nothing may show.

Each game is played twice with the same seed (``NOCTURNE_TEST_SEED``) and the same player policy: once
uninterrupted (the reference), once with the bot SIGKILLed at seeded random clicks - just before a click (so
deliveries of the previous one are in flight) or while the bot handles one (after 0-2 of its REST calls; a click
left unanswered is clicked again after the restart, as a player would). Then:

* the game ends with the same reveal (winners, roles, every night and vote, the seed);
* the game thread reads the same, message for message: no announcement lost, none posted twice;
* every player's DMs are the same (roles, night prompts, results of checks);
* the stored action log is the reference's (a repeated identical vote after an unanswered click aside), numbered
  1, 2, 3... without a gap: no action lost.

Only Night Watch is playable on Discord today, so the games are Night Watch tables of 5, 10 and 25 players; the
other engines join when their Discord play lands (a ``ChaosTable`` policy per game, same checks).

CI runs the short variant (one 5-player game, a handful of kills). ``NOCTURNE_LONG=1`` runs the long one: at least
50 kills in total over games of 5, 10 and 25 players.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.reliability.play import LONG, GameRun, crash_plan, duplicates, play, reference, without_repeats

pytestmark = pytest.mark.e2e

#: (players, kills): the short variant, then the long one (68 kills in all).
SHORT = [(5, 4)]
LONG_GAMES = [(5, 12), (10, 20), (25, 36)]


def check_same_game(run: GameRun, ref: GameRun) -> None:
    assert run.reveal == ref.reveal  # same outcome, roles, nights and votes
    assert duplicates(run.public) == duplicates(ref.public)
    assert run.public == ref.public  # every announcement once, in order
    assert run.dms == ref.dms
    assert run.seqs == list(range(1, len(run.seqs) + 1))  # no gap in the log
    assert without_repeats(run.log) == ref.log  # no action lost, none invented
    unanswered = [c for c in run.clicks if run.answers[c.interaction] is None]
    assert len(unanswered) <= run.retried  # only clicks the bot died on went unanswered (and were clicked again)


@pytest.mark.parametrize(("players", "kills"), LONG_GAMES if LONG else SHORT, ids=lambda v: str(v))
def test_sigkill_at_random_points_changes_nothing(tmp_path, tmp_path_factory, players, kills):
    ref = reference(tmp_path_factory, players)
    rng = random.Random(f"chaos-{players}-{kills}")
    plan = crash_plan(rng, len(ref.clicks), kills)
    run = asyncio.run(play(tmp_path, players, crashes=plan, rng_seed=rng.randrange(1 << 30)))
    print(
        f"{players} players: {run.kills} kills ({sum(p == 'mid' for p in plan.values())} mid-click, "
        f"{run.retried} clicks repeated), {len(run.log)} actions, {run.nonce_dedup_hits} re-sends deduplicated "
        f"by nonce, {run.seconds:.1f}s (reference {ref.seconds:.1f}s)"
    )
    assert run.kills == len(plan) == kills
    check_same_game(run, ref)
