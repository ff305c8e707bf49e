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

This module wires the contract of :class:`engines.core.Engine` (options, setup, and which rule an action goes to)
to mixins that hold the rules, one job each:

* :mod:`~engines.midnight_hunt.draft` — the draft (MH-14, MH-15);
* :mod:`~engines.midnight_hunt.rounds` — rounds, turns and the turn prompt (MH-17 .. MH-21, MH-56, MH-57);
* :mod:`~engines.midnight_hunt.actions` — the legal actions and the automatic players' pick;
* :mod:`~engines.midnight_hunt.seal` — Seal plays (MH-43 .. MH-48); unit plays are :mod:`~engines.midnight_hunt.plays`;
* :mod:`~engines.midnight_hunt.leaving` and :mod:`~engines.midnight_hunt.ending` — leaving and timeouts
  (MH-55 .. MH-57), and the end (MH-52 .. MH-54, MH-59);
* :mod:`~engines.midnight_hunt.views` and :mod:`~engines.midnight_hunt.invariants` — what each viewer sees, what
  always holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import CLOCK, HOST, Action, Engine, Event, IllegalAction, Option, require, rng
from engines.midnight_hunt.actions import Actions
from engines.midnight_hunt.draft import Draft
from engines.midnight_hunt.ending import Ending
from engines.midnight_hunt.invariants import Invariants
from engines.midnight_hunt.leaving import Leaving
from engines.midnight_hunt.plays import Plays
from engines.midnight_hunt.rounds import Rounds
from engines.midnight_hunt.rules import DEFAULT_RULES, FACTIONS, SEAL, SIDES, Board, Ruleset, other
from engines.midnight_hunt.seal import SealPlays
from engines.midnight_hunt.state import MidnightHuntState, PlayerState
from engines.midnight_hunt.views import Views


class MidnightHunt(Draft, Rounds, Actions, SealPlays, Leaving, Ending, Views, Invariants, Engine):
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
        return tuple(
            o for o in self.options if not (o.name.startswith("faction_") and int(o.name.rpartition("_")[2]) > seats)
        )

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
