"""A player's haunted house (GH-4, GH-5): three floors of two room slots each, lights, ghosts and cats.

The house is stored flat so it dumps to small JSON: slot ``i`` is floor ``i // 2 + 1``, side ``i % 2``
(``left`` / ``right``; GH-10 makes the sides equivalent). Floors are numbered 1 (bottom) to 3 (top).

>>> h = House.empty()
>>> h.place("room1", 1); h.place("room1", 1); h.place("room2", 2)
0
1
2
>>> h.highest_explored(), h.is_full(1), h.can_take_room(3)
(2, True, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

FLOORS: tuple[int, ...] = (1, 2, 3)
SIDES: tuple[str, ...] = ("left", "right")
#: An empty slot, or a room with nothing on it. (A plain empty string rather than ``None`` keeps the state's
#: JSON round trip cheap: it runs after every step of a thousand checked playouts.)
EMPTY = ""
#: What may lie on a room card (GH-5): ``EMPTY``, ``"ghost"`` or ``"cat"``.
Occupant = str


def slot_index(floor: int, side: str) -> int:
    """The flat index of the slot on ``floor`` at ``side``."""
    return (floor - 1) * 2 + SIDES.index(side)


def slot_name(index: int) -> tuple[int, str]:
    """``(floor, side)`` of a flat slot index."""
    return index // 2 + 1, SIDES[index % 2]


def slot_args(index: int, prefix: str = "") -> dict[str, int | str]:
    """A slot as action or event arguments: ``{"floor": 2, "side": "left"}`` (keys optionally prefixed)."""
    floor, side = slot_name(index)
    return {f"{prefix}floor": floor, f"{prefix}side": side}


@dataclass
class House:
    """One house. ``rooms[i]`` is the room card in slot ``i`` (``EMPTY``: no room); ``occupants[i]`` the ghost or
    cat lying on that room (``EMPTY``: free); ``lit[f - 1]`` whether floor ``f`` shows its light side. The roof has
    no rules effect (GH-4)."""

    rooms: list[str] = field(default_factory=lambda: [EMPTY] * 6)
    occupants: list[Occupant] = field(default_factory=lambda: [EMPTY] * 6)
    lit: list[bool] = field(default_factory=lambda: [False] * 3)

    @classmethod
    def empty(cls) -> House:
        """GH-4: every floor dark, every slot empty."""
        return cls()

    # -- reading -------------------------------------------------------------------------------------------

    @staticmethod
    def slots(floor: int) -> tuple[int, int]:
        """The flat indexes of ``floor``'s left and right slots."""
        return (floor - 1) * 2, (floor - 1) * 2 + 1

    def rooms_on(self, floor: int) -> int:
        return sum(self.rooms[i] != EMPTY for i in self.slots(floor))

    def is_full(self, floor: int) -> bool:
        """GH-5: both slots of ``floor`` hold a room card."""
        return self.rooms_on(floor) == 2

    def is_complete(self) -> bool:
        """GH-5 / GH-29: all six slots filled (a ghost resting on a lit room does not un-fill it)."""
        return EMPTY not in self.rooms

    def is_lit(self, floor: int) -> bool:
        return self.lit[floor - 1]

    def highest_explored(self) -> int | None:
        """GH-5: the highest floor holding at least one room card, ``None`` for a house with no room."""
        return next((f for f in reversed(FLOORS) if self.rooms_on(f)), None)

    def lower_floors_full(self, floor: int) -> bool:
        """GH-11 / GH-18: every floor below ``floor`` is full (always true for floor 1)."""
        return all(self.is_full(f) for f in range(1, floor))

    def can_take_room(self, floor: int) -> bool:
        """GH-11: a room may go on ``floor`` if it has an empty slot and every lower floor is full."""
        return self.rooms_on(floor) < 2 and self.lower_floors_full(floor)

    def can_light(self, floor: int) -> bool:
        """GH-18 / GH-22: a dark floor whose lower floors are all full (floor 1 always); it needs no rooms."""
        return not self.is_lit(floor) and self.lower_floors_full(floor)

    def ghost_targets(self) -> list[int]:
        """GH-12: rooms on the highest explored floor with no ghost (a cat is allowed). Empty slots never count."""
        top = self.highest_explored()
        if top is None:
            return []
        return [i for i in self.slots(top) if self.rooms[i] != EMPTY and self.occupants[i] != "ghost"]

    def free_rooms(self) -> list[int]:
        """GH-5: rooms with neither a ghost nor a cat."""
        return [i for i in range(6) if self.rooms[i] != EMPTY and self.occupants[i] == EMPTY]

    def with_occupant(self, occupant: Occupant) -> list[int]:
        """The slots where ``occupant`` (a ghost or a cat) lies."""
        return [i for i in range(6) if self.occupants[i] == occupant]

    def cards(self) -> Iterator[str]:
        """Every card lying in the house: rooms and the ghosts and cats on them."""
        for room, occupant in zip(self.rooms, self.occupants):
            if room != EMPTY:
                yield room
            if occupant != EMPTY:
                yield occupant

    def public(self) -> dict[str, list[Any]]:
        """The house as the views show it (it is all public, GH-6): empty slots and free rooms as ``None``."""
        return {
            "lit": list(self.lit),
            "rooms": [room or None for room in self.rooms],
            "occupants": [occupant or None for occupant in self.occupants],
        }

    # -- changing ------------------------------------------------------------------------------------------

    def place(self, room: str, floor: int) -> int:
        """Put ``room`` on the first empty slot of ``floor`` (GH-10: the sides are equivalent); returns the slot."""
        index = next(i for i in self.slots(floor) if self.rooms[i] == EMPTY)
        self.rooms[index] = room
        return index

    def wipe(self, floor: int) -> list[str]:
        """GH-5: every room card on ``floor`` and everything lying on them leave the house; the floor turns dark.
        Returns the cards, for the discard pile (face up)."""
        gone = [card for i in self.slots(floor) for card in (self.rooms[i], self.occupants[i]) if card != EMPTY]
        for i in self.slots(floor):
            self.rooms[i] = EMPTY
            self.occupants[i] = EMPTY
        self.lit[floor - 1] = False
        return gone

    def clear(self) -> list[str]:
        """Every card out of the house (GH-35: a removed player's house goes to the discard pile)."""
        gone = list(self.cards())
        self.rooms = [EMPTY] * 6
        self.occupants = [EMPTY] * 6
        self.lit = [False] * 3
        return gone
