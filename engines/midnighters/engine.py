"""Midnighters (Полуночники): a surreal lucid-dream card game (``shared/rules/midnighters.md``, MN-1 .. MN-63).

The engine is also the Director (MN-2): it builds the board, deals, and performs the Director's transfers.

Flow (see :mod:`engines.midnighters.state`): a ``turn`` prompt asks the current player for an action; every
card played face up and every trap setting goes on the reaction ``stack`` and opens a ``window`` (MN-27) in
which the others may cancel or intercept it (MN-24 (a), MN-25 (a)), each answer opening its own window.
When a window closes unanswered the stack resolves last-in first-out (MN-29). Traps are sprung by their
owners at any time during a turn prompt or a window (MN-53). Effects that need choices or several steps go
through the ``agenda`` and ``choice`` prompts.

This class wires the contract of :class:`engines.core.Engine` to the modules that hold the rules, one job each:

* :mod:`~engines.midnighters.deal` — seats, board and opening hands (MN-1 .. MN-11);
* :mod:`~engines.midnighters.agenda` — the queue of effect steps, and the turn and choice prompts it opens;
* :mod:`~engines.midnighters.turn` — the current player's turn: declaring plays and traps, the next turn;
* :mod:`~engines.midnighters.stack` — reaction windows and resolving the stack (MN-27 .. MN-30);
* :mod:`~engines.midnighters.plays` — what each play does when it resolves (MN-18 .. MN-25);
* :mod:`~engines.midnighters.traps` and :mod:`~engines.midnighters.springs` — traps armed, marked, revealed,
  and sprung (MN-50 .. MN-58);
* :mod:`~engines.midnighters.nightmares` — drawing cards and the nightmares a draw fires (MN-12, MN-37 .. MN-49);
* :mod:`~engines.midnighters.activations` and :mod:`~engines.midnighters.choices` — what the locations do
  (MN-31 .. MN-36) and the choices effects ask (MN-13, MN-46, MN-62);
* :mod:`~engines.midnighters.leaving` and :mod:`~engines.midnighters.ending` — a player leaving (MN-63), the end
  (MN-59 .. MN-61);
* :mod:`~engines.midnighters.views` — what each viewer sees (MN-64, MN-P1 .. MN-P9);
* below them, read-only rule queries (:mod:`~engines.midnighters.rules`), the grid (:mod:`~engines.midnighters.board`),
  piles of cards (:mod:`~engines.midnighters.piles`), the card tables (:mod:`~engines.midnighters.data`) and the
  state (:mod:`~engines.midnighters.state`).

Time (MN-19; the engine has no clock, see :mod:`engines.core`): ``turn_seconds`` is one budget per turn that runs
only while the engine waits for the current player's own input (the ``turn`` phase), not during reaction windows
or choices. Its remainder lives in the state (``turn_left``), and every turn prompt's ``timeout`` is that remainder,
so the runtime's timer *is* the turn's clock: a turn prompt re-opened after a window carries only the time left,
and its timeout ends the turn. As in Midnight Hunt, the runtime reports the time an action took as
:attr:`~engines.core.Action.elapsed` (whole seconds since its prompt opened); an action applied in the ``turn`` phase
deducts it. :meth:`legal_actions` never carry ``elapsed``; it is optional, and ignored outside the ``turn`` phase.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engines.core import (
    CLOCK,
    HOST,
    SAMPLING,
    Action,
    Engine,
    Event,
    IllegalAction,
    Option,
    Prompt,
    Say,
    Transition,
    require,
)
from engines.midnighters import (  # noqa: F401  (their agenda tasks register on import)
    activations,
    agenda,
    choices,
    deal,
    leaving,
    nightmares,
    piles,
    rules,
    sampling,
    springs,
    stack,
    turn,
    views,
)
from engines.midnighters.data import ALL_CARDS, CORRIDORS, LOCATIONS, full_deck
from engines.midnighters.rules import BRIDGE
from engines.midnighters.state import CLOSED_KEPT, MidnightersState, Task
from engines.midnighters.text import board_text, describe_state


class Midnighters(Engine):
    name = "midnighters"
    prefix = "mn"
    state_class = MidnightersState
    min_players = 2  # MN-1
    max_players = 6
    reports_elapsed = True  # see "Time" above
    options = (  # MN-62
        Option("reaction_seconds", 10, "int", 3, 120),
        Option("choice_seconds", 60, "int", 5, 600),
        Option("turn_seconds", 120, "int", 10, 1800),
        Option("max_turns", 200, "int", 2, 2000),
        Option("layout", "random", "choice", choices=("random", "classic")),
    )

    # -- setup ---------------------------------------------------------------------------------------------

    def _setup(self, players, options, seed, overrides, events) -> MidnightersState:
        state = deal.new_game(players, options, seed, overrides, events)
        state.agenda.append(Task("next_turn"))
        agenda.advance(state, events)
        return state

    # -- legal actions -------------------------------------------------------------------------------------

    def _legal_actions(self, state: MidnightersState, player: str) -> list[Action]:
        prompt = state.prompts[0]
        if player == HOST:
            return [Action(HOST, prompt.id, "remove", {"player": p}) for p in state.active]
        if player not in state.active:
            return []
        actions: list[Action] = []
        if state.phase == "turn" and player == prompt.players[0]:
            actions += turn.turn_actions(state, prompt.id, player)
        elif state.phase == "window" and player in prompt.players:
            actions += stack.window_actions(state, prompt.id, player)
        elif state.phase == "choice" and player == prompt.players[0]:
            actions += choices.choice_actions(state, prompt.id, player)
        if state.phase in ("turn", "window"):  # MN-53: springs on anyone's turn, from anywhere
            actions += [
                Action(player, prompt.id, "spring", args)
                for trap in rules.own_traps(state, player)
                for args in rules.spring_options(state, player, trap)
            ]
        return actions

    def random_action(self, state: MidnightersState, player: str, chooser: random.Random) -> Action | None:
        """Automatic play: mostly pass in windows, prefer playing cards to ending the turn, wake when possible."""
        if player == HOST:
            candidates = [p for p in state.active if p != state.horror]
            return (
                Action(HOST, state.prompts[0].id, "remove", {"player": chooser.choice(candidates)})
                if candidates
                else None
            )
        actions = self.legal_actions(state, player)
        if not actions:
            return None
        if state.phase == "window":
            passing = [a for a in actions if a.kind == "pass"]
            if passing and chooser.random() < 0.8:
                return passing[0]
        if state.phase == "turn" and player == state.prompts[0].players[0]:
            if any(a.kind == "star" for a in actions) and state.avatars[state.current] == BRIDGE:
                return next(a for a in actions if a.kind == "star")
            kinds = sorted({a.kind for a in actions if a.kind != "end"})
            if kinds and chooser.random() < 0.85:
                kind = chooser.choice(kinds)
                return chooser.choice([a for a in actions if a.kind == kind])
            return next(a for a in actions if a.kind == "end")
        if state.phase == "turn":
            return None  # out-of-turn springs are offered, but automatic players spring in windows
        return chooser.choice(actions)

    # -- apply ---------------------------------------------------------------------------------------------

    def apply(self, state: MidnightersState, action: Action) -> Transition:  # type: ignore[override]
        """MN-29 / MN-53: a click on a prompt that has closed is refused with why it closed (someone answered the
        card first, everyone passed, the time ran out, the turn moved on), not only that it has."""
        if state.outcome is None and action.player != CLOCK and not any(p.id == action.prompt for p in state.prompts):
            why = state.closed.get(action.prompt)
            if why is not None:
                raise IllegalAction(f"closed_{why['why']}", f"that choice closed ({why['why']})", **why)
        return super().apply(state, action)

    def _apply(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
        before = list(state.prompts)
        self._apply_open(state, action, events)
        still = {p.id for p in state.prompts}
        for prompt in before:
            if prompt.id not in still:
                state.closed[prompt.id] = _why_closed(prompt, action, state.phase)
        for old in list(state.closed)[:-CLOSED_KEPT]:
            del state.closed[old]

    def _apply_open(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
        if action.elapsed is not None:
            action = self._charge_elapsed(state, action)
        if action.player == CLOCK:
            self._on_timeout(state, events)
        elif action.player == HOST:
            require(action.kind == "remove", "bad_action", f"the host cannot {action.kind}")
            leaving.remove(state, action.args.get("player"), events)
        else:
            require(action.player in state.active, "not_a_player", "you are not playing in this game")
            if action.kind == "spring":
                springs.spring(state, action, events)
            elif state.phase == "turn":
                turn.on_turn(state, action, events)
            elif state.phase == "window":
                stack.on_window(state, action, events)
            else:
                choices.on_choice(state, action, events)

    @staticmethod
    def _charge_elapsed(state: MidnightersState, action: Action) -> Action:
        """MN-19: deduct the reported ``elapsed`` seconds from the turn's time (in the ``turn`` phase only); the
        action without it, as the rules below compare it with the legal ones."""
        elapsed = action.elapsed
        require(
            isinstance(elapsed, int) and not isinstance(elapsed, bool) and elapsed >= 0,
            "bad_elapsed",
            "elapsed must be whole seconds, 0 or more",
        )
        if state.phase == "turn":  # MN-19: the turn's clock runs only while the turn prompt waits
            state.turn_left = max(0, rules.turn_left(state) - elapsed)
        return action.reporting(None)

    def _on_timeout(self, state: MidnightersState, events: list[Event]) -> None:
        if state.phase == "turn":  # MN-19: the turn ends as if ended
            turn.end_turn(state, events)
        elif state.phase == "window":  # MN-28
            stack.close_window(state, events)
        else:  # MN-62: the listed default, else the choice that changes least
            choices.choose_default(state, events)

    # -- views ---------------------------------------------------------------------------------------------

    def _view(self, state: MidnightersState, viewer: str | None) -> dict[str, Any]:
        return views.view(state, viewer)

    def _known(self, state: MidnightersState, viewer: str) -> dict[str, Any] | None:
        return sampling.known(state, viewer) if viewer in state.seats else None

    def sample_state(self, view: dict[str, Any], player: str, chooser: random.Random) -> MidnightersState:
        """A full state consistent with ``player``'s view: every card they cannot see dealt at random."""
        return sampling.sample(view[SAMPLING], player, chooser)

    def describe(self, state: MidnightersState, viewer: str | None) -> str:
        return describe_state(self.view(state, viewer))

    def board_text(self, state: MidnightersState, viewer: str | None, say: Say) -> str:
        """:meth:`describe` in the catalogues' words (the offline table, any language)."""
        return board_text(self.view(state, viewer), say)

    # -- invariants ----------------------------------------------------------------------------------------

    def check_invariants(self, state: MidnightersState) -> None:
        cards = piles.contents(state.deck) + state.stacked + piles.contents(state.discard) + list(state.out_of_game)
        cards += [c for hand in state.hands.values() for c in hand]
        cards += [c for t in state.traps for c in (t.suspense, t.card)]
        cards += [c for play in state.stack for c in play.cards]
        assert sorted(cards) == sorted(full_deck()), "cards were created or lost"
        assert set(state.cells) == set(LOCATIONS) and len(set(state.cells.values())) == len(LOCATIONS)
        assert all(0 <= c < 16 for c in state.cells.values())
        assert set(state.avatars) == set(state.active)
        assert all(loc in state.cells for loc in state.avatars.values())
        assert all(c in ALL_CARDS for c in cards)
        assert all(t.location not in CORRIDORS and t.owner in state.active for t in state.traps)
        assert not ("multi" in state.effects and "colourless" in state.effects)
        assert state.horror is None or "black" in state.hands[state.horror]
        for p, known in state.public_nightmares.items():  # what everyone knows of a hand is in it
            assert not Counter(known) - Counter(state.hands.get(p, [])), f"{p} no longer holds {known}"
        assert (state.outcome is None) == bool(state.prompts)
        if state.outcome is None:
            prompt = state.prompts[0]
            assert len(state.prompts) == 1
            assert set(prompt.players) <= set(state.active) and prompt.players
            assert (state.phase == "window") == (prompt.kind == "reaction") and (state.phase == "window") == bool(
                state.stack
            )
            assert (state.phase == "choice") == (state.choice is not None)
            assert state.current in state.active


def _why_closed(prompt: Prompt, action: Action, phase: str) -> dict[str, str]:
    """Why ``action`` closed ``prompt`` (kept in ``state.closed``; every value public: the table saw it happen)."""
    if action.player == CLOCK:
        return {"why": "timeout", "what": prompt.kind}
    if action.player == HOST:
        return {"why": "removed", "player": str(action.args.get("player", ""))}
    if phase == "over":
        return {"why": "over"}
    who = {"player": action.player}
    if action.kind == "spring":
        return {"why": "sprung", **who}
    if prompt.kind == "reaction":
        if action.kind in ("cancel", "intercept"):  # MN-29: the first answer accepted; a later one is refused
            return {"why": "answered", "play": action.kind, **who}
        return {"why": "passed"}
    if action.kind == "end":
        return {"why": "ended", **who}
    if prompt.key == "mn.turn":
        return {"why": "played", **who}
    return {"why": "chosen", **who}
