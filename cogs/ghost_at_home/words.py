"""Ghost at Home's words: the names of cards, sides and floors, an action, a house and a hand in words.

The glossary the presenter (:mod:`cogs.ghost_at_home.presenter`) and the controls
(:mod:`cogs.ghost_at_home.controls`) word everything with; nothing here decides where anything goes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import controls as ctl
from bot.presenter import Presenter, Table
from bot.render import RenderContext
from cogs.ghost_at_home.board_words import _floor_words
from engines.core import Action
from engines.ghost_at_home.cards import CARDS

ICONS = {
    "rooms": "🚪",
    "ghost": "👻",
    "light": "💡",
    "cat": "🐈",
    "space_hole": "🌀",
    "light_bulb": "💡",
    "cat_food": "🐟",
    "elevator": "🛗",
    "lightning": "⚡",
    "discard": "🔄",
    "answer_cat": "🐈",
}


class GhostAtHomeWords(Presenter):
    """The words of :class:`cogs.ghost_at_home.presenter.GhostAtHomePresenter` (the first of its three layers)."""

    @staticmethod
    def card(table: Table, card: str) -> str:
        return table.t(f"gh.card.{card}")

    def cards(self, table: Table, cards: Sequence[str], bulbs: bool = False) -> str:
        if not cards:
            return table.t("gh.empty_hand")
        return ", ".join(
            self.card(table, c) + (f" (💡{CARDS[c].bulbs})" if bulbs and c in CARDS else "") for c in cards
        )

    @staticmethod
    def side(table: Table, side: str, arg: str = "side") -> str:
        """``left`` / ``right`` in words (``from_side`` has its own forms: Russian and Czech decline it)."""
        return table.t(f"gh.{arg}.{side}")

    def action_text(self, table: Table, action: Action | ctl.Partial) -> str:
        """One action in words (a button, a select option, the confirmation after a click)."""
        kind, a = action.kind or "", dict(action.args)
        params: dict[str, Any] = {}
        if kind == "rooms":  # a room card names its floor; only a joker room says where it goes (GH-26)
            params["rooms"] = ", ".join(
                self.card(table, c) + (f" → {table.t('gh.floor.' + str(f))}" if CARDS[c].floor is None else "")
                for c, f in zip(a.get("cards", []), a.get("floors", []))
            )
        if "cards" in a and kind != "rooms":
            params["cards"] = " + ".join(self.card(table, c) for c in a["cards"])
        for name in ("target", "from_player", "player"):
            if name in a:
                params["player"] = table.name(a[name])
        for name in ("floor", "from_floor"):
            if name in a:
                params[name] = a[name]
        for name in ("side", "from_side"):
            if name in a:
                params[name] = self.side(table, a[name], name)
                params[f"{name}_id"] = str(a[name])  # left / right: a label words the place its own short way
        key = f"gh.do.{kind}"
        if not table.has(key):
            return self.kind_label(table, kind)
        text = table.t(key, **params)
        icon = ICONS.get(kind)
        return f"{icon} {text}" if icon else text

    def ctx(self, table: Table) -> RenderContext:
        return RenderContext(table.lang, table.names, translate=table.t)

    def house_text(self, table: Table, house: Mapping[str, Any]) -> str:
        """A house in words, floor 1 first (the same words as the board's description)."""
        ctx = self.ctx(table)
        return "; ".join(_floor_words(ctx, house, floor) for floor in (1, 2, 3))

    def hand_line(self, table: Table, view: Mapping[str, Any]) -> str:
        return "🃏 " + table.t("gh.your_cards", cards=self.cards(table, view.get("hand", []), bulbs=True))

    def value_label(self, table: Table, arg: str, value: Any) -> str:
        if arg in ("floor", "from_floor", "floors") and isinstance(value, int):
            return table.t(f"gh.floor.{value}")
        if arg in ("cards", "card") and isinstance(value, str) and value in CARDS:
            return self.card(table, value)
        return super().value_label(table, arg, value)


__all__ = ["ICONS", "GhostAtHomeWords"]
