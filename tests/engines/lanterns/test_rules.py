"""Lanterns' rules (``engines/lanterns/RULES.md``), one test per rule id."""

from __future__ import annotations

import pytest

from engines import get_engine
from engines.core import CLOCK, Action, IllegalAction
from engines.lanterns.engine import CARDS, LanternsState
from engines.playout import random_playout

LA = get_engine("lanterns")
A, B = "ada", "boris"


def deal(seed: str = "la") -> LanternsState:
    state, _ = LA.setup([A, B], {}, seed=seed)
    return state


def light(state: LanternsState, card: int | None = None) -> tuple[LanternsState, list]:
    player = state.current
    card = card if card is not None else state.hands[player][0]
    return LA.apply(state, Action(player, state.prompts[0].id, "light", {"card": card}))


def test_la_1_two_players_only():
    assert LA.player_counts == (2,)
    for n in (1, 3):
        with pytest.raises(IllegalAction) as exc:
            LA.setup([f"p{i}" for i in range(n)], {}, seed="x")
        assert exc.value.code == "player_count"


def test_la_2_four_cards_each_two_aside_from_one_to_ten():
    state = deal()
    assert all(len(h) == 4 for h in state.hands.values()) and len(state.aside) == 2
    assert sorted(state.aside + state.hands[A] + state.hands[B]) == list(CARDS)
    assert deal("other").hands != state.hands and deal().hands == state.hands  # the seed decides, and only it


def test_la_3_leaders_alternate_and_nobody_sees_a_card_lit_this_round():
    state = deal()
    assert state.current == A
    card = state.hands[A][0]
    state, events = light(state, card)
    assert state.current == B
    assert "lit" not in LA.view(state, B) and LA.view(state, A)["lit"] == card
    assert all(card not in e.params.values() for e in events if e.audience.is_public)
    state, _ = light(state)
    assert state.current == B  # round 2: the second seat leads
    state, _ = light(state)
    state, _ = light(state)
    assert state.current == A  # round 3


def test_la_4_the_higher_card_takes_the_round():
    state = deal()
    low, high = min(state.hands[A]), max(state.hands[B])
    state, _ = light(state, low)
    state, events = light(state, high)
    won = next(e for e in events if e.key == "la.round_won")
    assert won.params["winner"] == (B if high > low else A) and won.params["cards"] == {A: low, B: high}
    assert low not in state.hands[A] and high not in state.hands[B]


def test_la_5_out_of_time_lights_the_lowest_card():
    state = deal()
    lowest = min(state.hands[A])
    state, events = LA.apply(state, Action.timeout(state.prompts[0].id))
    assert lowest not in state.hands[A] and any(e.key == "la.timed_out" for e in events)
    assert state.prompts[0].timeout == 60
    with pytest.raises(IllegalAction):
        LA.apply(state, Action(CLOCK, "light#999", "timeout"))


def test_la_6_most_rounds_wins_after_three():
    state = deal()
    for _ in range(6):
        state, _ = light(state)
    assert state.outcome is not None and state.outcome.reason == "most_rounds"
    best = max(state.score.values())
    assert best >= 2 and state.outcome.winners == tuple(p for p in (A, B) if state.score[p] == best)


def test_la_7_leaving_hands_the_win_to_the_other():
    state = deal()
    state, _ = LA.apply(state, Action(B, state.prompts[0].id, "leave"))
    assert state.outcome.winners == (A,) and state.outcome.reason == "left"


def test_la_8_everything_is_shown_at_the_end():
    state = deal()
    for _ in range(6):
        state, events = light(state)
    over = next(e for e in events if e.key == "la.game_over")
    assert over.audience.is_public and over.params["seed"] == "la" and len(over.params["aside"]) == 2
    assert LA.view(state, None)["hands"] == {A: state.hands[A], B: state.hands[B]}


def test_la_p1_a_hand_is_seen_only_by_its_holder():
    state = deal()
    assert "hand" not in LA.view(state, None) and LA.view(state, A)["hand"] == state.hands[A]
    assert "hands" not in LA.view(state, B)
    assert all(str(c) not in str(LA.view(state, B)) for c in state.hands[A] if c > 9)


def test_refusals_name_a_code_and_leave_the_state_alone():
    state = deal()
    with pytest.raises(IllegalAction) as exc:
        LA.apply(state, Action(B, state.prompts[0].id, "light", {"card": state.hands[B][0]}))
    assert exc.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as exc:
        LA.apply(state, Action(A, state.prompts[0].id, "light", {"card": state.hands[B][0]}))
    assert exc.value.code == "not_in_hand"
    with pytest.raises(IllegalAction) as exc:  # LA-3: a turn is lighting a card, nothing else
        LA.apply(state, Action(A, state.prompts[0].id, "pass", {}))
    assert exc.value.code == "light_only"
    assert state.step == 0 and len(state.hands[A]) == 4


@pytest.mark.parametrize("seed", range(40))
def test_random_games_end_and_replay(seed):
    played = random_playout(LA, [A, B], seed, host_rate=0.0)
    assert played.state.outcome is not None
    again = LA.load(LA.dump(played.state))
    assert LA.dump(again) == LA.dump(played.state)
