"""What each viewer may see (NW-8, NW-20, NW-P1 .. NW-P3), as the dict :meth:`Engine.view` returns, and its text
for the offline table."""

from __future__ import annotations

from typing import Any

from engines.core import NARRATOR, Say
from engines.night_watch.roles import NIGHT_WATCH, SECURITY
from engines.night_watch.state import NightWatchState


class Views:
    """The views of :class:`~engines.night_watch.engine.NightWatch` (a mixin)."""

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

    def board_text(self, state: NightWatchState, viewer: str | None, say: Say) -> str:
        """:meth:`describe` in the catalogues' words (the offline table, any language)."""
        view = self.view(state, viewer)
        out = [p for p in state.players if p not in view["alive"]]
        lines = [say("nw.status", day=view["day"], phase=view["phase"], alive=list(view["alive"]), out=out)]
        for p in out:
            role = view["revealed_roles"].get(p)
            if role:
                lines.append("  " + say("nw.table.out_role", player=p, role=role))
        if view["tally"]:
            lines.append("  " + say("nw.table.tally", tally=dict(view["tally"])))
        if "role" in view:
            lines.append(say("nw.your_role", role=view["role"]))
        return "\n".join(lines)

