"""Midnight Hunt (Полночная Охота): 1v1 / 2v2 hex tactics with bag-built tokens (``shared/rules/midnight_hunt.md``).

The game is one open ``turn`` prompt at a time (plus a ``reaction`` prompt per player who left):

* ``mh.draft`` — the picker drafts one unit type (MH-14);
* ``mh.turn`` — the player to act plays one token from their hand (MH-18): a unit play (:mod:`.plays`) or a Seal
  play (MH-43 .. MH-48);
* ``mh.rejoin`` — a player who left may press Rejoin before it times out (MH-55).

Every seated player may also ``leave`` or ``surrender`` at any time, naming the open turn prompt.

Time (the engine has no clock of its own, see :mod:`engines.core`):

* **Chess clock** (MH-57, option ``clock_minutes`` > 0): each player's remaining seconds live in the state
  (``PlayerState.clock``). A turn prompt's ``timeout`` is the acting player's remaining time, so the runtime's timer
  *is* their running clock, and its timeout means the clock ran out: that player's side loses on time. The runtime
  reports the time a play took as :attr:`~engines.core.Action.elapsed` (whole seconds since the prompt opened);
  the engine deducts it (reaching 0 loses on time) and then adds ``increment_seconds``. Actions listed by
  :meth:`legal_actions` never carry ``elapsed``; it is optional and ignored when the clock is off.
* **Idle** (MH-56, clock off): the turn prompt's timeout is ``idle_minutes``; its timeout counts as leaving.
* **Rejoin window** (MH-55): leaving opens an ``mh.rejoin`` prompt for ``rejoin_seconds``; its timeout is a
  technical loss. While the leaver's turn waits, their turn prompt has no timeout unless their clock is on.

Mode (MH-11, MH-60): the option ``mode`` (``1v1``: seats A, B; ``2v2``: seats A1, A2, B1, B2, in the order the
players are given) is the host's choice in the lobby, which seats that many players (:meth:`MidnightHunt.seats`;
anyone else who joins watches, MH-61). Left out (the offline table, scenarios), it follows the player count.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engines.core import (
    CLOCK,
    HOST,
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
from engines.midnight_hunt import sampling
from engines.midnight_hunt.plays import Play, Plays
from engines.midnight_hunt.rules import DEFAULT_RULES, FACTIONS, SEAL, SIDES, Board, Ruleset
from engines.midnight_hunt.state import MidnightHuntState, PlayerState, Seal

#: Actions any seated player may take whatever the prompt (MH-54, MH-55).
ANYTIME = ("leave", "surrender")
SEAL_CHOICES = ("initiative", "recruit", "pass")
#: Automatic players take a play of these kinds, when one is on offer, with this chance (so random games end).
AUTO_PREFERENCES: tuple[tuple[tuple[str, ...], float], ...] = (
    (("control",), 0.9),
    (("deploy", "attack", "tactic"), 0.6),
)
#: ... and otherwise a move towards a location their side does not hold, with this chance.
AUTO_ADVANCE = 0.9


def other(side: str) -> str:
    return "B" if side == "A" else "A"


class MidnightHunt(Engine):
    """The Midnight Hunt engine. ``MidnightHunt(load_ruleset(units=...))`` plays with other unit/board tables."""

    name = "midnight_hunt"
    prefix = "mh"
    state_class = MidnightHuntState
    player_counts = (2, 4)  # MH-11, MH-60: 1v1 or 2v2
    recommended_players = 2
    reports_elapsed = True  # see "Time" above
    options = (
        Option("mode", "1v1", "choice", choices=("1v1", "2v2")),  # MH-11, MH-60
        Option("first_player", "random", "choice", choices=("random", *SIDES)),  # MH-13
        *(Option(f"faction_{i}", "random", "choice", choices=("random", *FACTIONS)) for i in range(1, 5)),  # MH-12
        Option("clock_minutes", 0, "int", 0, 180),  # MH-57: 0 = off
        Option("increment_seconds", 0, "int", 0, 600),
        Option("rejoin_seconds", 120, "int", 10, 3600),  # MH-55
        Option("idle_minutes", 10, "int", 1, 240),  # MH-56
    )

    def __init__(self, rules: Ruleset = DEFAULT_RULES) -> None:
        self.rules = rules
        self._plays = {board.players: Plays(rules, board) for board in rules.boards.values()}

    def board(self, state: MidnightHuntState) -> Board:
        return self.rules.boards[state.mode]

    def plays(self, state: MidnightHuntState) -> Plays:
        return self._plays[len(state.players)]

    # -- setup ---------------------------------------------------------------------------------------------

    def validate_options(self, raw: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        """As every engine's, except that a ``mode`` left out follows the player count (2: 1v1, 4: 2v2)."""
        if "mode" not in raw:
            counted = next((b.mode for b in self.rules.boards.values() if b.players == n_players), None)
            raw = {**raw, "mode": counted} if counted else raw
        return super().validate_options(raw, n_players)

    def seats(self, options: Mapping[str, Any]) -> int:
        """MH-11 / MH-61: the mode fixes the seats (2 or 4); whoever joins beyond them watches."""
        mode = options.get("mode", "1v1")
        return self.rules.boards[mode].players if mode in self.rules.boards else self.max_players

    def options_in_play(self, options: Mapping[str, Any]) -> tuple[Option, ...]:
        """MH-60: a seat's faction is a setting only for the seats the mode has (no seat 3 or 4 in 1 vs 1)."""
        seats = self.seats(options)
        return tuple(o for o in self.options if not (o.name.startswith("faction_") and int(o.name.rpartition("_")[2]) > seats))

    def _check_options(self, options: dict[str, Any], n_players: int) -> None:
        require(
            any(b.players == n_players for b in self.rules.boards.values()),
            "player_count",
            "Midnight Hunt is for 2 (1v1) or 4 (2v2) players",
            min=2,
            max=4,
            count=n_players,
        )
        seats = self.rules.boards[options["mode"]].players if options["mode"] in self.rules.boards else n_players
        for i in range(seats + 1, 5):
            if options[f"faction_{i}"] != "random":
                raise IllegalAction("bad_option", f"there is no seat {i}", option=f"faction_{i}")

    def _setup(self, players, options, seed, overrides, events) -> MidnightHuntState:
        board = self.rules.board_for(len(players))
        require(
            board.mode == options["mode"],
            "mode_players",
            f"{options['mode']} needs {self.seats(options)} players, not {len(players)}",
            mode=options["mode"],
            seats=self.seats(options),
            count=len(players),
        )
        state = MidnightHuntState(players=players, seed=seed, options=options, mode=board.mode)
        state.control = {loc.id: loc.control for loc in board.locations}  # MH-8, MH-9
        # MH-12 / MH-16: faction preferences, random ones resolved by the seeded RNG.
        chosen = dict(overrides.get("factions") or {})
        require(set(chosen) <= set(players), "bad_override", "factions for unknown players")
        require(set(chosen.values()) <= set(FACTIONS), "bad_override", "unknown faction")
        clock = options["clock_minutes"] * 60 or None
        for i, (player, seat) in enumerate(zip(players, board.seats, strict=True)):
            faction = chosen.get(player) or options[f"faction_{i + 1}"]
            if faction == "random":
                faction = rng(state).choice(FACTIONS)
            state.seats[player] = PlayerState(seat=seat, side=seat[0], faction=faction, clock=clock)
        # MH-13: the first player's side leads round 1.
        first = overrides.get("first") or options["first_player"]
        require(first in ("random", *SIDES), "bad_override", "first must be A, B or random")
        state.first_side = state.initiative = rng(state).choice(SIDES) if first == "random" else first
        events.append(
            Event(
                "mh.game_started",
                {
                    "mode": board.mode,
                    "seats": {p: s.seat for p, s in state.seats.items()},
                    "factions": {p: s.faction for p, s in state.seats.items()},
                    "first": self._play_order(state, state.first_side)[0],
                    "side": state.first_side,
                },
            )
        )
        state.order = self._play_order(state, state.first_side) * board.picks  # MH-14
        if "drafts" in overrides:  # scenario play: skip the draft
            self._override_drafts(state, overrides["drafts"])
            self._end_draft(state, events, overrides.get("hands") or {})
        else:
            state.phase = "draft"
            self._open_turn(state, new=True)
        return state

    def _override_drafts(self, state: MidnightHuntState, drafts: dict[str, list[str]]) -> None:
        require(set(drafts) == set(state.players), "bad_override", "give every player's drafted units")
        for player in state.order:
            pick = drafts[player][len(state.seats[player].units)]
            require(pick in self._draftable(state, player), "bad_override", f"{player} cannot draft {pick}")
            state.seats[player].units.append(pick)

    @staticmethod
    def _play_order(state: MidnightHuntState, leader: str) -> list[str]:
        """MH-19 / MH-20: seats of the leading side and the other side alternate, each side in seat order."""
        by_side = {side: [p for p in state.players if state.seats[p].side == side] for side in SIDES}
        order = []
        for lead, follow in zip(by_side[leader], by_side[other(leader)], strict=True):
            order += [lead, follow]
        return order

    # -- the draft (MH-14, MH-15) --------------------------------------------------------------------------

    def _draftable(self, state: MidnightHuntState, player: str) -> list[str]:
        """MH-14: the faction's pool minus types already taken (by anyone in 1v1, by the side in 2v2)."""
        me = state.seats[player]
        exclusive_side = self.board(state).draft_exclusive == "side"
        taken = {
            u for s in state.seats.values() if not exclusive_side or s.side == me.side for u in s.units
        }
        return [u for u in self.rules.draft_pool(me.faction) if u not in taken]

    def _pick(self, state: MidnightHuntState, player: str, args: dict[str, Any], events: list[Event]) -> None:
        unit = args.get("unit")
        require(unit in self._draftable(state, player), "bad_unit", "that unit cannot be drafted", unit=unit)
        state.seats[player].units.append(unit)
        events.append(Event("mh.drafted", {"player": player, "unit": unit, "name": self.plays(state).name(state, player, unit)}))
        if state.turn + 1 < len(state.order):
            state.turn += 1
            self._open_turn(state, new=True)
        else:
            self._end_draft(state, events, {})

    def _end_draft(self, state: MidnightHuntState, events: list[Event], hands: dict[str, list[str]]) -> None:
        """MH-15: 2 tokens of each type into the bag, the rest into the open supply; the Seal into the bag."""
        per_type = self.rules.bag_per_type
        for me in state.seats.values():
            for unit in me.units:
                tokens = self.rules.units[unit].tokens
                me.bag += [unit] * min(per_type, tokens)
                me.supply[unit] = max(0, tokens - per_type)
                me.discard[unit] = 0
                me.dead[unit] = 0
            me.bag.append(SEAL)
            me.bag.sort()
        events.append(Event("mh.draft_done", {"units": {p: list(s.units) for p, s in state.seats.items()}}))
        for player, hand in hands.items():  # scenario play: fixed first hands, taken out of the bag
            me = state.seats[player]
            for token in hand:
                require(token in me.bag, "bad_override", f"{token} is not in {player}'s bag")
                me.bag.remove(token)
                me.hand.append(token)
        state.phase = "play"
        self._start_round(state, events)

    # -- rounds (MH-17 .. MH-21) ---------------------------------------------------------------------------

    def _start_round(self, state: MidnightHuntState, events: list[Event]) -> None:
        state.round += 1
        state.round_all_seals = True
        state.order = self._play_order(state, state.initiative)
        events.append(Event("mh.round_started", {"round": state.round, "side": state.initiative, "first": state.order[0]}))
        for player in state.order:
            self._draw(state, player, events)
        state.turn = 0
        self._open_turn(state, new=True)

    def _draw(self, state: MidnightHuntState, player: str, events: list[Event]) -> None:
        """MH-17: draw one token at a time, uniformly from the bag, up to the hand size; an empty bag takes the
        whole discard back (face-up tokens and the ❓ Seal) and drawing goes on; with both empty, stop short."""
        me = state.seats[player]
        need = self.rules.hand_size - len(me.hand)
        if need <= 0:
            events.append(Event("mh.drew", {"player": player, "count": 0, "hand": len(me.hand)}))
            events.append(Event("mh.hand", {"tokens": list(me.hand)}, to(player)))
            return
        chance = rng(state)
        drawn = 0
        while drawn < need:
            if not me.bag:
                back = [u for u, n in me.discard.items() for _ in range(n)] + [SEAL] * me.discard_hidden
                if not back:
                    break
                me.bag = sorted(back)
                me.discard = {u: 0 for u in me.discard}
                me.discard_hidden = 0
                events.append(Event("mh.reshuffled", {"player": player, "count": len(back)}))
            me.hand.append(me.bag.pop(chance.randrange(len(me.bag))))
            drawn += 1
        events.append(Event("mh.drew", {"player": player, "count": drawn, "hand": len(me.hand)}))
        events.append(Event("mh.hand", {"tokens": list(me.hand)}, to(player)))  # MH-P1: the owner only

    def _advance(self, state: MidnightHuntState, events: list[Event]) -> None:
        """MH-18: the next player in order with tokens in hand; when every hand is empty the round ends."""
        n = len(state.order)
        for step in range(1, n + 1):
            i = (state.turn + step) % n
            if state.seats[state.order[i]].hand:
                state.turn = i
                self._open_turn(state, new=True)
                return
        self._end_round(state, events)

    def _end_round(self, state: MidnightHuntState, events: list[Event]) -> None:
        """MH-21 / MH-48: pending Seal effects apply now, then the summary names the next leader (never an
        action); MH-58: five all-Seal rounds in a row are a draw."""
        leader = state.initiative
        for player in state.order:  # in play order, so a recruit and an initiative claim resolve the same way
            me = state.seats[player]
            if me.pending is None:
                continue
            if me.pending.choice == "recruit" and me.pending.unit is not None:
                me.supply[me.pending.unit] -= 1
                me.discard[me.pending.unit] += 1
            elif me.pending.choice == "initiative":
                state.initiative = me.side
            me.pending = None
        events.append(
            Event(
                "mh.round_ended",
                {"round": state.round, "side": state.initiative, "changed": state.initiative != leader},
            )
        )
        state.seal_only_rounds = state.seal_only_rounds + 1 if state.round_all_seals else 0
        if state.seal_only_rounds >= self.rules.stalemate_rounds:
            self._finish(state, events, Outcome((), "stalemate", draw=True, params={"rounds": state.seal_only_rounds}))
            return
        self._start_round(state, events)

    # -- prompts -------------------------------------------------------------------------------------------

    def _turn_timeout(self, state: MidnightHuntState, player: str) -> int | None:
        me = state.seats[player]
        if me.clock is not None:  # MH-57: the prompt's timer is the player's running clock
            return max(1, me.clock)
        return None if me.away else state.options["idle_minutes"] * 60  # MH-56 (MH-55: a leaver's turn waits)

    def _open_turn(self, state: MidnightHuntState, *, new: bool) -> None:
        """(Re)open the turn prompt. A new turn gets a new id; otherwise the prompt keeps its id unless its
        timeout changes (a leaver's turn loses its idle timeout, a rejoined player's turn gets a fresh one)."""
        player = state.current
        timeout = self._turn_timeout(state, player)
        rejoins = [p for p in state.prompts if p.key == "mh.rejoin"]
        old = next((p for p in state.prompts if p.kind == "turn"), None)
        if not new and old is not None and old.timeout == timeout:
            turn = old
        else:
            key = "mh.draft" if state.phase == "draft" else "mh.turn"
            params = {"player": player, "round": state.round}
            turn = Prompt(new_prompt_id(state, key.split(".")[1]), "turn", (player,), timeout, key, params)
        state.prompts = [turn, *rejoins]

    # -- legal actions -------------------------------------------------------------------------------------

    def _legal_actions(self, state: MidnightHuntState, player: str) -> list[Action]:
        if player not in state.seats:
            return []  # spectators and the host have nothing to do (MH-61)
        me = state.seats[player]
        if me.away:
            prompt = next(p for p in state.prompts if p.key == "mh.rejoin" and p.players == (player,))
            return [Action(player, prompt.id, "rejoin")]
        turn = state.prompts[0]
        actions: list[Action] = []
        if player == state.current:
            if state.phase == "draft":
                actions = [Action(player, turn.id, "pick", {"unit": u}) for u in self._draftable(state, player)]
            else:
                actions = [Action(player, turn.id, kind, args) for kind, args in self._turn_plays(state, player)]
        return actions + [Action(player, turn.id, kind) for kind in ANYTIME]

    def _turn_plays(self, state: MidnightHuntState, player: str) -> list[Play]:
        """Every legal play of every distinct token in the hand (MH-22), Seal plays last."""
        me = state.seats[player]
        plays: list[Play] = []
        for token in sorted(set(me.hand), key=me.hand.index):
            plays += self._seal_plays(state, player) if token == SEAL else self.plays(state).options(state, player, token)
        return plays

    @staticmethod
    def _seal_plays(state: MidnightHuntState, player: str) -> list[Play]:
        """MH-44 .. MH-46. Legality depends only on public facts, so the options never reveal a hidden play."""
        me = state.seats[player]
        plays: list[Play] = []
        if me.side != state.initiative:  # MH-44
            plays.append(("seal", {"choice": "initiative"}))
        plays += [("seal", {"choice": "recruit", "unit": u}) for u in me.units if me.supply.get(u, 0) > 0]  # MH-45
        plays.append(("seal", {"choice": "pass"}))  # MH-46
        return plays

    def random_action(self, state: MidnightHuntState, player: str, chooser: random.Random) -> Action | None:
        """Automatic players: a legal play, biased towards captures and fights (:data:`AUTO_PREFERENCES`) so random
        games end, rarely leaving, very rarely surrendering."""
        actions = self.legal_actions(state, player)
        if not actions or player not in state.seats or state.seats[player].away:
            return actions[0] if actions else None  # away: the only action is Rejoin
        playing = [a for a in actions if a.kind not in ANYTIME]
        roll = chooser.random()
        if not playing or roll < 0.002:
            anytime = [a for a in actions if a.kind in ANYTIME] or actions
            return chooser.choice([a for a in anytime if a.kind == "surrender"] or anytime)
        if roll < 0.006:
            return next(a for a in actions if a.kind == "leave")
        for kinds, chance in AUTO_PREFERENCES:
            preferred = [a for a in playing if a.kind in kinds]
            if preferred and chooser.random() < chance:
                return chooser.choice(preferred)
        advancing = self._advancing(state, player, playing)
        if advancing and chooser.random() < AUTO_ADVANCE:
            return chooser.choice(advancing)
        return chooser.choice(playing)

    def _advancing(self, state: MidnightHuntState, player: str, actions: list[Action]) -> list[Action]:
        """The moves (Move, Dash) that bring a unit closer to a location its side does not hold."""
        side = state.seats[player].side
        grid = self.board(state).grid
        goals = [loc.hex for loc in self.board(state).locations if state.control[loc.id] != side]
        if not goals:
            return []

        def gap(hex_: str) -> int:
            return min(grid.distance(hex_, g) for g in goals)

        found = []
        for action in actions:
            to = action.args.get("to")
            if to is not None and action.kind in ("move", "tactic") and "target" not in action.args:
                at = self.plays(state).position(state, player, action.args["unit"])
                if at is not None and gap(to) < gap(at):
                    found.append(action)
        return found

    # -- apply ---------------------------------------------------------------------------------------------

    def _apply(self, state: MidnightHuntState, action: Action, events: list[Event]) -> None:
        if action.player == CLOCK:
            self._on_timeout(state, next(p for p in state.prompts if p.id == action.prompt), events)
            return
        player = action.player
        require(player != HOST, "bad_action", "the host has no moves in Midnight Hunt")
        require(player in state.seats, "not_a_player", "spectators cannot act")  # MH-61
        me = state.seats[player]
        if action.kind == "surrender":  # MH-54; a player who left (MH-55) rejoins first, as their buttons say
            require(not me.away, "away", "you have already left; press Rejoin")
            self._lose(state, player, "surrender", events)
        elif action.kind == "leave":  # MH-55
            require(not me.away, "away", "you have already left; press Rejoin")
            self._leave(state, player, False, events)
        elif action.kind == "rejoin":
            require(me.away, "not_away", "you have not left the game")
            me.away = False
            state.prompts = [p for p in state.prompts if not (p.key == "mh.rejoin" and p.players == (player,))]
            events.append(Event("mh.rejoined", {"player": player}))
            self._open_turn(state, new=False)
        else:
            self._turn_action(state, action, events)

    def _turn_action(self, state: MidnightHuntState, action: Action, events: list[Event]) -> None:
        player = action.player
        me = state.seats[player]
        require(player == state.current, "not_your_turn", "it is not your turn", player=state.current)
        require(action.prompt == state.prompts[0].id, "wrong_prompt", "answer your turn prompt")
        require(not me.away, "away", "you have left the game; press Rejoin first")
        args = dict(action.args)
        elapsed = 0 if action.elapsed is None else action.elapsed
        require(
            isinstance(elapsed, int) and not isinstance(elapsed, bool) and elapsed >= 0,
            "bad_elapsed",
            "elapsed must be whole seconds, 0 or more",
        )
        if me.clock is not None:  # MH-57
            me.clock -= elapsed
            if me.clock <= 0:
                me.clock = 0
                self._lose(state, player, "time", events)
                return
        if state.phase == "draft":
            require(action.kind == "pick", "wrong_phase", "it is the draft: pick a unit type")
            self._tick(state, me)
            self._pick(state, player, args, events)
            return
        token = SEAL if action.kind == "seal" else args.get("unit")
        require(token in me.hand, "not_in_hand", "that token is not in your hand", unit=token)
        options = self._seal_plays(state, player) if token == SEAL else self.plays(state).options(state, player, token)
        require((action.kind, args) in options, "illegal_play", "that play is not legal now", kind=action.kind)
        me.hand.remove(token)
        self._tick(state, me)
        if token == SEAL:
            self._play_seal(state, player, args, events)
        else:
            state.round_all_seals = False
            self.plays(state).resolve(state, player, action.kind, args, events)
            if action.kind == "control" and self._control_win(state, me.side, events):
                return
        self._advance(state, events)

    def _tick(self, state: MidnightHuntState, me: PlayerState) -> None:
        """MH-57: the increment is added after each of the player's plays (draft picks included)."""
        if me.clock is not None:
            me.clock += state.options["increment_seconds"]

    def _play_seal(self, state: MidnightHuntState, player: str, args: dict[str, Any], events: list[Event]) -> None:
        """MH-47 / MH-48: the Seal goes face down to the discard and the log says only who played it; the choice
        is pending until the round ends and told to its player alone (MH-P2, MH-P5)."""
        me = state.seats[player]
        me.discard_hidden += 1
        me.pending = Seal(args["choice"], args.get("unit"))
        events.append(Event("mh.seal_played", {"player": player}))
        unit = args.get("unit") or ""
        name = self.plays(state).name(state, player, unit) if unit else ""  # the faction's name (MH-1)
        events.append(Event("mh.seal_chosen", {"choice": args["choice"], "unit": unit, "name": name}, to(player)))

    def _control_win(self, state: MidnightHuntState, side: str, events: list[Event]) -> bool:
        """MH-53: right after a Control action, the side holding the board's win count of locations wins."""
        held = sum(1 for owner in state.control.values() if owner == side)
        if held < self.board(state).win_count:
            return False
        winners = tuple(p for p in state.players if state.seats[p].side == side)
        self._finish(state, events, Outcome(winners, "control", teams=(side,), params={"count": held}))
        return True

    # -- leaving, time and the end (MH-52 .. MH-59) --------------------------------------------------------

    def _on_timeout(self, state: MidnightHuntState, prompt: Prompt, events: list[Event]) -> None:
        (player,) = prompt.players
        if prompt.key == "mh.rejoin":  # MH-55: not back in time
            self._lose(state, player, "abandoned", events)
        elif state.seats[player].clock is not None:  # MH-57: the clock ran out
            state.seats[player].clock = 0
            self._lose(state, player, "time", events)
        else:  # MH-56: idle for too long counts as leaving
            self._leave(state, player, True, events)

    def _leave(self, state: MidnightHuntState, player: str, idle: bool, events: list[Event]) -> None:
        """MH-55: the leaver gets a rejoin window; if it is their turn, the game waits for them."""
        state.seats[player].away = True
        seconds = state.options["rejoin_seconds"]
        rejoin = Prompt(new_prompt_id(state, "rejoin"), "reaction", (player,), seconds, "mh.rejoin", {"player": player})
        state.prompts.append(rejoin)
        events.append(Event("mh.left", {"player": player, "seconds": seconds, "idle": idle}))
        self._open_turn(state, new=False)
        # for the words: why they left (MH-56's limit), and the turn that waits for them from now on, if any
        waiting = state.prompts[0].id if state.current == player else None
        params = {**rejoin.params, "idle": idle, "turn": waiting}
        state.prompts = [dataclasses.replace(p, params=params) if p is rejoin else p for p in state.prompts]

    def _lose(self, state: MidnightHuntState, player: str, reason: str, events: list[Event]) -> None:
        """The player's whole side loses (MH-54, MH-55, MH-57: in 2v2 the team loses)."""
        side = other(state.seats[player].side)
        winners = tuple(p for p in state.players if state.seats[p].side == side)
        self._finish(state, events, Outcome(winners, reason, teams=(side,), params={"player": player}))

    @staticmethod
    def _finish(state: MidnightHuntState, events: list[Event], outcome: Outcome) -> None:
        """MH-59: the result and reason are announced; hands and Seal choices are never revealed."""
        state.outcome = outcome
        state.phase = "over"
        state.prompts = []
        for me in state.seats.values():
            me.away = False
        events.append(
            Event(
                "mh.game_over",
                {
                    "reason": outcome.reason,
                    "side": outcome.teams[0] if outcome.teams else "none",
                    "winners": list(outcome.winners),
                    "player": outcome.params.get("player", ""),
                },
            )
        )

    # -- views ---------------------------------------------------------------------------------------------

    def _view(self, state: MidnightHuntState, viewer: str | None) -> dict[str, Any]:
        """MH-49: everything public; MH-50: a seated viewer also sees their own hand, bag contents (unordered)
        and pending Seal choice. A spectator (``None`` or anyone not seated) sees the public view only (MH-P4)."""
        board = self.board(state)
        view: dict[str, Any] = {
            "mode": state.mode,
            "phase": state.phase,
            "round": state.round,
            "initiative": state.initiative,
            "first_side": state.first_side,
            "turn": state.current if state.outcome is None else None,
            "order": list(state.order),
            "seats": {
                p: {
                    "seat": s.seat,
                    "side": s.side,
                    "faction": s.faction,
                    "units": list(s.units),
                    "supply": dict(s.supply),
                    "discard": dict(s.discard),
                    "discard_hidden": s.discard_hidden,
                    "bag": len(s.bag),
                    "hand": len(s.hand),
                    "dead": dict(s.dead),
                    "clock": s.clock,
                    "away": s.away,
                }
                for p, s in state.seats.items()
            },
            "board": {h: {"owner": u.owner, "unit": u.unit, "stack": u.stack} for h, u in state.board.items()},
            "locations": {loc.id: {"hex": loc.hex, "kind": loc.kind, "control": state.control[loc.id]} for loc in board.locations},
            "controlled": {side: sum(1 for c in state.control.values() if c == side) for side in SIDES},
            "win_count": board.win_count,
            # The board's shape and rules and each seat's unit names, for the board image (MH-5, MH-10, MH-1).
            "radius": board.grid.radius,
            "necropolis_restricted": board.necropolis_restricted,
            "unit_names": {p: {u: self.plays(state).name(state, p, u) for u in s.units} for p, s in state.seats.items()},
            "seal_only_rounds": state.seal_only_rounds,
            "outcome": None
            if state.outcome is None
            else {
                "reason": state.outcome.reason,
                "winners": list(state.outcome.winners),
                "draw": state.outcome.draw,
                "side": state.outcome.teams[0] if state.outcome.teams else None,
            },
        }
        me = state.seats.get(viewer) if viewer is not None else None
        if me is not None:
            view["you"] = viewer
            view["hand"] = list(me.hand)
            view["bag_contents"] = sorted(me.bag)  # MH-50 / MH-P3: contents, never an order
            view["pending"] = None if me.pending is None else {"choice": me.pending.choice, "unit": me.pending.unit}
        return view

    def _known(self, state: MidnightHuntState, viewer: str) -> dict[str, Any] | None:
        return sampling.known(state)  # the public table whole: the seat's own cards are in its view

    def sample_state(self, view: dict[str, Any], player: str, chooser: random.Random) -> MidnightHuntState:
        """A full state consistent with ``player``'s view: others' hands, bags and Seal choices drawn at random."""
        return sampling.sample(view, player, chooser, self.rules)

    def describe(self, state: MidnightHuntState, viewer: str | None) -> str:
        from engines.midnight_hunt.text import describe

        return describe(self, state, viewer)

    # -- invariants ----------------------------------------------------------------------------------------

    def check_invariants(self, state: MidnightHuntState) -> None:
        board = self.board(state)
        for hex_, here in state.board.items():
            assert hex_ in board.grid, f"unit off the board at {hex_}"
            assert here.stack >= 1, f"empty stack at {hex_}"
            assert here.unit in state.seats[here.owner].units, f"undrafted unit at {hex_}"
        on_board = Counter((u.owner, u.unit) for u in state.board.values())
        assert all(n == 1 for n in on_board.values()), "two units of one type for one player (MH-23)"
        assert set(state.control) == {loc.id for loc in board.locations}
        assert set(state.control.values()) <= {None, *SIDES}
        for player, me in state.seats.items():
            assert len(me.hand) <= self.rules.hand_size
            if state.round == 0:
                continue  # still drafting (or the game ended during the draft)
            assert len(me.units) == board.picks
            # MH-15 / MH-30 / MH-42: every token is in exactly one place.
            places = Counter(me.bag) + Counter(me.hand)
            for unit in me.units:
                stack = next((u.stack for u in state.board.values() if u.owner == player and u.unit == unit), 0)
                total = places[unit] + me.supply[unit] + me.discard[unit] + me.dead[unit] + stack
                assert total == self.rules.units[unit].tokens, f"{player}'s {unit} tokens add up to {total}"
                assert min(me.supply[unit], me.discard[unit], me.dead[unit]) >= 0
            assert places[SEAL] + me.discard_hidden == 1, f"{player}'s Seal is lost or doubled"
            assert me.bag == sorted(me.bag)
            if me.pending is not None:
                assert me.discard_hidden == 1 and (me.pending.unit is None or me.supply[me.pending.unit] > 0)
        if state.outcome is None:
            assert state.prompts and state.prompts[0].kind == "turn"
            assert state.prompts[0].players == (state.current,)
            away = sorted(p for p, s in state.seats.items() if s.away)
            assert sorted(p.players[0] for p in state.prompts[1:]) == away
            if state.phase == "play":
                assert state.seats[state.current].hand, "the player to act has an empty hand"
        else:
            assert not state.prompts and state.phase == "over"
