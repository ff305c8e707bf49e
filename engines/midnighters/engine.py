"""Midnighters (Полуночники): a surreal lucid-dream card game (``shared/rules/midnighters.md``, MN-1 .. MN-63).

The engine is also the Director (MN-2): it builds the board, deals, and performs the Director's transfers.

Flow (see :mod:`engines.midnighters.state`): a ``turn`` prompt asks the current player for an action; every
card played face up and every trap setting goes on the reaction ``stack`` and opens a ``window`` (MN-27) in
which the others may cancel or intercept it (MN-24 (a), MN-25 (a)), each answer opening its own window.
When a window closes unanswered the stack resolves last-in first-out (MN-29). Traps are sprung by their
owners at any time during a turn prompt or a window (MN-53). Effects that need choices or several steps go
through the ``agenda`` and ``choice`` prompts.

Time (MN-19; the engine has no clock, see :mod:`engines.core`): ``turn_seconds`` is one budget per turn that runs
only while the engine waits for the current player's own input (the ``turn`` phase), not during reaction windows
or choices. Its remainder lives in the state (``turn_left``), and every turn prompt's ``timeout`` is that remainder,
so the runtime's timer *is* the turn's clock: a turn prompt re-opened after a window carries only the time left,
and its timeout ends the turn. As in Midnight Hunt, the runtime reports the time an action took by adding
``elapsed`` (whole seconds since its prompt opened) to the action's args; an action applied in the ``turn`` phase
deducts it. :meth:`legal_actions` never carry ``elapsed``; it is optional, and ignored outside the ``turn`` phase.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core import (
    CLOCK,
    HOST,
    Action,
    Engine,
    Event,
    Option,
    Outcome,
    Prompt,
    new_prompt_id,
    require,
    rng,
    to,
)
from engines.midnighters import board, piles, rules
from engines.midnighters.data import (
    ALL_CARDS,
    CORRIDORS,
    HAND_SIZE,
    LOCATIONS,
    NIGHTMARES,
    PLAY_COSTS,
    SUSPENSE,
    TAKE_LIMIT,
    TRAP_COST,
    TRAP_DRAW,
    TRAP_PARTNERS,
    full_deck,
    suspense_location,
)
from engines.midnighters.rules import BRIDGE, TOWN_HALL, affected, decider
from engines.midnighters.state import MidnightersState, Play, Task, Trap
from engines.midnighters.text import describe_state

PREFIX = "mn"
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
ROTATE = {"cw": 1, "ccw": 3}
#: The optional argument the runtime adds to an action: whole seconds since its prompt opened (MN-19).
ELAPSED = "elapsed"


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
        state = MidnightersState(
            players=players,
            seed=seed,
            options=options,
            seats=[],
            active=[],
            cells={},
            turns={},
            avatars={},
            hands={},
            deck={},
        )
        # MN-1: random seating from the seeded RNG (MN-4).
        seats = list(overrides.get("seats") or players)
        require(sorted(seats) == sorted(players), "bad_override", "seats must list every player once")
        if "seats" not in overrides:
            rng(state).shuffle(seats)
        state.seats, state.active = seats, list(seats)
        self._build_board(state, options, overrides)
        # MN-3: seat k starts on Corridor k.
        state.avatars = {p: CORRIDORS[i] for i, p in enumerate(seats)}
        state.avatars.update(overrides.get("avatars") or {})
        self._deal(state, overrides)
        events.append(Event("mn.game_started", {"players": list(seats), "layout": options["layout"]}))
        for p in seats:
            events.append(Event("mn.your_hand", {"cards": list(state.hands[p])}, to(p)))
        state.agenda.append(Task("next_turn"))
        self._advance(state, events)
        return state

    def _build_board(self, state: MidnightersState, options: dict[str, Any], overrides: dict[str, Any]) -> None:
        """MN-7 / MN-8: the Director lays out the 12 location cards."""
        if "board" in overrides:  # scenario play: {location: [cell name, quarter turns]}
            layout = overrides["board"]
            require(set(layout) == set(LOCATIONS), "bad_override", "the board must place all 12 location cards")
            state.cells = {loc: board.parse_cell(layout[loc][0]) for loc in LOCATIONS}
            state.turns = {loc: int(layout[loc][1]) % 4 for loc in LOCATIONS}
            require(len(set(state.cells.values())) == len(LOCATIONS), "bad_override", "two cards on one cell")
        elif options["layout"] == "classic":
            state.cells, state.turns = board.classic_layout()
        else:
            key = f"{state.seed}/{rng(state).getrandbits(64)}"
            placed, _rejected = board.random_layout(key)
            state.cells = {loc: cell for loc, cell, _ in placed}
            state.turns = {loc: turns for loc, _, turns in placed}

    def _deal(self, state: MidnightersState, overrides: dict[str, Any]) -> None:
        """MN-10 / MN-11: shuffle the 102 cards and deal 5 each, keeping nightmares out of the opening hands."""
        deck = piles.of(full_deck())
        if "hands" in overrides:  # scenario play: chosen hands (and discard, and cards stacked on the deck)
            state.hands = {p: list(overrides["hands"].get(p, [])) for p in state.seats}
            state.stacked = list(overrides.get("stacked", []))
            state.discard = piles.of(overrides.get("discard", []))
            for card in [c for h in state.hands.values() for c in h] + state.stacked + piles.contents(state.discard):
                require(deck.get(card, 0) > 0, "bad_override", f"too many {card} cards", card=card)
                piles.remove(deck, card)
        else:
            # MN-11: a nightmare dealt goes back and is replaced by the next card, so hands are dealt from the
            # Director cards alone; the nightmares stay in the (face-down, shuffled) deck.
            chooser = rng(state)
            dealable = {c: n for c, n in deck.items() if c not in NIGHTMARES}
            state.hands = {p: [] for p in state.seats}
            for p in state.seats:
                for _ in range(HAND_SIZE):
                    card = piles.draw(dealable, chooser)
                    piles.remove(deck, card)
                    state.hands[p].append(card)
        state.deck = deck

    # -- legal actions -------------------------------------------------------------------------------------

    def _legal_actions(self, state: MidnightersState, player: str) -> list[Action]:
        prompt = state.prompts[0]
        if player == HOST:
            return [Action(HOST, prompt.id, "remove", {"player": p}) for p in state.active]
        if player not in state.active:
            return []
        actions: list[Action] = []
        if state.phase == "turn" and player == prompt.players[0]:
            actions += self._turn_actions(state, prompt.id, player)
        elif state.phase == "window" and player in prompt.players:
            actions += self._window_actions(state, prompt.id, player)
        elif state.phase == "choice" and player == prompt.players[0]:
            actions += self._choice_actions(state, prompt.id, player)
        if state.phase in ("turn", "window"):  # MN-53: springs on anyone's turn, from anywhere
            actions += [
                Action(player, prompt.id, "spring", args)
                for trap in rules.own_traps(state, player)
                for args in rules.spring_options(state, player, trap)
            ]
        return actions

    def _turn_actions(self, state: MidnightersState, pid: str, chooser: str) -> list[Action]:
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
                    for d in self._free_directions(state, loc):
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

    @staticmethod
    def _free_directions(state: MidnightersState, location: str) -> list[str]:
        """MN-21 (a): directions in which ``location``'s card can slide into an empty neighbouring cell."""
        taken = set(state.cells.values())
        out = []
        for d in board.DIRECTIONS:
            cell = board.step(state.cells[location], d)
            if cell is not None and cell not in taken:
                out.append(d)
        return out

    def _window_actions(self, state: MidnightersState, pid: str, player: str) -> list[Action]:
        hand = state.hands[player]
        actions = [Action(player, pid, "pass")]
        if "dutch" in hand:
            actions.append(Action(player, pid, "cancel"))
        if "catcher" in hand:
            actions.append(Action(player, pid, "intercept"))
        actions += [Action(player, pid, "mark", {"trap": t.id}) for t in rules.markable(state, player)]
        return actions

    def _choice_actions(self, state: MidnightersState, pid: str, chooser: str) -> list[Action]:
        task = state.choice
        assert task is not None
        act = lambda kind, **args: Action(chooser, pid, kind, args)
        kind, who = task.kind, task.player
        if kind == "forest":
            return [act("goto", location=loc) for loc in LOCATIONS if loc != state.avatars[who]]
        if kind == "square":
            return [act("done")] + [act("take", card=c) for c in sorted(state.discard)]
        if kind == "motel_target":
            return [act("done")] + [act("target", player=p) for p in self._motel_targets(state, who)]
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

    def _motel_targets(self, state: MidnightersState, activator: str) -> list[str]:
        """MN-33: any other player anywhere, except the Horror."""
        return [p for p in state.active if p not in (activator, state.horror)]

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

    def _apply(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
        if ELAPSED in action.args:
            elapsed = action.args[ELAPSED]
            require(
                isinstance(elapsed, int) and not isinstance(elapsed, bool) and elapsed >= 0,
                "bad_elapsed",
                "elapsed must be whole seconds, 0 or more",
            )
            args = {k: v for k, v in action.args.items() if k != ELAPSED}
            action = Action(action.player, action.prompt, action.kind, args)
            if state.phase == "turn":  # MN-19: the turn's clock runs only while the turn prompt waits
                state.turn_left = max(0, self._turn_left(state) - elapsed)
        if action.player == CLOCK:
            self._on_timeout(state, events)
        elif action.player == HOST:
            require(action.kind == "remove", "bad_action", f"the host cannot {action.kind}")
            self._remove(state, action.args.get("player"), events)
        else:
            require(action.player in state.active, "not_a_player", "you are not playing in this game")
            if action.kind == "spring":
                self._on_spring(state, action, events)
            elif state.phase == "turn":
                self._on_turn(state, action, events)
            elif state.phase == "window":
                self._on_window(state, action, events)
            else:
                self._on_choice(state, action, events)

    def _on_timeout(self, state: MidnightersState, events: list[Event]) -> None:
        if state.phase == "turn":  # MN-19: the turn ends as if ended
            self._end_turn(state, events)
        elif state.phase == "window":  # MN-28
            self._close_window(state, events)
        else:  # MN-62: the listed default, else the choice that changes least
            self._choice_default(state, events)

    # -- the turn ------------------------------------------------------------------------------------------

    def _on_turn(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
        require(action.player == state.prompts[0].players[0], "not_your_turn", "it is not your turn")
        kind, cur, args = action.kind, state.current, action.args
        if kind == "end":
            self._end_turn(state, events)
            return
        if kind == "set_trap":
            self._declare_trap(state, action, events)
            return
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
                require(direction in self._free_directions(state, loc), "blocked", "that cell is not empty")
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
        events.append(Event("mn.played", {"player": cur, "card": card, "play": kind, **self._play_params(play)}))
        self._open_window(state, events)

    @staticmethod
    def _play_params(play: Play) -> dict[str, Any]:
        # every key always present ("none" when unused) so messages can select on it
        return {
            "target": play.target or "none",
            "direction": play.direction or "none",
            "location": play.location or "none",
        }

    def _declare_trap(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
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
        knowers = self._trap_knowers(state, cur)
        events.append(Event("mn.trap_set_secret", {"location": suspense_location(s), "card": card}, to(*knowers)))
        self._open_window(state, events)

    def _trap_knowers(self, state: MidnightersState, owner: str) -> list[str]:
        """MN-P7: the owner, and the controller of the turn that set it (MN-58)."""
        knowers = [owner]
        if owner == state.current and state.controller and state.controller != owner:
            knowers.append(state.controller)
        return knowers

    def _end_turn(self, state: MidnightersState, events: list[Event]) -> None:
        """MN-15 (3): draw up to 5, then the next seat plays."""
        cur = state.current
        state.controller = None  # MN-58: the controlled turn's actions are over
        events.append(Event("mn.turn_ended", {"player": cur}))
        state.agenda += [Task("draw", cur, flag=True), Task("next_turn")]
        self._advance(state, events)

    def _task_next_turn(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        """MN-15 / MN-16 / MN-48 / MN-60: start the next seat's turn, or skip it under sleep paralysis."""
        order = state.active
        if state.current in order:
            nxt = order[(order.index(state.current) + 1) % len(order)]
        else:  # the first turn, or the current player left: the next seat still in the game
            seat = state.seats.index(state.current) if state.current else -1
            ring = state.seats[seat + 1 :] + state.seats[: seat + 1]
            nxt = next(p for p in ring if p in order)
        state.turn += 1
        if state.turn > state.options["max_turns"]:
            self._finish(state, events, Outcome((), "nobody_woke", params={"cause": "max_turns"}))
            return
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

    # -- reaction windows (MN-27 .. MN-30) -----------------------------------------------------------------

    def _eligible(self, state: MidnightersState) -> list[str]:
        """MN-27: everyone but the player of the top card; a claimed turn's owner makes no choices (MN-58)."""
        top = state.stack[-1]
        return [
            p for p in state.active if p != top.player and not (state.controller is not None and p == state.current)
        ]

    def _open_window(self, state: MidnightersState, events: list[Event]) -> None:
        """MN-28 / MN-P8: a window opens after every play, whatever the hands hold; the bot passes for no one."""
        eligible = tuple(self._eligible(state))
        if not eligible:  # a lone player left in the game: nobody exists who could answer
            self._close_window(state, events)
            return
        state.phase = "window"
        state.passed = []
        top = state.stack[-1]
        card = "trap" if top.kind == "set_trap" else top.cards[0]
        params = {"player": top.player, "card": card, "depth": len(state.stack)}
        pid = new_prompt_id(state, "window")
        state.prompts = [Prompt(pid, "reaction", eligible, state.options["reaction_seconds"], "mn.window", params)]

    def _refresh_window(self, state: MidnightersState) -> bool:
        """Drop passed players from the open window; ``False`` when nobody is left to answer."""
        waiting = tuple(p for p in self._eligible(state) if p not in state.passed)
        old = state.prompts[0]
        if not waiting:
            return False
        state.prompts = [Prompt(old.id, old.kind, waiting, old.timeout, old.key, old.params)]
        return True

    def _on_window(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
        player, kind = action.player, action.kind
        if kind == "mark":
            self._mark(state, action, events)
            return
        require(player in self._eligible(state), "not_eligible", "you cannot answer your own card")
        require(player not in state.passed, "already_passed", "you have passed in this window")
        if kind == "pass":
            state.passed.append(player)
            if not self._refresh_window(state):
                self._close_window(state, events)
            return
        require(kind in ("cancel", "intercept"), "bad_action", f"{kind} is not an answer")
        card = PLAY_CARD[kind]
        require(card in state.hands[player], "no_card", "you hold no such card", card=card)
        state.hands[player].remove(card)
        target = state.stack[-1]
        state.stack.append(Play(player, kind, [card], target=target.player))  # MN-29: on top, its own window
        shown = "trap" if target.kind == "set_trap" else target.cards[0]
        events.append(Event("mn.reacted", {"player": player, "play": kind, "target": target.player, "card": shown}))
        self._open_window(state, events)

    def _mark(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
        """MN-56 (a): secretly mark a Midnight Star trap against the Midnight Star on the stack."""
        trap = rules.find_trap(state, action.args.get("trap"))
        require(
            trap is not None and trap in rules.markable(state, action.player), "bad_trap", "you cannot mark that trap"
        )
        assert trap is not None
        state.marks.append(trap.id)
        events.append(Event("mn.mark_set", {"location": trap.location}, to(action.player)))

    def _close_window(self, state: MidnightersState, events: list[Event]) -> None:
        state.agenda.insert(0, Task("resolve"))
        state.prompts = []
        self._advance(state, events)

    def _task_resolve(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        """MN-29: resolve the top of the stack; a cancel or intercept consumes the entry it answers."""
        top = state.stack.pop()
        follow: list[Task] = []
        if top.kind in ("cancel", "intercept"):
            target = state.stack.pop()
            piles.add(state.discard, top.cards)
            self._penalise(state, top.player)  # the answer's own "-1 next turn" (MN-24 (a), MN-25 (a))
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
                self._lapse_marks(state, events)
        else:
            follow = self._resolve_play(state, top, events)
        if state.stack and state.outcome is None:
            follow.append(Task("resolve"))
        state.agenda[0:0] = follow

    def _penalise(self, state: MidnightersState, player: str, count: int = 1) -> None:
        if player in state.active:
            state.penalties[player] = state.penalties.get(player, 0) + count

    def _lapse_marks(self, state: MidnightersState, events: list[Event]) -> None:
        """MN-56 (a): when the Midnight Star is cancelled or intercepted every mark lapses, privately."""
        for trap_id in state.marks:
            trap = rules.find_trap(state, trap_id)
            if trap is not None:
                events.append(Event("mn.mark_lapsed", {"location": trap.location}, to(trap.owner)))
        state.marks = []

    # -- resolving a play (MN-18: impossible effects fizzle) ------------------------------------------------

    def _resolve_play(self, state: MidnightersState, play: Play, events: list[Event]) -> list[Task]:
        cur = play.player
        if play.kind == "set_trap":
            trap = Trap(
                state.next_trap, cur, play.location, play.cards[1], play.cards[0], self._trap_knowers(state, cur)
            )
            state.next_trap += 1
            state.traps.append(trap)
            events.append(Event("mn.trap_ready", {"player": cur, "traps": len(rules.own_traps(state, cur))}))
            return [Task("draw", cur, count=TRAP_DRAW)]  # MN-51
        piles.add(state.discard, play.cards)
        if cur not in state.active:
            return self._fizzle(state, play, events)
        here = state.avatars[cur]
        if play.kind == "sleepwalk":
            dest = board.sleepwalk_target(state.cells, state.turns, here, play.direction)
            if dest is None:
                return self._fizzle(state, play, events)
            state.avatars[cur] = dest
            events.append(Event("mn.moved", {"player": cur, "location": dest}))
        elif play.kind in ("vertigo_move", "vertigo_rotate"):
            loc = play.location
            if loc != here and loc not in board.neighbours(state.cells, here):
                return self._fizzle(state, play, events)
            if play.kind == "vertigo_move":
                if play.direction not in self._free_directions(state, loc):
                    return self._fizzle(state, play, events)
                cell = board.step(state.cells[loc], play.direction)
                assert cell is not None
                self._place(state, loc, cell, events)
            else:
                self._rotate(state, loc, ROTATE[play.direction], events)
        elif play.kind == "star":
            return self._resolve_star(state, play, events)
        elif play.kind == "dutch_cut":  # MN-24 (b)
            if play.target not in state.active:
                return self._fizzle(state, play, events)
            self._penalise(state, play.target)
            self._penalise(state, cur)
            events.append(Event("mn.actions_cut", {"player": cur, "target": play.target}))
        elif play.kind == "dutch_extra":  # MN-24 (c)
            state.extra += 1
            self._penalise(state, cur)
            events.append(Event("mn.extra_action", {"player": cur, "actions": rules.actions_left(state)}))
        elif play.kind == "catcher_steal":  # MN-25 (b)
            pool = rules.takeable(state, play.target) if play.target in state.active else []
            if not pool:
                return self._fizzle(state, play, events)
            card = rng(state).choice(pool)
            state.hands[play.target].remove(card)
            state.hands[cur].append(card)
            events.append(Event("mn.card_stolen", {"player": cur, "target": play.target}))
            events.append(
                Event(
                    "mn.card_taken_secret", {"player": cur, "target": play.target, "card": card}, to(cur, play.target)
                )
            )
            return [Task("excess", cur)]
        return []

    def _fizzle(self, state: MidnightersState, play: Play, events: list[Event]) -> list[Task]:
        events.append(Event("mn.fizzled", {"player": play.player, "card": play.cards[0]}))
        return []

    def _place(self, state: MidnightersState, location: str, cell: int, events: list[Event]) -> None:
        state.cells[location] = cell
        events.append(Event("mn.location_moved", {"location": location, "cell": board.cell_name(cell)}))

    def _rotate(self, state: MidnightersState, location: str, quarter_turns: int, events: list[Event]) -> None:
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

    def _resolve_star(self, state: MidnightersState, play: Play, events: list[Event]) -> list[Task]:
        """MN-22 / MN-56 (a): activate the declared location; the earliest valid mark takes the activation.

        MN-18: the Star resolves at the location it was declared on. If the player no longer stands there (a trap
        moved them in the window), it fizzles, its cost paid, and every mark lapses with the traps still hidden.
        """
        cur = play.player
        here = play.location
        if state.avatars[cur] != here:
            self._lapse_marks(state, events)
            return self._fizzle(state, play, events)
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
            self._reveal_trap(state, winner, events, {"target": cur})
            return [Task("activate", winner.owner, other=here)]
        if rules.activation_refusal(state, cur, here) is not None:
            return self._fizzle(state, play, events)
        return [Task("activate", cur, other=here)]

    # -- the agenda ----------------------------------------------------------------------------------------

    def _advance(self, state: MidnightersState, events: list[Event]) -> None:
        """Run queued tasks until one waits for a choice or the agenda is empty; then ask the current player."""
        while state.outcome is None:
            if state.choice is not None:
                return
            if not state.agenda:
                self._open_turn(state)
                return
            task = state.agenda.pop(0)
            getattr(self, f"_task_{task.kind}")(state, task, events)

    def _open_turn(self, state: MidnightersState) -> None:
        """Ask the current player (or their controller) for an action; MN-19: with only the turn's time left."""
        state.phase = "turn"
        params = {"player": state.current, "actions": rules.actions_left(state)}
        pid = new_prompt_id(state, "turn")
        timeout = max(1, self._turn_left(state))
        state.prompts = [Prompt(pid, "turn", (decider(state, state.current),), timeout, "mn.turn", params)]

    @staticmethod
    def _turn_left(state: MidnightersState) -> int:
        """MN-19: seconds of the current turn's ``turn_seconds`` not yet spent waiting for its player."""
        return state.options["turn_seconds"] if state.turn_left is None else state.turn_left

    def _ask(self, state: MidnightersState, task: Task) -> None:
        """Open a choice prompt for ``task`` (MN-62: ``choice_seconds``)."""
        state.choice = task
        state.phase = "choice"
        pid = new_prompt_id(state, task.kind)
        chooser = decider(state, task.player)
        params = {"player": task.player, "taken": task.count}
        state.prompts = [
            Prompt(pid, "turn", (chooser,), state.options["choice_seconds"], f"mn.choose_{task.kind}", params)
        ]

    def _task_draw(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        """MN-12 / MN-37: draw one card at a time (to 5, or ``count``); a nightmare fires before the next card."""
        p = task.player
        if p not in state.active or (len(state.hands[p]) >= HAND_SIZE if task.flag else task.count <= 0):
            return
        if not state.deck and not state.stacked:
            if not state.discard:  # MN-60: nothing left to draw
                self._finish(state, events, Outcome((), "nobody_woke", params={"cause": "no_cards"}))
                return
            state.deck, state.discard = state.discard, {}  # MN-12: the discard, shuffled, is the new deck
            events.append(Event("mn.reshuffled", {"count": piles.size(state.deck)}))
        card = state.stacked.pop(0) if state.stacked else piles.draw(state.deck, rng(state))
        state.hands[p].append(card)
        state.agenda.insert(0, Task("draw", p, count=task.count - 1, flag=task.flag))
        if card in NIGHTMARES:
            self._nightmare(state, p, card, events)
        else:
            events.append(Event("mn.card_drawn", {"card": card}, to(p)))
            events.append(Event("mn.drew", {"player": p, "hand": len(state.hands[p])}))

    # -- nightmares (MN-37 .. MN-49) -----------------------------------------------------------------------

    def _nightmare(self, state: MidnightersState, drawer: str, colour: str, events: list[Event]) -> None:
        if state.avatars[drawer] == TOWN_HALL:  # MN-38: drawn in the Town Hall, it does not fire at all
            events.append(
                Event("mn.nightmare_drawn", {"player": drawer, "colour": colour, "fired": False, "immune": []})
            )
            return
        immune = [p for p in state.active if state.avatars.get(p) == TOWN_HALL]
        events.append(
            Event("mn.nightmare_drawn", {"player": drawer, "colour": colour, "fired": True, "immune": immune})
        )
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
                self._send_to_corridors(state, {p: self._start_corridor(state, p) for p in hit}, events)
        elif colour == "purple":  # MN-43
            self._purple(state, hit, events)
        elif colour == "black":  # MN-44 / MN-47
            state.horror = drawer
            state.claims.pop(drawer, None)
            events.append(Event("mn.horror", {"player": drawer}))

    def _start_corridor(self, state: MidnightersState, player: str) -> str:
        return CORRIDORS[state.seats.index(player)]

    def _send_to_corridors(self, state: MidnightersState, moves: dict[str, str], events: list[Event]) -> None:
        for p, corridor in moves.items():
            if p in state.active:
                state.avatars[p] = corridor
        events.append(Event("mn.sent_to_corridors", {"corridors": moves}))

    def _purple(self, state: MidnightersState, ring: list[str], events: list[Event]) -> None:
        """MN-43: hands and prepared traps pass to the previous affected player in seat order."""
        ring = [p for p in state.seats if p in ring]
        if len(ring) >= 2:
            hands = {p: state.hands[p] for p in ring}
            receiver = {p: ring[i - 1] for i, p in enumerate(ring)}
            for p in ring:
                state.hands[receiver[p]] = hands[p]
            for trap in state.traps:
                if trap.owner in receiver:
                    trap.owner = receiver[trap.owner]
                    if trap.owner not in trap.known_to:
                        trap.known_to.append(trap.owner)
            for p in ring:
                events.append(Event("mn.your_hand", {"cards": list(state.hands[p])}, to(p)))
        events.append(Event("mn.hands_passed", {"players": ring}))

    # -- activations (MN-31 .. MN-36) ----------------------------------------------------------------------

    def _task_activate(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        who, loc = task.player, task.other
        events.append(Event("mn.activated", {"player": who, "location": loc}))
        if loc == "forest":
            self._ask(state, Task("forest", who))
        elif loc == "square":
            events.append(
                Event("mn.discard_pile", {"cards": piles.contents(state.discard)}, to(decider(state, who)))
            )  # MN-P3
            if state.discard:
                self._ask(state, Task("square", who))
            else:
                events.append(Event("mn.took", {"player": who, "location": "square", "count": 0, "target": "none"}))
        elif loc == "motel":
            if self._motel_targets(state, who):
                self._ask(state, Task("motel_target", who))
        elif loc == "restaurant":
            self._ask(state, Task("restaurant", who))
        elif loc == TOWN_HALL:
            self._town_hall(state, who, events)
        elif loc == BRIDGE:  # MN-36 / MN-59 (a)
            self._finish(state, events, Outcome((who,), "woke", params={"player": who}))

    def _town_hall(self, state: MidnightersState, who: str, events: list[Event]) -> None:
        """MN-35: neutralise every active nightmare (Black excepted); the Horror's activation wins (MN-59 (b))."""
        if who == state.horror:
            self._finish(state, events, Outcome((who,), "dead_sleep", params={"player": who}))
            return
        colours = sorted(state.effects)
        state.effects = {}
        own = [c for c in state.hands[who] if c in NIGHTMARES]
        for card in own:
            state.hands[who].remove(card)
        piles.add(state.discard, own)
        events.append(Event("mn.neutralised", {"player": who, "colours": colours, "count": len(own)}))

    # -- choices -------------------------------------------------------------------------------------------

    def _task_excess(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        """MN-13: over 5 after taking cards: discard the excess at once, one chosen card at a time."""
        p = task.player
        if p in state.active and len(state.hands[p]) > HAND_SIZE and rules.discardable(state, p, task.flag):
            self._ask(state, task)

    def _task_motel_take(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        """MN-33: the activator, having seen the target's hand, takes up to 3 of its cards."""
        if task.player in state.active and task.other in state.active:
            self._ask(state, task)

    def _task_assign(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        """MN-46: the Horror sends each affected player to a different corridor."""
        task.names = [p for p in task.names if p in state.active]
        if task.names and task.player in state.active:
            self._ask(state, task)
        elif task.names:
            self._send_to_corridors(state, {p: self._start_corridor(state, p) for p in task.names}, events)

    def _on_choice(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
        prompt = state.prompts[0]
        require(action.player == prompt.players[0], "not_your_choice", "someone else is choosing")
        legal = self._choice_actions(state, prompt.id, action.player)
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
                self._finish_taking(state, task, events)
        elif task.kind == "motel_target":
            if kind == "target":
                target = args["player"]
                events.append(
                    Event("mn.hand_shown", {"player": target, "cards": list(state.hands[target])}, to(action.player))
                )
                state.agenda.insert(0, Task("motel_take", who, other=target))
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
                self._announce_excess(state, task, events)
        elif task.kind == "restaurant":  # MN-34
            if kind == "shuffle":
                self._restaurant_shuffle(state, who, events)
            elif kind == "blind_discard":
                self._blind_discard(state, who, args["player"], args["count"], events)
            else:
                events.append(Event("mn.nothing_done", {"player": who}))
        elif task.kind == "assign":
            task.picks[args["player"]] = args["corridor"]
            done = len(task.picks) == len(task.names)
            if done:
                self._send_to_corridors(state, dict(task.picks), events)
        if done:
            state.choice = None
            self._advance(state, events)
        else:
            self._ask(state, task)

    def _finish_taking(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        """After Square or Motel takes: announce the count, then discard (or give back) down to 5."""
        where = "square" if task.kind == "square" else "motel"
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

    def _announce_excess(self, state: MidnightersState, task: Task, events: list[Event]) -> None:
        params: dict[str, Any] = {
            "player": task.player,
            "count": len(task.names),
            "given": task.count,
            "target": task.other or "none",
        }
        if task.other:
            events.append(Event("mn.your_hand", {"cards": list(state.hands[task.other])}, to(task.other)))
        events.append(Event("mn.excess_discarded", params))

    def _choice_default(self, state: MidnightersState, events: list[Event]) -> None:
        """MN-62: take nothing, move nobody; a forced discard is picked at random; Colourless: starting corridors."""
        task = state.choice
        assert task is not None
        who = task.player
        if task.kind in ("square", "motel_take"):
            self._finish_taking(state, task, events)
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
            self._announce_excess(state, task, events)
        elif task.kind == "assign":
            self._send_to_corridors(state, {p: self._start_corridor(state, p) for p in task.names}, events)
        else:
            events.append(Event("mn.nothing_done", {"player": who}))
        state.choice = None
        self._advance(state, events)

    def _restaurant_shuffle(self, state: MidnightersState, who: str, events: list[Event]) -> None:
        """MN-34 (a): whole hands of everyone on or next to the Bridge, the Horror excepted, shuffled blind."""
        players = [p for p in rules.near_bridge(state) if p != state.horror]
        pool = [c for p in players for c in state.hands[p]]
        rng(state).shuffle(pool)
        for p in players:
            n = len(state.hands[p])
            state.hands[p], pool = pool[:n], pool[n:]
            events.append(Event("mn.your_hand", {"cards": list(state.hands[p])}, to(p)))
        events.append(Event("mn.hands_shuffled", {"player": who, "players": players}))

    def _blind_discard(self, state: MidnightersState, who: str, target: str, count: int, events: list[Event]) -> None:
        """MN-34 (b): 1-3 random cards of one player on or next to the Bridge go face down to the discard."""
        pool = rules.takeable(state, target)
        picked = rng(state).sample(pool, min(count, len(pool)))
        for card in picked:
            state.hands[target].remove(card)
        piles.add(state.discard, picked)
        events.append(Event("mn.blind_discard", {"player": who, "target": target, "count": len(picked)}))
        events.append(Event("mn.your_hand", {"cards": list(state.hands[target])}, to(target)))

    # -- traps (MN-50 .. MN-58) ----------------------------------------------------------------------------

    def _on_spring(self, state: MidnightersState, action: Action, events: list[Event]) -> None:
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
        self._reveal_trap(state, trap, events, shown)
        if trap.card == "vertigo":
            self._place(state, loc, board.parse_cell(args["cell"]), events)
            self._rotate(state, loc, args["turns"], events)
        elif trap.card == "catcher":
            victim = args["target"]
            state.claims[victim] = player
            events.append(Event("mn.hand_shown", {"player": victim, "cards": list(state.hands[victim])}, to(player)))
        elif trap.card == "star":  # MN-56 (b): the Town Hall, remotely
            events.append(Event("mn.activated", {"player": player, "location": TOWN_HALL}))
            self._town_hall(state, player, events)

    def _reveal_trap(self, state: MidnightersState, trap: Trap, events: list[Event], shown: dict[str, Any]) -> None:
        """MN-53: a sprung trap is revealed publicly and both its cards go to the discard."""
        state.traps.remove(trap)
        piles.add(state.discard, [trap.suspense, trap.card])
        events.append(
            Event("mn.trap_sprung", {"player": trap.owner, "location": trap.location, "card": trap.card, **shown})
        )

    # -- leaving and the end -------------------------------------------------------------------------------

    def _remove(self, state: MidnightersState, player: Any, events: list[Event]) -> None:
        """MN-63: a removed player's avatar leaves, their cards and traps go face down to the discard."""
        require(player in state.active, "bad_target", "that player is not in the game")
        state.active.remove(player)
        state.avatars.pop(player, None)
        cards = state.hands[player]
        if player == state.horror:
            cards.remove("black")
            state.out_of_game.append("black")
            state.horror = None
        piles.add(state.discard, cards)
        state.hands[player] = []
        for trap in [t for t in state.traps if t.owner == player]:
            state.traps.remove(trap)
            piles.add(state.discard, [trap.suspense, trap.card])
        state.claims = {v: o for v, o in state.claims.items() if player not in (v, o)}
        state.marks = [m for m in state.marks if rules.find_trap(state, m) is not None]
        events.append(Event("mn.player_removed", {"player": player}))
        if not [p for p in state.active if p != state.horror]:
            self._finish(state, events, Outcome((), "abandoned"))
            return
        if player == state.current:
            for play in state.stack:
                piles.add(state.discard, play.cards)
            state.stack, state.marks, state.agenda, state.choice, state.controller = [], [], [], None, None
            state.agenda.append(Task("next_turn"))
            self._advance(state, events)
            return
        if state.controller == player:
            state.controller = None
        state.agenda = [t for t in state.agenda if t.player != player]
        for task in state.agenda:
            if task.other == player:
                task.other = ""
        if state.phase == "window":
            if not self._refresh_window(state):
                self._close_window(state, events)
        elif state.phase == "turn":
            self._open_turn(state)
        else:
            task = state.choice
            assert task is not None
            if task.player == player or (task.kind == "motel_take" and task.other == player):
                state.choice = None
                if task.kind == "assign":  # MN-46: without the Horror, the Director's starting corridors
                    self._send_to_corridors(state, {p: self._start_corridor(state, p) for p in task.names}, events)
                self._advance(state, events)
            else:
                if task.other == player:
                    task.other = ""
                if task.kind == "assign":
                    task.names = [p for p in task.names if p != player]
                    task.picks.pop(player, None)
                    if len(task.picks) == len(task.names):
                        self._send_to_corridors(state, dict(task.picks), events)
                        state.choice = None
                        self._advance(state, events)
                        return
                self._ask(state, task)

    def _finish(self, state: MidnightersState, events: list[Event], outcome: Outcome) -> None:
        """MN-59 / MN-60: the game ends at once; MN-61: everything is revealed."""
        state.outcome = outcome
        state.phase = "over"
        state.prompts = []
        state.agenda = []
        state.choice = None
        events.append(
            Event("mn.game_over", {"outcome": outcome.reason, "winners": list(outcome.winners), **self._reveal(state)})
        )

    @staticmethod
    def _reveal(state: MidnightersState) -> dict[str, Any]:
        return {
            "hands": {p: list(state.hands[p]) for p in state.seats},
            "traps": [{"player": t.owner, "location": t.location, "card": t.card} for t in state.traps],
            "discard": piles.contents(state.discard),
            "seed": state.seed,
        }

    # -- views ---------------------------------------------------------------------------------------------

    def _view(self, state: MidnightersState, viewer: str | None) -> dict[str, Any]:
        """MN-64: the public table; the viewer's own hand and traps; MN-61: everything once the game is over."""
        prompt = state.prompts[0] if state.prompts else None
        view: dict[str, Any] = {
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
            "stack": [self._public_play(play) for play in state.stack],
            "waiting": list(prompt.players) if prompt else [],
            "outcome": None
            if state.outcome is None
            else {"reason": state.outcome.reason, "winners": list(state.outcome.winners)},
        }
        if state.outcome is not None:
            view.update(self._reveal(state))
        if viewer is None or viewer not in state.seats:
            return view
        view["you"] = viewer
        view["hand"] = list(state.hands[viewer])
        view["my_traps"] = [
            {"id": t.id, "owner": t.owner, "location": t.location, "card": t.card}
            for t in state.traps
            if viewer in t.known_to
        ]
        view["my_marks"] = [m for m in state.marks if (t := rules.find_trap(state, m)) and t.owner == viewer]
        victims = [v for v, o in state.claims.items() if o == viewer]  # MN-P5
        if state.controller == viewer:
            victims.append(state.current)
        view["controlled_hands"] = {v: list(state.hands[v]) for v in victims}
        task = state.choice
        if task is not None and prompt is not None and prompt.players[0] == viewer:
            if task.kind == "square":  # MN-P3
                view["discard_pile"] = piles.contents(state.discard)
            if task.kind == "motel_take":  # MN-P4
                view["target_hand"] = list(state.hands[task.other])
        return view

    @staticmethod
    def _public_play(play: Play) -> dict[str, Any]:
        entry: dict[str, Any] = {"player": play.player, "play": play.kind}
        if play.kind != "set_trap":  # MN-30: a trap setting is face down
            entry["card"] = play.cards[0]
            entry.update(Midnighters._play_params(play))
        return entry

    def describe(self, state: MidnightersState, viewer: str | None) -> str:
        return describe_state(self.view(state, viewer))

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
