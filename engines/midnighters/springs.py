"""Springing a trap (MN-53 .. MN-58): its owner reveals it, on anyone's turn or in any window, for no action.

A trap acts on its location and on whoever stands there when it is sprung. By the trap's Director card:

==============  =======  ====================================================================================
card            rule     spring
==============  =======  ====================================================================================
Sleepwalk       MN-54    go there yourself (``mode=self``), or send a player standing there to a corridor
Vertigo         MN-55    move the location card to an empty cell and turn it 1-3 quarter turns
Midnight Star   MN-56    in the Town Hall: activate it from afar (b); elsewhere it is *marked* instead (a)
Dutch Angle     MN-57    swap places with a player standing there
Dream Catcher   MN-58    claim a player standing there: you play their next turn, and see their hand now
==============  =======  ====================================================================================

:func:`engines.midnighters.rules.spring_options` lists every legal way to spring a trap, and :func:`spring` accepts
exactly those; a refusal says nothing about the trap (a spring that does not fit is just ``bad_spring``).
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Event, require, to
from engines.midnighters import board, rules, traps
from engines.midnighters.activations import town_hall
from engines.midnighters.plays import place, rotate
from engines.midnighters.rules import TOWN_HALL
from engines.midnighters.state import MidnightersState


def spring(state: MidnightersState, action: Action, events: list[Event]) -> None:
    """MN-53: spring your own trap on anyone's turn or in a window, 0 actions; refusals reveal nothing."""
    require(state.phase in ("turn", "window"), "wrong_phase", "traps cannot be sprung in the middle of an effect")
    player, args = action.player, dict(action.args)
    trap = rules.find_trap(state, args.get("trap"))
    require(
        trap is not None and trap.owner == player and args in rules.spring_options(state, player, trap),
        "bad_spring",
        "that trap cannot be sprung that way now",
    )
    assert trap is not None
    loc = trap.location
    shown: dict[str, Any] = {"target": "none"}
    if trap.card == "sleepwalk":  # MN-54
        if args["mode"] == "self":
            state.avatars[player] = loc
            shown = {"target": player}
        else:
            state.avatars[args["target"]] = args["corridor"]
            shown = {"target": args["target"], "corridor": args["corridor"]}
    elif trap.card == "vertigo":  # MN-55
        shown = {"cell": args["cell"], "turns": args["turns"]}
    elif trap.card == "dutch":  # MN-57
        other = args["target"]
        state.avatars[player], state.avatars[other] = state.avatars[other], state.avatars[player]
        shown = {"target": other}
    elif trap.card == "catcher":  # MN-58
        shown = {"target": args["target"]}
    traps.reveal(state, trap, events, shown)
    if trap.card == "vertigo":
        place(state, loc, board.parse_cell(args["cell"]), events)
        rotate(state, loc, args["turns"], events)
    elif trap.card == "catcher":
        victim = args["target"]
        state.claims[victim] = player
        events.append(Event("mn.hand_shown", {"player": victim, "cards": list(state.hands[victim])}, to(player)))
    elif trap.card == "star":  # MN-56 (b): the Town Hall, remotely
        events.append(Event("mn.activated", {"player": player, "location": TOWN_HALL}))
        town_hall(state, player, events)
