"""The public board image of Ghost at Home: every house, whose turn it is, hand sizes, deck and discard pile.

:func:`render` is a pure function of the **spectator** view (``engine.view(state, None)``, GH-6): it draws only
what the rules make public — every house (rooms, ghosts, cats, lit and dark floors; GH-6), each hand's size
(never its cards, GH-P1), the deck's and the discard pile's sizes (never the pile's faces, GH-P2) — and says the
same in words for screen readers (the image's description).

Each house is drawn as on the table, top floor first under its roof: a lit floor is bright with a glowing bulb, a
dark floor is night blue with a bulb that is off, so the two differ by shape and brightness, not only by hue. A
room card shows its floor icon (``1``, ``2``, ``3``, ``J`` for the joker room, GH-26); ghosts and cats are drawn
as figures lying on their rooms. Seats keep their Okabe-Ito colour and always their letter (roof window, badge).

The picture is drawn at twice its size and scaled down, which smooths the roofs, ghosts and cats.

This module lays the board out and draws it at scale; the figures and colours are
:mod:`cogs.ghost_at_home.board_figures`'s, the words (status lines, the description)
:mod:`cogs.ghost_at_home.board_words`'.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.render import (
    CHANGED,
    CHANGED_WIDTH,
    FOREGROUND,
    MIN_WIDTH,
    MUTED,
    BoardImage,
    RenderContext,
    badge,
    canvas,
    fit_text,
    font,
    seat_colour,
    seat_letter,
    to_png,
)
from cogs.ghost_at_home.board_figures import (
    CELL_BG,
    CELL_EDGE,
    DARK_FLOOR,
    DARK_ROOM,
    DARK_ROOM_EDGE,
    GOLD,
    GRASS,
    INK,
    LIT_FLOOR,
    LIT_ROOM,
    LIT_ROOM_EDGE,
    WALL,
    bulb,
    card,
    cat,
    dashed_box,
    ghost,
)
from cogs.ghost_at_home.board_words import FLOORS, _shorten, _status_lines, describe_board

#: Supersampling factor: everything is drawn at ``S`` times the final size, then scaled down.
S = 2

MARGIN = 20
GAP = 16
CELL_W = 370
HOUSE_W = 330
LABEL_W = 38
SLOT_GAP = 8
FLOOR_H = 88
NAME_H = 40
ROOF_H = 70
TAG_H = 30
CELL_H = 12 + NAME_H + 6 + ROOF_H + 3 * FLOOR_H + 8 + 12 + TAG_H + 12
PILE_W = 176
#: At most this many lines of status under the title, and this many characters of a name in them.
STATUS_LINES = 4
HEADER_NAME = 18

# -- drawing at scale ----------------------------------------------------------------------------------------


class _Pen:
    """``ImageDraw`` in final-image pixels: every coordinate and size is multiplied by :data:`S`."""

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw

    @staticmethod
    def _box(box: Sequence[float]) -> tuple[float, ...]:
        return tuple(v * S for v in box)

    def rect(self, box, fill=None, outline=None, width: float = 1, radius: float = 0) -> None:
        if radius:
            self.draw.rounded_rectangle(self._box(box), radius * S, fill=fill, outline=outline, width=int(width * S))
        else:
            self.draw.rectangle(self._box(box), fill=fill, outline=outline, width=int(width * S))

    def ellipse(self, box, fill=None, outline=None, width: float = 1) -> None:
        self.draw.ellipse(self._box(box), fill=fill, outline=outline, width=int(width * S))

    def polygon(self, points, fill=None, outline=None, width: float = 1) -> None:
        self.draw.polygon([(x * S, y * S) for x, y in points], fill=fill, outline=outline, width=int(width * S))

    def line(self, points, fill, width: float = 1) -> None:
        self.draw.line([(x * S, y * S) for x, y in points], fill=fill, width=int(width * S))

    def text(self, xy, text: str, size: int, fill=FOREGROUND, bold: bool = False, anchor: str = "la") -> None:
        self.draw.text((xy[0] * S, xy[1] * S), text, fill=fill, font=font(size * S, bold), anchor=anchor)

    @staticmethod
    def length(text: str, size: int, bold: bool = False) -> float:
        return font(size * S, bold).getlength(text) / S

    @staticmethod
    def fit(text: str, width: float, size: int, bold: bool = False) -> str:
        return fit_text(text, int(width * S), size * S, bold)

    def badge(self, centre, radius: float, index: int, text: str | None = None) -> None:
        badge(self.draw, (centre[0] * S, centre[1] * S), radius * S, index, text)

    def wrap(self, text: str, width: float, size: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines of at most ``width`` pixels (a word too long is shortened)."""
        lines: list[str] = []
        line = ""
        for word in text.split():
            candidate = f"{line} {word}" if line else word
            if self.length(candidate, size, bold) <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return [self.fit(line, width, size, bold) for line in lines]


# -- the picture ---------------------------------------------------------------------------------------------


def render(view: Mapping[str, Any], ctx: RenderContext) -> BoardImage:
    """The public board of a Ghost at Home game, from the spectator view (``engine.view(state, None)``)."""
    players: list[str] = list(view["players"])
    columns = len(players) if len(players) <= 3 else 2
    rows = math.ceil(len(players) / columns)
    width = max(MIN_WIDTH, MARGIN * 2 + columns * CELL_W + (columns - 1) * GAP)

    probe = _Pen(ImageDraw.Draw(Image.new("RGB", (1, 1))))
    # the header names players shortly (their cells and the description carry the full names) and keeps to
    # STATUS_LINES lines, so the picture's height stays bounded whatever the names
    status = _status_lines(view, ctx, lambda p: _shorten(ctx.name(p), HEADER_NAME))
    text_w = width - 2 * MARGIN - 2 * PILE_W - 16
    status_lines = [line for text in status for line in probe.wrap(text, text_w, 17)]
    if len(status_lines) > STATUS_LINES:
        rest = " ".join(status_lines[STATUS_LINES - 1 :])
        status_lines = status_lines[: STATUS_LINES - 1] + [probe.fit(rest, text_w, 17)]
    header_h = max(112, 56 + 24 * len(status_lines) + 12)
    legend, legend_h = _legend_layout(probe, ctx, width - 2 * MARGIN)
    height = header_h + rows * CELL_H + (rows - 1) * GAP + 14 + legend_h + MARGIN

    image, draw = canvas(width * S, height * S)
    pen = _Pen(draw)
    _header(pen, view, ctx, width, status_lines)
    for i, player in enumerate(players):
        x = MARGIN + (i % columns) * (CELL_W + GAP)
        y = header_h + (i // columns) * (CELL_H + GAP)
        _house_cell(pen, view, ctx, player, i, x, y, _changes(ctx.before, view, player))
    _legend(pen, legend, MARGIN, header_h + rows * CELL_H + (rows - 1) * GAP + 14)

    # scale down (a box filter is exact for a whole factor) and keep a palette: the board is flat colours, and a
    # 256-colour PNG is a third of the size and quicker to encode
    image = image.reduce(S).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return BoardImage(to_png(image), describe_board(view, ctx), "ghost_at_home.png")


def _header(pen: _Pen, view: Mapping[str, Any], ctx: RenderContext, width: int, status: list[str]) -> None:
    title = ctx.t("gh.board.title")
    pen.text((MARGIN, 16), title, 26, bold=True)
    turn_x = MARGIN + pen.length(title, 26, True) + 14
    pen.text((turn_x, 22), ctx.t("gh.board.turn", turn=view.get("turn", 0)), 19, fill=GOLD, bold=True)
    for i, line in enumerate(status):
        pen.text((MARGIN, 58 + 24 * i), line, 17)
    # the deck (backs) and the discard pile (faces): only their sizes are public (GH-6, GH-P2)
    for k, (label, count, face_up) in enumerate(
        ((ctx.t("gh.board.deck"), view["deck_size"], False), (ctx.t("gh.board.discard"), view["discard_size"], True))
    ):
        x = width - MARGIN - (2 - k) * PILE_W
        pen.rect((x + 4, 12, x + PILE_W - 4, 100), fill=CELL_BG, outline=CELL_EDGE, radius=10)
        layers = 0 if count == 0 else min(3, 1 + count // 10)
        for j in range(layers):
            card(pen, x + 20 + j * 4, 20 - j * 3 + 6, 34, 48, face_up)
        if not layers:
            dashed_box(pen, (x + 20, 26, x + 54, 74), MUTED, 1.5, 5)
        pen.text((x + 98, 50), str(count), 28, bold=True, anchor="mm")
        pen.text((x + PILE_W / 2, 88), pen.fit(label, PILE_W - 16, 15), 15, fill=MUTED, anchor="mm")


def _tag(view: Mapping[str, Any], player: str) -> tuple[str, tuple[int, int, int], tuple[int, int, int]] | None:
    """The label under a house: (message key, pill colour, text colour), most important first."""
    outcome = view.get("outcome")
    if player not in view["seats"]:
        return ("gh.board.tag.left", (90, 90, 96), FOREGROUND)
    if outcome is not None:
        return ("gh.board.tag.winner", GOLD, INK) if player in outcome["winners"] else None
    escape = view.get("escape")
    if view.get("phase") in ("cat_window", "escape_window") and player in view.get("waiting_for", ()):
        return ("gh.board.tag.answering", (86, 180, 233), INK)
    if escape is not None and escape["escaper"] == player:
        return ("gh.board.tag.escaping", GOLD, INK)
    if player == view["current"]:
        return ("gh.board.tag.to_play", FOREGROUND, INK)
    return None


def _changes(before: Mapping[str, Any] | None, view: Mapping[str, Any], player: str) -> tuple[set[int], set[int]]:
    """What changed in ``player``'s house since the previous board: the rooms (slots) explored, haunted or guarded
    or freed, and the floors lit or put out. Nothing on the first board, or for a house that was not there."""
    old = (before or {}).get("houses", {}).get(player)
    if old is None:
        return set(), set()
    new = view["houses"][player]
    slots = {
        i
        for i in range(len(new["rooms"]))
        if old["rooms"][i] != new["rooms"][i] or old["occupants"][i] != new["occupants"][i]
    }
    floors = {f for f in FLOORS if bool(old["lit"][f - 1]) != bool(new["lit"][f - 1])}
    return slots, floors


def _changed(pen: _Pen, box) -> None:
    """Ring what the last play changed (:data:`bot.render.CHANGED`), with a dark line inside so it reads on a lit
    floor as on a dark one."""
    x0, y0, x1, y1 = box
    pen.rect((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=CHANGED, width=CHANGED_WIDTH, radius=8)
    pen.rect((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=INK, width=1.5, radius=6)


def _house_cell(
    pen: _Pen,
    view: Mapping[str, Any],
    ctx: RenderContext,
    player: str,
    index: int,
    x: float,
    y: float,
    changes: tuple[set[int], set[int]] = (set(), set()),
) -> None:
    house = view["houses"][player]
    seated = player in view["seats"]
    outcome = view.get("outcome")
    acting = outcome is None and player == view["current"]
    won = outcome is not None and player in outcome["winners"]
    frame = GOLD if won else FOREGROUND if acting else CELL_EDGE
    pen.rect((x, y, x + CELL_W, y + CELL_H), fill=CELL_BG, outline=frame, width=3 if won or acting else 1, radius=14)

    # name bar: seat badge and name
    bar_y = y + 12 + NAME_H / 2
    pen.badge((x + 30, bar_y), 16, index)
    name = pen.fit(ctx.name(player), CELL_W - 54 - 14, 20, bold=True)
    pen.text((x + 54, bar_y), name, 20, fill=FOREGROUND if seated else MUTED, bold=True, anchor="lm")

    hx0 = x + (CELL_W - HOUSE_W) / 2
    hx1 = hx0 + HOUSE_W
    roof_top = y + 12 + NAME_H + 6
    roof_bottom = roof_top + ROOF_H
    colour = seat_colour(index) if seated else (96, 96, 102)
    edge = tuple(int(c * 0.55) for c in colour)
    pen.rect((hx1 - 70, roof_top + 8, hx1 - 48, roof_top + 44), fill=(120, 96, 84), outline=INK)  # chimney
    pen.polygon([(hx0 - 14, roof_bottom), ((hx0 + hx1) / 2, roof_top), (hx1 + 14, roof_bottom)], fill=colour,
                outline=edge, width=3)  # fmt: skip
    window_c = ((hx0 + hx1) / 2, roof_bottom - 26)
    pen.ellipse((window_c[0] - 17, window_c[1] - 17, window_c[0] + 17, window_c[1] + 17), fill=(26, 26, 36),
                outline=(245, 245, 245), width=2)  # fmt: skip
    pen.text(window_c, seat_letter(index), 20, fill=(245, 245, 245), bold=True, anchor="mm")

    attack = view.get("attack")
    target = None
    if attack is not None and attack["defender"] == player:
        target = (attack["floor"] - 1) * 2 + (0 if attack["side"] == "left" else 1)
    slot_w = (HOUSE_W - LABEL_W - 3 * SLOT_GAP) / 2
    for floor in FLOORS:
        fy0 = roof_bottom + (3 - floor) * FLOOR_H
        fy1 = fy0 + FLOOR_H
        lit = bool(house["lit"][floor - 1])
        pen.rect((hx0, fy0, hx1, fy1), fill=LIT_FLOOR if lit else DARK_FLOOR, outline=WALL, width=3)
        pen.text((hx0 + LABEL_W / 2 + 2, fy0 + 22), str(floor), 22, fill=INK if lit else FOREGROUND, bold=True,
                 anchor="mm")  # fmt: skip
        bulb(pen, hx0 + LABEL_W / 2 + 2, fy0 + 54, 9, lit)
        if floor in changes[1]:  # lit or put out by the last play: its bulb is ringed
            _changed(pen, (hx0 + 6, fy0 + 40, hx0 + LABEL_W - 2, fy1 - 8))
        for side in (0, 1):
            slot = (floor - 1) * 2 + side
            sx0 = hx0 + LABEL_W + SLOT_GAP + side * (slot_w + SLOT_GAP)
            box = (sx0, fy0 + 8, sx0 + slot_w, fy1 - 8)
            _slot(pen, box, house["rooms"][slot], house["occupants"][slot], lit)
            if slot in changes[0]:
                _changed(pen, box)
            if slot == target:
                _incoming(pen, box, view["players"].index(attack["attacker"]))
    ground_y = roof_bottom + 3 * FLOOR_H
    pen.rect((hx0 - 22, ground_y, hx1 + 22, ground_y + 8), fill=GRASS)

    # under the house: the hand's size (card backs and the number; never the cards, GH-P1) and the house's tag
    row_y = ground_y + 8 + 12 + TAG_H / 2
    cards = view["hand_sizes"].get(player, 0)
    for j in range(cards):
        card(pen, x + 16 + j * 10, row_y - 12, 16, 24, False)
    hand_x = x + 16 + (16 + 10 * (cards - 1) + 8 if cards else 0)
    pen.text((hand_x, row_y), ctx.t("gh.board.hand", count=cards), 16, fill=MUTED, anchor="lm")
    tag = _tag(view, player)
    if tag is not None:
        key, fill, ink = tag
        text = {"gh.board.tag.to_play": "▶ ", "gh.board.tag.winner": "★ "}.get(key, "") + ctx.t(key)
        text = pen.fit(text, CELL_W / 2 - 30, 16, bold=True)
        w = pen.length(text, 16, True) + 28
        right = x + CELL_W - 14
        pen.rect((right - w, row_y - TAG_H / 2, right, row_y + TAG_H / 2), fill=fill, radius=TAG_H / 2)
        pen.text((right - w / 2, row_y), text, 16, fill=ink, bold=True, anchor="mm")


def _slot(pen: _Pen, box, room: str | None, occupant: str | None, lit: bool) -> None:
    x0, y0, x1, y1 = box
    if room is None:
        dashed_box(pen, box, (150, 120, 60) if lit else (92, 96, 130), 2, 7)
        return
    pen.rect(box, fill=LIT_ROOM if lit else DARK_ROOM, outline=LIT_ROOM_EDGE if lit else DARK_ROOM_EDGE, width=2,
             radius=6)  # fmt: skip
    ink = LIT_ROOM_EDGE if lit else (225, 228, 245)
    icon = "J" if room == "joker_room" else room.removeprefix("room")
    pen.text((x0 + 8, y0 + 5), icon, 16, fill=ink, bold=True)
    # a door: the room is explored
    dx0, dy1 = x0 + 16, y1 - 4
    door = (dx0, dy1 - 38, dx0 + 24, dy1)
    pen.rect(door, fill=(150, 98, 56) if lit else (52, 56, 84), outline=ink, width=1.5, radius=3)
    pen.ellipse((door[2] - 8, dy1 - 21, door[2] - 4, dy1 - 17), fill=ink)
    cx, cy = (x0 + x1) / 2 + 22, (y0 + y1) / 2
    if occupant == "ghost":
        ghost(pen, cx, cy, y1 - y0 - 12)
    elif occupant == "cat":
        cat(pen, cx, cy, y1 - y0 - 10)


def _incoming(pen: _Pen, box, attacker_index: int) -> None:
    """A ghost on its way to this room, waiting on the defender's cat window (GH-13, GH-17): a dashed red frame, a
    pale ghost with a red outline where it would land, and the attacker's badge. The room is free: a cat on it
    would have met the ghost at once, and a ghost is never sent at a room holding one (GH-12)."""
    x0, y0, x1, y1 = box
    dashed_box(pen, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), (230, 60, 60), 3, 7)
    ghost(pen, (x0 + x1) / 2 + 22, (y0 + y1) / 2, y1 - y0 - 12, fill=(196, 202, 232), outline=(230, 60, 60))
    pen.badge((x1 - 2, y0 + 2), 12, attacker_index)


# -- the legend ----------------------------------------------------------------------------------------------

LEGEND_ROW = 34


def _legend_items(ctx: RenderContext) -> list[tuple[str, str]]:
    return [
        ("ghost", ctx.t("gh.card.ghost")),
        ("cat", ctx.t("gh.card.cat")),
        ("lit", ctx.t("gh.board.lit_floor")),
        ("dark", ctx.t("gh.board.dark_floor")),
        ("joker", ctx.t("gh.card.joker_room")),
    ]


def _legend_layout(pen: _Pen, ctx: RenderContext, width: float) -> tuple[list[tuple[str, str, float, float]], int]:
    """Legend items placed left to right, wrapping: (kind, label, x offset, y offset), and the total height."""
    placed = []
    x = y = 0.0
    for kind, label in _legend_items(ctx):
        w = 34 + pen.length(label, 16) + 22
        if x and x + w > width:
            x, y = 0.0, y + LEGEND_ROW
        placed.append((kind, label, x, y))
        x += w
    return placed, int(y + LEGEND_ROW)


def _legend(pen: _Pen, placed, x0: float, y0: float) -> None:
    for kind, label, dx, dy in placed:
        cx, cy = x0 + dx + 14, y0 + dy + LEGEND_ROW / 2
        if kind == "ghost":
            ghost(pen, cx, cy, 26)
        elif kind == "cat":
            cat(pen, cx, cy - 1, 28)
        elif kind in ("lit", "dark"):
            lit = kind == "lit"
            pen.rect((cx - 14, cy - 14, cx + 14, cy + 14), fill=LIT_FLOOR if lit else DARK_FLOOR, outline=WALL,
                     radius=4)  # fmt: skip
            bulb(pen, cx, cy - 3, 6, lit)
        else:
            pen.rect((cx - 12, cy - 14, cx + 12, cy + 14), fill=LIT_ROOM, outline=LIT_ROOM_EDGE, width=2, radius=4)
            pen.text((cx, cy), "J", 16, fill=LIT_ROOM_EDGE, bold=True, anchor="mm")
        pen.text((cx + 22, cy), label, 16, fill=MUTED, anchor="lm")


__all__ = ["describe_board", "render"]
