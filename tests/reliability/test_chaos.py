"""Chaos: the bot process is SIGKILLed at random points of whole games and restarted; nothing may show.

Each game is played twice with the same seed (``NOCTURNE_TEST_SEED``) and the same player policy: once
uninterrupted (the reference), once with the bot SIGKILLed at seeded random clicks - just before a click (so
deliveries of the previous one are in flight) or while the bot handles one (after 0-2 of its REST calls; a click
left unanswered is clicked again after the restart, as a player would). Then:

* the game ends with the same reveal (winners, roles, every night and vote, the seed);
* the game thread reads the same, message for message: no announcement lost, none posted twice;
* every player's DMs are the same (roles, night prompts, results of checks), but that a check result the click's
  answer showed may come again as a DM of its own when a kill came before that answer was marked (it must say
  exactly what the answer said);
* the stored action log is the reference's (a repeated identical vote after an unanswered click aside), numbered
  1, 2, 3... without a gap: no action lost.

Night Watch plays tables of 5, 10 and 25 players against a reference run. Every other game in
:data:`tests.reliability.play.SHORT_GAMES` (Ghost at Home, Když sním; one line there adds a game) plays one short game
with its policy (:mod:`tests.reliability.policies`) and SIGKILLs at seeded random in-game clicks and typed answers,
checked without a reference run (a game whose night runs on the wall clock, like Když sním's, cannot be replayed
click for click): :func:`tests.reliability.play.check_delivered` - every accepted action in the log, the log
replaying to the announced end, every message in the thread and DMs made by exactly one delivered outbox row - and
the game's own secrets, on every request the bot sent (:mod:`tests.reliability.leaks`: no hand in public, nothing to
the Dreamer during their night, no card of the night in the thread...).

CI runs the short variant (one 5-player Night Watch game with a handful of kills, and one short game of each other
game with 2 kills). ``NOCTURNE_LONG=1`` runs the long one: at least 50 kills in total over Night Watch games of 5, 10
and 25 players, and longer games of the others (Ghost at Home by the generic policy, Když sním's four whole nights)
with 6 kills each.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
from types import SimpleNamespace

import pytest

from tests.e2e.harness import GameTable
from tests.fakediscord.server import RequestRecord
from tests.reliability.leaks import LEAK_CHECKS
from tests.reliability.play import (
    LONG,
    ChaosGame,
    GameRun,
    chaos_games,
    check_delivered,
    crash_plan,
    duplicates,
    kill_plan,
    play,
    reference,
    without_repeats,
)
from tests.reliability.policies import Dreamers

pytestmark = pytest.mark.e2e

#: (players, kills): the short variant, then the long one (68 kills in all).
SHORT = [(5, 4)]
LONG_GAMES = [(5, 12), (10, 20), (25, 36)]


def check_same_game(run: GameRun, ref: GameRun) -> None:
    assert run.reveal == ref.reveal  # same outcome, roles, nights and votes
    assert duplicates(run.public) == duplicates(ref.public)
    assert run.public == ref.public  # every announcement once, in order
    check_same_dms(run, ref)
    assert run.seqs == list(range(1, len(run.seqs) + 1))  # no gap in the log
    assert without_repeats(run.log) == ref.log  # no action lost, none invented
    unanswered = [c for c in run.clicks if run.answers[c.interaction] is None]
    assert len(unanswered) <= run.retried  # only clicks the bot died on went unanswered (and were clicked again)


def check_same_dms(run: GameRun, ref: GameRun) -> None:
    """Every player's DMs as in the reference, but that what a click's answer showed its player of their own (a
    check result) comes again as a DM of its own where a kill came before the answer or before its mark: the
    outbox row that holds it is then delivered after the restart (:mod:`bot.answers`). Such a DM must say exactly
    what the reference's answer to that player showed."""
    shown: dict[str, list[str]] = {}
    for click in ref.clicks:
        assert ref.server is not None
        for response in ref.server.interaction(click.interaction).responses:
            if response.get("content"):
                shown.setdefault(ref.players.get(str(click.user), str(click.user)), []).append(response["content"])
    assert set(run.dms) == set(ref.dms)
    for who, messages in ref.dms.items():
        got = run.dms[who]
        if got == messages:
            continue
        extra = [m for m in got if m not in messages]
        assert extra and all(any(m.endswith("\n" + text) for text in shown.get(who, [])) for m in extra), (who, extra)
        assert [m for m in got if m not in extra] == messages, who


@pytest.mark.parametrize(("players", "kills"), LONG_GAMES if LONG else SHORT, ids=lambda v: str(v))
def test_sigkill_at_random_points_changes_nothing(tmp_path, tmp_path_factory, players, kills):
    ref = reference(tmp_path_factory, players)
    rng = random.Random(f"chaos-{players}-{kills}")
    # in-game clicks, and no later than the number the bot accepted: every run makes those, while how many clicks
    # come too late for a closing phase (refused as stale) depends on timing, so a crash planned near the end of
    # all of them may never come (the lobby's clicks are left out: their hello DMs are sent once, not logged)
    accepted = sum(1 for click in ref.clicks if ref.answers.get(click.interaction))
    first = next(i for i, click in enumerate(ref.clicks) if click.action_key() is not None)
    plan = crash_plan(rng, accepted - first, kills)
    plan = {first + point: when for point, when in plan.items()}
    run = asyncio.run(play(tmp_path, players, crashes=plan, rng_seed=rng.randrange(1 << 30)))
    print(
        f"{players} players: {run.kills} kills ({sum(p == 'mid' for p in plan.values())} mid-click, "
        f"{run.retried} clicks repeated), {len(run.log)} actions, {run.nonce_dedup_hits} re-sends deduplicated "
        f"by nonce, {run.seconds:.1f}s (reference {ref.seconds:.1f}s)"
    )
    assert run.kills == len(plan) == kills
    check_same_game(run, ref)


# -- the other games: one short game each, checked without a reference ----------------------------------------

SHORT_KILLS = 2
LONG_KILLS = 6


class WholeNights(Dreamers):
    """Když sním players who sit through every night (the Dreamer never leaves): four nights of 60 s."""

    dream_steps = 0


#: The long variant of each game: its policy and lobby options (None: the short game's).
LONG_VARIANTS = {
    "ghost_at_home": (GameTable, None),
    "kdyz_snim": (WholeNights, {"language": "en", "clue_seconds": "30", "round_seconds": "60"}),
}


#: Where a long game is shorter than three of its short game: the clicks its kills fall among (Midnighters' long
#: seed plays 48 actions, and a plan over 72 clicks left 2 of its 6 kills after the end).
LONG_HORIZON = {"midnighters": 30}


async def _play_short(tmp_path_factory, short: ChaosGame) -> GameRun:
    rng = random.Random(f"chaos-{short.game}")
    return await play(
        tmp_path_factory.mktemp(short.game),
        short.players,
        game=short.game,
        seed=short.seed,
        crash_on=kill_plan(rng, short.actions, SHORT_KILLS),
        rng_seed=rng.randrange(1 << 30),
    )


@pytest.mark.parametrize("short", chaos_games(), ids=str)
def test_sigkill_in_a_short_game_loses_nothing_and_leaks_nothing(tmp_path_factory, short):
    """GH-P1..P4 / KS-P1, KS-P2, KS-P5 and the delivery invariants, across SIGKILLs mid-click and before one; and
    the game's secret check can fail: the same run with a leak planted in its thread is caught."""
    run = asyncio.run(_play_short(tmp_path_factory, short))
    print(f"{short.game}: {run.kills} kills, {run.retried} clicks repeated, {len(run.log)} actions, {run.seconds:.1f}s")
    assert run.kills == SHORT_KILLS
    check_delivered(run)
    if short.game in LEAK_CHECKS:
        LEAK_CHECKS[short.game](run)
        planted_leak_is_caught(short, run)


@pytest.mark.skipif(not LONG, reason="long variant: NOCTURNE_LONG=1")
@pytest.mark.parametrize("short", chaos_games(), ids=str)
def test_sigkill_in_a_long_game_loses_nothing_and_leaks_nothing(tmp_path, short):
    policy, options = LONG_VARIANTS.get(short.game, (None, None))
    rng = random.Random(f"chaos-long-{short.game}")
    run = asyncio.run(
        play(
            tmp_path,
            short.players,
            game=short.game,
            seed=f"{short.seed}-long",
            policy=policy,
            options=options,
            crash_on=kill_plan(rng, LONG_HORIZON.get(short.game, 3 * short.actions), LONG_KILLS),
            rng_seed=rng.randrange(1 << 30),
            max_steps=3000,  # whole nights of clues (Když sním): many moves
        )
    )
    print(f"{short.game}: {run.kills} kills, {run.retried} clicks repeated, {len(run.log)} actions, {run.seconds:.1f}s")
    assert run.kills == LONG_KILLS
    check_delivered(run)
    LEAK_CHECKS.get(short.game, lambda run: None)(run)


def planted_leak_is_caught(short: ChaosGame, run: GameRun) -> None:
    """A thread message naming what only a player may see (a line of a hand; a card of the night, during the
    night), planted among the run's requests, fails the game's secret check. Checked on the short run itself, which
    is played once: a test of its own would play the game again on whichever test process it went to."""
    assert run.server is not None
    thread_posts = [
        i for i, r in enumerate(run.server.requests) if r.method == "POST" and r.path == f"/channels/{run.thread}/messages"
    ]
    if short.game == "kdyz_snim":
        day = next(m["content"] for m in run.server.messages(run.thread) if (m.get("content") or "").startswith("☀️ Day 1:"))
        piles = [line for line in day.splitlines() if line.startswith(("🟡", "🔵", "⚪"))]
        leak = "💭 " + re.findall(r"\*\*([^*]+)\*\*", piles[0])[0]
        at = next(i for i in thread_posts if "🌙 Night 1:" in (run.server.requests[i].json.get("content") or ""))
    else:
        hand = next(t for name in run.players.values() for t in run.dms[name] if "🃏" in t)
        leak = next(line for line in hand.splitlines() if "🃏" in line)
        at = thread_posts[2]
    planted = RequestRecord(
        "POST", f"/channels/{run.thread}/messages", {"content": leak}, 200, {}, "/channels/{channel_id}/messages"
    )
    requests = [*run.server.requests[: at + 1], planted, *run.server.requests[at + 1 :]]
    shim = SimpleNamespace(requests=requests, interaction=run.server.interaction, dm_channel_id=run.server.dm_channel_id)
    with pytest.raises(AssertionError, match="P1|P2"):
        LEAK_CHECKS[short.game](dataclasses.replace(run, server=shim))
