"""The current player's turn (MN-15 .. MN-25, MN-48, MN-50): what they may declare, and how turns follow.

A turn starts with a budget of actions (MN-16: the base of 2, changed by nightmares, less pending penalties) and
``turn_seconds`` of time (MN-19). Its player (or, on a claimed turn, the Dream Catcher trap's owner, MN-58) then
declares plays one at a time: each is checked here (:func:`declare`), pays its cost, and goes on the reaction stack
(:mod:`engines.midnighters.stack`), to be carried out only if nobody answers it (:mod:`engines.midnighters.plays`).
Setting a trap (:func:`declare_trap`) costs 2 actions and goes on the stack face down. ``end`` ends the turn:
the player draws up to 5 and the next seat plays (:func:`next_turn`), unless sleep paralysis skips it (MN-48).

:func:`turn_actions` lists exactly what :func:`declare` and :func:`declare_trap` accept (springs aside, which are
the traps' own and may be sprung on anyone's turn).
"""

from __future__ import annotations

from engines.core import Action, Event, Outcome, require, to
from engines.midnighters import agenda, board, rules, stack
from engines.midnighters.data import PLAY_COSTS, SUSPENSE, TRAP_COST, TRAP_PARTNERS, suspense_location
from engines.midnighters.ending import finish
from engines.midnighters.plays import PLAY_CARD, PLAYS, ROTATE, play_params
from engines.midnighters.rules import affected
from engines.midnighters.state import MidnightersState, Play, Task


def turn_actions(state: MidnightersState, pid: str, chooser: str) -> list[Action]:
    """Every play, trap setting and ``end`` the current turn may declare now (``chooser`` decides, MN-58)."""
    cur = state.current
    hand, here, left = state.hands[cur], state.avatars[cur], rules.actions_left(state)
    act = lambda kind, **args: Action(chooser, pid, kind, args)
    actions = [act("end")]
    if left >= 1:
        if "sleepwalk" in hand:
            for d in board.arrows(here, state.turns[here]):
                if board.sleepwalk_target(state.cells, state.turns, here, d):
                    actions.append(act("sleepwalk", direction=d))
        if "vertigo" in hand:
            for loc in [here, *board.neighbours(state.cells, here)]:
                for d in rules.free_directions(state, loc):
                    actions.append(act("vertigo_move", location=loc, direction=d))
                actions += [act("vertigo_rotate", location=loc, direction=way) for way in ROTATE]
        if "star" in hand and rules.activation_refusal(state, cur, here) is None:
            actions.append(act("star"))
        others = [p for p in state.active if p != cur]
        if "dutch" in hand:
            actions += [act("dutch_cut", target=p) for p in others]
        if "catcher" in hand:
            actions += [act("catcher_steal", target=p) for p in others if rules.takeable(state, p)]
    if "dutch" in hand:
        actions.append(act("dutch_extra"))
    if left >= TRAP_COST and not affected(state, "red", cur):
        partners = sorted({c for c in hand if c in TRAP_PARTNERS})
        for s in sorted({c for c in hand if c in SUSPENSE}):
            actions += [act("set_trap", suspense=s, card=c) for c in partners]
    return actions


def on_turn(state: MidnightersState, action: Action, events: list[Event]) -> None:
    """The turn's player acts: ``end``, ``set_trap`` or one of :data:`~engines.midnighters.plays.PLAYS`."""
    require(action.player == state.prompts[0].players[0], "not_your_turn", "it is not your turn")
    if action.kind == "end":
        end_turn(state, events)
    elif action.kind == "set_trap":
        declare_trap(state, action, events)
    else:
        declare(state, action, events)


def declare(state: MidnightersState, action: Action, events: list[Event]) -> None:
    """Check a play against the table, pay its card and cost (MN-17), put it on the stack and open a window."""
    kind, cur, args = action.kind, state.current, action.args
    require(kind in PLAYS, "bad_action", f"there is no play called {kind}")
    card = PLAY_CARD[kind]
    hand, here = state.hands[cur], state.avatars[cur]
    require(card in hand, "no_card", "you hold no such card", card=card)
    cost = PLAY_COSTS[kind]  # MN-17
    require(rules.actions_left(state) >= cost, "no_actions", "you have no actions left this turn")
    play = Play(cur, kind, [card])
    if kind == "sleepwalk":  # MN-20
        direction = args.get("direction")
        require(direction in board.DIRECTIONS, "bad_direction", "choose up, right, down or left")
        require(
            board.sleepwalk_target(state.cells, state.turns, here, direction) is not None,
            "blocked",
            "no arrow leads that way into a location",
        )
        play.direction = direction
    elif kind in ("vertigo_move", "vertigo_rotate"):  # MN-21
        loc = args.get("location")
        require(loc in state.cells, "bad_location", "no such location")
        require(
            loc == here or loc in board.neighbours(state.cells, here),
            "not_adjacent",
            "not your own or an adjacent location",
        )
        direction = args.get("direction")
        if kind == "vertigo_move":
            require(direction in rules.free_directions(state, loc), "blocked", "that cell is not empty")
        else:
            require(direction in ROTATE, "bad_direction", "rotate cw or ccw")
        play.location, play.direction = loc, direction
    elif kind == "star":  # MN-22
        refusal = rules.activation_refusal(state, cur, here)
        require(refusal is None, refusal or "", "you cannot activate this location")
        play.location = here
    elif kind in ("dutch_cut", "catcher_steal"):  # MN-24 (b), MN-25 (b)
        target = args.get("target")
        require(target in state.active and target != cur, "bad_target", "choose another player in the game")
        if kind == "catcher_steal":
            require(rules.takeable(state, target), "bad_target", "that player has no card that can be taken")
        play.target = target
    hand.remove(card)
    state.used += cost
    state.stack.append(play)
    events.append(Event("mn.played", {"player": cur, "card": card, "play": kind, **play_params(play)}))
    stack.open_window(state, events)


def declare_trap(state: MidnightersState, action: Action, events: list[Event]) -> None:
    """MN-50: Suspense + a non-Suspense Director card, face down, 2 actions, only on your turn."""
    cur, hand = state.current, state.hands[state.current]
    s, card = action.args.get("suspense"), action.args.get("card")
    require(s in SUSPENSE and s in hand, "no_card", "you hold no such Suspense", card=s)
    require(card in TRAP_PARTNERS and card in hand, "no_card", "pair the Suspense with a Director card", card=card)
    require(rules.actions_left(state) >= TRAP_COST, "no_actions", "setting a trap takes 2 actions")
    require(not affected(state, "red", cur), "red_nightmare", "the Red Nightmare forbids Suspense")  # MN-41
    hand.remove(s)
    hand.remove(card)
    state.used += TRAP_COST
    state.stack.append(Play(cur, "set_trap", [s, card], location=suspense_location(s) or ""))
    events.append(Event("mn.trap_set", {"player": cur}))
    knowers = rules.trap_knowers(state, cur)
    events.append(Event("mn.trap_set_secret", {"location": suspense_location(s), "card": card}, to(*knowers)))
    stack.open_window(state, events)


def end_turn(state: MidnightersState, events: list[Event]) -> None:
    """MN-15 (3): draw up to 5, then the next seat plays."""
    cur = state.current
    state.controller = None  # MN-58: the controlled turn's actions are over
    events.append(Event("mn.turn_ended", {"player": cur}))
    state.agenda += [Task("draw", cur, flag=True), Task("next_turn")]
    agenda.advance(state, events)


@agenda.task("next_turn")
def next_turn(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """MN-15 / MN-16 / MN-48 / MN-60: start the next seat's turn, or skip it under sleep paralysis."""
    order = state.active
    if state.current in order:
        nxt = order[(order.index(state.current) + 1) % len(order)]
    else:  # the first turn, or the current player left: the next seat still in the game
        seat = state.seats.index(state.current) if state.current else -1
        ring = state.seats[seat + 1 :] + state.seats[: seat + 1]
        nxt = next(p for p in ring if p in order)
    if state.turn >= state.options["max_turns"]:  # MN-60: the last turn was played; the count stays at the limit
        finish(state, events, Outcome((), "nobody_woke", params={"cause": "max_turns", "turns": state.turn}))
        return
    state.turn += 1
    state.current, state.controller = nxt, None
    state.allowance, state.extra, state.used = 0, 0, 0
    state.turn_left = None  # MN-19: a new turn, the whole turn_seconds
    horror = state.horror
    if horror and nxt != horror and state.avatars[nxt] == state.avatars.get(horror):  # MN-48
        events.append(Event("mn.turn_skipped", {"player": nxt, "turn": state.turn}))
        state.agenda.insert(0, Task("next_turn"))
        return
    # MN-16: penalties are paid by the next turn that is not skipped.
    state.allowance = rules.base_actions(state, nxt) - state.penalties.pop(nxt, 0)
    state.controller = state.claims.pop(nxt, None)  # MN-58
    params = {
        "player": nxt,
        "turn": state.turn,
        "actions": rules.actions_left(state),
        "controller": state.controller or "none",
    }
    events.append(Event("mn.turn_started", params))
