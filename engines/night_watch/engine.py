"""Night Watch: Mafia on Babylon 5 (``shared/rules/night_watch.md``, rules NW-1 .. NW-25).

The game is a loop of three prompts:

* ``discussion`` (simultaneous, every living player may press "ready", NW-9);
* ``vote`` (simultaneous, changeable, tally public, NW-10 / NW-11);
* ``night`` (simultaneous, only living power holders, each with their own tasks, NW-12 .. NW-19).

Night 0 (NW-6) has no actions, so :meth:`setup` deals the roles, introduces the Watch and opens day 1 at once.

This module wires the contract of :class:`engines.core.Engine` (options, setup, which rule an action goes to, the
phase a timeout closes) to mixins that hold the rules, one job each: :mod:`~engines.night_watch.actions` (the
legal actions), :mod:`~engines.night_watch.day` (discussion, vote, dawn), :mod:`~engines.night_watch.night` (the
night's tasks and their resolution), :mod:`~engines.night_watch.eliminations` (a player out of the game),
:mod:`~engines.night_watch.ending` (who has won, the final reveal) and :mod:`~engines.night_watch.views`; the state
is :mod:`~engines.night_watch.state`, the role table :mod:`~engines.night_watch.roles`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core import (
    CLOCK,
    HOST,
    Action,
    Engine,
    Event,
    IllegalAction,
    Option,
    Prompt,
    new_prompt_id,
    require,
    rng,
    team,
    to,
)
from engines.night_watch.actions import Actions
from engines.night_watch.day import Day
from engines.night_watch.eliminations import Eliminating
from engines.night_watch.ending import Ending
from engines.night_watch.night import Night
from engines.night_watch.roles import ROLES, check_counts, default_counts
from engines.night_watch.state import NightWatchState, Phase
from engines.night_watch.views import Views


class NightWatch(Actions, Day, Night, Eliminating, Ending, Views, Engine):
    name = "night_watch"
    prefix = "nw"
    state_class = NightWatchState
    min_players = 5  # NW-1
    max_players = 25
    recommended_players = 10
    options = (
        Option("discussion_seconds", 180, "int", 30, 1800),  # NW-9
        Option("vote_seconds", 60, "int", 15, 600),  # NW-10
        Option("night_seconds", 90, "int", 15, 600),  # NW-12
        Option("reveal_roles", True, "bool"),  # NW-8
        Option("roles", None, "counts", choices=ROLES),  # NW-4
    )

    # -- setup ---------------------------------------------------------------------------------------------

    def suggested_option(self, name: str, n_players: int) -> Any:
        if name == "roles":  # NW-3: the default table for this many players
            return default_counts(max(self.min_players, min(n_players, self.max_players)))
        return super().suggested_option(name, n_players)

    def _check_options(self, options: dict[str, Any], n_players: int) -> None:
        if options["roles"] is not None:
            check_counts(options["roles"], n_players)

    def _setup(self, players, options, seed, overrides, events) -> NightWatchState:
        counts = options["roles"] or default_counts(len(players))
        state = NightWatchState(players=players, seed=seed, options=options, roles={}, alive=list(players))
        if "roles" in overrides:  # scenario play: a narrator dealt physical cards
            roles = dict(overrides["roles"])
            require(set(roles) == set(players), "bad_override", "give every seated player exactly one role")
            require(all(r in ROLES for r in roles.values()), "bad_override", "unknown role in the override")
            check_counts(Counter(roles.values()), len(players))
        else:  # NW-5: a uniform deal from the seeded RNG
            deck = [role for role in ROLES for _ in range(counts[role])]
            rng(state).shuffle(deck)
            roles = dict(zip(players, deck))
        state.roles = {p: roles[p] for p in players}
        counts = dict(Counter(state.roles.values()))
        events.append(Event("nw.game_started", {"players": list(players), "roles": counts}))
        for player in players:
            events.append(Event("nw.your_role", {"role": state.roles[player]}, to(player)))
        watch = self._living_watch(state)
        events.append(Event("nw.watch_introduced", {"members": watch}, team("watch", watch)))  # NW-6
        self._start_day(state, events, dead=[])
        return state

    # -- apply ---------------------------------------------------------------------------------------------

    def _apply(self, state: NightWatchState, action: Action, events: list[Event]) -> None:
        if action.player == CLOCK:
            self._close_phase(state, events)
            return
        if action.kind == "leave":
            require(action.player in state.alive, "not_alive", "only a living player can leave")
            self._remove(state, action.player, events)
            return
        if action.player == HOST:
            if action.kind == "skip":
                require(state.phase == "discussion", "wrong_phase", "only the discussion can be skipped")
                self._close_phase(state, events)
            elif action.kind == "remove":
                target = action.args.get("player")
                require(target in state.alive, "bad_target", "that player is not in the game any more")
                self._remove(state, target, events)
            else:
                raise IllegalAction("bad_action", f"the host cannot {action.kind}")
            return
        require(action.player in state.players, "not_a_player", "you are not playing in this game")
        require(action.player in state.alive, "not_alive", "eliminated players take no actions")  # NW-20
        handler = {"discussion": self._on_ready, "vote": self._on_vote, "night": self._on_night_action}
        handler[state.phase](state, action, events)

    # -- phase changes -------------------------------------------------------------------------------------

    def _close_phase(self, state: NightWatchState, events: list[Event]) -> None:
        if state.phase == "discussion":
            self._open(state, "vote", state.options["vote_seconds"], tuple(state.alive))
            state.votes = {}
            events.append(Event("nw.vote_opened", {"day": state.day, "candidates": list(state.alive)}))
        elif state.phase == "vote":
            self._resolve_vote(state, events)
        elif state.phase == "night":
            self._resolve_night(state, events)

    def _open(self, state: NightWatchState, phase: Phase, seconds: int, players: tuple[str, ...]) -> None:
        state.phase = phase
        state.prompts = [Prompt(new_prompt_id(state, phase), "simultaneous", players, seconds, f"nw.{phase}")]

    # -- invariants ----------------------------------------------------------------------------------------

    def check_invariants(self, state: NightWatchState) -> None:
        assert set(state.alive) <= set(state.players)
        assert len({e.player for e in state.eliminations}) == len(state.eliminations)
        assert set(state.alive).isdisjoint(e.player for e in state.eliminations)
        assert len(state.alive) + len(state.eliminations) == len(state.players)
        assert (state.outcome is None) == bool(state.prompts)
        for prompt in state.prompts:
            assert set(prompt.players) <= set(state.alive)
