"""Issue 31: the Midnighters search's rival model leaves unscored the Vertigo plays that cannot be its choice.

In normal's and hard's playouts a rival plays as the easy player does (``mn_score``, a one-step lookahead, over all
its legal actions; ``test_ai_mn_rivals.py``). A Vertigo card offers up to eighteen plays a turn (MN-21: the seat's own
location or a neighbour, slid to a free cell or turned either way), each a lookahead, the largest share of what
that rival costs. Every one of them leaves the hand the same and moves avatars and traps with their card (MN-21),
so the board alone orders them as the lookahead does (``policies._mn_vertigo_race``): those a whole step behind the
best are skipped (``policies.mn_rival_skip``), and the choice is still the easy player's, tie-breaking draws and all.
"""

from __future__ import annotations

import random

import pytest

from engines import get_engine
from engines.ai import policies
from engines.ai.policies import GAME_AI, TIE_NOISE, VERTIGO_PLAYS, best, mn_rival_skip, mn_score
from engines.ai.search import playout_action
from tests.engines.midnighters.helpers import Table

MN = get_engine("midnighters")
AI = GAME_AI["midnighters"]


def _rival_turn(where: str, hand: list[str]) -> Table:
    """p2's turn on ``where`` with ``hand``; p1, the searching seat, waits on Corridor 1 (MN-15)."""
    t = Table(2, {"p1": ["sleepwalk", "star"], "p2": hand}, avatars={"p1": "corridor1", "p2": where})
    t.act("p1", "end")
    assert t.prompt.kind == "turn" and t.prompt.players == ("p2",)
    return t


POSITIONS = [
    ("corridor2", ["sleepwalk", "sleepwalk", "star", "vertigo"]),
    ("motel", ["vertigo", "suspense-bridge", "star"]),
    ("forest", ["vertigo", "vertigo", "dutch"]),
    ("square", ["vertigo", "sleepwalk", "catcher", "star"]),
    ("restaurant", ["vertigo", "suspense-motel", "suspense-square"]),
]


@pytest.mark.parametrize(("where", "hand"), POSITIONS)
def test_mn_21_skipped_vertigo_plays_score_below_the_rivals_choice(where, hand):
    """MN-21: the Vertigo plays skipped are each scored by the easy player's lookahead below its best play by more
    than its tie noise, so none of them could be its choice; the plays kept tie on the board's race."""
    t = _rival_turn(where, hand)
    legal = [a for a in MN.legal_actions(t.s, "p2") if a.kind not in ("leave", "surrender")]
    vertigo = [a for a in legal if a.kind in VERTIGO_PLAYS]
    assert len(vertigo) >= 4
    skip = mn_rival_skip(MN, t.s, "p2", legal)
    assert skip and len(skip) < len(vertigo)  # some skipped, never all of them
    assert all(a.kind in VERTIGO_PLAYS for a in legal if id(a) in skip)  # nothing else is ever left unscored
    scores = {id(a): mn_score(MN, t.s, "p2", a) for a in legal}
    kept_best = max(v for k, v in scores.items() if k not in skip)
    assert all(scores[id(a)] < kept_best - TIE_NOISE for a in legal if id(a) in skip)
    race = {id(a): policies._mn_vertigo_race(t.s, "p2", a) for a in vertigo}
    top = max(race.values())
    assert all(race[id(a)] == top for a in vertigo if id(a) not in skip)


@pytest.mark.parametrize(("where", "hand"), POSITIONS)
def test_the_rivals_playout_choice_is_the_easy_players_with_fewer_lookaheads(where, hand, monkeypatch):
    """MN-15, MN-21: on the rival's turn a playout picks what the easy player picks over every legal action (same
    chooser, same action: the skipped plays still draw their tie-breaking share), scoring fewer of them."""
    t = _rival_turn(where, hand)
    legal = [a for a in MN.legal_actions(t.s, "p2") if a.kind not in ("leave", "surrender")]
    calls = []

    def counted(engine, state, player, action):
        calls.append(action)
        return mn_score(engine, state, player, action)

    for seed in range(12):
        easy = best(legal, lambda a: mn_score(MN, t.s, "p2", a), random.Random(seed))
        calls.clear()
        with monkeypatch.context() as m:
            m.setattr(AI, "score", counted)
            played = playout_action(MN, AI, t.s, random.Random(seed), 0.1, player="p1")
        assert played == easy
        assert 0 < len(calls) < len(legal)
