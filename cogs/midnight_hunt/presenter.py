"""Midnight Hunt on Discord: the hex board in the game thread, each hand by DM, a step-by-step choice of the play.

* **The board** (``has_board``): one public image of the spectator view (:mod:`cogs.midnight_hunt.board`), edited
  in place whenever that view changes, with a short caption (round, whose turn, initiative, locations held); the
  image carries its own full description for screen readers (MH-49).
* **The thread**: the public events of a transition and the next turn are one message ("▶️ Round 3: Ada (A) to
  play", with the clocks as live ``<t:…:R>`` countdowns and a grey "🏳️ Surrender…" button that any seated player
  may use at any time, MH-54). Anyone not seated reads the same thread and board and never more (MH-61, MH-P4).
* **Draft** (MH-14): the picker gets a DM with one button per unit type they may draft, and one line on each.
* **Each hand privately** (MH-P1, MH-50): the player to act gets a DM with their hand, their bag's contents
  (unordered) and their pending Seal choice, and buttons for their tokens. A token opens a private step-by-step
  choice — token → action → target — offering only legal plays (MH-22); hexes are named ``q,r`` as on the board
  image, with the location's id and the unit standing there. Players waiting for their turn get their new hand by
  DM at each draw.
* **The Seal** (MH-43 .. MH-48): its three plays are chosen privately and look the same in public ("Ada: ***", the
  same board, the same next prompt; MH-P2); the choice is confirmed to its player alone (MH-P5).
* **Surrender** (MH-54) always takes a confirmation: the button opens a private step whose red button surrenders.
  **Leaving** (``/game leave``, MH-55) gives a Rejoin button by DM and a public countdown; the idle limit (MH-56)
  and the chess clock (MH-57) are shown as countdowns of the turn's deadline.
* **2 vs 2**: each team gets its private thread at the start, to talk in (hands stay in each player's DMs, MH-50).
* **The end** (MH-59): the result and reason; hands and Seal choices are never revealed. There is no narrator in
  Midnight Hunt: a narrator set in the lobby sees only the public game (MH-P1).

Everything here reads :meth:`bot.presenter.Table.view` and :meth:`bot.presenter.Table.legal` only, never the
state's fields; the unit table (names, icons, tactics) is static rules data of the engine.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import controls as ctl
from bot.ops import DANGER, MAX_SELECT_OPTIONS, PRIMARY, SECONDARY, Op, button, post, rows, select
from bot.presenter import Presenter, Table, chunks, dm_slot, prompt_slot
from bot.render import RenderContext
from cogs.midnight_hunt.board import _description, _Words, clock_text
from engines.core import Action, Event, Prompt, State

SEAL = "seal"
SURRENDER = "surrender"
SIDES = ("A", "B")
#: The prompts a player answers with a play (a draft pick or a token).
PLAY_PROMPTS = ("mh.draft", "mh.turn")
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
#: Up to this many choices of one step are buttons (two rows); more are a select (25 a page).
BUTTONS_UP_TO = 10


@dataclass
class MHStep(ctl.Step):
    """A picker step with its own question (the platform's :meth:`Presenter.picker_text` has no view)."""

    text: str = ""


def token_of(action: Action | ctl.Partial) -> str | None:
    """The token an action plays: a unit type, ``seal``, or ``!<kind>`` for what plays no token (surrender)."""
    if action.kind == SEAL:
        return SEAL
    if "unit" in action.args:
        return str(action.args["unit"])
    return f"!{action.kind}" if action.kind else None


def token_partial(token: str, kind: str | None = None) -> ctl.Partial:
    if token == SEAL:
        return ctl.Partial(SEAL)
    if token.startswith("!"):
        return ctl.Partial(token[1:])
    return ctl.Partial(kind, {"unit": token})


def _distinct(values: Iterable[Any]) -> list[Any]:
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(json.dumps(value, sort_keys=True, default=str), value)
    return list(seen.values())


def matches(partial: ctl.Partial, action: Action) -> bool:
    """``partial.matches``, where a unit token chosen before its action never matches a Seal play (a Recruit
    names a unit too, but plays the Seal)."""
    if partial.kind is None and "unit" in partial.args and action.kind == SEAL:
        return False
    return partial.matches(action)


def _only_for(event: Event, player: str) -> bool:
    return event.audience.kind == "players" and event.audience.players == (player,)


class MidnightHuntPresenter(Presenter):
    has_board = True

    # -- words ---------------------------------------------------------------------------------------------

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
        """A hex as the board image labels it: ``-2,3``, with the location's id where there is one."""
        location = self.location_at(view, hex_) if view is not None else None
        return f"{hex_} ({location})" if location else str(hex_)

    def unit_at(self, table: Table, view: Mapping[str, Any] | None, hex_: str) -> str:
        """``-1,2: B Knight ×2`` (the target of an attack)."""
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
        """One play in words, e.g. ``🏹 Archer: ⚔️ Attack → -1,2: B Knight ×2`` (``token``: name the token first).
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
            location = self.location_at(view, at[0]) if at else None
            if location:
                label += f" {location}"
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

    # -- the public side -----------------------------------------------------------------------------------

    def board_caption(self, table: Table, view: dict[str, Any]) -> str:
        """The text under the board: the round, whose turn, the initiative and the locations held (the image has
        the full description for screen readers). Nothing here depends on a hand, a bag or a Seal choice."""
        outcome = view.get("outcome")
        if outcome is not None:
            return f"🏁 **{table.t('mh.caption.over')}** — {self.result_text(table, outcome.get('side'), outcome['reason'])}"
        stage = table.t("mh.board.draft") if view["phase"] == "draft" else table.t("mh.board.round", round=view["round"])
        parts = [f"🌙 **{table.t('mh.name')}** · {stage}"]
        if view.get("turn") in view["seats"]:
            parts.append(f"▶️ {self.who(table, view, view['turn'])}")
        parts.append(table.t("mh.caption.initiative", side=self.side(table, view["initiative"])))
        held = view["controlled"]
        parts.append(table.t("mh.caption.held", a=held.get("A", 0), b=held.get("B", 0), count=view["win_count"]))
        return " · ".join(parts)

    def result_text(self, table: Table, side: str | None, reason: str) -> str:
        reason_text = table.t(f"mh.reason.{reason}")
        if side in SIDES:
            return table.t("mh.over.win", side=self.side(table, str(side)), reason=reason_text)
        return table.t("mh.over.draw", reason=reason_text)

    def status_text(self, table: Table, state: State) -> str:
        """``/game status``: the caption, the board in words (the image's own description) and the clocks."""
        view = table.view(state, None)
        lines = [self.board_caption(table, view), _description(_Words(view, self.ctx(table)))]
        for prompt in state.prompts:
            lines.append(self.deadline_line(table, view, prompt))
        return "\n".join(filter(None, lines))

    def private_text(self, table: Table, state: State, player: str) -> str:
        """``/game mine``: the public table, then your hand, bag and Seal choice (yours only, MH-50) and what you
        are asked now (the fallback when DMs are closed)."""
        view = table.view(state, player)
        if "you" not in view:
            return self.status_text(table, state)
        lines = [self.status_text(table, state), *self.own_lines(table, view, player)]
        for prompt in state.prompts:
            if player in prompt.players:
                lines.append(self.asked_line(table, view, prompt, player))
        return "\n".join(filter(None, lines))

    def own_lines(self, table: Table, view: Mapping[str, Any], player: str) -> list[str]:
        """A player's secrets, for their eyes only: hand, bag contents (unordered, MH-P3) and pending Seal."""
        if view["phase"] == "draft":
            return []
        lines = [
            "🎒 " + table.t("mh.dm.hand", tokens=self.tokens_text(table, view, player, view.get("hand", []))),
            "👜 "
            + table.t(
                "mh.dm.bag",
                count=len(view.get("bag_contents", [])),
                tokens=self.counted(table, view, player, view.get("bag_contents", [])),
            ),
        ]
        pending = view.get("pending")
        if pending:
            choice = self.action_text(table, view, player, ctl.Partial(SEAL, {k: v for k, v in pending.items() if v}), token=False)
            lines.append(table.t("mh.dm.pending", choice=choice))
        return lines

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

    def deadline_line(self, table: Table, view: Mapping[str, Any], prompt: Prompt) -> str:
        """The prompt's countdown: the chess clock of the player to act, the others' clocks as they stand
        (MH-57), the idle limit (MH-56) or the rejoin window (MH-55). A live Discord timestamp; ``⏳`` first."""
        due = table.deadlines.get(prompt.id)
        when = f"<t:{int(due)}:R>" if due else None
        player = prompt.players[0] if prompt.players else ""
        seat = view["seats"].get(player)
        name = table.name(player)
        if prompt.key == "mh.rejoin":
            return f"⏳ {table.t('mh.rejoin.until', player=name, when=when)}" if when else ""
        if seat is None:
            return table.deadline(prompt)
        if seat.get("clock") is not None:
            head = (
                table.t("mh.clock.running", player=name, when=when)
                if when
                else table.t("mh.clock.stopped", player=name, time=clock_text(seat["clock"]))
            )
            others = [
                table.t("mh.clock.of", player=table.name(p), time=clock_text(s["clock"]))
                for p, s in view["seats"].items()
                if p != player and s.get("clock") is not None
            ]
            return "⏳ " + " · ".join([head, *others])
        return f"⏳ {table.t('mh.idle', player=name, when=when)}" if when else ""

    def public_prompt_text(self, table: Table, view: Mapping[str, Any], prompt: Prompt) -> str:
        (player,) = prompt.players
        if prompt.key == "mh.rejoin":
            away = f"🚪 {table.t('mh.public.away', player=table.name(player))}"
            return "\n".join(filter(None, [away, self.deadline_line(table, view, prompt)]))
        if prompt.key == "mh.draft":
            picks = len(view["order"])
            done = sum(len(s["units"]) for s in view["seats"].values())
            text = table.t("mh.public.draft", pick=done + 1, picks=picks, player=self.who(table, view, player))
        else:
            text = table.t("mh.public.turn", round=view["round"], player=self.who(table, view, player))
        if view["seats"].get(player, {}).get("away"):
            text += " " + table.t("mh.public.waiting", player=table.name(player))
        return "\n".join(filter(None, [text, self.deadline_line(table, view, prompt)]))

    def surrender_button(self, table: Table, prompt_id: str, style: int = SECONDARY) -> dict[str, Any]:
        """Opens the private confirmation (MH-54): usable by any seated player, whose turn it is or not."""
        label = f"{KIND_ICONS[SURRENDER]} {self.kind_label(table, SURRENDER)} {table.t('common.more')}"
        return button(label, f"np:{table.game_id}:{prompt_id}:0:{ctl.encode(SURRENDER)}", style)

    # -- presenting a transition ---------------------------------------------------------------------------

    def present(
        self, table: Table, before: State | None, after: State, events: Sequence[Event], actor: str | None = None
    ) -> list[Op]:
        # Midnight Hunt has no narrator: nobody but a hand's owner sees it (MH-P1), whatever the lobby says.
        table = dataclasses.replace(table, narrator=None)
        view = table.view(after, None)
        # new hands go by DM after the rest, so a round's public lines stay one message with the next turn
        hands = [e for e in events if e.key == "mh.hand"]
        rest = [self.reword(table, view, e) for e in events if e.key != "mh.hand"]
        ops = _board_first(super().present(table, before, after, rest, actor))
        for event in hands:
            ops += self.hand_ops(table, after, event)
        if before is None and view["mode"] == "2v2":
            ops += self.team_ops(table, view)
        return ops

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
        if event.key == "mh.seal_played":
            return Event("mh.seal_played", p, event.audience)
        return event

    def team_ops(self, table: Table, view: Mapping[str, Any]) -> list[Op]:
        """2 vs 2: each team's private thread, opened at the start for the team-mates to talk in (no hand is
        ever posted there: MH-50 hides a hand from the team-mate too)."""
        ops = []
        for side in SIDES:
            members = sorted((p for p, s in view["seats"].items() if s["side"] == side), key=lambda p: view["seats"][p]["seat"])
            text = table.t(
                "mh.team.welcome",
                team=table.t(f"mh.team.{side}"),
                players=", ".join(self.who(table, view, p) for p in members),
            )
            ops.append(self.team_post(table, side, members, text))
        return ops

    def hand_ops(self, table: Table, state: State, event: Event) -> list[Op]:
        """A new hand (MH-17), by DM to its owner only (MH-P1), unless the turn's DM that follows shows it."""
        (player,) = event.audience.players
        if self.turn_dm_follows(table, state, player):
            return []  # one DM instead of two
        view = table.view(state, player)
        tokens = self.tokens_text(table, view, player, event.params["tokens"])
        text = f"🎒 {table.t('mh.dm.round_hand', round=view['round'], tokens=tokens)}"
        return [self.dm(table, player, f"{table.header()}\n{text}")]

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        if event.key == "mh.game_over":
            return [post("game", text) for text in chunks(self.over_lines(table, event))]
        return None

    def turn_dm_follows(self, table: Table, state: State, player: str) -> bool:
        prompt = state.prompts[0] if state.prompts else None
        return (
            prompt is not None
            and prompt.key in PLAY_PROMPTS
            and player in prompt.players
            and bool(ctl.playable(table.legal(state, player), prompt.id))
        )

    def over_lines(self, table: Table, event: Event) -> list[str]:
        """MH-59: the result and its reason, and nothing of any hand or Seal."""
        p = event.params
        line = f"🏁 **{table.t('mh.caption.over')}** — {self.result_text(table, p.get('side'), p['reason'])}"
        if p.get("player") and p["reason"] in ("surrender", "time", "abandoned"):
            line += " " + table.t(f"mh.over.by.{p['reason']}", player=table.name(p["player"]))
        lines = [line]
        if p.get("winners"):
            lines.append(table.t("mh.over.winners", players=", ".join(table.name(w) for w in p["winners"])))
        return lines

    # -- prompts -------------------------------------------------------------------------------------------

    def open_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        view = table.view(state, None)
        public_components = rows(self.surrender_button(table, prompt.id)) if prompt.key in PLAY_PROMPTS else None
        ops: list[Op] = [
            post("game", self.public_prompt_text(table, view, prompt), slot=prompt_slot(prompt), components=public_components)
        ]
        for player in prompt.players:
            components = self.components(table, state, player, prompt)
            if components:
                text = "\n".join(filter(None, [table.header(), self.prompt_text(table, state, prompt, player)]))
                ops.append(self.dm(table, player, text, components=components, slot=dm_slot(prompt, player)))
        return ops

    def prompt_text(self, table: Table, state: State, prompt: Prompt, player: str | None) -> str:
        """The DM of a prompt: what is asked, your own hand, bag and Seal (MH-50) and the countdown."""
        view = table.view(state, player)
        return "\n".join(filter(None, [self.asked_line(table, view, prompt, player or ""), *self.prompt_extra(table, state, view, prompt, player)]))

    def asked_line(self, table: Table, view: Mapping[str, Any], prompt: Prompt, player: str) -> str:
        me = view["seats"].get(player, {})
        faction = table.t(f"mh.faction.{me['faction']}") if me else ""
        seat = self.seat(table, view, player) if me else ""
        if prompt.key == "mh.draft":
            picks = view["order"].count(player)
            text = table.t("mh.dm.draft", pick=len(me.get("units", [])) + 1, picks=picks, seat=seat, faction=faction)
        elif prompt.key == "mh.turn":
            text = table.t("mh.dm.turn", round=view["round"], seat=seat, faction=faction)
        else:
            text = f"🚪 {table.t('mh.dm.rejoin')}"
        return "\n".join(filter(None, [text, self.deadline_line(table, view, prompt)]))

    def prompt_extra(
        self, table: Table, state: State, view: Mapping[str, Any], prompt: Prompt, player: str | None
    ) -> list[str]:
        if player is None or "you" not in view:
            return []
        if prompt.key == "mh.draft":
            mine = [self.unit_name(table, view, player, u) for u in view["seats"][player]["units"]]
            lines = [table.t("mh.dm.yours", units=", ".join(mine) or table.t("mh.none"))]
            picks = [a.args["unit"] for a in ctl.playable(table.legal(state, player), prompt.id) if a.kind == "pick"]
            lines += [self.unit_help(table, view, player, u) for u in picks]
            return lines
        if prompt.key == "mh.turn":
            return [*self.own_lines(table, view, player), table.t("mh.dm.help")]
        return []

    def unit_help(self, table: Table, view: Mapping[str, Any], player: str, unit: str) -> str:
        """One line on a unit type for the draft (MH-26, MH-31 .. MH-41)."""
        variant = self.variant(table, view, player, unit)
        rules = self.rules(table)
        tokens = rules.units[unit].tokens if rules is not None and unit in rules.units else 0
        key = f"mh.help.{variant.name if variant else unit}"
        text = table.t(key, tokens=tokens) if table.has(key) else ""
        return f"• **{self.token_label(table, view, player, unit)}** — {text}".rstrip(" —")

    # -- controls ------------------------------------------------------------------------------------------

    def components(self, table: Table, state: State, player: str, prompt: Prompt) -> list[dict[str, Any]]:
        """A play's first step (the draft's unit types, or the hand's tokens), then privately the rest; other
        prompts (Rejoin) get the platform's controls."""
        if prompt.key not in PLAY_PROMPTS:
            return super().components(table, state, player, prompt)
        if not ctl.playable(table.legal(state, player), prompt.id):
            return []
        return self.picker(table, state, player, prompt.id, ctl.Partial()).components

    def picker(
        self, table: Table, state: State, player: str, prompt_id: str, partial: ctl.Partial, page: int = 0
    ) -> ctl.Step:
        """The step-by-step choice token → action → target, offering only legal continuations (MH-22).

        Steps with a single possibility are skipped; a step lists every remaining play whole once the token
        and the action are chosen (at most a select's 25 a page). Raises :class:`ctl.CodecError` when nothing
        legal is left (the game moved on)."""
        view = table.view(state, player)
        if "you" not in view:  # MH-61: a spectator who clicked the public surrender button
            return MHStep([], partial, text=f"👀 {table.t('mh.step.spectator')}")
        legal = table.legal(state, player)
        offered = ctl.playable(legal, prompt_id)
        stage = self._settle(partial, offered)
        candidates = [a for a in offered if matches(stage, a)]
        back = self._back(stage, offered)
        back_rows = (
            rows(button(table.t("common.back"), f"np:{table.game_id}:{prompt_id}:0:{ctl.encode(back.kind, back.args)}:b", SECONDARY))
            if back is not None
            else []
        )
        choices, asking, text = self._stage_choices(table, view, player, stage, candidates)
        components = self._choice_rows(table, prompt_id, legal, offered, choices, page, stage, text)
        return MHStep(components + back_rows, stage, asking, text=text)

    def _settle(self, partial: ctl.Partial, offered: Sequence[Action]) -> ctl.Partial:
        """``partial`` with every step that offers a single possibility taken."""
        while True:
            candidates = [a for a in offered if matches(partial, a)]
            if not candidates:
                raise ctl.CodecError("stale")
            following: ctl.Partial | None = None
            if partial.kind is None and "unit" not in partial.args:
                tokens = _distinct(token_of(a) for a in candidates)
                if len(tokens) == 1:
                    following = token_partial(tokens[0])
            elif partial.kind not in (None, SEAL) and "unit" not in partial.args and all("unit" in a.args for a in candidates):
                units = _distinct(a.args["unit"] for a in candidates)
                if len(units) == 1:
                    following = partial.with_arg("unit", units[0])
            elif partial.kind is None:
                kinds = _distinct(a.kind for a in candidates)
                if len(kinds) == 1:
                    following = ctl.Partial(kinds[0], dict(partial.args))
            if following is None or following == partial:
                return partial
            partial = following

    def _back(self, stage: ctl.Partial, offered: Sequence[Action]) -> ctl.Partial | None:
        """The step before ``stage`` that offers a real choice, or ``None`` at the first."""
        previous = _previous(stage)
        while previous is not None:
            if self._settle(previous, offered) != stage:
                return previous
            previous = _previous(previous)
        return None

    def _stage_choices(
        self, table: Table, view: Mapping[str, Any], player: str, stage: ctl.Partial, candidates: list[Action]
    ) -> tuple[list[tuple[str, ctl.Partial]], str | None, str]:
        """The choices a step offers, the argument it asks for and its question."""
        drafting = view["phase"] == "draft"
        if stage.kind is None and "unit" not in stage.args:  # the token (or, in the draft, the unit type)
            choices = []
            for token in _distinct(token_of(a) for a in candidates):
                plays = [a for a in candidates if token_of(a) == token]
                label = self.token_choice(table, view, player, token)
                if len(plays) == 1 and not token.startswith("!"):  # one click plays it: the button says what it does
                    label = self.action_text(table, view, player, plays[0])
                choices.append((label, token_partial(token)))
            return choices, "unit", table.t("mh.step.draft" if drafting else "mh.step.token")
        if stage.kind is not None and stage.kind != SEAL and "unit" not in stage.args and all("unit" in a.args for a in candidates):
            units = _distinct(a.args["unit"] for a in candidates)
            choices = [(self.token_choice(table, view, player, u), stage.with_arg("unit", u)) for u in units]
            return choices, "unit", table.t("mh.step.token")
        token = token_of(stage) or ""
        what = self.token_choice(table, view, player, token) if not token.startswith("!") else ""
        if stage.kind is None:  # the action of a token
            choices = []
            for kind in _distinct(a.kind for a in candidates):
                plays = [a for a in candidates if a.kind == kind]
                if len(plays) == 1:  # one click plays it: the button names its target
                    label = self.action_text(table, view, player, plays[0], token=False)
                else:
                    label = self.kind_choice(table, str(stage.args["unit"]), kind)
                choices.append((label, ctl.Partial(kind, dict(stage.args))))
            return choices, None, table.t("mh.step.action", token=what)
        if stage.kind == SURRENDER:
            return [(f"{KIND_ICONS[SURRENDER]} {table.t('mh.button.confirm_surrender')}", stage)], None, table.t("mh.step.surrender")
        if len(candidates) <= MAX_SELECT_OPTIONS or stage.kind == SEAL:
            whole = [(self.action_text(table, view, player, a, token=False), ctl.Partial.of(a)) for a in candidates]
            if len(candidates) == 1:
                return whole, None, table.t("mh.step.confirm", action=self.action_text(table, view, player, candidates[0]))
            if stage.kind == SEAL:
                return whole, "choice", table.t("mh.step.seal", token=what)
            doing = self.action_text(table, view, player, stage)
            return whole, None, table.t("mh.step.target", action=doing)
        # more plays than a select holds: one argument at a time (Charge: the hex to move to, then the target)
        for name in ctl.arg_order(candidates):
            if name in stage.args:
                continue
            values = _distinct(a.args.get(name) for a in candidates)
            if len(values) > 1:
                choices = [(self.arg_choice(table, view, name, v), stage.with_arg(name, v)) for v in values]
                return choices, name, table.t("mh.step.target", action=self.action_text(table, view, player, stage))
        whole = [(self.action_text(table, view, player, a, token=False), ctl.Partial.of(a)) for a in candidates]
        return whole, None, table.t("mh.step.target", action=self.action_text(table, view, player, stage))

    def token_choice(self, table: Table, view: Mapping[str, Any], player: str, token: str) -> str:
        """A token's button: ``🏹 Archer · -2,3 ×2`` on the board, ``🏹 Archer`` off it; surrender says so."""
        if token.startswith("!"):
            kind = token[1:]
            return f"{KIND_ICONS.get(kind, '')} {self.kind_label(table, kind)}".strip()
        label = self.token_label(table, view, player, token)
        at = self.position(view, player, token) if token != SEAL else None
        return f"{label} · {at[0]} ×{at[1]}" if at else label

    def kind_choice(self, table: Table, unit: str, kind: str) -> str:
        if kind == "tactic":
            return f"{KIND_ICONS['tactic']} {self.tactic(table, unit)}"
        return f"{KIND_ICONS.get(kind, '')} {self.kind_label(table, kind)}".strip()

    def arg_choice(self, table: Table, view: Mapping[str, Any], name: str, value: Any) -> str:
        if name == "target":
            return f"⚔️ {self.unit_at(table, view, str(value))}"
        if name in ("to", "hex"):
            return f"→ {self.hex_text(view, str(value))}"
        return self.value_label(table, name, value)

    def _choice_rows(
        self,
        table: Table,
        prompt_id: str,
        legal: Sequence[Action],
        offered: Sequence[Action],
        choices: list[tuple[str, ctl.Partial]],
        page: int,
        here: ctl.Partial,
        question: str,
    ) -> list[dict[str, Any]]:
        """Buttons (up to :data:`BUTTONS_UP_TO`) or a paged select; a choice that leaves one play applies it
        (``nc``), any other opens the next step (``np``). Surrender gets a row of its own, grey until confirmed."""
        game = table.game_id
        surrender = [c for c in choices if c[1].kind == SURRENDER]
        others = [c for c in choices if c[1].kind != SURRENDER]
        out: list[dict[str, Any]] = []
        if len(others) <= BUTTONS_UP_TO:
            items = []
            for label, choice in others:
                action = _complete(choice, offered)
                if action is not None:
                    cid = ctl.custom_id("nc", game, prompt_id, ctl.encode(action.kind, action.args), legal=legal, action=action)
                    items.append(button(label, cid, PRIMARY))
                else:
                    items.append(button(label, f"np:{game}:{prompt_id}:0:{ctl.encode(choice.kind, choice.args)}", PRIMARY))
            out += rows(*items) if items else []
        else:
            pages = -(-len(others) // MAX_SELECT_OPTIONS)
            page = max(0, min(page, pages - 1))
            options = []
            for label, choice in others[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]:
                action = _complete(choice, offered)
                if action is None:
                    options.append((label, "+" + ctl.encode(choice.kind, choice.args)))
                else:
                    options.append((label, ctl.action_code(action, legal, ctl.MAX_VALUE - 1)))
            placeholder = question if pages == 1 else f"{question} ({page + 1}/{pages})"
            items = [select(f"ns:{game}:{prompt_id}:p{page}", options, placeholder=placeholder)]
            code = ctl.encode(here.kind, here.args)
            if page > 0:
                items.append(button("◀", f"np:{game}:{prompt_id}:{page - 1}:{code}", SECONDARY))
            if page < pages - 1:
                items.append(button("▶", f"np:{game}:{prompt_id}:{page + 1}:{code}", SECONDARY))
            out += rows(*items)
        for label, choice in surrender:
            action = _complete(choice, offered)
            if here.kind == SURRENDER and action is not None:  # the confirmation itself
                cid = ctl.custom_id("nc", game, prompt_id, ctl.encode(action.kind, action.args), legal=legal, action=action)
                out += rows(button(label, cid, DANGER))
            else:
                out += rows(self.surrender_button(table, prompt_id))
        return out

    # -- answers and labels --------------------------------------------------------------------------------

    def picker_text(self, table: Table, step: ctl.Step) -> str:
        if isinstance(step, MHStep) and step.text:
            return step.text
        return super().picker_text(table, step)

    def ack_text(self, table: Table, action: Action) -> str:
        """The private confirmation of a click (the Seal's choice too: only its player sees it, MH-P5)."""
        return "✅ " + self.action_text(table, None, action.player, action)

    def answer_lines(self, table: Table, action: Action, events: Sequence[Event]) -> list[str]:
        """What the acting player learns from their own play: their Seal's choice (MH-P5). A new hand comes
        by DM (or in the next turn's DM), so it is not repeated here."""
        lines = []
        for event in events:
            if not _only_for(event, action.player) or event.key == "mh.hand":
                continue
            if event.key == "mh.seal_chosen":
                partial = ctl.Partial(SEAL, {k: v for k, v in event.params.items() if v})
                lines.append(table.t("mh.seal.mine", choice=self.action_text(table, None, action.player, partial, token=False)))
            else:
                lines.append(table.say(event))
        return lines


def _previous(stage: ctl.Partial) -> ctl.Partial | None:
    """The partial one step back: the last argument dropped (a token's action back to the token's actions)."""
    if stage.kind is None:
        return ctl.Partial() if stage.args else None
    args = list(stage.args.items())
    if not args:
        return ctl.Partial()
    if len(args) == 1 and args[0][0] == "unit":
        return ctl.Partial(None, dict(args))
    return ctl.Partial(stage.kind, dict(args[:-1]))


def _board_first(ops: list[Op]) -> list[Op]:
    """``ops`` with the board drawn before the new prompts are offered: a player asked to play sees the position
    they play on, and the next turn's messages do not wait behind the dispatcher's debounce of a last rewrite
    (a board edit left last waits ~0.75 s for a newer one, which in a quick game delayed every turn)."""
    boards = [op for op in ops if "render" in op]
    rest = [op for op in ops if "render" not in op]
    at = next((i for i, op in enumerate(rest) if op.get("do") == "post" and op.get("slot")), len(rest))
    return rest[:at] + boards + rest[at:]


def _complete(choice: ctl.Partial, offered: Sequence[Action]) -> Action | None:
    """The one play ``choice`` picks out, if it picks out exactly one."""
    matching = [a for a in offered if matches(choice, a)]
    return matching[0] if len(_distinct([a.kind, dict(a.args)] for a in matching)) == 1 else None


__all__ = ["MHStep", "MidnightHuntPresenter"]
