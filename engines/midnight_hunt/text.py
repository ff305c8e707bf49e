"""The table as readable text (the offline table's hotseat, code blocks on Discord).

The hex board is drawn pointy-top with r growing downward (MH-5): side A at the bottom, side B at the top. Each hex
is a 5-character cell: a unit as ``<seat><abbr><stack>`` (``AAr2``, ``B1Kn1``), an empty location as its control
in brackets (``(A)``, ``(B)``, ``(·)``; the 2v2 Necropolis ``(✝)`` while neutral) and an empty hex as ``·``.
Hexes are named as on the board image (:mod:`engines.midnight_hunt.hexnames`: ``b1``, a letter along the row and
the row's number from side A's edge): each row is labelled with its number, its hexes lettered from the left (a
first), and a legend lists the locations and units by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.midnight_hunt.hexgrid import disk, hex_id
from engines.midnight_hunt.hexnames import hex_name, row_name
from engines.midnight_hunt.rules import SEAL

if TYPE_CHECKING:
    from engines.midnight_hunt.engine import MidnightHunt
    from engines.midnight_hunt.state import MidnightHuntState

CELL = 6  # characters per hex, separator included


def board_lines(engine: MidnightHunt, state: MidnightHuntState) -> list[str]:
    board = engine.board(state)
    radius = board.grid.radius
    location_at = board.location_at
    rows: dict[int, list[tuple[int, str]]] = {}
    for q, r in disk(radius):
        h = hex_id(q, r)
        unit = state.board.get(h)
        if unit is not None:
            label = f"{state.seats[unit.owner].seat}{engine.rules.units[unit.unit].abbr}{unit.stack}"
        elif h in location_at:
            loc = location_at[h]
            control = state.control[loc.id]
            neutral = "✝" if loc.is_necropolis and board.necropolis_restricted else "·"
            label = f"({control or neutral})"
        else:
            label = "·"
        rows.setdefault(r, []).append((q, label))
    lines = []
    for r in range(-radius, radius + 1):
        cells = rows[r]
        indent = abs(r) * CELL // 2
        text = "".join(label.center(CELL - 1) + " " for _, label in cells)
        lines.append(f"row {row_name(r, radius)}".ljust(8) + " " * indent + text.rstrip())
    return lines


def describe(engine: MidnightHunt, state: MidnightHuntState, viewer: str | None) -> str:
    board = engine.board(state)
    view = engine.view(state, viewer)
    head = f"Midnight Hunt {state.mode} - round {state.round} - {state.phase}"
    if state.outcome is None:
        head += f" - side {state.initiative} leads - to act: {state.current}"
    lines = [head, *board_lines(engine, state), "Locations:"]
    lines.append(
        "  "
        + "  ".join(f"{hex_name(loc.hex, board.grid.radius)}={state.control[loc.id] or '-'}" for loc in board.locations)
        + f"   (win: {board.win_count})"
    )
    if state.board:
        lines.append("Units:")
        lines += [
            f"  {hex_name(h, board.grid.radius)}: {state.seats[u.owner].seat} {engine.plays(state).name(state, u.owner, u.unit)} x{u.stack}"
            for h, u in state.board.items()
        ]
    for player, seat in view["seats"].items():
        counts = lambda d: ", ".join(f"{u} {n}" for u, n in d.items() if n) or "-"  # noqa: E731
        clock = f" clock {seat['clock']}s" if seat["clock"] is not None else ""
        away = " (away)" if seat["away"] else ""
        lines.append(
            f"{seat['seat']} {player} ({seat['faction']}){away}{clock}: units {', '.join(seat['units']) or '-'};"
            f" bag {seat['bag']}, hand {seat['hand']}; supply {counts(seat['supply'])};"
            f" discard {counts(seat['discard'])} +{seat['discard_hidden']}?; dead {counts(seat['dead'])}"
        )
    if "hand" in view:
        hand = ["Seal" if t == SEAL else t for t in view["hand"]]
        lines.append(f"Your hand: {', '.join(hand) or '-'}; your bag holds: {', '.join(view['bag_contents']) or '-'}")
        if view["pending"]:
            lines.append(f"Your Seal this round: {view['pending']['choice']} {view['pending']['unit'] or ''}".rstrip())
    return "\n".join(lines)
