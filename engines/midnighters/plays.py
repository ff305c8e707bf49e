"""The plays of Midnighters and what each does when it resolves (MN-17 .. MN-25, MN-18: impossible effects fizzle).

A current player declares a play on their turn (:mod:`engines.midnighters.turn`); it goes on the reaction stack
with the card it puts on the table, and only when it comes off the stack unanswered (:mod:`engines.midnighters.stack`)
does :func:`resolve` carry it out, against the table as it is *then*. So every effect is checked again here: a
Sleepwalk whose arrow a trap rotated away, a Vertigo on a card no longer adjacent, a steal from a player with no
card left all fizzle, their card and cost spent (MN-18).

==================  ===========================  ==========================================================
play                declared args                rule
==================  ===========================  ==========================================================
``sleepwalk``       ``direction``                MN-20: follow an arrow of your location into the next one
``vertigo_move``    ``location``, ``direction``  MN-21 (a): slide your own or an adjacent card to an empty cell
``vertigo_rotate``  ``location``, ``direction``  MN-21 (b): turn it a quarter, ``cw`` or ``ccw``
``star``            (your location)              MN-22: activate where you stand (marks may take it, MN-56 (a))
``dutch_cut``       ``target``                   MN-24 (b): you and the target each 1 action less next turn
``dutch_extra``     (none)                       MN-24 (c): one more action now, 1 less next turn
``catcher_steal``   ``target``                   MN-25 (b): take a random card from the target
``set_trap``        ``suspense``, ``card``       MN-50 / MN-51: armed by :func:`engines.midnighters.traps.arm`
==================  ===========================  ==========================================================

Reactions (``cancel`` with a Dutch Angle, ``intercept`` with a Dream Catcher) answer the entry below them on the
stack and are resolved by the stack itself.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, rng, to
from engines.midnighters import board, piles, rules, traps
from engines.midnighters.rules import affected
from engines.midnighters.state import MidnightersState, Play, Task, Trap

#: The plays a current player can declare on their turn (MN-17, MN-20 .. MN-25, MN-50).
PLAYS = ("sleepwalk", "vertigo_move", "vertigo_rotate", "star", "dutch_cut", "dutch_extra", "catcher_steal")
#: The card each play puts on the table.
PLAY_CARD = {
    "sleepwalk": "sleepwalk",
    "vertigo_move": "vertigo",
    "vertigo_rotate": "vertigo",
    "star": "star",
    "dutch_cut": "dutch",
    "dutch_extra": "dutch",
    "catcher_steal": "catcher",
    "cancel": "dutch",
    "intercept": "catcher",
}
#: A Vertigo rotation's direction -> quarter turns clockwise (MN-21 (b)).
ROTATE = {"cw": 1, "ccw": 3}


def play_params(play: Play) -> dict[str, Any]:
    """A play's declared choices as event parameters."""
    # every key always present ("none" when unused) so messages can select on it
    return {
        "target": play.target or "none",
        "direction": play.direction or "none",
        "location": play.location or "none",
    }


def penalise(state: MidnightersState, player: str, count: int = 1) -> None:
    """MN-16: ``player`` will have ``count`` action(s) less on their next turn that is not skipped."""
    if player in state.active:
        state.penalties[player] = state.penalties.get(player, 0) + count


def resolve(state: MidnightersState, play: Play, events: list[Event]) -> list[Task]:
    """Carry out a play that came off the stack unanswered; returns the tasks it queues (draws, an activation)."""
    cur = play.player
    if play.kind == "set_trap":
        return traps.arm(state, play, events)
    piles.add(state.discard, play.cards)
    if cur not in state.active:
        return fizzle(state, play, events)
    here = state.avatars[cur]
    if play.kind == "sleepwalk":
        dest = board.sleepwalk_target(state.cells, state.turns, here, play.direction)
        if dest is None:
            return fizzle(state, play, events)
        state.avatars[cur] = dest
        events.append(Event("mn.moved", {"player": cur, "location": dest}))
    elif play.kind in ("vertigo_move", "vertigo_rotate"):
        loc = play.location
        if loc != here and loc not in board.neighbours(state.cells, here):
            return fizzle(state, play, events)
        if play.kind == "vertigo_move":
            if play.direction not in rules.free_directions(state, loc):
                return fizzle(state, play, events)
            cell = board.step(state.cells[loc], play.direction)
            assert cell is not None
            place(state, loc, cell, events)
        else:
            rotate(state, loc, ROTATE[play.direction], events)
    elif play.kind == "star":
        return resolve_star(state, play, events)
    elif play.kind == "dutch_cut":  # MN-24 (b)
        if play.target not in state.active:
            return fizzle(state, play, events)
        penalise(state, play.target)
        penalise(state, cur)
        events.append(Event("mn.actions_cut", {"player": cur, "target": play.target}))
    elif play.kind == "dutch_extra":  # MN-24 (c)
        state.extra += 1
        penalise(state, cur)
        events.append(Event("mn.extra_action", {"player": cur, "actions": rules.actions_left(state)}))
    elif play.kind == "catcher_steal":  # MN-25 (b)
        pool = rules.takeable(state, play.target) if play.target in state.active else []
        if not pool:
            return fizzle(state, play, events)
        card = rng(state).choice(pool)
        state.hands[play.target].remove(card)
        state.hands[cur].append(card)
        rules.forget_nightmares(state, play.target)  # a random card, maybe a nightmare, left in secret
        events.append(Event("mn.card_stolen", {"player": cur, "target": play.target}))
        events.append(
            Event("mn.card_taken_secret", {"player": cur, "target": play.target, "card": card}, to(cur, play.target))
        )
        return [Task("excess", cur)]
    return []


def fizzle(state: MidnightersState, play: Play, events: list[Event]) -> list[Task]:
    """MN-18: the play has no effect (its card and cost are spent all the same)."""
    events.append(Event("mn.fizzled", {"player": play.player, "card": play.cards[0]}))
    return []


def place(state: MidnightersState, location: str, cell: int, events: list[Event]) -> None:
    """Move a location card to ``cell`` (its avatars and traps go with it, MN-6)."""
    state.cells[location] = cell
    events.append(Event("mn.location_moved", {"location": location, "cell": board.cell_name(cell)}))


def rotate(state: MidnightersState, location: str, quarter_turns: int, events: list[Event]) -> None:
    """Turn a location card ``quarter_turns`` clockwise; the event shows its new arrows."""
    state.turns[location] = (state.turns[location] + quarter_turns) % 4
    events.append(
        Event(
            "mn.location_rotated",
            {
                "location": location,
                "degrees": 90 * state.turns[location],
                "arrows": list(board.arrows(location, state.turns[location])),
            },
        )
    )


def resolve_star(state: MidnightersState, play: Play, events: list[Event]) -> list[Task]:
    """MN-22 / MN-56 (a): activate the declared location; the earliest valid mark takes the activation.

    MN-18: the Star resolves at the location it was declared on. If the player no longer stands there (a trap
    moved them in the window), it fizzles, its cost paid, and every mark lapses with the traps still hidden.
    """
    cur = play.player
    here = play.location
    if state.avatars[cur] != here:
        traps.lapse_marks(state, events)
        return fizzle(state, play, events)
    marks, state.marks = state.marks, []
    winner: Trap | None = None
    for trap_id in marks:
        trap = rules.find_trap(state, trap_id)
        if trap is None:
            continue
        usable = (
            trap.location == here
            and trap.owner in state.active
            and not affected(state, "red", trap.owner)
            and rules.activation_refusal(state, trap.owner, here) is None
        )
        if winner is None and usable:
            winner = trap
        else:
            events.append(Event("mn.mark_lapsed", {"location": trap.location}, to(trap.owner)))
    if winner is not None:
        traps.reveal(state, winner, events, {"target": cur})
        return [Task("activate", winner.owner, other=here)]
    if rules.activation_refusal(state, cur, here) is not None:
        return fizzle(state, play, events)
    return [Task("activate", cur, other=here)]
