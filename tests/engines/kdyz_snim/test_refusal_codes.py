"""Each move a prompt does not take is refused with its own code, so the player reads what the prompt does take
(issue 28, item 3: tests/test_refusals.py words every code; here the engine gives the right one where it should)."""

from __future__ import annotations

import pytest

from bot.wording import refusal_text
from engines.core import IllegalAction

from .helpers import act, clue, host, new_game, timeout


def refused(call, *args, **kwargs) -> str:
    with pytest.raises(IllegalAction) as err:
        call(*args, **kwargs)
    return err.value.code


def test_ks_14_the_clue_giver_is_told_to_give_a_clue_or_pass():
    state, _ = new_game(5)
    assert refused(act, state, "p2", "clue", "guess", text="x") == "clue_or_pass"
    assert state.clue_giver == "p2"


@pytest.mark.parametrize("prompt", ["dream", "last_guess"])
def test_ks_19_ks_23_the_dreamer_is_told_to_guess_or_pass(prompt):
    state, _ = new_game(5)
    if prompt == "last_guess":
        state, _ = timeout(state, "dream")
    assert refused(act, state, "p1", prompt, "recap", text="x", card=1) == "guess_or_pass"


def test_ks_18_a_reviewer_is_told_to_confirm_or_reject():
    state, _ = new_game(5, host="p1")
    state, _ = clue(state, "zvíře")  # p2
    state, _ = act(state, "p3", "dream", "report", accused="p2")
    assert refused(act, state, "p5", "review", "pass") == "confirm_or_reject"


def test_ks_24_the_dreamer_is_told_to_post_the_recap():
    state, _ = new_game(5)
    state, _ = timeout(state, "dream")
    state, _ = act(state, "p1", "last_guess", "pass")
    assert refused(act, state, "p1", "recap", "guess", text="x") == "recap_only"


def test_ks_28_the_next_dreamer_is_told_to_start_the_night():
    state, _ = new_game(5)
    state, _ = timeout(state, "dream")
    state, _ = act(state, "p1", "last_guess", "pass")
    state, _ = timeout(state, "recap")
    assert refused(act, state, "p2", "next_night", "pass") == "start_night_only"


def test_ks_34_the_host_is_told_what_the_host_can_do():
    state, _ = new_game(5, host="p5")
    assert refused(host, state, "dream", "guess", text="x") == "host_cannot"


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_the_codes_read_differently_from_the_generic_refusal(lang):
    generic = refusal_text(lang, IllegalAction("bad_action", ""), "")
    codes = ["clue_or_pass", "guess_or_pass", "confirm_or_reject", "recap_only", "start_night_only", "host_cannot"]
    texts = {refusal_text(lang, IllegalAction(code, code), "ks") for code in codes}
    assert len(texts) == len(codes) and generic not in texts
