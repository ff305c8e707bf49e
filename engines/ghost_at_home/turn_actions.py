"""Carrying out the turn actions of GH-7 (rooms, ghost, cat, light, the special cards, discarding) once
:mod:`engines.ghost_at_home.moves` has checked them and made their plan."""

from __future__ import annotations

from engines.core import Event
from engines.ghost_at_home.cards import CAT, GHOST, remove_cards
from engines.ghost_at_home.house import EMPTY, slot_args, slot_name
from engines.ghost_at_home.moves import CatMove, Light, Placement, SpaceHole, Target
from engines.ghost_at_home.state import GhostState


class TurnActions:
    """The turn actions of :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def _play_rooms(self, state: GhostState, player: str, placements: list[Placement], events: list[Event]) -> None:
        house = state.houses[player]
        for p in placements:  # GH-11: lowest target floor first; the check has simulated this exact order
            remove_cards(state.hands[player], [p.card])
            house.place(p.card, p.floor)
        events.append(
            Event(
                "gh.rooms_played",
                {"player": player, "cards": [p.card for p in placements], "floors": [p.floor for p in placements]},
            )
        )
        self._end_turn(state, events)

    def _play_ghost(self, state: GhostState, player: str, target: Target, events: list[Event]) -> None:
        remove_cards(state.hands[player], [GHOST])
        self._send_ghost(state, player, target, "ghost", events)

    def _play_cat(self, state: GhostState, player: str, slot: int, events: list[Event]) -> None:
        remove_cards(state.hands[player], [CAT])
        state.houses[player].occupants[slot] = "cat"  # GH-15
        events.append(Event("gh.cat_played", {"player": player, **slot_args(slot)}))
        self._end_turn(state, events)

    def _play_light(self, state: GhostState, player: str, light: Light, events: list[Event]) -> None:
        remove_cards(state.hands[player], light.cards)
        state.discard.extend(light.cards)  # GH-18: the payment is discarded face up
        state.houses[player].lit[light.floor - 1] = True
        events.append(Event("gh.light_on", {"player": player, "floor": light.floor, "cards": light.cards}))
        self._end_turn(state, events)

    def _play_special(self, state: GhostState, player: str, card: str) -> None:
        """GH-20: the special card goes to the discard pile face up."""
        remove_cards(state.hands[player], [card])
        state.discard.append(card)

    def _play_space_hole(self, state: GhostState, player: str, plan: SpaceHole, events: list[Event]) -> None:
        self._play_special(state, player, "space_hole")
        state.houses[player].occupants[plan.from_slot] = EMPTY  # GH-21: the room it left stays
        events.append(Event("gh.space_hole_played", {"player": player, "from_floor": slot_name(plan.from_slot)[0]}))
        self._send_ghost(state, player, plan.target, "space_hole", events)

    def _play_light_bulb(self, state: GhostState, player: str, floor: int, events: list[Event]) -> None:
        self._play_special(state, player, "light_bulb")
        state.houses[player].lit[floor - 1] = True  # GH-22
        events.append(Event("gh.light_bulb_played", {"player": player, "floor": floor}))
        self._end_turn(state, events)

    def _play_cat_food(self, state: GhostState, player: str, move: CatMove, events: list[Event]) -> None:
        self._play_special(state, player, "cat_food")
        self._move_cat(state, player, move)  # GH-23: the opponent cannot answer
        events.append(
            Event(
                "gh.cat_food_played",
                {"player": player, "from_player": move.owner, **slot_args(move.from_slot, "from_"), **slot_args(move.to_slot)},
            )
        )
        self._end_turn(state, events)

    def _play_elevator(self, state: GhostState, player: str, move: CatMove, events: list[Event]) -> None:
        self._play_special(state, player, "elevator")
        self._move_cat(state, player, move)  # GH-24
        events.append(
            Event(
                "gh.elevator_played",
                {"player": player, **slot_args(move.from_slot, "from_"), **slot_args(move.to_slot)},
            )
        )
        self._end_turn(state, events)

    @staticmethod
    def _move_cat(state: GhostState, player: str, move: CatMove) -> None:
        state.houses[move.owner].occupants[move.from_slot] = EMPTY
        state.houses[player].occupants[move.to_slot] = "cat"

    def _play_lightning(self, state: GhostState, player: str, target: str, events: list[Event]) -> None:
        self._play_special(state, player, "lightning")
        house = state.houses[target]
        floor = house.highest_explored()
        house.lit[floor - 1] = False  # GH-25
        events.append(Event("gh.lightning_played", {"player": player, "target": target, "floor": floor}))
        if "ghost" in (house.occupants[i] for i in house.slots(floor)):  # GH-25: now the dark-floor case of GH-13
            self._wipe(state, target, floor, light_off=True, events=events)
        self._end_turn(state, events)

    def _play_discard(self, state: GhostState, player: str, cards: list[str], events: list[Event]) -> None:
        remove_cards(state.hands[player], cards)
        state.discard.extend(cards)  # GH-27: face down; only the number is public (GH-P2)
        events.append(Event("gh.discarded", {"player": player, "count": len(cards)}))
        self._draw(state, player, len(cards), events)
        self._end_turn(state, events)

