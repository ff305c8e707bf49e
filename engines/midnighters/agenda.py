"""The agenda machine: queued effect steps run in order until one needs a player, then a prompt asks them.

Every effect that takes several steps (resolving the stack last-in first-out, drawing one card at a time while
nightmares fire, an activation and its choices, starting the next turn) is a :class:`~engines.midnighters.state.Task`
queued on ``state.agenda``. :func:`advance` pops and runs them until one of them opens a choice (:func:`ask`), the
game ends, or the agenda is empty, when the current player is asked for their next action (:func:`open_turn`).

Each task kind has one handler, registered where its rule lives with the :func:`task` decorator::

    @agenda.task("draw")
    def draw(state, task, events): ...

so this module names no rule: the job modules import it, never the other way round. The engine imports every job
module, which fills :data:`TASKS` before the first game is dealt.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Event, Prompt, new_prompt_id
from engines.midnighters import rules
from engines.midnighters.rules import decider
from engines.midnighters.state import MidnightersState, Task

TaskHandler = Callable[[MidnightersState, Task, list[Event]], None]
#: Task kind -> the handler that runs it (filled by :func:`task` as the job modules are imported).
TASKS: dict[str, TaskHandler] = {}


def task(kind: str) -> Callable[[TaskHandler], TaskHandler]:
    """Register the decorated function as the handler of queued tasks of ``kind``."""

    def register(handler: TaskHandler) -> TaskHandler:
        assert kind not in TASKS, f"two handlers for the {kind} task"
        TASKS[kind] = handler
        return handler

    return register


def advance(state: MidnightersState, events: list[Event]) -> None:
    """Run queued tasks until one waits for a choice or the agenda is empty; then ask the current player."""
    while state.outcome is None:
        if state.choice is not None:
            return
        if not state.agenda:
            open_turn(state)
            return
        queued = state.agenda.pop(0)
        TASKS[queued.kind](state, queued, events)


def open_turn(state: MidnightersState) -> None:
    """Ask the current player (or their controller) for an action; MN-19: with only the turn's time left."""
    state.phase = "turn"
    params = {"player": state.current, "actions": rules.actions_left(state)}
    pid = new_prompt_id(state, "turn")
    timeout = max(1, rules.turn_left(state))
    state.prompts = [Prompt(pid, "turn", (decider(state, state.current),), timeout, "mn.turn", params)]


def ask(state: MidnightersState, queued: Task) -> None:
    """Open a choice prompt for ``queued`` (MN-62: ``choice_seconds``); :func:`advance` waits until it is made."""
    state.choice = queued
    state.phase = "choice"
    pid = new_prompt_id(state, queued.kind)
    chooser = decider(state, queued.player)
    params = {"player": queued.player, "taken": queued.count}
    state.prompts = [
        Prompt(pid, "turn", (chooser,), state.options["choice_seconds"], f"mn.choose_{queued.kind}", params)
    ]
