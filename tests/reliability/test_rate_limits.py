"""Rate limits: the fake server answers 429 (``Retry-After``, ``Via``, like Discord) to the bot's REST calls and the
game goes on: same reveal as the uninterrupted reference run with the same seed, every announcement once, every
action in the log, every click answered.

* At random: each REST call of the bot (posts, edits, DMs, threads, roles, interaction responses) is answered 429
  with probability 0.2 (the server's seeded RNG) for a whole game; discord.py waits and retries.
* Past discord.py's retries: five 429s in a row on one announcement, so discord.py gives up and raises; the bot's
  dispatcher must treat that as transient and send it again later, not drop it.

CI plays 5 players; ``NOCTURNE_LONG=1`` plays 10 and 25.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.fakediscord import FakeDiscord
from tests.reliability.play import LONG, ChaosTable, GameRun, play, reference

pytestmark = pytest.mark.e2e

PROBABILITY = 0.2


def check_same_game(run: GameRun, ref: GameRun) -> None:
    assert run.reveal == ref.reveal
    assert run.public == ref.public  # nothing lost, nothing posted twice
    assert run.dms == ref.dms
    assert run.seqs == list(range(1, len(run.seqs) + 1))
    assert run.log == ref.log  # every action, none twice
    assert all(answer is not None for answer in run.answers.values())  # every click answered


@pytest.mark.parametrize("players", [10, 25] if LONG else [5])
def test_random_429s_change_nothing(tmp_path, tmp_path_factory, players):
    ref = reference(tmp_path_factory, players)

    def rate_limit(server: FakeDiscord) -> None:
        server.inject_429(probability=PROBABILITY, retry_after=0.02)

    run = asyncio.run(play(tmp_path, players, prepare=rate_limit))
    print(
        f"{players} players: {run.rate_limited} of {run.rest_calls} REST calls answered 429, {run.seconds:.1f}s (reference {ref.seconds:.1f}s)"
    )
    assert run.rate_limited > 0
    check_same_game(run, ref)


def test_an_announcement_rate_limited_past_discord_py_retries_is_sent_later(tmp_path, tmp_path_factory):
    """discord.py retries a 429 four times, then raises HTTPException(429): that must not lose the message."""
    ref = reference(tmp_path_factory, 5)

    async def limit_the_next_thread_post(table: ChaosTable) -> None:
        thread = table.thread
        table.real.inject_429(
            next_n=5, retry_after=0.02, match=lambda m, p: m == "POST" and p == f"/channels/{thread}/messages"
        )

    run = asyncio.run(play(tmp_path, 5, play_rounds=limit_the_next_thread_post))
    assert run.rate_limited == 5
    check_same_game(run, ref)
