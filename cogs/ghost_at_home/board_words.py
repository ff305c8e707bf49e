"""Ghost at Home's board in words: whose turn it is and what the table waits for (the picture's header and the
presenter share these lines), and the whole board for screen readers (:func:`describe_board`, the image's
description: the same public facts as the picture, GH-6, never a card in a hand, GH-P1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.render import MAX_DESCRIPTION, RenderContext, describe, seat_letter

#: A house's floors, bottom up.
FLOORS = (1, 2, 3)


def _status_lines(
    view: Mapping[str, Any], ctx: RenderContext, name: Callable[[str], str] | None = None
) -> list[str]:
    """Whose turn it is and what the table waits for, in words (the header and the description share them)."""
    name = name or ctx.name
    outcome = view.get("outcome")
    if outcome is not None:
        lines = [ctx.t("gh.board.over", outcome=ctx.t(f"gh.outcome.{outcome['reason']}"))]
        if outcome["winners"]:
            lines.append(ctx.t("gh.board.winners", players=", ".join(name(p) for p in outcome["winners"])))
        return lines
    escape = view.get("escape")
    if escape is not None:
        lines = [ctx.t("gh.board.escaping", player=name(escape["escaper"]))]
    else:
        lines = [ctx.t("gh.board.to_play", player=name(view["current"]))]
    attack = view.get("attack")
    if attack is not None:
        lines.append(
            ctx.t(
                "gh.board.attack",
                attacker=name(attack["attacker"]),
                defender=name(attack["defender"]),
                floor=attack["floor"],
                side=ctx.t(f"gh.side.{attack['side']}"),
            )
        )
    if view.get("phase") in ("cat_window", "escape_window") and view.get("waiting_for"):
        lines.append(ctx.t("gh.board.waiting", player=", ".join(name(p) for p in view["waiting_for"])))
    return lines


def describe_board(view: Mapping[str, Any], ctx: RenderContext) -> str:
    """The board in words for screen readers (the image's description), within Discord's 1024 characters: the
    same public facts as the picture (GH-6), so it never names a card in a hand (GH-P1). Should four long names
    make it too long, they are shortened rather than the last house cut off."""
    lines = _description_lines(view, ctx, ctx.name)
    if len("\n".join(lines)) > MAX_DESCRIPTION:
        lines = _description_lines(view, ctx, lambda p: _shorten(ctx.name(p), SHORT_NAME))
    return describe(lines)


#: Characters a name keeps in a description that would otherwise be too long.
SHORT_NAME = 12


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _description_lines(view: Mapping[str, Any], ctx: RenderContext, name: Callable[[str], str]) -> list[str]:
    lines = [
        ctx.t("gh.board.alt.head", turn=view.get("turn", 0), deck=view["deck_size"], discard=view["discard_size"]),
        *_status_lines(view, ctx, name),
    ]
    for index, player in enumerate(view["players"]):
        letter = seat_letter(index)
        if player not in view["seats"]:
            lines.append(ctx.t("gh.board.alt.left", player=name(player), letter=letter))
            continue
        house = view["houses"][player]
        floors = "; ".join(_floor_words(ctx, house, floor) for floor in FLOORS)
        lines.append(
            ctx.t(
                "gh.board.alt.house",
                player=name(player),
                letter=letter,
                cards=view["hand_sizes"].get(player, 0),
                floors=floors,
            )
        )
    return lines


def _floor_words(ctx: RenderContext, house: Mapping[str, Any], floor: int) -> str:
    rooms = []
    for slot in ((floor - 1) * 2, (floor - 1) * 2 + 1):
        room, occupant = house["rooms"][slot], house["occupants"][slot]
        if room is None:
            continue
        word = ctx.t("gh.board.alt.joker" if room == "joker_room" else "gh.board.alt.room")
        if occupant in ("ghost", "cat"):
            word = ctx.t(f"gh.board.alt.with_{occupant}", room=word)
        rooms.append(word)
    return ctx.t(
        "gh.board.alt.floor",
        floor=floor,
        lit="yes" if house["lit"][floor - 1] else "no",
        rooms=", ".join(rooms) if rooms else ctx.t("gh.board.alt.no_rooms"),
    )


__all__ = ["FLOORS", "describe_board"]
