"""The end of a game (GH-32, GH-33): at once, with every hand and the seed shown publicly."""

from __future__ import annotations

from engines.core import PUBLIC, Event, Outcome
from engines.ghost_at_home.cards import GHOST, sort_cards
from engines.ghost_at_home.state import GhostState


class Ending:
    """The end of :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def _finish(self, state: GhostState, outcome: Outcome, events: list[Event]) -> None:
        """GH-32 / GH-33: the game ends at once; every hand and the seed are shown publicly."""
        state.outcome = outcome
        state.phase = "over"
        state.prompts = []
        if state.attack is not None:  # a ghost still on its way when the game ends goes to the discard pile
            state.discard.append(GHOST)
            state.attack = None
        state.escape = None
        events.append(
            Event(
                "gh.game_over",
                {
                    "outcome": outcome.reason,
                    "winners": list(outcome.winners),
                    "cards": {p: sort_cards(state.hands[p]) for p in state.players},
                    "seed": state.seed,
                },
                PUBLIC,
            )
        )

