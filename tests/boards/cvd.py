"""Colour-vision deficiency, simulated (issue 29, item 5): what a board's colours look like to a protanope, a
deuteranope or a tritanope, and how far apart two colours then are.

The simulation is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of Color
Vision Deficiency", at full severity: a 3x3 matrix applied to linear RGB. Distances are CIE76 ΔE in CIELAB (D65):
about 2.3 is the smallest difference a person notices side by side; markers a player tells apart at a glance on a
phone want well over 10.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

RGB = tuple[int, int, int]

#: Machado et al. (2009), severity 1.0.
MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
KINDS = tuple(MATRICES)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(colour: RGB, kind: str) -> RGB:
    """``colour`` as a person with ``kind`` of colour blindness sees it."""
    rgb = [_linear(c) for c in colour]
    m = MATRICES[kind]
    return tuple(_gamma(sum(m[i][j] * rgb[j] for j in range(3))) for i in range(3))  # type: ignore[return-value]


def lab(colour: RGB) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: RGB, b: RGB) -> float:
    return math.dist(lab(a), lab(b))


def closest(colours: dict[str, RGB], kinds: Iterable[str] = KINDS) -> tuple[float, str, str, str]:
    """The closest pair of ``colours`` under any of ``kinds`` (and normal vision): (ΔE, kind, name, name)."""
    worst = (math.inf, "", "", "")
    for kind in ("normal", *kinds):
        for (n1, c1), (n2, c2) in itertools.combinations(colours.items(), 2):
            s1, s2 = (c1, c2) if kind == "normal" else (simulate(c1, kind), simulate(c2, kind))
            worst = min(worst, (delta_e(s1, s2), kind, n1, n2))
    return worst
