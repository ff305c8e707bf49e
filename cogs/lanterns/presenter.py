"""Lanterns on Discord: the default presenter, with each player's hand in the turn's DM and in ``/game mine``."""

from __future__ import annotations

from typing import Any

from bot.presenter import Presenter, Table
from engines.core import Prompt, State


class LanternsPresenter(Presenter):
    def prompt_text(self, table: Table, state: State, prompt: Prompt, player: str | None) -> str:
        """The turn's DM: what is asked (worded from the prompt alone, as the terminal table words it) and the hand."""
        asked = table.t("la.light.prompt", round=prompt.params.get("round", 1))
        hand = table.view(state, player).get("hand") if player else None
        return "\n".join([asked, table.t("la.status.hand", cards=", ".join(map(str, hand)))]) if hand else asked

    def status_text(self, table: Table, state: State) -> str:
        view = table.view(state, None)
        return table.t("la.status", round=view["round"], score=self._score(table, view))

    def private_text(self, table: Table, state: State, player: str) -> str:
        view = table.view(state, player)
        lines = [self.status_text(table, state)]
        if "hand" in view:
            lines.append(table.t("la.status.hand", cards=", ".join(map(str, view["hand"]))))
        return "\n".join(lines)

    @staticmethod
    def _score(table: Table, view: dict[str, Any]) -> str:
        return ", ".join(f"{table.name(p)} {n}" for p, n in view["score"].items())
