"""The night (NW-12 .. NW-19): the power holders' tasks, answered, changed or skipped, and the night resolved
into who dies and what each check learns."""

from __future__ import annotations

from collections import Counter

from engines.core import Action, Event, require, rng, team, to
from engines.night_watch.roles import NIGHT_WATCH, SECURITY, TASKS
from engines.night_watch.state import NightAction, NightRecord, NightWatchState


class Night:
    """The night of :class:`~engines.night_watch.engine.NightWatch` (a mixin)."""

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

