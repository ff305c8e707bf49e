"""The Seal token (MH-43 .. MH-48): its legal plays, and playing it face down with the choice kept secret."""

from __future__ import annotations

from typing import Any

from engines.core import Event, to
from engines.midnight_hunt.plays import Play
from engines.midnight_hunt.state import MidnightHuntState, Seal

SEAL_CHOICES = ("initiative", "recruit", "pass")


class SealPlays:
    """Seal plays in :class:`~engines.midnight_hunt.engine.MidnightHunt` (a mixin)."""

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
