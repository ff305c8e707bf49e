"""Midnighters' controls: a hand's plays, a reaction window's answers and the picker's steps, in five rows.

Controls for exactly a player's legal actions (MN-18): a button per play, the directions of a Sleepwalk as buttons
(each naming where it leads), and the step-by-step picker for plays with several choices (card → location →
direction for Vertigo; Suspense → paired card for a trap, MN-50; trap → target → corridor for a spring), laid out
by the shared :mod:`bot.layout`. A reaction window offers Cancel, Intercept and Pass to every eligible player,
greyed out for a player without the card (MN-P8). Every id comes from the builders of :mod:`bot.controls`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot import controls as ctl
from bot.layout import by_kind, fold
from bot.ops import MAX_ROWS, MAX_SELECT_OPTIONS, PRIMARY, SECONDARY, button, rows, select
from bot.presenter import Table
from cogs.midnighters.words import MidnightersWords
from engines.core import HOST, Action, Prompt, State

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
#: Kinds drawn grey (declining rather than doing).
QUIET = frozenset({"end", "pass", "done"})
#: A kind with at most this many actions differing in one argument is a row of buttons; more are a select.
BUTTONS_UP_TO = 4


class MidnightersControls(MidnightersWords):
    """The controls of :class:`cogs.midnighters.presenter.MidnightersPresenter` (its second layer, on its words)."""

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
            shown = Action("", pid, kind)  # the same button for every hand: only its reader sees it greyed
            first.append(button(self.action_text(table, shown), ctl.action_id(game, pid, shown), PRIMARY, disabled=action is None))
        passing = next((a for a in offered if a.kind == "pass"), None)
        if passing is not None:
            first.append(button(self.action_text(table, passing), ctl.action_id(game, pid, Action("", pid, "pass")), SECONDARY))
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
        groups = by_kind(offered, KIND_ORDER)
        game, pid = table.game_id, prompt.id
        where = prompt.key.removeprefix("mn.choose_")

        def attempt(level: int) -> list[dict[str, Any]]:
            items: list[dict[str, Any]] = []
            for kind, group in groups.items():
                items += self._kind_items(table, view, game, pid, kind, group, legal, level, where)
            return items

        everything = button(f"{table.t('common.choose')} {table.t('common.more')}", ctl.picker_id(game, pid, 0, ctl.Partial(), legal), PRIMARY)
        return fold((attempt(level) for level in range(3)), everything, room=room)

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
            return [button(text(action), ctl.action_id(game, pid, action, legal), style)]
        single = _single_varying(group)
        picker = button(f"{self.kind_label(table, kind)} {table.t('common.more')}", ctl.picker_id(game, pid, 0, ctl.Partial(kind), legal), PRIMARY)
        if single is None or level == 2:
            return [picker]
        if level == 0 and len(group) <= BUTTONS_UP_TO:
            return [button(text(a), ctl.action_id(game, pid, a, legal), style) for a in group]
        if len(group) <= MAX_SELECT_OPTIONS:
            options = [(text(a), ctl.action_code(a, legal)) for a in group]
            return [select(ctl.select_id(game, pid, kind), options, placeholder=f"{self.kind_label(table, kind)} …")]
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


def _single_varying(group: list[Action]) -> str | None:
    """The one argument the actions of a group differ in, if exactly one does."""
    names = {n for a in group for n in a.args}
    if any(set(a.args) != names for a in group):
        return None
    varying = [n for n in names if len({json.dumps(a.args[n], sort_keys=True) for a in group}) > 1]
    return varying[0] if len(varying) == 1 else None


__all__ = ["MidnightersControls"]
