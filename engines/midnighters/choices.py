"""Choices inside an effect (the ``choice`` phase): what may be chosen, making the choice, and its default (MN-62).

An effect that needs a player's decision opens a choice prompt with :func:`engines.midnighters.agenda.ask`, naming a
task in ``state.choice``. By the task's kind:

================  ================================================  =========================================
kind              choices (action kinds)                            rule
================  ================================================  =========================================
``forest``        ``goto`` any other location                       MN-31
``square``        ``take`` a card of the discard, or ``done``       MN-32 (up to 3, one per prompt)
``motel_target``  ``target`` a player, or ``done``                  MN-33
``motel_take``    ``take`` a card of the target's hand, or ``done``  MN-33 (up to 3, one per prompt)
``restaurant``    ``shuffle``, ``blind_discard`` 1-3, or ``done``   MN-34
``excess``        ``discard`` (or ``give`` back) one card           MN-13 (until 5 are left)
``assign``        ``assign`` the next player a free corridor        MN-46 (one player per prompt)
================  ================================================  =========================================

:func:`choice_actions` lists them and :func:`on_choice` accepts exactly those, so the two cannot disagree. A choice
of several steps (taking cards, discarding, assigning) asks again until it is done; then the agenda goes on. When
its time runs out, :func:`choose_default` makes the choice that changes least (MN-62).
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Event, require, rng, to
from engines.midnighters import activations, agenda, piles, rules
from engines.midnighters.data import CORRIDORS, HAND_SIZE, LOCATIONS, TAKE_LIMIT
from engines.midnighters.nightmares import send_to_corridors
from engines.midnighters.state import MidnightersState, Task


def choice_actions(state: MidnightersState, pid: str, chooser: str) -> list[Action]:
    """Every choice open to ``chooser`` in the pending choice (see the table above)."""
    task = state.choice
    assert task is not None
    act = lambda kind, **args: Action(chooser, pid, kind, args)
    kind, who = task.kind, task.player
    if kind == "forest":
        return [act("goto", location=loc) for loc in LOCATIONS if loc != state.avatars[who]]
    if kind == "square":
        return [act("done")] + [act("take", card=c) for c in sorted(state.discard)]
    if kind == "motel_target":
        return [act("done")] + [act("target", player=p) for p in rules.motel_targets(state, who)]
    if kind == "motel_take":
        return [act("done")] + [act("take", card=c) for c in sorted(set(state.hands[task.other]))]
    if kind == "excess":
        actions = [act("discard", card=c) for c in sorted(set(rules.discardable(state, who, task.flag)))]
        if task.other in state.active:
            actions += [act("give", card=c) for c in sorted(set(rules.takeable(state, who)))]
        return actions
    if kind == "restaurant":
        return [act("done"), act("shuffle")] + [
            act("blind_discard", player=p, count=n) for p in rules.near_bridge(state) for n in (1, 2, 3)
        ]
    if kind == "assign":
        used = set(task.picks.values())
        nxt = task.names[len(task.picks)]
        return [act("assign", player=nxt, corridor=c) for c in CORRIDORS if c not in used]
    raise AssertionError(kind)


def on_choice(state: MidnightersState, action: Action, events: list[Event]) -> None:
    """Make one of :func:`choice_actions`; ask again while the choice has steps left, else go on."""
    prompt = state.prompts[0]
    require(action.player == prompt.players[0], "not_your_choice", "someone else is choosing")
    legal = choice_actions(state, prompt.id, action.player)
    require(
        any(a.kind == action.kind and dict(a.args) == dict(action.args) for a in legal),
        "bad_choice",
        "that is not one of the choices",
    )
    task = state.choice
    assert task is not None
    who, kind, args = task.player, action.kind, action.args
    done = True
    if task.kind == "forest":  # MN-31
        state.avatars[who] = args["location"]
        events.append(Event("mn.moved", {"player": who, "location": args["location"]}))
    elif task.kind in ("square", "motel_take"):  # MN-32 / MN-33
        if kind == "take":
            if task.kind == "square":
                piles.remove(state.discard, args["card"])
            else:
                state.hands[task.other].remove(args["card"])
            state.hands[who].append(args["card"])
            task.count += 1
            source_left = state.discard if task.kind == "square" else state.hands[task.other]
            done = task.count >= TAKE_LIMIT or not source_left  # nothing more can be taken
        if done:
            finish_taking(state, task, events)
    elif task.kind == "motel_target":
        if kind == "target":
            target = args["player"]
            events.append(
                Event("mn.hand_shown", {"player": target, "cards": list(state.hands[target])}, to(action.player))
            )
            state.agenda.insert(0, Task("motel_take", who, other=target))
            rules.forget_nightmares(state, target)  # up to 3 of their cards may go, unseen (MN-33)
        else:
            events.append(Event("mn.took", {"player": who, "location": "motel", "count": 0, "target": "none"}))
    elif task.kind == "excess":
        card = args["card"]
        state.hands[who].remove(card)
        if kind == "give":
            state.hands[task.other].append(card)
            task.count += 1
        else:
            piles.add(state.discard, [card])
            task.names.append(card)
        done = not (len(state.hands[who]) > HAND_SIZE and rules.discardable(state, who, task.flag))
        if done:
            announce_excess(state, task, events)
    elif task.kind == "restaurant":  # MN-34
        if kind == "shuffle":
            activations.restaurant_shuffle(state, who, events)
        elif kind == "blind_discard":
            activations.blind_discard(state, who, args["player"], args["count"], events)
        else:
            events.append(Event("mn.nothing_done", {"player": who}))
    elif task.kind == "assign":
        task.picks[args["player"]] = args["corridor"]
        done = len(task.picks) == len(task.names)
        if done:
            send_to_corridors(state, dict(task.picks), events)
    if done:
        state.choice = None
        agenda.advance(state, events)
    else:
        agenda.ask(state, task)


def choose_default(state: MidnightersState, events: list[Event]) -> None:
    """MN-62: take nothing, move nobody; a forced discard is picked at random; Colourless: starting corridors."""
    task = state.choice
    assert task is not None
    who = task.player
    if task.kind in ("square", "motel_take"):
        finish_taking(state, task, events)
    elif task.kind == "excess":
        chooser = rng(state)
        while len(state.hands[who]) > HAND_SIZE:
            pool = rules.discardable(state, who, task.flag)
            if not pool:
                break
            card = chooser.choice(pool)
            state.hands[who].remove(card)
            piles.add(state.discard, [card])
            task.names.append(card)
        announce_excess(state, task, events)
    elif task.kind == "assign":
        send_to_corridors(state, {p: rules.start_corridor(state, p) for p in task.names}, events)
    else:
        events.append(Event("mn.nothing_done", {"player": who}))
    state.choice = None
    agenda.advance(state, events)


@agenda.task("excess")
def excess(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """MN-13: over 5 after taking cards: discard the excess at once, one chosen card at a time."""
    p = task.player
    if p in state.active and len(state.hands[p]) > HAND_SIZE and rules.discardable(state, p, task.flag):
        agenda.ask(state, task)


def finish_taking(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """After Square or Motel takes: announce the count, then discard (or give back) down to 5."""
    where = "square" if task.kind == "square" else "motel"
    # Cards taken out of sight, and the excess next may include nightmares (MN-32, MN-33, MN-13)
    if task.count:
        rules.forget_nightmares(state, task.player, *([task.other] if task.other else []))
    params: dict[str, Any] = {
        "player": task.player,
        "location": where,
        "count": task.count,
        "target": task.other or "none",
    }
    if task.other:
        events.append(Event("mn.your_hand", {"cards": list(state.hands[task.other])}, to(task.other)))
    events.append(Event("mn.took", params))
    state.agenda.insert(0, Task("excess", task.player, other=task.other, flag=True))


def announce_excess(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """The excess is gone: say how many cards were discarded and given back (the target sees their new hand)."""
    params: dict[str, Any] = {
        "player": task.player,
        "count": len(task.names),
        "given": task.count,
        "target": task.other or "none",
    }
    if task.other:
        events.append(Event("mn.your_hand", {"cards": list(state.hands[task.other])}, to(task.other)))
    events.append(Event("mn.excess_discarded", params))
