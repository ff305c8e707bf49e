"""Midnight Hunt's public board image: a pure function from the spectator view to a PNG (see :mod:`bot.render`).

``render(engine.view(state, None), ctx)`` draws, top to bottom:

* a header: the game, mode and round (or the draft, or the result), whose turn it is, which side holds the
  initiative and how many locations each side holds of the count that wins (MH-53);
* side B's seat panels (side B plays from the top of the board, MH-5), the hex board, side A's seat panels;
* a legend of the board's marks.

The board is pointy-top with r growing downward (MH-5). Every hex shows its name (``b1``: the rows are numbered
from side A's edge, the hexes of a row lettered from the left; :mod:`engines.midnight_hunt.hexnames`), the name
the buttons, the log and the description use too; a location shows it in bold, with its control: a hex tinted and edged in the controlling side's colour
with the side's letter, yellow while neutral, the 2v2 Necropolis grey with a ✝ (MH-10). A unit is a disc in its
side's colour carrying its seat (``A``, ``B1``) and its type's short label, with its stack height in a white badge
and, for stacks of two or more, the edges of the tokens below it.

A seat panel lists the player, faction, clock (MH-57), bag and hand counts, the face-down Seal in the discard, and
per drafted type: the short label with the full name (so the panel is also the legend of the labels), the stack on
the board, supply, face-up discard and dead tokens (MH-49).

Colour is never the only clue: side A is red and side B purple, and both always come with their letter. Everything
here comes from the public view, so the image cannot show a hand or a pending Seal choice (MH-P1, MH-P2, MH-P5):
the same view always gives the same bytes. Drawn at twice the size and scaled down, for smooth edges; text is at
least :data:`~bot.render.MIN_TEXT_PX` pixels after scaling.

This module draws; the layout (sizes, colours, the hexes' places) is :mod:`cogs.midnight_hunt.board_geometry`, and
the words (names in the reader's language, the alt text) :mod:`cogs.midnight_hunt.board_words`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image

from bot.render import (
    CHANGED,
    CHANGED_WIDTH,
    FOREGROUND,
    MIN_TEXT_PX,
    MUTED,
    BoardImage,
    RenderContext,
    canvas,
    fit_text,
    font,
    layer,
    readable_on,
    to_png,
)
from cogs.midnight_hunt.board_geometry import (
    AWAY,
    BODY,
    DARK,
    GAP,
    HEADER_H,
    HEX_EDGE,
    HEX_FILL,
    LARGE,
    LEGEND_H,
    MARGIN,
    MAX_HEX,
    NECROPOLIS,
    NEUTRAL,
    PANEL_FILL,
    PANEL_TOP_H,
    ROW_H,
    SCALE,
    SIDE_COLOURS,
    SMALL,
    TABLE_HEAD_H,
    TITLE,
    TURN_EDGE,
    WIDTH,
    blend,
    board_radius,
    hex_centre,
    hex_corners,
    panel_height,
    seats_of,
    table_rows,
)
from cogs.midnight_hunt.board_words import BoardWords, clock_text, describe_board
from engines.midnight_hunt.hexgrid import disk, hex_id
from engines.midnight_hunt.hexnames import hex_name

# -- drawing at SCALE ----------------------------------------------------------------------------------------------


@cache
def _missing_glyph(bold: bool) -> bytes:
    return bytes(font(40, bold).getmask("\U0010fffd"))


@cache
def _has_glyph(char: str, bold: bool) -> bool:
    return char.isspace() or bytes(font(40, bold).getmask(char)) != _missing_glyph(bold)


def printable(text: str, bold: bool = False) -> str:
    """``text`` without the characters the shipped font cannot draw (emoji in names and faction labels)."""
    kept = "".join(c for c in str(text) if _has_glyph(c, bold) and c not in "\ufe0f\u200d")
    return " ".join(kept.split())


class _Painter:
    """Draws in final-size coordinates on a canvas :data:`SCALE` times larger."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.image, self.draw = canvas(width * SCALE, height * SCALE)

    @staticmethod
    def _xy(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * SCALE, y * SCALE) for x, y in points]

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = BODY,
        *,
        bold: bool = False,
        fill: tuple[int, int, int] = FOREGROUND,
        anchor: str = "la",
        width: float | None = None,
    ) -> float:
        """Draw ``text`` (shortened to ``width`` if given); returns its width."""
        size = max(size, MIN_TEXT_PX)
        text = printable(text, bold)
        if width is not None:
            text = fit_text(text, int(width * SCALE), size * SCALE, bold)
        if text:
            self.draw.text((xy[0] * SCALE, xy[1] * SCALE), text, fill=fill, font=font(size * SCALE, bold), anchor=anchor)
        return self.length(text, size, bold=bold)

    @staticmethod
    def length(text: str, size: int = BODY, *, bold: bool = False) -> float:
        return font(max(size, MIN_TEXT_PX) * SCALE, bold).getlength(printable(text, bold)) / SCALE

    def polygon(self, points, fill=None, outline=None, width: float = 1) -> None:
        self.draw.polygon(self._xy(points), fill=fill, outline=outline, width=round(width * SCALE))

    def circle(self, centre, radius: float, fill=None, outline=None, width: float = 1) -> None:
        x, y = centre
        box = ((x - radius) * SCALE, (y - radius) * SCALE, (x + radius) * SCALE, (y + radius) * SCALE)
        self.draw.ellipse(box, fill=fill, outline=outline, width=round(width * SCALE))

    def rect(self, box, fill=None, outline=None, width: float = 1, radius: float = 0) -> None:
        x0, y0, x1, y1 = box
        self.draw.rounded_rectangle(
            (x0 * SCALE, y0 * SCALE, x1 * SCALE, y1 * SCALE), radius=radius * SCALE, fill=fill, outline=outline,
            width=round(width * SCALE) if outline is not None else 0,
        )

    def finish(self) -> Image.Image:
        """The final image: scaled down by averaging (smooth edges), in a palette of 256 colours (a third of the
        bytes of RGB and three times faster to encode, with no visible loss on these flat colours)."""
        return self.image.reduce(SCALE).quantize(256, method=Image.Quantize.FASTOCTREE)


def render(view: Mapping[str, Any], ctx: RenderContext) -> BoardImage:
    """The public board (``engine.view(state, None)``) as a PNG with its alt text in ``ctx.lang``."""
    words = BoardWords(view, ctx)
    radius = board_radius(view)
    hex_size = min(MAX_HEX, math.floor((WIDTH - 2 * MARGIN) / ((2 * radius + 1) * math.sqrt(3))))
    board_h = round((3 * radius + 2) * hex_size) + 8
    panel_h = panel_height(table_rows(view))
    height = MARGIN + HEADER_H + panel_h + GAP + board_h + GAP + panel_h + GAP + LEGEND_H + MARGIN
    p = _Painter(WIDTH, height)
    y = MARGIN
    _header(p, words, y)
    y += HEADER_H
    _panels(p, words, "B", y, panel_h)
    y += panel_h + GAP
    _board(p, words, y, radius, hex_size, board_h)
    y += board_h + GAP
    _panels(p, words, "A", y, panel_h)
    y += panel_h + GAP
    _legend(p, words, y)
    return BoardImage(to_png(p.finish()), describe_board(words), filename="midnight_hunt.png")


# -- header --------------------------------------------------------------------------------------------------------


def _chip_width(p: _Painter, label: str, size: int = BODY) -> float:
    return max(p.length(label, size, bold=True) + 14, size + 10)


def _chip(
    p: _Painter, x: float, y: float, label: str, side: str | None, size: int = BODY, min_width: float = 0
) -> float:
    """A rounded label in a side's colour (``None``: neutral yellow), ``y`` its vertical middle; returns its width."""
    colour = SIDE_COLOURS.get(side, NEUTRAL)
    w = max(_chip_width(p, label, size), min_width)
    h = size + 10
    p.rect((x, y - h / 2, x + w, y + h / 2), fill=colour, outline=FOREGROUND, width=1.5, radius=h / 2)
    p.text((x + w / 2, y), label, size, bold=True, fill=readable_on(colour), anchor="mm")
    return w


def _header(p: _Painter, w: BoardWords, top: float) -> None:
    view = w.view
    x = MARGIN
    mode = view["mode"]
    title = f"{w.t('mh.name')} · {w.t(f'mh.mode.{mode}')}"
    if view["phase"] == "draft":
        title += f" · {w.t('mh.board.draft')}"
    elif view["round"]:
        title += f" · {w.t('mh.board.round', round=view['round'])}"
    p.text((x, top), title, TITLE, bold=True)
    # line 2: whose turn, or the result
    mid = top + 50
    outcome = view.get("outcome")
    if outcome is not None:
        reason = w.t(f"mh.reason.{outcome['reason']}")
        x += p.text((x, mid), w.t("mh.board.game-over"), LARGE, bold=True, anchor="lm") + 8
        if outcome.get("draw") or outcome.get("side") not in SIDE_COLOURS:
            p.text((x, mid), w.t("mh.board.over-draw", reason=reason), LARGE, anchor="lm", width=WIDTH - MARGIN - x)
        else:
            x += _chip(p, x, mid, w.letter(outcome["side"]), outcome["side"], LARGE) + 8
            text = w.t("mh.board.over-win", side=w.side(outcome["side"]), reason=reason)
            p.text((x, mid), text, LARGE, anchor="lm", width=WIDTH - MARGIN - x)
    elif view.get("turn") in view["seats"]:
        player = view["turn"]
        key = "mh.board.to-pick" if view["phase"] == "draft" else "mh.board.to-play"
        x += p.text((x, mid), w.t(key), LARGE, anchor="lm") + 8
        x += _chip(p, x, mid, w.seat(player), view["seats"][player]["side"], LARGE) + 8
        p.text((x, mid), w.name(player), LARGE, bold=True, anchor="lm", width=WIDTH / 2 - x)
    right = WIDTH - MARGIN
    if outcome is None:
        _initiative(p, w, right, mid)
    # line 3: locations held
    low = top + 88
    x = MARGIN
    x += p.text((x, low), w.t("mh.board.held"), LARGE, anchor="lm") + 8
    for s in ("A", "B"):
        x += _chip(p, x, low, w.letter(s), s, LARGE) + 6
        x += p.text((x, low), str(view["controlled"].get(s, 0)), LARGE, bold=True, anchor="lm") + 18
    p.text((x, low), w.t("mh.board.to-win", count=view["win_count"]), LARGE, fill=MUTED, anchor="lm")
    if view.get("seal_only_rounds"):
        p.text((right, low), w.t("mh.board.seal-rounds", count=view["seal_only_rounds"]), SMALL, fill=MUTED, anchor="rm")


def _initiative(p: _Painter, w: BoardWords, right: float, mid: float) -> None:
    """Line 2, right: the side holding the initiative."""
    side = w.view["initiative"]
    label = w.letter(side)
    chip_w = _chip_width(p, label, LARGE)
    p.text((right - chip_w - 8, mid), w.t("mh.board.initiative"), LARGE, anchor="rm")
    _chip(p, right - chip_w, mid, label, side, LARGE)


# -- seat panels ---------------------------------------------------------------------------------------------------


def _panels(p: _Painter, w: BoardWords, side: str, top: float, height: float) -> None:
    players = seats_of(w.view, side)
    if not players:
        return
    width = (WIDTH - 2 * MARGIN - GAP * (len(players) - 1)) / len(players)
    for i, player in enumerate(players):
        _panel(p, w, player, MARGIN + i * (width + GAP), top, width, height)


def _panel(p: _Painter, w: BoardWords, player: str, x0: float, y0: float, width: float, height: float) -> None:
    view = w.view
    seat = view["seats"][player]
    side = seat["side"]
    colour = SIDE_COLOURS.get(side, NEUTRAL)
    to_act = view.get("turn") == player and view.get("outcome") is None
    p.rect((x0, y0, x0 + width, y0 + height), fill=PANEL_FILL, outline=TURN_EDGE if to_act else HEX_EDGE,
           width=3 if to_act else 1, radius=10)
    p.rect((x0 + 3, y0 + 8, x0 + 9, y0 + height - 8), fill=colour, radius=3)
    x, right = x0 + 18, x0 + width - 14
    # line 1: seat, name, (to play), clock
    y = y0 + 20
    x += _chip(p, x, y, w.seat(player), side, LARGE) + 10
    tail = right
    if seat.get("clock") is not None:
        tail -= p.text((tail, y), clock_text(seat["clock"]), LARGE, bold=True, anchor="rm") + 6
        tail -= p.text((tail, y), w.t("mh.board.clock"), SMALL, fill=MUTED, anchor="rm") + 12
    if seat.get("away"):
        tail -= p.text((tail, y), w.t("mh.board.away"), SMALL, bold=True, fill=AWAY, anchor="rm") + 12
    elif to_act:
        tail -= p.text((tail, y), "▶ " + w.t("mh.board.acting"), SMALL, bold=True, fill=TURN_EDGE, anchor="rm") + 12
    p.text((x, y), w.name(player), LARGE, bold=True, anchor="lm", width=tail - x)
    # line 2: faction and counts
    y = y0 + 47
    drafting = view["phase"] == "draft"
    if drafting:
        picks = max(view["order"].count(player), len(seat["units"]))
        counts = [w.faction(player), w.t("mh.board.picked", count=len(seat["units"]), total=picks)]
    else:
        counts = [
            w.faction(player),
            w.t("mh.board.bag", count=seat["bag"]),
            w.t("mh.board.hand", count=seat["hand"]),
            w.t("mh.board.face-down", count=seat["discard_hidden"]),
        ]
    p.text((x0 + 18, y), "  ·  ".join(counts), BODY, anchor="lm", width=right - x0 - 18)
    # the table: one row per drafted type
    y = y0 + PANEL_TOP_H
    columns = ["board", "supply", "discard", "dead"]
    heads = [w.t(f"mh.board.col-{c}") for c in columns]
    col_w = [max(p.length(h, SMALL), 30) + 14 for h in heads]
    col_right = []
    edge = right
    for cw in reversed(col_w):
        col_right.append(edge)
        edge -= cw
    col_right.reverse()
    name_right = edge - 6
    p.text((x0 + 18, y + TABLE_HEAD_H / 2), w.t("mh.board.col-unit"), SMALL, fill=MUTED, anchor="lm")
    for head, cr in zip([] if drafting else heads, col_right):
        p.text((cr, y + TABLE_HEAD_H / 2), head, SMALL, fill=MUTED, anchor="rm")
    if drafting:
        name_right = right
    y += TABLE_HEAD_H
    stacks = {u["unit"]: u["stack"] for u in view["board"].values() if u["owner"] == player}
    chip_w = max([_chip_width(p, w.abbr(player, u), SMALL) for u in seat["units"]] + [0])
    if not seat["units"]:
        p.text((x0 + 18, y + ROW_H / 2), w.t("mh.board.no-units"), BODY, fill=MUTED, anchor="lm")
    for i, unit in enumerate(seat["units"]):
        mid = y + i * ROW_H + ROW_H / 2
        if i % 2 == 0:
            p.rect((x0 + 12, mid - ROW_H / 2, right + 6, mid + ROW_H / 2), fill=blend(FOREGROUND, PANEL_FILL, 0.04))
        cx = x0 + 18
        cx += _chip(p, cx, mid, w.abbr(player, unit), side, SMALL, chip_w) + 8
        p.text((cx, mid), w.unit_name(player, unit), BODY, anchor="lm", width=name_right - cx)
        if drafting:
            continue
        values = [
            f"×{stacks[unit]}" if unit in stacks else "—",
            str(seat["supply"].get(unit, 0)),
            str(seat["discard"].get(unit, 0)),
            str(seat["dead"].get(unit, 0)),
        ]
        for value, cr in zip(values, col_right):
            dim = value in ("0", "—")
            p.text((cr, mid), value, BODY, bold=not dim, fill=MUTED if dim else FOREGROUND, anchor="rm")


# -- the board -----------------------------------------------------------------------------------------------------


def _control_look(w: BoardWords, location: Mapping[str, Any]) -> tuple[tuple[int, int, int], str]:
    """A location's colour and mark: its side's colour and letter; yellow (or the 2v2 Necropolis grey ✝) while
    neutral (MH-10)."""
    control = location.get("control")
    if control in SIDE_COLOURS:
        return SIDE_COLOURS[control], w.letter(control)
    if location.get("kind") == "necropolis" and w.view.get("necropolis_restricted"):
        return NECROPOLIS, "✝"
    return NEUTRAL, "✝" if location.get("kind") == "necropolis" else ""


@layer(maxsize=4)
def _plain_hexes(radius: int, size: int, height: int, locations: frozenset[str]) -> Image.Image:
    """The board's hexes that are no location, each with its name: the same all game, so drawn once and pasted (at
    :data:`SCALE`, ``height`` final pixels high, on the background)."""
    p = _Painter(WIDTH, height)
    for q, r in disk(radius):
        h = hex_id(q, r)
        if h not in locations:
            cx, cy = hex_centre(q, r, 0, radius, size)
            p.polygon(hex_corners(cx, cy, size - 1.5), fill=HEX_FILL, outline=HEX_EDGE, width=1.5)
            p.text((cx, cy - size * 0.72), hex_name(h, radius), SMALL, fill=MUTED, anchor="mm")
    return p.image


def _board(p: _Painter, w: BoardWords, top: int, radius: int, size: int, height: int) -> None:
    view = w.view
    locations = {loc["hex"]: (lid, loc) for lid, loc in view["locations"].items()}
    p.image.paste(_plain_hexes(radius, size, height, frozenset(locations)), (0, top * SCALE))
    changed = changed_hexes(w.ctx.before, view)
    for q, r in disk(radius):
        h = hex_id(q, r)
        cx, cy = hex_centre(q, r, top, radius, size)
        here = locations.get(h)
        unit = view["board"].get(h)
        if here is not None:
            lid, loc = here
            colour, mark = _control_look(w, loc)
            p.polygon(hex_corners(cx, cy, size - 1.5), fill=blend(colour, HEX_FILL, 0.3), outline=colour, width=3.5)
            p.text((cx, cy - size * 0.72), hex_name(h, radius), SMALL, bold=True, anchor="mm")
            if unit is None:
                _location_mark(p, (cx, cy), size * 0.3, colour, mark, loc.get("control") in SIDE_COLOURS)
            else:
                _location_mark(p, (cx - size * 0.62, cy), 11, colour, mark, loc.get("control") in SIDE_COLOURS)
        if unit is not None:
            _unit(p, w, (cx, cy), size, unit)
        if h in changed:  # what the last play changed: a unit placed, moved, stacked or killed, a location taken
            p.polygon(hex_corners(cx, cy, size - 3), outline=CHANGED, width=CHANGED_WIDTH)


def changed_hexes(before: Mapping[str, Any] | None, view: Mapping[str, Any]) -> set[str]:
    """The hexes the last play changed: a unit deployed, moved (both ends), bolstered, attacked or killed, and a
    location whose control changed. Nothing on the first board."""
    if before is None:
        return set()
    old, new = before.get("board") or {}, view.get("board") or {}
    hexes = {h for h in set(old) | set(new) if old.get(h) != new.get(h)}
    then = before.get("locations") or {}
    return hexes | {
        loc["hex"] for lid, loc in (view.get("locations") or {}).items() if (then.get(lid) or {}).get("control") != loc.get("control")
    }


def _location_mark(p: _Painter, centre, radius: float, colour, mark: str, held: bool) -> None:
    """A location's control: a disc in the side's colour with its letter; a yellow ring while neutral (a
    Necropolis adds its ✝)."""
    if held or colour == NECROPOLIS:
        p.circle(centre, radius, fill=colour, outline=FOREGROUND, width=1.5)
        ink = readable_on(colour) if held else DARK
    else:
        p.circle(centre, radius, fill=blend(colour, HEX_FILL, 0.3), outline=colour, width=max(3, radius / 4))
        ink = blend(NECROPOLIS, FOREGROUND, 0.5)  # MH-10: the 1v1 Necropolis is yellow with a grey ✝
    if mark:
        p.text(centre, mark, max(SMALL, round(radius * 1.1)), bold=True, fill=ink, anchor="mm")


def _unit(p: _Painter, w: BoardWords, centre, size: int, unit: Mapping[str, Any]) -> None:
    """A unit: a disc in its side's colour with its seat and type label, its stack as a badge and token edges."""
    cx, cy = centre
    owner = unit["owner"]
    side = w.view["seats"][owner]["side"]
    colour = SIDE_COLOURS.get(side, NEUTRAL)
    rad = size * 0.43
    stack = int(unit["stack"])
    shade = blend(colour, DARK, 0.55)
    for i in range(min(stack, 4) - 1, 0, -1):  # the tokens under the top one
        p.circle((cx, cy + 2 + i * 4), rad, fill=shade, outline=FOREGROUND, width=1)
    p.circle((cx, cy + 2), rad, fill=colour, outline=FOREGROUND, width=2)
    ink = readable_on(colour)
    p.text((cx, cy - rad * 0.36 + 2), w.seat(owner), SMALL, bold=True, fill=ink, anchor="mm")
    p.text((cx, cy + rad * 0.38 + 2), w.abbr(owner, unit["unit"]), BODY + 1, bold=True, fill=ink, anchor="mm")
    bx, by = cx + rad * 0.95, cy + rad * 0.8
    p.circle((bx, by), 11.5, fill=FOREGROUND, outline=DARK, width=1.5)
    p.text((bx, by), str(stack), SMALL, bold=True, fill=DARK, anchor="mm")


# -- legend --------------------------------------------------------------------------------------------------------


def _legend(p: _Painter, w: BoardWords, top: float) -> None:
    """What the board's marks mean (the unit labels are explained in the seat panels)."""
    y = top + LEGEND_H / 2
    x = MARGIN
    items = ["neutral", *(["necropolis"] if w.view.get("necropolis_restricted") else []), "stack", "hex"]
    for key in items:
        if key == "neutral":
            _location_mark(p, (x + 11, y), 10, NEUTRAL, "", False)
            x += 28
        elif key == "necropolis":
            _location_mark(p, (x + 11, y), 11, NECROPOLIS, "✝", False)
            x += 28
        elif key == "stack":
            p.circle((x + 11, y), 11, fill=FOREGROUND, outline=DARK, width=1.5)
            p.text((x + 11, y), "2", SMALL, bold=True, fill=DARK, anchor="mm")
            x += 28
        else:
            x += p.text((x, y), "d4", SMALL, fill=MUTED, anchor="lm") + 6
        x += p.text((x, y), w.t(f"mh.board.legend-{key}"), SMALL, anchor="lm", width=WIDTH - MARGIN - x) + 22


__all__ = ["changed_hexes", "printable", "render"]
