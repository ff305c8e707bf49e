"""Když sním (When I Dream) on Discord: the dreamer never learns a word or a verdict (KS-P1 .. KS-P5).

What goes where:

* **The game thread** (public): the night's message with the Dreamer's round timer and the Guess / Pass buttons,
  kept on the current dream card number (KS-12, KS-19); in text mode one message per clue turn naming the giver
  with a live countdown, Clue (a modal) and Pass buttons and the Dreamer's buttons again, which becomes the clue
  log line once the turn is over (KS-13, KS-14) — a refused clue is never shown (KS-16, KS-P2). A turn the card
  changed under (a guess, a confirmed foul) goes on in the same message on the new card, headed by what changed
  it (KS-22), so no message is left for the old card. The "Report a foul" button (KS-18) is on the open clue
  turn's message (the night message in voice mode) while a non-dreamer could report one; it opens the accused
  picker privately. The time-up, last guess and recap prompts (KS-23, KS-24); one round summary at day (KS-25 ..
  KS-27); the final standings with the tie rule, the spare cards and the seed (KS-29, KS-30). Nothing public
  depends on a guess's pile (KS-21).
* **One private message per non-dreamer per round** (slot ``ks:element:<round>:<player>``): the role and what it
  wants (KS-3, KS-P3), the current dream card (KS-10) and the cards of the night with their piles (KS-21). It is
  posted when the night starts and edited in place only when the card changes, so nobody's DMs flood and a clue
  costs no private edit (issue 27). The Dreamer gets no such message.
* **Foul reviews** by DM to whoever reviews (KS-18), with the card and the accused's clues.

Everything here reads :meth:`bot.presenter.Table.view` and :meth:`bot.presenter.Table.legal`, never the state's
own fields (only the open prompts, which every presenter uses), so a view that hides something from the Dreamer
hides it here too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot import controls as ctl
from bot.ops import MAX_CONTENT, PRIMARY, SECONDARY, Op, button, clip, post, rows
from bot.presenter import Presenter, Table, Typed, chunks, dm_slot, prompt_slot
from engines.core import HOST, Action, Event, Prompt, State
from engines.kdyz_snim.judge import PASS_WORDS

#: Private events whose content reaches the non-dreamers through their per-round message instead of a DM each.
IN_ROUND_MESSAGE = frozenset({"ks.your_role", "ks.element", "ks.guess_judged", "ks.clue_refused", "ks.foul_confirmed", "ks.card_unused"})
#: Public events that the prompt messages word themselves (a clue turn, time up, recap, the next dreamer).
IN_PROMPT_MESSAGE = frozenset({"ks.clue_turn", "ks.clue_given", "ks.clue_passed", "ks.clue_skipped", "ks.time_up", "ks.recap_open", "ks.next_dreamer"})
#: Public events folded into the one round summary (KS-25) or the final recap (KS-30).
IN_SUMMARY = frozenset({"ks.day_started", "ks.roles_revealed", "ks.card_revealed", "ks.recap_revealed", "ks.final_standing", "ks.spare_revealed"})
#: How many of the night's earlier cards the private message lists (newest first).
CARDS_LISTED = 12
FATE_MARK = {"yellow": "🟡", "blue": "🔵", "penalty": "🟥", "unused": "⚪"}
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()<@:])")


def turn_slot(prompt: Prompt) -> str:
    """The slot of a clue turn's public message: the turn's own, or, for a turn renewed on a new card (KS-22), the
    message of the giver's turn as it began, which goes on in place."""
    return f"prompt:{prompt.params.get('since', prompt.id)}"


def _renews(prompt: Prompt) -> bool:
    return prompt.params.get("since", prompt.id) != prompt.id


def element_slot(round_number: int, player: str) -> str:
    """The slot of ``player``'s private message of a round (role, current card, the night so far)."""
    return f"ks:element:{round_number}:{player}"


def user_text(text: str, limit: int = 100) -> str:
    """Words a player typed (a clue, a guess, a recap), safe to show: no markdown, mentions or links."""
    flat = " ".join(str(text).split())
    return _MARKDOWN.sub(r"\\\1", clip(flat, limit))


_warmed: set[str] = set()


def warm_judge(language: str) -> None:
    """Load the judge's lemma table of ``language`` (KS-15, KS-20) when a game in that language is presented, so
    its first clue or guess does not pay for it. A table loads in about 0.1 s (:mod:`engines.kdyz_snim.lemmas`;
    simplemma's full dictionaries took 3 s and had to be loaded before the bot connected), and a process loads
    only the languages its games use."""
    if language in _warmed:
        return
    _warmed.add(language)
    from engines.kdyz_snim import judge
    from engines.kdyz_snim.words import element_ids

    first = element_ids()[0]
    judge.clue_fault("a", first, language)
    judge.guess_matches("a", first, language)


def _typed_action(legal: Sequence[Action], kind: str, text: str) -> Action | None:
    """The legal ``kind`` action (a guess, a clue, a recap) with ``text`` as its words, or ``None``."""
    action = next((a for a in legal if a.kind == kind and ctl.needs_text(a)), None)
    return ctl.fill_text(action, {name: text for name in ctl.needs_text(action)}) if action is not None else None


def _name(prompt: Prompt) -> str:
    return prompt.id.split("#")[0]


def _find(state: State | None, name: str) -> Prompt | None:
    return next((p for p in (state.prompts if state is not None else []) if _name(p) == name), None)


class KdyzSnimPresenter(Presenter):
    has_board = False

    # -- one transition ------------------------------------------------------------------------------------

    def present(self, table: Table, before: State | None, after: State, events: Sequence[Event], actor: str | None = None) -> list[Op]:
        warm_judge(table.view(after, None)["language"])
        ops = super().present(table, before, after, events, actor)
        closed = {turn_slot(p): p for p in self.closed_prompts(before, after) if _name(p) == "clue"}
        renewed = {turn_slot(p): p for p in self.opened_prompts(before, after) if _name(p) == "clue" and _renews(p)}
        kept: list[Op] = []
        for op in ops:
            slot = str(op.get("slot", ""))
            if op.get("do") == "edit" and slot in closed:
                if slot in renewed:  # KS-22: the giver's turn goes on in the same message, on the new card
                    continue
                op["content"] = self._closed_turn_text(table, after, closed[slot], events)  # KS-13: its clue log line
            elif slot in renewed and op.get("preamble"):
                # what changed the card heads the renewed turn's message (a post to a slot that holds a message
                # edits it and keeps the preamble it was first posted with)
                op["content"] = clip(f"{op.pop('preamble')}\n{self._turn_text(table, after, renewed[slot])}", MAX_CONTENT)
            kept.append(op)
        ops = kept
        lead = 0
        while lead < len(ops) and ops[lead].get("do") == "edit" and ops[lead].get("forget"):
            lead += 1
        # the clue givers' cards change before anyone is asked for the next clue
        refresh = self._night_refresh(table, before, after) + self._turn_refresh(table, before, after)
        ops[lead:lead] = self._round_message_ops(table, before, after) + refresh
        return ops

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        if event.key in IN_ROUND_MESSAGE or event.key in IN_PROMPT_MESSAGE or event.key in IN_SUMMARY:
            return []
        if event.key == "ks.round_scores":
            return [post("game", text) for text in chunks(self.summary_lines(table, state, event))]
        if event.key == "ks.game_over":
            return [post("game", text) for text in chunks(self.final_lines(table, state, event))]
        return None

    # -- prompts -------------------------------------------------------------------------------------------

    def open_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        name = _name(prompt)
        if name == "dream":
            return [post("game", self._night_text(table, state, prompt), components=self._dreamer_rows(table, state, prompt, "dreamer"), slot=prompt_slot(prompt))]
        if name == "clue":
            text = "\n".join(filter(None, [self._renewal_line(table, prompt), self._turn_text(table, state, prompt)]))
            return [post("game", text, components=self._turn_rows(table, state, prompt), slot=turn_slot(prompt))]
        if name == "last_guess":
            view = table.view(state, None)
            text = table.t("ks.last_guess.prompt", dreamer=self._mention(view["dreamer"]), card=view["card"] or 0)
            return [post("game", self._with_deadline(table, text, prompt), components=self._dreamer_rows(table, state, prompt, "last"), slot=prompt_slot(prompt))]
        if name == "recap":
            view = table.view(state, None)
            text = table.t("ks.recap.prompt", dreamer=self._mention(view["dreamer"]))
            return [post("game", self._with_deadline(table, text, prompt), components=self._dreamer_rows(table, state, prompt, "dreamer"), slot=prompt_slot(prompt))]
        if name == "next_night":
            text = table.t("ks.next_night.prompt", player=self._mention(prompt.players[0]))
            return [post("game", text, components=self.components(table, state, prompt.players[0], prompt), slot=prompt_slot(prompt))]
        if name == "review":
            return self._review(table, state, prompt)
        return super().open_prompt(table, state, prompt)

    def close_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        """A closed prompt's message loses its buttons: public prompts have only their public message, a review
        only its DMs (so no op is ever addressed to the Dreamer's private slots, even a skipped one)."""
        if _name(prompt) == "review":
            return [op for op in super().close_prompt(table, state, prompt) if str(op["slot"]).startswith("dm:")]
        return [{"do": "edit", "slot": turn_slot(prompt), "components": [], "forget": True}]

    def _with_deadline(self, table: Table, text: str, prompt: Prompt) -> str:
        return "\n".join(filter(None, [text, table.deadline(prompt)]))

    def _mention(self, player: str) -> str:
        return f"<@{player}>" if player.isdigit() else player

    def _night_text(self, table: Table, state: State, prompt: Prompt) -> str:
        """KS-12 / KS-19: the Dreamer's message: the card number in play and the sand timer."""
        view = table.view(state, None)
        lines = [table.t("ks.night.dreamer", dreamer=self._mention(view["dreamer"]), card=view["card"] or 0)]
        if view["clue_mode"] == "voice":  # KS-17: the order is shown; the clues themselves are spoken
            order = ", ".join(table.name(p) for p in view["clue_order"]) or table.t("common.nobody")
            lines.append(table.t("ks.night.voice", order=order))
        lines.append(table.deadline(prompt))
        return "\n".join(filter(None, lines))

    def _turn_text(self, table: Table, state: State, prompt: Prompt) -> str:
        """KS-13 / KS-14: whose clue it is, with a live countdown."""
        view = table.view(state, None)
        text = table.t("ks.turn", player=self._mention(prompt.players[0]), card=view["card"] or 0)
        return self._with_deadline(table, text, prompt)

    def _buttons(self, table: Table, state: State, player: str, prompt: Prompt, who: str) -> list[dict[str, Any]]:
        """One button per action ``player`` has on ``prompt``, worded for ``who`` presses it on a shared message
        (the giver's Pass is not the Dreamer's); typed text opens a modal (``nm``)."""
        legal = table.legal(state, player)
        out = []
        for action in ctl.playable(legal, prompt.id):
            key = f"ks.button.{who}_{action.kind}"
            label = table.t(key) if table.has(key) else self.kind_label(table, action.kind)
            cid = ctl.action_id(table.game_id, prompt.id, action, legal)  # typed text: nm
            out.append(button(label, cid, SECONDARY if action.kind in self.quiet_kinds(table) else PRIMARY))
        return out

    def _dreamer_rows(self, table: Table, state: State, prompt: Prompt, who: str) -> list[dict[str, Any]]:
        """The Dreamer's buttons; on the night message of a voice night also the foul report (KS-17, KS-18), which
        a text night has on its clue turn's message."""
        dreamer = table.view(state, None)["dreamer"]
        buttons = self._buttons(table, state, dreamer, prompt, who)
        out = rows(*buttons) if buttons else []
        if _name(prompt) == "dream" and _find(state, "clue") is None:
            out += self._report_rows(table, state)
        return out

    def _turn_rows(self, table: Table, state: State, prompt: Prompt) -> list[dict[str, Any]]:
        """The giver's Clue / Pass, then the Dreamer's Guess / Pass (KS-19: a guess may interrupt any time), then the
        foul report once someone has given a clue for the card (KS-18)."""
        giver = self._buttons(table, state, prompt.players[0], prompt, "giver")
        dream = _find(state, "dream")
        dreamer = self._buttons(table, state, table.view(state, None)["dreamer"], dream, "dreamer") if dream is not None else []
        return [row for group in (giver, dreamer) if group for row in rows(*group)] + self._report_rows(table, state)

    def _report_rows(self, table: Table, state: State) -> list[dict[str, Any]]:
        """KS-18: one public "Report a foul" button while a non-dreamer could report one now (someone else gave a
        clue for the card, no report is pending, someone could review it); it opens the accused picker, privately,
        for whoever presses it. It lives on the public message the night already has (the clue turn, or the night
        message in voice mode), so a clue costs no private edits (issue 27)."""
        dream = _find(state, "dream")
        if dream is None:
            return []
        view = table.view(state, None)
        receivers = [p for p in view["players"] if p not in view["left"] and p != view["dreamer"]]
        if not any(a.kind == "report" for p in receivers for a in table.legal(state, p)):
            return []
        label = f"⚠️ {self.kind_label(table, 'report')} {table.t('common.more')}"
        return rows(button(label, ctl.picker_id(table.game_id, dream.id, 0, ctl.Partial("report"), []), SECONDARY))

    def _night_refresh(self, table: Table, before: State | None, after: State) -> list[Op]:
        """The night message follows the card number (its buttons guess that card; KS-19) and, in voice mode,
        whether a foul can be reported (KS-18)."""
        dream = _find(after, "dream")
        was = _find(before, "dream")
        if before is None or dream is None or was is None or was.id != dream.id:
            return []
        now = self._dreamer_rows(table, after, dream, "dreamer")
        if table.view(before, None)["card"] == table.view(after, None)["card"] and now == self._dreamer_rows(table, before, was, "dreamer"):
            return []
        return [post("game", self._night_text(table, after, dream), components=now, slot=prompt_slot(dream))]

    def _turn_refresh(self, table: Table, before: State | None, after: State) -> list[Op]:
        """An open clue turn's message whose buttons changed without the turn changing: a foul report made or
        settled takes the report button off or puts it back (KS-18)."""
        turn = _find(after, "clue")
        if before is None or turn is None or turn.id not in {p.id for p in before.prompts}:
            return []
        now = self._turn_rows(table, after, turn)
        if now == self._turn_rows(table, before, turn):
            return []
        return [{"do": "edit", "slot": turn_slot(turn), "components": now}]

    def _renewal_line(self, table: Table, prompt: Prompt) -> str:
        """KS-22: a turn renewed on a new card says, above it, what changed the card (the clue log's divider)."""
        if not _renews(prompt):
            return ""
        changed = str(prompt.params.get("changed", "guess"))
        if changed == "guess":
            return table.say(Event("ks.next_card", {}))
        return table.say(Event("ks.card_changed", {"offender": changed}))

    def _turn_log(self, table: Table, state: State, prompt: Prompt, events: Sequence[Event]) -> str:
        """What a finished clue turn came to: the clue, a pass, a skip, a refused clue (never shown, KS-16)."""
        giver = prompt.players[0]
        name = table.name(giver)
        for event in events:
            if event.params.get("player") != giver:
                continue
            if event.key == "ks.clue_given":
                clues = [c["clue"] for c in table.view(state, None)["clues"] if c["player"] == giver]
                return table.t("ks.turn.clue", player=name, clue=user_text(clues[-1]) if clues else "…")
            if event.key == "ks.clue_passed":
                return table.t("ks.turn.passed", player=name)
            if event.key == "ks.clue_skipped":
                return table.t("ks.turn.skipped", player=name)
            if event.key == "ks.clue_refused":
                return table.t("ks.turn.refused", player=name)
        return table.t("ks.turn.over", player=name)

    def _closed_turn_text(self, table: Table, state: State, prompt: Prompt, events: Sequence[Event]) -> str:
        return "\n".join(filter(None, [self._renewal_line(table, prompt), self._turn_log(table, state, prompt, events)]))

    def _review(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        """KS-18: the foul report, privately to whoever reviews it, with the card and the accused's clues."""
        ops = []
        public = table.view(state, None)
        foul = public["foul"] or {"reporter": prompt.params.get("reporter", ""), "accused": prompt.params.get("accused", "")}
        accused = table.name(foul["accused"])
        for player in prompt.players:
            person = table.host if player == HOST and table.host else player
            components = self.components(table, state, player, prompt)
            if not components:
                continue
            mine = table.view(state, person)
            lines = [table.header(), table.t("ks.review.prompt", reporter=table.name(foul["reporter"]), accused=accused, card=public["card"] or 0)]
            if "element" in mine:  # only a non-dreamer sees the card (KS-P1)
                lines.append(self._card_line(table, mine))
            if public["clue_mode"] == "voice":
                lines.append(table.t("ks.review.voice"))
            else:
                clues = ", ".join(table.t("ks.quoted", text=user_text(c["clue"])) for c in public["clues"] if c["player"] == foul["accused"])
                lines.append(table.t("ks.review.clues", accused=accused, clues=clues or "—"))
            lines.append(table.t("ks.review.ask", accused=accused))
            ops.append(self.dm(table, person, "\n".join(lines), components=components, slot=dm_slot(prompt, person)))
        return ops

    # -- the non-dreamers' private message of the round ----------------------------------------------------

    def round_message(self, table: Table, state: State, player: str) -> tuple[str, list[dict[str, Any]]] | None:
        """``player``'s private message of the running round, or ``None`` when they have none (the Dreamer, a
        player who left, the day). Built only from the player's own view (KS-P1, KS-P3, KS-P5)."""
        view = table.view(state, player)
        if "round_cards" not in view or view.get("role") in (None, "dreamer"):
            return None
        role = view["role"]
        lines = [
            table.header(),
            table.t("ks.dm.role", round=view["round"], role=table.t(f"ks.role.{role}"), help=table.t(f"ks.role-help.{role}")),
            self._card_line(table, view) if "element" in view else table.t("ks.dm.no_card"),
        ]
        cards = list(enumerate(view["round_cards"], start=1))
        if cards:
            count = {fate: sum(1 for _, c in cards if c["fate"] == fate) for fate in FATE_MARK}
            lines.append(table.t("ks.dm.tally", yellow=count["yellow"], blue=count["blue"], penalty=count["penalty"]))
            shown = cards[::-1][:CARDS_LISTED]
            lines += [self._card_fate(table, number, card) for number, card in shown]
            if len(cards) > len(shown):
                lines.append(table.t("ks.dm.older", count=len(cards) - len(shown)))
        # no controls: the foul report is on the night's public message (KS-18), so this message is edited only when
        # what it shows changes: the card, the piles (issue 27)
        return clip("\n".join(lines), MAX_CONTENT), []

    def _card_line(self, table: Table, view: dict[str, Any]) -> str:
        element = view["element"]
        aliases = [str(a) for a in element["aliases"]]
        return table.t("ks.element", card=view["card"] or 0, word=element["word"], aliases=", ".join(aliases), aliases_count=len(aliases))

    def _card_fate(self, table: Table, number: int, card: dict[str, Any]) -> str:
        fate = "passed" if card["passed"] else card["fate"]
        holder = table.name(card["holder"]) if card["holder"] else ""
        return table.t(f"ks.dm.card.{fate}", card=number, word=card["word"], guess=user_text(card["guess"]), holder=holder)

    def _round_message_ops(self, table: Table, before: State | None, after: State) -> list[Op]:
        """KS-10: post each non-dreamer's message when their night starts, then edit it when what it shows
        changes (the card, the piles, a foul report), and close it at day or when they leave. Edits carry no
        public fallback, so nothing public ever depends on a guess."""
        public = table.view(after, None)
        number = public["round"]
        same_round = before is not None and table.view(before, None)["round"] == number
        ops: list[Op] = []
        for player in public["players"]:
            now = self.round_message(table, after, player)
            was = self.round_message(table, before, player) if same_round and before is not None else None
            slot = element_slot(number, player)
            if now is not None and was is None:
                ops.append(self.dm(table, player, now[0], components=now[1], slot=slot))
            elif now is not None and now != was:
                ops.append({"do": "edit", "slot": slot, "content": now[0], "components": now[1]})
            elif now is None and was is not None:
                key = "ks.dm.left" if player in public["left"] else "ks.dm.over"
                text = f"{table.header()}\n{table.t(key, round=number)}"
                ops.append({"do": "edit", "slot": slot, "content": text, "components": [], "forget": True})
        return ops

    # -- the day -------------------------------------------------------------------------------------------

    def summary_lines(self, table: Table, state: State, event: Event) -> list[str]:
        """KS-25 .. KS-27: one public summary: roles, the piles, the recap, round points and running totals."""
        view = table.view(state, None)
        record = next(r for r in view["history"] if r["round"] == event.params["round"])
        dreamer = record["dreamer"]
        lines = [table.say(Event("ks.day_started", {"round": record["round"], "dreamer": dreamer}))]
        roles = [f"{table.name(dreamer)} — {table.t('ks.role.dreamer')}"]
        roles += [self._who(table, view, p) + f" — {table.t(f'ks.role.{r}')}" for p, r in record["roles"].items()]
        lines.append(table.t("ks.summary.roles", roles=" · ".join(roles)))
        cards = list(enumerate(record["cards"], start=1))
        for fate in ("yellow", "blue", "penalty", "unused"):
            group = [self._summary_card(table, c) for _, c in cards if c["fate"] == fate]
            if group or fate in ("yellow", "blue"):
                lines.append(table.t(f"ks.summary.{fate}", count=len(group), cards=", ".join(group) or "—"))
        recap = record["recap"]
        lines.append(
            table.t("ks.recap_revealed", recap=user_text(recap or "", 300), given="yes" if recap is not None else "no", bonus="yes" if record["recap_bonus"] else "no")
        )
        points = record["points"]
        lines.append(table.t("ks.summary.points", points=" · ".join(f"{self._who(table, view, p)} {points[p]}" for p in view["players"] if p in points)))
        totals = event.params["totals"]
        penalties = event.params["penalties"]
        lines.append(table.t("ks.summary.totals", totals=" · ".join(self._total(table, view, p, totals[p], penalties.get(p, 0)) for p in view["players"])))
        return lines

    def _who(self, table: Table, view: dict[str, Any], player: str) -> str:
        return table.name(player) + (f" ({table.t('ks.summary.left')})" if player in view["left"] else "")

    def _total(self, table: Table, view: dict[str, Any], player: str, total: int, penalties: int) -> str:
        text = f"{self._who(table, view, player)} **{total}**"
        return text + (f" ({table.t('ks.summary.penalties', count=penalties)})" if penalties else "")

    def _summary_card(self, table: Table, card: dict[str, Any]) -> str:
        if card["fate"] == "penalty":
            return table.t("ks.summary.held", word=card["word"], holder=table.name(card["holder"]))
        if card["passed"]:
            return table.t("ks.summary.passed", word=card["word"])
        if card["guess"]:
            return table.t("ks.summary.guess", word=card["word"], guess=user_text(card["guess"]))
        return f"**{card['word']}**"

    def final_lines(self, table: Table, state: State, event: Event) -> list[str]:
        """KS-29 / KS-30: standings (score, points, penalty cards; who left), the winners and the tie rule, each
        night's spare card and the seed."""
        view = table.view(state, None)
        standings = view.get("standings", [])
        reason = table.t(f"ks.reason.{event.params['reason']}")
        lines = [table.t("ks.final.title", reason=reason), table.t("ks.final.scene")]  # issue 29: a closing scene
        lines += [self._medal(s["rank"]) + table.say(Event("ks.final_standing", dict(s))) for s in standings]
        winners = [table.name(p) for p in event.params["winners"]]
        lines.append(table.t("ks.final.winners", winners=", ".join(winners), count=len(winners)))
        scores = [s["score"] for s in standings]
        if len(set(scores)) < len(scores):  # KS-29: say how ties were settled
            lines.append(table.t("ks.final.tie"))
        spares = [table.t("ks.final.spare", round=r["round"], role=table.t(f"ks.role.{r['spare']}")) for r in view["history"] if r.get("spare")]
        if spares:
            lines.append(table.t("ks.final.spares", spares="; ".join(spares)))
        lines.append(table.t("ks.final.seed", seed=str(event.params["seed"])))
        return lines

    @staticmethod
    def _medal(rank: int) -> str:
        return {1: "🥇 ", 2: "🥈 ", 3: "🥉 "}.get(rank, "")

    # -- answers, labels and the commands ------------------------------------------------------------------

    def ack_text(self, table: Table, action: Action) -> str:
        """The private answer to a click: a guess is acknowledged, never judged (KS-21)."""
        text = user_text(str(action.args.get("text") or ""))
        if action.kind == "guess":
            return table.t("ks.ack.guess", text=text)
        if action.kind == "pass":
            return table.t("ks.ack.pass")
        if action.kind == "clue":
            return table.t("ks.ack.clue", text=text)
        if action.kind == "recap":
            return table.t("ks.ack.recap")
        if action.kind == "report":
            return table.t("ks.ack.report", accused=table.name(str(action.args.get("accused", ""))))
        return super().ack_text(table, action)

    def answer_lines(self, table: Table, action: Action, events: Sequence[Event]) -> list[str]:
        """KS-15 / KS-16: a giver whose clue is refused learns why, in the answer to their click."""
        return [
            table.t("ks.answer.refused", clue=user_text(e.params["clue"]), reason=table.t(f"ks.reason.{e.params['reason']}"))
            for e in events
            if e.key == "ks.clue_refused" and e.params.get("player") == action.player
        ]

    # -- messages typed in the game thread (MESSAGE_CONTENT=on) ---------------------------------------------

    def read_typed(self, table: Table, state: State, author: str, text: str) -> Typed | None:
        """A message typed in the game's channel, by the rules:

        * the night (and the last guess): the Dreamer's message is a guess on the current card, deleted at once
          whatever its pile (KS-19; the acknowledgement is the card changing, the same for every pile, KS-21); the
          active clue giver's is their clue, judged by the engine: the pass word passes (KS-14), a message of no
          letters is refused and left alone (KS-14), a foul is deleted with its penalty (KS-16); in text mode
          anyone else's message is deleted (KS-14). Voice mode has no clue turns (KS-17), so the others' talk
          stays;
        * the recap: the Dreamer's first message is the recap (KS-24), and anyone else's is deleted (KS-24);
        * the day: nothing.
        """
        view = table.view(state, None)
        phase = view["phase"]
        legal = table.legal(state, author)
        if phase in ("night", "last_guess"):
            if author == view["dreamer"]:
                return Typed(_typed_action(legal, "guess", text), delete=True)
            clue = _typed_action(legal, "clue", text)
            if clue is not None:
                return Typed(clue, delete_on=frozenset({"ks.clue_refused"}))
            return Typed(delete=view["clue_mode"] == "text")
        if phase == "recap":
            if author == view["dreamer"]:
                return Typed(_typed_action(legal, "recap", text))
            return Typed(delete=True)
        return None

    def read_edit(self, table: Table, state: State, author: str) -> bool:
        """A message edited in the game's channel, while the night or the recap runs: never a new clue, guess or
        recap (the first message counts, as typed; KS-14, KS-19, KS-24).

        * text mode: every edited message is deleted, whoever's, so the thread shows only what the bot judged: a
          clue edited into the card's word would defeat the judge (KS-13, KS-15; the clue log in the bot's turn
          message keeps the clue as judged), and an earlier message edited into a hint would prompt the Dreamer
          during the recap (KS-24);
        * voice mode, where the bot neither runs nor checks clues (KS-17): only what the rules delete there, as for
          a new message: the Dreamer's edit during the night (their messages are guesses, never shown, KS-19) and
          anyone else's during the recap (KS-24);
        * the day: edits are left alone.
        """
        view = table.view(state, None)
        text = view["clue_mode"] == "text"
        if view["phase"] in ("night", "last_guess"):
            return text or author == view["dreamer"]
        if view["phase"] == "recap":
            return text or author != view["dreamer"]
        return False

    def typed_notice(self, table: Table, options: dict[str, Any]) -> str | None:
        """What may be typed in the thread, and what is deleted, in the game's clue mode (KS-14, KS-17, KS-19, KS-24),
        edits included."""
        language = str(options.get("language") or next(o.default for o in table.engine.options if o.name == "language"))
        # KS-14: the pass word the judge accepts is the element language's, whatever language the bot speaks
        return table.t("ks.typed.notice", mode="voice" if options.get("clue_mode") == "voice" else "text", pass_word=PASS_WORDS.get(language, PASS_WORDS["en"]))

    def value_label(self, table: Table, arg: str, value: Any) -> str:
        if arg == "card":
            return table.t("ks.value.card", card=value)
        return super().value_label(table, arg, value)

    def status_text(self, table: Table, state: State) -> str:
        """``/game status``: where the game stands, nothing secret."""
        view = table.view(state, None)
        lines = [table.t("ks.status", round=view["round"], phase=table.t(f"ks.phase.{view['phase']}"), dreamer=table.name(view["dreamer"]))]
        if view["card"]:
            lines.append(table.t("ks.status.card", card=view["card"]))
        if view["clue_giver"]:
            lines.append(table.t("ks.status.giver", player=table.name(view["clue_giver"])))
        totals = " · ".join(self._total(table, view, p, view["totals"][p], view["penalties"][p]) for p in view["players"])
        lines.append(table.t("ks.summary.totals", totals=totals))
        return "\n".join(lines)

    def private_text(self, table: Table, state: State, player: str) -> str:
        """``/game mine``: the same as the round message (the fallback when DMs are closed); the Dreamer gets
        the card number and the timer, never the card."""
        message = self.round_message(table, state, player)
        if message is not None:
            return message[0].split("\n", 1)[1]
        view = table.view(state, player)
        if view.get("role") == "dreamer" and view["phase"] in ("night", "last_guess", "recap"):
            text = table.t("ks.mine.dreamer", round=view["round"], help=table.t("ks.role-help.dreamer"))
            return "\n".join([text, self.status_text(table, state)])
        return self.status_text(table, state)


__all__ = ["KdyzSnimPresenter", "element_slot", "turn_slot", "user_text"]
