"""What each viewer may see (GH-6, GH-P1 .. GH-P6), what a seat knows for the computer players, and the text
view."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engines.ghost_at_home import sampling
from engines.ghost_at_home.cards import sort_cards
from engines.ghost_at_home.house import slot_args
from engines.ghost_at_home.render import board_text, describe_table
from engines.ghost_at_home.state import GhostState

if TYPE_CHECKING:
    from engines.core import Say


class Views:
    """The views of :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def _view(self, state: GhostState, viewer: str | None) -> dict[str, Any]:
        """GH-6: houses, hand sizes, deck and discard sizes are public; a hand only to its owner (GH-P1), the
        discard pile's faces and the deck order to nobody (GH-P2, GH-P6) until the game ends (GH-33)."""
        attack = state.attack
        escape = state.escape
        view: dict[str, Any] = {
            "players": list(state.players),
            "seats": list(state.seats),
            "phase": state.phase,
            "turn": state.turn,
            "current": state.current,
            "waiting_for": [p for prompt in state.prompts for p in prompt.players],
            "houses": {p: state.houses[p].public() for p in state.players},
            "hand_sizes": {p: len(state.hands[p]) for p in state.players},
            "deck_size": len(state.deck),
            "discard_size": len(state.discard),
            "attack": None
            if attack is None
            else {
                "attacker": attack.attacker,
                "defender": attack.defender,
                "source": attack.source,
                **slot_args(attack.slot),
            },
            "escape": None
            if escape is None
            else {"escaper": escape.escaper, "window": escape.window, "ghosts": escape.ghosts},
            "outcome": None
            if state.outcome is None
            else {"reason": state.outcome.reason, "winners": list(state.outcome.winners)},
        }
        if state.outcome is not None:  # GH-33
            view["hands"] = {p: sort_cards(state.hands[p]) for p in state.players}
            view["seed"] = state.seed
        if viewer in state.hands:
            view["you"] = viewer
            view["hand"] = sort_cards(state.hands[viewer])
        return view

    def _known(self, state: GhostState, viewer: str) -> dict[str, Any] | None:
        return sampling.known(state)  # the public table whole: the seat's own cards are in its view

    def sample_state(self, view: dict[str, Any], player: str, chooser: random.Random) -> GhostState:
        """A full state consistent with ``player``'s view: the cards they cannot see dealt at random."""
        return sampling.sample(view, player, chooser)

    def describe(self, state: GhostState, viewer: str | None) -> str:
        return describe_table(self.view(state, viewer))

    def board_text(self, state: GhostState, viewer: str | None, say: Say) -> str:
        """:meth:`describe` in the catalogues' words (the offline table, any language)."""
        return board_text(self.view(state, viewer), say)

