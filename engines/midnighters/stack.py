"""The reaction stack and its windows (MN-27 .. MN-30): every card on the table may be answered before it acts.

Each play the current player declares, and each trap setting, goes on ``state.stack`` and opens a ``window``: a
``reaction`` prompt for everyone but the player of the top card (:func:`eligible`). In it a player may

* ``pass`` (the window stays open for the others until all have passed or it times out, MN-28);
* ``cancel`` with a Dutch Angle or ``intercept`` with a Dream Catcher (MN-24 (a), MN-25 (a)): the answer goes on
  top of the stack and opens a window of its own, where it can be answered in turn (MN-29);
* ``mark`` a Midnight Star trap against a Midnight Star on the stack (MN-56 (a),
  :func:`engines.midnighters.traps.mark`).

A window opens whatever the hands hold, so its opening gives nothing away (MN-P8). When it closes unanswered the
stack resolves last-in first-out, one ``resolve`` task per entry (:func:`resolve_top`): an answer consumes the
entry it answers, a play is carried out by :func:`engines.midnighters.plays.resolve`.
"""

from __future__ import annotations

from engines.core import Action, Event, Prompt, new_prompt_id, require, to
from engines.midnighters import agenda, piles, plays, rules, traps
from engines.midnighters.data import TRAP_DRAW
from engines.midnighters.plays import PLAY_CARD
from engines.midnighters.state import MidnightersState, Play, Task


def window_actions(state: MidnightersState, pid: str, player: str) -> list[Action]:
    """What ``player`` may answer in the open window: pass, cancel or intercept (holding the card), mark."""
    hand = state.hands[player]
    actions = [Action(player, pid, "pass")]
    if "dutch" in hand:
        actions.append(Action(player, pid, "cancel"))
    if "catcher" in hand:
        actions.append(Action(player, pid, "intercept"))
    actions += [Action(player, pid, "mark", {"trap": t.id}) for t in rules.markable(state, player)]
    return actions


def eligible(state: MidnightersState) -> list[str]:
    """MN-27: everyone but the player of the top card; a claimed turn's owner makes no choices (MN-58)."""
    top = state.stack[-1]
    return [p for p in state.active if p != top.player and not (state.controller is not None and p == state.current)]


def open_window(state: MidnightersState, events: list[Event]) -> None:
    """MN-28 / MN-P8: a window opens after every play, whatever the hands hold; the bot passes for no one."""
    answering = tuple(eligible(state))
    if not answering:  # a lone player left in the game: nobody exists who could answer
        close_window(state, events)
        return
    state.phase = "window"
    state.passed = []
    top = state.stack[-1]
    card = "trap" if top.kind == "set_trap" else top.cards[0]
    params = {"player": top.player, "card": card, "depth": len(state.stack)}
    pid = new_prompt_id(state, "window")
    state.prompts = [Prompt(pid, "reaction", answering, state.options["reaction_seconds"], "mn.window", params)]


def refresh_window(state: MidnightersState) -> bool:
    """Drop passed players from the open window; ``False`` when nobody is left to answer."""
    waiting = tuple(p for p in eligible(state) if p not in state.passed)
    old = state.prompts[0]
    if not waiting:
        return False
    state.prompts = [Prompt(old.id, old.kind, waiting, old.timeout, old.key, old.params)]
    return True


def on_window(state: MidnightersState, action: Action, events: list[Event]) -> None:
    """An answer in the open window (see the module's docstring)."""
    player, kind = action.player, action.kind
    if kind == "mark":
        traps.mark(state, action, events)
        return
    require(player in eligible(state), "not_eligible", "you cannot answer your own card")
    require(player not in state.passed, "already_passed", "you have passed in this window")
    if kind == "pass":
        state.passed.append(player)
        if not refresh_window(state):
            close_window(state, events)
        return
    require(kind in ("cancel", "intercept"), "bad_action", f"{kind} is not an answer")
    card = PLAY_CARD[kind]
    require(card in state.hands[player], "no_card", "you hold no such card", card=card)
    state.hands[player].remove(card)
    target = state.stack[-1]
    state.stack.append(Play(player, kind, [card], target=target.player))  # MN-29: on top, its own window
    shown = "trap" if target.kind == "set_trap" else target.cards[0]
    events.append(Event("mn.reacted", {"player": player, "play": kind, "target": target.player, "card": shown}))
    open_window(state, events)


def close_window(state: MidnightersState, events: list[Event]) -> None:
    """MN-28: nobody (else) answers: the top of the stack resolves, then the agenda goes on."""
    state.agenda.insert(0, Task("resolve"))
    state.prompts = []
    agenda.advance(state, events)


@agenda.task("resolve")
def resolve_top(state: MidnightersState, task: Task, events: list[Event]) -> None:
    """MN-29: resolve the top of the stack; a cancel or intercept consumes the entry it answers."""
    top = state.stack.pop()
    follow: list[Task] = []
    if top.kind in ("cancel", "intercept"):
        target = state.stack.pop()
        piles.add(state.discard, top.cards)
        plays.penalise(state, top.player)  # the answer's own "-1 next turn" (MN-24 (a), MN-25 (a))
        shown = "trap" if target.kind == "set_trap" else target.cards[0]
        if top.kind == "cancel" or top.player not in state.active:
            piles.add(state.discard, target.cards)  # MN-30: a cancelled trap goes face down, unrevealed
            events.append(Event("mn.cancelled", {"player": top.player, "target": target.player, "card": shown}))
        else:
            state.hands[top.player] += target.cards
            events.append(
                Event(
                    "mn.intercepted",
                    {"player": top.player, "target": target.player, "card": shown, "count": len(target.cards)},
                )
            )
            events.append(Event("mn.cards_received", {"cards": list(target.cards)}, to(top.player)))
            follow.append(Task("excess", top.player))  # MN-13
        if target.kind == "set_trap":
            follow.append(Task("draw", target.player, count=TRAP_DRAW))  # MN-51
        if not state.stack:
            traps.lapse_marks(state, events)
    else:
        follow = plays.resolve(state, top, events)
    if state.stack and state.outcome is None:
        follow.append(Task("resolve"))
    state.agenda[0:0] = follow
