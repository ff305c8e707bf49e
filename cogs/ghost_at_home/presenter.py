"""Ghost at Home on Discord: the houses on one public board that carries the story, each hand by DM.

* **The board** (``has_board``): one public image of every house (:mod:`cogs.ghost_at_home.board`), edited in place
  whenever the public view changes, with a caption for screen readers: whose turn it is, what the table waits
  for, the deck and discard pile sizes (GH-6). Each turn's public lines are written on it, above the caption: a
  chapter of a few turns a message, a new board message below once it is full
  (:meth:`bot.presenter.Presenter.story_ops`).
* **The hand, privately**: the player whose turn it is gets a DM with their hand (bulbs shown, for lights),
  their house and controls for exactly their legal actions (GH-7): rooms, a ghost's target, a cat's room, a light
  paid with a multi-select of cards (GH-18), each special card, a discard (multi-select, GH-27).
* **Reaction windows** (GH-17, GH-30): the defender's DM says what is coming and counts down; it is sent the
  same way, at the same moment, whatever the hand holds ("No cat" / "No ghost" is always offered), and the
  public sees only "waiting for X" and then the outcome (GH-P4). Only the DM's text and buttons differ, and only
  its reader sees them.
* **The log**: the public events of a transition are its lines on the board (what was played face up, how many
  cards were discarded and drawn, never a card in a hand; GH-P1 .. GH-P3); the end shows the winner, every hand and
  the seed (GH-33).

Everything here reads :meth:`bot.presenter.Table.view` and :meth:`bot.presenter.Table.legal` only, never the
state's fields (the card table, :mod:`engines.ghost_at_home.cards`, is static data: the bulbs printed on cards).

The words are :mod:`cogs.ghost_at_home.words`, the controls :mod:`cogs.ghost_at_home.controls`; this module routes
events and prompts to where they go.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.ops import Op, post
from bot.presenter import Table, chunks
from cogs.ghost_at_home.board_words import _status_lines
from cogs.ghost_at_home.controls import GhostAtHomeControls
from engines.core import Action, Event, Prompt, State
from engines.ghost_at_home.cards import LIGHT_COST


class GhostAtHomePresenter(GhostAtHomeControls):
    """Where everything goes: the board's caption, the log, the end, each prompt's DM (the words are
    :mod:`cogs.ghost_at_home.words`, the buttons :mod:`cogs.ghost_at_home.controls`)."""

    has_board = True

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

    # -- answers -------------------------------------------------------------------------------------------

    def ack_text(self, table: Table, action: Action) -> str:
        return "✅ " + self.action_text(table, action)


__all__ = ["GhostAtHomePresenter"]
