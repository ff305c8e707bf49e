"""How a game of Midnighters ends (MN-59 .. MN-61): at once, with everything on the table revealed.

Whatever ends it — a player wakes on the Bridge (MN-59 (a)), the Horror activates the Town Hall (MN-59 (b)), the
turn limit or the cards run out (MN-60), nobody but the Horror is left (MN-63) — calls :func:`finish` with the
:class:`~engines.core.Outcome`; the prompts close and the ``mn.game_over`` event shows every hand and trap.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, Outcome
from engines.midnighters import piles
from engines.midnighters.state import MidnightersState


def finish(state: MidnightersState, events: list[Event], outcome: Outcome) -> None:
    """MN-59 / MN-60: the game ends at once; MN-61: everything is revealed."""
    state.outcome = outcome
    state.phase = "over"
    state.prompts = []
    state.agenda = []
    state.choice = None
    events.append(
        Event(
            "mn.game_over",
            {
                "outcome": outcome.reason,
                "cause": str(outcome.params.get("cause", "none")),  # MN-60: which guard ended a dream nobody woke from
                "turns": state.turn,
                "winners": list(outcome.winners),
                **reveal(state),
            },
        )
    )


def reveal(state: MidnightersState) -> dict[str, Any]:
    """MN-61: every hand, every trap (owner, location, card), the discard, and the seed that dealt them."""
    return {
        "hands": {p: list(state.hands[p]) for p in state.seats},
        "traps": [{"player": t.owner, "location": t.location, "card": t.card} for t in state.traps],
        "discard": piles.contents(state.discard),
        "seed": state.seed,
    }
