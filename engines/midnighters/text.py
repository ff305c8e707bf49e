"""The board as readable text for the offline table and Discord code blocks (built from a :meth:`view`).

Each occupied cell shows the card's name, its current arrows, and the avatars on it; below the grid come the
players (hand size, traps, actions), the active nightmares and the viewer's own hand and traps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engines.midnighters.data import COLUMNS, ROWS

if TYPE_CHECKING:
    from engines.core import Say

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


def draw_grid(
    view: dict[str, Any], cell: Callable[[dict[str, Any] | None, list[str]], list[str]], avatar: Callable[[str], str]
) -> list[str]:
    """The 4×4 grid as text, one box per cell of three lines (``cell(entry, avatars on it)``, ``None`` for an empty
    cell), the Midnight Horror's avatar starred: what :func:`describe_state` and :func:`board_text` draw, each in
    its own words."""
    on: dict[str, list[str]] = {}
    for player, loc in view["avatars"].items():
        on.setdefault(loc, []).append(avatar(player) + ("*" if player == view["horror"] else ""))
    by_cell = {entry["cell"]: entry for entry in view["board"]}
    lines = ["    " + "".join(f"{c:^{WIDTH + 1}}" for c in "ABCD"[:COLUMNS])]
    border = "    " + ("+" + "-" * WIDTH) * COLUMNS + "+"
    for row in range(1, ROWS + 1):
        lines.append(border)
        rows: list[list[str]] = [[], [], []]
        for col in "ABCD"[:COLUMNS]:
            entry = by_cell.get(f"{col}{row}")
            texts = cell(entry, on.get(entry["location"], []) if entry else [])
            for i, text in enumerate(texts):
                rows[i].append(f"{text[:WIDTH]:<{WIDTH}}")
        for i, cells in enumerate(rows):
            lines.append(f" {row if i == 0 else ' '}  |" + "|".join(cells) + "|")
    lines.append(border)
    return lines


def describe_state(view: dict[str, Any]) -> str:
    lines = [f"Turn {view['turn']}/{view['max_turns']} - {view['current']} to play ({view['phase']})"]

    def cell(entry: dict[str, Any] | None, on: list[str]) -> list[str]:
        if entry is None:
            return ["", "   (empty)", ""]
        arrows = " ".join(ARROW_SIGNS[a] for a in entry["arrows"])
        return [location_name(entry["location"]), f"{arrows} ({entry['degrees']})", " ".join(on)]

    lines += draw_grid(view, cell, lambda player: player)
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


#: The arrows' order on a card as the bot lists them.
ARROW_ORDER = ("up", "right", "down", "left")


def _place(say: Say, loc: str) -> str:
    """A location's bare name as printed on its card (the bot's board words)."""
    return say(f"mn.location.{loc}") if loc.startswith("corridor") else say(f"mn.board.place_{loc}")


def board_text(view: dict[str, Any], say: Say) -> str:
    """:func:`describe_state` in the catalogues' words (the offline table, any language): the bot's status and
    board lines (``mn.board.*``), the grid with each card's name, arrows and who stands on it, then each player."""
    lines = [say("mn.board.title", turn=view["turn"], max_turns=view["max_turns"]), *_status_words(view, say)]
    lines += _grid_words(view, say)
    for p in view["seats"]:
        lines.append("  " + _player_words(view, p, say))
    lines.append(say("mn.board.deck", count=view["deck_size"]) + "; " + say("mn.board.discard", count=view["discard_size"]))
    if view["nightmares"]:
        nightmares = [
            say(f"mn.colour.{c}") + (f" ({say('mn.board.exempt', players=list(ex))})" if ex else "")
            for c, ex in sorted(view["nightmares"].items())
        ]
        lines.append(say("mn.board.nightmares") + " " + "; ".join(nightmares))
    if view["stack"]:
        lines.append(say("mn.board.on_table"))
        lines += ["  " + _play_words(play, say) for play in view["stack"]]
    if "hand" in view:
        lines.append(say("mn.your_hand", cards=list(view["hand"])))
        traps = [say("mn.label.trap", card=t["card"], location=t["location"]) for t in view["my_traps"]]
        if traps:
            lines.append(say("mn.your_traps", traps="; ".join(traps)))
        for victim, cards in view.get("controlled_hands", {}).items():
            lines.append(say("mn.table.their_hand", player=victim, cards=list(cards)))
        if "discard_pile" in view:
            lines.append(say("mn.table.discard_pile", cards=list(view["discard_pile"])))
        if "target_hand" in view:
            lines.append(say("mn.table.target_hand", cards=list(view["target_hand"])))
    return "\n".join(lines)


def _status_words(view: dict[str, Any], say: Say) -> list[str]:
    outcome = view["outcome"]
    if outcome:
        return [say("mn.ending", reason=outcome["reason"], cause=outcome["cause"], player=list(outcome["winners"]), turns=view["turn"])]
    lines = [say("mn.board.status_turn", player=view["current"], actions=view["actions_left"])]
    if view.get("controller"):
        lines.append(say("mn.board.status_controlled", player=view["current"], controller=view["controller"]))
    if view["phase"] == "window" and view["stack"]:
        top = view["stack"][-1]
        if top["play"] == "set_trap":
            lines.append(say("mn.board.status_window_trap", player=top["player"]))
        else:
            lines.append(say("mn.board.status_window", player=top["player"], card=top["card"]))
    elif view["phase"] == "choice" and view["waiting"]:
        lines.append(say("mn.board.status_choice", player=view["waiting"][0]))
    return lines


def _grid_words(view: dict[str, Any], say: Say) -> list[str]:
    """The 4×4 grid drawn as :func:`describe_state` draws it, in the catalogues' words."""

    def cell(entry: dict[str, Any] | None, on: list[str]) -> list[str]:
        if entry is None:
            return ["", "", ""]
        arrows = " ".join(say(f"mn.arrow.{a}") for a in sorted(entry["arrows"], key=ARROW_ORDER.index))
        return [_place(say, entry["location"]), arrows, " ".join(on)]

    lines = draw_grid(view, cell, lambda player: say("mn.table.avatar", player=player))
    if view["horror"] in view["avatars"]:
        lines.append("* " + say("mn.board.horror"))
    return lines


def _player_words(view: dict[str, Any], p: str, say: Say) -> str:
    if p not in view["active"]:
        return say("mn.table.player_left", player=p, left=say("mn.board.left"))
    text = say(
        "mn.table.player",
        player=p,
        location=_place(say, view["avatars"][p]),
        cards=view["hand_sizes"][p],
        traps=view["trap_counts"][p],
    )
    notes = []
    horror = view["horror"]
    if p == horror:
        notes.append(say("mn.board.horror"))
    elif horror in view["avatars"] and view["avatars"].get(p) == view["avatars"][horror]:  # MN-48
        notes.append(say("mn.board.paralysed"))
    if view["penalties"].get(p):
        notes.append(say("mn.board.penalty", count=view["penalties"][p]))
    if p in view["claims"]:
        notes.append(say("mn.board.claimed", controller=view["claims"][p]))
    return "; ".join([text, *notes])


def _play_words(play: dict[str, Any], say: Say) -> str:
    """One face-up entry of the reaction stack (a trap setting shows no card, MN-30)."""
    text = say("mn.table.play", player=play["player"], play=play["play"])
    if play.get("target", "none") != "none":
        text += " → " + say("mn.table.avatar", player=play["target"])
    if play.get("location", "none") != "none":
        text += " — " + _place(say, play["location"])
    if play.get("direction", "none") != "none":
        text += f" ({say('mn.direction.' + play['direction'])})"
    return text
