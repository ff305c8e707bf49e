"""The Ghost at Home state: hands, houses, deck, discard pile, and the ghost or escape being resolved.

Cards are plain card ids (``"room1"``, ``"ghost"`` ...): copies of a card are interchangeable. The deck's top
is the end of ``deck``. ``discard`` holds face-up and face-down cards alike; nobody is ever shown its contents,
only its size (GH-P2), so the engine need not remember which faces were hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engines.core import State
from engines.ghost_at_home.house import House

#: ``turn``: the current player chooses their one action (GH-7); ``cat_window``: the defender of a ghost may
#: answer with a cat (GH-17); ``escape_window``: an opponent may send a ghost at an escape (GH-30).
Phase = Literal["turn", "cat_window", "escape_window", "over"]
#: What sent a ghost on its way: a ghost card on a turn (GH-12), a Space hole (GH-21) or an escape window (GH-30).
AttackSource = Literal["ghost", "space_hole", "escape"]


@dataclass
class Attack:
    """A ghost on its way to ``defender``'s room in flat ``slot``, waiting on the defender's cat window (GH-13)."""

    attacker: str
    defender: str
    slot: int
    source: AttackSource


@dataclass
class Escape:
    """An escape in progress (GH-29 .. GH-32).

    ``waiting`` are the opponents still to get a window, in seat order. ``window`` is the opponent whose window is
    open or whose ghost is being resolved (``None`` between windows), ``ghosts`` how many ghosts they sent at this
    escape (a 2-player opponent may send two, GH-30).
    """

    escaper: str
    waiting: list[str]
    window: str | None = None
    ghosts: int = 0


@dataclass(kw_only=True)
class GhostState(State):
    #: Players still in the game, in seat order (GH-3); a removed player leaves this list (GH-35).
    seats: list[str]
    hands: dict[str, list[str]]
    houses: dict[str, House]
    deck: list[str]
    discard: list[str] = field(default_factory=list)
    #: Whose turn it is; during an escape, the escaper.
    current: str
    phase: Phase = "turn"
    turn: int = 0
    attack: Attack | None = None
    escape: Escape | None = None
    #: How many cards are in the game (53 with the default data): the conservation invariant's total.
    card_total: int = 0

    def opponents(self, player: str) -> list[str]:
        """The other players still in the game, in seat order starting after ``player`` (GH-3, GH-30)."""
        return [p for p in self.seat_order_after(player) if p != player]

    def seat_order_after(self, player: str) -> list[str]:
        """Every seated player in turn order, starting with the seat after ``player`` (who may have left)."""
        i = self.players.index(player)
        ring = self.players[i + 1 :] + self.players[: i + 1]
        return [p for p in ring if p in self.seats]
