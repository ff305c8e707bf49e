"""Midnight Hunt on Discord: the hex board in the game thread, each hand by DM, every play one click in a DM.

* **The board carries the game** (``has_board``, issue 27): one public image of the spectator view
  (:mod:`cogs.midnight_hunt.board`, with its own full description for screen readers, MH-49), and on its message the
  step's public lines (the story, :meth:`bot.presenter.Presenter.story_ops`), a short caption (round, initiative,
  locations held) and the open turn or draft pick ("▶️ Round 3: Ada (A) to play", the clocks as live ``<t:…:R>``
  countdowns) with a grey "🏳️ Surrender…" button that any seated player may use at any time (MH-54): one public
  call a step. Once its chapter of the story is full the next step opens a new board message below, the old one
  kept as it stands. Anyone not seated reads the same thread and board and never more (MH-61, MH-P4).
* **Draft** (MH-14): the picker gets a DM with one button per unit type they may draft, and one line on each.
* **Each hand privately** (MH-P1, MH-50): the player to act gets a DM with their hand, their bag's contents
  (unordered) and their pending Seal choice, and every legal play listed whole (MH-22): the token, the action and
  its target, one click that plays it, answered by rewriting that DM (:mod:`cogs.midnight_hunt.controls`); hexes
  are named as on the board image (``b1``: a letter from the left, the row from side A's edge), with the unit
  standing there. Players waiting for their turn get their new hand by DM at each draw.
* **The Seal** (MH-43 .. MH-48): its three plays are chosen privately and look the same in public (one story line,
  same board, the same next prompt; MH-P2); the choice is confirmed to its player alone (MH-P5).
* **Surrender** (MH-54) always takes a confirmation: the button opens a private step whose red button surrenders.
  **Leaving** (``/game leave``, MH-55) gives a Rejoin button by DM and a public countdown; the idle limit (MH-56)
  and the chess clock (MH-57) are shown as countdowns of the turn's deadline.
* **2 vs 2**: each team gets its private thread at the start, to talk in (hands stay in each player's DMs, MH-50).
* **The end** (MH-59): the result and reason; hands and Seal choices are never revealed. There is no narrator in
  Midnight Hunt: a narrator set in the lobby sees only the public game (MH-P1).

Everything here reads :meth:`bot.presenter.Table.view` and :meth:`bot.presenter.Table.legal` only, never the
state's fields; the unit table (names, icons, tactics) is static rules data of the engine.

The words are :mod:`cogs.midnight_hunt.words`, the controls and the step-by-step choice
:mod:`cogs.midnight_hunt.controls`; this module routes events and prompts to where they go.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from bot import controls as ctl
from bot.ops import Op, post, rows
from bot.presenter import Table, chunks, dm_slot, prompt_slot
from cogs.midnight_hunt.board_words import BoardWords, clock_text, describe_board
from cogs.midnight_hunt.controls import PLAY_PROMPTS, MHStep, MidnightHuntControls
from cogs.midnight_hunt.words import SEAL, SIDES
from engines.core import Action, Event, Prompt, State


class MidnightHuntPresenter(MidnightHuntControls):
    """Where everything goes: the board and its caption, the turn in the thread, each hand by DM, the teams'
    threads and the end (the words are :mod:`cogs.midnight_hunt.words`, the step-by-step choice
    :mod:`cogs.midnight_hunt.controls`)."""

    has_board = True

    # -- the public side -----------------------------------------------------------------------------------

    def board_caption(self, table: Table, view: dict[str, Any], turn: bool = True) -> str:
        """The text under the board: the round, whose turn (``turn``; the board's message says it on a line of its
        own), the initiative and the locations held (the image has the full description for screen readers).
        Nothing here depends on a hand, a bag or a Seal choice."""
        outcome = view.get("outcome")
        if outcome is not None:
            return f"🏁 **{table.t('mh.caption.over')}** — {self.result_text(table, outcome.get('side'), outcome['reason'])}"
        stage = table.t("mh.board.draft") if view["phase"] == "draft" else table.t("mh.board.round", round=view["round"])
        parts = [f"🌙 **{table.t('mh.name')}** · {stage}"]
        if turn and view.get("turn") in view["seats"]:
            parts.append(f"▶️ {self.who(table, view, view['turn'])}")
        parts.append(table.t("mh.caption.initiative", side=self.side(table, view["initiative"])))
        held = view["controlled"]
        parts.append(table.t("mh.caption.held", a=held.get("A", 0), b=held.get("B", 0), count=view["win_count"]))
        return " · ".join(parts)
    def status_text(self, table: Table, state: State) -> str:
        """``/game status``: the caption, the board in words (the image's own description) and the clocks."""
        view = table.view(state, None)
        lines = [self.board_caption(table, view), describe_board(BoardWords(view, self.ctx(table)))]
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

    def public_prompt_text(self, table: Table, view: Mapping[str, Any], prompt: Prompt, prompts: Sequence[Prompt] = ()) -> str:
        """The prompt's message in the thread (``prompts``: every open prompt, to tell a leave's own turn)."""
        (player,) = prompt.players
        if prompt.key == "mh.rejoin":  # the one place a leave is said (MH-55): who, why, whether the game waits
            idle = "yes" if prompt.params.get("idle") else "no"
            waits = "yes" if view.get("turn") == player else "no"
            away = f"🚪 {table.t('mh.public.away', player=table.name(player), idle=idle, waits=waits)}"
            return "\n".join(filter(None, [away, self.deadline_line(table, view, prompt)]))
        if prompt.key == "mh.draft":
            picks = len(view["order"])
            done = sum(len(s["units"]) for s in view["seats"].values())
            text = table.t("mh.public.draft", pick=done + 1, picks=picks, player=self.who(table, view, player))
        else:
            text = table.t("mh.public.turn", round=view["round"], player=self.who(table, view, player))
        if view["seats"].get(player, {}).get("away") and not _opened_by_the_leave(prompt, prompts):
            text += " " + table.t("mh.public.waiting", player=table.name(player))
        return "\n".join(filter(None, [text, self.deadline_line(table, view, prompt)]))

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
            ops += self.hand_ops(table, after, event, actor)
        if before is None and view["mode"] == "2v2":
            ops += self.team_ops(table, view)
        return ops
    def board_op(self, table: Table, before: State | None, after: State) -> Op:
        """The board's message: the caption, then the open turn or draft pick (who is to play, the clocks as live
        countdowns) with the grey "🏳️ Surrender …" any seated player may use (MH-54); the step's story goes above
        it (:meth:`bot.presenter.Presenter.story_ops`). Nothing here depends on a hand, a bag or a Seal choice."""
        op = super().board_op(table, before, after)
        view = table.view(after, None)
        turns = self.turns(after)
        lines = [self.public_prompt_text(table, view, p, after.prompts) for p in turns]
        op["content"] = "\n".join([self.board_caption(table, view, turn=not turns), *lines])
        op["components"] = rows(self.surrender_button(table, turns[0].id)) if turns else []
        return op

    def board_ops(self, table: Table, before: State | None, after: State) -> list[Op]:
        """The board, when the public view changed, or else when the turn it offers did (a new prompt, its
        player away: the text alone, the picture stands)."""
        ops = super().board_ops(table, before, after)
        if ops or before is None or [p.id for p in self.turns(before)] == [p.id for p in self.turns(after)]:
            return ops
        return [{**self.board_op(table, None, after), "keep": True}]

    def back_ops(self, table: Table, state: State, away: float, why: str) -> list[Op]:
        """Back after downtime: the turn's countdowns on the board move on with the deadline, as its DM's do."""
        ops = super().back_ops(table, state, away, why)
        if any(p.id in table.deadlines for p in self.turns(state)):
            ops.append({**self.board_op(table, None, state), "keep": True})
        return ops

    @staticmethod
    def turns(state: State) -> list[Prompt]:
        """The open turn or draft pick (the board says it)."""
        return [p for p in state.prompts if p.key in PLAY_PROMPTS] if state.outcome is None else []

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

    def hand_ops(self, table: Table, state: State, event: Event, actor: str | None = None) -> list[Op]:
        """A new hand (MH-17), by DM to its owner only (MH-P1), unless the turn's DM that follows shows it, or its
        owner drew it with their own play (``actor``): the answer to that click shows it (:meth:`answer_lines`)."""
        (player,) = event.audience.players
        if player == actor or self.turn_dm_follows(table, state, player):
            return []  # one DM instead of two, or none
        view = table.view(state, player)
        tokens = self.tokens_text(table, view, player, event.params["tokens"])
        text = f"🎒 {table.t('mh.dm.round_hand', round=view['round'], tokens=tokens)}"
        return [self.dm(table, player, f"{table.header()}\n{text}")]

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        if event.key == "mh.left":
            return []  # the rejoin prompt's message says it once, with its countdown (MH-55)
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
        """A turn or a draft pick is offered by DM to its player, and said on the board's message (:meth:`board_op`),
        which carries the step's story too: one public call a step (issue 27). A rejoin window has its own message
        in the thread (MH-55)."""
        ops: list[Op] = []
        if prompt.key not in PLAY_PROMPTS:
            view = table.view(state, None)
            ops.append(post("game", self.public_prompt_text(table, view, prompt, state.prompts), slot=prompt_slot(prompt)))
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

    # -- answers -------------------------------------------------------------------------------------------

    def ack_text(self, table: Table, action: Action) -> str:
        """The private confirmation of a click (the Seal's choice too: only its player sees it, MH-P5). Without a
        view, the board is the one for the table's number of players, so hexes get the names the board shows."""
        rules = self.rules(table)
        board = next((b for b in rules.boards.values() if b.players == len(table.names)), None) if rules else None
        self._radius_hint = board.grid.radius if board is not None else None
        try:
            return "✅ " + self.action_text(table, None, action.player, action)
        finally:
            self._radius_hint = None

    def ack_for(self, table: Table, action: Action, state: State | None) -> str:
        """The confirmation with the player's own unit names: a Darkness player's Crossbowman is their Night
        Shooter (MH-1). Only the player's view is read (their own seat's names)."""
        if state is None:
            return self.ack_text(table, action)
        view = table.view(state, action.player)
        return "✅ " + self.action_text(table, view if "you" in view else None, action.player, action)

    def answer_lines(self, table: Table, action: Action, events: Sequence[Event]) -> list[str]:
        """What the acting player learns from their own play: their Seal's choice (MH-P5), and the new hand their
        play drew them when it ended the round (MH-17; no DM for it then, :meth:`hand_ops`), their units named as
        their faction names them (MH-1)."""
        lines = []
        for event in events:
            if not _only_for(event, action.player):
                continue
            if event.key == "mh.hand":
                p = event.params
                own = {"seats": {action.player: {"faction": p.get("faction")}}}
                tokens = self.tokens_text(table, own, action.player, p["tokens"])
                lines.append(f"🎒 {table.t('mh.dm.round_hand', round=p.get('round', ''), tokens=tokens)}")
                continue
            if event.key == "mh.seal_chosen":
                p = event.params
                partial = ctl.Partial(SEAL, {k: p[k] for k in ("choice", "unit") if p.get(k)})
                # the recruit named as the player's faction names it (MH-1: a Darkness Crossbowman is a Night Shooter)
                own = {"unit_names": {action.player: {p["unit"]: p["name"]}}} if p.get("name") else None
                lines.append(table.t("mh.seal.mine", choice=self.action_text(table, own, action.player, partial, token=False)))
            else:
                lines.append(table.say(event))
        return lines


def _opened_by_the_leave(prompt: Prompt, prompts: Sequence[Prompt]) -> bool:
    """Was the turn ``prompt`` open when its player left (the engine names it in the rejoin prompt)? Then the
    rejoin message posted with the leave says that the game waits, and the turn does not say it again (MH-55); a
    later turn of a player still away does."""
    rejoin = next((p for p in prompts if p.key == "mh.rejoin" and p.players == prompt.players), None)
    return rejoin is not None and rejoin.params.get("turn") == prompt.id


def _only_for(event: Event, player: str) -> bool:
    return event.audience.kind == "players" and event.audience.players == (player,)


def _board_first(ops: list[Op]) -> list[Op]:
    """``ops`` with the board drawn before the new prompts are offered: a player asked to play sees the position
    they play on, and the next turn's messages do not wait behind the dispatcher's debounce of a last rewrite
    (a board edit left last waits ~0.75 s for a newer one, which in a quick game delayed every turn)."""
    boards = [op for op in ops if "render" in op]
    rest = [op for op in ops if "render" not in op]
    at = next((i for i, op in enumerate(rest) if op.get("do") == "post" and op.get("slot")), len(rest))
    return rest[:at] + boards + rest[at:]


__all__ = ["MHStep", "MidnightHuntPresenter"]
