"""The score (KS-24, KS-26, KS-27, KS-29, KS-30): round points, totals less penalty cards, the final standings and
the end of the game."""

from __future__ import annotations

from typing import Any

from engines.core import Event, Outcome
from engines.kdyz_snim.roles import MIN_PLAYERS, final_ranking, round_points
from engines.kdyz_snim.state import KdyzSnimState, Round


class Scores:
    """Scoring and the end of :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    @staticmethod
    def _points(state: KdyzSnimState) -> dict[str, int]:
        """Round points so far (revealed rounds only)."""
        points = {p: 0 for p in state.players}
        for r in state.rounds:
            if r.revealed:
                for p, v in Scores.round_points(r).items():
                    points[p] += v
        return points

    @staticmethod
    def round_points(r: Round) -> dict[str, int]:
        """KS-24 / KS-26: every player's points for a round (the dreamer and each card holder, left or not)."""
        yellow, blue = r.count("yellow"), r.count("blue")
        points = {r.dreamer: round_points("dreamer", yellow, blue, r.recap_bonus)}
        points.update({p: round_points(role, yellow, blue) for p, role in r.roles.items()})
        return points

    def _totals(self, state: KdyzSnimState) -> dict[str, int]:
        """KS-27: points minus the penalty cards so far."""
        points = self._points(state)
        return {p: points[p] - state.penalties[p] for p in state.players}

    def _finish(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-29 / KS-30: final score = round points − penalty cards; ties go to fewer penalties, then shared."""
        state.phase = "over"
        state.prompts = []
        standings = self.standings(state)
        winners = tuple(s["player"] for s in standings if s["rank"] == 1)
        reason = "too_few_players" if len(self._active(state)) < MIN_PLAYERS else "all_dreamt"
        for s in standings:
            events.append(Event("ks.final_standing", dict(s)))
        for r in state.rounds:
            events.append(Event("ks.spare_revealed", {"round": r.number, "role": r.spare}))
        events.append(Event("ks.game_over", {"reason": reason, "winners": list(winners), "seed": state.seed}))
        state.outcome = Outcome(winners, reason, params={"scores": {s["player"]: s["score"] for s in standings}})

    def standings(self, state: KdyzSnimState) -> list[dict[str, Any]]:
        """KS-29: every player (including those who left, marked) by final score, then fewer penalty cards."""
        points = self._points(state)
        return [
            {
                "rank": rank,
                "player": p,
                "points": points[p],
                "penalties": state.penalties[p],
                "score": points[p] - state.penalties[p],
                "left": p in state.left,
            }
            for p, rank in final_ranking(points, state.penalties)
        ]
