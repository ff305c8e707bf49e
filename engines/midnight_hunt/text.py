"""The table as readable text (the offline table's hotseat, code blocks on Discord).

The hex board is drawn pointy-top with r growing downward (MH-5): side A at the bottom, side B at the top. Each hex
is a 5-character cell: a unit as ``<seat><abbr><stack>`` (``AAr2``, ``B1Kn1``), an empty location as its control
in brackets (``(A)``, ``(B)``, ``(·)``; the 2v2 Necropolis ``(✝)`` while neutral) and an empty hex as ``·``.
Hexes are named as on the board image (:mod:`engines.midnight_hunt.hexnames`: ``b1``, a letter along the row and
the row's number from side A's edge): each row is labelled with its number, its hexes lettered from the left (a
first), and a legend lists the locations and units by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engines.midnight_hunt.hexgrid import disk, hex_id
from engines.midnight_hunt.hexnames import hex_name, row_name
from engines.midnight_hunt.rules import SEAL, SIDES

if TYPE_CHECKING:
    from engines.core import Say
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


def board_text(engine: MidnightHunt, state: MidnightHuntState, viewer: str | None, say: Say) -> str:
    """:func:`describe` in the catalogues' words (the offline table, any language): the bot's board words
    (``mh.board.*``), the hex grid with the seats' letters and unit abbreviations of the reader's language, hexes
    named as on the board image (``b1``, ``d4``), then each seat; a player's own screen adds their hand, bag and
    secret Seal."""
    view = engine.view(state, viewer)
    radius = int(view["radius"])

    def seat(player: str) -> str:
        label = view["seats"][player]["seat"]
        return say(f"mh.board.letter.{label[0]}") + label[1:]

    def unit_name(player: str, unit: str) -> str:
        return say(f"mh.name.{view['unit_names'].get(player, {}).get(unit, unit)}")

    lines = [say("mh.board.alt-draft" if view["phase"] == "draft" else "mh.board.alt-round", mode=view["mode"], round=view["round"])]
    outcome = view["outcome"]
    if outcome is not None:
        if outcome["draw"] or outcome["side"] not in SIDES:
            result = say("mh.board.over-draw", reason=outcome["reason"])
        else:
            result = say("mh.board.over-win", side=outcome["side"], reason=outcome["reason"])
        lines.append(f"{say('mh.board.game-over')} {result}")
    elif view["turn"] in view["seats"]:
        key = "mh.board.alt-to-pick" if view["phase"] == "draft" else "mh.board.alt-to-play"
        lines.append(say(key, player=view["turn"], seat=seat(view["turn"])))
    lines.append(say("mh.board.alt-initiative", side=view["initiative"]))
    if view["seal_only_rounds"]:
        lines.append(say("mh.board.seal-rounds", count=view["seal_only_rounds"]))
    controlled = view["controlled"]
    lines.append(say("mh.board.alt-held", a=controlled.get("A", 0), b=controlled.get("B", 0), count=view["win_count"]))
    where = {lid: hex_name(loc["hex"], radius) for lid, loc in view["locations"].items()}
    held = {s: [where[lid] for lid, loc in view["locations"].items() if loc["control"] == s] for s in SIDES}
    parts = [say("mh.board.alt-holds", side=s, locations=", ".join(held[s])) for s in SIDES if held[s]]
    neutral = [where[lid] for lid, loc in view["locations"].items() if loc["control"] not in SIDES]
    if neutral:
        parts.append(say("mh.board.alt-neutral", locations=", ".join(neutral)))
    held_text = "; ".join(parts) + "."
    lines.append(held_text[:1].upper() + held_text[1:])
    lines += _grid_words(engine, state, view, say, seat)
    if view["phase"] != "draft":
        on_board = sorted(view["board"].items(), key=lambda item: (view["seats"][item[1]["owner"]]["seat"], item[0]))
        units = [
            say("mh.board.alt-unit", seat=seat(u["owner"]), unit=unit_name(u["owner"], u["unit"]), stack=u["stack"], hex=hex_name(h, radius))
            for h, u in on_board
        ]
        lines.append(say("mh.board.alt-units", units="; ".join(units) or say("mh.board.alt-none")) + ".")
    for side in SIDES:
        for player in sorted((p for p, s in view["seats"].items() if s["side"] == side), key=lambda p: view["seats"][p]["seat"]):
            lines.append("  " + _seat_words(view, player, say, seat, unit_name))
    if "hand" in view:
        if view["hand"]:
            lines.append(say("mh.hand", tokens=list(view["hand"])))
        if view["bag_contents"]:
            lines.append(say("mh.table.bag", tokens=list(view["bag_contents"])))
        if view["pending"]:
            lines.append(say("mh.seal_chosen", choice=view["pending"]["choice"], unit=view["pending"]["unit"] or ""))
    return "\n".join(lines)


def _grid_words(engine: MidnightHunt, state: MidnightHuntState, view: dict, say: Say, seat: Callable[[str], str]) -> list[str]:
    """The hex grid as :func:`board_lines` draws it, each unit as its seat's letter, its abbreviation and its
    stack in the reader's language (``Б1Лу2``), an empty location as its holder's letter in brackets."""
    board = engine.board(state)
    radius = board.grid.radius
    rows: dict[int, list[str]] = {}
    for q, r in disk(radius):
        h = hex_id(q, r)
        unit = view["board"].get(h)
        if unit is not None:
            variant = view["unit_names"].get(unit["owner"], {}).get(unit["unit"], unit["unit"])
            label = f"{seat(unit['owner'])}{say(f'mh.board.abbr.{variant}')}{unit['stack']}"
        elif h in board.location_at:
            loc = board.location_at[h]
            control = state.control[loc.id]
            neutral = "✝" if loc.is_necropolis and board.necropolis_restricted else "·"
            label = f"({say(f'mh.board.letter.{control}') if control else neutral})"
        else:
            label = "·"
        rows.setdefault(r, []).append(label)
    lines = []
    width = max(CELL, max(len(label) for labels in rows.values() for label in labels) + 1)
    for r in range(-radius, radius + 1):
        row = say("mh.table.row", row=row_name(r, radius))
        text = "".join(label.center(width - 1) + " " for label in rows[r])
        lines.append(f"  {row:<8}" + " " * (abs(r) * width // 2) + text.rstrip())
    return lines


def _seat_words(view: dict, player: str, say: Say, seat: Callable[[str], str], unit_name: Callable[[str, str], str]) -> str:
    s = view["seats"][player]
    text = say("mh.board.alt-seat", seat=seat(player), player=player, faction=s["faction"])
    if view["phase"] == "draft":
        names = ", ".join(unit_name(player, u) for u in s["units"]) or say("mh.board.alt-none")
        return f"{text} {say('mh.board.alt-drafted', units=names)}."
    text += " " + say("mh.board.alt-counts", bag=s["bag"], hand=s["hand"], hidden=s["discard_hidden"])

    def listed(counts: dict[str, int]) -> str:
        return ", ".join(f"{unit_name(player, u)} {n}" for u, n in counts.items() if n) or say("mh.board.alt-none")

    text += " " + say("mh.board.alt-tokens", supply=listed(s["supply"]), discard=listed(s["discard"]), dead=listed(s["dead"]))
    if s["clock"] is not None:
        minutes, seconds = divmod(max(0, int(s["clock"])), 60)
        text += " " + say("mh.board.alt-clock", time=f"{minutes}:{seconds:02d}")
    if s["away"]:
        text += " " + say("mh.board.alt-away")
    return text
