"""The table as plain text for the offline table and Discord code blocks, built from a view (so it can only
show what that viewer may see).

Each house is drawn top floor first, like the cards on the table::

    P1 - 3 cards (to play)
        roof
      3 dark | -              | -
      2 LIT  | room2 +ghost   | room2
      1 dark | room1 +cat     | joker_room
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_CELL = 16


def describe_table(view: Mapping[str, Any]) -> str:
    lines = [_headline(view), f"Deck {view['deck_size']} cards, discard pile {view['discard_size']} cards"]
    for player in view["players"]:
        lines += _house_lines(view, player)
    if "hand" in view:
        lines.append("Your hand: " + (", ".join(view["hand"]) or "empty"))
    if view.get("hands"):
        lines.append("Hands: " + "; ".join(f"{p}: {', '.join(h) or 'empty'}" for p, h in view["hands"].items()))
    return "\n".join(lines)


def _headline(view: Mapping[str, Any]) -> str:
    outcome = view["outcome"]
    if outcome is not None:
        return f"Ghost at Home - over ({outcome['reason']}); winners: {', '.join(outcome['winners']) or 'none'}"
    text = f"Ghost at Home - turn {view['turn']}, {view['current']} to play"
    attack = view["attack"]
    if attack is not None:
        text += (
            f"; a ghost from {attack['attacker']} is coming at {attack['defender']}'s floor {attack['floor']}"
            f" {attack['side']} room"
        )
    escape = view["escape"]
    if escape is not None:
        text += f"; {escape['escaper']} is escaping"
    if view["waiting_for"]:
        text += f"; waiting for {', '.join(view['waiting_for'])}"
    return text


def _house_lines(view: Mapping[str, Any], player: str) -> list[str]:
    house = view["houses"][player]
    if player not in view["seats"]:
        return [f"{player} - left the game"]
    marks = ["to play"] if player == view["current"] and view["outcome"] is None else []
    if player == view.get("you"):
        marks.append("you")
    cards = view["hand_sizes"][player]
    header = f"{player} - {cards} card{'s' if cards != 1 else ''}" + (f" ({', '.join(marks)})" if marks else "")
    lines = [header, "    roof"]
    for floor in (3, 2, 1):
        light = "LIT " if house["lit"][floor - 1] else "dark"
        cells = []
        for i in ((floor - 1) * 2, (floor - 1) * 2 + 1):
            room, occupant = house["rooms"][i], house["occupants"][i]
            cell = "-" if room is None else room + (f" +{occupant}" if occupant else "")
            cells.append(cell.ljust(_CELL))
        lines.append(f"  {floor} {light} | " + " | ".join(cells).rstrip())
    return lines
