"""What each viewer may see of a game (MN-64, MN-P1 .. MN-P9), as the JSON-safe dict :meth:`Engine.view` returns.

Everyone sees the public table: the board, the avatars, hand sizes and trap counts, the deck and discard sizes,
the active nightmares, the Horror, the actions and penalties, and the stack (a trap setting face down, MN-30).
A seated player also sees their own hand, the traps they know of (MN-P7) and their marks, the hands of the players
whose turn they control (MN-P5), and what the choice they are making shows them (the discard at the Square, MN-P3;
the target's hand at the Motel, MN-P4). Once the game is over everything is revealed (MN-61).
"""

from __future__ import annotations

from typing import Any

from engines.midnighters import board, piles, rules
from engines.midnighters.data import LOCATIONS
from engines.midnighters.ending import reveal
from engines.midnighters.plays import play_params
from engines.midnighters.state import MidnightersState, Play


def view(state: MidnightersState, viewer: str | None) -> dict[str, Any]:
    """MN-64: the public table; the viewer's own hand and traps; MN-61: everything once the game is over."""
    prompt = state.prompts[0] if state.prompts else None
    shown: dict[str, Any] = {
        "turn": state.turn,
        "max_turns": state.options["max_turns"],
        "current": state.current,
        "controller": state.controller,
        "phase": state.phase,
        "seats": list(state.seats),
        "active": list(state.active),
        "board": [
            {
                "location": loc,
                "cell": board.cell_name(state.cells[loc]),
                "degrees": 90 * state.turns[loc],
                "arrows": list(board.arrows(loc, state.turns[loc])),
            }
            for loc in LOCATIONS
        ],
        "avatars": dict(state.avatars),
        "hand_sizes": {p: len(state.hands[p]) for p in state.seats},
        "trap_counts": {p: len(rules.own_traps(state, p)) for p in state.seats},
        "deck_size": piles.size(state.deck) + len(state.stacked),
        "discard_size": piles.size(state.discard),
        "nightmares": {c: list(ex) for c, ex in state.effects.items()},
        "horror": state.horror,
        "base_actions": {p: rules.base_actions(state, p) for p in state.active},
        "penalties": {p: n for p, n in state.penalties.items() if n},
        "claims": dict(state.claims),
        "actions_left": rules.actions_left(state),
        "stack": [public_play(play) for play in state.stack],
        "waiting": list(prompt.players) if prompt else [],
        "outcome": None
        if state.outcome is None
        else {
            "reason": state.outcome.reason,
            "winners": list(state.outcome.winners),
            "cause": str(state.outcome.params.get("cause", "none")),  # MN-60: the turn limit or the cards ran out
        },
    }
    if state.outcome is not None:
        shown.update(reveal(state))
    if viewer is None or viewer not in state.seats:
        return shown
    shown["you"] = viewer
    shown["hand"] = list(state.hands[viewer])
    shown["my_traps"] = [
        {"id": t.id, "owner": t.owner, "location": t.location, "card": t.card}
        for t in state.traps
        if viewer in t.known_to
    ]
    shown["my_marks"] = [m for m in state.marks if (t := rules.find_trap(state, m)) and t.owner == viewer]
    victims = [v for v, o in state.claims.items() if o == viewer]  # MN-P5
    if state.controller == viewer:
        victims.append(state.current)
    shown["controlled_hands"] = {v: list(state.hands[v]) for v in victims}
    task = state.choice
    if task is not None and prompt is not None and prompt.players[0] == viewer:
        if task.kind == "square":  # MN-P3
            shown["discard_pile"] = piles.contents(state.discard)
        if task.kind == "motel_take":  # MN-P4
            shown["target_hand"] = list(state.hands[task.other])
    return shown


def public_play(play: Play) -> dict[str, Any]:
    """A stack entry as everyone sees it: who played what, and its declared choices unless it is a trap."""
    entry: dict[str, Any] = {"player": play.player, "play": play.kind}
    if play.kind != "set_trap":  # MN-30: a trap setting is face down
        entry["card"] = play.cards[0]
        entry.update(play_params(play))
    return entry
