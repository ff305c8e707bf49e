"""Who is where at the table (KS-7, KS-10, KS-13, KS-31): players still in, clue givers, the next dreamer; the
open prompts by name; and events and words only the non-dreamers may have."""

from __future__ import annotations

from typing import Any

from engines.core import Event, Prompt, to
from engines.kdyz_snim.state import KdyzSnimState
from engines.kdyz_snim.words import element


class Table:
    """Seat queries of :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin: every method reads the state only)."""

    @staticmethod
    def _active(state: KdyzSnimState) -> list[str]:
        """Players still in the game, in seat order (KS-31)."""
        return [p for p in state.players if p not in state.left]

    def _clue_givers(self, state: KdyzSnimState) -> list[str]:
        """KS-13: the non-dreamers still in the game, starting left of the dreamer and going clockwise."""
        dreamer = state.round.dreamer
        start = state.players.index(dreamer) + 1
        seats = state.players[start:] + state.players[:start]
        return [p for p in seats if p != dreamer and p not in state.left]

    def _next_clue_giver(self, state: KdyzSnimState, after: str) -> str | None:
        """KS-13: the next clue giver clockwise after ``after`` (who may have just left)."""
        n = len(state.players)
        start = state.players.index(after)
        for step in range(1, n + 1):
            p = state.players[(start + step) % n]
            if p != state.round.dreamer and p not in state.left:
                return p
        return None

    def _receivers(self, state: KdyzSnimState) -> list[str]:
        """KS-10 / KS-P5: who may see this round's elements: the non-dreamers still in the game."""
        dreamer = state.round.dreamer
        return [p for p in self._active(state) if p != dreamer]

    def _next_dreamer(self, state: KdyzSnimState) -> str | None:
        """KS-7 / KS-31: the next seat after the current dreamer still in the game; ``None`` when all have dreamt."""
        start = state.players.index(state.round.dreamer) + 1
        return next((p for p in state.players[start:] if p not in state.left), None)

    @staticmethod
    def _find_prompt(state: KdyzSnimState, name: str) -> Prompt | None:
        return next((p for p in state.prompts if p.id.split("#")[0] == name), None)

    def _private(self, state: KdyzSnimState, key: str, params: dict[str, Any], events: list[Event]) -> None:
        """An event for the non-dreamers still in the game (never the dreamer, never public)."""
        receivers = self._receivers(state)
        if receivers:
            events.append(Event(key, params, to(*receivers)))

    def _word(self, state: KdyzSnimState, element_id: str) -> str:
        return element(element_id).word(state.options["language"])
