"""What a seat knows of a Ghost at Home game, and a full game sampled from it (issue 31: honest computer players).

:func:`known` is the whole state with what no player may see taken out (GH-P1, GH-P2, GH-P6): the other hands
as their sizes, the deck and the discard pile as their sizes, and the seed (which would give away the deck order).
All of it is public (GH-6); a computer player's view holds it (``engine.view(state, seat, known=True)["known"]``),
and with the seat's own hand (``view["hand"]``) it reads exactly what a person in its seat is shown, and nothing else. :func:`sample` deals the unseen cards at random back into those places: every card of
the game that is not in the viewer's hand, in a house or on its way as a ghost is equally likely to be anywhere
unseen. The sample's ``known`` for the viewer equals the real one, so its view and legal actions are the same.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engines.ghost_at_home.cards import GHOST, full_deck
from engines.ghost_at_home.state import GhostState
from engines.serial import from_plain, to_plain

#: Fields that are public bookkeeping or the viewer's own and are kept as they are; the rest are redacted below.
HIDDEN = ("seed", "rng_draws")


def known(state: GhostState) -> dict[str, Any]:
    """The state as everyone knows it (JSON-safe): hands, deck and discard reduced to their sizes."""
    plain = to_plain(state)
    for name in HIDDEN:
        plain.pop(name, None)
    plain["hands"] = {p: len(cards) for p, cards in state.hands.items()}
    plain["deck"] = len(state.deck)
    plain["discard"] = len(state.discard)
    return plain


def sample(view: dict[str, Any], viewer: str, chooser: random.Random) -> GhostState:
    """A full state consistent with ``viewer``'s view (the public :func:`known` and their own hand), the unseen
    cards dealt at random; its seed is drawn from ``chooser``, so the future (reshuffles) is unknown too."""
    table = view["known"]
    plain = dict(table)
    pool = Counter(full_deck())
    pool.subtract(view["hand"])
    for house in table["houses"].values():
        pool.subtract(c for c in (*house["rooms"], *house["occupants"]) if c)
    if table.get("attack") is not None:
        pool[GHOST] -= 1
    cards = sorted(pool.elements())  # negative counts (scenario overrides) drop out
    chooser.shuffle(cards)
    slots = sum(n for p, n in table["hands"].items() if p != viewer) + table["deck"] + table["discard"]
    while len(cards) < slots:  # a scenario with more cards than the data: fill with the commonest card
        cards.append("room1")
    hands = {}
    for player, held in table["hands"].items():
        if player == viewer:
            hands[player] = list(view["hand"])
        else:
            hands[player], cards = cards[:held], cards[held:]
    plain["hands"] = hands
    plain["deck"], cards = cards[: table["deck"]], cards[table["deck"] :]
    plain["discard"] = cards[: table["discard"]]
    plain["seed"] = f"sample/{chooser.getrandbits(64)}"
    plain["rng_draws"] = 0
    return from_plain(GhostState, plain)
