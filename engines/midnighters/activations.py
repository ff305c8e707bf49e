"""What each location does when activated (MN-31 .. MN-36), by a Midnight Star or a sprung trap.

An activation is an ``activate`` task (:func:`activate`). The Town Hall and the Bridge act at once; the other four
places ask their activator a choice (:func:`engines.midnighters.agenda.ask`), made through
:mod:`engines.midnighters.choices`:

===============  =======  ====================================================================================
location         rule     effect
===============  =======  ====================================================================================
Forest           MN-31    go to any other location
Square           MN-32    see the discard and take up to 3 of its cards
Motel            MN-33    see another player's hand (not the Horror's) and take up to 3 of its cards
Restaurant       MN-34    shuffle the hands of those on or next to the Bridge, or discard 1-3 random cards of one
Town Hall        MN-35    neutralise every active nightmare; the Horror activating it wins (MN-59 (b))
Bridge           MN-36    wake up and win (MN-59 (a)); refused to the Horror and to a hand holding a nightmare
===============  =======  ====================================================================================

On a claimed turn the controller sees and chooses for the activator (MN-58, :func:`engines.midnighters.rules.decider`).
"""

from __future__ import annotations

from engines.core import Event, Outcome, rng, to
from engines.midnighters import agenda, piles, rules
from engines.midnighters.data import NIGHTMARES
from engines.midnighters.ending import finish
from engines.midnighters.rules import BRIDGE, TOWN_HALL, decider
from engines.midnighters.state import MidnightersState, Task


@agenda.task("activate")
def activate(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """``task.player`` activates the location ``task.other``."""
    who, loc = task.player, task.other
    events.append(Event("mn.activated", {"player": who, "location": loc}))
    if loc == "forest":
        agenda.ask(state, Task("forest", who))
    elif loc == "square":
        events.append(
            Event("mn.discard_pile", {"cards": piles.contents(state.discard)}, to(decider(state, who)))
        )  # MN-P3
        if state.discard:
            agenda.ask(state, Task("square", who))
        else:
            events.append(Event("mn.took", {"player": who, "location": "square", "count": 0, "target": "none"}))
    elif loc == "motel":
        if rules.motel_targets(state, who):
            agenda.ask(state, Task("motel_target", who))
    elif loc == "restaurant":
        agenda.ask(state, Task("restaurant", who))
    elif loc == TOWN_HALL:
        town_hall(state, who, events)
    elif loc == BRIDGE:  # MN-36 / MN-59 (a)
        finish(state, events, Outcome((who,), "woke", params={"player": who}))


def town_hall(state: MidnightersState, who: str, events: list[Event]) -> None:
    """MN-35: neutralise every active nightmare (Black excepted); the Horror's activation wins (MN-59 (b))."""
    if who == state.horror:
        finish(state, events, Outcome((who,), "dead_sleep", params={"player": who}))
        return
    colours = sorted(state.effects)
    state.effects = {}
    own = [c for c in state.hands[who] if c in NIGHTMARES]
    for card in own:
        state.hands[who].remove(card)
    rules.forget_nightmares(state, who)
    piles.add(state.discard, own)
    events.append(Event("mn.neutralised", {"player": who, "colours": colours, "count": len(own)}))


@agenda.task("motel_take")
def motel_take(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """MN-33: the activator, having seen the target's hand, takes up to 3 of its cards."""
    if task.player in state.active and task.other in state.active:
        agenda.ask(state, task)


def restaurant_shuffle(state: MidnightersState, who: str, events: list[Event]) -> None:
    """MN-34 (a): whole hands of everyone on or next to the Bridge, the Horror excepted, shuffled blind."""
    players = [p for p in rules.near_bridge(state) if p != state.horror]
    pool = [c for p in players for c in state.hands[p]]
    rng(state).shuffle(pool)
    rules.forget_nightmares(state, *players)
    for p in players:
        n = len(state.hands[p])
        state.hands[p], pool = pool[:n], pool[n:]
        events.append(Event("mn.your_hand", {"cards": list(state.hands[p])}, to(p)))
    events.append(Event("mn.hands_shuffled", {"player": who, "players": players}))


def blind_discard(state: MidnightersState, who: str, target: str, count: int, events: list[Event]) -> None:
    """MN-34 (b): 1-3 random cards of one player on or next to the Bridge go face down to the discard."""
    pool = rules.takeable(state, target)
    picked = rng(state).sample(pool, min(count, len(pool)))
    for card in picked:
        state.hands[target].remove(card)
    rules.forget_nightmares(state, target)
    piles.add(state.discard, picked)
    events.append(Event("mn.blind_discard", {"player": who, "target": target, "count": len(picked)}))
    events.append(Event("mn.your_hand", {"cards": list(state.hands[target])}, to(target)))
