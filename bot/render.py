"""Board images: what every game's renderer shares (fonts, seat colours, the image type, PNG encoding).

A game's board renderer is a pure function from a **public** view (``engine.view(state, None)``) to a
:class:`BoardImage`, like ``chess.svg.board``: no state, no Discord, no clock. The outbox carries a render
request (engine, view, language, names) rather than bytes; the dispatcher renders at send time, so ``act`` stays
fast and a resend after a crash sends the same picture.

Readable on a phone: images are at least :data:`MIN_WIDTH` pixels wide and text is at least
:data:`MIN_TEXT_PX` pixels high. Colour-blind safe: every seat colour comes with a letter
(:data:`SEAT_LETTERS`), and the palette is Okabe-Ito's, which stays distinct under the common colour-vision
deficiencies. Text uses DejaVu Sans (shipped in ``data/fonts``), which covers Latin, Czech and Cyrillic names.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

FONTS_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
MIN_WIDTH = 800
MIN_TEXT_PX = 14
#: Discord's limit on an attachment's description (alt text).
MAX_DESCRIPTION = 1024

#: Okabe-Ito: distinct for protanopia, deuteranopia and tritanopia; always drawn with a letter beside it.
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (213, 94, 0),  # vermillion
    (0, 114, 178),  # blue
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (240, 228, 66),  # yellow
    (0, 0, 0),  # black
)
SEAT_LETTERS = "ABCDEFGH"
#: What changed since the previous board (a moved piece, a changed room or location) is ringed in this colour: a
#: light cyan that no seat or side colour is near, under any of the common colour-vision deficiencies (the board
#: tests check it), and drawn thick, so the ring's shape tells it too.
CHANGED = (80, 230, 255)
CHANGED_WIDTH = 5
BACKGROUND = (32, 34, 37)
FOREGROUND = (235, 235, 235)
MUTED = (150, 150, 155)


@dataclass(frozen=True)
class BoardImage:
    """A rendered board: PNG bytes and the text a screen reader reads instead (the attachment's description)."""

    png: bytes
    description: str
    filename: str = "board.png"


@dataclass(frozen=True)
class RenderContext:
    """What a renderer may use besides the view: the language, display names and a translator."""

    lang: str
    names: Mapping[str, str] = field(default_factory=dict)
    translate: Callable[..., str] | None = None
    #: The public view the board showed before this one (``None``: the first board): what changed since is marked
    #: (:data:`CHANGED`), so a player who looks back at the board sees what the last play did.
    before: Mapping[str, Any] | None = None

    def t(self, key: str, **args: Any) -> str:
        if self.translate is None:
            import translations as i18n

            return i18n.translate(self.lang, key, **args)
        return self.translate(key, **args)

    def name(self, player: str) -> str:
        return self.names.get(player, player)


#: A game's board renderer.
Renderer = Callable[[Mapping[str, Any], RenderContext], BoardImage]


@cache
def font(size: int = 18, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels (never below :data:`MIN_TEXT_PX`)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS_DIR / name), max(size, MIN_TEXT_PX))


def seat_colour(index: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


def seat_letter(index: int) -> str:
    return SEAT_LETTERS[index % len(SEAT_LETTERS)]


def readable_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return (0, 0, 0) if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else (255, 255, 255)


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new board of at least :data:`MIN_WIDTH` pixels wide, on the dark background Discord shows."""
    image = Image.new("RGB", (max(width, MIN_WIDTH), height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, index: int, text: str | None = None) -> None:
    """A seat's disc: its colour with its letter (or ``text``) on it, so colour is never the only clue."""
    x, y = centre
    colour = seat_colour(index)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=FOREGROUND, width=2)
    draw.text((x, y), text or seat_letter(index), fill=readable_on(colour), font=font(int(radius * 1.2), bold=True), anchor="mm")


def fit_text(text: str, width: int, size: int = 18, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


#: How every board is encoded: zlib's fastest level. Against ``optimize`` (level 9 and a search) a board encodes
#: 10-15 times faster for about 1.5 times the bytes (35-60 KiB a board, far below Discord's attachment limit); the
#: time is what counts, since a board is drawn after nearly every play (bench/RESULTS.md, board images).
PNG_OPTIONS: dict[str, Any] = {"compress_level": 1}


def to_png(image: Image.Image) -> bytes:
    """``image`` as PNG bytes, encoded as :data:`PNG_OPTIONS` says (every game's board the same way)."""
    out = io.BytesIO()
    image.save(out, format="PNG", **PNG_OPTIONS)
    return out.getvalue()


_LAYERS: list[Any] = []


def layer(maxsize: int = 8) -> Callable[[Callable[..., Image.Image]], Callable[..., Image.Image]]:
    """A drawing that depends only on its (hashable) arguments, such as a board's empty grid: drawn once and then
    reused (an LRU cache of ``maxsize`` images per process). The image is shared: paste it, or ``.copy()`` it
    before drawing on it. :func:`forget_layers` empties every such cache (the benchmark's "before")."""

    def decorate(draw: Callable[..., Image.Image]) -> Callable[..., Image.Image]:
        cached = lru_cache(maxsize=maxsize)(draw)
        _LAYERS.append(cached)
        return cached

    return decorate


def forget_layers() -> None:
    """Drop every cached layer (:func:`layer`): the next board draws them again."""
    for cached in _LAYERS:
        cached.cache_clear()


def describe(lines: list[str]) -> str:
    """Alt text from lines, within Discord's limit."""
    text = "\n".join(line for line in lines if line)
    return text if len(text) <= MAX_DESCRIPTION else text[: MAX_DESCRIPTION - 1] + "…"


__all__ = [
    "CHANGED",
    "MIN_TEXT_PX",
    "MIN_WIDTH",
    "SEAT_COLOURS",
    "SEAT_LETTERS",
    "BoardImage",
    "RenderContext",
    "Renderer",
    "badge",
    "canvas",
    "describe",
    "fit_text",
    "font",
    "forget_layers",
    "layer",
    "readable_on",
    "seat_colour",
    "seat_letter",
    "to_png",
]
