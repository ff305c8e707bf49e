"""The figures Ghost at Home's board is drawn with, and its colours: a sheet ghost, a cat's head, a bulb lit or off, a
card's back or face, a dashed box. Each draws with the board's pen (:class:`cogs.ghost_at_home.board._Pen`, in
final-image pixels), so the board lays them out where it wants them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cogs.ghost_at_home.board import _Pen

# -- colours -------------------------------------------------------------------------------------------------

CELL_BG = (44, 47, 53)
CELL_EDGE = (66, 70, 78)
LIT_FLOOR = (255, 208, 102)
DARK_FLOOR = (30, 33, 58)
WALL = (168, 150, 128)
GRASS = (74, 112, 62)
LIT_ROOM = (252, 241, 218)
LIT_ROOM_EDGE = (122, 88, 52)
DARK_ROOM = (72, 77, 112)
DARK_ROOM_EDGE = (150, 156, 194)
GHOST_FILL = (246, 247, 255)
INK = (28, 28, 40)
CAT_FILL = (240, 160, 58)
CAT_EDGE = (70, 40, 10)
GOLD = (240, 200, 80)


def dashed_box(pen: _Pen, box, colour, width: float = 2, dash: float = 8) -> None:
    x0, y0, x1, y1 = box
    for a, b, horizontal, fixed in ((x0, x1, True, y0), (x0, x1, True, y1), (y0, y1, False, x0), (y0, y1, False, x1)):
        pos = a
        while pos < b:
            end = min(pos + dash, b)
            pen.line([(pos, fixed), (end, fixed)] if horizontal else [(fixed, pos), (fixed, end)], colour, width)
            pos += dash * 2


# -- figures -------------------------------------------------------------------------------------------------


def ghost(pen: _Pen, cx: float, cy: float, h: float, fill=GHOST_FILL, outline=INK) -> None:
    """A sheet ghost: round head, straight sides, a hem of three waves, two eyes and a mouth."""
    w = h * 0.78
    r = w / 2
    top, hem = cy - h / 2, cy + h / 2 - h * 0.08
    head = [(cx - r * math.cos(a), top + r - r * math.sin(a)) for a in (math.pi * i / 16 for i in range(17))]
    waves = [(cx + r - t * w, hem + h * 0.045 * (1 - math.cos(6 * math.pi * t))) for t in (i / 24 for i in range(25))]
    pen.polygon(head + waves, fill=fill, outline=outline, width=2)
    eye_y = top + r * 0.95
    for dx in (-r * 0.38, r * 0.38):
        pen.ellipse((cx + dx - h * 0.07, eye_y - h * 0.1, cx + dx + h * 0.07, eye_y + h * 0.1), fill=INK)
    pen.ellipse((cx - h * 0.06, eye_y + h * 0.14, cx + h * 0.06, eye_y + h * 0.26), fill=INK)


def cat(pen: _Pen, cx: float, cy: float, h: float) -> None:
    """A cat's head: two pointed ears, eyes with slit pupils, a nose and whiskers."""
    r = h * 0.4
    hy = cy + h * 0.1
    for side in (-1, 1):
        ear = [(cx + side * r * k, hy - r * dy) for k, dy in ((0.95, 0.2), (0.75, 1.45), (0.15, 0.8))]
        pen.polygon(ear, fill=CAT_FILL, outline=CAT_EDGE, width=2)
    pen.ellipse((cx - r, hy - r, cx + r, hy + r * 0.9), fill=CAT_FILL, outline=CAT_EDGE, width=2)
    for side in (-1, 1):
        ex = cx + side * r * 0.42
        pen.ellipse((ex - r * 0.2, hy - r * 0.35, ex + r * 0.2, hy + r * 0.05), fill=(250, 238, 120), outline=CAT_EDGE)
        pen.ellipse((ex - r * 0.06, hy - r * 0.32, ex + r * 0.06, hy + r * 0.02), fill=INK)
        for dy in (0.3, 0.5):
            pen.line([(cx + side * r * 0.3, hy + r * 0.35), (cx + side * r * 1.2, hy + r * dy)], CAT_EDGE, 1)
    nose = [(cx - r * 0.13, hy + r * 0.18), (cx + r * 0.13, hy + r * 0.18), (cx, hy + r * 0.34)]
    pen.polygon(nose, fill=(210, 90, 110))


def bulb(pen: _Pen, cx: float, cy: float, r: float, on: bool) -> None:
    """A light bulb: glowing with rays when ``on``, a grey outline when off (shape, not only colour)."""
    if on:
        for i in range(7):
            dx, dy = math.cos(math.pi * (1 + i / 6)) * r, math.sin(math.pi * (1 + i / 6)) * r
            pen.line([(cx + dx * 1.35, cy + dy * 1.35), (cx + dx * 1.85, cy + dy * 1.85)], (120, 70, 0), 2)
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 252, 215), outline=(120, 70, 0), width=2)
    else:
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(48, 50, 76), outline=(150, 152, 178), width=2)
    base = (110, 110, 120) if on else (100, 102, 122)
    pen.rect((cx - r * 0.5, cy + r * 0.85, cx + r * 0.5, cy + r * 1.45), fill=base, outline=INK if on else None)


def card(pen: _Pen, x: float, y: float, w: float, h: float, face_up: bool) -> None:
    """A small card: a back (deck, hands) or a blank face (discard pile)."""
    if face_up:
        pen.rect((x, y, x + w, y + h), fill=(232, 226, 212), outline=(90, 80, 70), width=1.5, radius=3)
    else:
        pen.rect((x, y, x + w, y + h), fill=(92, 70, 150), outline=(220, 215, 240), width=1.5, radius=3)
        pen.rect((x + w * 0.22, y + h * 0.18, x + w * 0.78, y + h * 0.82), outline=(180, 165, 225), width=1, radius=2)


__all__ = ["bulb", "card", "cat", "dashed_box", "ghost"]
