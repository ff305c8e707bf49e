"""Midnighters' words: locations, cards, piles, traps, directions and every action in words, and the events
whose parameters the catalogue cannot word alone (a list of cards, a sprung trap, consecutive draws).

The glossary the presenter (:mod:`cogs.midnighters.presenter`) and the controls (:mod:`cogs.midnighters.controls`)
word everything with; nothing here decides where anything goes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import controls as ctl
from bot.presenter import Presenter, Table
from bot.render import RenderContext
from engines.core import Action, Event

ICONS = {
    "sleepwalk": "🚶",
    "vertigo_move": "🌀",
    "vertigo_rotate": "🌀",
    "star": "⭐",
    "dutch_cut": "📐",
    "dutch_extra": "📐",
    "catcher_steal": "🕸️",
    "set_trap": "🪤",
    "spring": "💥",
    "cancel": "📐",
    "intercept": "🕸️",
    "mark": "⭐",
    "goto": "🌲",
    "take": "🃏",
    "target": "👁️",
    "discard": "🗑️",
    "give": "🎁",
    "shuffle": "🔀",
    "blind_discard": "🗑️",
    "assign": "🚪",
}
#: Sleepwalk steps on the grid (columns A-D, rows 1-4; "up" is toward row 1, MN-5).
STEP = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}


class MidnightersWords(Presenter):
    """The words of :class:`cogs.midnighters.presenter.MidnightersPresenter` (the first of its three layers)."""

    @staticmethod
    def ctx(table: Table) -> RenderContext:
        return RenderContext(table.lang, table.names, translate=table.t)

    @staticmethod
    def location(table: Table, loc: str) -> str:
        return table.t(f"mn.location.{loc}")

    @staticmethod
    def card(table: Table, card: str) -> str:
        return table.t(f"mn.card.{card}")

    def cards(self, table: Table, cards: Sequence[str]) -> str:
        return ", ".join(self.card(table, c) for c in cards) if cards else table.t("mn.no_cards")

    def pile(self, table: Table, cards: Sequence[str]) -> str:
        """A face-down pile's cards, each named once with how many (``Sleepwalk ×14``)."""
        counts: dict[str, int] = {}
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
        if not counts:
            return table.t("mn.no_cards")
        return ", ".join(self.card(table, c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items())

    def arrows(self, table: Table, view: Mapping[str, Any], loc: str) -> str:
        entry = next((e for e in view["board"] if e["location"] == loc), None)
        signs = [table.t(f"mn.arrow.{a}") for a in (entry or {}).get("arrows", [])]
        return " ".join(signs) or table.t("mn.no_arrows")

    def trap_text(self, table: Table, view: Mapping[str, Any] | None, trap_id: Any) -> str:
        """One of the viewer's own traps in words (MN-P7: only its owner's view lists it)."""
        trap = next((t for t in (view or {}).get("my_traps", []) if t["id"] == trap_id), None)
        if trap is None:
            return table.t("mn.label.trap_unknown", id=str(trap_id))
        return table.t("mn.label.trap", card=self.card(table, trap["card"]), location=self.location(table, trap["location"]))

    def traps_text(self, table: Table, view: Mapping[str, Any]) -> str:
        return "; ".join(self.trap_text(table, view, t["id"]) for t in view.get("my_traps", []))

    def kind_label(self, table: Table, kind: str) -> str:
        label = super().kind_label(table, kind)
        icon = ICONS.get(kind)
        return f"{icon} {label}" if icon else label

    def value_label(self, table: Table, arg: str, value: Any, view: Mapping[str, Any] | None = None) -> str:
        if arg == "trap":
            return self.trap_text(table, view, value)
        if arg == "cell" and isinstance(value, str):
            return table.t("mn.label.cell", cell=value)
        if arg == "count" and isinstance(value, int):
            return table.t("mn.label.count", count=value)
        if arg == "suspense" and isinstance(value, str):  # the Suspense names where the trap goes (MN-23)
            key = f"mn.suspense.{value}"
            return table.t(key) if table.has(key) else self.card(table, value)
        return super().value_label(table, arg, value)

    def labels_for(self, table: Table, view: Mapping[str, Any] | None) -> ctl.Labels:
        """Labels that can name the viewer's own traps (a trap's id means nothing to a person)."""
        return ctl.Labels(
            kind=lambda kind: self.kind_label(table, kind),
            value=lambda arg, value: self.value_label(table, arg, value, view),
            more=table.t("common.more"),
            back=table.t("common.back"),
            pick=table.t("common.choose"),
        )

    def destination(self, view: Mapping[str, Any], loc: str, direction: str) -> str | None:
        """Where a Sleepwalk from ``loc`` leads (MN-20), read from the public board."""
        cells = {e["location"]: e["cell"] for e in view.get("board", [])}
        at = {cell: location for location, cell in cells.items()}
        cell = cells.get(loc)
        if cell is None or direction not in STEP:
            return None
        dx, dy = STEP[direction]
        target = f"{chr(ord(cell[0]) + dx)}{int(cell[1:]) + dy}"
        return at.get(target)

    def action_text(self, table: Table, action: Action | ctl.Partial, view: Mapping[str, Any] | None = None) -> str:
        """One action in words: a button, a select option, the confirmation after a click."""
        kind, a = action.kind or "", dict(action.args)
        params: dict[str, Any] = {}
        here = None
        if view is not None and view.get("current"):
            here = (view.get("avatars") or {}).get(view["current"])
        for name in ("target", "player"):
            if name in a:
                params[name] = table.name(str(a[name]))
        if "direction" in a:
            params["direction"] = table.t(f"mn.direction.{a['direction']}")
        if "location" in a:
            params["location"] = self.location(table, a["location"])
        if "corridor" in a:
            params["corridor"] = self.location(table, a["corridor"])
        if "card" in a:
            params["card"] = self.card(table, a["card"])
        if "count" in a:
            params["count"] = a["count"]
        if kind == "sleepwalk":
            dest = self.destination(view, here, a.get("direction", "")) if view is not None and here else None
            params["destination"] = self.location(table, dest) if dest else "none"
        elif kind == "star":
            params["location"] = self.location(table, here) if here else "none"
        elif kind == "set_trap":
            params["location"] = self.value_label(table, "suspense", a.get("suspense", ""))
        elif kind == "mark":
            trap = next((t for t in (view or {}).get("my_traps", []) if t["id"] == a.get("trap")), None)
            params["location"] = self.location(table, trap["location"]) if trap else "?"
        elif kind == "done":
            params["where"] = str(a.get("where", "")) or "none"
        elif kind == "spring":
            return self._spring_text(table, view, a)
        key = f"mn.do.{kind}"
        text = table.t(key, **params) if table.has(key) else ctl.action_label(self.labels_for(table, view), action)
        icon = ICONS.get(kind)
        return f"{icon} {text}" if icon else text

    def _spring_text(self, table: Table, view: Mapping[str, Any] | None, a: Mapping[str, Any]) -> str:
        trap = next((t for t in (view or {}).get("my_traps", []) if t["id"] == a.get("trap")), None)
        card = trap["card"] if trap else ""
        if a.get("mode") == "self":
            effect = table.t("mn.spring.self")
        elif a.get("mode") == "corridor":
            effect = table.t(
                "mn.spring.corridor", target=table.name(str(a.get("target"))), corridor=self.location(table, str(a.get("corridor")))
            )
        elif "cell" in a:
            effect = table.t("mn.spring.vertigo", cell=str(a["cell"]), turns=table.t(f"mn.turns.{a.get('turns', 1)}"))
        elif card in ("dutch", "catcher") and "target" in a:
            effect = table.t(f"mn.spring.{card}", target=table.name(str(a["target"])))
        elif card == "star":
            effect = table.t("mn.spring.star")
        else:
            effect = table.t("mn.spring.any")
        # the trap named by where it lies (its effect tells its card): short enough for a button with a long name;
        # once sprung (the confirmation) it is no longer in its owner's view
        if trap is None:
            return f"{ICONS['spring']} " + table.t("mn.do.spring_gone", effect=effect)
        where = self.location(table, trap["location"])
        return f"{ICONS['spring']} " + table.t("mn.do.spring", location=where, effect=effect)

    def hand_lines(self, table: Table, view: Mapping[str, Any], player: str) -> list[str]:
        lines = []
        here = view["avatars"].get(player)
        if here:
            lines.append(table.t("mn.you_stand", location=self.location(table, here), arrows=self.arrows(table, view, here)))
        lines.append(table.t("mn.your_cards", cards=self.cards(table, view.get("hand", []))))
        if view.get("my_traps"):
            lines.append(table.t("mn.your_traps", traps=self.traps_text(table, view)))
        return lines

    def worded(self, table: Table, events: Sequence[Event]) -> list[Event]:
        """Events whose ``cards`` are a list, with the list worded here (an empty hand reads "no cards", a pile
        is counted), a fired nightmare as its colour's own scene and an activation as its location's; everything
        else is worded by the catalogue."""
        out = []
        for event in events:
            if event.key == "mn.trap_sprung":
                event = Event(event.key, _sprung_params(event.params), event.audience)
            if event.key == "mn.nightmare_drawn" and event.params.get("fired") and table.has(f"mn.nightmare.{event.params.get('colour')}"):
                # a nightmare that fires is told as the dream's scene of its colour (the generic line stays for records)
                event = Event(f"mn.nightmare.{event.params['colour']}", event.params, event.audience)
            if event.key == "mn.sent_to_corridors" and isinstance(event.params.get("corridors"), dict):
                # who goes where, as arrows ("Ada → Corridor 2"), not a "name: value" list
                corridors = event.params["corridors"]
                where = ", ".join(f"{table.name(p)} → {self.location(table, c)}" for p, c in corridors.items())
                event = Event(event.key, {**event.params, "corridors": where, "corridors_count": len(corridors)}, event.audience)
            if event.key == "mn.activated" and table.has(f"mn.activated.{event.params.get('location')}"):
                # and an activation as what the location does in the dream (MN-31 .. MN-36)
                event = Event(f"mn.activated.{event.params['location']}", event.params, event.audience)
            cards = event.params.get("cards")
            if isinstance(cards, list) and event.key != "mn.game_over":
                text = self.pile(table, cards) if event.key == "mn.discard_pile" else self.cards(table, cards)
                event = Event(event.key, {**event.params, "cards": text}, event.audience)
            out.append(event)
        return out


def merged_draws(events: Sequence[Event]) -> list[Event]:
    """Consecutive public draws of one player become one line ("draws 3 cards (5 in hand)"); the private
    "you drew" lines between them stay where they are."""
    out: list[Event] = []
    last_public: int | None = None
    for event in events:
        if event.key == "mn.drew" and event.audience.is_public:
            last = out[last_public] if last_public is not None else None
            if last is not None and last.key == "mn.drew_cards" and last.params["player"] == event.params["player"]:
                params = {**last.params, "count": last.params["count"] + 1, "hand": event.params["hand"]}
                out[last_public] = Event("mn.drew_cards", params, event.audience)
                continue
            event = Event("mn.drew_cards", {**event.params, "count": 1}, event.audience)
        if event.audience.is_public:
            last_public = len(out)
        out.append(event)
    return out


def _sprung_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """A sprung trap's public event with what it did named (``how``) and every slot filled, so no language prints
    a missing ``target`` (a Vertigo trap has none; its move and turn are events of their own, MN-55)."""
    card, target = params.get("card"), params.get("target", "none")
    if card == "sleepwalk":  # MN-54
        how = "corridor" if "corridor" in params else "self"
    elif card == "dutch":  # MN-57
        how = "swap"
    elif card == "catcher":  # MN-58
        how = "claim"
    elif card == "star" and target != "none":  # MN-56 (a): the owner takes the activation over
        how = "star"
    else:
        how = "none"
    return {"target": "none", "corridor": "none", **params, "how": how}


__all__ = ["ICONS", "MidnightersWords", "merged_draws"]
