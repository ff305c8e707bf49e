"""The Midnighters' state: plain, typed dataclasses that round-trip through :mod:`engines.serial`.

The engine is a small agenda machine. A running game is always in one of three phases:

* ``turn``: the current player (or the Dream Catcher trap's controller, MN-58) chooses an action (MN-15);
* ``window``: a reaction window on the top card of the reaction ``stack`` (MN-27 .. MN-29);
* ``choice``: one player makes a choice inside an effect (an activation, an excess discard, MN-62).

Effects that need several steps (resolving the stack last-in first-out, drawing one card at a time while
nightmares fire, an activation's choices) are queued as :class:`Task` items on ``agenda`` and run in order
until one of them needs a player's input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from engines.core import State

Phase = Literal["turn", "window", "choice", "over"]
#: How many closed prompts keep their reason in :attr:`MidnightersState.closed`.
CLOSED_KEPT = 8


@dataclass
class Trap:
    """A prepared trap (MN-50): a Suspense naming ``location`` and a paired Director ``card``, face down.

    ``known_to`` lists who may see its location and card until it is sprung (MN-P7).
    """

    id: int
    owner: str
    location: str
    card: str
    suspense: str
    known_to: list[str]


@dataclass
class Play:
    """One entry of the reaction stack (MN-29): a play by the current player or a reaction to the entry below.

    ``kind`` is the action played (``sleepwalk``, ``vertigo_move``, ``vertigo_rotate``, ``star``, ``dutch_cut``,
    ``dutch_extra``, ``catcher_steal``, ``set_trap``; reactions ``cancel`` and ``intercept``); ``cards`` holds the
    card(s) it put on the table (two for a trap setting, face down). The other fields are its declared choices.
    """

    player: str
    kind: str
    cards: list[str]
    target: str = ""
    direction: str = ""
    location: str = ""


@dataclass
class Task:
    """One queued step of an effect. ``picks`` and ``names`` carry a multi-step choice's progress."""

    kind: str
    player: str = ""
    other: str = ""
    count: int = 0
    flag: bool = False
    names: list[str] = field(default_factory=list)
    picks: dict[str, str] = field(default_factory=dict)


@dataclass(kw_only=True)
class MidnightersState(State):
    seats: list[str]  # MN-1: seat order (seat 1 first)
    active: list[str]  # players still in the game, seat order (MN-63)
    cells: dict[str, int]  # location card -> cell index (MN-5)
    turns: dict[str, int]  # location card -> quarter turns clockwise
    avatars: dict[str, str]  # player -> location card (MN-6)
    hands: dict[str, list[str]]
    deck: dict[str, int]  # card -> count: a shuffled face-down pile (see engines.midnighters.piles)
    stacked: list[str] = field(default_factory=list)  # known cards on top of the deck (scenario overrides)
    discard: dict[str, int] = field(default_factory=dict)  # card -> count
    traps: list[Trap] = field(default_factory=list)
    next_trap: int = 1
    #: Active lasting nightmares (MN-39): colour -> players exempt from it (MN-38).
    effects: dict[str, list[str]] = field(default_factory=dict)
    horror: str | None = None  # MN-47
    penalties: dict[str, int] = field(default_factory=dict)  # MN-16: pending "1 action less"
    #: MN-58: victim -> the Dream Catcher trap owner who will play the victim's next turn.
    claims: dict[str, str] = field(default_factory=dict)
    phase: Phase = "turn"
    turn: int = 0  # turns started, skipped ones included (MN-60)
    current: str = ""
    controller: str | None = None  # who makes the current turn's choices when it is claimed (MN-58)
    allowance: int = 0  # MN-16: base - penalties, fixed when the turn starts
    extra: int = 0  # Dutch Angle (c) extras this turn
    used: int = 0  # actions spent this turn
    #: MN-19: seconds of ``turn_seconds`` left this turn (``None``: all of them). It runs only while the engine waits
    #: for the current player's own input: the runtime reports each action's ``elapsed`` seconds (see the engine).
    turn_left: int | None = None
    stack: list[Play] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)  # who passed in the open window
    marks: list[int] = field(default_factory=list)  # MN-56: Midnight Star trap marks, in order
    agenda: list[Task] = field(default_factory=list)
    choice: Task | None = None  # the task waiting for a player's choice
    out_of_game: list[str] = field(default_factory=list)  # a departed Horror's fired Black (MN-63)
    #: Public knowledge of hands (issue 31: what a computer's samples must keep): the nightmare cards each player is
    #: known by everyone to hold, since they drew them in public (MN-37, MN-38, MN-49; a fired Black is the Horror's,
    #: MN-47, and not listed). A nightmare cannot be played or discarded at will (MN-40), so the card stays until
    #: something moves cards out of sight: a player's record is dropped when the Town Hall discards their nightmares
    #: (MN-35), when a Square, Motel, Restaurant or Dream Catcher (b) touches their hand (MN-32 .. MN-34, MN-25) and
    #: when they leave (MN-63); Purple passes it with the hand (MN-43). Every record is a subset of its holder's hand.
    public_nightmares: dict[str, list[str]] = field(default_factory=dict)
    #: Why the latest prompts closed (prompt id -> ``why`` and who), so a click on one that has closed is refused
    #: with its reason (MN-29: someone answered first; the window or the turn ended). At most :data:`CLOSED_KEPT`.
    #: Each reason is read-only (a copy of the state shares it: :func:`engines.copying.read_only`).
    closed: dict[str, Mapping[str, str]] = field(default_factory=dict)
