"""The turn actions of GH-7: how each is checked, and the list of every legal one.

Every action kind has a *check* that reads an action's arguments and either refuses it with
:class:`~engines.core.IllegalAction` or returns what to do (a small plan the engine carries out), and a
*candidates* generator that proposes arguments. The legal actions are exactly the candidates that pass their
check, so the rules are written once: the buttons the bot offers and the refusals it reports cannot disagree.

Arguments are plain JSON: floors are ``1``..``3``, sides ``"left"``/``"right"``, players by id, cards by id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from engines.core import IllegalAction, require
from engines.ghost_at_home.cards import (
    CARDS,
    CAT,
    GHOST,
    LIGHT_COST,
    ROOM_CARDS,
    bulbs,
    contains,
    fits_floor,
    sort_cards,
)
from engines.ghost_at_home.house import FLOORS, SIDES, House, slot_args, slot_index, slot_name
from engines.ghost_at_home.state import GhostState

Args = Mapping[str, Any]


# -- reading arguments -----------------------------------------------------------------------------------------


def _floor(args: Args, name: str = "floor") -> int:
    value = args.get(name)
    require(
        type(value) is int and value in FLOORS,
        "bad_args",
        f"{name} must be a floor from 1 to 3",
        arg=name,
    )
    return value


def _side(args: Args, name: str = "side") -> str:
    value = args.get(name)
    require(value in SIDES, "bad_args", f"{name} must be left or right", arg=name)
    return value


def _slot(args: Args, floor_arg: str = "floor", side_arg: str = "side") -> int:
    return slot_index(_floor(args, floor_arg), _side(args, side_arg))


def _cards(args: Args, name: str = "cards") -> list[str]:
    value = args.get(name)
    require(
        isinstance(value, (list, tuple)) and value and all(c in CARDS for c in value),
        "bad_args",
        f"{name} must be a non-empty list of card ids",
        arg=name,
    )
    return list(value)


def _opponent(state: GhostState, player: str, args: Args, name: str = "target") -> str:
    value = args.get(name)
    require(value in state.seats and value != player, "bad_target", "choose an opponent still in the game")
    return value


def _holds(state: GhostState, player: str, *cards: str) -> None:
    require(contains(state.hands[player], cards), "no_card", "you do not hold that card", cards=list(cards))


def _hand_subsets(hand: list[str], sizes: range) -> Iterator[tuple[str, ...]]:
    """Every distinct sub-multiset of ``hand`` with a size in ``sizes``, each in canonical card order."""
    ordered = sort_cards(hand)
    for size in sizes:
        yield from dict.fromkeys(combinations(ordered, size))



# -- the actions -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    card: str
    floor: int


def check_rooms(state: GhostState, player: str, args: Args) -> list[Placement]:
    """GH-10 / GH-11 / GH-26: rooms from the hand onto their floors, lowest target floor first, each placement
    legal when applied after the earlier ones; one bad placement refuses the whole action."""
    cards = _cards(args)
    floors = args.get("floors")
    require(
        isinstance(floors, (list, tuple)) and len(floors) == len(cards),
        "bad_args",
        "give one floor per room card",
        arg="floors",
    )
    require(all(type(f) is int and f in FLOORS for f in floors), "bad_args", "floors are 1 to 3", arg="floors")
    placements = sorted((Placement(card, f) for card, f in zip(cards, floors)), key=lambda p: p.floor)
    for p in placements:
        require(CARDS[p.card].is_room, "not_a_room", "only room cards go into the house", card=p.card)
        require(fits_floor(p.card, p.floor), "wrong_floor", "that room belongs on another floor", card=p.card, floor=p.floor)
    _holds(state, player, *cards)
    house = state.houses[player]
    filled = {f: house.rooms_on(f) for f in FLOORS}
    for p in placements:
        require(filled[p.floor] < 2, "floor_full", "that floor has no empty slot", floor=p.floor)
        require(
            all(filled[f] == 2 for f in range(1, p.floor)),
            "lower_floors_first",
            "fill every lower floor first",
            floor=p.floor,
        )
        filled[p.floor] += 1
    return placements


def rooms_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    rooms = [c for c in state.hands[player] if c in ROOM_CARDS]
    seen: set[tuple[tuple[str, int], ...]] = set()
    for chosen in _hand_subsets(rooms, range(1, len(rooms) + 1)):
        options = [[f for f in FLOORS if fits_floor(card, f)] for card in chosen]
        for floors in product(*options):
            pairs = tuple(sorted(zip(chosen, floors), key=lambda cf: (cf[1], ROOM_CARDS.index(cf[0]))))
            if pairs not in seen:
                seen.add(pairs)
                yield {"cards": [c for c, _ in pairs], "floors": [f for _, f in pairs]}


@dataclass(frozen=True)
class Target:
    """A room a ghost is sent at: the defender and the flat slot."""

    defender: str
    slot: int


def _ghost_target(state: GhostState, player: str, args: Args) -> Target:
    """GH-12: an opponent's room on their highest explored floor with no ghost on it."""
    defender = _opponent(state, player, args)
    slot = _slot(args)
    house = state.houses[defender]
    require(
        slot in house.ghost_targets(),
        "bad_room",
        "a ghost goes on a room with no ghost on the opponent's highest explored floor",
        floor=slot_name(slot)[0],
    )
    return Target(defender, slot)


def _ghost_target_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    for defender in state.opponents(player):
        for slot in state.houses[defender].ghost_targets():
            yield {"target": defender, **slot_args(slot)}


def check_ghost(state: GhostState, player: str, args: Args) -> Target:
    """GH-12: one ghost card from the hand against an opponent's room."""
    _holds(state, player, GHOST)
    return _ghost_target(state, player, args)


def ghost_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    if GHOST in state.hands[player]:
        yield from _ghost_target_candidates(state, player)


def check_cat(state: GhostState, player: str, args: Args) -> int:
    """GH-15: a cat from the hand onto one of your own free rooms."""
    _holds(state, player, CAT)
    slot = _slot(args)
    require(slot in state.houses[player].free_rooms(), "bad_room", "a cat goes on one of your free rooms")
    return slot


def cat_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    if CAT in state.hands[player]:
        for slot in state.houses[player].free_rooms():
            yield slot_args(slot)


@dataclass(frozen=True)
class Light:
    floor: int
    cards: list[str]


def _lightable(house: House, floor: int) -> None:
    require(
        house.can_light(floor),
        "cannot_light",
        "light a dark floor whose lower floors are all full",
        floor=floor,
    )


def check_light(state: GhostState, player: str, args: Args) -> Light:
    """GH-18: pay 2 or 3 cards with 5 or more bulbs together, then light a dark floor above full floors."""
    cards = _cards(args)  # the payment first: cards picked before the floor are judged at once (GH-18)
    require(
        LIGHT_COST.min_cards <= len(cards) <= LIGHT_COST.max_cards,
        "light_cost",
        "a light costs 2 or 3 cards",
        min=LIGHT_COST.min_cards,
        max=LIGHT_COST.max_cards,
    )
    _holds(state, player, *cards)
    require(
        bulbs(cards) >= LIGHT_COST.min_bulbs,
        "not_enough_bulbs",
        "those cards do not show enough bulbs",
        bulbs=bulbs(cards),
        needed=LIGHT_COST.min_bulbs,
    )
    floor = _floor(args)
    _lightable(state.houses[player], floor)
    return Light(floor, sort_cards(cards))


def light_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    house = state.houses[player]
    floors = [f for f in FLOORS if house.can_light(f)]
    if not floors:
        return
    sizes = range(LIGHT_COST.min_cards, LIGHT_COST.max_cards + 1)
    payments = [list(c) for c in _hand_subsets(state.hands[player], sizes) if bulbs(c) >= LIGHT_COST.min_bulbs]
    for floor in floors:
        for cards in payments:
            yield {"floor": floor, "cards": cards}


@dataclass(frozen=True)
class SpaceHole:
    from_slot: int
    target: Target


def check_space_hole(state: GhostState, player: str, args: Args) -> SpaceHole:
    """GH-21: move a ghost resting in your house to an opponent's room (chosen as in GH-12)."""
    _holds(state, player, "space_hole")
    from_floor = _floor(args, "from_floor")
    own = state.houses[player]
    resting = [i for i in House.slots(from_floor) if own.occupants[i] == "ghost"]
    require(resting, "no_ghost_here", "no ghost rests on that floor of your house", floor=from_floor)
    return SpaceHole(resting[0], _ghost_target(state, player, args))


def space_hole_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    if "space_hole" not in state.hands[player]:
        return
    for slot in state.houses[player].with_occupant("ghost"):
        for target in _ghost_target_candidates(state, player):
            yield {"from_floor": slot_name(slot)[0], **target}


def check_light_bulb(state: GhostState, player: str, args: Args) -> int:
    """GH-22: light one of your dark floors whose lower floors are full, for free."""
    _holds(state, player, "light_bulb")
    floor = _floor(args)
    _lightable(state.houses[player], floor)
    return floor


def light_bulb_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    if "light_bulb" in state.hands[player]:
        house = state.houses[player]
        for floor in FLOORS:
            if house.can_light(floor):
                yield {"floor": floor}


@dataclass(frozen=True)
class CatMove:
    """A cat moved from ``owner``'s ``from_slot`` to the player's own ``to_slot`` (GH-23 / GH-24)."""

    owner: str
    from_slot: int
    to_slot: int


def check_cat_food(state: GhostState, player: str, args: Args) -> CatMove:
    """GH-23: take a cat from an opponent's house onto a free room of yours."""
    _holds(state, player, "cat_food")
    owner = _opponent(state, player, args, "from_player")
    from_slot = _slot(args, "from_floor", "from_side")
    require(state.houses[owner].occupants[from_slot] == "cat", "no_cat_here", "no cat lies on that room")
    to_slot = _slot(args)
    require(to_slot in state.houses[player].free_rooms(), "bad_room", "the cat goes on one of your free rooms")
    return CatMove(owner, from_slot, to_slot)


def cat_food_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    if "cat_food" not in state.hands[player]:
        return
    free = state.houses[player].free_rooms()
    for owner in state.opponents(player):
        for from_slot in state.houses[owner].with_occupant("cat"):
            for to_slot in free:
                yield {"from_player": owner, **slot_args(from_slot, "from_"), **slot_args(to_slot)}


def check_elevator(state: GhostState, player: str, args: Args) -> CatMove:
    """GH-24: move a cat in your house onto a free room of yours on another floor."""
    _holds(state, player, "elevator")
    house = state.houses[player]
    from_slot = _slot(args, "from_floor", "from_side")
    require(house.occupants[from_slot] == "cat", "no_cat_here", "no cat lies on that room")
    to_slot = _slot(args)
    require(to_slot in house.free_rooms(), "bad_room", "the cat goes on one of your free rooms")
    require(slot_name(to_slot)[0] != slot_name(from_slot)[0], "same_floor", "the elevator goes to another floor")
    return CatMove(player, from_slot, to_slot)


def elevator_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    if "elevator" not in state.hands[player]:
        return
    house = state.houses[player]
    for from_slot in house.with_occupant("cat"):
        for to_slot in house.free_rooms():
            if slot_name(to_slot)[0] != slot_name(from_slot)[0]:
                yield {**slot_args(from_slot, "from_"), **slot_args(to_slot)}


def check_lightning(state: GhostState, player: str, args: Args) -> str:
    """GH-25: an opponent whose highest explored floor is lit."""
    _holds(state, player, "lightning")
    target = _opponent(state, player, args)
    house = state.houses[target]
    top = house.highest_explored()
    require(top is not None and house.is_lit(top), "not_lit", "that opponent's highest explored floor is dark")
    return target


def lightning_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    if "lightning" in state.hands[player]:
        for target in state.opponents(player):
            yield {"target": target}


def check_discard(state: GhostState, player: str, args: Args) -> list[str]:
    """GH-27: one or more cards from the hand, face down."""
    cards = _cards(args)
    _holds(state, player, *cards)
    return sort_cards(cards)


def discard_candidates(state: GhostState, player: str) -> Iterator[dict[str, Any]]:
    hand = state.hands[player]
    for cards in _hand_subsets(hand, range(1, len(hand) + 1)):
        yield {"cards": list(cards)}


@dataclass(frozen=True)
class Move:
    """One kind of turn action: its check and its candidate arguments."""

    check: Callable[[GhostState, str, Args], Any]
    candidates: Callable[[GhostState, str], Iterator[dict[str, Any]]]


#: GH-7: the turn actions, by action kind. The five specials (GH-20) are played by their own card id.
TURN_MOVES: dict[str, Move] = {
    "rooms": Move(check_rooms, rooms_candidates),
    "ghost": Move(check_ghost, ghost_candidates),
    "cat": Move(check_cat, cat_candidates),
    "light": Move(check_light, light_candidates),
    "space_hole": Move(check_space_hole, space_hole_candidates),
    "light_bulb": Move(check_light_bulb, light_bulb_candidates),
    "cat_food": Move(check_cat_food, cat_food_candidates),
    "elevator": Move(check_elevator, elevator_candidates),
    "lightning": Move(check_lightning, lightning_candidates),
    "discard": Move(check_discard, discard_candidates),
}


def legal_turn_args_checked(state: GhostState, player: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every legal turn action of ``player`` as ``(kind, args)``: the candidates that pass their check (the
    definition; :func:`legal_turn_args` lists the same, faster)."""
    for kind, move in TURN_MOVES.items():
        for args in move.candidates(state, player):
            try:
                move.check(state, player, args)
            except IllegalAction:
                continue
            yield kind, args


def legal_turn_args(state: GhostState, player: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The same list as :func:`legal_turn_args_checked`, in the same order, without running every check: each
    candidate generator proposes only what its check accepts, except for rooms (GH-11: floor capacity and lower
    floors first, tested here directly) and lightning (GH-25: the target's top floor must be lit). A computer
    player's search lists actions at every step, so this is its engine's hottest path (issue 31)."""
    for kind, move in TURN_MOVES.items():
        if kind == "rooms":
            house = state.houses[player]
            filled = [house.rooms_on(f) for f in FLOORS]
            for args in move.candidates(state, player):
                if _rooms_fit(filled, args["floors"]):
                    yield kind, args
        elif kind == "lightning":
            for args in move.candidates(state, player):
                target = state.houses[args["target"]]
                top = target.highest_explored()
                if top is not None and target.is_lit(top):
                    yield kind, args
        else:
            for args in move.candidates(state, player):
                yield kind, args


def _rooms_fit(filled: list[int], floors: list[int]) -> bool:
    """GH-11 for placements in floor order (as :func:`rooms_candidates` gives them): room left on each floor,
    every lower floor full when a room goes on."""
    count = list(filled)
    for floor in floors:
        if count[floor - 1] >= 2 or any(count[f] < 2 for f in range(floor - 1)):
            return False
        count[floor - 1] += 1
    return True
