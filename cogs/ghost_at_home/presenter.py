"""Ghost at Home on Discord: the houses on one public board, each hand by DM, one public log line per turn.

* **The board** (``has_board``): one public image of every house (:mod:`cogs.ghost_at_home.board`), edited in place
  whenever the public view changes, with a caption for screen readers: whose turn it is, what the table waits
  for, the deck and discard pile sizes (GH-6).
* **The hand, privately**: the player whose turn it is gets a DM with their hand (bulbs shown, for lights),
  their house and controls for exactly their legal actions (GH-7): rooms, a ghost's target, a cat's room, a light
  paid with a multi-select of cards (GH-18), each special card, a discard (multi-select, GH-27).
* **Reaction windows** (GH-17, GH-30): the defender's DM says what is coming and counts down; it is sent the
  same way, at the same moment, whatever the hand holds ("No cat" / "No ghost" is always offered), and the
  public sees only "waiting for X" and then the outcome (GH-P4). Only the DM's text and buttons differ, and only
  its reader sees them.
* **The log**: the public events of a transition are one message (what was played face up, how many cards were
  discarded and drawn, never a card in a hand; GH-P1 .. GH-P3); the end shows the winner, every hand and the
  seed (GH-33).

Everything here reads :meth:`bot.presenter.Table.view` and :meth:`bot.presenter.Table.legal` only, never the
state's fields (the card table, :mod:`engines.ghost_at_home.cards`, is static data: the bulbs printed on cards).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot import controls as ctl
from bot.ops import MAX_ROWS, MAX_SELECT_OPTIONS, PRIMARY, SECONDARY, Op, button, post, rows, select
from bot.presenter import Presenter, Table, chunks
from bot.render import RenderContext
from cogs.ghost_at_home.board import _floor_words, _status_lines
from engines.core import Action, Event, Prompt, State
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
ICONS = {
    "rooms": "🚪",
    "ghost": "👻",
    "light": "💡",
    "cat": "🐈",
    "space_hole": "🌀",
    "light_bulb": "💡",
    "cat_food": "🐟",
    "elevator": "🛗",
    "lightning": "⚡",
    "discard": "🔄",
    "answer_cat": "🐈",
}
#: Kinds whose list argument ``cards`` is chosen with a multi-select of the hand's cards (GH-18, GH-27).
MULTI_SELECT = {"light": "cards", "discard": "cards"}
#: Up to this many actions of one kind are buttons (when they fit); more are a select.
BUTTONS_UP_TO = 3


class GhostAtHomePresenter(Presenter):
    has_board = True

    # -- words ---------------------------------------------------------------------------------------------

    @staticmethod
    def card(table: Table, card: str) -> str:
        return table.t(f"gh.card.{card}")

    def cards(self, table: Table, cards: Sequence[str], bulbs: bool = False) -> str:
        if not cards:
            return table.t("gh.empty_hand")
        return ", ".join(
            self.card(table, c) + (f" (💡{CARDS[c].bulbs})" if bulbs and c in CARDS else "") for c in cards
        )

    @staticmethod
    def side(table: Table, side: str, arg: str = "side") -> str:
        """``left`` / ``right`` in words (``from_side`` has its own forms: Russian and Czech decline it)."""
        return table.t(f"gh.{arg}.{side}")

    def action_text(self, table: Table, action: Action | ctl.Partial) -> str:
        """One action in words (a button, a select option, the confirmation after a click)."""
        kind, a = action.kind or "", dict(action.args)
        params: dict[str, Any] = {}
        if kind == "rooms":  # a room card names its floor; only a joker room says where it goes (GH-26)
            params["rooms"] = ", ".join(
                self.card(table, c) + (f" → {table.t('gh.floor.' + str(f))}" if CARDS[c].floor is None else "")
                for c, f in zip(a.get("cards", []), a.get("floors", []))
            )
        if "cards" in a and kind != "rooms":
            params["cards"] = " + ".join(self.card(table, c) for c in a["cards"])
        for name in ("target", "from_player", "player"):
            if name in a:
                params["player"] = table.name(a[name])
        for name in ("floor", "from_floor"):
            if name in a:
                params[name] = a[name]
        for name in ("side", "from_side"):
            if name in a:
                params[name] = self.side(table, a[name], name)
        key = f"gh.do.{kind}"
        if not table.has(key):
            return self.kind_label(table, kind)
        text = table.t(key, **params)
        icon = ICONS.get(kind)
        return f"{icon} {text}" if icon else text

    def ctx(self, table: Table) -> RenderContext:
        return RenderContext(table.lang, table.names, translate=table.t)

    def house_text(self, table: Table, house: Mapping[str, Any]) -> str:
        """A house in words, floor 1 first (the same words as the board's description)."""
        ctx = self.ctx(table)
        return "; ".join(_floor_words(ctx, house, floor) for floor in (1, 2, 3))

    def hand_line(self, table: Table, view: Mapping[str, Any]) -> str:
        return "🃏 " + table.t("gh.your_cards", cards=self.cards(table, view.get("hand", []), bulbs=True))

    # -- the board and the channel -------------------------------------------------------------------------

    def board_caption(self, table: Table, view: dict[str, Any]) -> str:
        """The text under the board (screen readers also get the image's full description): the turn, whose move
        it is or whom the table waits for, and the deck and discard pile sizes (GH-6). No hand is named."""
        status = " ".join(_status_lines(view, self.ctx(table)))
        piles = table.t("gh.caption.piles", deck=view["deck_size"], discard=view["discard_size"])
        return f"👻 **{table.t('gh.board.turn', turn=view['turn'])}** · {status} · {piles}"

    def status_text(self, table: Table, state: State) -> str:
        """``/game status``: the caption and every house in words (all public, GH-6)."""
        view = table.view(state, None)
        return "\n".join([self.board_caption(table, view), *self.house_lines(table, view)])

    def house_lines(self, table: Table, view: Mapping[str, Any]) -> list[str]:
        lines = []
        for player in view["players"]:
            if player not in view["seats"]:
                lines.append(table.t("gh.status.left", player=table.name(player)))
                continue
            lines.append(
                table.t(
                    "gh.status.house",
                    player=table.name(player),
                    cards=view["hand_sizes"][player],
                    house=self.house_text(table, view["houses"][player]),
                )
            )
        return lines

    def private_text(self, table: Table, state: State, player: str) -> str:
        """``/game mine``: the table, your hand and what you are asked now (the fallback when DMs are closed)."""
        view = table.view(state, player)
        if "hand" not in view:
            return self.status_text(table, state)
        lines = [self.status_text(table, state), self.hand_line(table, view)]
        for prompt in state.prompts:
            if player in prompt.players:
                lines.append(self.situation(table, view, prompt))
                lines.append(table.deadline(prompt))
        return "\n".join(filter(None, lines))

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        if event.key == "gh.your_hand" and any(set(event.audience.players) & set(p.players) for p in state.prompts):
            return []  # the first player's turn DM shows the hand already: one DM instead of two
        if event.key == "gh.game_over":
            return [post("game", text) for text in chunks(self.reveal_lines(table, event))]
        return None

    def reveal_lines(self, table: Table, event: Event) -> list[str]:
        """GH-33: the outcome, every hand and the game's seed (the discard pile's faces stay hidden, GH-P2)."""
        p = event.params
        lines = [f"🏁 **{table.t('gh.over.title', outcome=table.t('gh.outcome.' + p['outcome']))}**"]
        if p["winners"]:
            lines.append(table.t("gh.over.winners", players=", ".join(table.name(w) for w in p["winners"])))
        lines.append(table.t("gh.over.hands"))
        for player, cards in p["cards"].items():
            lines.append(f"• {table.name(player)}: {self.cards(table, cards)}")
        lines.append(table.t("gh.over.seed", seed=str(p["seed"])))
        return lines

    # -- prompts -------------------------------------------------------------------------------------------

    def prompt_text(self, table: Table, state: State, prompt: Prompt, player: str | None) -> str:
        """The DM of a prompt: what is asked, the hand (GH-P1: only its owner sees it) and the house."""
        view = table.view(state, player)
        lines = [self.situation(table, view, prompt), self.hand_line(table, view)]
        if player in view["houses"]:
            lines.append("🏠 " + table.t("gh.your_house", house=self.house_text(table, view["houses"][player])))
        if prompt.key == "gh.prompt_turn":
            lines.append(
                table.t(
                    "gh.help.turn", least=LIGHT_COST.min_cards, most=LIGHT_COST.max_cards, bulbs=LIGHT_COST.min_bulbs
                )
            )
        elif prompt.key == "gh.prompt_cat":
            lines.append(table.t("gh.help.cat"))
        else:
            lines.append(table.t("gh.help.ghost"))
        return "\n".join(lines)

    def situation(self, table: Table, view: Mapping[str, Any], prompt: Prompt) -> str:
        """What the prompt asks, in one bold line (the same for any hand: only the hand line below differs)."""
        if prompt.key == "gh.prompt_cat" and view.get("attack"):
            attack = view["attack"]
            text = table.t(
                "gh.ask.cat",
                attacker=table.name(attack["attacker"]),
                source=table.t(f"gh.source.{attack['source']}"),
                floor=attack["floor"],
                side=self.side(table, attack["side"]),
            )
            return f"👻 **{text}**"
        if prompt.key == "gh.prompt_ghost" and view.get("escape"):
            escape = view["escape"]
            key = "gh.ask.ghost_again" if escape["ghosts"] else "gh.ask.ghost"
            return f"🏃 **{table.t(key, player=table.name(escape['escaper']))}**"
        return f"🎲 **{table.t('gh.ask.turn', turn=view['turn'])}**"

    def components(self, table: Table, state: State, player: str, prompt: Prompt) -> list[dict[str, Any]]:
        """Controls for exactly ``player``'s legal actions on ``prompt``: a button for a single action, buttons or
        a select for a few, a multi-select of the hand's cards for a light's payment and a discard; when that does
        not fit in five rows, the least common kinds fold into buttons opening the step-by-step picker."""
        legal = table.legal(state, player)
        offered = ctl.playable(legal, prompt.id)
        if not offered:
            return []
        groups: dict[str, list[Action]] = {}
        for action in sorted(
            offered, key=lambda a: KIND_ORDER.index(a.kind) if a.kind in KIND_ORDER else len(KIND_ORDER)
        ):
            groups.setdefault(action.kind, []).append(action)
        game, pid = table.game_id, prompt.id
        folded: set[str] = set()
        foldable = [k for k in reversed(list(groups)) if len(groups[k]) > 1]
        for level in range(len(foldable) + 2):
            few_buttons = level == 0
            folded = set(foldable[: max(0, level - 1)])
            items: list[dict[str, Any]] = []
            for kind, group in groups.items():
                items += self._kind_items(table, game, pid, kind, group, legal, few_buttons, kind in folded)
            if _row_count(items) <= MAX_ROWS:
                return rows(*_ordered(items))
        return rows(button(f"{table.t('common.choose')} {table.t('common.more')}", f"np:{game}:{pid}:0:*", PRIMARY))

    def _kind_items(
        self,
        table: Table,
        game: int,
        pid: str,
        kind: str,
        group: list[Action],
        legal: list[Action],
        few_buttons: bool,
        fold: bool,
    ) -> list[dict[str, Any]]:
        style = SECONDARY if kind in self.quiet_kinds(table) else PRIMARY
        label = f"{ICONS.get(kind, '')} {self.kind_label(table, kind)}".strip()
        if len(group) == 1:
            action = group[0]
            cid = ctl.custom_id("nc", game, pid, ctl.encode(action.kind, action.args), legal=legal, action=action)
            return [button(self.action_text(table, action), cid, style)]
        if fold:
            return [button(f"{label} {table.t('common.more')}", f"np:{game}:{pid}:0:{ctl.encode(kind)}", PRIMARY)]
        if kind in MULTI_SELECT:
            return [self._multi_select(table, game, pid, kind, MULTI_SELECT[kind], group, legal)]
        if few_buttons and len(group) <= BUTTONS_UP_TO:
            return [
                button(
                    self.action_text(table, a),
                    ctl.custom_id("nc", game, pid, ctl.encode(a.kind, a.args), legal=legal, action=a),
                    style,
                )
                for a in group
            ]
        if len(group) <= MAX_SELECT_OPTIONS:
            options = [(self.action_text(table, a), ctl.action_code(a, legal)) for a in group]
            return [select(f"ns:{game}:{pid}:{kind}", options, placeholder=f"{label} …")]
        return [button(f"{label} {table.t('common.more')}", f"np:{game}:{pid}:0:{ctl.encode(kind)}", PRIMARY)]

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
            f"nx:{game}:{pid}:{arg}:{ctl.encode(partial.kind, partial.args)}",
            options,
            placeholder=f"{ICONS[kind]} {placeholder}",
        )
        item["max_values"] = min(len(pool), max(lengths))
        item["min_values"] = min(max(1, min(lengths)), item["max_values"])
        return item

    # -- answers -------------------------------------------------------------------------------------------

    def ack_text(self, table: Table, action: Action) -> str:
        return "✅ " + self.action_text(table, action)

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
            items = [
                button(
                    self.action_text(table, a),
                    ctl.custom_id("nc", game, prompt_id, ctl.encode(a.kind, a.args), legal=legal, action=a),
                    PRIMARY,
                )
                for a in candidates
            ]
        else:
            options = [(self.action_text(table, a), ctl.action_code(a, legal)) for a in candidates]
            label = f"{ICONS.get(partial.kind, '')} {self.kind_label(table, partial.kind)}".strip()
            items = [select(f"ns:{game}:{prompt_id}:w", options, placeholder=f"{label} …")]
        return ctl.Step(rows(*items), partial)

    def picker_text(self, table: Table, step: ctl.Step) -> str:
        chosen = step.chosen
        if chosen.kind == "light" and "cards" in chosen.args and "floor" not in chosen.args:
            return table.t("gh.pick.light_floor", cards=" + ".join(self.card(table, c) for c in chosen.args["cards"]))
        return super().picker_text(table, step)

    def value_label(self, table: Table, arg: str, value: Any) -> str:
        if arg in ("floor", "from_floor", "floors") and isinstance(value, int):
            return table.t(f"gh.floor.{value}")
        if arg in ("cards", "card") and isinstance(value, str) and value in CARDS:
            return self.card(table, value)
        return super().value_label(table, arg, value)


def _distinct(values: Iterable[Any]) -> list[Any]:
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(json.dumps(value, sort_keys=True), value)
    return list(seen.values())


def _row_count(items: list[dict[str, Any]]) -> int:
    buttons = sum(1 for i in items if i["type"] == 2)
    return sum(1 for i in items if i["type"] != 2) + -(-buttons // 5)


def _ordered(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Buttons first, sharing rows, then the selects (one row each), so buttons are never split around a select."""
    return [i for i in items if i["type"] == 2] + [i for i in items if i["type"] != 2]


__all__ = ["GhostAtHomePresenter"]
