"""Midnight Hunt's board in words: the view's ids in the reader's language (:class:`BoardWords`: seats with their
side's letter, unit and faction names), the clocks (:func:`clock_text`), and the whole board for screen readers
(:func:`describe_board`, the image's description: the same public facts as the picture, in the same order). The
presenter words its captions with the same lines."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from bot.render import MAX_DESCRIPTION, RenderContext, describe
from cogs.midnight_hunt.board_geometry import SIDE_COLOURS, board_radius, seats_of
from engines.midnight_hunt.hexnames import hex_name

# -- words ---------------------------------------------------------------------------------------------------------


class BoardWords:
    """The view's ids in ``ctx``'s language."""

    def __init__(self, view: Mapping[str, Any], ctx: RenderContext) -> None:
        self.view, self.ctx = view, ctx

    def t(self, key: str, **args: Any) -> str:
        return self.ctx.t(key, **args)

    def letter(self, side: str) -> str:
        return self.t(f"mh.board.letter.{side}")

    def seat(self, player: str) -> str:
        """The seat label with the side's letter in this language (``A``, ``B1``, in Russian ``Б1``)."""
        seat = self.view["seats"][player]["seat"]
        return self.letter(seat[0]) + seat[1:]

    def name(self, player: str) -> str:
        return self.ctx.name(player)

    def variant(self, player: str, unit: str) -> str:
        return (self.view.get("unit_names") or {}).get(player, {}).get(unit, unit)

    def unit_name(self, player: str, unit: str) -> str:
        return self.t(f"mh.name.{self.variant(player, unit)}")

    def abbr(self, player: str, unit: str) -> str:
        return self.t(f"mh.board.abbr.{self.variant(player, unit)}")

    def faction(self, player: str) -> str:
        """The faction's name without its emoji (the font has none, and a screen reader needs none)."""
        text = self.t(f"mh.faction.{self.view['seats'][player]['faction']}")
        return " ".join("".join(c for c in text if unicodedata.category(c)[0] in "LNPZ").split())

    def side(self, side: str) -> str:
        return self.t(f"mh.side.{side}")


def clock_text(seconds: int) -> str:
    """Seconds as ``m:ss`` (``h:mm:ss`` from an hour on)."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# -- the text for screen readers -----------------------------------------------------------------------------------


def describe_board(w: BoardWords) -> str:
    """The board in words, in the same order as the picture's facts; shortened in steps to fit Discord's limit (the
    discard and dead piles summarised to their counts first, then the supply; then each unit and seat said in short;
    last, the units counted by seat), never cut mid-fact unless nothing else is left: however long the game, every
    column of the seat panels is said."""
    text = ""
    for detail in (2, 1, 0, -1, -2):
        text = "\n".join(description_lines(w, detail))
        if len(text) <= MAX_DESCRIPTION:
            return text
    return describe(text.split("\n"))


def description_lines(w: BoardWords, detail: int) -> list[str]:
    view = w.view
    t = w.t
    mode = t(f"mh.mode.{view['mode']}")
    lines = []
    if view["phase"] == "draft":
        lines.append(t("mh.board.alt-draft", mode=mode))
    else:
        lines.append(t("mh.board.alt-round", mode=mode, round=view["round"]))
    outcome = view.get("outcome")
    if outcome is not None:
        reason = t(f"mh.reason.{outcome['reason']}")
        if outcome.get("draw") or outcome.get("side") not in SIDE_COLOURS:
            result = t("mh.board.over-draw", reason=reason)
        else:
            result = t("mh.board.over-win", side=w.side(outcome["side"]), reason=reason)
        lines.append(f"{t('mh.board.game-over')} {result}")
    elif view.get("turn") in view["seats"]:
        key = "mh.board.alt-to-pick" if view["phase"] == "draft" else "mh.board.alt-to-play"
        lines.append(t(key, player=w.name(view["turn"]), seat=w.seat(view["turn"])))
    lines.append(t("mh.board.alt-initiative", side=w.side(view["initiative"])))
    controlled = view["controlled"]
    lines.append(t("mh.board.alt-held", a=controlled.get("A", 0), b=controlled.get("B", 0), count=view["win_count"]))
    where = {lid: hex_name(loc["hex"], board_radius(view)) for lid, loc in view["locations"].items()}
    held = {s: [where[lid] for lid, loc in view["locations"].items() if loc["control"] == s] for s in ("A", "B")}
    neutral = [where[lid] for lid, loc in view["locations"].items() if loc["control"] not in SIDE_COLOURS]
    parts = [t("mh.board.alt-holds", side=w.letter(s), locations=", ".join(held[s])) for s in ("A", "B") if held[s]]
    if neutral:
        parts.append(t("mh.board.alt-neutral", locations=", ".join(neutral)))
    lines.append("; ".join(parts) + ".")
    if view["phase"] != "draft":
        named = {h: hex_name(h, board_radius(view)) for h in view["board"]}
        on_board = sorted(view["board"].items(), key=lambda item: (view["seats"][item[1]["owner"]]["seat"], item[0]))
        if detail >= -1:  # each unit; at -1 in short: "A1 Archer ×2 SA1"
            key = "mh.board.alt-unit" if detail >= 0 else "mh.board.alt-unit-short"
            units = [
                t(key, seat=w.seat(u["owner"]), unit=w.unit_name(u["owner"], u["unit"]), stack=u["stack"], hex=named[h])
                for h, u in on_board
            ]
        else:  # how many units each seat has on the board (the picture shows where)
            per_seat: dict[str, int] = {}
            for _, u in on_board:
                per_seat[w.seat(u["owner"])] = per_seat.get(w.seat(u["owner"]), 0) + 1
            lines.append(t("mh.board.alt-units-by-seat", units=", ".join(f"{s} {n}" for s, n in per_seat.items())) + ".")
            units = None
        if units is not None:
            lines.append(t("mh.board.alt-units", units="; ".join(units) if units else t("mh.board.alt-none")) + ".")
    for side in ("A", "B"):
        for player in seats_of(view, side):
            lines.append(seat_line(w, player, detail))
    return lines


def seat_line(w: BoardWords, player: str, detail: int) -> str:
    """A seat in words; ``detail`` 2: with supply, discard and dead tokens by type, 1: the supply by type and the
    discard and dead counted, 0: all three counted; below 0 the bag, hand and face-down counts in short too."""
    view, t = w.view, w.t
    seat = view["seats"][player]
    text = t("mh.board.alt-seat", seat=w.seat(player), player=w.name(player), faction=w.faction(player))
    if view["phase"] == "draft":
        names = ", ".join(w.unit_name(player, u) for u in seat["units"]) or t("mh.board.alt-none")
        return f"{text} {t('mh.board.alt-drafted', units=names)}."
    counts = "mh.board.alt-counts" if detail >= 0 else "mh.board.alt-counts-short"
    text += " " + t(counts, bag=seat["bag"], hand=seat["hand"], hidden=seat["discard_hidden"])

    def listed(counts: Mapping[str, int], by_type: bool) -> str:
        """Each type with its count, or (to fit) the total alone: summarised, never left out."""
        if not by_type:
            return str(sum(counts.values()))
        items = [f"{w.unit_name(player, u)} {n}" for u, n in counts.items() if n]
        return ", ".join(items) if items else t("mh.board.alt-none")

    # detail 2: every pile by type; 1: the supply (what can still be recruited) by type, the discard and the dead
    # counted; 0: all three counted
    text += " " + t(
        "mh.board.alt-tokens",
        supply=listed(seat["supply"], detail >= 1),
        discard=listed(seat["discard"], detail >= 2),
        dead=listed(seat["dead"], detail >= 2),
    )
    if seat.get("clock") is not None:
        text += " " + t("mh.board.alt-clock", time=clock_text(seat["clock"]))
    if seat.get("away"):
        text += " " + t("mh.board.alt-away")
    return text


__all__ = ["BoardWords", "clock_text", "describe_board", "description_lines"]
