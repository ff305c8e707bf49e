"""Where a board picture rings what changed since the previous board (issue 29): shared by the board tests."""

from __future__ import annotations

from PIL import Image

from bot.render import CHANGED


def ringed_pixels(image: Image.Image) -> list[tuple[int, int]]:
    """Every other pixel of the picture that shows the ring's colour (:data:`bot.render.CHANGED`, give or take the
    scaling's blending)."""
    rgb = image.convert("RGB")
    return [
        (x, y)
        for y in range(0, rgb.height, 2)
        for x in range(0, rgb.width, 2)
        if sum(abs(a - b) for a, b in zip(rgb.getpixel((x, y)), CHANGED)) < 40
    ]
