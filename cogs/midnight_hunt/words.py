"""Midnight Hunt's words: units, Seals, seats, sides, hexes and every play in words, and the events whose
parameters read better with the view's seats and unit names.

The glossary the presenter (:mod:`cogs.midnight_hunt.presenter`) and the controls
(:mod:`cogs.midnight_hunt.controls`) word everything with; nothing here decides where anything goes. The unit
table (names, icons, tactics) is static rules data of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import controls as ctl
from bot.presenter import Presenter, Table
from bot.render import RenderContext
from engines.core import Action, Event
from engines.midnight_hunt.hexnames import guess_radius, hex_name

SEAL = "seal"
SURRENDER = "surrender"
SIDES = ("A", "B")
KIND_ICONS = {
    "deploy": "📥",
    "bolster": "➕",
    "move": "➡️",
    "attack": "⚔️",
    "control": "🚩",
    "tactic": "✨",
    "forfeit": "🗑️",
    "surrender": "🏳️",
    "rejoin": "↩️",
}


class MidnightHuntWords(Presenter):
    """The words of :class:`cogs.midnight_hunt.presenter.MidnightHuntPresenter` (the first of its three layers)."""

    #: The board's radius while a play is worded without a view (:meth:`MidnightHuntPresenter.ack_text`), so its
    #: hexes get the names the board shows; set and cleared around that one call.
    _radius_hint: int | None = None

    @staticmethod
    def rules(table: Table) -> Any:
        return getattr(table.engine, "rules", None)

    def variant(self, table: Table, view: Mapping[str, Any] | None, player: str, unit: str) -> Any:
        """The faction's variant of a unit type for ``player`` (its name id and icon; MH-1)."""
        rules = self.rules(table)
        if rules is None or unit not in rules.units:
            return None
        utype = rules.units[unit]
        faction = ((view or {}).get("seats") or {}).get(player, {}).get("faction")
        if faction not in utype.variants:
            faction = next(iter(utype.variants))
        return utype.variants[faction]

    def unit_name(self, table: Table, view: Mapping[str, Any] | None, player: str, unit: str) -> str:
        if unit == SEAL:
            return self.seal_name(table, view, player)
        if view is None:
            return table.t(f"mh.unit.{unit}") if table.has(f"mh.unit.{unit}") else unit
        variant = self.variant(table, view, player, unit)
        name = (view.get("unit_names") or {}).get(player, {}).get(unit) or (variant.name if variant else unit)
        return table.t(f"mh.name.{name}") if table.has(f"mh.name.{name}") else str(name)

    def seal_name(self, table: Table, view: Mapping[str, Any] | None, player: str) -> str:
        """🔑 Seal of the Order / of the Abyss (MH-15), or 🔑 Seal."""
        rules = self.rules(table)
        faction = ((view or {}).get("seats") or {}).get(player, {}).get("faction")
        seal = rules.faction_seals.get(faction) if rules is not None and faction else None
        return table.t(f"mh.seal.{seal}") if seal and table.has(f"mh.seal.{seal}") else table.t("mh.token.seal")

    def token_label(self, table: Table, view: Mapping[str, Any] | None, player: str, token: str) -> str:
        """A token with its icon: ``🏹 Archer``, ``🔑 Seal of the Order``."""
        if token == SEAL:
            return self.seal_name(table, view, player)
        variant = self.variant(table, view, player, token)
        icon = variant.icon if variant is not None and view is not None else ""
        return f"{icon} {self.unit_name(table, view, player, token)}".strip()

    def tokens_text(self, table: Table, view: Mapping[str, Any] | None, player: str, tokens: Sequence[str]) -> str:
        return ", ".join(self.token_label(table, view, player, t) for t in tokens) if tokens else table.t("mh.none")

    def seat(self, table: Table, view: Mapping[str, Any], player: str) -> str:
        """The seat with the side's letter in this language: ``A``, ``Б1``."""
        seat = str(view["seats"].get(player, {}).get("seat", "?"))
        return table.t(f"mh.board.letter.{seat[0]}") + seat[1:] if seat[:1] in SIDES else seat

    def who(self, table: Table, view: Mapping[str, Any], player: str) -> str:
        return f"{table.name(player)} ({self.seat(table, view, player)})"

    def side(self, table: Table, side: str) -> str:
        return table.t(f"mh.side.{side}")

    @staticmethod
    def location_at(view: Mapping[str, Any], hex_: str) -> str | None:
        return next((lid for lid, loc in view.get("locations", {}).items() if loc["hex"] == hex_), None)

    def hex_text(self, view: Mapping[str, Any] | None, hex_: str) -> str:
        """A hex as the board image names it: ``b1`` (a letter from the left, the row from side A's edge)."""
        radius = (view or {}).get("radius") or self._radius_hint or guess_radius(str(hex_))
        return hex_name(str(hex_), int(radius))

    def location_text(self, view: Mapping[str, Any], location: str) -> str:
        """A location as players read it: the name of its hex (``c1``), the board marks it as a location."""
        here = (view.get("locations") or {}).get(location)
        return self.hex_text(view, here["hex"]) if here else location

    def unit_at(self, table: Table, view: Mapping[str, Any] | None, hex_: str) -> str:
        """``c5: B Knight ×2`` (the target of an attack)."""
        here = (view or {}).get("board", {}).get(hex_)
        if view is None or here is None:
            return self.hex_text(view, hex_)
        owner = here["owner"]
        name = self.unit_name(table, view, owner, here["unit"])
        return f"{self.hex_text(view, hex_)}: {self.seat(table, view, owner)} {name} ×{here['stack']}"

    def position(self, view: Mapping[str, Any], player: str, unit: str) -> tuple[str, int] | None:
        for hex_, here in view.get("board", {}).items():
            if here["owner"] == player and here["unit"] == unit:
                return hex_, here["stack"]
        return None

    def tactic(self, table: Table, unit: str) -> str:
        rules = self.rules(table)
        tactic = rules.units[unit].tactic if rules is not None and unit in rules.units else None
        return table.t(f"mh.how.{tactic}") if tactic and table.has(f"mh.how.{tactic}") else self.kind_label(table, "tactic")

    def action_text(
        self, table: Table, view: Mapping[str, Any] | None, player: str, action: Action | ctl.Partial, *, token: bool = True
    ) -> str:
        """One play in words, e.g. ``🏹 Archer: ⚔️ Attack → c5: B Knight ×2`` (``token``: name the token first).
        Without a view (the confirmation of a click) unit names are the generic ones and hexes bare."""
        kind, args = action.kind or "", dict(action.args)
        unit = args.get("unit")
        icon = KIND_ICONS.get(kind, "")
        label = f"{icon} {self.kind_label(table, kind)}".strip()
        if kind == "pick":
            return self.token_label(table, view, player, str(unit))
        if kind == SEAL:
            choice = args.get("choice")
            text = f"🔑 {table.t(f'mh.choice.{choice}')}" if choice else self.seal_name(table, view, player)
            if choice == "recruit" and unit:
                text += f": {self.unit_name(table, view, player, str(unit))}"
                supply = ((view or {}).get("seats") or {}).get(player, {}).get("supply", {}).get(unit)
                if supply is not None:
                    text += f" ({table.t('mh.in_supply', count=supply)})"
            return text if not token or not choice else f"{self.seal_name(table, view, player)}: {text}"
        if kind == "deploy" and "hex" in args:
            label += f" → {self.hex_text(view, args['hex'])}"
        elif kind == "bolster" and view is not None and unit:
            at = self.position(view, player, str(unit))
            if at is not None:
                label += f" ({at[1]} → {at[1] + 1})"
        elif kind == "move" and "to" in args:
            label += f" → {self.hex_text(view, args['to'])}"
        elif kind == "attack" and "target" in args:
            label += f" → {self.unit_at(table, view, args['target'])}"
        elif kind == "control" and view is not None and unit:
            at = self.position(view, player, str(unit))
            if at and self.location_at(view, at[0]):
                label += f" {self.hex_text(view, at[0])}"
        elif kind == "tactic" and unit:
            label = f"{icon} {self.tactic(table, str(unit))}"
            if "to" in args:
                label += f" → {self.hex_text(view, args['to'])}"
            if "target" in args:
                label += (" ⚔️ " if "to" in args else " → ") + self.unit_at(table, view, args["target"])
        if token and unit and kind != "pick":
            return f"{self.token_label(table, view, player, str(unit))}: {label}"
        return label

    def ctx(self, table: Table) -> RenderContext:
        return RenderContext(table.lang, table.names, translate=table.t)
    def result_text(self, table: Table, side: str | None, reason: str) -> str:
        reason_text = table.t(f"mh.reason.{reason}")
        if side in SIDES:
            return table.t("mh.over.win", side=self.side(table, str(side)), reason=reason_text)
        return table.t("mh.over.draw", reason=reason_text)
    def counted(self, table: Table, view: Mapping[str, Any], player: str, tokens: Sequence[str]) -> str:
        """``Archer ×2, 🔑 Seal`` — a multiset, in a fixed order (never the draw order, MH-P3)."""
        counts: dict[str, int] = {}
        for token in sorted(tokens):
            counts[token] = counts.get(token, 0) + 1
        if not counts:
            return table.t("mh.none")
        return ", ".join(
            self.token_label(table, view, player, t) + (f" ×{n}" if n > 1 else "") for t, n in counts.items()
        )
    def reword(self, table: Table, view: Mapping[str, Any], event: Event) -> Event:
        """Events whose parameters read better with the view's seats and unit names, as plain text parameters
        (same audience, so the default routing stays)."""
        p = event.params
        if event.key == "mh.game_started":
            lineup = "; ".join(
                f"{self.seat(table, view, player)} · {table.name(player)} · {table.t(f'mh.faction.{faction}')}"
                for player, faction in sorted(p["factions"].items(), key=lambda item: view["seats"][item[0]]["seat"])
            )
            return Event("mh.started", {"mode": p["mode"], "lineup": lineup, "first": p["first"], "side": p["side"]}, event.audience)
        if event.key == "mh.draft_done":
            lineup = "; ".join(
                f"{self.seat(table, view, player)} {table.name(player)}: "
                + ", ".join(self.unit_name(table, view, player, u) for u in units)
                for player, units in sorted(p["units"].items(), key=lambda item: view["seats"][item[0]]["seat"])
            )
            return Event("mh.draft_over", {"lineup": lineup}, event.audience)
        if event.key == "mh.seal_chosen":  # MH-P5: worded as the answer to the click is, for its player alone
            player = event.audience.players[0] if event.audience.players else ""
            own = {"unit_names": {player: {p["unit"]: p["name"]}}} if p.get("name") and p.get("unit") else None
            partial = ctl.Partial(SEAL, {k: p[k] for k in ("choice", "unit") if p.get(k)})
            return Event("mh.seal.mine", {"choice": self.action_text(table, own, player, partial, token=False)}, event.audience)
        hexes = {k: self.hex_text(view, p[k]) for k in ("hex", "from", "to", "target") if isinstance(p.get(k), str) and "," in p[k]}
        if event.key == "mh.controlled" and p.get("location"):
            hexes["location"] = self.location_text(view, p["location"])
        key = "mh.stepped" if event.key == "mh.moved" and p.get("how") == "move" else event.key  # a plain move
        return Event(key, {**p, **hexes}, event.audience) if hexes or key != event.key else event
    def unit_help(self, table: Table, view: Mapping[str, Any], player: str, unit: str) -> str:
        """One line on a unit type for the draft (MH-26, MH-31 .. MH-41)."""
        variant = self.variant(table, view, player, unit)
        rules = self.rules(table)
        tokens = rules.units[unit].tokens if rules is not None and unit in rules.units else 0
        key = f"mh.help.{variant.name if variant else unit}"
        text = table.t(key, tokens=tokens) if table.has(key) else ""
        return f"• **{self.token_label(table, view, player, unit)}** — {text}".rstrip(" —")


__all__ = ["KIND_ICONS", "SEAL", "SIDES", "SURRENDER", "MidnightHuntWords"]
