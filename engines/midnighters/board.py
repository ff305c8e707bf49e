"""The dream's grid (MN-5 .. MN-8): cells, rotations, arrows, adjacency, and the Director's layout builder.

A board is two plain dicts kept in the state: ``cells`` maps each location card to its cell index
(``row * 4 + column``, 0-based, so ``A1`` is 0 and ``D4`` is 15) and ``turns`` maps it to its rotation in
quarter turns clockwise. Avatars and traps point at location cards, never at cells (MN-6), so moving a card
carries them along for free.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache

from engines.midnighters.data import (
    ARROWS,
    CLASSIC_LAYOUT,
    COLUMNS,
    CORRIDORS,
    LOCATIONS,
    MAX_REJECTIONS,
    MIN_BRIDGE_DISTANCE,
    ROWS,
)

#: Directions in clockwise order, so a rotation by ``k`` quarter turns maps index ``i`` to ``i + k`` (MN-5).
DIRECTIONS: tuple[str, ...] = ("up", "right", "down", "left")
_DELTA = {"up": (-1, 0), "right": (0, 1), "down": (1, 0), "left": (0, -1)}
CELLS: tuple[int, ...] = tuple(range(ROWS * COLUMNS))
BRIDGE = "bridge"


def cell_name(cell: int) -> str:
    """``0`` -> ``"A1"``: columns A-D left to right, rows 1-4 top to bottom (MN-5)."""
    return "ABCD"[cell % COLUMNS] + str(cell // COLUMNS + 1)


def parse_cell(name: str) -> int:
    """``"A1"`` -> ``0``; raises ``ValueError`` for anything else."""
    if not isinstance(name, str) or len(name) != 2 or name[0] not in "ABCD"[:COLUMNS] or not name[1].isdigit():
        raise ValueError(name)
    row = int(name[1]) - 1
    if not 0 <= row < ROWS:
        raise ValueError(name)
    return row * COLUMNS + "ABCD".index(name[0])


def step(cell: int, direction: str) -> int | None:
    """The cell one step from ``cell`` toward ``direction``, or ``None`` off the grid's edge."""
    dr, dc = _DELTA[direction]
    row, col = divmod(cell, COLUMNS)
    row, col = row + dr, col + dc
    if 0 <= row < ROWS and 0 <= col < COLUMNS:
        return row * COLUMNS + col
    return None


def arrows(location: str, turns: int) -> tuple[str, ...]:
    """MN-5: the card's current arrows; each quarter turn clockwise turns up->right->down->left->up."""
    return _ARROWS_TURNED[location][turns % 4]


_ARROWS_TURNED = {
    loc: [tuple(DIRECTIONS[(DIRECTIONS.index(a) + k) % 4] for a in ARROWS[loc]) for k in range(4)] for loc in ARROWS
}
_STEP = {(cell, d): step(cell, d) for cell in CELLS for d in DIRECTIONS}


def occupant(cells: dict[str, int]) -> dict[int, str]:
    """Cell -> the location card on it (empty cells are absent)."""
    return {cell: loc for loc, cell in cells.items()}


def sleepwalk_target(cells: dict[str, int], turns: dict[str, int], location: str, direction: str) -> str | None:
    """MN-20: where a Sleepwalk from ``location`` toward ``direction`` lands, or ``None`` if it cannot.

    Only the arrows of the card stood on matter; an empty cell or the grid's edge blocks.
    """
    if direction not in arrows(location, turns[location]):
        return None
    cell = step(cells[location], direction)
    if cell is None:
        return None
    return occupant(cells).get(cell)


def neighbours(cells: dict[str, int], location: str) -> list[str]:
    """MN-6: locations on orthogonally neighbouring occupied cells (arrows do not matter)."""
    by_cell = occupant(cells)
    found = []
    for direction in DIRECTIONS:
        cell = step(cells[location], direction)
        if cell is not None and cell in by_cell:
            found.append(by_cell[cell])
    return found


def empty_cells(cells: dict[str, int]) -> list[int]:
    taken = set(cells.values())
    return [c for c in CELLS if c not in taken]


def sleepwalk_distances(cells: dict[str, int], turns: dict[str, int], target: str) -> dict[str, int]:
    """Fewest Sleepwalk moves (MN-20) from each location to ``target`` (unreachable locations are absent).

    A backward breadth-first search from ``target`` over the arrow graph. ``turns`` may count quarter turns past a
    whole turn (the computer players try boards a Vertigo would make).
    """
    by_cell = occupant(cells)
    into: dict[str, list[str]] = {loc: [] for loc in cells}
    for loc, cell in cells.items():
        for direction in _ARROWS_TURNED[loc][turns[loc] % 4]:
            target_cell = _STEP[cell, direction]
            if target_cell is not None and target_cell in by_cell:
                into[by_cell[target_cell]].append(loc)
    dist = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for source in into[here]:
            if source not in dist:
                dist[source] = dist[here] + 1
                queue.append(source)
    return dist


def distances_to_bridge(cells: dict[str, int], turns: dict[str, int]) -> dict[str, int]:
    """Fewest Sleepwalk moves from each location to the Bridge (unreachable locations are absent)."""
    return sleepwalk_distances(cells, turns, BRIDGE)


def layout_is_valid(cells: dict[str, int], turns: dict[str, int]) -> bool:
    """MN-7: every corridor reaches the Bridge by Sleepwalk, none in fewer than 3 moves."""
    dist = distances_to_bridge(cells, turns)
    return all(c in dist and dist[c] >= MIN_BRIDGE_DISTANCE for c in CORRIDORS)


def classic_layout() -> tuple[dict[str, int], dict[str, int]]:
    """MN-8: the fixed layout, every card at 0 degrees."""
    cells = {loc: parse_cell(name) for loc, name in CLASSIC_LAYOUT.items()}
    return cells, {loc: 0 for loc in cells}


@lru_cache(maxsize=256)
def random_layout(seed_key: str) -> tuple[tuple[tuple[str, int, int], ...], int]:
    """MN-7: draw candidate layouts until one is valid; after 10,000 rejections use the classic layout.

    A pure function of ``seed_key`` (cached: a replay builds the same board without redoing the search).
    Returns ``((location, cell, turns), ...)`` and the number of rejected candidates.
    """
    chooser = random.Random(seed_key)
    for rejected in range(MAX_REJECTIONS):
        chosen = chooser.sample(CELLS, len(LOCATIONS))
        cells = dict(zip(LOCATIONS, chosen))
        turns = {loc: chooser.randrange(4) for loc in LOCATIONS}
        if layout_is_valid(cells, turns):
            return tuple((loc, cells[loc], turns[loc]) for loc in LOCATIONS), rejected
    cells, turns = classic_layout()
    return tuple((loc, cells[loc], turns[loc]) for loc in LOCATIONS), MAX_REJECTIONS
