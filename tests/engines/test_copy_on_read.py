"""``Engine.apply`` copies a state field by field as the rules read it (issue 16: no copy of the whole state per
action), and the result is still a private, plain state of the engine's class."""

from __future__ import annotations

import pickle

import pytest

from engines import get_engine
from engines.core import Action, IllegalAction

PLAYERS = [f"p{i}" for i in range(10)]


@pytest.fixture
def game():
    engine = get_engine("night_watch")
    state, _ = engine.setup(PLAYERS, {}, seed="cow")
    return engine, state


def test_a_field_the_rules_did_not_read_is_shared_and_one_they_read_is_their_own(game):
    engine, state = game
    before = pickle.dumps(state)
    prompt = state.prompts[0]  # NW-9: the day opens with the discussion, everyone may say they are ready
    after, _ = engine.apply(state, Action(PLAYERS[0], prompt.id, "ready"))
    assert type(after) is type(state) and engine.dump(after)["state"]["step"] == 1
    assert after.ready == [PLAYERS[0]] and state.ready == []  # read and changed: a copy
    assert after.vote_history is state.vote_history  # never read by a ready click: shared, not copied
    assert after.roles == state.roles
    assert pickle.dumps(state) == before  # the original is untouched
    # the next step works on its own copy again, sharing what neither step read
    again, _ = engine.apply(after, Action(PLAYERS[1], prompt.id, "ready"))
    assert again.ready == PLAYERS[:2] and after.ready == [PLAYERS[0]]
    assert again.vote_history is state.vote_history


def test_a_refused_action_leaves_the_state_and_no_copy_behind(game):
    engine, state = game
    before = pickle.dumps(state)
    with pytest.raises(IllegalAction):
        engine.apply(state, Action(PLAYERS[0], state.prompts[0].id, "vote", {"target": "nobody"}))
    assert pickle.dumps(state) == before and type(state).__name__ == "NightWatchState"
    assert engine.load(engine.dump(state)) == state
