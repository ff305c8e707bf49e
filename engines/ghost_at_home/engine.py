"""Ghost at Home: a race to escape a haunted house (``shared/rules/ghost_at_home.md``, rules GH-1 .. GH-35).

The game is a loop over three prompts, one open at a time:

* ``turn`` (the current player picks their one action, GH-7; :mod:`engines.ghost_at_home.moves`);
* ``cat_window`` (a reaction: the defender of a ghost may answer with a cat, GH-13 / GH-17);
* ``escape_window`` (a reaction: an opponent may send a ghost at a complete house, GH-30).

Every ghost, whatever sent it, goes through :meth:`GhostAtHome._send_ghost` (GH-13); when it has been resolved
the game goes on from :meth:`GhostAtHome._after_ghost`: back to the escape if one is running, else the end of the
turn (GH-9). Reaction windows are opened whatever the hand holds, so their presence leaks nothing (GH-P4).

This module wires the contract of :class:`engines.core.Engine` (setup, and which rule an action goes to) to mixins
that hold the rules, one job each:

* :mod:`~engines.ghost_at_home.actions` — the legal actions and the automatic players' pick;
* :mod:`~engines.ghost_at_home.turn_actions` — carrying out a turn action (GH-7) that
  :mod:`~engines.ghost_at_home.moves` has checked;
* :mod:`~engines.ghost_at_home.ghosts` — ghosts and the cat window (GH-13 .. GH-18);
* :mod:`~engines.ghost_at_home.turns` — turns, drawing up and the prompt of each phase (GH-7 .. GH-9, GH-28);
* :mod:`~engines.ghost_at_home.escape` — the escape and its ghost windows (GH-29 .. GH-32);
* :mod:`~engines.ghost_at_home.leaving` and :mod:`~engines.ghost_at_home.ending` — a player leaving (GH-35), the end
  (GH-32, GH-33);
* :mod:`~engines.ghost_at_home.views` and :mod:`~engines.ghost_at_home.invariants` — what each viewer sees, what
  always holds.
"""

from __future__ import annotations

from collections import Counter

from engines.core import CLOCK, HOST, Action, Engine, Event, IllegalAction, Option, Outcome, require, rng, to
from engines.ghost_at_home.actions import Actions
from engines.ghost_at_home.cards import CARD_IDS, CAT, GHOST, HAND_SIZE, full_deck, remove_cards, sort_cards
from engines.ghost_at_home.ending import Ending
from engines.ghost_at_home.escape import Escaping
from engines.ghost_at_home.ghosts import Ghosts
from engines.ghost_at_home.house import House
from engines.ghost_at_home.invariants import Invariants
from engines.ghost_at_home.leaving import Leaving
from engines.ghost_at_home.moves import TURN_MOVES
from engines.ghost_at_home.state import GhostState
from engines.ghost_at_home.turn_actions import TurnActions
from engines.ghost_at_home.turns import Turns
from engines.ghost_at_home.views import Views
from engines.serial import from_plain


class GhostAtHome(Actions, TurnActions, Ghosts, Turns, Escaping, Leaving, Ending, Views, Invariants, Engine):
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
