"""Midnight Hunt's board image laid out: its size and margins, the type sizes, the sides' colours, the hexes'
corners and centres (pointy-top, MH-5), the board's radius and the seat panels' rows. Shared by the drawing
(:mod:`cogs.midnight_hunt.board`) and the words (:mod:`cogs.midnight_hunt.board_words`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from bot.render import MIN_TEXT_PX, MIN_WIDTH
from engines.midnight_hunt.hexgrid import parse_hex

#: Drawn at this multiple of the final size, then scaled down (anti-aliasing).
SCALE = 2
WIDTH = max(960, MIN_WIDTH)
MARGIN = 20
GAP = 14
#: The sides' colours (the rules: A red, B purple); each is always drawn with the side's letter.
#: Side A a deep crimson and the neutral yellow a light one: apart in lightness as in hue, so that under a
#: deuteranopia or protanopia simulation (the board tests) red and yellow do not both turn the same olive.
SIDE_COLOURS: dict[str, tuple[int, int, int]] = {"A": (190, 30, 45), "B": (146, 98, 218)}
NEUTRAL = (240, 228, 66)  # MH-10: a neutral location is yellow
NECROPOLIS = (150, 150, 158)  # MH-10: the 2v2 Necropolis is grey
HEX_FILL = (54, 57, 64)
HEX_EDGE = (84, 88, 97)
PANEL_FILL = (43, 45, 50)
TURN_EDGE = (250, 214, 90)
AWAY = (240, 150, 60)
DARK = (25, 25, 28)
#: The largest hex (centre to corner, pixels); a bigger board gets smaller hexes to fit the width.
MAX_HEX = 66

# Type sizes (final pixels, never below MIN_TEXT_PX).
TITLE, LARGE, BODY, SMALL = 24, 18, 16, MIN_TEXT_PX


def blend(colour: tuple[int, int, int], base: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c * amount + b * (1 - amount)) for c, b in zip(colour, base))  # type: ignore[return-value]


# -- layout --------------------------------------------------------------------------------------------------------


def seats_of(view: Mapping[str, Any], side: str) -> list[str]:
    return sorted((p for p, s in view["seats"].items() if s["side"] == side), key=lambda p: view["seats"][p]["seat"])


def table_rows(view: Mapping[str, Any]) -> int:
    """Table rows per panel: the picks per player (the draft order lists each player once per pick)."""
    picks = [len(s["units"]) for s in view["seats"].values()]
    if view["phase"] == "draft":
        picks += [view["order"].count(p) for p in view["seats"]]
    return max(picks + [1])


def board_radius(view: Mapping[str, Any]) -> int:
    if "radius" in view:
        return int(view["radius"])
    hexes = [parse_hex(h) for h in [*view["board"], *(loc["hex"] for loc in view["locations"].values())]]
    return max(max(abs(q), abs(r), abs(q + r)) for q, r in hexes)


HEADER_H = 118
ROW_H = 26
PANEL_TOP_H = 64  # name line and counts line
TABLE_HEAD_H = 24
LEGEND_H = 34


def panel_height(rows: int) -> int:
    return PANEL_TOP_H + TABLE_HEAD_H + rows * ROW_H + 10


# -- the hexes (pointy-top, MH-5) ---------------------------------------------------------------------------------


def hex_corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon's corners (MH-5)."""
    return [
        (cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def hex_centre(q: int, r: int, top: float, radius: int, size: int) -> tuple[float, float]:
    return WIDTH / 2 + size * math.sqrt(3) * (q + r / 2), top + 4 + size * (1 + 1.5 * (r + radius))

