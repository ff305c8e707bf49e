"""Ghosts (GH-13 .. GH-18): every ghost sent, the cat window that may answer it, where it lands and what it
wipes, and where the game goes on afterwards."""

from __future__ import annotations

from engines.core import Event
from engines.ghost_at_home.cards import CAT, GHOST, remove_cards, sort_cards
from engines.ghost_at_home.house import EMPTY, slot_args, slot_name
from engines.ghost_at_home.moves import Target
from engines.ghost_at_home.state import Attack, AttackSource, GhostState


class Ghosts:
    """Ghosts in :class:`~engines.ghost_at_home.engine.GhostAtHome` (a mixin)."""

    def _send_ghost(
        self, state: GhostState, attacker: str, target: Target, source: AttackSource, events: list[Event]
    ) -> None:
        """GH-13: a ghost arrives at ``target``. A guarding cat stops it at once; otherwise the defender's cat
        window opens (GH-17), always, so its opening says nothing about their hand (GH-P4)."""
        house = state.houses[target.defender]
        events.append(
            Event(
                "gh.ghost_sent",
                {"player": attacker, "target": target.defender, "source": source, **slot_args(target.slot)},
            )
        )
        if house.occupants[target.slot] == "cat":  # GH-13 step 1 (GH-15: the guard works once)
            house.occupants[target.slot] = EMPTY
            state.discard.extend([GHOST, CAT])
            events.append(Event("gh.ghost_met_cat", {"player": target.defender, **slot_args(target.slot)}))
            self._after_ghost(state, events)
            return
        state.attack = Attack(attacker, target.defender, target.slot, source)  # GH-13 step 2
        self._open(state, "cat_window", target.defender, state.options["reaction_seconds"], events)

    def _close_cat_window(self, state: GhostState, answered: bool, events: list[Event]) -> None:
        attack = state.attack
        state.attack = None
        if answered:  # GH-16: the cat and the ghost are both discarded; the cat is not placed
            remove_cards(state.hands[attack.defender], [CAT])
            state.discard.extend([CAT, GHOST])
            events.append(Event("gh.cat_answered", {"player": attack.defender, "attacker": attack.attacker}))
        else:
            self._land(state, attack, events)
        self._after_ghost(state, events)

    def _land(self, state: GhostState, attack: Attack, events: list[Event]) -> None:
        """GH-13 step 3: the ghost lands on the room."""
        house = state.houses[attack.defender]
        floor, _ = slot_name(attack.slot)
        house.occupants[attack.slot] = "ghost"
        if not house.is_lit(floor):  # dark floor: one ghost wipes it (the ghost goes with it)
            self._wipe(state, attack.defender, floor, light_off=False, events=events)
        elif sum(house.occupants[i] == "ghost" for i in house.slots(floor)) == 2:  # the second ghost on a lit floor
            self._wipe(state, attack.defender, floor, light_off=True, events=events)
        else:  # lit floor: it stays and waits
            events.append(Event("gh.ghost_rests", {"player": attack.defender, **slot_args(attack.slot)}))

    def _wipe(self, state: GhostState, player: str, floor: int, light_off: bool, events: list[Event]) -> None:
        """GH-5: the floor's cards go to the discard pile face up and the floor turns dark."""
        cards = state.houses[player].wipe(floor)
        state.discard.extend(cards)
        events.append(
            Event("gh.floor_wiped", {"player": player, "floor": floor, "cards": sort_cards(cards), "light_off": light_off})
        )

    def _after_ghost(self, state: GhostState, events: list[Event]) -> None:
        """A ghost has been resolved: back to the escape it was sent at, or the end of the turn (GH-9)."""
        if state.escape is not None:
            self._continue_escape(state, events)
        else:
            self._end_turn(state, events)

