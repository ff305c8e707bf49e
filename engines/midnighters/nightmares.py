"""Drawing cards (MN-12) and the nightmares a draw fires (MN-37 .. MN-49).

Cards are drawn one at a time, each draw a ``draw`` task (:func:`draw`), so that a nightmare drawn fires before
the next card comes (MN-37). An empty deck is replaced by the shuffled discard; with nothing left to draw at all
nobody wakes (MN-60).

A nightmare fires on everyone in the game except those in the Town Hall (MN-38, and not at all when its drawer is
there) and the Horror (MN-47). Red and Blue (MN-41, MN-42) last until the Town Hall neutralises them; Multicoloured
(MN-45) and Colourless (MN-46) gather everyone or send them to corridors and change the action budget, each
replacing the other; Purple (MN-43) passes hands and traps around; Black (MN-44, MN-47) makes its drawer the Horror.
"""

from __future__ import annotations

from engines.core import Event, Outcome, rng, to
from engines.midnighters import agenda, piles, rules
from engines.midnighters.data import HAND_SIZE, NIGHTMARES
from engines.midnighters.ending import finish
from engines.midnighters.rules import TOWN_HALL
from engines.midnighters.state import MidnightersState, Task


@agenda.task("draw")
def draw(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """MN-12 / MN-37: draw one card at a time (to 5, or ``count``); a nightmare fires before the next card."""
    p = task.player
    if p not in state.active or (len(state.hands[p]) >= HAND_SIZE if task.flag else task.count <= 0):
        return
    if not state.deck and not state.stacked:
        if not state.discard:  # MN-60: nothing left to draw
            finish(state, events, Outcome((), "nobody_woke", params={"cause": "no_cards"}))
            return
        state.deck, state.discard = state.discard, {}  # MN-12: the discard, shuffled, is the new deck
        events.append(Event("mn.reshuffled", {"count": piles.size(state.deck)}))
    card = state.stacked.pop(0) if state.stacked else piles.draw(state.deck, rng(state))
    state.hands[p].append(card)
    state.agenda.insert(0, Task("draw", p, count=task.count - 1, flag=task.flag))
    if card in NIGHTMARES:
        if card != "black" or state.avatars[p] == TOWN_HALL:  # drawn in public (MN-37); a fired Black: MN-47
            state.public_nightmares.setdefault(p, []).append(card)
        fire(state, p, card, events)
    else:
        events.append(Event("mn.card_drawn", {"card": card}, to(p)))
        events.append(Event("mn.drew", {"player": p, "hand": len(state.hands[p])}))


def fire(state: MidnightersState, drawer: str, colour: str, events: list[Event]) -> None:
    """The nightmare ``colour`` just drawn by ``drawer`` takes effect (see the module's docstring)."""
    if state.avatars[drawer] == TOWN_HALL:  # MN-38: drawn in the Town Hall, it does not fire at all
        events.append(Event("mn.nightmare_drawn", {"player": drawer, "colour": colour, "fired": False, "immune": []}))
        return
    immune = [p for p in state.active if state.avatars.get(p) == TOWN_HALL]
    events.append(Event("mn.nightmare_drawn", {"player": drawer, "colour": colour, "fired": True, "immune": immune}))
    hit = [p for p in state.active if p not in immune and p != state.horror]  # the Horror is never affected
    if colour in ("red", "blue"):  # MN-41 / MN-42
        state.effects[colour] = immune
    elif colour == "multi":  # MN-45
        state.effects.pop("colourless", None)
        state.effects["multi"] = immune
        where = state.avatars[drawer]
        for p in hit:
            state.avatars[p] = where
        events.append(Event("mn.gathered", {"players": hit, "location": where}))
    elif colour == "colourless":  # MN-46
        state.effects.pop("multi", None)
        state.effects["colourless"] = immune
        if state.horror and hit:
            state.agenda.insert(0, Task("assign", state.horror, names=hit))
        else:
            send_to_corridors(state, {p: rules.start_corridor(state, p) for p in hit}, events)
    elif colour == "purple":  # MN-43
        purple(state, hit, events)
    elif colour == "black":  # MN-44 / MN-47
        state.horror = drawer
        state.claims.pop(drawer, None)
        events.append(Event("mn.horror", {"player": drawer}))


@agenda.task("assign")
def assign(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """MN-46: the Horror sends each affected player to a different corridor."""
    task.names = [p for p in task.names if p in state.active]
    if task.names and task.player in state.active:
        agenda.ask(state, task)
    elif task.names:
        send_to_corridors(state, {p: rules.start_corridor(state, p) for p in task.names}, events)


def send_to_corridors(state: MidnightersState, moves: dict[str, str], events: list[Event]) -> None:
    """MN-46: move each player still in the game to the corridor chosen for them."""
    for p, corridor in moves.items():
        if p in state.active:
            state.avatars[p] = corridor
    events.append(Event("mn.sent_to_corridors", {"corridors": moves}))


def purple(state: MidnightersState, ring: list[str], events: list[Event]) -> None:
    """MN-43: hands and prepared traps pass to the previous affected player in seat order."""
    ring = [p for p in state.seats if p in ring]
    if len(ring) >= 2:
        hands = {p: state.hands[p] for p in ring}
        receiver = {p: ring[i - 1] for i, p in enumerate(ring)}
        known = {p: state.public_nightmares.pop(p) for p in ring if p in state.public_nightmares}
        for p in ring:
            state.hands[receiver[p]] = hands[p]
            if p in known:  # what everyone knew of a hand goes with it
                state.public_nightmares[receiver[p]] = known[p]
        for trap in state.traps:
            if trap.owner in receiver:
                trap.owner = receiver[trap.owner]
                if trap.owner not in trap.known_to:
                    trap.known_to.append(trap.owner)
        for p in ring:
            events.append(Event("mn.your_hand", {"cards": list(state.hands[p])}, to(p)))
    events.append(Event("mn.hands_passed", {"players": ring}))
