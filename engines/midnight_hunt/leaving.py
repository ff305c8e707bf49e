"""Leaving and time running out (MH-55 .. MH-57): the rejoin window, idling, and a chess clock at zero."""

from __future__ import annotations

import dataclasses

from engines.core import Event, Prompt, new_prompt_id
from engines.midnight_hunt.state import MidnightHuntState


class Leaving:
    """Leaving and timeouts in :class:`~engines.midnight_hunt.engine.MidnightHunt` (a mixin)."""

    def _on_timeout(self, state: MidnightHuntState, prompt: Prompt, events: list[Event]) -> None:
        (player,) = prompt.players
        if prompt.key == "mh.rejoin":  # MH-55: not back in time
            self._lose(state, player, "abandoned", events)
        elif state.seats[player].clock is not None:  # MH-57: the clock ran out
            state.seats[player].clock = 0
            self._lose(state, player, "time", events)
        else:  # MH-56: idle for too long counts as leaving
            self._leave(state, player, True, events)

    def _leave(self, state: MidnightHuntState, player: str, idle: bool, events: list[Event]) -> None:
        """MH-55: the leaver gets a rejoin window; if it is their turn, the game waits for them."""
        state.seats[player].away = True
        seconds = state.options["rejoin_seconds"]
        rejoin = Prompt(new_prompt_id(state, "rejoin"), "reaction", (player,), seconds, "mh.rejoin", {"player": player})
        state.prompts.append(rejoin)
        events.append(Event("mh.left", {"player": player, "seconds": seconds, "idle": idle}))
        self._open_turn(state, new=False)
        # for the words: why they left (MH-56's limit), and the turn that waits for them from now on, if any
        waiting = state.prompts[0].id if state.current == player else None
        params = {**rejoin.params, "idle": idle, "turn": waiting}
        state.prompts = [dataclasses.replace(p, params=params) if p is rejoin else p for p in state.prompts]
