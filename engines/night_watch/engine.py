"""Night Watch: Mafia on Babylon 5 (``shared/rules/night_watch.md``, rules NW-1 .. NW-25).

The game is a loop of three prompts:

* ``discussion`` (simultaneous, every living player may press "ready", NW-9);
* ``vote`` (simultaneous, changeable, tally public, NW-10 / NW-11);
* ``night`` (simultaneous, only living power holders, each with their own tasks, NW-12 .. NW-19).

Night 0 (NW-6) has no actions, so :meth:`setup` deals the roles, introduces the Watch and opens day 1 at once.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from engines.core import (
    CLOCK,
    HOST,
    NARRATOR,
    Action,
    Engine,
    Event,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    State,
    new_prompt_id,
    require,
    rng,
    team,
    to,
)
from engines.night_watch.roles import NIGHT_WATCH, ROLES, SECURITY, TASKS, TEAM_OF, check_counts, default_counts

#: NW-22: this many consecutive day+night cycles without an elimination end the game as a draw.
QUIET_CYCLES_FOR_DRAW = 3

Phase = Literal["discussion", "vote", "night", "over"]


@dataclass
class NightAction:
    """One night task done (or skipped, ``target=None``) by one player."""

    player: str
    role: str
    task: str
    target: str | None


@dataclass
class NightRecord:
    night: int
    actions: list[NightAction] = field(default_factory=list)
    watch_target: str | None = None
    dead: list[str] = field(default_factory=list)


@dataclass
class VoteRecord:
    day: int
    votes: dict[str, str] = field(default_factory=dict)
    jailed: str | None = None


@dataclass
class Elimination:
    player: str
    cause: Literal["night", "jail", "removed"]
    day: int


@dataclass(kw_only=True)
class NightWatchState(State):
    roles: dict[str, str]
    alive: list[str]
    phase: Phase = "discussion"
    day: int = 1
    ready: list[str] = field(default_factory=list)
    votes: dict[str, str] = field(default_factory=dict)
    #: This night's answers so far: player -> task -> target (None = skipped).
    night_answers: dict[str, dict[str, str | None]] = field(default_factory=dict)
    nights: list[NightRecord] = field(default_factory=list)
    vote_history: list[VoteRecord] = field(default_factory=list)
    eliminations: list[Elimination] = field(default_factory=list)
    quiet_cycles: int = 0
    eliminated_this_cycle: bool = False


class NightWatch(Engine):
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
        events.append(Event("nw.game_started", {"players": list(players), "counts": counts}))
        for player in players:
            events.append(Event("nw.your_role", {"role": state.roles[player]}, to(player)))
        watch = self._living_watch(state)
        events.append(Event("nw.watch_introduced", {"members": watch}, team("watch", watch)))  # NW-6
        self._start_day(state, events, dead=[])
        return state

    # -- legal actions -------------------------------------------------------------------------------------

    def _legal_actions(self, state: NightWatchState, player: str) -> list[Action]:
        prompt = state.prompts[0]
        if player == HOST:
            actions = [Action(HOST, prompt.id, "remove", {"player": p}) for p in state.alive]
            if state.phase == "discussion":
                actions.insert(0, Action(HOST, prompt.id, "skip"))
            return actions
        if player not in state.alive:
            return []
        actions: list[Action] = []
        if state.phase == "discussion" and player not in state.ready:
            actions.append(Action(player, prompt.id, "ready"))
        elif state.phase == "vote":
            actions += [
                Action(player, prompt.id, "vote", {"target": t})
                for t in state.alive
                if t != player and state.votes.get(player) != t
            ]
        elif state.phase == "night":
            for task in self._open_tasks(state, player):
                actions += [
                    Action(player, prompt.id, task, {"target": t}) for t in self._targets(state, player, task)
                ]
                actions.append(Action(player, prompt.id, "skip", {"task": task}))
        actions.append(Action(player, prompt.id, "leave"))  # NW-24: a player may leave at any time
        return actions

    def random_action(self, state, player, chooser: random.Random) -> Action | None:
        # Automatic players (playouts, the offline table's --auto) rarely leave or get removed, so games are
        # played out rather than emptied.
        actions = self.legal_actions(state, player)
        staying = [a for a in actions if a.kind not in ("leave", "remove")]
        if staying and chooser.random() > 0.01:
            return chooser.choice(staying)
        return chooser.choice(actions) if actions else None

    def _targets(self, state: NightWatchState, player: str, task: str) -> list[str]:
        if task == "kill":  # NW-13: a living non-Watch player; a changed proposal names someone new
            current = state.night_answers.get(player, {}).get("kill")
            return [p for p in state.alive if state.roles[p] not in NIGHT_WATCH and p != current]
        return [p for p in state.alive if p != player]  # NW-14 .. NW-18: anyone living but oneself

    def _open_tasks(self, state: NightWatchState, player: str) -> list[str]:
        """Tasks ``player`` may still answer tonight. A kill proposal may be changed until the night closes."""
        answered = state.night_answers.get(player, {})
        role = state.roles[player]
        return [t for t in TASKS.get(role, ()) if t not in answered or (t == "kill" and answered[t] is not None)]

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

    def _on_ready(self, state: NightWatchState, action: Action, events: list[Event]) -> None:
        require(action.kind == "ready", "wrong_phase", "it is discussion time: you can only get ready to vote")
        require(action.player not in state.ready, "already_done", "you are already ready to vote")
        state.ready.append(action.player)
        events.append(Event("nw.ready", {"count": len(state.ready), "needed": self._ready_needed(state)}))
        if len(state.ready) >= self._ready_needed(state):  # NW-9: more than half of the living
            self._close_phase(state, events)

    @staticmethod
    def _ready_needed(state: NightWatchState) -> int:
        return len(state.alive) // 2 + 1

    def _on_vote(self, state: NightWatchState, action: Action, events: list[Event]) -> None:
        require(action.kind == "vote", "wrong_phase", "it is time to vote")
        target = action.args.get("target")
        require(target in state.alive, "bad_target", "vote for a living player")
        require(target != action.player, "bad_target", "you cannot vote for yourself", target="yourself")  # NW-10
        state.votes[action.player] = target
        events.append(Event("nw.vote_cast", {"voter": action.player, "target": target, "tally": self._tally(state)}))
        if all(p in state.votes for p in state.alive):
            self._close_phase(state, events)

    def _on_night_action(self, state: NightWatchState, action: Action, events: list[Event]) -> None:
        player, role = action.player, state.roles[action.player]
        task = action.args.get("task") if action.kind == "skip" else action.kind
        require(task in TASKS.get(role, ()), "bad_action", "your role has no such power tonight")
        require(task in self._open_tasks(state, player), "already_done", "you have already done that tonight")
        target = None
        if action.kind != "skip":
            target = action.args.get("target")
            require(target in self._targets(state, player, task), "bad_target", "you cannot pick that player")
        state.night_answers.setdefault(player, {})[task] = target
        state.nights[-1].actions.append(NightAction(player, role, task, target))
        if task == "kill":  # NW-13: every proposal (or its withdrawal) is shown at once in the Watch channel
            watch = self._living_watch(state)
            if target is None:  # a skip proposes nobody: its own event, so no "None" is ever worded
                events.append(Event("nw.watch_no_proposal", {"player": player}, team("watch", watch)))
            else:
                events.append(Event("nw.watch_proposal", {"player": player, "target": target}, team("watch", watch)))
        elif task == "check" and target is not None:  # NW-14 / NW-17: told at once, privately
            if role == "garibaldi":
                found = state.roles[target] in NIGHT_WATCH
                events.append(Event("nw.check_watch", {"target": target, "result": found}, to(player)))
            else:
                found = state.roles[target] in SECURITY
                events.append(Event("nw.check_security", {"target": target, "result": found}, to(player)))
        if self._night_complete(state):
            self._close_phase(state, events)

    def _night_complete(self, state: NightWatchState) -> bool:
        return all(
            task in state.night_answers.get(p, {}) for p in self._night_actors(state) for task in TASKS[state.roles[p]]
        )

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

    def _resolve_vote(self, state: NightWatchState, events: list[Event]) -> None:
        tally = Counter(state.votes.values())
        record = VoteRecord(state.day, dict(state.votes))
        state.vote_history.append(record)
        if tally:  # NW-11; nobody voted -> nobody is jailed
            top = max(tally.values())
            tied = [p for p in state.alive if tally.get(p) == top]
            record.jailed = tied[0] if len(tied) == 1 else rng(state).choice(tied)
            events.append(Event("nw.jailed", {"player": record.jailed, "tally": dict(tally), "tied": tied}))
            self._eliminate(state, record.jailed, "jail", events)
        else:
            events.append(Event("nw.nobody_jailed", {}))
        if self._check_end(state, events):
            return
        self._start_night(state, events)

    def _start_night(self, state: NightWatchState, events: list[Event]) -> None:
        night = state.day  # night n follows day n
        state.nights.append(NightRecord(night))
        state.night_answers = {}
        events.append(Event("nw.night_falls", {"night": night}))
        actors = self._night_actors(state)
        self._open(state, "night", state.options["night_seconds"], tuple(actors))
        if not actors:  # nobody holds a power (all dead): the night passes at once
            self._resolve_night(state, events)

    def _night_actors(self, state: NightWatchState) -> list[str]:
        """NW-12 / NW-20: the living players whose role has a night power."""
        return [p for p in state.alive if state.roles[p] in TASKS]

    def _resolve_night(self, state: NightWatchState, events: list[Event]) -> None:
        record = state.nights[-1]
        proposals = {p: a["kill"] for p, a in state.night_answers.items() if a.get("kill") is not None}
        record.watch_target = self._watch_target(state, proposals)
        shots = [record.watch_target] + [
            a.get("shoot") for p, a in state.night_answers.items() if state.roles[p] in ("zack", "bester")
        ]
        saved = next(
            (a.get("save") for p, a in state.night_answers.items() if state.roles[p] == "franklin"), None
        )
        hit = {t for t in shots if t is not None and t != saved}  # NW-19
        record.dead = [p for p in state.alive if p in hit]
        state.day += 1
        for player in record.dead:
            self._eliminate(state, player, "night", events, announce=False)
        # NW-22: a cycle is a day and the night after it.
        state.quiet_cycles = 0 if state.eliminated_this_cycle else state.quiet_cycles + 1
        state.eliminated_this_cycle = False
        self._start_day(state, events, dead=record.dead)

    def _watch_target(self, state: NightWatchState, proposals: dict[str, str]) -> str | None:
        """NW-13: most proposals; a tie goes to Wells's pick if he made one of the tied, else random."""
        if not proposals:
            return None
        tally = Counter(proposals.values())
        top = max(tally.values())
        tied = [p for p in state.players if tally.get(p) == top]
        if len(tied) == 1:
            return tied[0]
        wells_pick = next((t for p, t in proposals.items() if state.roles[p] == "wells"), None)
        if wells_pick in tied:
            return wells_pick
        return rng(state).choice(tied)

    def _start_day(self, state: NightWatchState, events: list[Event], dead: list[str]) -> None:
        events.append(Event("nw.dawn", {"day": state.day, "dead": dead}))  # NW-8: never who or what killed them
        if state.options["reveal_roles"]:
            events += [Event("nw.role_revealed", {"player": p, "role": state.roles[p]}) for p in dead]
        if self._check_end(state, events):
            return
        if state.quiet_cycles >= QUIET_CYCLES_FOR_DRAW:
            self._finish(state, events, Outcome((), "stalemate", draw=True))
            return
        state.ready = []
        self._open(state, "discussion", state.options["discussion_seconds"], tuple(state.alive))
        events.append(Event("nw.discussion_opened", {"day": state.day, "needed": self._ready_needed(state)}))

    def _open(self, state: NightWatchState, phase: Phase, seconds: int, players: tuple[str, ...]) -> None:
        state.phase = phase
        state.prompts = [Prompt(new_prompt_id(state, phase), "simultaneous", players, seconds, f"nw.{phase}")]

    def _eliminate(self, state, player: str, cause, events: list[Event], announce: bool = True) -> None:
        state.alive.remove(player)
        state.eliminations.append(Elimination(player, cause, state.day))
        state.eliminated_this_cycle = True
        if announce and state.options["reveal_roles"]:  # NW-8
            events.append(Event("nw.role_revealed", {"player": player, "role": state.roles[player]}))

    def _remove(self, state: NightWatchState, player: str, events: list[Event]) -> None:
        """NW-24: a player who left (or was removed by the host) is eliminated, with no killer credited."""
        events.append(Event("nw.player_left", {"player": player}))
        self._eliminate(state, player, "removed", events)
        state.ready = [p for p in state.ready if p != player]
        state.votes = {v: t for v, t in state.votes.items() if v != player and t != player}
        if state.phase == "night":
            state.night_answers = {
                p: {task: (None if t == player else t) for task, t in answers.items()}
                for p, answers in state.night_answers.items()
                if p != player
            }
        if self._check_end(state, events):
            return
        prompt = state.prompts[0]
        players = self._night_actors(state) if state.phase == "night" else state.alive
        state.prompts = [Prompt(prompt.id, prompt.kind, tuple(players), prompt.timeout, prompt.key)]
        if state.phase == "discussion" and len(state.ready) >= self._ready_needed(state):
            self._close_phase(state, events)
        elif state.phase == "vote" and state.votes and all(p in state.votes for p in state.alive):
            self._close_phase(state, events)
        elif state.phase == "night" and self._night_complete(state):
            self._close_phase(state, events)

    # -- the end -------------------------------------------------------------------------------------------

    def _check_end(self, state: NightWatchState, events: list[Event]) -> bool:
        """NW-21, in the rule's order."""
        alive_roles = [state.roles[p] for p in state.alive]
        outcome: Outcome | None = None
        if not alive_roles:
            outcome = Outcome((), "nobody_alive", draw=True)
        elif alive_roles == ["bester"]:
            outcome = Outcome(tuple(state.alive), "psi_cop_wins", teams=("bester",))
        elif not any(r in NIGHT_WATCH for r in alive_roles):
            outcome = Outcome(self._team_players(state, "station"), "station_wins", teams=("station",))
        elif all(r in NIGHT_WATCH for r in alive_roles):
            outcome = Outcome(self._team_players(state, "watch"), "watch_wins", teams=("watch",))
        if outcome is None:
            return False
        self._finish(state, events, outcome)
        return True

    def _finish(self, state: NightWatchState, events: list[Event], outcome: Outcome) -> None:
        state.outcome = outcome
        state.phase = "over"
        state.prompts = []
        events.append(Event("nw.game_over", {"outcome": outcome.reason, "winners": list(outcome.winners), **self._reveal(state)}))

    def _reveal(self, state: NightWatchState) -> dict[str, Any]:
        """NW-23: every role, every night's actions, the vote history and the seed."""
        from engines.serial import to_plain

        return {
            "roles": dict(state.roles),
            "nights": to_plain(state.nights),
            "votes": to_plain(state.vote_history),
            "seed": state.seed,
        }

    @staticmethod
    def _team_players(state: NightWatchState, name: str) -> tuple[str, ...]:
        return tuple(p for p in state.players if TEAM_OF[state.roles[p]] == name)

    @staticmethod
    def _living_watch(state: NightWatchState) -> list[str]:
        return [p for p in state.alive if state.roles[p] in NIGHT_WATCH]

    def _tally(self, state: NightWatchState) -> dict[str, int]:
        return dict(Counter(state.votes.values()))

    # -- views ---------------------------------------------------------------------------------------------

    def _view(self, state: NightWatchState, viewer: str | None) -> dict[str, Any]:
        reveal = state.options["reveal_roles"]
        over = state.outcome is not None
        dead = [e.player for e in state.eliminations]
        view: dict[str, Any] = {
            "phase": state.phase,
            "day": state.day,
            "players": list(state.players),
            "alive": list(state.alive),
            "dead": dead,
            "revealed_roles": dict(state.roles) if over else ({p: state.roles[p] for p in dead} if reveal else {}),
            "ready": len(state.ready) if state.phase == "discussion" else 0,
            "ready_needed": self._ready_needed(state),
            "votes": dict(state.votes) if state.phase == "vote" else {},
            "tally": self._tally(state) if state.phase == "vote" else {},
            "vote_history": [{"day": r.day, "votes": dict(r.votes), "jailed": r.jailed} for r in state.vote_history],
            "outcome": None if state.outcome is None else {"reason": state.outcome.reason, "winners": list(state.outcome.winners)},
        }
        if over:
            view.update(self._reveal(state))
        if viewer == NARRATOR:  # NW-25: the narrator sees every role and tonight's answers
            view["roles"] = dict(state.roles)
            view["watch"] = [p for p in state.players if state.roles[p] in NIGHT_WATCH]
            view["night_answers"] = {p: dict(a) for p, a in state.night_answers.items()} if state.phase == "night" else {}
            return view
        if viewer is None or viewer not in state.roles:
            return view
        role = state.roles[viewer]
        view["you"] = viewer
        view["role"] = role
        if role in NIGHT_WATCH:  # NW-6: the Watch know each other
            view["watch"] = [p for p in state.players if state.roles[p] in NIGHT_WATCH]
            if state.phase == "night" and viewer in state.alive:  # NW-20, NW-P3: only the living Watch
                view["watch_proposals"] = {
                    p: a["kill"] for p, a in state.night_answers.items() if a.get("kill") is not None
                }
        checks = [
            {"night": n.night, "target": a.target, "result": self._check_result(state, role, a.target)}
            for n in state.nights
            for a in n.actions
            if a.player == viewer and a.task == "check" and a.target is not None
        ]
        if checks:
            view["checks"] = checks
        if state.phase == "night" and viewer in state.alive:
            view["night_tasks"] = self._open_tasks(state, viewer)
            view["night_answers"] = dict(state.night_answers.get(viewer, {}))
        return view

    @staticmethod
    def _check_result(state: NightWatchState, role: str, target: str) -> bool:
        return state.roles[target] in (NIGHT_WATCH if role == "garibaldi" else SECURITY)

    def describe(self, state: NightWatchState, viewer: str | None) -> str:
        view = self.view(state, viewer)
        roles = view["revealed_roles"]
        lines = [f"Day {view['day']} - {view['phase']}"]
        for p in state.players:
            mark = "alive" if p in view["alive"] else f"out ({roles.get(p, '?')})"
            lines.append(f"  {p}: {mark}")
        if view["tally"]:
            lines.append("  tally: " + ", ".join(f"{p}={n}" for p, n in view["tally"].items()))
        if "role" in view:
            lines.append(f"  you are {view['role']}")
        return "\n".join(lines)

    def check_invariants(self, state: NightWatchState) -> None:
        assert set(state.alive) <= set(state.players)
        assert len({e.player for e in state.eliminations}) == len(state.eliminations)
        assert set(state.alive).isdisjoint(e.player for e in state.eliminations)
        assert len(state.alive) + len(state.eliminations) == len(state.players)
        assert (state.outcome is None) == bool(state.prompts)
        for prompt in state.prompts:
            assert set(prompt.players) <= set(state.alive)
