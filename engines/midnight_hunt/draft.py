"""The draft (MH-14, MH-15): which unit types a player may pick, a pick, and the bags and hands it ends with."""

from __future__ import annotations

from typing import Any

from engines.core import Event, require
from engines.midnight_hunt.rules import SEAL
from engines.midnight_hunt.state import MidnightHuntState


class Draft:
    """The draft of :class:`~engines.midnight_hunt.engine.MidnightHunt` (a mixin)."""

    def _draftable(self, state: MidnightHuntState, player: str) -> list[str]:
        """MH-14: the faction's pool minus types already taken (by anyone in 1v1, by the side in 2v2)."""
        me = state.seats[player]
        exclusive_side = self.board(state).draft_exclusive == "side"
        taken = {u for s in state.seats.values() if not exclusive_side or s.side == me.side for u in s.units}
        return [u for u in self.rules.draft_pool(me.faction) if u not in taken]

    def _pick(self, state: MidnightHuntState, player: str, args: dict[str, Any], events: list[Event]) -> None:
        unit = args.get("unit")
        require(unit in self._draftable(state, player), "bad_unit", "that unit cannot be drafted", unit=unit)
        state.seats[player].units.append(unit)
        events.append(
            Event("mh.drafted", {"player": player, "unit": unit, "name": self.plays(state).name(state, player, unit)})
        )
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
