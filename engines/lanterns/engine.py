"""The Lanterns engine: rule ids (``LA-n``) refer to ``engines/lanterns/RULES.md``.

Each round both players light one card from their hidden hand, one after the other (the round's leader first),
neither seeing the other's until both are lit (LA-3); then both are shown and the higher takes the round (LA-4).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engines.core import (
    CLOCK,
    PUBLIC,
    Action,
    Engine,
    Event,
    Option,
    Outcome,
    Prompt,
    Say,
    State,
    new_prompt_id,
    require,
    rng,
    to,
)

#: LA-2: the lantern cards, and how many each player is dealt.
CARDS = tuple(range(1, 11))
HAND = 4
#: LA-6: rounds in a game.
ROUNDS = 3


@dataclass(kw_only=True)
class LanternsState(State):
    #: Player -> the cards in their hand (LA-P1: only they see it until the end).
    hands: dict[str, list[int]] = field(default_factory=dict)
    #: The cards dealt to nobody (LA-2), face down until the end.
    aside: list[int] = field(default_factory=list)
    #: Rounds played: player -> card lit, in order (the open round last, with the cards lit so far).
    rounds: list[dict[str, int]] = field(default_factory=list)
    #: Player -> rounds taken.
    score: dict[str, int] = field(default_factory=dict)
    #: Who lights next in the open round (``None``: the game is over).
    current: str | None = None


class Lanterns(Engine):
    name = "lanterns"
    prefix = "la"
    state_class = LanternsState
    player_counts = (2,)  # LA-1
    recommended_players = 2
    options = (Option("turn_seconds", 60, "int", 10, 600),)  # LA-5

    # -- setup ---------------------------------------------------------------------------------------------

    def _setup(self, players, options, seed, overrides, events) -> LanternsState:
        state = LanternsState(players=players, seed=seed, options=options)
        deck = list(CARDS)
        rng(state).shuffle(deck)  # LA-2
        for i, player in enumerate(players):
            state.hands[player] = sorted(deck[i * HAND : (i + 1) * HAND])
            state.score[player] = 0
        state.aside = sorted(deck[len(players) * HAND :])
        events.append(Event("la.game_started", {"players": list(players), "rounds": ROUNDS, "hand": HAND}))
        for player in players:
            events.append(Event("la.your_hand", {"cards": list(state.hands[player])}, to(player)))
        self._start_round(state, events)
        return state

    # -- the game ------------------------------------------------------------------------------------------

    def _legal_actions(self, state: LanternsState, player: str) -> list[Action]:
        if player not in state.players or not state.prompts:
            return []
        prompt = state.prompts[0]
        actions = [Action(player, prompt.id, "light", {"card": c}) for c in state.hands[player]] if player == state.current else []
        return actions + [Action(player, prompt.id, "leave")]  # LA-7: at any time

    def random_action(self, state: State, player: str, chooser: random.Random) -> Action | None:
        """Automatic players light cards; they leave only when nothing else is left."""
        actions = self.legal_actions(state, player)
        staying = [a for a in actions if a.kind != "leave"]
        return chooser.choice(staying or actions) if actions else None

    def _apply(self, state: LanternsState, action: Action, events: list[Event]) -> None:
        if action.player == CLOCK:  # LA-5: the lowest card is lit for a player out of time
            player = state.current
            assert player is not None
            card = min(state.hands[player])
            events.append(Event("la.timed_out", {"player": player}))
            self._light(state, player, card, events)
            return
        player = action.player
        require(player in state.players, "not_a_player", "you are not playing in this game")
        if action.kind == "leave":  # LA-7
            other = next(p for p in state.players if p != player)
            events.append(Event("la.player_left", {"player": player}))
            self._end(state, Outcome((other,), "left", params={"player": player}), events)
            return
        require(action.kind == "light", "light_only", "light one of your cards")  # LA-3
        require(player == state.current, "not_your_turn", "it is the other player's turn")
        card = action.args.get("card")
        require(card in state.hands[player], "not_in_hand", "that card is not in your hand", card=card)
        self._light(state, player, card, events)

    def _light(self, state: LanternsState, player: str, card: int, events: list[Event]) -> None:
        state.hands[player].remove(card)
        state.rounds[-1][player] = card
        events.append(Event("la.lit", {"player": player}))  # LA-3: that they lit, not what
        state.prompts = []
        if len(state.rounds[-1]) < len(state.players):
            state.current = next(p for p in state.players if p not in state.rounds[-1])
            self._open_prompt(state)
            return
        lit = state.rounds[-1]
        winner = max(lit, key=lambda p: lit[p])  # LA-4: the higher card takes the round
        state.score[winner] += 1
        events.append(Event("la.round_won", {"round": len(state.rounds), "winner": winner, "cards": dict(lit)}))
        if len(state.rounds) == ROUNDS:  # LA-6
            best = max(state.score.values())
            winners = tuple(p for p in state.players if state.score[p] == best)
            self._end(state, Outcome(winners, "most_rounds", params={"score": dict(state.score)}), events)
        else:
            self._start_round(state, events)

    def _start_round(self, state: LanternsState, events: list[Event]) -> None:
        state.rounds.append({})
        # LA-3: the players take turns to lead: the first seat leads rounds 1 and 3
        state.current = state.players[(len(state.rounds) - 1) % len(state.players)]
        events.append(Event("la.round_started", {"round": len(state.rounds), "leader": state.current}))
        self._open_prompt(state)

    def _open_prompt(self, state: LanternsState) -> None:
        assert state.current is not None
        prompt_id = new_prompt_id(state, "light")
        timeout = state.options["turn_seconds"]
        state.prompts = [Prompt(prompt_id, "turn", (state.current,), timeout, "la.light", {"round": len(state.rounds)})]

    def _end(self, state: LanternsState, outcome: Outcome, events: list[Event]) -> None:
        state.prompts = []
        state.current = None
        state.outcome = outcome
        # LA-8: every hand, the cards set aside and the seed are shown at the end
        events.append(
            Event(
                "la.game_over",
                {
                    "outcome": outcome.reason,
                    "winners": list(outcome.winners),
                    "score": dict(state.score),
                    "hands": {p: list(h) for p, h in state.hands.items()},
                    "aside": list(state.aside),
                    "seed": state.seed,
                },
                PUBLIC,
            )
        )

    # -- what each viewer sees -----------------------------------------------------------------------------

    def _view(self, state: LanternsState, viewer: str | None) -> dict[str, Any]:
        over = state.outcome is not None
        done = [r for r in state.rounds if len(r) == len(state.players)]
        view: dict[str, Any] = {
            "players": list(state.players),
            "round": len(state.rounds),
            "rounds": [dict(r) for r in done],  # LA-4: lit cards are shown once both are lit
            "score": dict(state.score),
            "current": state.current,
            "hand_sizes": {p: len(h) for p, h in state.hands.items()},
        }
        if viewer in state.hands:  # LA-P1: your own hand, and the card you lit this round
            view["hand"] = list(state.hands[viewer])
            open_round = state.rounds[-1] if state.rounds and len(state.rounds[-1]) < len(state.players) else {}
            if viewer in open_round:
                view["lit"] = open_round[viewer]
        if over:  # LA-8
            view["hands"] = {p: list(h) for p, h in state.hands.items()}
            view["aside"] = list(state.aside)
            view["seed"] = state.seed
        return view

    def describe(self, state: LanternsState, viewer: str | None) -> str:
        view = self._view(state, viewer)
        lines = [f"Round {view['round']} of {ROUNDS}; rounds taken: " + ", ".join(f"{p} {n}" for p, n in view["score"].items())]
        for i, lit in enumerate(view["rounds"], start=1):
            lines.append(f"  round {i}: " + ", ".join(f"{p} lit {c}" for p, c in lit.items()))
        if "hand" in view:
            lines.append(f"Your hand: {', '.join(map(str, view['hand']))}")
        return "\n".join(lines)

    def board_text(self, state: LanternsState, viewer: str | None, say: Say) -> str:
        """:meth:`describe` in the catalogues' words (the offline table, any language)."""
        view = self._view(state, viewer)
        lines = [say("la.status", round=view["round"], score=dict(view["score"]))]
        for i, lit in enumerate(view["rounds"], start=1):
            lines.append("  " + say("la.table.round", round=i, lit=dict(lit)))
        if "hand" in view:
            lines.append(say("la.your_hand", cards=[str(c) for c in view["hand"]]))
        return "\n".join(lines)

    def check_invariants(self, state: LanternsState) -> None:
        seen = [c for h in state.hands.values() for c in h] + list(state.aside) + [c for r in state.rounds for c in r.values()]
        assert sorted(seen) == list(CARDS), seen
        assert sum(state.score.values()) == sum(1 for r in state.rounds if len(r) == len(state.players))
