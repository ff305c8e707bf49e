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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.core import Say

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


def board_text(view: Mapping[str, Any], say: Say) -> str:
    """:func:`describe_table` in the catalogues' words (the offline table, any language): the bot's own board
    lines (``gh.board.*``) and card names, each house a line per floor, top floor first."""
    lines = [say("gh.board.alt.head", turn=view.get("turn", 0), deck=view["deck_size"], discard=view["discard_size"])]
    lines += _status_words(view, say)
    for player in view["players"]:
        lines += _house_words(view, player, say)
    if "hand" in view:
        lines.append(say("gh.your_hand", cards=list(view["hand"])))
    if view.get("hands"):
        lines.append(say("gh.over.hands"))
        lines += ["  " + say("gh.table.hand", player=p, cards=list(h)) for p, h in view["hands"].items()]
    return "\n".join(lines)


def _status_words(view: Mapping[str, Any], say: Say) -> list[str]:
    outcome = view["outcome"]
    if outcome is not None:
        lines = [say("gh.board.over", outcome=outcome["reason"])]
        if outcome["winners"]:
            lines.append(say("gh.board.winners", players=list(outcome["winners"])))
        return lines
    escape = view["escape"]
    lines = [say("gh.board.escaping", player=escape["escaper"]) if escape else say("gh.board.to_play", player=view["current"])]
    attack = view["attack"]
    if attack is not None:
        lines.append(say("gh.board.attack", attacker=attack["attacker"], defender=attack["defender"], floor=attack["floor"], side=attack["side"]))
    if view.get("phase") in ("cat_window", "escape_window") and view["waiting_for"]:  # as the bot's board
        lines.append(say("gh.board.waiting", player=list(view["waiting_for"])))
    return lines


def _house_words(view: Mapping[str, Any], player: str, say: Say) -> list[str]:
    if player not in view["seats"]:
        return [say("gh.status.left", player=player)]
    house = view["houses"][player]
    tags = [say("gh.board.tag.to_play")] if player == view["current"] and view["outcome"] is None else []
    lines = [say("gh.table.house", player=player, cards=view["hand_sizes"][player], tags=", ".join(tags) or "none")]
    for floor in (3, 2, 1):
        rooms = []
        for i in ((floor - 1) * 2, (floor - 1) * 2 + 1):
            room, occupant = house["rooms"][i], house["occupants"][i]
            if room is None:
                continue
            word = say(f"gh.card.{room}")
            rooms.append(say(f"gh.board.alt.with_{occupant}", room=word) if occupant in ("ghost", "cat") else word)
        lines.append("  " + say("gh.table.floor", floor=floor, lit=bool(house["lit"][floor - 1]), rooms=", ".join(rooms) or say("gh.board.alt.no_rooms")))
    return lines
