"""Když sním (When I Dream) on Discord: the dreamer never learns a word or a verdict (KS-P1 .. KS-P5).

What goes where:

* **The game thread** (public): the night's message with the Dreamer's round timer (KS-12); in voice mode also
  the card number in play, the Guess / Pass buttons (KS-19) and the "Report a foul" button (KS-18), kept on the
  current card. In text mode that message never changes all night: each dream card has a message of its own
  (slot ``ks:card:<round>:<card>``) with the card's clue log, the open clue turn naming the giver with a live
  countdown, the giver's Clue (a modal) and Pass, the Dreamer's Guess and Pass, and "Report a foul" once someone
  else gave a clue for the card (KS-13, KS-14, KS-18, KS-19). Every turn on the card rewrites that message, so a
  clue or a pass is the click's own answer (type 7: no call of its own, issue 27); a pass, a skip or a report is
  said there until the next turn. A refused clue is never shown (KS-16, KS-P2). When the card changes (a guess, a
  foul) its message keeps its log and loses its buttons, and the next card's message is posted, headed by what
  changed it; a turn the card changed under goes on there (KS-22). The time-up, last guess and recap prompts
  (KS-23, KS-24); one round summary at day with the next Dreamer's button (KS-25 .. KS-28); the final standings
  with the tie rule, the spare cards and the seed (KS-29, KS-30). Nothing public depends on a guess's pile
  (KS-21), and nothing is a timer warning: every timed message counts down by itself.
* **One private message per non-dreamer per round** (slot ``ks:element:<round>:<player>``): the role and what it
  wants (KS-3, KS-P3), the current dream card (KS-10) and the cards of the night with their piles (KS-21). It is
  posted when the night starts and edited in place only when the card changes, so nobody's DMs flood and a clue
  costs no private edit (issue 27). The Dreamer gets no such message.
* **Foul reviews** by DM to whoever reviews (KS-18), with the card and the accused's clues.

Everything here reads :meth:`bot.presenter.Table.view` and :meth:`bot.presenter.Table.legal`, never the state's
own fields (only the open prompts, which every presenter uses), so a view that hides something from the Dreamer
hides it here too.

This module routes (what a step posts, edits and closes, the prompts' messages and buttons); its sides are the
private message of the round (:mod:`cogs.kdyz_snim.round_message`), the typed messages (:mod:`cogs.kdyz_snim.typed`)
and the words: summaries, standings, answers (:mod:`cogs.kdyz_snim.words`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import controls as ctl
from bot.ops import MAX_CONTENT, PRIMARY, SECONDARY, Op, button, clip, post, rows
from bot.presenter import Table, chunks, dm_slot, prompt_slot
from cogs.kdyz_snim.round_message import RoundMessages
from cogs.kdyz_snim.typed import KdyzSnimTyped, warm_judge
from cogs.kdyz_snim.words import KdyzSnimWords, user_text
from engines import get_engine
from engines.core import HOST, Event, Prompt, State

#: The elements' language of a game whose options do not name one (the engine's default, KS-5).
ELEMENT_LANGUAGE = next(str(o.default) for o in get_engine("kdyz_snim").options if o.name == "language")
#: Private events whose content reaches the non-dreamers through their per-round message instead of a DM each.
IN_ROUND_MESSAGE = frozenset({"ks.your_role", "ks.element", "ks.guess_judged", "ks.clue_refused", "ks.foul_confirmed", "ks.card_unused"})
#: Public events that the prompt messages word themselves (a clue turn, time up, recap, the next dreamer).
IN_PROMPT_MESSAGE = frozenset({"ks.clue_turn", "ks.clue_given", "ks.clue_passed", "ks.clue_skipped", "ks.time_up", "ks.recap_open", "ks.next_dreamer"})
#: The most the night message's own text may hold with a step's notices (voice mode), leaving room for the night's
#: opening announcement kept above it (under Discord's 2,000 characters).
NIGHT_ROOM = 1200
#: Public events folded into the one round summary (KS-25) or the final recap (KS-30).
IN_SUMMARY = frozenset({"ks.day_started", "ks.roles_revealed", "ks.card_revealed", "ks.recap_revealed", "ks.final_standing", "ks.spare_revealed"})


def card_slot(table: Table, state: State) -> str:
    """The slot of the dream card's public message in text mode: the card's clue log and its open clue turn. Every
    turn on one card is that one message, rewritten in place (so a clue or a pass is the click's own answer, which
    rewrites the message clicked on: no call of its own, issue 27); the next card gets a message of its own."""
    view = table.view(state, None)
    return f"ks:card:{view['round']}:{view['card'] or 0}"


def _name(prompt: Prompt) -> str:
    return prompt.id.split("#")[0]


def _find(state: State | None, name: str) -> Prompt | None:
    return next((p for p in (state.prompts if state is not None else []) if _name(p) == name), None)


class KdyzSnimPresenter(RoundMessages, KdyzSnimTyped, KdyzSnimWords):
    has_board = False

    def warm(self, options: Mapping[str, Any]) -> None:
        """The judge's lemma table of the game's element language (KS-15, KS-20), loaded before its lobby is
        played, and again when the lobby's language is changed (:meth:`bot.lobbies.Lobbies.update`)."""
        warm_judge(str(options.get("language") or ELEMENT_LANGUAGE))

    # -- one transition ------------------------------------------------------------------------------------

    def present(self, table: Table, before: State | None, after: State, events: Sequence[Event], actor: str | None = None) -> list[Op]:
        # loaded by now as a rule (:meth:`warm`); not if another process ran the lobby, and then here, once
        warm_judge(table.view(after, None)["language"])
        ops = super().present(table, before, after, events, actor)
        # KS-13: the card's message follows its turns: the next turn on the same card rewrites it, with what the turn
        # before came to when its clue is not in the log (a pass, a skip); a card or night that moves on closes it
        was, now = _find(before, "clue"), _find(after, "clue")
        closing: list[Op] = []
        if before is not None and was is not None and (now is None or now.id != was.id):
            renewed = now is not None and now.params.get("since") == was.params.get("since", was.id)
            # issue 28: a turn the card changed under goes on on the new card; the old card does not read as skipped
            line = "" if renewed else self._turn_log(table, after, was, events)
            slot = card_slot(table, before)
            if now is not None and card_slot(table, after) == slot:
                if not any(e.key == "ks.clue_given" and e.params.get("player") == was.players[0] for e in events):
                    for op in ops:
                        if op.get("slot") == slot and op.get("do") == "post":
                            op["content"] = self._card_text(table, after, now, news=line)
            else:
                card = table.view(before, None)["card"] or 0
                told = list(filter(None, [*self._clue_log(table, before), line]))
                # the closed card's message says which card it was, above its clues (the open turn said it before)
                text = "\n".join([table.t("ks.turn.closed", card=card), *told]) if told else table.t("ks.turn.none", card=card)
                closing.append({"do": "edit", "slot": slot, "content": clip(text, MAX_CONTENT), "components": [], "forget": True})
        ops = self._with_summary(closing + ops)
        lead = 0
        while lead < len(ops) and ops[lead].get("do") == "edit" and ops[lead].get("forget"):
            lead += 1
        # the clue givers' cards change before anyone is asked for the next clue
        refresh = self._night_refresh(table, before, after) + self._turn_refresh(table, before, after, events)
        ops[lead:lead] = self._round_message_ops(table, before, after) + refresh
        return self._voice_news(table, after, ops)

    def _voice_news(self, table: Table, after: State, ops: list[Op]) -> list[Op]:
        """Voice mode: a step that rewrites the night message (the next card, a foul reported or settled) says its
        public notices there, above the card in play, rather than in posts of their own (issue 27)."""
        dream = _find(after, "dream")
        if dream is None or not self._voice(table, after):
            return ops
        night = next((op for op in ops if op.get("slot") == prompt_slot(dream) and op.get("do") == "post"), None)
        news = [op for op in ops if op.get("do") == "post" and op.get("to") == "game" and "slot" not in op and not op.get("components")]
        if night is None or not news:
            return ops
        text = "\n".join([*(op["content"] for op in news), night["content"]])
        if len(text) > NIGHT_ROOM:
            return ops
        night["content"] = text
        return [op for op in ops if not any(op is n for n in news)]

    def _with_summary(self, ops: list[Op]) -> list[Op]:
        """KS-25 / KS-28: the round summary and the next Dreamer's prompt are one message when they fit in one (one
        post, issue 27); the prompt's button closes later without touching the summary above it."""
        prompt = next((i for i, op in enumerate(ops) if str(op.get("slot", "")).startswith("prompt:next_night#") and op.get("do") == "post"), None)
        if not prompt or "preamble" in ops[prompt]:
            return ops
        summary = ops[prompt - 1]
        if summary.get("do") != "post" or summary.get("to") != "game" or "slot" in summary or summary.get("components"):
            return ops
        text = f"{summary['content']}\n{ops[prompt]['content']}"
        if len(text) > MAX_CONTENT:
            return ops
        ops[prompt] = {**ops[prompt], "content": text}
        return ops[: prompt - 1] + ops[prompt:]

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        if event.key in IN_ROUND_MESSAGE or event.key in IN_PROMPT_MESSAGE or event.key in IN_SUMMARY:
            return []
        if event.key == "ks.foul_reported" and _find(state, "clue") is not None:
            return []  # said on the open turn's message (:meth:`_turn_refresh`)
        if event.key == "ks.round_scores":
            return [post("game", text) for text in chunks(self.summary_lines(table, state, event))]
        if event.key == "ks.game_over":
            return [post("game", text) for text in chunks(self.final_lines(table, state, event))]
        return None

    # -- prompts -------------------------------------------------------------------------------------------

    def open_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        name = _name(prompt)
        if name == "dream":
            # text mode: the Dreamer's buttons are on the card's message, so this one never changes all night
            components = self._dreamer_rows(table, state, prompt, "dreamer") if self._voice(table, state) else []
            return [post("game", self._night_text(table, state, prompt), components=components, slot=prompt_slot(prompt))]
        if name == "clue":
            return [post("game", self._card_text(table, state, prompt), components=self._turn_rows(table, state, prompt), slot=card_slot(table, state))]
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
        if _name(prompt) == "clue":
            return []  # the card's message goes on with the next turn, or :meth:`present` closes it with its log
        return [{"do": "edit", "slot": prompt_slot(prompt), "components": [], "forget": True}]

    def warn_ops(self, table: Table, state: State, prompt: Prompt, seconds_left: int) -> list[Op]:
        """No warning edits: every timed message shows a Discord countdown (``<t:…:R>``) that runs by itself, so a
        warning would only cost a call (issue 27)."""
        return []

    def _voice(self, table: Table, state: State) -> bool:
        return table.view(state, None)["clue_mode"] == "voice"

    def _with_deadline(self, table: Table, text: str, prompt: Prompt) -> str:
        return "\n".join(filter(None, [text, table.deadline(prompt)]))

    def _mention(self, player: str) -> str:
        return f"<@{player}>" if player.isdigit() else player

    def _night_text(self, table: Table, state: State, prompt: Prompt) -> str:
        """KS-12 / KS-19: the Dreamer's message: the card number in play and the sand timer."""
        view = table.view(state, None)
        if view["clue_mode"] == "voice":  # KS-17: the order is shown; the clues themselves are spoken
            order = ", ".join(table.name(p) for p in view["clue_order"]) or table.t("common.nobody")
            lines = [table.t("ks.night.dreamer", dreamer=self._mention(view["dreamer"]), card=view["card"] or 0), table.t("ks.night.voice", order=order)]
        else:  # text mode: the card in play and the Dreamer's buttons are on the card's message (KS-13, KS-19)
            lines = [table.t("ks.night.dreamer_text", dreamer=self._mention(view["dreamer"]))]
        lines.append(table.deadline(prompt))
        return "\n".join(filter(None, lines))

    def _turn_text(self, table: Table, state: State, prompt: Prompt) -> str:
        """KS-13 / KS-14: whose clue it is, with a live countdown."""
        view = table.view(state, None)
        text = table.t("ks.turn", player=self._mention(prompt.players[0]), card=view["card"] or 0)
        return self._with_deadline(table, text, prompt)

    def _clue_log(self, table: Table, state: State) -> list[str]:
        """KS-13: the clues given for the card in play, in order (a refused clue is never shown, KS-16)."""
        return [table.t("ks.turn.clue", player=table.name(c["player"]), clue=user_text(c["clue"])) for c in table.view(state, None)["clues"]]

    def _card_text(self, table: Table, state: State, prompt: Prompt, news: str = "") -> str:
        """The card's message: its clue log, what the turn before came to (``news``: a pass, a skip), the open turn.
        What changed the card (KS-16, KS-22) heads it as the preamble it was first posted with."""
        return clip("\n".join(filter(None, [*self._clue_log(table, state), news, self._turn_text(table, state, prompt)])), MAX_CONTENT)

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
        if before is None or dream is None or was is None or was.id != dream.id or not self._voice(table, after):
            return []
        now = self._dreamer_rows(table, after, dream, "dreamer")
        if table.view(before, None)["card"] == table.view(after, None)["card"] and now == self._dreamer_rows(table, before, was, "dreamer"):
            return []
        return [post("game", self._night_text(table, after, dream), components=now, slot=prompt_slot(dream))]

    def _turn_refresh(self, table: Table, before: State | None, after: State, events: Sequence[Event] = ()) -> list[Op]:
        """An open clue turn's message whose buttons changed without the turn changing: a foul report made or
        settled takes the report button off or puts it back (KS-18); a report made is said there too, in the edit
        that takes the button off, rather than in a post of its own (issue 27)."""
        turn = _find(after, "clue")
        if before is None or turn is None or turn.id not in {p.id for p in before.prompts}:
            return []
        now = self._turn_rows(table, after, turn)
        if now == self._turn_rows(table, before, turn):
            return []
        news = [table.say(e) for e in events if e.key == "ks.foul_reported"]
        if news:
            return [{"do": "edit", "slot": card_slot(table, after), "content": self._card_text(table, after, turn, news="\n".join(news)), "components": now}]
        return [{"do": "edit", "slot": card_slot(table, after), "components": now}]

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

    # -- the commands --------------------------------------------------------------------------------------

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


__all__ = ["KdyzSnimPresenter", "card_slot"]
