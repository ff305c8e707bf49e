"""The non-dreamers' private message of a round (KS-10, KS-P3): their role, the current dream card and the night's
cards with their piles, posted when their night starts and edited in place only when what it shows changes (issue
27). One side of :class:`cogs.kdyz_snim.presenter.KdyzSnimPresenter`."""

from __future__ import annotations

from typing import Any

from bot.ops import MAX_CONTENT, Op, clip
from bot.presenter import Presenter, Table
from cogs.kdyz_snim.words import user_text
from engines.core import State

#: How many of the night's earlier cards the private message lists (newest first).
CARDS_LISTED = 12
#: The fields of a player's own view that their message of the round shows, and all it reads of the view: when none
#: of them changed in a step, neither did the message, and its text is not built again (issue 27).
SHOWN = ("round", "role", "card", "element", "round_cards")
FATE_MARK = {"yellow": "🟡", "blue": "🔵", "penalty": "🟥", "unused": "⚪"}


def element_slot(round_number: int, player: str) -> str:
    """The slot of ``player``'s private message of a round (role, current card, the night so far)."""
    return f"ks:element:{round_number}:{player}"


class RoundMessages(Presenter):
    """Each non-dreamer's message of the round, built from their own view (KS-P1, KS-P3, KS-P5)."""

    # -- the non-dreamers' private message of the round ----------------------------------------------------

    def round_message(self, table: Table, state: State, player: str) -> tuple[str, list[dict[str, Any]]] | None:
        """``player``'s private message of the running round, or ``None`` when they have none (the Dreamer, a
        player who left, the day). Built only from the player's own view (KS-P1, KS-P3, KS-P5), and of it only
        from the fields :data:`SHOWN` names."""
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
            if same_round and before is not None and _unchanged(table.view(before, player), table.view(after, player)):
                continue  # most steps: a clue, a pass, a turn; both texts would be built only to be found equal
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


_ABSENT = object()


def _unchanged(was: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether a message of the round shows the same in two views of one player (the views are shared: only read)."""
    return all(was.get(field, _ABSENT) == now.get(field, _ABSENT) for field in SHOWN)
