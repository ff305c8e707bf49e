"""Když sním's words: what a player typed made safe to show (:func:`user_text`), the day's summary of a round
(KS-25 .. KS-27), the final standings (KS-29, KS-30), the private answer to a click (a guess acknowledged, never
judged, KS-21) and the values on its buttons. One side of :class:`cogs.kdyz_snim.presenter.KdyzSnimPresenter`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.ops import clip
from bot.presenter import Presenter, Table
from engines.core import Action, Event, State

_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()<@:])")


def user_text(text: str, limit: int = 100) -> str:
    """Words a player typed (a clue, a guess, a recap), safe to show: no markdown, mentions or links."""
    flat = " ".join(str(text).split())
    return _MARKDOWN.sub(r"\\\1", clip(flat, limit))


class KdyzSnimWords(Presenter):
    """The summaries, the answers to clicks and the buttons' values, in the table's language."""

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

    def value_label(self, table: Table, arg: str, value: Any) -> str:
        if arg == "card":
            return table.t("ks.value.card", card=value)
        return super().value_label(table, arg, value)
