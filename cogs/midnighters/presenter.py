"""Midnighters on Discord: the dream on one public board, each hand by DM, a reaction window for everyone.

* **The board** (``has_board``): one public image of the dream (:mod:`cogs.midnighters.board`), edited in place
  when the public view changes, with a caption for screen readers: the turn, whose move it is and how many actions
  are left, what the table waits for, where everyone stands with their hand and trap counts, the piles and the
  active nightmares (MN-9, MN-64). It is drawn from the spectator view only.
* **The hand, privately**: the player whose turn it is (or the Dream Catcher trap's controller, MN-58) gets a DM
  with their hand, where they stand, their traps and controls for exactly their legal actions (MN-18): a button
  per play, the directions of a Sleepwalk as buttons (each naming where it leads), and a step-by-step picker for
  plays with several choices (card → location → direction for Vertigo; Suspense → paired card for a trap,
  MN-50; trap → target → corridor for a spring).
* **Reaction windows** (MN-27, MN-28, MN-P8): after every play, every eligible player gets the same short DM at
  the same moment — what was played, Cancel / Intercept / Pass — whatever they hold. Cancel and Intercept are shown
  to everyone, greyed out for a player without the card; only the DM's reader sees that. Marks of Midnight Star
  traps (MN-56) and springs (MN-53) are offered there too; a mark is answered only to its owner (MN-P7).
* **Out-of-turn springs** (MN-53): whenever a turn prompt opens, every other player with a prepared trap (the count
  is public, MN-52) has their private traps message refreshed, with a spring button when one of theirs can spring.
* **Private answers**: what only one player may see (a drawn card, the Square's discard pile, the Motel's hand, a
  Dream Catcher's card, a mark; MN-P2 .. MN-P7) goes by DM to that player, or in the answer to their own click.
  These DMs are *quiet*: with closed DMs, no public "could not DM you" line would tell the table that something
  secret happened. The turn's DM is not quiet: whose turn it is is public.
* **The end** (MN-61): the outcome, every hand, every prepared trap, the discard pile and the seed.

Everything here reads :meth:`bot.presenter.Table.view` and :meth:`bot.presenter.Table.legal` only, never the
state's fields.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot import controls as ctl
from bot.ops import MAX_ROWS, MAX_SELECT_OPTIONS, PRIMARY, SECONDARY, Op, button, post, rows, select
from bot.presenter import Presenter, Table, chunks, dm_slot
from bot.render import RenderContext, seat_letter
from cogs.midnighters.board import _location, _nightmare_line, _status_lines
from engines.core import HOST, Action, Event, Prompt, State

#: The order kinds are offered in (plays first, declining last).
KIND_ORDER = (
    "star",
    "sleepwalk",
    "vertigo_move",
    "vertigo_rotate",
    "dutch_cut",
    "dutch_extra",
    "catcher_steal",
    "set_trap",
    "spring",
    "cancel",
    "intercept",
    "mark",
    "goto",
    "take",
    "target",
    "discard",
    "give",
    "shuffle",
    "blind_discard",
    "assign",
    "remove",
    "done",
    "pass",
    "end",
)
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
#: Kinds drawn grey (declining rather than doing).
QUIET = frozenset({"end", "pass", "done"})
#: A kind with at most this many actions differing in one argument is a row of buttons; more are a select.
BUTTONS_UP_TO = 4
#: The private message listing a player's traps between turns (out-of-turn springs, MN-53).
TRAPS_SLOT = "traps:{player}"
#: Sleepwalk steps on the grid (columns A-D, rows 1-4; "up" is toward row 1, MN-5).
STEP = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}


class MidnightersPresenter(Presenter):
    has_board = True

    # -- words ---------------------------------------------------------------------------------------------

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
        return f"{ICONS['spring']} " + table.t("mn.do.spring", trap=self.trap_text(table, view, a.get("trap")), effect=effect)

    def ack_text(self, table: Table, action: Action) -> str:
        return "✅ " + self.action_text(table, action)

    # -- the board and the channel -------------------------------------------------------------------------

    def board_caption(self, table: Table, view: dict[str, Any]) -> str:
        """The text under the board (screen readers also get the image's full description): the turn, whose move
        it is and the actions left, what the table waits for, where everyone stands with their hand and trap counts,
        the piles and the active nightmares (MN-64). No card of any hand, no trap's place (MN-P1, MN-P7)."""
        ctx = self.ctx(table)
        head = table.t("mn.caption.turn", turn=int(view["turn"]), max_turns=int(view["max_turns"]))
        lines = [" · ".join([head, *_status_lines(view, ctx)])]
        players = []
        for i, p in enumerate(view["seats"]):
            if p not in view["active"]:
                continue
            text = table.t(
                "mn.caption.player",
                player=table.name(p),
                letter=seat_letter(i),
                location=_location(ctx, view["avatars"].get(p, "")),
                cards=int(view["hand_sizes"].get(p, 0)),
                traps=int(view["trap_counts"].get(p, 0)),
            )
            if p == view.get("horror"):
                text += f" ({table.t('mn.board.horror')})"
            players.append(text)
        if players:
            lines.append(table.t("mn.caption.where", players=" · ".join(players)))
        tail = [table.t("mn.caption.piles", deck=int(view["deck_size"]), discard=int(view["discard_size"]))]
        nightmares = sorted(view.get("nightmares") or {})
        if nightmares:
            tail.append(table.t("mn.caption.nightmares", nightmares="; ".join(_nightmare_line(view, c, ctx) for c in nightmares)))
        lines.append(" · ".join(tail))
        return "\n".join(lines)

    def board_ops(self, table: Table, before: State | None, after: State) -> list[Op]:
        """The board, re-rendered when what it shows changed: the players who already passed in a window are not
        drawn, so a pass re-renders nothing."""
        if before is not None and _board_key(table.view(before, None)) == _board_key(table.view(after, None)):
            return []
        return super().board_ops(table, None, after)

    def status_text(self, table: Table, state: State) -> str:
        """``/game status``: the caption (all public, MN-64)."""
        return self.board_caption(table, table.view(state, None))

    def private_text(self, table: Table, state: State, player: str) -> str:
        """``/game mine``: the table, your hand and traps, and what you are asked now (the fallback for closed DMs)."""
        view = table.view(state, player)
        lines = [self.status_text(table, state)]
        if "hand" not in view:
            return lines[0]
        lines += self.hand_lines(table, view, player)
        for prompt in state.prompts:
            if player in prompt.players:
                lines.append(self.situation(table, state, view, prompt, player))
                lines.append(table.deadline(prompt))
            elif view.get("waiting"):
                lines.append(table.t("mn.mine_waiting", players=", ".join(table.name(p) for p in view["waiting"])))
        return "\n".join(filter(None, lines))

    def hand_lines(self, table: Table, view: Mapping[str, Any], player: str) -> list[str]:
        lines = []
        here = view["avatars"].get(player)
        if here:
            lines.append(table.t("mn.you_stand", location=self.location(table, here), arrows=self.arrows(table, view, here)))
        lines.append(table.t("mn.your_cards", cards=self.cards(table, view.get("hand", []))))
        if view.get("my_traps"):
            lines.append(table.t("mn.your_traps", traps=self.traps_text(table, view)))
        return lines

    # -- events --------------------------------------------------------------------------------------------

    def present(
        self, table: Table, before: State | None, after: State, events: Sequence[Event], actor: str | None = None
    ) -> list[Op]:
        ops = self.answered_ops(table, before, after)
        ops += super().present(table, before, after, self.worded(table, _merged_draws(events)), actor)
        ops += self.traps_ops(table, before, after)
        return [self._quiet(table, op) for op in ops]

    def answer_lines(self, table: Table, action: Action, events: Sequence[Event]) -> list[str]:
        return super().answer_lines(table, action, self.worded(table, events))

    def worded(self, table: Table, events: Sequence[Event]) -> list[Event]:
        """Events whose ``cards`` are a list, with the list worded here (an empty hand reads "no cards", a pile
        is counted); everything else is worded by the catalogue."""
        out = []
        for event in events:
            if event.key == "mn.trap_sprung":
                event = Event(event.key, _sprung_params(event.params), event.audience)
            cards = event.params.get("cards")
            if isinstance(cards, list) and event.key != "mn.game_over":
                text = self.pile(table, cards) if event.key == "mn.discard_pile" else self.cards(table, cards)
                event = Event(event.key, {**event.params, "cards": text}, event.audience)
            out.append(event)
        return out

    def answered_ops(self, table: Table, before: State | None, after: State) -> list[Op]:
        """A window stays open while others answer, asking only those who have not passed: a player who passed
        sees their window's buttons go at once (only they see it; a pass is the same whatever the hand)."""
        if before is None:
            return []
        still = {p.id: set(p.players) for p in after.prompts}
        return [
            {"do": "edit", "slot": dm_slot(prompt, player), "components": [], "forget": True}
            for prompt in before.prompts
            if prompt.id in still
            for player in prompt.players
            if player not in still[prompt.id]
        ]

    def close_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        """A closed window's DMs lose their buttons, for every player it was sent to (its prompt lists only those
        who had not passed yet; slots never filled are skipped)."""
        ops = super().close_prompt(table, state, prompt)
        if prompt.kind == "reaction":
            done = {op["slot"] for op in ops}
            ops += [
                {"do": "edit", "slot": dm_slot(prompt, p), "components": [], "forget": True}
                for p in state.players
                if dm_slot(prompt, p) not in done
            ]
        return ops

    def _quiet(self, table: Table, op: Op) -> Op:
        """MN-P7 / MN-P8: a private event's DM (a drawn card, a lapsed mark, a hand shown) and a window's DM say
        nothing in public when the player's DMs are closed; only the turn's and a choice's DMs, whose existence is
        public, keep their fallback."""
        if op.get("to") == "dm" and "fallback" in op and not _public_prompt_slot(str(op.get("slot") or "")):
            op = {k: v for k, v in op.items() if k != "fallback"}
        return op

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        if event.key in ("mn.your_hand", "mn.discard_pile") and any(set(event.audience.players) & set(p.players) for p in state.prompts):
            return []  # the prompt's DM shows the hand (the Square's pile) already: one DM instead of two
        if event.key == "mn.game_over":
            return [post("game", text) for text in chunks(self.reveal_lines(table, event))]
        return None

    def reveal_lines(self, table: Table, event: Event) -> list[str]:
        """MN-61: the outcome, every hand, every prepared trap, the discard pile and the seed."""
        p = event.params
        winners = list(p.get("winners") or [])
        who = table.name(winners[0]) if winners else ""
        lines = [table.t("mn.over.title", reason=str(p["outcome"]), player=who)]
        lines.append(
            table.t("mn.over.winner", player=", ".join(table.name(w) for w in winners)) if winners else table.t("mn.over.no_winner")
        )
        lines.append(table.t("mn.over.hands"))
        for player, cards in (p.get("hands") or {}).items():
            lines.append(table.t("mn.over.hand", player=table.name(player), cards=self.cards(table, cards)))
        traps = [
            table.t(
                "mn.over.trap",
                player=table.name(t["player"]),
                card=self.card(table, t["card"]),
                location=self.location(table, t["location"]),
            )
            for t in p.get("traps") or []
        ]
        lines.append(table.t("mn.over.traps", traps="; ".join(traps)) if traps else table.t("mn.over.no_traps"))
        lines.append(table.t("mn.over.discard", cards=self.pile(table, p.get("discard") or [])))
        lines.append(table.t("mn.over.seed", seed=str(p.get("seed", ""))))
        return lines

    # -- prompts -------------------------------------------------------------------------------------------

    def open_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        """Each prompted player gets a DM with what is asked and their controls. A window's DM goes to every
        eligible player whatever they hold (MN-P8): Pass is always there."""
        ops = []
        for player in prompt.players:
            person = table.host if player == HOST and table.host else player
            components = self.components(table, state, player, prompt)
            text = "\n".join(
                filter(None, [table.header(), self.prompt_text(table, state, prompt, player), table.deadline(prompt)])
            )
            ops.append(self.dm(table, person, text, components=components, slot=dm_slot(prompt, person)))
        return ops

    def prompt_text(self, table: Table, state: State, prompt: Prompt, player: str | None) -> str:
        if player is None or player == HOST:
            return super().prompt_text(table, state, prompt, player)
        view = table.view(state, player)
        lines = [self.situation(table, state, view, prompt, player)]
        if prompt.key == "mn.turn":
            victim = view.get("current")
            if victim and victim != player:  # MN-58: the controller plays the victim's turn
                where = view["avatars"].get(victim, "")
                lines.append(
                    table.t("mn.they_stand", player=table.name(victim), location=self.location(table, where), arrows=self.arrows(table, view, where))
                )
                hand = (view.get("controlled_hands") or {}).get(victim, [])
                lines.append(table.t("mn.their_cards", player=table.name(victim), cards=self.cards(table, hand)))
            lines += self.hand_lines(table, view, player)
            lines.append(table.t("mn.ask.turn_help"))
        elif prompt.kind == "reaction":
            lines += self.hand_lines(table, view, player)
            offered = {a.kind for a in ctl.playable(table.legal(state, player), prompt.id)}
            lines.append(table.t("mn.ask.window_help" if offered & {"cancel", "intercept"} else "mn.ask.window_none"))
        else:
            if "discard_pile" in view:  # MN-P3: the Square's activator alone sees the discard
                lines.append(table.t("mn.the_discard", cards=self.pile(table, view["discard_pile"])))
            if "target_hand" in view:  # MN-P4: the Motel's activator alone sees the target's hand
                lines.append(table.t("mn.their_hand", cards=self.cards(table, view["target_hand"])))
            if prompt.key in ("mn.choose_square", "mn.choose_motel_take"):
                lines.append(table.t("mn.ask.taken", count=int(prompt.params.get("taken", 0))))
            if prompt.key == "mn.choose_assign":
                nxt = next((a.args["player"] for a in table.legal(state, player) if a.kind == "assign"), None)
                if nxt:
                    lines.append(table.t("mn.ask.assign", player=table.name(nxt)))
            lines += self.hand_lines(table, view, player)
        return "\n".join(lines)

    def situation(self, table: Table, state: State, view: Mapping[str, Any], prompt: Prompt, player: str) -> str:
        """What the prompt asks, in one bold line (a window's line is the same for every hand, MN-P8)."""
        if prompt.key == "mn.turn":
            actions = int(view.get("actions_left", 0))
            if view.get("current") and view["current"] != player:
                return table.t("mn.ask.turn_for", turn=int(view["turn"]), player=table.name(view["current"]), actions=actions)
            return table.t("mn.ask.turn", turn=int(view["turn"]), actions=actions)
        if prompt.kind == "reaction":
            return table.t("mn.ask.window", what=self.top_of_stack(table, view))
        return table.t("mn.ask.choice", what=table.t(prompt.key))

    def top_of_stack(self, table: Table, view: Mapping[str, Any]) -> str:
        """The card the window answers, worded as its public event was (a trap setting shows no card, MN-30)."""
        stack = view.get("stack") or []
        if not stack:
            return ""
        top = stack[-1]
        if top["play"] == "set_trap":
            return table.say(Event("mn.trap_set", {"player": top["player"]}))
        if top["play"] in ("cancel", "intercept"):
            below = stack[-2] if len(stack) > 1 else {}
            card = "trap" if below.get("play") == "set_trap" else below.get("card", "trap")
            params = {"player": top["player"], "play": top["play"], "target": top.get("target", "none"), "card": card}
            return table.say(Event("mn.reacted", params))
        params = {k: top.get(k, "none") for k in ("player", "play", "card", "target", "direction", "location")}
        return table.say(Event("mn.played", params))

    def note_ops(self, table: Table, state: State, prompt: Prompt, line: str | None = None) -> list[Op]:
        return [self._quiet(table, op) for op in super().note_ops(table, state, prompt, line)]

    # -- controls ------------------------------------------------------------------------------------------

    def components(self, table: Table, state: State, player: str, prompt: Prompt) -> list[dict[str, Any]]:
        """Controls for exactly ``player``'s legal actions on ``prompt`` (MN-18)."""
        legal = table.legal(state, player)
        offered = ctl.playable(legal, prompt.id)
        view = table.view(state, player if player != HOST else None)
        if prompt.kind == "reaction" and player in prompt.players:
            return self._window_rows(table, view, prompt, legal, offered)
        if not offered:
            return []
        return self._rows(table, view, prompt, legal, offered)

    def _window_rows(
        self, table: Table, view: Mapping[str, Any], prompt: Prompt, legal: list[Action], offered: list[Action]
    ) -> list[dict[str, Any]]:
        """MN-P8: Cancel, Intercept and Pass for every eligible player, the first two greyed out for a player who
        cannot play them (only they see it); then their Midnight Star marks and a spring, if any."""
        game, pid = table.game_id, prompt.id
        first: list[dict[str, Any]] = []
        for kind in ("cancel", "intercept"):
            action = next((a for a in offered if a.kind == kind), None)
            cid = ctl.custom_id("nc", game, pid, ctl.encode(kind, {}))
            first.append(button(self.action_text(table, Action("", pid, kind)), cid, PRIMARY, disabled=action is None))
        passing = next((a for a in offered if a.kind == "pass"), None)
        if passing is not None:
            first.append(button(self.action_text(table, passing), ctl.custom_id("nc", game, pid, ctl.encode("pass", {})), SECONDARY))
        rest = [a for a in offered if a.kind not in ("cancel", "intercept", "pass")]
        extra = self._rows(table, view, prompt, legal, rest, room=MAX_ROWS - 1) if rest else []
        return rows(*first) + extra

    def _rows(
        self,
        table: Table,
        view: Mapping[str, Any],
        prompt: Prompt,
        legal: list[Action],
        offered: list[Action],
        room: int = MAX_ROWS,
    ) -> list[dict[str, Any]]:
        """A button per single action; a kind varying in one argument as buttons (few) or a select; anything else
        a button opening the step-by-step picker. What does not fit folds into the picker."""
        groups: dict[str, list[Action]] = {}
        for action in sorted(offered, key=lambda a: KIND_ORDER.index(a.kind) if a.kind in KIND_ORDER else len(KIND_ORDER)):
            groups.setdefault(action.kind, []).append(action)
        game, pid = table.game_id, prompt.id
        where = prompt.key.removeprefix("mn.choose_")
        for level in range(3):
            items: list[dict[str, Any]] = []
            for kind, group in groups.items():
                items += self._kind_items(table, view, game, pid, kind, group, legal, level, where)
            if _row_count(items) <= room:
                return rows(*_ordered(items))
        return rows(button(f"{table.t('common.choose')} {table.t('common.more')}", f"np:{game}:{pid}:0:*", PRIMARY))

    def _kind_items(
        self,
        table: Table,
        view: Mapping[str, Any],
        game: int,
        pid: str,
        kind: str,
        group: list[Action],
        legal: list[Action],
        level: int,
        where: str,
    ) -> list[dict[str, Any]]:
        style = SECONDARY if kind in QUIET else PRIMARY

        def text(action: Action) -> str:
            if action.kind == "done":
                return self.action_text(table, ctl.Partial("done", {"where": where}), view)
            return self.action_text(table, action, view)

        if len(group) == 1:
            action = group[0]
            cid = ctl.custom_id("nc", game, pid, ctl.encode(action.kind, action.args), legal=legal, action=action)
            return [button(text(action), cid, style)]
        single = _single_varying(group)
        picker = button(f"{self.kind_label(table, kind)} {table.t('common.more')}", f"np:{game}:{pid}:0:{ctl.encode(kind)}", PRIMARY)
        if single is None or level == 2:
            return [picker]
        if level == 0 and len(group) <= BUTTONS_UP_TO:
            return [
                button(text(a), ctl.custom_id("nc", game, pid, ctl.encode(a.kind, a.args), legal=legal, action=a), style)
                for a in group
            ]
        if len(group) <= MAX_SELECT_OPTIONS:
            options = [(text(a), ctl.action_code(a, legal)) for a in group]
            return [select(f"ns:{game}:{pid}:{kind}", options, placeholder=f"{self.kind_label(table, kind)} …")]
        return [picker]

    def picker(self, table: Table, state: State, player: str, prompt_id: str, partial: ctl.Partial, page: int = 0) -> ctl.Step:
        """The picker's next step, worded for the player: their traps by card and place, cells, counts."""
        view = table.view(state, player)
        return ctl.picker(table.game_id, prompt_id, table.legal(state, player), partial, self.labels_for(table, view), page)

    def picker_text(self, table: Table, step: ctl.Step) -> str:
        chosen = step.chosen
        if chosen.kind is None:
            return table.t("mn.ask.pick", so_far=table.t("common.choose"), question=table.t("mn.ask.kind"))
        so_far = ctl.action_label(self.labels_for(table, None), chosen, skip=("trap",))
        key = f"mn.ask.{step.asking}" if step.asking else ""
        if key and table.has(key):
            return table.t("mn.ask.pick", so_far=so_far, question=table.t(key))
        return f"{so_far} …"

    # -- out-of-turn springs (MN-53) -----------------------------------------------------------------------

    def traps_ops(self, table: Table, before: State | None, after: State) -> list[Op]:
        """When a turn prompt opens, each other player holding a prepared trap (a public count, MN-52) has their
        private traps message refreshed, with a spring button when one of theirs can spring now (MN-53). At the end
        those messages lose their buttons."""
        if after.outcome is not None:
            public = table.view(before, None) if before is not None else None
            owners = [p for p, n in (public or {}).get("trap_counts", {}).items() if n]
            return [{"do": "edit", "slot": TRAPS_SLOT.format(player=p), "components": []} for p in owners]
        ops: list[Op] = []
        for prompt in self.opened_prompts(before, after):
            if prompt.key != "mn.turn":
                continue
            public = table.view(after, None)
            for player in public["active"]:
                if player in prompt.players or not public["trap_counts"].get(player):
                    continue
                view = table.view(after, player)
                legal = table.legal(after, player)
                springs = [a for a in ctl.playable(legal, prompt.id) if a.kind == "spring"]
                here = view["avatars"].get(player, "")
                lines = [
                    table.header(),
                    table.t("mn.traps_now", player=table.name(public["current"]), traps=self.traps_text(table, view)),
                    # where you stand decides what a spring does for you (MN-54, MN-57): public, so said here too
                    table.t("mn.you_stand", location=self.location(table, here), arrows=self.arrows(table, view, here)),
                    table.t("mn.traps_spring" if springs else "mn.traps_wait"),
                ]
                components = self._rows(table, view, prompt, legal, springs) if springs else []
                ops.append(
                    self.dm(table, player, "\n".join(lines), quiet=True, components=components, slot=TRAPS_SLOT.format(player=player))
                )
        return ops


def _public_prompt_slot(slot: str) -> bool:
    """The DM of a turn or of a choice inside an effect (``dm:turn#12:…``, ``dm:square#13:…``): who is asked is
    public (the board says it), so its DM-closed fallback tells nothing. A window's DM is not one (MN-P8)."""
    return slot.startswith("dm:") and not slot.startswith("dm:window#")


def _merged_draws(events: Sequence[Event]) -> list[Event]:
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


def _board_key(view: Mapping[str, Any]) -> str:
    """What the board draws: the view without the list of players still to answer a window."""
    shown = {k: v for k, v in view.items() if k != "waiting"}
    if view.get("phase") == "choice":
        shown["waiting"] = list(view.get("waiting") or [])[:1]
    return json.dumps(shown, sort_keys=True, default=str)


def _single_varying(group: list[Action]) -> str | None:
    """The one argument the actions of a group differ in, if exactly one does."""
    names = {n for a in group for n in a.args}
    if any(set(a.args) != names for a in group):
        return None
    varying = [n for n in names if len({json.dumps(a.args[n], sort_keys=True) for a in group}) > 1]
    return varying[0] if len(varying) == 1 else None


def _row_count(items: list[dict[str, Any]]) -> int:
    buttons = sum(1 for i in items if i["type"] == 2)
    return sum(1 for i in items if i["type"] != 2) + -(-buttons // 5)


def _ordered(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Buttons first, sharing rows, then the selects (one row each)."""
    return [i for i in items if i["type"] == 2] + [i for i in items if i["type"] != 2]


__all__ = ["MidnightersPresenter"]
