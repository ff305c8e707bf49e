"""A player leaves the game (MN-63: the host removes them, e.g. when they left the server), and the game goes on.

Their avatar leaves the board; their hand and traps go face down to the discard (a Horror's fired Black leaves the
game with them); claims and marks naming them lapse. What happens next depends on where the game stood:

* nobody but the Horror is left: the game ends, abandoned;
* it was their turn: whatever was on the stack is discarded and the next seat plays;
* a window is open: it waits for the others only (or closes if nobody is left to answer);
* a choice is open: if it was theirs (or takes from their hand), it is dropped, else it is asked again without them.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, Outcome, require
from engines.midnighters import agenda, piles, rules, stack
from engines.midnighters.ending import finish
from engines.midnighters.nightmares import send_to_corridors
from engines.midnighters.state import MidnightersState, Task


def remove(state: MidnightersState, player: Any, events: list[Event]) -> None:
    """MN-63: a removed player's avatar leaves, their cards and traps go face down to the discard."""
    require(player in state.active, "bad_target", "that player is not in the game")
    state.active.remove(player)
    state.avatars.pop(player, None)
    cards = state.hands[player]
    if player == state.horror:
        cards.remove("black")
        state.out_of_game.append("black")
        state.horror = None
    piles.add(state.discard, cards)
    state.hands[player] = []
    rules.forget_nightmares(state, player)
    for trap in [t for t in state.traps if t.owner == player]:
        state.traps.remove(trap)
        piles.add(state.discard, [trap.suspense, trap.card])
    state.claims = {v: o for v, o in state.claims.items() if player not in (v, o)}
    state.marks = [m for m in state.marks if rules.find_trap(state, m) is not None]
    events.append(Event("mn.player_removed", {"player": player}))
    if not [p for p in state.active if p != state.horror]:
        finish(state, events, Outcome((), "abandoned"))
        return
    if player == state.current:
        for play in state.stack:
            piles.add(state.discard, play.cards)
        state.stack, state.marks, state.agenda, state.choice, state.controller = [], [], [], None, None
        state.agenda.append(Task("next_turn"))
        agenda.advance(state, events)
        return
    if state.controller == player:
        state.controller = None
    state.agenda = [t for t in state.agenda if t.player != player]
    for task in state.agenda:
        if task.other == player:
            task.other = ""
    if state.phase == "window":
        if not stack.refresh_window(state):
            stack.close_window(state, events)
    elif state.phase == "turn":
        agenda.open_turn(state)
    else:
        _drop_from_choice(state, player, events)


def _drop_from_choice(state: MidnightersState, player: str, events: list[Event]) -> None:
    """The open choice without ``player``: dropped if it was theirs (or takes from their hand), else asked again."""
    task = state.choice
    assert task is not None
    if task.player == player or (task.kind == "motel_take" and task.other == player):
        state.choice = None
        if task.kind == "assign":  # MN-46: without the Horror, the Director's starting corridors
            send_to_corridors(state, {p: rules.start_corridor(state, p) for p in task.names}, events)
        agenda.advance(state, events)
    else:
        if task.other == player:
            task.other = ""
        if task.kind == "assign":
            task.names = [p for p in task.names if p != player]
            task.picks.pop(player, None)
            if len(task.picks) == len(task.names):
                send_to_corridors(state, dict(task.picks), events)
                state.choice = None
                agenda.advance(state, events)
                return
        agenda.ask(state, task)
