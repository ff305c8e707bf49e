"""``bot.play.deadline_changes``: what one action does to a game's deadlines, the rows it deletes and inserts and the
deadlines the cache keeps (every action runs it, in loops of its own rather than comprehensions: issue 27)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.live import PAUSED
from bot.play import deadline_changes
from engines.core import Prompt, State


def prompt(prompt_id: str, timeout: int | None) -> Prompt:
    return Prompt(prompt_id, "turn", ("1",), timeout, "key")


def state(*prompts: Prompt) -> State:
    return State(players=["1", "2"], seed="s", options={}, prompts=list(prompts))


def live(deadlines: dict[str, float], paused: bool = False) -> SimpleNamespace:
    return SimpleNamespace(id=7, deadlines=deadlines, row=SimpleNamespace(paused=paused))


def test_closed_prompts_are_deleted_in_order_and_newly_opened_timed_ones_inserted():
    before = state(prompt("vote#3", 60), prompt("night#1", None), prompt("chat#2", 30))
    after = state(prompt("vote#3", 60), prompt("day#4", 90), prompt("note#5", None))
    game = live({"vote#3": 1060.0, "chat#2": 1030.0})
    closed, opened, deadlines = deadline_changes(game, before, after, now=1000.0)
    assert closed == ["chat#2", "night#1"]  # sorted, untimed ones too (a row may exist for neither: a no-op)
    assert opened == [{"game_id": 7, "prompt_id": "day#4", "due_at": 1090.0, "remaining": None}]
    # the open prompt keeps its deadline (it is not moved on by the action), the new one is added after it
    assert list(deadlines.items()) == [("vote#3", 1060.0), ("day#4", 1090.0)]
    assert game.deadlines == {"vote#3": 1060.0, "chat#2": 1030.0}  # the cache changes only once committed


def test_the_same_prompts_change_nothing():
    prompts = (prompt("vote#3", 60),)
    game = live({"vote#3": 1060.0})
    assert deadline_changes(game, state(*prompts), state(*prompts), now=1010.0) == ([], [], {"vote#3": 1060.0})


def test_a_prompt_opened_while_paused_keeps_its_whole_time_and_no_deadline_in_memory():
    game = live({}, paused=True)
    closed, opened, deadlines = deadline_changes(game, state(), state(prompt("turn#1", 45)), now=1000.0)
    assert closed == [] and deadlines == {}
    assert opened == [{"game_id": 7, "prompt_id": "turn#1", "due_at": PAUSED, "remaining": 45}]


def test_the_first_step_has_nothing_before_it():
    closed, opened, deadlines = deadline_changes(live({}), None, state(prompt("draft#1", 20)), now=5.0)
    assert (closed, deadlines) == ([], {"draft#1": 25.0})
    assert [row["prompt_id"] for row in opened] == ["draft#1"]
