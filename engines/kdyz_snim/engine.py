"""Když sním (When I Dream): ``shared/rules/kdyz_snim.md``, rules KS-1 .. KS-34 and the privacy rules KS-P1 .. KS-P5.

One round per player (KS-7). A round is a loop of prompts:

* **night** (KS-12 .. KS-22): ``dream`` is the dreamer's turn for the whole night, timed by ``round_seconds``; its
  id stays the same all night so the runtime's timer is the sand timer. The dreamer answers it with ``guess`` /
  ``pass`` (naming the card number, so a double send is refused). Non-dreamers report fouls (KS-18) on it too.
  In ``text`` mode a ``clue`` turn (``clue_seconds``) runs beside it; a pending foul opens a ``review``.
* **last_guess** (KS-23): ``last_guess_seconds`` for one more guess on the current element.
* **recap** (KS-24): the dreamer's one recap message within ``recap_seconds``; then the reveal (KS-25, KS-26).
* **day** (KS-28): ``next_night`` waits for the next dreamer (or the host) to start the next night.

Secrets (the current element, piles, roles, the spare) only ever travel in events addressed ``to(...)`` the
players allowed to see them; :meth:`KdyzSnim._view` applies the same rules to views.

This module wires the contract of :class:`engines.core.Engine` (setup, prompts, and which rule an action goes to)
to mixins that hold the rules, one job each:

* :mod:`~engines.kdyz_snim.table` — who is where: players still in, clue givers, the next dreamer (KS-7, KS-13);
* :mod:`~engines.kdyz_snim.actions` — the legal actions of each player and the host;
* :mod:`~engines.kdyz_snim.night` — starting a night, guesses onto the piles, penalty cards (KS-12 .. KS-22);
* :mod:`~engines.kdyz_snim.drawing` — the element deck and its reshuffle (KS-9, KS-10);
* :mod:`~engines.kdyz_snim.clues` — clue turns in text mode (KS-13 .. KS-15, KS-22);
* :mod:`~engines.kdyz_snim.fouls` — foul reports and their review (KS-18);
* :mod:`~engines.kdyz_snim.night_end` — the sand timer, the last guess and the recap (KS-23, KS-24);
* :mod:`~engines.kdyz_snim.day` — the reveal and the next night (KS-25 .. KS-28);
* :mod:`~engines.kdyz_snim.scores` — points, totals, standings and the end (KS-26, KS-27, KS-29, KS-30);
* :mod:`~engines.kdyz_snim.leaving` — a player leaving or removed (KS-31 .. KS-34);
* :mod:`~engines.kdyz_snim.views` and :mod:`~engines.kdyz_snim.invariants` — what each viewer sees, what always
  holds;
* below them the judge (:mod:`~engines.kdyz_snim.judge`), roles and scoring tables (:mod:`~engines.kdyz_snim.roles`),
  the element list (:mod:`~engines.kdyz_snim.words`) and the state (:mod:`~engines.kdyz_snim.state`).
"""

from __future__ import annotations

from engines.core import CLOCK, HOST, Action, Engine, Event, IllegalAction, Option, Prompt, require, rng
from engines.kdyz_snim.actions import Actions
from engines.kdyz_snim.clues import Clues
from engines.kdyz_snim.day import Day
from engines.kdyz_snim.drawing import Drawing
from engines.kdyz_snim.fouls import Fouls
from engines.kdyz_snim.invariants import Invariants
from engines.kdyz_snim.leaving import Leaving
from engines.kdyz_snim.night import Night
from engines.kdyz_snim.night_end import NightEnd
from engines.kdyz_snim.roles import MAX_PLAYERS, MIN_PLAYERS
from engines.kdyz_snim.scores import Scores
from engines.kdyz_snim.state import Deck, KdyzSnimState
from engines.kdyz_snim.table import Table
from engines.kdyz_snim.views import Views
from engines.kdyz_snim.words import LANGUAGES, element_ids

PREFIX = "ks"


class KdyzSnim(Table, Actions, Night, Drawing, Clues, Fouls, NightEnd, Day, Scores, Leaving, Views, Invariants, Engine):
    name = "kdyz_snim"
    prefix = "ks"
    state_class = KdyzSnimState
    min_players = MIN_PLAYERS  # KS-1
    max_players = MAX_PLAYERS
    recommended_players = 6
    options = (  # KS-5
        Option("language", "cs", "choice", choices=LANGUAGES),
        Option("clue_mode", "text", "choice", choices=("text", "voice")),
        Option("clue_seconds", 10, "int", 5, 30),
        Option("round_seconds", 120, "int", 60, 300),
        Option("last_guess_seconds", 15, "int", 5, 60),
        Option("recap_seconds", 60, "int", 30, 180),
    )

    # -- setup ---------------------------------------------------------------------------------------------

    def _setup(self, players, options, seed, overrides, events) -> KdyzSnimState:
        host = overrides.get("host", players[0])  # KS-34: the lobby creator; seat 1 by default (KS-4)
        require(host in players, "bad_override", "the host must be seated")
        state = KdyzSnimState(players=players, seed=seed, options=options, host=host)
        state.penalties = {p: 0 for p in players}
        if "deck" in overrides:  # scenario play: a known element order
            cards = list(overrides["deck"])
            require(all(e in element_ids() for e in cards), "bad_override", "unknown element in the deck")
            require(len(set(cards)) == len(cards), "bad_override", "an element is in the deck twice")
            state.deck = Deck(cards=cards)
        else:  # KS-9: the game's list, shuffled with the seeded RNG
            state.deck = Deck(shuffle_key=f"{rng(state).getrandbits(64):016x}")
        state.deals = [dict(d) for d in overrides.get("deals", ())]
        events.append(
            Event(
                "ks.game_started",
                {
                    "players": list(players),
                    "language": options["language"],
                    "clue_mode": options["clue_mode"],
                    "rounds": len(players),
                },
            )
        )
        self._start_night(state, players[0], events)  # KS-6: seat 1 dreams first
        return state

    # -- prompts -------------------------------------------------------------------------------------------

    def prompts(self, state: KdyzSnimState) -> list[Prompt]:
        """The open prompts, most expected answer first: in a text-mode night, the clue turn until every giver
        has had a turn on the current element, then the dreamer's. Order carries no rule (everyone may act on
        their prompt at any time); it gives the offline hotseat, which asks the first prompt, a natural rhythm."""
        prompts = list(state.prompts)
        clue = self._find_prompt(state, "clue")
        if clue is not None and state.clue_turns < len(self._clue_givers(state)):
            prompts.remove(clue)
            prompts.insert(0, clue)
        return prompts

    # -- apply ---------------------------------------------------------------------------------------------

    def _apply(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        prompt = next(p for p in state.prompts if p.id == action.prompt)
        name = prompt.id.split("#")[0]
        if action.player == CLOCK:
            self._on_timeout(state, name, events)
            return
        if action.kind == "leave":
            require(action.player in self._active(state), "not_in_game", "you are not in this game any more")
            self._remove(state, action.player, events)
            return
        if action.player == HOST:
            self._on_host(state, action, name, events)
            return
        require(action.player in state.players, "not_a_player", "you are not playing in this game")
        require(action.player not in state.left, "not_in_game", "you have left this game")  # KS-31
        if action.kind == "report":
            require(name == "dream", "wrong_phase", "fouls can be reported only during the night")
            self._on_report(state, action, events)
        elif name == "dream":
            self._on_guess(state, action, events)
        elif name == "clue":
            self._on_clue(state, action, events)
        elif name == "review":
            require(action.player in prompt.players, "not_reviewer", "you are not the one to review this foul")
            self._on_review(state, action.kind, events)
        elif name == "last_guess":
            self._on_last_guess(state, action, events)
        elif name == "recap":
            self._on_recap(state, action, events)
        elif name == "next_night":
            require(action.player in prompt.players, "not_your_turn", "the next dreamer starts the night")
            require(action.kind == "start_night", "start_night_only", "start the next night")  # KS-28
            self._begin_next_night(state, events)
        else:  # pragma: no cover - every prompt name is handled above
            raise IllegalAction("bad_action", f"no {action.kind} here")

    def _on_host(self, state: KdyzSnimState, action: Action, name: str, events: list[Event]) -> None:
        if action.kind == "remove":  # KS-31 / KS-34
            target = action.args.get("player")
            require(target in self._active(state), "bad_target", "that player is not in the game any more")
            self._remove(state, target, events)
        elif action.kind in ("confirm", "reject"):
            review = self._find_prompt(state, "review")
            require(review is not None and name == "review", "wrong_phase", "there is no foul to review")
            require(review.players == (HOST,), "not_reviewer", "the host is in this foul; other players review it")
            self._on_review(state, action.kind, events)
        elif action.kind == "start_night":  # KS-28
            require(name == "next_night", "wrong_phase", "the next night can only start after the reveal")
            self._begin_next_night(state, events)
        else:
            raise IllegalAction("host_cannot", f"the host cannot {action.kind}")  # KS-34

    def _on_timeout(self, state: KdyzSnimState, name: str, events: list[Event]) -> None:
        if name == "dream":  # KS-23: the sand timer ran out
            self._time_up(state, events)
        elif name == "clue":  # KS-14: no message in time, the giver is skipped
            events.append(Event("ks.clue_skipped", {"player": state.clue_giver}))
            self._pass_clue_turn(state, events)
        elif name == "last_guess":  # KS-23: no last guess, the element is unused
            self._end_night(state, events, last=None)
        elif name == "recap":  # KS-24: no recap in time, no bonus
            events.append(Event("ks.recap_missed", {"round": state.round.number}))
            self._reveal(state, events)
