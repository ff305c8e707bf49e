"""The privacy invariants GH-P1 .. GH-P6 as one step hook for the random playouts (and for scenario tests).

The hook checks each transition from what the engine publishes, not from how it is built:

* GH-P1 / GH-P6: the spectator view while the game runs is the same for every way of filling the hands, the
  deck and the discard pile with other cards of the same sizes, so it cannot show a card in a hand, the deck
  order or the discard faces; a player's view adds exactly their own hand.
* GH-P2 / GH-P3: a card face named in a public event (its ``cards``) is one that was played face up this step:
  it left a hand other than by the discard action or by leaving, or it left a house, or it is the ghost that
  was on its way. The discard action announces only a count.
* GH-P4: every window is a reaction prompt for exactly one player with the reaction timeout, announced publicly
  only as "waiting for X"; every ghost that reaches a room without a guarding cat opens the defender's window
  and every escape opens the first opponent's window, whatever their hands hold.
* GH-P5: players who are not prompted are offered nothing but leaving, so the list of choices is the prompted
  player's own.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable

from engines.core import Action, Event
from engines.ghost_at_home import GhostState
from engines.ghost_at_home.cards import sort_cards
from tests.engines.ghost_at_home.helpers import GH

#: Every parameter a public event may carry: player ids, floors and sides, counts, rule words - and ``cards``,
#: whose faces are checked separately.
PUBLIC_PARAMS = {
    "player", "players", "target", "attacker", "from_player", "floor", "side", "from_floor", "from_side", "source",
    "window", "count", "turn", "light_off", "deck", "hand", "outcome", "winners", "seed", "cards", "floors",
}  # fmt: skip


def scrubbed(state: GhostState) -> GhostState:
    """The same state with every hidden card replaced by one dull card: what a spectator cannot tell apart."""
    return dataclasses.replace(
        state,
        hands={p: ["room1"] * len(h) for p, h in state.hands.items()},
        deck=["room1"] * len(state.deck),
        discard=["room1"] * len(state.discard),
    )


def _drawn(events: Iterable[Event], player: str) -> Counter:
    drawn: Counter = Counter()
    for e in events:
        if e.key == "gh.you_drew" and e.audience.players == (player,):
            drawn.update(e.params["cards"])
    return drawn


def face_up_this_step(before: GhostState, action: Action, after: GhostState, events: list[Event]) -> Counter:
    """GH-P3: the cards whose faces this step may show publicly."""
    faces: Counter = Counter()
    hidden_moves = {action.player} if action.kind in ("discard", "leave") else set()
    if action.kind == "remove":
        hidden_moves.add(action.args["player"])
    for p in before.players:
        if p not in hidden_moves:
            faces += Counter(before.hands[p]) - (Counter(after.hands[p]) - _drawn(events, p))
        faces += Counter(before.houses[p].cards()) - Counter(after.houses[p].cards())
    if before.attack is not None or any(e.key == "gh.ghost_sent" for e in events):
        faces["ghost"] += 2  # a ghost in flight (and one sent this step) is face up when it lands or is met
    return faces


def check_privacy(before: GhostState, action: Action, after: GhostState, events: list[Event]) -> None:
    over = after.outcome is not None
    public = [e for e in events if e.audience.is_public]
    faces = face_up_this_step(before, action, after, events)
    for event in public:
        assert set(event.params) <= PUBLIC_PARAMS, event
        if event.key == "gh.game_over":  # GH-33: every hand and the seed, once the game is over
            assert over
            continue
        assert "seed" not in event.params, event  # GH-P6
        if "cards" in event.params:  # GH-P2 / GH-P3
            assert not Counter(event.params["cards"]) - faces, (event, faces)
        if event.key == "gh.discarded":  # GH-P2: the number only
            assert set(event.params) == {"player", "count"}, event
    for event in events:
        if not event.audience.is_public:  # private events reach exactly one player
            assert event.audience.kind == "players" and len(event.audience.players) == 1, event
    _check_windows(before, after, public)
    if over:
        return
    spectator = GH.view(after, None)
    assert not {"hand", "hands", "seed", "you"} & spectator.keys(), spectator.keys()  # GH-P1 / GH-P6
    assert spectator == GH.view(scrubbed(after), None), "the public view depends on hidden cards"
    for player in after.seats:
        own = GH.view(after, player)
        assert own.pop("hand") == sort_cards(after.hands[player]) and own.pop("you") == player
        assert own == spectator, "a player's view shows more than the public view and their own hand"
    prompted = {p for prompt in after.prompts for p in prompt.players}
    for player in set(after.seats) - prompted:  # GH-P5
        assert {a.kind for a in GH.legal_actions(after, player)} == {"leave"}


def _check_windows(before: GhostState, after: GhostState, public: list[Event]) -> None:
    """GH-P4 / GH-17 / GH-30."""
    keys = [e.key for e in public]
    for i, event in enumerate(public):
        if event.key == "gh.ghost_sent":
            nxt = public[i + 1]
            assert nxt.key == "gh.ghost_met_cat" or (
                nxt.key == "gh.waiting" and nxt.params == {"player": event.params["target"], "window": "cat"}
            ), (event, nxt)
        elif event.key == "gh.escape_started":
            nxt = public[i + 1]
            assert nxt.key == "gh.waiting" and nxt.params["window"] == "ghost", nxt
    if after.outcome is not None or after.phase == "turn":
        return
    (prompt,) = after.prompts
    assert prompt.kind == "reaction" and len(prompt.players) == 1
    assert prompt.timeout == after.options["reaction_seconds"]
    assert dict(prompt.params) == {"player": prompt.players[0]}
    if prompt.id not in {p.id for p in before.prompts}:  # a window opened this step: announced as "waiting for X"
        announced = [e.params for e in public if e.key == "gh.waiting"]
        assert announced and announced[-1]["player"] == prompt.players[0], keys
