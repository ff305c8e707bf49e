"""The names players read for Midnight Hunt's hexes: a letter and a row number, as drawn on the board image.

States, actions and events keep the axial id ``"q,r"`` (:mod:`engines.midnight_hunt.hexgrid`); what players read
(the board image, its description, the buttons, the log, the terminal table) names a hex like a chessboard square:
the rows are numbered from side A's edge (the bottom of the picture, row 1) to side B's, and the hexes of a row are
lettered from the left, ``a`` first. So on the 1 vs 1 board side A's starting locations are ``b1`` and ``c1``, the
Necropolis in the centre ``d4``, side B's starting locations ``b7`` and ``c7``.

>>> hex_name("-2,3", 3), hex_name("0,0", 3), hex_name("2,-3", 3), hex_name("-4,4", 4)
('b1', 'd4', 'c7', 'a1')
>>> hex_of("d4", 3)
'0,0'
"""

from __future__ import annotations

from engines.midnight_hunt.hexgrid import hex_id, parse_hex

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _first_q(r: int, radius: int) -> int:
    return max(-radius, -r - radius)


def hex_name(hex_: str, radius: int) -> str:
    """``"q,r"`` as players read it: ``"b1"``."""
    q, r = parse_hex(hex_)
    return f"{LETTERS[q - _first_q(r, radius)]}{radius - r + 1}"


def hex_of(name: str, radius: int) -> str:
    """The inverse of :func:`hex_name`: ``"b1"`` → ``"-2,3"``."""
    letter, row = name[0], int(name[1:])
    r = radius + 1 - row
    return hex_id(_first_q(r, radius) + LETTERS.index(letter.lower()), r)


def row_name(r: int, radius: int) -> str:
    """The number of row ``r`` (1 at side A's edge)."""
    return str(radius - r + 1)


def guess_radius(*hexes: str) -> int:
    """The smallest board radius holding ``hexes`` (at least the 1 vs 1 board's 3), where no view says it."""
    return max([3, *(max(abs(q), abs(r), abs(q + r)) for q, r in map(parse_hex, hexes))])


__all__ = ["LETTERS", "guess_radius", "hex_name", "hex_of", "row_name"]
