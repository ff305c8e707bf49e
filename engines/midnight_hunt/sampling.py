"""What a seat knows of a Midnight Hunt game, and a full game sampled from it (issue 31: honest computer players).

Everything on the board, in the supplies, discards and graveyards is public (MH-49); a seat sees its own hand, bag
contents and pending Seal (MH-50). Hidden from it are the other seats' hands and bags (only sizes are public, and
which tokens are in bag + hand together follows from the public counts) and what another seat's Seal chose
(MH-P2: that they played it is public). :func:`known` is the state with every seat's share of those taken out; being public, a computer player's
view holds it (``engine.view(state, seat, known=True)["known"]``), and a seat's own view adds its hand, bag and Seal (MH-50). :func:`sample` splits each other seat's unseen tokens at random between hand and
bag and gives a played Seal a random legal choice; the seed is new, so future draws are unknown too.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engines.midnight_hunt.rules import SEAL, Ruleset
from engines.midnight_hunt.state import MidnightHuntState
from engines.serial import from_plain, to_plain


def known(state: MidnightHuntState) -> dict[str, Any]:
    """The state as everyone knows it: every seat's bag and hand as sizes, a pending Seal as played or not."""
    plain = to_plain(state)
    plain.pop("seed", None)
    plain.pop("rng_draws", None)
    for seat in plain["seats"].values():
        seat["bag"] = len(seat["bag"])
        seat["hand"] = len(seat["hand"])
        seat["pending"] = seat["pending"] is not None  # MH-47: who played a Seal is public, not the choice
    return plain


def sample(view: dict[str, Any], viewer: str, chooser: random.Random, rules: Ruleset) -> MidnightHuntState:
    """A full state consistent with ``viewer``'s view: the public :func:`known`, their own hand, bag and Seal."""
    table = view["known"]
    plain = dict(table)
    seats = {}
    on_board = Counter((u["owner"], u["unit"]) for u in table["board"].values() for _ in range(u["stack"]))
    for player, seat in table["seats"].items():
        seat = dict(seat)
        if player == viewer:
            seat["hand"], seat["bag"], seat["pending"] = list(view["hand"]), list(view["bag_contents"]), view["pending"]
        else:
            unseen: list[str] = []
            for unit in seat["units"]:
                if unit not in seat["supply"]:  # still drafting: no tokens yet
                    continue
                count = rules.units[unit].tokens - seat["supply"][unit] - seat["discard"][unit] - seat["dead"][unit]
                unseen += [unit] * (count - on_board[(player, unit)])
            if seat["discard_hidden"] == 0 and table["round"] > 0:
                unseen.append(SEAL)
            chooser.shuffle(unseen)
            seat["hand"], seat["bag"] = unseen[: seat["hand"]], sorted(unseen[seat["hand"] :])
            if seat["pending"]:
                choices: list[dict[str, Any]] = [{"choice": "pass", "unit": None}]
                if seat["side"] != table["initiative"]:
                    choices.append({"choice": "initiative", "unit": None})
                choices += [{"choice": "recruit", "unit": u} for u in seat["units"] if seat["supply"].get(u, 0) > 0]
                seat["pending"] = chooser.choice(choices)
            else:
                seat["pending"] = None
        seats[player] = seat
    plain["seats"] = seats
    plain["seed"] = f"sample/{chooser.getrandbits(64)}"
    plain["rng_draws"] = 0
    return from_plain(MidnightHuntState, plain)
