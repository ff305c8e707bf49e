"""The game's tables, loaded once from ``data/midnighters/*.json``: location cards, Director cards, nightmares.

Nothing here changes during a game; the engine and the board builder read these constants.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "midnighters"


def _load(name: str) -> dict[str, Any]:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


_LOCATIONS = _load("locations.json")
_CARDS = _load("cards.json")

#: Every location card id, in table order (corridors first).
LOCATIONS: tuple[str, ...] = tuple(loc["id"] for loc in _LOCATIONS["locations"])
#: The unrotated arrows of each location card.
ARROWS: dict[str, tuple[str, ...]] = {loc["id"]: tuple(loc["arrows"]) for loc in _LOCATIONS["locations"]}
#: Corridor k (1-based) -> its id, MN-3.
CORRIDORS: tuple[str, ...] = tuple(
    loc["id"] for loc in sorted(_LOCATIONS["locations"], key=lambda l: l.get("number", 0)) if loc["kind"] == "corridor"
)
#: Locations that can be activated and hold traps (everything but the corridors), MN-22 / MN-50.
PLACES: tuple[str, ...] = tuple(loc["id"] for loc in _LOCATIONS["locations"] if loc["kind"] == "place")
COLUMNS: int = _LOCATIONS["grid"]["columns"]
ROWS: int = _LOCATIONS["grid"]["rows"]
CLASSIC_LAYOUT: dict[str, str] = {k: v for k, v in _LOCATIONS["classic_layout"].items() if k != "comment"}
MIN_BRIDGE_DISTANCE: int = _LOCATIONS["layout_rules"]["min_bridge_distance"]
MAX_REJECTIONS: int = _LOCATIONS["layout_rules"]["max_rejections"]

HAND_SIZE: int = _CARDS["hand_size"]
BASE_ACTIONS: int = _CARDS["base_actions"]
TRAP_COST: int = _CARDS["trap_cost"]
TRAP_DRAW: int = _CARDS["trap_draw"]
TAKE_LIMIT: int = _CARDS["take_limit"]
PLAY_COSTS: dict[str, int] = dict(_CARDS["play_costs"])
NIGHTMARES: tuple[str, ...] = tuple(_CARDS["nightmares"])
LASTING_NIGHTMARES: tuple[str, ...] = tuple(_CARDS["lasting_nightmares"])


def suspense(location: str) -> str:
    """The Suspense card naming ``location`` (``suspense-forest``; Fluent ids cannot hold the rules' ``:``)."""
    return f"suspense-{location}"


def suspense_location(card: str) -> str | None:
    """The location a Suspense card names, or ``None`` for any other card."""
    return card.removeprefix("suspense-") if card.startswith("suspense-") else None


SUSPENSE: tuple[str, ...] = tuple(suspense(p) for p in PLACES)
#: Director cards that can be paired with a Suspense in a trap (MN-50).
TRAP_PARTNERS: tuple[str, ...] = tuple(_CARDS["director"])
DIRECTOR_CARDS: tuple[str, ...] = TRAP_PARTNERS + SUSPENSE
ALL_CARDS: tuple[str, ...] = DIRECTOR_CARDS + NIGHTMARES


def full_deck() -> list[str]:
    """MN-10: the 96 Director cards and the 6 nightmares, in table order (the engine shuffles)."""
    deck = [card for card, count in _CARDS["director"].items() for _ in range(count)]
    deck += [s for s in SUSPENSE for _ in range(_CARDS["suspense_per_location"])]
    return deck + list(NIGHTMARES)
