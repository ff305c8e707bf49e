"""Axial hex geometry for Midnight Hunt (MH-5).

A hex is ``(q, r)`` with ``s = -q - r``; a board of radius ``R`` holds every hex with ``max(|q|, |r|, |s|) <= R``.
States, actions and events name hexes by a short string id, ``"q,r"`` (``hex_id(-2, 3) == "-2,3"``), so they stay
plain JSON; :class:`Grid` precomputes, once per board, everything the rules ask of the geometry: neighbours, the
rays along the six directions (for "in a straight line" and "the hexes between") and the ring at distance 2.

>>> grid = Grid(1)
>>> len(grid.hexes)
7
>>> sorted(grid.neighbours["0,0"])
['-1,0', '-1,1', '0,-1', '0,1', '1,-1', '1,0']
>>> distance((0, 0), (2, -1))
2
"""

from __future__ import annotations

from collections.abc import Iterator

Hex = tuple[int, int]

#: MH-5: the six directions; neighbours differ by exactly one of them.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def hex_id(q: int, r: int) -> str:
    """The string id of hex ``(q, r)`` used in states, actions and events."""
    return f"{q},{r}"


def parse_hex(text: str) -> Hex:
    """The inverse of :func:`hex_id`."""
    q, r = text.split(",")
    return int(q), int(r)


def distance(a: Hex, b: Hex) -> int:
    """MH-5: ``(|dq| + |dr| + |dq + dr|) / 2``."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def disk(radius: int) -> Iterator[Hex]:
    """Every hex within ``radius`` of the centre, row by row (r from top to bottom), q ascending."""
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            yield q, r


class Grid:
    """The hexes of a radius-``R`` board and their precomputed relations (all keyed by hex id).

    * ``neighbours[h]``: the hexes at distance 1;
    * ``rays[h]``: for each direction that leaves ``h`` inside the board, the hexes at distance 1, 2, 3 ... along
      it, nearest first (so ``ray[k - 1]`` is k steps away and ``ray[:k - 1]`` are the hexes between);
    * ``ring2[h]``: the hexes at distance exactly 2.
    """

    def __init__(self, radius: int) -> None:
        self.radius = radius
        coords = list(disk(radius))
        inside = set(coords)
        self.hexes: tuple[str, ...] = tuple(hex_id(*h) for h in coords)
        self.coords: dict[str, Hex] = {hex_id(*h): h for h in coords}
        self.neighbours: dict[str, tuple[str, ...]] = {}
        self.rays: dict[str, tuple[tuple[str, ...], ...]] = {}
        self.ring2: dict[str, tuple[str, ...]] = {}
        for q, r in coords:
            here = hex_id(q, r)
            self.neighbours[here] = tuple(
                hex_id(q + dq, r + dr) for dq, dr in DIRECTIONS if (q + dq, r + dr) in inside
            )
            rays = []
            for dq, dr in DIRECTIONS:
                ray = []
                k = 1
                while (q + k * dq, r + k * dr) in inside:
                    ray.append(hex_id(q + k * dq, r + k * dr))
                    k += 1
                if ray:
                    rays.append(tuple(ray))
            self.rays[here] = tuple(rays)
            self.ring2[here] = tuple(hex_id(*h) for h in coords if distance(h, (q, r)) == 2)

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self.coords

    def distance(self, a: str, b: str) -> int:
        return distance(self.coords[a], self.coords[b])
