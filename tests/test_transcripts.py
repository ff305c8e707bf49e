"""Behaviour unchanged (issue 26): every game played again from its seed shows everybody exactly what it showed
when its transcript was recorded.

Each stored transcript (``tests/transcripts/<game>[-variant]-<seed>.txt``) is a seeded game played through the real
cog handlers, runtime, dispatcher and game UIs (see :mod:`tests.transcripts.recorder`): everything the channel,
the game's threads, each player's DMs and each player's private answers saw, in order. A test fails with the first
difference: the game and seed, the channel, the index of the event in that channel, and a diff of the event.

When behaviour is meant to change, re-record them deliberately and read the diff before committing it::

    .venv/bin/python -m tests.transcripts record             # all; or some: record night_watch-1 kdyz_snim-voice-1
"""

from __future__ import annotations

import pytest

from tests.transcripts.compare import first_difference
from tests.transcripts.recorder import GAMES, Spec, record


@pytest.mark.parametrize("spec", GAMES, ids=[spec.name for spec in GAMES])
async def test_a_game_shows_what_its_transcript_recorded(spec: Spec) -> None:
    stored = spec.path.read_text(encoding="utf-8") if spec.path.exists() else ""
    difference = first_difference(spec, stored, await record(spec))
    if difference is not None:
        pytest.fail(difference + "\n(meant to change? re-record: python -m tests.transcripts record " + spec.name + ")", pytrace=False)


def test_every_game_is_recorded_at_least_twice() -> None:
    from cogs.registry import GAMES as REGISTERED

    for ui in REGISTERED:
        assert len({spec.seed for spec in GAMES if spec.game == ui.name}) >= 2 or ui.name not in {s.game for s in GAMES}, ui.name
    assert {ui.name for ui in REGISTERED if ui.playable} <= {spec.game for spec in GAMES}
