"""Traps on the table (MN-50 .. MN-53, MN-56 (a)): armed face down, marked against a Midnight Star, revealed.

A trap's life: its owner declares it on their turn (:func:`engines.midnighters.turn.declare_trap`, MN-50); the
setting goes on the stack face down like any play and, unanswered, is armed here (:func:`arm`, MN-51). It then waits
until its owner springs it (:mod:`engines.midnighters.springs`, MN-53 .. MN-58) or, for a Midnight Star trap away
from the Town Hall, marks it against a Midnight Star on the stack (:func:`mark`, MN-56 (a)). Either way it is
revealed (:func:`reveal`) and both its cards go to the discard.

Only the trap's owner (and the controller of the turn that set it, MN-58) know where it is and what it holds
(MN-P7): every event naming them goes to those players alone.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Event, require, to
from engines.midnighters import piles, rules
from engines.midnighters.data import TRAP_DRAW
from engines.midnighters.state import MidnightersState, Play, Task, Trap


def arm(state: MidnightersState, play: Play, events: list[Event]) -> list[Task]:
    """MN-51: a trap setting that resolves becomes a prepared trap, and its owner draws 2 cards."""
    cur = play.player
    trap = Trap(state.next_trap, cur, play.location, play.cards[1], play.cards[0], rules.trap_knowers(state, cur))
    state.next_trap += 1
    state.traps.append(trap)
    events.append(Event("mn.trap_ready", {"player": cur, "traps": len(rules.own_traps(state, cur))}))
    return [Task("draw", cur, count=TRAP_DRAW)]  # MN-51


def mark(state: MidnightersState, action: Action, events: list[Event]) -> None:
    """MN-56 (a): secretly mark a Midnight Star trap against the Midnight Star on the stack."""
    trap = rules.find_trap(state, action.args.get("trap"))
    require(trap is not None and trap in rules.markable(state, action.player), "bad_trap", "you cannot mark that trap")
    assert trap is not None
    state.marks.append(trap.id)
    events.append(Event("mn.mark_set", {"location": trap.location}, to(action.player)))


def lapse_marks(state: MidnightersState, events: list[Event]) -> None:
    """MN-56 (a): when the Midnight Star is cancelled or intercepted every mark lapses, privately."""
    for trap_id in state.marks:
        trap = rules.find_trap(state, trap_id)
        if trap is not None:
            events.append(Event("mn.mark_lapsed", {"location": trap.location}, to(trap.owner)))
    state.marks = []


def reveal(state: MidnightersState, trap: Trap, events: list[Event], shown: dict[str, Any]) -> None:
    """MN-53: a sprung trap is revealed publicly and both its cards go to the discard."""
    state.traps.remove(trap)
    piles.add(state.discard, [trap.suspense, trap.card])
    events.append(
        Event("mn.trap_sprung", {"player": trap.owner, "location": trap.location, "card": trap.card, **shown})
    )
