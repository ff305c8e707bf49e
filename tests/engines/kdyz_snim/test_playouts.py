"""The shared random-playout checks over seeded games of 4-10 players, with the privacy invariants on every step.

Games are split across the modes and languages: text-mode clues in Czech (most games), voice mode in Russian and
text mode in English, with the host now and then removing a player. Auto players give clues from a small pool,
blurt out fouls, pass, guess right (exactly, inflected or misspelt) and wrong, report fouls and leave; prompts
time out at random.
"""

from __future__ import annotations

import pytest

from engines.kdyz_snim import ENGINE
from tests.engines.playout_suite import playout_count, run_playouts

from .privacy import check_step

PLAYER_COUNTS = list(range(4, 11))
#: (share of the games, options, host_rate)
MIXES = [
    (0.6, {"language": "cs", "clue_mode": "text"}, 0.02),
    (0.2, {"language": "ru", "clue_mode": "voice"}, 0.02),
    (0.2, {"language": "en", "clue_mode": "text"}, 0.0),
]
#: Nights end when the sand timer runs out, so timeouts are what bound a game's length; this rate keeps the
#: suite quick while every night still sees clues, guesses and fouls.
TIMEOUT_RATE = 0.4


def check_step_and_invariants(before, action, after, events):
    check_step(before, action, after, events)


@pytest.mark.parametrize("share,options,host_rate", MIXES, ids=[m[1]["language"] for m in MIXES])
def test_ks_p1_to_p5_hold_over_random_playouts(share, options, host_rate):
    games = max(1, round(playout_count() * share))
    results = run_playouts(
        ENGINE,
        PLAYER_COUNTS,
        games=games,
        seed_prefix=f"{options['language']}-",
        options=options,
        host_rate=host_rate,
        timeout_rate=TIMEOUT_RATE,
        on_step=check_step_and_invariants,
    )
    assert len(results) == games
    reasons = {r.state.outcome.reason for r in results}
    assert reasons <= {"all_dreamt", "too_few_players"}
    # the random games really exercise the rules: fouls, both piles, recap bonuses
    cards = [c for r in results for rr in r.state.rounds for c in rr.cards]
    fates = {c.fate for c in cards}
    assert {"yellow", "blue", "unused"} <= fates
    if options["clue_mode"] == "text" and games >= 50:
        assert "penalty" in fates
        assert any(rr.recap_bonus for r in results for rr in r.state.rounds)
