"""The Midnighters' public board image (MN-9, MN-64): a pure function from the spectator view to a PNG.

``render(view, ctx)`` takes ``engine.view(state, None)`` and draws, for everyone to see:

* the 4x4 grid (columns A-D, rows 1-4), each location card with its name and its arrows in their current
  rotation, and the empty cells (MN-5, MN-9);
* every avatar as its seat's disc with a letter (colour is never the only clue), the Midnight Horror's with a
  spiked ring (MN-47);
* a table of players: location, hand size, and a face-down marker per prepared trap. Only the count per owner is
  public (MN-52, MN-P7): the renderer never reads where a trap lies, not even in the end-of-game reveal;
* whose turn it is and how many actions are left, the reaction stack, deck and discard sizes, active nightmares.

The same facts go, worded in the reader's language, into :attr:`BoardImage.description` for screen readers.

This module draws; the layout and colours are :mod:`cogs.midnighters.board_geometry`'s, the words (the status lines,
the description) :mod:`cogs.midnighters.board_words`'.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.render import (
    CHANGED,
    CHANGED_WIDTH,
    FOREGROUND,
    MUTED,
    BoardImage,
    RenderContext,
    badge,
    canvas,
    fit_text,
    font,
    to_png,
)
from cogs.midnighters.board_geometry import (
    ARROW,
    ARROW_EDGE,
    BADGE_R,
    BRIDGE_EDGE,
    CARD_EDGE,
    CARD_FILL,
    CELL,
    EMPTY_EDGE,
    GRID_X,
    HIGHLIGHT,
    HORROR_RING,
    ICONS,
    INSET,
    LABEL,
    NIGHTMARE_SWATCH,
    PAD,
    PANEL,
    PLACES,
    ROW_H,
    STEP,
    TRAP_BACK,
    WIDTH,
)
from cogs.midnighters.board_words import (
    _location,
    _nightmare_line,
    _notes,
    _play_line,
    _status_lines,
    describe_board,
    seat_letters,
)
from engines.midnighters.data import COLUMNS, ROWS

# -- drawing -----------------------------------------------------------------------------------------------------


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    bold: bool = False,
    fill: tuple[int, int, int] = FOREGROUND,
    anchor: str = "lm",
    width: int | None = None,
) -> float:
    """Draw one line (shortened to ``width``); returns its drawn length."""
    if width is not None:
        text = fit_text(text, width, size, bold)
    f = font(size, bold)
    draw.text(xy, text, fill=fill, font=f, anchor=anchor)
    return f.getlength(text)


def _spikes(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], outer: float, inner: float, points: int = 10
) -> None:
    """The Midnight Horror's ring: a dark spiked star behind the seat disc."""
    x, y = centre
    corners = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / points - math.pi / 2
        corners.append((x + r * math.cos(a), y + r * math.sin(a)))
    draw.polygon(corners, fill=HORROR_RING, outline=FOREGROUND)


def _avatar(draw: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int, horror: bool, letter: str) -> None:
    if horror:
        _spikes(draw, centre, BADGE_R + 9, BADGE_R + 1)
    badge(draw, centre, BADGE_R, seat, letter)


def _arrow(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], direction: str) -> None:
    """A triangle whose tip touches the card's edge in ``direction``: where a Sleepwalk from here goes (MN-20)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = STEP[direction]
    length, half = 24, 20
    tip = (cx + dx * ((x1 - x0) / 2 - 5), cy + dy * ((y1 - y0) / 2 - 5))
    base = (tip[0] - dx * length, tip[1] - dy * length)
    left = (base[0] - dy * half, base[1] + dx * half)
    right = (base[0] + dy * half, base[1] - dx * half)
    draw.polygon([tip, left, right], fill=ARROW, outline=ARROW_EDGE, width=2)


def _trap_marker(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A face-down trap card: owner known, location and card hidden (MN-52)."""
    draw.rounded_rectangle((x, y - 13, x + 18, y + 13), radius=3, fill=TRAP_BACK, outline=(210, 212, 235), width=2)
    cx = x + 9
    draw.polygon([(cx, y - 6), (cx + 5, y), (cx, y + 6), (cx - 5, y)], fill=(210, 212, 235))


def _hand_marker(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.rounded_rectangle((x + 5, y - 12, x + 21, y + 10), radius=3, fill=(90, 94, 104), outline=FOREGROUND, width=1)
    draw.rounded_rectangle((x, y - 9, x + 16, y + 13), radius=3, fill=(235, 232, 220), outline=(40, 40, 40), width=1)


def _slots(box: tuple[int, int, int, int], count: int) -> list[tuple[float, float]]:
    """Where up to six avatars stand on a card: a row of four, then two beside the bottom arrow."""
    x0, _y0, x1, y1 = box
    cx = (x0 + x1) / 2
    top = [(cx + dx, y1 - 62) for dx in (-63, -21, 21, 63)]
    bottom = [(cx - 63, y1 - 24), (cx + 63, y1 - 24)]
    if count <= 3:
        top = [(cx + dx, y1 - 62) for dx in {1: (0,), 2: (-24, 24), 3: (-44, 0, 44)}.get(count, ())]
    return (top + bottom)[:count]


def _draw_grid(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    ctx: RenderContext,
    top: int,
    seat_of: dict[str, int],
    letters: Mapping[str, str],
) -> int:
    for c in range(COLUMNS):
        _text(draw, (GRID_X + c * CELL + CELL / 2, top + LABEL / 2), "ABCD"[c], 18, bold=True, fill=MUTED, anchor="mm")
    grid_y = top + LABEL
    for r in range(ROWS):
        _text(
            draw,
            (PAD + LABEL / 2 - 2, grid_y + r * CELL + CELL / 2),
            str(r + 1),
            18,
            bold=True,
            fill=MUTED,
            anchor="mm",
        )
    by_cell = {e["cell"]: e for e in view.get("board") or []}
    standing: dict[str, list[str]] = {}
    for p, loc in (view.get("avatars") or {}).items():
        standing.setdefault(loc, []).append(p)
    horror = view.get("horror")
    changed = changed_cells(ctx.before, view)
    for r in range(ROWS):
        for c in range(COLUMNS):
            x0, y0 = GRID_X + c * CELL + INSET, grid_y + r * CELL + INSET
            box = (x0, y0, x0 + CELL - 2 * INSET, y0 + CELL - 2 * INSET)
            entry = by_cell.get(f"{'ABCD'[c]}{r + 1}")
            if f"{'ABCD'[c]}{r + 1}" in changed:  # what the last play changed: ringed outside the card
                draw.rounded_rectangle(
                    (x0 - INSET + 1, y0 - INSET + 1, box[2] + INSET - 1, box[3] + INSET - 1),
                    radius=20,
                    outline=CHANGED,
                    width=CHANGED_WIDTH + 1,
                )
            if entry is None:
                _empty_cell(draw, box)
                continue
            loc = entry["location"]
            kind = loc if loc in PLACES else "corridor"
            edge = BRIDGE_EDGE if loc == "bridge" else CARD_EDGE
            draw.rounded_rectangle(
                box, radius=16, fill=CARD_FILL[kind], outline=edge, width=4 if loc == "bridge" else 2
            )
            for direction in entry.get("arrows", []):
                _arrow(draw, box, direction)
            cx = (box[0] + box[2]) / 2
            label = _location(ctx, loc)
            _text(draw, (cx, box[1] + 46), label, 21, bold=True, anchor="mm", width=box[2] - box[0] - 56)
            icon = ICONS.get(loc, loc[-1] if loc.startswith("corridor") else "")
            _text(draw, (cx, box[1] + 84), icon, 30, fill=(200, 200, 205), anchor="mm")
            players = sorted(standing.get(loc, []), key=lambda p: seat_of.get(p, 99))
            for (x, y), p in zip(_slots(box, len(players)), players):
                _avatar(draw, (x, y), seat_of.get(p, 0), p == horror, letters.get(p, ""))
    return grid_y + ROWS * CELL


def changed_cells(before: Mapping[str, Any] | None, view: Mapping[str, Any]) -> set[str]:
    """The cells the last play changed: a card placed, slid, turned or taken away (MN-21), and the cell an avatar
    moved to (the Horror's included). Nothing on the first board."""
    if before is None:
        return set()
    old = {e["cell"]: e for e in before.get("board") or []}
    new = {e["cell"]: e for e in view.get("board") or []}
    cells = {cell for cell in set(old) | set(new) if old.get(cell) != new.get(cell)}
    where = {e["location"]: e["cell"] for e in new.values()}
    moved = {loc for p, loc in (view.get("avatars") or {}).items() if (before.get("avatars") or {}).get(p) != loc}
    return cells | {where[loc] for loc in moved if loc in where}


def _empty_cell(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """An empty cell: a dashed outline (a card may slide in, MN-21)."""
    x0, y0, x1, y1 = box
    dash, gap = 12, 8
    for x in range(x0 + 10, x1 - 10, dash + gap):
        draw.line((x, y0, min(x + dash, x1 - 10), y0), fill=EMPTY_EDGE, width=2)
        draw.line((x, y1, min(x + dash, x1 - 10), y1), fill=EMPTY_EDGE, width=2)
    for y in range(y0 + 10, y1 - 10, dash + gap):
        draw.line((x0, y, x0, min(y + dash, y1 - 10)), fill=EMPTY_EDGE, width=2)
        draw.line((x1, y, x1, min(y + dash, y1 - 10)), fill=EMPTY_EDGE, width=2)


# Player table columns: x of each column's left edge, and its width.
COL_BADGE = PAD + 38
COL_NAME, W_NAME = PAD + 64, 190
COL_LOC, W_LOC = PAD + 266, 140
COL_CARDS = PAD + 418
COL_TRAPS = PAD + 494
COL_NOTES = PAD + 650
W_NOTES = WIDTH - PAD - COL_NOTES - 6


def _wrap(text: str, width: int, size: int, lines: int = 2) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` pixels (the last one shortened if need be)."""
    f = font(size)
    out: list[str] = []
    words = text.split(" ")
    while words and len(out) < lines - 1:
        line = words.pop(0)
        while words and f.getlength(line + " " + words[0]) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out.append(fit_text(" ".join(words), width, size))
    return [fit_text(line, width, size) for line in out]


def _draw_players(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], ctx: RenderContext, top: int, seats: list[str], letters: Mapping[str, str]
) -> int:
    heads = (
        (COL_NAME, ctx.t("mn.board.col_player"), W_NAME),
        (COL_LOC, ctx.t("mn.board.col_location"), W_LOC),
        (COL_CARDS, ctx.t("mn.board.col_cards"), COL_TRAPS - COL_CARDS - 8),
        (COL_TRAPS, ctx.t("mn.board.col_traps"), COL_NOTES - COL_TRAPS - 8),
        (COL_NOTES, "", W_NOTES),
    )
    for x, head, width in heads:
        _text(draw, (x, top + 14), head, 16, bold=True, fill=MUTED, width=width)
    y = top + 30
    avatars = view.get("avatars") or {}
    active = view.get("active") or []
    for i, p in enumerate(seats):
        mid = y + ROW_H / 2
        here = p in active
        if p == view.get("current") and not view.get("outcome"):
            draw.rounded_rectangle((PAD, y + 2, WIDTH - PAD, y + ROW_H - 2), radius=8, fill=HIGHLIGHT)
            draw.polygon([(PAD + 6, mid - 8), (PAD + 6, mid + 8), (PAD + 16, mid)], fill=FOREGROUND)
        if p == view.get("horror"):
            _spikes(draw, (COL_BADGE, mid), BADGE_R + 8, BADGE_R + 1)
        badge(draw, (COL_BADGE, mid), BADGE_R, i, letters[p])
        colour = FOREGROUND if here else MUTED
        name = ctx.name(p)
        size = next((n for n in (20, 18) if font(n, True).getlength(name) <= W_NAME), 16)
        _text(draw, (COL_NAME, mid), name, size, bold=True, fill=colour, width=W_NAME)
        notes = _notes(view, p, ctx)
        if here:
            _text(draw, (COL_LOC, mid), _location(ctx, avatars.get(p, "")), 18, width=W_LOC)
            _hand_marker(draw, COL_CARDS, mid)
            _text(draw, (COL_CARDS + 30, mid), str(int((view.get("hand_sizes") or {}).get(p, 0))), 20, bold=True)
            traps = int((view.get("trap_counts") or {}).get(p, 0))
            _text(draw, (COL_TRAPS, mid), str(traps), 20, bold=True)
            for k in range(min(traps, 5)):
                _trap_marker(draw, COL_TRAPS + 24 + k * 22, mid)
            if traps > 5:
                _text(draw, (COL_TRAPS + 24 + 5 * 22 + 2, mid), "+", 20, bold=True)
        wrapped = _wrap(" · ".join(notes), W_NOTES, 16) if notes else []
        for k, line in enumerate(wrapped):
            _text(draw, (COL_NOTES, mid + (k - (len(wrapped) - 1) / 2) * 19), line, 16, fill=colour)
        y += ROW_H
    return y


def _draw_footer(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], ctx: RenderContext, top: int) -> int:
    y = top + 8
    draw.line((PAD, y, WIDTH - PAD, y), fill=PANEL, width=2)
    y += 26
    x = PAD
    _hand_marker(draw, x, y)
    x += 30 + _text(draw, (x + 30, y), ctx.t("mn.board.deck", count=int(view.get("deck_size", 0))), 20)
    x += 40
    _hand_marker(draw, x, y)
    _text(draw, (x + 30, y), ctx.t("mn.board.discard", count=int(view.get("discard_size", 0))), 20)
    y += 38
    nightmares = sorted(view.get("nightmares") or {})
    if not nightmares:
        _text(draw, (PAD, y), ctx.t("mn.board.no_nightmares"), 20, fill=MUTED, width=WIDTH - 2 * PAD)
        y += 34
    else:
        _text(draw, (PAD, y), ctx.t("mn.board.nightmares"), 20, bold=True)
        y += 34
        for colour in nightmares:
            stripes = NIGHTMARE_SWATCH.get(colour, [(128, 128, 128)])
            w = 26 / len(stripes)
            for k, rgb in enumerate(stripes):
                draw.rectangle((PAD + 8 + k * w, y - 13, PAD + 8 + (k + 1) * w, y + 13), fill=rgb)
            draw.rectangle((PAD + 8, y - 13, PAD + 34, y + 13), outline=FOREGROUND, width=2)
            _text(draw, (PAD + 46, y), _nightmare_line(view, colour, ctx), 20, width=WIDTH - 2 * PAD - 46)
            y += 34
    stack = view.get("stack") or []
    if stack:
        _text(draw, (PAD, y), ctx.t("mn.board.on_table"), 20, bold=True)
        y += 32
        for entry in stack:
            _text(draw, (PAD + 16, y), _play_line(entry, ctx), 18, width=WIDTH - 2 * PAD - 16)
            y += 30
    y += 4
    _spikes(draw, (PAD + 14, y), 15, 10)
    x = PAD + 36 + _text(draw, (PAD + 36, y), ctx.t("mn.board.horror"), 16, fill=MUTED)
    _trap_marker(draw, x + 28, y)
    _text(draw, (x + 56, y), ctx.t("mn.board.legend_traps"), 16, fill=MUTED, width=WIDTH - PAD - int(x) - 56)
    return y + 28


def draw_board(view: Mapping[str, Any], ctx: RenderContext) -> Image.Image:
    """The picture of the public board (MN-9, MN-64), before PNG encoding; never a trap's location (MN-P7)."""
    seats = list(view.get("seats") or [])
    seat_of = {p: i for i, p in enumerate(seats)}
    letters = seat_letters(seats, ctx.name)
    status = _status_lines(view, ctx)
    stack = view.get("stack") or []
    nightmares = len(view.get("nightmares") or {})
    height = (
        (PAD + 40 + 32 * len(status) + 10)  # header
        + (LABEL + ROWS * CELL + 16)  # grid
        + (30 + ROW_H * len(seats) + 8)  # players
        + (8 + 26 + 38 + 34 * (1 + nightmares) + (32 + 30 * len(stack) if stack else 0) + 36)  # footer
        + PAD
    )
    image, draw = canvas(WIDTH, height)
    # header: the game and the turn, then whose turn it is and what the table waits for
    _text(draw, (PAD, PAD + 16), ctx.t("mn.name"), 30, bold=True)
    turn = ctx.t("mn.board.turn", turn=int(view.get("turn", 0)), max_turns=int(view.get("max_turns", 0)))
    _text(draw, (WIDTH - PAD, PAD + 16), turn, 22, fill=MUTED, anchor="rm")
    y = PAD + 40 + 16
    current = view.get("current")
    for k, line in enumerate(status):
        x = PAD
        if k == 0 and current in seat_of and not view.get("outcome"):
            badge(draw, (PAD + 15, y), 15, seat_of[current], letters[current])
            x = PAD + 40
        _text(draw, (x, y), line, 22 if k == 0 else 20, bold=k == 0, width=WIDTH - PAD - x)
        y += 32
    y = _draw_grid(draw, view, ctx, y - 6, seat_of, letters) + 16
    y = _draw_players(draw, view, ctx, y, seats, letters) + 8
    _draw_footer(draw, view, ctx, y)
    return image


def render(view: Mapping[str, Any], ctx: RenderContext) -> BoardImage:
    """The public board image of ``engine.view(state, None)`` with its description (MN-9, MN-64, MN-P7)."""
    image = draw_board(view, ctx)
    # a palette of 256 colours keeps every seat colour and halves the file and the encoding time
    png = to_png(image.quantize(256, method=Image.Quantize.FASTOCTREE))
    return BoardImage(png, describe_board(view, ctx), "midnighters.png")


__all__ = ["changed_cells", "describe_board", "draw_board", "render"]
