"""Setting up a game (MN-1 .. MN-11): seats, the board, the avatars on their corridors, and the opening hands.

Everything random comes from the game's seed (MN-4), drawn in a fixed order: the seating, then the board (unless
the ``classic`` layout is chosen), then the hands. ``overrides`` fixes chance for scenario play and tests:

* ``seats``: the seat order (every player once);
* ``board``: ``{location: [cell name, quarter turns]}`` for all 12 location cards;
* ``avatars``: ``{player: location}``, on top of the starting corridors;
* ``hands`` (and ``stacked``, ``discard``): chosen hands, cards stacked on top of the deck, and the discard.

The first turn is not started here: the engine queues it on the agenda.
"""

from __future__ import annotations

from typing import Any

from engines.core import Event, require, rng, to
from engines.midnighters import board, piles
from engines.midnighters.data import CORRIDORS, HAND_SIZE, LOCATIONS, NIGHTMARES, full_deck
from engines.midnighters.state import MidnightersState


def new_game(
    players: list[str], options: dict[str, Any], seed: str, overrides: dict[str, Any], events: list[Event]
) -> MidnightersState:
    """A dealt table: seated, laid out, every avatar on its corridor and every hand dealt (and told its owner)."""
    state = MidnightersState(
        players=players,
        seed=seed,
        options=options,
        seats=[],
        active=[],
        cells={},
        turns={},
        avatars={},
        hands={},
        deck={},
    )
    # MN-1: random seating from the seeded RNG (MN-4).
    seats = list(overrides.get("seats") or players)
    require(sorted(seats) == sorted(players), "bad_override", "seats must list every player once")
    if "seats" not in overrides:
        rng(state).shuffle(seats)
    state.seats, state.active = seats, list(seats)
    build_board(state, options, overrides)
    # MN-3: seat k starts on Corridor k.
    state.avatars = {p: CORRIDORS[i] for i, p in enumerate(seats)}
    state.avatars.update(overrides.get("avatars") or {})
    deal_hands(state, overrides)
    events.append(Event("mn.game_started", {"players": list(seats), "layout": options["layout"]}))
    for p in seats:
        events.append(Event("mn.your_hand", {"cards": list(state.hands[p])}, to(p)))
    return state


def build_board(state: MidnightersState, options: dict[str, Any], overrides: dict[str, Any]) -> None:
    """MN-7 / MN-8: the Director lays out the 12 location cards."""
    if "board" in overrides:  # scenario play: {location: [cell name, quarter turns]}
        layout = overrides["board"]
        require(set(layout) == set(LOCATIONS), "bad_override", "the board must place all 12 location cards")
        state.cells = {loc: board.parse_cell(layout[loc][0]) for loc in LOCATIONS}
        state.turns = {loc: int(layout[loc][1]) % 4 for loc in LOCATIONS}
        require(len(set(state.cells.values())) == len(LOCATIONS), "bad_override", "two cards on one cell")
    elif options["layout"] == "classic":
        state.cells, state.turns = board.classic_layout()
    else:
        key = f"{state.seed}/{rng(state).getrandbits(64)}"
        placed, _rejected = board.random_layout(key)
        state.cells = {loc: cell for loc, cell, _ in placed}
        state.turns = {loc: turns for loc, _, turns in placed}


def deal_hands(state: MidnightersState, overrides: dict[str, Any]) -> None:
    """MN-10 / MN-11: shuffle the 102 cards and deal 5 each, keeping nightmares out of the opening hands."""
    deck = piles.of(full_deck())
    if "hands" in overrides:  # scenario play: chosen hands (and discard, and cards stacked on the deck)
        state.hands = {p: list(overrides["hands"].get(p, [])) for p in state.seats}
        state.stacked = list(overrides.get("stacked", []))
        state.discard = piles.of(overrides.get("discard", []))
        for card in [c for h in state.hands.values() for c in h] + state.stacked + piles.contents(state.discard):
            require(deck.get(card, 0) > 0, "bad_override", f"too many {card} cards", card=card)
            piles.remove(deck, card)
    else:
        # MN-11: a nightmare dealt goes back and is replaced by the next card, so hands are dealt from the
        # Director cards alone; the nightmares stay in the (face-down, shuffled) deck.
        chooser = rng(state)
        dealable = {c: n for c, n in deck.items() if c not in NIGHTMARES}
        state.hands = {p: [] for p in state.seats}
        for p in state.seats:
            for _ in range(HAND_SIZE):
                card = piles.draw(dealable, chooser)
                piles.remove(deck, card)
                state.hands[p].append(card)
    state.deck = deck
