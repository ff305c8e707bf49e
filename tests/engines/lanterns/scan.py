"""How the secret scan (``tests/reliability/test_secret_scan.py``) deals Lanterns: its privacy hook (LA-P1, LA-3)
and its seats. The scan finds this module by the game's name."""

from __future__ import annotations

from engines.core import Action, Event, State


def check_privacy(before: State, action: Action, after: State, events: list[Event]) -> None:
    """LA-P1 / LA-3: before the end, no public event names a card still in a hand or lit this round; only a round
    whose both cards are lit is shown."""
    if after.outcome is not None:
        return
    hidden = {c for hand in after.hands.values() for c in hand}
    if after.rounds and len(after.rounds[-1]) < len(after.players):
        hidden |= set(after.rounds[-1].values())
    for event in events:
        if event.audience.is_public:
            shown = event.params.get("cards")
            shown = set(shown.values()) if isinstance(shown, dict) else set(shown or ())
            assert not shown & hidden, (event.key, shown & hidden)


#: The scan's setup: keyword arguments of its ``ScanSetup``, and games per short run.
SCAN = {"hook": check_privacy, "player_counts": (2,), "host_rate": 0.0}
GAMES = 150
