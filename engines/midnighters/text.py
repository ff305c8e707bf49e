"""The board as readable text for the offline table and Discord code blocks (built from a :meth:`view`).

Each occupied cell shows the card's name, its current arrows, and the avatars on it; below the grid come the
players (hand size, traps, actions), the active nightmares and the viewer's own hand and traps.
"""

from __future__ import annotations

from typing import Any

from engines.midnighters.data import COLUMNS, ROWS

ARROW_SIGNS = {"up": "^", "right": ">", "down": "v", "left": "<"}
SHORT_NAMES = {
    "forest": "Forest",
    "square": "Square",
    "motel": "Motel",
    "restaurant": "Restaurant",
    "townhall": "Town Hall",
    "bridge": "Bridge",
}
WIDTH = 14


def location_name(location: str) -> str:
    if location.startswith("corridor"):
        return f"Corridor {location[-1]}"
    return SHORT_NAMES.get(location, location)


def describe_state(view: dict[str, Any]) -> str:
    by_cell = {entry["cell"]: entry for entry in view["board"]}
    on: dict[str, list[str]] = {}
    for player, loc in view["avatars"].items():
        on.setdefault(loc, []).append(player + ("*" if player == view["horror"] else ""))
    lines = [f"Turn {view['turn']}/{view['max_turns']} - {view['current']} to play ({view['phase']})"]
    lines.append("    " + "".join(f"{c:^{WIDTH + 1}}" for c in "ABCD"[:COLUMNS]))
    border = "    " + ("+" + "-" * WIDTH) * COLUMNS + "+"
    for row in range(1, ROWS + 1):
        lines.append(border)
        rows: list[list[str]] = [[], [], []]
        for col in "ABCD"[:COLUMNS]:
            entry = by_cell.get(f"{col}{row}")
            if entry is None:
                texts = ["", "   (empty)", ""]
            else:
                loc = entry["location"]
                arrows = " ".join(ARROW_SIGNS[a] for a in entry["arrows"])
                texts = [location_name(loc), f"{arrows} ({entry['degrees']})", " ".join(on.get(loc, []))]
            for i, text in enumerate(texts):
                rows[i].append(f"{text[:WIDTH]:<{WIDTH}}")
        for i, cells in enumerate(rows):
            lines.append(f" {row if i == 0 else ' '}  |" + "|".join(cells) + "|")
    lines.append(border)
    lines.append(f"Deck {view['deck_size']}, discard {view['discard_size']}; * = Midnight Horror")
    for p in view["seats"]:
        if p not in view["active"]:
            lines.append(f"  {p}: left the game")
            continue
        bits = [
            f"at {location_name(view['avatars'][p])}",
            f"{view['hand_sizes'][p]} cards",
            f"{view['trap_counts'][p]} traps",
            f"base {view['base_actions'][p]}",
        ]
        if view["penalties"].get(p):
            bits.append(f"-{view['penalties'][p]} next turn")
        if p in view["claims"]:
            bits.append(f"next turn played by {view['claims'][p]}")
        lines.append(f"  {p}: " + ", ".join(bits))
    if view["nightmares"]:
        lines.append(
            "Nightmares: "
            + "; ".join(f"{c} (exempt: {', '.join(ex) or 'nobody'})" for c, ex in view["nightmares"].items())
        )
    if view["phase"] == "turn":
        lines.append(f"Actions left: {view['actions_left']}")
    for play in view["stack"]:
        extra = " ".join(f"{k}={v}" for k, v in play.items() if k not in ("player", "play"))
        lines.append(f"  on the table: {play['player']} {play['play']} {extra}".rstrip())
    if "hand" in view:
        lines.append(f"Your hand: {', '.join(view['hand']) or '(empty)'}")
        for trap in view["my_traps"]:
            lines.append(f"  trap #{trap['id']} ({trap['owner']}): {trap['card']} at {location_name(trap['location'])}")
        for victim, cards in view.get("controlled_hands", {}).items():
            lines.append(f"  {victim}'s hand: {', '.join(cards) or '(empty)'}")
        if "discard_pile" in view:
            lines.append(f"  discard pile: {', '.join(view['discard_pile']) or '(empty)'}")
        if "target_hand" in view:
            lines.append(f"  their hand: {', '.join(view['target_hand']) or '(empty)'}")
    return "\n".join(lines)
