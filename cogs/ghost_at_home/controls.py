"""Ghost at Home's controls: a turn's hand as buttons, selects and multi-selects in five rows, and the picker.

Controls for exactly a player's legal actions (GH-7): rooms, a ghost's target, a cat's room, a light paid with a
multi-select of cards (GH-18), each special card, a discard (multi-select, GH-27), laid out by the shared
:mod:`bot.layout` (the least common kinds fold first into buttons opening the step-by-step picker). Every id comes
from the builders of :mod:`bot.controls`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot import controls as ctl
from bot.layout import by_kind, fold
from bot.ops import MAX_SELECT_OPTIONS, PRIMARY, SECONDARY, button, rows, select
from bot.presenter import Table
from cogs.ghost_at_home.words import ICONS, GhostAtHomeWords
from engines.core import Action, Prompt, State
from engines.ghost_at_home.cards import CARDS, LIGHT_COST

#: The order kinds are offered in (the most common first); declining buttons come last.
KIND_ORDER = (
    "rooms",
    "ghost",
    "light",
    "cat",
    "space_hole",
    "light_bulb",
    "cat_food",
    "elevator",
    "lightning",
    "discard",
    "answer_cat",
    "no_cat",
    "no_ghost",
)
#: Kinds whose list argument ``cards`` is chosen with a multi-select of the hand's cards (GH-18, GH-27).
MULTI_SELECT = {"light": "cards", "discard": "cards"}
#: Up to this many actions of one kind are buttons (when they fit); more are a select.
BUTTONS_UP_TO = 3


class GhostAtHomeControls(GhostAtHomeWords):
    """The controls of :class:`cogs.ghost_at_home.presenter.GhostAtHomePresenter` (its second layer, on its words)."""

    def components(self, table: Table, state: State, player: str, prompt: Prompt) -> list[dict[str, Any]]:
        """Controls for exactly ``player``'s legal actions on ``prompt``: a button for a single action, buttons or
        a select for a few, a multi-select of the hand's cards for a light's payment and a discard; when that does
        not fit in five rows, the least common kinds fold into buttons opening the step-by-step picker."""
        legal = table.legal(state, player)
        offered = ctl.playable(legal, prompt.id)
        if not offered:
            return []
        groups = by_kind(offered, KIND_ORDER)
        game, pid = table.game_id, prompt.id
        # level 0: a few actions of a kind as buttons; 1: as a select; then the least common kinds fold one by one
        foldable = [k for k in reversed(list(groups)) if len(groups[k]) > 1]

        def attempt(level: int) -> list[dict[str, Any]]:
            folded = set(foldable[: max(0, level - 1)])
            items: list[dict[str, Any]] = []
            for kind, group in groups.items():
                items += self._kind_items(table, game, pid, kind, group, legal, level == 0, kind in folded)
            return items

        everything = button(f"{table.t('common.choose')} {table.t('common.more')}", ctl.picker_id(game, pid, 0, ctl.Partial(), legal), PRIMARY)
        return fold((attempt(level) for level in range(len(foldable) + 2)), everything)

    def _kind_items(
        self,
        table: Table,
        game: int,
        pid: str,
        kind: str,
        group: list[Action],
        legal: list[Action],
        few_buttons: bool,
        folded: bool,
    ) -> list[dict[str, Any]]:
        style = SECONDARY if kind in self.quiet_kinds(table) else PRIMARY
        label = f"{ICONS.get(kind, '')} {self.kind_label(table, kind)}".strip()
        picker = button(f"{label} {table.t('common.more')}", ctl.picker_id(game, pid, 0, ctl.Partial(kind), legal), PRIMARY)
        if len(group) == 1:
            action = group[0]
            return [button(self.action_text(table, action), ctl.action_id(game, pid, action, legal), style)]
        if folded:
            return [picker]
        if kind in MULTI_SELECT:
            return [self._multi_select(table, game, pid, kind, MULTI_SELECT[kind], group, legal)]
        if few_buttons and len(group) <= BUTTONS_UP_TO:
            return [button(self.action_text(table, a), ctl.action_id(game, pid, a, legal), style) for a in group]
        if len(group) <= MAX_SELECT_OPTIONS:
            options = [(self.action_text(table, a), ctl.action_code(a, legal)) for a in group]
            return [select(ctl.select_id(game, pid, kind), options, placeholder=f"{label} …")]
        return [picker]

    def _multi_select(
        self, table: Table, game: int, pid: str, kind: str, arg: str, group: list[Action], legal: list[Action]
    ) -> dict[str, Any]:
        """The cards of a light's payment or a discard, picked together from the hand (the bot matches the picked
        cards against the legal lists and refuses any other combination)."""
        fixed: dict[str, Any] = {}
        for name in group[0].args:  # arguments every action of the group agrees on (a light's only floor) are set
            if name != arg and len({json.dumps(a.args.get(name)) for a in group}) == 1:
                fixed[name] = group[0].args[name]
        partial = ctl.Partial(kind, fixed)
        # the same pool, in the same order, as the bot rebuilds from the legal actions when the choice comes back
        values = _distinct(a.args[arg] for a in legal if partial.matches(a) and isinstance(a.args.get(arg), list))
        pool = ctl.list_pool(values)
        lengths = [len(v) for v in values]
        bulbs = kind == "light"
        options = [
            (self.card(table, c) + (f" · 💡{CARDS[c].bulbs}" if bulbs and c in CARDS else ""), str(i))
            for i, c in enumerate(pool)
        ]
        if kind == "light":
            placeholder = table.t("gh.pick.light", bulbs=LIGHT_COST.min_bulbs)
        else:
            placeholder = table.t("gh.pick.discard")
        item = select(
            ctl.multi_select_id(game, pid, arg, partial, legal),
            options,
            placeholder=f"{ICONS[kind]} {placeholder}",
        )
        item["max_values"] = min(len(pool), max(lengths))
        item["min_values"] = min(max(1, min(lengths)), item["max_values"])
        return item

    def picker(
        self, table: Table, state: State, player: str, prompt_id: str, partial: ctl.Partial, page: int = 0
    ) -> ctl.Step:
        """The picker's next step. Once a kind's choice is down to a select's worth of actions, they are listed
        whole (worded as sentences) and complete at one click; only a longer list takes a platform step first (the
        opponent, say). Listing whole keeps every custom_id short: a partial carrying three player ids and rooms
        would not fit in Discord's 100 characters."""
        legal = table.legal(state, player)
        candidates = [a for a in ctl.playable(legal, prompt_id) if partial.matches(a)]
        if not candidates:
            raise ctl.CodecError("stale")
        if partial.kind is None or len(candidates) > MAX_SELECT_OPTIONS:
            return super().picker(table, state, player, prompt_id, partial, page)
        game = table.game_id
        if len(candidates) <= 5:
            items = [button(self.action_text(table, a), ctl.action_id(game, prompt_id, a, legal), PRIMARY) for a in candidates]
        else:
            options = [(self.action_text(table, a), ctl.action_code(a, legal)) for a in candidates]
            label = f"{ICONS.get(partial.kind, '')} {self.kind_label(table, partial.kind)}".strip()
            items = [select(ctl.select_id(game, prompt_id, "w"), options, placeholder=f"{label} …")]
        return ctl.Step(rows(*items), partial)

    def picker_text(self, table: Table, step: ctl.Step) -> str:
        chosen = step.chosen
        if chosen.kind == "light" and "cards" in chosen.args and "floor" not in chosen.args:
            return table.t("gh.pick.light_floor", cards=" + ".join(self.card(table, c) for c in chosen.args["cards"]))
        return super().picker_text(table, step)


def _distinct(values: Iterable[Any]) -> list[Any]:
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(json.dumps(value, sort_keys=True), value)
    return list(seen.values())


__all__ = ["GhostAtHomeControls"]
