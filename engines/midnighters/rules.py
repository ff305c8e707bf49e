"""Read-only rule queries on a :class:`MidnightersState`: who is affected by what, what a player may do.

Both the engine (to refuse illegal input) and the action lists (to offer only legal input) ask these, so a
rule lives in exactly one place.
"""

from __future__ import annotations

from typing import Any

from engines.midnighters import board
from engines.midnighters.data import BASE_ACTIONS, CORRIDORS, NIGHTMARES, PLACES
from engines.midnighters.state import MidnightersState, Trap

TOWN_HALL = "townhall"
BRIDGE = "bridge"


def affected(state: MidnightersState, colour: str, player: str) -> bool:
    """MN-38 / MN-39: an active lasting nightmare affects everyone but its exempt players and the Horror."""
    return colour in state.effects and player != state.horror and player not in state.effects[colour]


def base_actions(state: MidnightersState, player: str) -> int:
    """MN-16: 2, or 3 under Multicoloured, or 1 under Colourless (they cancel each other, MN-45 / MN-46)."""
    if affected(state, "multi", player):
        return 3
    if affected(state, "colourless", player):
        return 1
    return BASE_ACTIONS


def actions_left(state: MidnightersState) -> int:
    """MN-16: base - penalties (fixed at the turn's start) + Dutch Angle extras, never below 0, minus those spent."""
    return max(0, max(0, state.allowance + state.extra) - state.used)


def decider(state: MidnightersState, player: str) -> str:
    """MN-58: who makes ``player``'s choices: the controller during a claimed turn, else the player."""
    if player == state.current and state.controller is not None:
        return state.controller
    return player


def forget_nightmares(state: MidnightersState, *players: str) -> None:
    """Cards moved out of sight from these players' hands: what everyone knew of their nightmares lapses
    (:attr:`MidnightersState.public_nightmares`)."""
    for player in players:
        state.public_nightmares.pop(player, None)


def takeable(state: MidnightersState, player: str) -> list[str]:
    """Cards that can leave ``player``'s hand: all but a fired Black (MN-47)."""
    hand = list(state.hands.get(player, []))
    if player == state.horror and "black" in hand:
        hand.remove("black")
    return hand


def discardable(state: MidnightersState, player: str, nightmares_too: bool) -> list[str]:
    """MN-13: excess may be discarded; nightmares only inside a Square or Motel activation, a fired Black never."""
    cards = takeable(state, player)
    return cards if nightmares_too else [c for c in cards if c not in NIGHTMARES]


def activation_refusal(state: MidnightersState, player: str, location: str) -> str | None:
    """Why ``player`` may not activate ``location`` now (an error code), or ``None`` if they may.

    MN-22: corridors never; MN-42: under Blue only the Town Hall; MN-36: the Bridge is refused to the Horror
    and to anyone holding a nightmare card.
    """
    if location not in PLACES:
        return "corridor"
    if location != TOWN_HALL and affected(state, "blue", player):
        return "blue_nightmare"
    if location == BRIDGE:
        if player == state.horror:
            return "horror_cannot_wake"
        if any(card in NIGHTMARES for card in state.hands[player]):
            return "nightmare_in_hand"
    return None


def free_directions(state: MidnightersState, location: str) -> list[str]:
    """MN-21 (a): directions in which ``location``'s card can slide into an empty neighbouring cell."""
    taken = set(state.cells.values())
    out = []
    for d in board.DIRECTIONS:
        cell = board.step(state.cells[location], d)
        if cell is not None and cell not in taken:
            out.append(d)
    return out


def motel_targets(state: MidnightersState, activator: str) -> list[str]:
    """MN-33: any other player anywhere, except the Horror."""
    return [p for p in state.active if p not in (activator, state.horror)]


def start_corridor(state: MidnightersState, player: str) -> str:
    """MN-3: seat k's own Corridor k (where the Director sends players when nobody else chooses, MN-46)."""
    return CORRIDORS[state.seats.index(player)]


def turn_left(state: MidnightersState) -> int:
    """MN-19: seconds of the current turn's ``turn_seconds`` not yet spent waiting for its player."""
    return state.options["turn_seconds"] if state.turn_left is None else state.turn_left


def trap_knowers(state: MidnightersState, owner: str) -> list[str]:
    """MN-P7: who learns a trap set now: the owner, and the controller of the turn that set it (MN-58)."""
    knowers = [owner]
    if owner == state.current and state.controller and state.controller != owner:
        knowers.append(state.controller)
    return knowers


def players_on(state: MidnightersState, location: str) -> list[str]:
    return [p for p in state.active if state.avatars.get(p) == location]


def near_bridge(state: MidnightersState) -> list[str]:
    """MN-34: active players standing on the Bridge or on a location adjacent to it."""
    around = set(board.neighbours(state.cells, BRIDGE)) | {BRIDGE}
    return [p for p in state.active if state.avatars.get(p) in around]


def own_traps(state: MidnightersState, player: str) -> list[Trap]:
    return [t for t in state.traps if t.owner == player]


def find_trap(state: MidnightersState, trap_id: Any) -> Trap | None:
    return next((t for t in state.traps if t.id == trap_id), None)


def spring_options(state: MidnightersState, player: str, trap: Trap) -> list[dict[str, Any]]:
    """Every legal way ``player`` can spring their own ``trap`` now (MN-53 .. MN-58); empty if none.

    Non-Town-Hall Midnight Star traps are never sprung directly: they are marked (MN-56 (a)).
    """
    loc = trap.location
    town_hall_star = trap.card == "star" and loc == TOWN_HALL
    if affected(state, "red", player) and not town_hall_star:  # MN-41
        return []
    here = players_on(state, loc)
    mine = state.avatars.get(player)
    base = {"trap": trap.id}
    if trap.card == "sleepwalk":  # MN-54
        options = [{**base, "mode": "corridor", "target": p, "corridor": c} for p in here for c in CORRIDORS]
        if mine != loc:
            options.append({**base, "mode": "self"})
        return options
    if trap.card == "vertigo":  # MN-55
        return [
            {**base, "cell": board.cell_name(cell), "turns": k}
            for cell in board.empty_cells(state.cells)
            for k in (1, 2, 3)
        ]
    if trap.card == "star":  # MN-56 (b)
        return [base] if town_hall_star and activation_refusal(state, player, loc) is None else []
    if trap.card == "dutch":  # MN-57
        return [{**base, "target": p} for p in here if p != player] if mine != loc else []
    if trap.card == "catcher":  # MN-58
        return [{**base, "target": p} for p in here if p not in (player, state.horror) and p not in state.claims]
    return []


def markable(state: MidnightersState, player: str) -> list[Trap]:
    """MN-56 (a): ``player``'s Midnight Star traps that may be marked against the Midnight Star on the stack."""
    if not state.stack or state.stack[0].kind != "star" or state.stack[0].player == player:
        return []
    if affected(state, "red", player):
        return []
    loc = state.stack[0].location
    return [
        t
        for t in own_traps(state, player)
        if t.card == "star"
        and t.location == loc
        and loc != TOWN_HALL
        and t.id not in state.marks
        and activation_refusal(state, player, loc) is None
    ]
