"""Ghost at Home: a race to escape a haunted house (``shared/rules/ghost_at_home.md``, rules GH-1 .. GH-35).

The game is a loop over three prompts, one open at a time:

* ``turn`` (the current player picks their one action, GH-7; :mod:`engines.ghost_at_home.moves`);
* ``cat_window`` (a reaction: the defender of a ghost may answer with a cat, GH-13 / GH-17);
* ``escape_window`` (a reaction: an opponent may send a ghost at a complete house, GH-30).

Every ghost, whatever sent it, goes through :meth:`GhostAtHome._send_ghost` (GH-13); when it has been resolved
the game goes on from :meth:`GhostAtHome._after_ghost`: back to the escape if one is running, else the end of the
turn (GH-9). Reaction windows are opened whatever the hand holds, so their presence leaks nothing (GH-P4).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engines.core import (
    CLOCK,
    HOST,
    PUBLIC,
    Action,
    Engine,
    Event,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    new_prompt_id,
    require,
    rng,
    to,
)
from engines.ghost_at_home import sampling
from engines.ghost_at_home.cards import (
    CARD_IDS,
    CAT,
    GHOST,
    HAND_SIZE,
    full_deck,
    remove_cards,
    sort_cards,
)
from engines.ghost_at_home.house import EMPTY, FLOORS, House, slot_args, slot_name
from engines.ghost_at_home.moves import TURN_MOVES, CatMove, Light, Placement, SpaceHole, Target, legal_turn_args
from engines.ghost_at_home.render import describe_table
from engines.ghost_at_home.state import Attack, AttackSource, Escape, GhostState, Phase
from engines.serial import from_plain

#: The prompt key of each phase (what the bot asks), also the prefix of its prompt ids.
PROMPT_KEYS: dict[str, str] = {
    "turn": "gh.prompt_turn",
    "cat_window": "gh.prompt_cat",
    "escape_window": "gh.prompt_ghost",
}


#: How often automatic players build when they can (else they pick an action kind at random). Exploring keeps
#: random games short, which keeps a thousand checked playouts fast, and leaves every other kind common enough.
ROOM_BIAS = 0.7


class GhostAtHome(Engine):
    name = "ghost_at_home"
    prefix = "gh"
    state_class = GhostState
    min_players = 2  # GH-3
    max_players = 4
    recommended_players = 3
    options = (
        Option("turn_seconds", 120, "int", 15, 1800),  # GH-34
        Option("reaction_seconds", 20, "int", 5, 300),  # GH-17 / GH-30
    )

    # -- setup ---------------------------------------------------------------------------------------------

    def _setup(self, players, options, seed, overrides, events) -> GhostState:
        """GH-4: shuffle the deck, deal 3 cards to each player in seat order, give each an empty dark house.

        ``overrides`` (scenario tests) may fix ``hands`` ({player: cards}), ``houses`` ({player: plain House}),
        ``discard`` (cards), ``deck`` (cards, top first; otherwise the cards left over are shuffled) and
        ``first`` (whose turn comes first; GH-3 makes it seat 1).
        """
        known = set(overrides) - {"hands", "houses", "discard", "deck", "first"}
        require(not known, "bad_override", f"unknown overrides: {sorted(known)}")
        houses = {p: House.empty() for p in players}
        for player, plain in overrides.get("houses", {}).items():
            require(player in houses, "bad_override", f"no player {player!r}")
            houses[player] = plain if isinstance(plain, House) else from_plain(House, plain)
        fixed_hands = {p: list(cards) for p, cards in overrides.get("hands", {}).items()}
        discard = list(overrides.get("discard", []))
        state = GhostState(
            players=players,
            seed=seed,
            options=options,
            seats=list(players),
            hands={p: [] for p in players},
            houses=houses,
            deck=[],
            discard=discard,
            current=overrides.get("first", players[0]),
        )
        require(state.current in players, "bad_override", "the first player must be seated")
        if "deck" in overrides:
            state.deck = list(reversed(overrides["deck"]))  # the end of the list is the top
        else:
            leftover = Counter(full_deck())
            used = Counter(discard)
            for cards in fixed_hands.values():
                used.update(cards)
            for house in houses.values():
                used.update(house.cards())
            require(not used - leftover, "bad_override", "the overrides use more cards than the deck has")
            state.deck = sort_cards((leftover - used).elements())
            rng(state).shuffle(state.deck)
        every_card = [*state.deck, *discard, *(c for h in houses.values() for c in h.cards())]
        every_card += [c for cards in fixed_hands.values() for c in cards]
        require(all(c in CARD_IDS for c in every_card), "bad_override", "unknown card id in the overrides")
        for player in players:
            if player in fixed_hands:
                state.hands[player] = fixed_hands[player]
            else:
                state.hands[player] = [state.deck.pop() for _ in range(min(HAND_SIZE, len(state.deck)))]
        state.card_total = len(every_card)
        events.append(Event("gh.game_started", {"players": list(players), "deck": len(state.deck)}))
        for player in players:
            events.append(Event("gh.your_hand", {"cards": sort_cards(state.hands[player])}, to(player)))
        self._begin_turn(state, state.current, events)
        return state

    # -- legal actions -------------------------------------------------------------------------------------

    def _legal_actions(self, state: GhostState, player: str) -> list[Action]:
        prompt = state.prompts[0]
        if player == HOST:  # GH-35
            return [Action(HOST, prompt.id, "remove", {"player": p}) for p in state.seats] + [
                Action(HOST, prompt.id, "end")
            ]
        if player not in state.seats:
            return []
        actions: list[Action] = []
        if state.phase == "turn" and player == state.current:
            actions = [Action(player, prompt.id, kind, args) for kind, args in legal_turn_args(state, player)]
        elif state.phase == "cat_window" and player == state.attack.defender:
            actions = [Action(player, prompt.id, "no_cat")]  # GH-17: always offered, whatever the hand holds
            if CAT in state.hands[player]:
                actions.append(Action(player, prompt.id, "answer_cat"))
        elif state.phase == "escape_window" and player == state.escape.window:
            actions = [Action(player, prompt.id, "no_ghost")]  # GH-30: always offered, whatever the hand holds
            if GHOST in state.hands[player]:
                escaper = state.escape.escaper
                actions += [
                    Action(player, prompt.id, "ghost", {"target": escaper, **slot_args(slot)})
                    for slot in state.houses[escaper].ghost_targets()
                ]
        actions.append(Action(player, prompt.id, "leave"))  # GH-35: a player may leave at any time
        return actions

    def random_action(self, state: GhostState, player: str, chooser: random.Random) -> Action | None:
        """Automatic play: an action kind at random, then one of its actions, so a hand rich in room
        combinations does not drown out ghosts and lights. Players never leave on their own; the host's
        random controls (playouts' ``host_rate``) remove players now and then, and rarely end the game."""
        actions = self.legal_actions(state, player)
        if player == HOST:
            removals = [a for a in actions if a.kind == "remove"]
            return chooser.choice(actions) if chooser.random() < 0.05 else chooser.choice(removals)
        staying = [a for a in actions if a.kind != "leave"]
        if not staying:
            return None
        kinds = sorted({a.kind for a in staying})
        kind = "rooms" if "rooms" in kinds and chooser.random() < ROOM_BIAS else chooser.choice(kinds)
        return chooser.choice([a for a in staying if a.kind == kind])

    # -- apply ---------------------------------------------------------------------------------------------

    def _apply(self, state: GhostState, action: Action, events: list[Event]) -> None:
        if action.player == CLOCK:
            self._on_timeout(state, events)
            return
        if action.player == HOST:
            self._on_host(state, action, events)
            return
        player = action.player
        require(player in state.players, "not_a_player", "you are not playing in this game")
        require(player in state.seats, "not_in_game", "you have left this game")
        if action.kind == "leave":  # GH-35: treated like a removal by the host
            self._remove(state, player, events)
        elif state.phase == "turn":
            self._on_turn_action(state, action, events)
        elif state.phase == "cat_window":
            self._on_cat_window(state, action, events)
        else:
            self._on_escape_window(state, action, events)

    def _on_timeout(self, state: GhostState, events: list[Event]) -> None:
        if state.phase == "turn":  # GH-34: the turn ends with no action, then GH-9
            events.append(Event("gh.turn_timed_out", {"player": state.current}))
            self._end_turn(state, events)
        elif state.phase == "cat_window":  # GH-17: no answer = no cat
            self._close_cat_window(state, answered=False, events=events)
        else:  # GH-30: no answer = no ghost
            self._close_escape_window(state, events)

    def _on_host(self, state: GhostState, action: Action, events: list[Event]) -> None:
        """GH-35: remove a player who left, or end the game with no winner."""
        if action.kind == "remove":
            target = action.args.get("player")
            require(target in state.seats, "bad_target", "that player is not in the game any more")
            self._remove(state, target, events)
        elif action.kind == "end":
            self._finish(state, Outcome((), "ended_by_host"), events)
        else:
            raise IllegalAction("bad_action", f"the host cannot {action.kind}")

    def _on_turn_action(self, state: GhostState, action: Action, events: list[Event]) -> None:
        player = action.player
        require(player == state.current, "not_your_turn", "it is not your turn", player=state.current)
        move = TURN_MOVES.get(action.kind)
        require(move is not None, "bad_action", f"{action.kind} is not a turn action")
        plan = move.check(state, player, action.args)
        getattr(self, f"_play_{action.kind}")(state, player, plan, events)

    def _on_cat_window(self, state: GhostState, action: Action, events: list[Event]) -> None:
        require(action.player == state.attack.defender, "not_your_window", "the ghost is not coming at you")
        if action.kind == "answer_cat":  # GH-16
            require(CAT in state.hands[action.player], "no_card", "you hold no cat", cards=[CAT])
            self._close_cat_window(state, answered=True, events=events)
        else:
            require(action.kind == "no_cat", "bad_action", "answer with a cat or with no cat")
            self._close_cat_window(state, answered=False, events=events)

    def _on_escape_window(self, state: GhostState, action: Action, events: list[Event]) -> None:
        escape = state.escape
        player = action.player
        require(player == escape.window, "not_your_window", "this escape window is not yours")
        if action.kind == "no_ghost":
            self._close_escape_window(state, events)
            return
        # GH-30: only a ghost card, at a room with no ghost on the escaper's highest explored floor
        require(action.kind == "ghost", "bad_action", "only a ghost card can stop an escape")
        target = TURN_MOVES["ghost"].check(state, player, action.args)
        require(target.defender == escape.escaper, "bad_target", "the ghost must go to the escaping player")
        escape.ghosts += 1
        remove_cards(state.hands[player], [GHOST])
        self._send_ghost(state, player, target, "escape", events)

    # -- turn actions (plans come from engines.ghost_at_home.moves) -------------------------------------------

    def _play_rooms(self, state: GhostState, player: str, placements: list[Placement], events: list[Event]) -> None:
        house = state.houses[player]
        for p in placements:  # GH-11: lowest target floor first; the check has simulated this exact order
            remove_cards(state.hands[player], [p.card])
            house.place(p.card, p.floor)
        events.append(
            Event(
                "gh.rooms_played",
                {"player": player, "cards": [p.card for p in placements], "floors": [p.floor for p in placements]},
            )
        )
        self._end_turn(state, events)

    def _play_ghost(self, state: GhostState, player: str, target: Target, events: list[Event]) -> None:
        remove_cards(state.hands[player], [GHOST])
        self._send_ghost(state, player, target, "ghost", events)

    def _play_cat(self, state: GhostState, player: str, slot: int, events: list[Event]) -> None:
        remove_cards(state.hands[player], [CAT])
        state.houses[player].occupants[slot] = "cat"  # GH-15
        events.append(Event("gh.cat_played", {"player": player, **slot_args(slot)}))
        self._end_turn(state, events)

    def _play_light(self, state: GhostState, player: str, light: Light, events: list[Event]) -> None:
        remove_cards(state.hands[player], light.cards)
        state.discard.extend(light.cards)  # GH-18: the payment is discarded face up
        state.houses[player].lit[light.floor - 1] = True
        events.append(Event("gh.light_on", {"player": player, "floor": light.floor, "cards": light.cards}))
        self._end_turn(state, events)

    def _play_special(self, state: GhostState, player: str, card: str) -> None:
        """GH-20: the special card goes to the discard pile face up."""
        remove_cards(state.hands[player], [card])
        state.discard.append(card)

    def _play_space_hole(self, state: GhostState, player: str, plan: SpaceHole, events: list[Event]) -> None:
        self._play_special(state, player, "space_hole")
        state.houses[player].occupants[plan.from_slot] = EMPTY  # GH-21: the room it left stays
        events.append(Event("gh.space_hole_played", {"player": player, "from_floor": slot_name(plan.from_slot)[0]}))
        self._send_ghost(state, player, plan.target, "space_hole", events)

    def _play_light_bulb(self, state: GhostState, player: str, floor: int, events: list[Event]) -> None:
        self._play_special(state, player, "light_bulb")
        state.houses[player].lit[floor - 1] = True  # GH-22
        events.append(Event("gh.light_bulb_played", {"player": player, "floor": floor}))
        self._end_turn(state, events)

    def _play_cat_food(self, state: GhostState, player: str, move: CatMove, events: list[Event]) -> None:
        self._play_special(state, player, "cat_food")
        self._move_cat(state, player, move)  # GH-23: the opponent cannot answer
        events.append(
            Event(
                "gh.cat_food_played",
                {"player": player, "from_player": move.owner, **slot_args(move.from_slot, "from_"), **slot_args(move.to_slot)},
            )
        )
        self._end_turn(state, events)

    def _play_elevator(self, state: GhostState, player: str, move: CatMove, events: list[Event]) -> None:
        self._play_special(state, player, "elevator")
        self._move_cat(state, player, move)  # GH-24
        events.append(
            Event(
                "gh.elevator_played",
                {"player": player, **slot_args(move.from_slot, "from_"), **slot_args(move.to_slot)},
            )
        )
        self._end_turn(state, events)

    @staticmethod
    def _move_cat(state: GhostState, player: str, move: CatMove) -> None:
        state.houses[move.owner].occupants[move.from_slot] = EMPTY
        state.houses[player].occupants[move.to_slot] = "cat"

    def _play_lightning(self, state: GhostState, player: str, target: str, events: list[Event]) -> None:
        self._play_special(state, player, "lightning")
        house = state.houses[target]
        floor = house.highest_explored()
        house.lit[floor - 1] = False  # GH-25
        events.append(Event("gh.lightning_played", {"player": player, "target": target, "floor": floor}))
        if "ghost" in (house.occupants[i] for i in house.slots(floor)):  # GH-25: now the dark-floor case of GH-13
            self._wipe(state, target, floor, light_off=True, events=events)
        self._end_turn(state, events)

    def _play_discard(self, state: GhostState, player: str, cards: list[str], events: list[Event]) -> None:
        remove_cards(state.hands[player], cards)
        state.discard.extend(cards)  # GH-27: face down; only the number is public (GH-P2)
        events.append(Event("gh.discarded", {"player": player, "count": len(cards)}))
        self._draw(state, player, len(cards), events)
        self._end_turn(state, events)

    # -- ghosts (GH-13) ------------------------------------------------------------------------------------

    def _send_ghost(
        self, state: GhostState, attacker: str, target: Target, source: AttackSource, events: list[Event]
    ) -> None:
        """GH-13: a ghost arrives at ``target``. A guarding cat stops it at once; otherwise the defender's cat
        window opens (GH-17), always, so its opening says nothing about their hand (GH-P4)."""
        house = state.houses[target.defender]
        events.append(
            Event(
                "gh.ghost_sent",
                {"player": attacker, "target": target.defender, "source": source, **slot_args(target.slot)},
            )
        )
        if house.occupants[target.slot] == "cat":  # GH-13 step 1 (GH-15: the guard works once)
            house.occupants[target.slot] = EMPTY
            state.discard.extend([GHOST, CAT])
            events.append(Event("gh.ghost_met_cat", {"player": target.defender, **slot_args(target.slot)}))
            self._after_ghost(state, events)
            return
        state.attack = Attack(attacker, target.defender, target.slot, source)  # GH-13 step 2
        self._open(state, "cat_window", target.defender, state.options["reaction_seconds"], events)

    def _close_cat_window(self, state: GhostState, answered: bool, events: list[Event]) -> None:
        attack = state.attack
        state.attack = None
        if answered:  # GH-16: the cat and the ghost are both discarded; the cat is not placed
            remove_cards(state.hands[attack.defender], [CAT])
            state.discard.extend([CAT, GHOST])
            events.append(Event("gh.cat_answered", {"player": attack.defender, "attacker": attack.attacker}))
        else:
            self._land(state, attack, events)
        self._after_ghost(state, events)

    def _land(self, state: GhostState, attack: Attack, events: list[Event]) -> None:
        """GH-13 step 3: the ghost lands on the room."""
        house = state.houses[attack.defender]
        floor, _ = slot_name(attack.slot)
        house.occupants[attack.slot] = "ghost"
        if not house.is_lit(floor):  # dark floor: one ghost wipes it (the ghost goes with it)
            self._wipe(state, attack.defender, floor, light_off=False, events=events)
        elif sum(house.occupants[i] == "ghost" for i in house.slots(floor)) == 2:  # the second ghost on a lit floor
            self._wipe(state, attack.defender, floor, light_off=True, events=events)
        else:  # lit floor: it stays and waits
            events.append(Event("gh.ghost_rests", {"player": attack.defender, **slot_args(attack.slot)}))

    def _wipe(self, state: GhostState, player: str, floor: int, light_off: bool, events: list[Event]) -> None:
        """GH-5: the floor's cards go to the discard pile face up and the floor turns dark."""
        cards = state.houses[player].wipe(floor)
        state.discard.extend(cards)
        events.append(
            Event("gh.floor_wiped", {"player": player, "floor": floor, "cards": sort_cards(cards), "light_off": light_off})
        )

    def _after_ghost(self, state: GhostState, events: list[Event]) -> None:
        """A ghost has been resolved: back to the escape it was sent at, or the end of the turn (GH-9)."""
        if state.escape is not None:
            self._continue_escape(state, events)
        else:
            self._end_turn(state, events)

    # -- turns ---------------------------------------------------------------------------------------------

    def _begin_turn(self, state: GhostState, player: str, events: list[Event], passes: int = 0) -> None:
        state.current = player
        state.turn += 1
        if state.hands[player]:
            events.append(Event("gh.turn_started", {"player": player, "turn": state.turn}))
            self._open(state, "turn", player, state.options["turn_seconds"], events)
            return
        # GH-7 [decided]: with an empty hand there is no action and the turn passes (then GH-9).
        if passes >= len(state.seats):
            # A whole round passed and nobody could draw: impossible with the default cards (the specials always
            # stay in hands, deck or discard) but reachable with tuned card data, so it ends the game.
            self._finish(state, Outcome((), "stalemate", draw=True), events)
            return
        events.append(Event("gh.turn_passed", {"player": player}))
        self._end_turn(state, events, passes + 1)

    def _end_turn(self, state: GhostState, events: list[Event], passes: int = 0) -> None:
        """GH-9: a complete house tries to escape; otherwise draw up to 3 and the next seat plays."""
        player = state.current
        if player in state.seats:  # GH-35: a player who left does not draw
            if state.houses[player].is_complete():
                self._begin_escape(state, events)
                return
            self._draw_up(state, player, events)
        self._begin_turn(state, state.seat_order_after(player)[0], events, passes)

    # -- drawing (GH-28) -----------------------------------------------------------------------------------

    def _draw_up(self, state: GhostState, player: str, events: list[Event]) -> None:
        self._draw(state, player, HAND_SIZE - len(state.hands[player]), events)

    def _draw(self, state: GhostState, player: str, count: int, events: list[Event]) -> None:
        drawn: list[str] = []
        for _ in range(count):
            if not state.deck:
                if not state.discard:
                    break  # GH-28 [decided]: nothing left to draw
                # GH-28: the whole discard pile becomes the new deck, shuffled with the game's RNG
                state.deck, state.discard = state.discard, []
                rng(state).shuffle(state.deck)
                events.append(Event("gh.reshuffled", {"count": len(state.deck)}))
            drawn.append(state.deck.pop())
        if drawn:
            state.hands[player].extend(drawn)
            events.append(Event("gh.drew", {"player": player, "count": len(drawn)}))
            events.append(Event("gh.you_drew", {"cards": sort_cards(drawn)}, to(player)))

    # -- escape (GH-29 .. GH-32) ---------------------------------------------------------------------------

    def _begin_escape(self, state: GhostState, events: list[Event]) -> None:
        escaper = state.current
        state.escape = Escape(escaper, waiting=state.opponents(escaper))
        events.append(Event("gh.escape_started", {"player": escaper}))
        self._continue_escape(state, events)

    def _continue_escape(self, state: GhostState, events: list[Event]) -> None:
        escape = state.escape
        escaper = escape.escaper
        if escaper not in state.seats:  # GH-35: the escaper left; play goes on with the next seat
            state.escape = None
            self._begin_turn(state, state.seat_order_after(escaper)[0], events)
            return
        if not state.houses[escaper].is_complete():  # GH-31: stopped
            state.escape = None
            events.append(Event("gh.escape_stopped", {"player": escaper}))
            for player in [escaper, *state.opponents(escaper)]:
                self._draw_up(state, player, events)
            self._begin_turn(state, state.seat_order_after(escaper)[0], events)
            return
        # GH-30: in a 2-player game a ghost just sent earns a second window (the count is the players still in)
        most = 2 if len(state.seats) == 2 else 1
        if escape.window in state.seats and 0 < escape.ghosts < most:
            self._open(state, "escape_window", escape.window, state.options["reaction_seconds"], events)
            return
        escape.window, escape.ghosts = None, 0
        while escape.waiting:
            opponent = escape.waiting.pop(0)
            if opponent in state.seats:
                escape.window = opponent
                self._open(state, "escape_window", opponent, state.options["reaction_seconds"], events)
                return
        events.append(Event("gh.escaped", {"player": escaper}))  # GH-32
        self._finish(state, Outcome((escaper,), "escaped"), events)

    def _close_escape_window(self, state: GhostState, events: list[Event]) -> None:
        """"No ghost" (or no answer): this opponent's chance is over, a 2-player second chance included."""
        events.append(Event("gh.no_ghost", {"player": state.escape.window}))
        state.escape.window, state.escape.ghosts = None, 0
        self._continue_escape(state, events)

    # -- prompts, leaving, the end -------------------------------------------------------------------------

    def _open(self, state: GhostState, phase: Phase, player: str, seconds: int, events: list[Event]) -> None:
        """Open the one prompt of ``phase`` for ``player``. Windows are announced publicly only as "waiting for
        X" (GH-17, GH-P4); the buttons are the player's legal actions, which only they receive."""
        state.phase = phase
        kind = "turn" if phase == "turn" else "reaction"
        state.prompts = [Prompt(new_prompt_id(state, phase), kind, (player,), seconds, PROMPT_KEYS[phase], {"player": player})]
        if phase != "turn":
            events.append(Event("gh.waiting", {"player": player, "window": "cat" if phase == "cat_window" else "ghost"}))

    def _remove(self, state: GhostState, player: str, events: list[Event]) -> None:
        """GH-35: the hand goes to the discard pile face down, the house's cards face up; an open window of the
        leaver's closes unanswered; their turn or escape passes to the next seat; one player left wins."""
        hand = state.hands[player]
        house_cards = sort_cards(state.houses[player].clear())
        state.discard.extend(hand)
        state.discard.extend(house_cards)
        state.hands[player] = []
        state.seats.remove(player)
        events.append(Event("gh.player_left", {"player": player, "cards": house_cards, "hand": len(hand)}))
        if len(state.seats) == 1:
            self._finish(state, Outcome(tuple(state.seats), "last_player"), events)
            return
        if state.phase == "cat_window":
            if state.attack.defender == player:  # "No cat" - but the house is gone, so the ghost is discarded
                state.attack = None
                state.discard.append(GHOST)
                self._after_ghost(state, events)
            # an attacker who left: the ghost is on its way and the defender's window stays open
        elif state.phase == "escape_window":
            if state.escape.window == player:  # closes as "No ghost"
                state.escape.window, state.escape.ghosts = None, 0
                self._continue_escape(state, events)
            elif state.escape.escaper == player:
                self._continue_escape(state, events)
        elif state.current == player:
            self._begin_turn(state, state.seat_order_after(player)[0], events)

    def _finish(self, state: GhostState, outcome: Outcome, events: list[Event]) -> None:
        """GH-32 / GH-33: the game ends at once; every hand and the seed are shown publicly."""
        state.outcome = outcome
        state.phase = "over"
        state.prompts = []
        if state.attack is not None:  # a ghost still on its way when the game ends goes to the discard pile
            state.discard.append(GHOST)
            state.attack = None
        state.escape = None
        events.append(
            Event(
                "gh.game_over",
                {
                    "outcome": outcome.reason,
                    "winners": list(outcome.winners),
                    "cards": {p: sort_cards(state.hands[p]) for p in state.players},
                    "seed": state.seed,
                },
                PUBLIC,
            )
        )

    # -- views ---------------------------------------------------------------------------------------------

    def _view(self, state: GhostState, viewer: str | None) -> dict[str, Any]:
        """GH-6: houses, hand sizes, deck and discard sizes are public; a hand only to its owner (GH-P1), the
        discard pile's faces and the deck order to nobody (GH-P2, GH-P6) until the game ends (GH-33)."""
        attack = state.attack
        escape = state.escape
        view: dict[str, Any] = {
            "players": list(state.players),
            "seats": list(state.seats),
            "phase": state.phase,
            "turn": state.turn,
            "current": state.current,
            "waiting_for": [p for prompt in state.prompts for p in prompt.players],
            "houses": {p: state.houses[p].public() for p in state.players},
            "hand_sizes": {p: len(state.hands[p]) for p in state.players},
            "deck_size": len(state.deck),
            "discard_size": len(state.discard),
            "attack": None
            if attack is None
            else {
                "attacker": attack.attacker,
                "defender": attack.defender,
                "source": attack.source,
                **slot_args(attack.slot),
            },
            "escape": None
            if escape is None
            else {"escaper": escape.escaper, "window": escape.window, "ghosts": escape.ghosts},
            "outcome": None
            if state.outcome is None
            else {"reason": state.outcome.reason, "winners": list(state.outcome.winners)},
        }
        if state.outcome is not None:  # GH-33
            view["hands"] = {p: sort_cards(state.hands[p]) for p in state.players}
            view["seed"] = state.seed
        if viewer in state.hands:
            view["you"] = viewer
            view["hand"] = sort_cards(state.hands[viewer])
        return view

    def _known(self, state: GhostState, viewer: str) -> dict[str, Any] | None:
        return sampling.known(state)  # the public table whole: the seat's own cards are in its view

    def sample_state(self, view: dict[str, Any], player: str, chooser: random.Random) -> GhostState:
        """A full state consistent with ``player``'s view: the cards they cannot see dealt at random."""
        return sampling.sample(view, player, chooser)

    def describe(self, state: GhostState, viewer: str | None) -> str:
        return describe_table(self.view(state, viewer))

    # -- invariants ----------------------------------------------------------------------------------------

    def check_invariants(self, state: GhostState) -> None:
        """GH-14 for every house, plus the bookkeeping the rules imply: cards are conserved, hands hold at most
        three, one prompt is open exactly while the game runs and it matches the phase."""
        for player, house in state.houses.items():
            top = house.highest_explored() or 0
            for floor in FLOORS:
                ghosts = sum(house.occupants[i] == "ghost" for i in house.slots(floor))
                assert ghosts <= 1, f"GH-14: {player} floor {floor} holds {ghosts} ghosts"
                assert not ghosts or house.is_lit(floor), f"GH-14: a ghost rests on {player}'s dark floor {floor}"
                assert floor >= top or house.is_full(floor), f"GH-14: {player} floor {floor} below {top} is not full"
            for room, occupant in zip(house.rooms, house.occupants):
                assert occupant == EMPTY or room != EMPTY, f"GH-5: a {occupant} lies on an empty slot of {player}"
            if player not in state.seats:
                assert not state.hands[player] and not any(house.rooms), f"GH-35: {player} left but kept cards"
        in_play = len(state.deck) + len(state.discard) + sum(len(h) for h in state.hands.values())
        in_play += sum(1 for house in state.houses.values() for _ in house.cards())
        in_play += state.attack is not None  # the ghost on its way (GH-13)
        assert in_play == state.card_total, f"cards not conserved: {in_play} != {state.card_total}"
        assert all(len(h) <= HAND_SIZE for h in state.hands.values()), "a hand holds more than 3 cards"
        assert (state.outcome is None) == (len(state.prompts) == 1), "one prompt is open exactly while the game runs"
        if state.outcome is not None:
            return
        (prompt,) = state.prompts
        assert prompt.key == PROMPT_KEYS[state.phase]
        assert len(prompt.players) == 1 and prompt.players[0] in state.seats
        assert (state.attack is not None) == (state.phase == "cat_window")
        if state.phase == "turn":
            assert prompt.players == (state.current,) and state.hands[state.current]
        elif state.phase == "cat_window":
            assert prompt.players == (state.attack.defender,)
        else:
            assert state.escape is not None and prompt.players == (state.escape.window,)
        if state.escape is not None:
            assert state.current == state.escape.escaper
            assert state.houses[state.escape.escaper].is_complete(), "GH-31: a stopped escape is still running"

