"""The Midnighters' board image laid out: its geometry (the grid's cells, the table of players' rows), its colours,
the glyphs of the places and the arrows' steps. Shared by the drawing (:mod:`cogs.midnighters.board`) and the
words (:mod:`cogs.midnighters.board_words`), which orders arrows and names places as the picture does.
"""

from __future__ import annotations

from engines.midnighters.data import COLUMNS

# -- geometry ----------------------------------------------------------------------------------------------------

PAD = 24
LABEL = 28  # the strip holding the column letters and row numbers
CELL = 220
INSET = 8  # half the gap between two cards
WIDTH = PAD + LABEL + COLUMNS * CELL + PAD
GRID_X = PAD + LABEL
BADGE_R = 17
ROW_H = 46

# -- colours (cards are dark so white names read well; names, not colours, tell them apart) -------------------

CARD_FILL = {
    "corridor": (70, 75, 86),
    "forest": (40, 92, 60),
    "square": (108, 84, 50),
    "motel": (92, 60, 104),
    "restaurant": (122, 56, 56),
    "townhall": (46, 82, 124),
    "bridge": (138, 110, 36),
}
CARD_EDGE = (120, 126, 138)
BRIDGE_EDGE = (250, 214, 110)
EMPTY_EDGE = (70, 73, 80)
ARROW = (250, 250, 250)
ARROW_EDGE = (20, 20, 24)
PANEL = (44, 47, 52)
HIGHLIGHT = (62, 66, 74)
TRAP_BACK = (64, 72, 132)
HORROR_RING = (12, 12, 12)
NIGHTMARE_SWATCH = {
    "red": [(200, 40, 40)],
    "blue": [(40, 90, 210)],
    "purple": [(130, 50, 170)],
    "black": [(0, 0, 0)],
    "multi": [(220, 60, 60), (240, 200, 40), (60, 170, 80), (60, 110, 220)],
    "colourless": [(235, 235, 235)],
}
#: A glyph per place (DejaVu Sans has them all), drawn faintly under the name.
ICONS = {"forest": "♣", "square": "▦", "motel": "⌂", "restaurant": "☕", "townhall": "♜", "bridge": "☀"}
PLACES = tuple(ICONS)
HORROR_GLYPH = "☠"
STEP = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
