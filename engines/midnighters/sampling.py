"""What a seat knows of a Midnighters game, and a full game sampled from it (issue 31: honest computer players).

:func:`known` is the whole state less what ``viewer`` may not see (MN-64, MN-P1 .. MN-P9): the hands they are not
shown (their own, the hands of turns they control, a Motel target's while they take from it) as sizes; the deck
and the discard pile as sizes (the discard's faces while they choose at the Square); the traps they do not know of
(MN-P7) as owner and id only; the face-down cards of others' trap settings on the stack; the marks of others'
traps; the cards another player discarded over the limit; and the seed. A computer player's view holds it
(``engine.view(state, seat, known=True)["known"]``).

:func:`sample` deals every unseen card of the game at random into those places: a hidden trap gets a random Suspense
and Director card, its location the Suspense's; the Horror's hidden hand holds the Black (MN-47); a hidden hand holds
the nightmares its player is publicly known to hold (``public_nightmares``, MN-37, MN-40). A new seed makes the
future's draws unknown too.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import typing
from collections import Counter
from typing import Any

from engines.midnighters import piles
from engines.midnighters.data import SUSPENSE, TRAP_PARTNERS, full_deck, suspense_location
from engines.midnighters.state import MidnightersState
from engines.serial import from_plain, to_plain

BLACK = "black"


def shown_hands(state: MidnightersState, viewer: str) -> set[str]:
    """Whose hands ``viewer`` sees: their own, those of turns they control (MN-P5), a Motel target's (MN-P4)."""
    seen = {viewer} | {v for v, o in state.claims.items() if o == viewer}
    if state.controller == viewer:
        seen.add(state.current)
    task = state.choice
    if task is not None and state.prompts and state.prompts[0].players[0] == viewer and task.kind == "motel_take":
        seen.add(task.other)
    return seen


def _shows_discard(state: MidnightersState, viewer: str) -> bool:
    task = state.choice
    return task is not None and bool(state.prompts) and state.prompts[0].players[0] == viewer and task.kind == "square"


def known(state: MidnightersState, viewer: str) -> dict[str, Any]:
    plain = to_plain(state)
    plain.pop("seed", None)
    plain.pop("rng_draws", None)
    seen = shown_hands(state, viewer)
    plain["hands"] = {p: list(h) if p in seen else len(h) for p, h in state.hands.items()}
    plain["deck"] = piles.size(state.deck) + len(state.stacked)
    plain["stacked"] = []
    if not _shows_discard(state, viewer):
        plain["discard"] = piles.size(state.discard)
    plain["traps"] = [
        t if viewer in t["known_to"] else {"id": t["id"], "owner": t["owner"], "known_to": t["known_to"]}
        for t in plain["traps"]
    ]
    mine = {t.id for t in state.traps if viewer in t.known_to}
    plain["marks"] = [m for m in state.marks if m in mine]
    for play in plain["stack"]:
        if play["kind"] == "set_trap" and play["player"] != viewer:
            play["cards"] = len(play["cards"])
            play["location"] = ""
    for task in [*plain["agenda"], *([plain["choice"]] if plain["choice"] else [])]:
        if task["kind"] == "excess" and task["player"] != viewer:
            task["names"] = len(task["names"])
    return plain


def sample(table: dict[str, Any], viewer: str, chooser: random.Random) -> MidnightersState:
    plain = dict(table)
    pool = Counter(full_deck())
    hands = table["hands"]
    for held in hands.values():
        if isinstance(held, list):
            pool.subtract(held)
    if isinstance(table["discard"], dict):
        pool.subtract(piles.contents(table["discard"]))
    pool.subtract(table["out_of_game"])
    for trap in table["traps"]:
        if "card" in trap:
            pool.subtract([trap["suspense"], trap["card"]])
    for play in table["stack"]:
        if isinstance(play["cards"], list):
            pool.subtract(play["cards"])

    def take(allowed: Any = None) -> str:
        cards = [c for c in sorted(pool.elements()) if allowed is None or c in allowed]
        card = chooser.choice(cards) if cards else chooser.choice(sorted(allowed or pool.elements() or ["sleepwalk"]))
        if pool[card] > 0:
            pool[card] -= 1
        return card

    # the constrained places first: hidden traps and trap settings, the Horror's Black
    traps = []
    for trap in table["traps"]:
        if "card" not in trap:
            suspense = take(SUSPENSE)
            trap = {**trap, "suspense": suspense, "card": take(TRAP_PARTNERS), "location": suspense_location(suspense)}
        traps.append(trap)
    stack = []
    for play in table["stack"]:
        if not isinstance(play["cards"], list):
            suspense = take(SUSPENSE)
            play = {**play, "cards": [suspense, take(TRAP_PARTNERS)], "location": suspense_location(suspense)}
        stack.append(play)
    new_hands: dict[str, list[str]] = {}
    horror = table["horror"]
    if horror is not None and not isinstance(hands[horror], list):
        new_hands[horror] = [take([BLACK])]
    # the nightmares everyone saw a player draw and that cannot have left their hand since (MN-37, MN-40)
    for player, cards in sorted(table.get("public_nightmares", {}).items()):
        if not isinstance(hands.get(player), list):
            new_hands[player] = new_hands.get(player, []) + [take([card]) for card in cards if pool[card] > 0]
    rest = [c for c in sorted(pool.elements()) if c != BLACK]
    blacks = [BLACK] * pool[BLACK]
    chooser.shuffle(rest)
    for player, held in hands.items():
        if isinstance(held, list):
            new_hands[player] = list(held)
        else:
            have = new_hands.get(player, [])
            need = held - len(have)
            new_hands[player], rest = have + rest[:need], rest[need:]
    rest += blacks  # the Black is never in a hand but the Horror's (MN-47)
    chooser.shuffle(rest)
    deck_size = table["deck"]
    plain["deck"], rest = piles.of(rest[:deck_size]), rest[deck_size:]
    if not isinstance(table["discard"], dict):
        plain["discard"], rest = piles.of(rest[: table["discard"]]), rest[table["discard"] :]
    plain["hands"] = {p: new_hands[p] for p in hands}
    plain["traps"] = traps
    plain["stack"] = stack

    def task(t: dict[str, Any]) -> dict[str, Any]:
        if t["kind"] == "excess" and not isinstance(t["names"], list):
            return {**t, "names": [chooser.choice(rest or ["sleepwalk"]) for _ in range(t["names"])]}
        return t

    plain["agenda"] = [task(t) for t in table["agenda"]]
    plain["choice"] = task(table["choice"]) if table["choice"] else None
    plain["seed"] = f"sample/{chooser.getrandbits(64)}"
    plain["rng_draws"] = 0
    last_table, last_state = _LAST[0]  # one read: another thread may sample another view meanwhile
    if last_table is table:  # a search samples one view many times: only what is dealt differs from the last one
        hints = _hints()
        return dataclasses.replace(last_state, **{name: from_plain(hints[name], plain[name]) for name in _DEALT})
    state = from_plain(MidnightersState, plain)
    _LAST[0] = (table, state)
    return state


#: The fields :func:`sample` deals (the rest is the view's, the same in every sample of it).
_DEALT = ("hands", "deck", "discard", "traps", "stack", "agenda", "choice", "seed", "rng_draws")
#: The table sampled last and its first sample, whose other fields the next samples of that table share (a state is
#: never changed once made, :func:`engines.copying.settle`, so sharing is safe; rebuilding them was a tenth of a
#: search's time). Holding the table keeps the identity test sound.
_LAST: list[tuple[Any, Any]] = [(None, None)]


@functools.cache
def _hints() -> dict[str, Any]:
    return typing.get_type_hints(MidnightersState)
