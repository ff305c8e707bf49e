"""The day (NW-8 .. NW-11, NW-22): dawn with its dead and the stalemate guard, the discussion with its ready
count, and the vote with who is jailed."""

from __future__ import annotations

from collections import Counter

from engines.core import Action, Event, Outcome, require, rng
from engines.night_watch.state import NightWatchState, VoteRecord

#: NW-22: this many consecutive day+night cycles without an elimination end the game as a draw.
QUIET_CYCLES_FOR_DRAW = 3


class Day:
    """The day of :class:`~engines.night_watch.engine.NightWatch` (a mixin)."""

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

