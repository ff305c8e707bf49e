"""Midnighters on Discord: the dream on one public board, each hand by DM, a reaction window for everyone.

* **The board** (``has_board``): one public image of the dream (:mod:`cogs.midnighters.board`), edited in place
  when the public view changes, with a caption for screen readers: the turn, whose move it is and how many actions
  are left, what the table waits for, where everyone stands with their hand and trap counts, the piles and the
  active nightmares (MN-9, MN-64). It is drawn from the spectator view only. Each step's public lines (the plays,
  face up) are written on it, above the caption: a chapter of a few turns a message, a new board message below once
  it is full (:meth:`bot.presenter.Presenter.story_ops`).
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

The words are :mod:`cogs.midnighters.words`, the controls :mod:`cogs.midnighters.controls`; this module routes
events and prompts to where they go.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from bot import controls as ctl
from bot.ops import Op, post
from bot.presenter import Table, chunks, dm_slot
from cogs.midnighters.board_words import _location, _nightmare_line, _status_lines, ending_text, seat_letters
from cogs.midnighters.controls import MidnightersControls
from cogs.midnighters.words import merged_draws
from engines.core import HOST, Action, Event, Prompt, State


class MidnightersPresenter(MidnightersControls):
    """Where everything goes: the board, the turn's and the windows' DMs, private answers, out-of-turn springs and
    the end (the words are :mod:`cogs.midnighters.words`, the buttons :mod:`cogs.midnighters.controls`)."""

    has_board = True
    #: Each prompted player gets a DM with what is asked and their controls, and a window's DM goes to every eligible
    #: player whatever they hold (MN-P8): Pass is always there, and no one's DM is missing for a hand without it.
    dm_without_controls = True

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
        letters = seat_letters(view["seats"], table.name)
        for p in view["seats"]:
            if p not in view["active"]:
                continue
            text = table.t(
                "mn.caption.player",
                player=table.name(p),
                letter=letters[p],
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

    # -- events --------------------------------------------------------------------------------------------

    def present(
        self, table: Table, before: State | None, after: State, events: Sequence[Event], actor: str | None = None
    ) -> list[Op]:
        # MN-53: the out-of-turn springs go first, so they reach their players before the turn's own DM does, while
        # the moment is open (nobody can end it before the current player has their controls)
        ops = self.traps_ops(table, before, after)
        ops += self.answered_ops(table, before, after)
        ops += _folded(super().present(table, before, after, self.worded(table, merged_draws(events)), actor))
        return [self._quiet(table, op) for op in ops]

    def answer_lines(self, table: Table, action: Action, events: Sequence[Event]) -> list[str]:
        return super().answer_lines(table, action, self.worded(table, events))

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
        who had not passed yet; slots never filled are skipped), and so do a closed turn's out-of-turn springs
        (MN-53: their moment is over)."""
        ops = super().close_prompt(table, state, prompt)
        if prompt.kind == "reaction" or prompt.key == "mn.turn":
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
        ending = ending_text(table.t, table.name, str(p["outcome"]), str(p.get("cause", "none")), winners, int(p.get("turns", 0)))
        lines = [f"🏁 **{ending}**"]
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

    def prompt_messages(self, table: Table, state: State, prompt: Prompt, seats: Collection[str] | None = None) -> list[Op]:
        """The DMs of ``seats`` alone: a pass in a window changes the passer's choices only, and a 6-player window
        built every DM twice to find theirs (the refresh after each answer, MN-27)."""
        if seats is None:
            return self.open_prompt(table, state, prompt)
        return self.prompt_dms(table, state, prompt, [p for p in prompt.players if p in seats])

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

    # -- out-of-turn springs (MN-53) -----------------------------------------------------------------------

    def traps_ops(self, table: Table, before: State | None, after: State) -> list[Op]:
        """When a turn starts, each other player who can spring one of their traps now (MN-53) gets one private
        message with the springs, in the turn prompt's own slot, so it loses its buttons when the turn prompt closes
        (:meth:`close_prompt`): it is offered while the moment lasts, and only to whom it is a choice. A player none
        of whose traps can spring gets nothing; nor does anyone when a turn's prompt opens again after a window,
        whose own private message offered the springs. Its answers name why a late click is refused (MN-29)."""
        ops: list[Op] = []
        if before is not None and table.view(before, None)["turn"] == table.view(after, None)["turn"]:
            return ops
        for prompt in self.opened_prompts(before, after):
            if prompt.key != "mn.turn":
                continue
            public = table.view(after, None)
            for player in public["active"]:
                if player in prompt.players or not public["trap_counts"].get(player):
                    continue
                legal = table.legal(after, player)
                springs = [a for a in ctl.playable(legal, prompt.id) if a.kind == "spring"]
                if not springs:
                    continue
                view = table.view(after, player)
                here = view["avatars"].get(player, "")
                lines = [
                    table.header(),
                    table.t("mn.traps_now", player=table.name(public["current"]), traps=self.traps_text(table, view)),
                    # where you stand decides what a spring does for you (MN-54, MN-57): public, so said here too
                    table.t("mn.you_stand", location=self.location(table, here), arrows=self.arrows(table, view, here)),
                    table.t("mn.traps_spring"),
                    table.deadline(prompt),
                ]
                components = self._rows(table, view, prompt, legal, springs)
                text = "\n".join(filter(None, lines))
                ops.append(self.dm(table, player, text, quiet=True, components=components, slot=dm_slot(prompt, player)))
        return ops


def _public_prompt_slot(slot: str) -> bool:
    """The DM of a turn or of a choice inside an effect (``dm:turn#12:…``, ``dm:square#13:…``): who is asked is
    public (the board says it), so its DM-closed fallback tells nothing. A window's DM is not one (MN-P8), nor the
    out-of-turn springs (made quiet where they are made)."""
    return slot.startswith("dm:") and not slot.startswith("dm:window#")


def _folded(ops: list[Op]) -> list[Op]:
    """A player's private lines of a step (the cards they drew, a hand shown) go into the DM of the prompt the same
    step opens for them, above what it asks, instead of a DM of their own just before it: one message, not two."""
    asks = {op["user"]: op for op in ops if op.get("to") == "dm" and op.get("do") == "post" and op.get("components")}
    out = []
    for op in ops:
        prompt = asks.get(op.get("user")) if op.get("to") == "dm" and op.get("do") == "post" and "slot" not in op else None
        if prompt is None or len(op["content"]) + len(prompt["content"]) > 1900:
            out.append(op)
            continue
        header, _, lines = op["content"].partition("\n")
        top, _, rest = prompt["content"].partition("\n")
        if header != top or not lines:
            out.append(op)
            continue
        prompt["content"] = f"{top}\n{lines}\n{rest}"
    return out


def _board_key(view: Mapping[str, Any]) -> str:
    """What the board draws: the view without the list of players still to answer a window."""
    shown = {k: v for k, v in view.items() if k != "waiting"}
    if view.get("phase") == "choice":
        shown["waiting"] = list(view.get("waiting") or [])[:1]
    return json.dumps(shown, sort_keys=True, default=str)


__all__ = ["MidnightersPresenter"]
