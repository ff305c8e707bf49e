"""What each viewer may see (MH-P1 .. MH-P5), what a seat knows for the computer players, and the text view."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engines.midnight_hunt import sampling
from engines.midnight_hunt.rules import SIDES
from engines.midnight_hunt.state import MidnightHuntState

if TYPE_CHECKING:
    from engines.core import Say


class Views:
    """The views of :class:`~engines.midnight_hunt.engine.MidnightHunt` (a mixin)."""

    def _view(self, state: MidnightHuntState, viewer: str | None) -> dict[str, Any]:
        """MH-49: everything public; MH-50: a seated viewer also sees their own hand, bag contents (unordered)
        and pending Seal choice. A spectator (``None`` or anyone not seated) sees the public view only (MH-P4)."""
        board = self.board(state)
        view: dict[str, Any] = {
            "mode": state.mode,
            "phase": state.phase,
            "round": state.round,
            "initiative": state.initiative,
            "first_side": state.first_side,
            "turn": state.current if state.outcome is None else None,
            "order": list(state.order),
            "seats": {
                p: {
                    "seat": s.seat,
                    "side": s.side,
                    "faction": s.faction,
                    "units": list(s.units),
                    "supply": dict(s.supply),
                    "discard": dict(s.discard),
                    "discard_hidden": s.discard_hidden,
                    "bag": len(s.bag),
                    "hand": len(s.hand),
                    "dead": dict(s.dead),
                    "clock": s.clock,
                    "away": s.away,
                }
                for p, s in state.seats.items()
            },
            "board": {h: {"owner": u.owner, "unit": u.unit, "stack": u.stack} for h, u in state.board.items()},
            "locations": {
                loc.id: {"hex": loc.hex, "kind": loc.kind, "control": state.control[loc.id]} for loc in board.locations
            },
            "controlled": {side: sum(1 for c in state.control.values() if c == side) for side in SIDES},
            "win_count": board.win_count,
            # The board's shape and rules and each seat's unit names, for the board image (MH-5, MH-10, MH-1).
            "radius": board.grid.radius,
            "necropolis_restricted": board.necropolis_restricted,
            "unit_names": {
                p: {u: self.plays(state).name(state, p, u) for u in s.units} for p, s in state.seats.items()
            },
            "seal_only_rounds": state.seal_only_rounds,
            "outcome": None
            if state.outcome is None
            else {
                "reason": state.outcome.reason,
                "winners": list(state.outcome.winners),
                "draw": state.outcome.draw,
                "side": state.outcome.teams[0] if state.outcome.teams else None,
            },
        }
        me = state.seats.get(viewer) if viewer is not None else None
        if me is not None:
            view["you"] = viewer
            view["hand"] = list(me.hand)
            view["bag_contents"] = sorted(me.bag)  # MH-50 / MH-P3: contents, never an order
            view["pending"] = None if me.pending is None else {"choice": me.pending.choice, "unit": me.pending.unit}
        return view

    def _known(self, state: MidnightHuntState, viewer: str) -> dict[str, Any] | None:
        return sampling.known(state)  # the public table whole: the seat's own cards are in its view

    def sample_state(self, view: dict[str, Any], player: str, chooser: random.Random) -> MidnightHuntState:
        """A full state consistent with ``player``'s view: others' hands, bags and Seal choices drawn at random."""
        return sampling.sample(view, player, chooser, self.rules)

    def describe(self, state: MidnightHuntState, viewer: str | None) -> str:
        from engines.midnight_hunt.text import describe

        return describe(self, state, viewer)

    def board_text(self, state: MidnightHuntState, viewer: str | None, say: Say) -> str:
        """:meth:`describe` in the catalogues' words (the offline table, any language)."""
        from engines.midnight_hunt.text import board_text

        return board_text(self, state, viewer, say)
