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
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engines.core import (
    CLOCK,
    HOST,
    Action,
    Engine,
    Event,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    new_prompt_id,
    require,
    rng,
    to,
)
from engines.kdyz_snim import auto, judge
from engines.kdyz_snim.roles import MAX_PLAYERS, MIN_PLAYERS, card_counts, card_deck, final_ranking, round_points
from engines.kdyz_snim.state import Card, Clue, Deck, FoulReport, KdyzSnimState, Round
from engines.kdyz_snim.words import LANGUAGES, element, element_ids, shuffled

PREFIX = "ks"


class KdyzSnim(Engine):
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

    # -- who is where --------------------------------------------------------------------------------------

    @staticmethod
    def _active(state: KdyzSnimState) -> list[str]:
        """Players still in the game, in seat order (KS-31)."""
        return [p for p in state.players if p not in state.left]

    def _clue_givers(self, state: KdyzSnimState) -> list[str]:
        """KS-13: the non-dreamers still in the game, starting left of the dreamer and going clockwise."""
        dreamer = state.round.dreamer
        start = state.players.index(dreamer) + 1
        seats = state.players[start:] + state.players[:start]
        return [p for p in seats if p != dreamer and p not in state.left]

    def _next_clue_giver(self, state: KdyzSnimState, after: str) -> str | None:
        """KS-13: the next clue giver clockwise after ``after`` (who may have just left)."""
        n = len(state.players)
        start = state.players.index(after)
        for step in range(1, n + 1):
            p = state.players[(start + step) % n]
            if p != state.round.dreamer and p not in state.left:
                return p
        return None

    def _receivers(self, state: KdyzSnimState) -> list[str]:
        """KS-10 / KS-P5: who may see this round's elements: the non-dreamers still in the game."""
        return [p for p in self._active(state) if p != state.round.dreamer]

    def _next_dreamer(self, state: KdyzSnimState) -> str | None:
        """KS-7 / KS-31: the next seat after the current dreamer still in the game; ``None`` when all have dreamt."""
        start = state.players.index(state.round.dreamer) + 1
        return next((p for p in state.players[start:] if p not in state.left), None)

    @staticmethod
    def _find_prompt(state: KdyzSnimState, name: str) -> Prompt | None:
        return next((p for p in state.prompts if p.id.split("#")[0] == name), None)

    def _private(self, state: KdyzSnimState, key: str, params: dict[str, Any], events: list[Event]) -> None:
        """An event for the non-dreamers still in the game (never the dreamer, never public)."""
        receivers = self._receivers(state)
        if receivers:
            events.append(Event(key, params, to(*receivers)))

    def _word(self, state: KdyzSnimState, element_id: str) -> str:
        return element(element_id).word(state.options["language"])

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

    # -- legal actions -------------------------------------------------------------------------------------

    def _legal_actions(self, state: KdyzSnimState, player: str) -> list[Action]:
        if player == HOST:
            return self._host_actions(state)
        if player in state.left or player not in state.players:
            return []
        actions: list[Action] = []
        dream = self._find_prompt(state, "dream")
        if dream and player == state.round.dreamer:
            card = len(state.round.cards)
            actions += [
                Action(player, dream.id, "guess", {"card": card, "text": None}),
                Action(player, dream.id, "pass", {"card": card}),
            ]
        clue = self._find_prompt(state, "clue")
        if clue and player in clue.players:
            actions += [Action(player, clue.id, "clue", {"text": None}), Action(player, clue.id, "pass")]
        if dream and state.foul is None and player in self._receivers(state):
            actions += [
                Action(player, dream.id, "report", {"accused": accused})
                for accused in self._accusable(state)
                if accused != player and self._reviewers(state, player, accused)
            ]
        review = self._find_prompt(state, "review")
        if review and player in review.players:
            actions += [Action(player, review.id, "confirm"), Action(player, review.id, "reject")]
        last = self._find_prompt(state, "last_guess")
        if last and player in last.players:
            actions += [Action(player, last.id, "guess", {"text": None}), Action(player, last.id, "pass")]
        recap = self._find_prompt(state, "recap")
        if recap and player in recap.players:
            actions.append(Action(player, recap.id, "recap", {"text": None}))
        start = self._find_prompt(state, "next_night")
        if start and player in start.players:
            actions.append(Action(player, start.id, "start_night"))
        actions.append(Action(player, state.prompts[0].id, "leave"))  # KS-31: at any time
        return actions

    def _host_actions(self, state: KdyzSnimState) -> list[Action]:
        anchor = state.prompts[0].id
        actions = [Action(HOST, anchor, "remove", {"player": p}) for p in self._active(state)]  # KS-34
        review = self._find_prompt(state, "review")
        if review and review.players == (HOST,):
            actions += [Action(HOST, review.id, "confirm"), Action(HOST, review.id, "reject")]
        start = self._find_prompt(state, "next_night")
        if start:  # KS-28: the host may start the night for an absent dreamer
            actions.append(Action(HOST, start.id, "start_night"))
        return actions

    def random_action(self, state: KdyzSnimState, player: str, chooser: random.Random) -> Action | None:
        """Automatic players (playouts, ``--auto``): see :mod:`engines.kdyz_snim.auto`."""
        return auto.choose(self, state, player, chooser)

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

    # -- night ---------------------------------------------------------------------------------------------

    def _start_night(self, state: KdyzSnimState, dreamer: str, events: list[Event]) -> None:
        """KS-12: deal the roles (KS-3), announce dreamer and clue order, draw the first element, start the timer."""
        n = len(self._active(state))
        number = len(state.rounds) + 1
        cards = card_deck(n)
        non_dreamers = [p for p in self._active(state) if p != dreamer]
        if len(state.deals) >= number:  # scenario play
            roles = self._checked_deal(state.deals[number - 1], non_dreamers, n)
        else:
            rng(state).shuffle(cards)
            roles = dict(zip(non_dreamers, cards))
        spare = (Counter(cards) - Counter(roles.values())).most_common(1)[0][0]
        state.rounds.append(Round(number, dreamer, roles, spare))
        state.phase = "night"
        state.foul = None
        events.append(
            Event(
                "ks.night_started",
                {
                    "round": number,
                    "dreamer": dreamer,
                    "clue_order": self._clue_givers(state),
                    # KS-2: the card counts in play (public: the table is in the rules)
                    "fairies": card_counts(n)["fairy"],
                    "boogeymen": card_counts(n)["boogeyman"],
                    "sandmen": card_counts(n)["sandman"],
                    "seconds": state.options["round_seconds"],
                },
            )
        )
        for player, role in roles.items():  # KS-3 / KS-P3: each learns their own role, privately
            events.append(Event("ks.your_role", {"round": number, "role": role}, to(player)))
        timer = Prompt(new_prompt_id(state, "dream"), "turn", (dreamer,), state.options["round_seconds"], "ks.dream")
        state.prompts = [timer]
        self._draw(state, events)
        state.clue_giver = None
        if state.options["clue_mode"] == "text":
            givers = self._clue_givers(state)
            if givers:
                self._open_clue_turn(state, givers[0], events)

    @staticmethod
    def _checked_deal(deal: dict[str, str], non_dreamers: list[str], n: int) -> dict[str, str]:
        require(set(deal) == set(non_dreamers), "bad_override", "a deal must give every non-dreamer one card")
        need = Counter(card_deck(n))
        require(not Counter(deal.values()) - need, "bad_override", "the deal does not fit the KS-2 card table")
        return {p: deal[p] for p in non_dreamers}

    @staticmethod
    def _reshuffle_pool(state: KdyzSnimState) -> list[str]:
        """KS-9: what a new deck is made of when the deck runs out: every element of earlier rounds not drawn this
        round (or, with none, every element of the list not drawn this round: a scenario deck runs out sooner)."""
        this_round = {c.element for c in state.round.cards}
        earlier = [c.element for r in state.rounds[:-1] for c in r.cards]
        pool = [e for e in dict.fromkeys(earlier) if e not in this_round]
        return pool or [e for e in element_ids() if e not in this_round]

    def _can_draw(self, state: KdyzSnimState) -> bool:
        """KS-9: is there an element left to draw this round (in the deck, or in a reshuffle of earlier rounds)?"""
        return state.deck.position < len(self._deck_order(state)) or bool(self._reshuffle_pool(state))

    def _draw(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-9 / KS-10: draw the next element and send it privately to the non-dreamers still in the game. The
        caller checks :meth:`_can_draw` first (a night whose every element is drawn ends: :meth:`_deck_empty`)."""
        order = self._deck_order(state)
        if state.deck.position >= len(order):  # KS-9: reshuffle every element of earlier rounds into a new deck
            pool = self._reshuffle_pool(state)
            assert pool, "KS-9: nothing left to draw (callers check _can_draw)"
            rng(state).shuffle(pool)
            state.deck = Deck(cards=pool)
            order = pool
        element_id = order[state.deck.position]
        state.deck.position += 1
        state.clues = []
        state.clue_turns = 0
        state.round.cards.append(Card(element_id))
        language = state.options["language"]
        forms = element(element_id).forms[language]
        self._private(
            state,
            "ks.element",
            {"card": len(state.round.cards), "word": forms.word, "aliases": list(forms.aliases)},
            events,
        )

    @staticmethod
    def _deck_order(state: KdyzSnimState) -> Sequence[str]:
        deck = state.deck
        return shuffled(deck.shuffle_key) if deck.shuffle_key else deck.cards

    def _open_clue_turn(
        self, state: KdyzSnimState, giver: str | None, events: list[Event], renewed: str | None = None
    ) -> None:
        """KS-13 / KS-14: a fresh ``clue_seconds`` turn for ``giver`` (or none), named publicly.

        ``renewed``: KS-22, the card changed under the giver's turn (``"guess"``, or the player whose foul was
        confirmed, KS-16 / KS-18) and the same giver gets a fresh turn on the new card. The prompt is new (its
        timer starts again) and says which turn it renews: ``since``, the id of the giver's turn as it began, and
        ``changed``, what changed the card. Nothing secret: the card changed in public (KS-21)."""
        old = self._find_prompt(state, "clue")
        state.prompts = [p for p in state.prompts if not p.id.startswith("clue#")]
        state.clue_giver = giver
        if giver is None:
            return
        seconds = state.options["clue_seconds"]
        params: dict[str, Any] = {"player": giver}
        if renewed is not None and old is not None and old.players == (giver,):
            params.update(since=old.params.get("since", old.id), changed=renewed)
        state.prompts.insert(1, Prompt(new_prompt_id(state, "clue"), "turn", (giver,), seconds, "ks.clue", params))
        events.append(Event("ks.clue_turn", {"player": giver, "seconds": seconds}))

    def _pass_clue_turn(self, state: KdyzSnimState, events: list[Event], counted: bool = True) -> None:
        """KS-14: after a clue, pass or skip the turn passes on clockwise."""
        giver = state.clue_giver
        state.clue_turns += counted
        self._open_clue_turn(state, self._next_clue_giver(state, giver) if giver else None, events)

    def _on_clue(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        player = action.player
        require(player != state.round.dreamer, "dreamer_no_clue", "the dreamer gives no clues, only guesses")  # KS-13
        require(player == state.clue_giver, "not_your_turn", "it is not your turn to give a clue")
        if action.kind == "pass":
            events.append(Event("ks.clue_passed", {"player": player}))
            self._pass_clue_turn(state, events)
            return
        require(action.kind == "clue", "clue_or_pass", "give a clue or pass")  # KS-14
        text = str(action.args.get("text") or "")
        language = state.options["language"]
        if judge.is_pass(text, language):  # KS-14: the pass word is a pass
            events.append(Event("ks.clue_passed", {"player": player}))
            self._pass_clue_turn(state, events)
            return
        # KS-14: a message that normalises to nothing is ignored and the turn goes on (nothing changes).
        require(judge.normalise(text), "empty_clue", "that message has no letters or digits")
        card = state.round.current
        assert card is not None
        fault = judge.clue_fault(text, card.element, language)  # KS-15
        if fault is not None:
            self._private(
                state,
                "ks.clue_refused",
                {"player": player, "clue": text, "word": self._word(state, card.element), "reason": fault},
                events,
            )
            if self._penalise(state, player, events):  # KS-16
                self._pass_clue_turn(state, events, counted=False)  # no turn taken yet on the new element
            return
        state.clues.append(Clue(player, text))
        events.append(Event("ks.clue_given", {"player": player, "card": len(state.round.cards)}))
        self._pass_clue_turn(state, events)

    def _penalise(self, state: KdyzSnimState, offender: str, events: list[Event]) -> bool:
        """KS-16: the current element becomes ``offender``'s penalty card and the next one is drawn. ``False`` when
        there was none left to draw and the night ended (:meth:`_deck_empty`).

        The public notice names the offender and no element (KS-P2)."""
        card = state.round.current
        assert card is not None
        card.fate, card.holder = "penalty", offender
        state.penalties[offender] += 1
        events.append(Event("ks.card_changed", {"offender": offender, "card": len(state.round.cards)}))
        self._lapse_foul(state, events)
        if not self._can_draw(state):
            self._deck_empty(state, events)
            return False
        self._draw(state, events)
        return True

    def _on_guess(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        """KS-19 .. KS-22: one guess (or pass) on the current element."""
        require(action.player == state.round.dreamer, "not_dreamer", "only the dreamer guesses")
        require(action.kind in ("guess", "pass"), "guess_or_pass", "guess or pass")
        require(action.args.get("card") == len(state.round.cards), "stale_card", "the dream card has already changed")
        text = str(action.args.get("text") or "") if action.kind == "guess" else ""
        passed = action.kind == "pass" or judge.is_pass(text, state.options["language"])
        if not passed:
            require(judge.normalise(text), "empty_guess", "that message has no letters or digits")
        self._judge(state, text, passed, events)
        if not self._can_draw(state):  # KS-9: every element has been drawn this night
            self._deck_empty(state, events)
            return
        events.append(Event("ks.next_card", {"card": len(state.round.cards)}))  # KS-21: the same for every pile
        self._lapse_foul(state, events)
        self._draw(state, events)
        if state.clue_giver is not None:  # KS-22: the interrupted giver gets a fresh turn
            self._open_clue_turn(state, state.clue_giver, events, renewed="guess")

    def _judge(self, state: KdyzSnimState, text: str, passed: bool, events: list[Event]) -> None:
        """KS-20 / KS-21: put the current element on its pile and tell only the non-dreamers."""
        card = state.round.current
        assert card is not None
        if passed:
            card.fate = "blue"
        else:
            state.round.guesses += 1
            card.guess = text
            correct = judge.guess_matches(text, card.element, state.options["language"])
            card.fate = "yellow" if correct else "blue"
        self._private(
            state,
            "ks.guess_judged",
            {
                "card": len(state.round.cards),
                "guess": card.guess,
                "passed": card.passed,
                "word": self._word(state, card.element),
                "pile": card.fate,
            },
            events,
        )

    # -- fouls (KS-18) -------------------------------------------------------------------------------------

    def _reviewers(self, state: KdyzSnimState, reporter: str, accused: str) -> tuple[str, ...]:
        """KS-18: the host reviews, unless the host is the dreamer or the accused (or gone); then any other
        non-dreamer but the reporter and the accused does."""
        host = state.host
        if host not in state.left and host not in (state.round.dreamer, accused):
            return (HOST,)
        return tuple(p for p in self._receivers(state) if p not in (reporter, accused))

    def _accusable(self, state: KdyzSnimState) -> list[str]:
        """KS-18: who may be named in a foul report on the current element. In text mode the bot knows who gave
        a clue for it; in voice mode it cannot hear, so any clue giver still in the game may be named."""
        receivers = self._receivers(state)
        if state.options["clue_mode"] == "voice":
            return receivers
        gave = {c.player for c in state.clues}
        return [p for p in receivers if p in gave]

    def _on_report(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        reporter, accused = action.player, action.args.get("accused")
        require(reporter in self._receivers(state), "not_clue_giver", "only a clue giver can report a foul")
        require(state.foul is None, "foul_pending", "another foul report is being reviewed")
        require(
            [p for p in self._accusable(state) if p != reporter],
            "no_clue_yet",
            "nobody else has given a clue for this dream card yet",
        )
        require(accused != reporter, "bad_target", "you cannot report yourself")
        require(accused in self._accusable(state), "bad_target", "name a player who gave a clue for this dream card")
        reviewers = self._reviewers(state, reporter, accused)
        require(reviewers, "no_reviewer", "nobody is left who could review this report")
        state.foul = FoulReport(reporter, accused, len(state.round.cards))
        kind = "turn" if len(reviewers) == 1 else "reaction"
        state.prompts.append(
            Prompt(
                new_prompt_id(state, "review"),
                kind,
                reviewers,
                None,
                "ks.foul_review",
                {"reporter": reporter, "accused": accused},
            )
        )
        events.append(Event("ks.foul_reported", {"reporter": reporter, "accused": accused}))

    def _on_review(self, state: KdyzSnimState, verdict: str, events: list[Event]) -> None:
        require(verdict in ("confirm", "reject"), "confirm_or_reject", "confirm or reject the foul")  # KS-18
        foul = state.foul
        assert foul is not None
        self._close_review(state)
        if verdict == "reject":
            events.append(Event("ks.foul_rejected", {"accused": foul.accused}))
            return
        card = state.round.current
        assert card is not None and foul.card == len(state.round.cards)
        self._private(
            state, "ks.foul_confirmed", {"offender": foul.accused, "word": self._word(state, card.element)}, events
        )
        if not self._penalise(state, foul.accused, events):
            return
        if state.clue_giver is not None:  # the offender's turn passes on; anyone else keeps a fresh turn (KS-22)
            giver = state.clue_giver
            if giver == foul.accused:
                self._open_clue_turn(state, self._next_clue_giver(state, giver), events)
            else:
                self._open_clue_turn(state, giver, events, renewed=foul.accused)

    def _lapse_foul(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-18: a report lapses when its element stops being current or the night ends."""
        if state.foul is not None:
            events.append(Event("ks.foul_lapsed", {"accused": state.foul.accused}))
            self._close_review(state)

    def _close_review(self, state: KdyzSnimState) -> None:
        state.foul = None
        state.prompts = [p for p in state.prompts if not p.id.startswith("review#")]

    # -- end of the night ----------------------------------------------------------------------------------

    def _deck_empty(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-9 / KS-23 **[decided]**: every element has been drawn this night and none of earlier rounds is left
        to reshuffle, so there is no dream card to play. The night ends as when the sand timer runs out, but with no
        current element there is no last guess: clues stop, any pending foul lapses, and the recap follows (KS-24).
        The notice is public and the same whatever the last card's pile (KS-21)."""
        self._lapse_foul(state, events)
        state.clue_giver = None
        state.prompts = []
        events.append(Event("ks.deck_empty", {"round": state.round.number, "cards": len(state.round.cards)}))
        self._open_recap(state, events)

    def _time_up(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-23: clues stop; the dreamer may make one last guess. Pending fouls lapse with the clues."""
        self._lapse_foul(state, events)
        state.clue_giver = None
        state.phase = "last_guess"
        seconds = state.options["last_guess_seconds"]
        dreamer = state.round.dreamer
        state.prompts = [Prompt(new_prompt_id(state, "last_guess"), "turn", (dreamer,), seconds, "ks.last_guess")]
        events.append(Event("ks.time_up", {"dreamer": dreamer, "seconds": seconds}))

    def _on_last_guess(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        require(action.player == state.round.dreamer, "not_dreamer", "only the dreamer guesses")
        require(action.kind in ("guess", "pass"), "guess_or_pass", "guess or pass")
        text = str(action.args.get("text") or "") if action.kind == "guess" else ""
        if action.kind == "pass" or judge.is_pass(text, state.options["language"]):
            self._end_night(state, events, last=None)  # KS-23: declining leaves the element unused
            return
        require(judge.normalise(text), "empty_guess", "that message has no letters or digits")
        self._end_night(state, events, last=text)

    def _end_night(self, state: KdyzSnimState, events: list[Event], last: str | None) -> None:
        card = state.round.current
        assert card is not None
        if last is None:
            card.fate = "unused"
            self._private(
                state,
                "ks.card_unused",
                {"card": len(state.round.cards), "word": self._word(state, card.element)},
                events,
            )
        else:
            self._judge(state, last, False, events)
        events.append(Event("ks.night_over", {"round": state.round.number, "guessed": last is not None}))
        self._open_recap(state, events)

    def _open_recap(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-24: the recap is always asked, before anything is revealed."""
        state.phase = "recap"
        seconds = state.options["recap_seconds"]
        dreamer = state.round.dreamer
        state.prompts = [Prompt(new_prompt_id(state, "recap"), "turn", (dreamer,), seconds, "ks.recap")]
        events.append(Event("ks.recap_open", {"dreamer": dreamer, "seconds": seconds}))

    def _on_recap(self, state: KdyzSnimState, action: Action, events: list[Event]) -> None:
        require(action.player == state.round.dreamer, "not_dreamer", "only the dreamer recalls the dream")
        require(action.kind == "recap", "recap_only", "post your recap")  # KS-24
        text = str(action.args.get("text") or "")
        r = state.round
        yellow = [c.element for c in r.cards if c.fate == "yellow"]
        r.recap = text
        r.recap_bonus = judge.recap_earns_bonus(text, yellow, r.guesses, state.options["language"])
        self._reveal(state, events)

    # -- day -----------------------------------------------------------------------------------------------

    def _reveal(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-25 / KS-26 / KS-27: reveal roles, elements and recap; score; then the next night or the end."""
        r = state.round
        state.prompts = []
        state.clue_giver = None
        state.foul = None
        state.clues = []
        yellow, blue = r.count("yellow"), r.count("blue")
        r.revealed = True
        language = state.options["language"]
        events.append(Event("ks.day_started", {"round": r.number, "dreamer": r.dreamer}))
        events.append(Event("ks.roles_revealed", {"round": r.number, "roles": dict(r.roles)}))
        for i, card in enumerate(r.cards, start=1):
            events.append(
                Event(
                    "ks.card_revealed",
                    {
                        "card": i,
                        "word": element(card.element).word(language),
                        "result": card.fate,  # worded by a selector, so not named like the fate enum
                        "guess": card.guess,
                        "passed": card.passed,
                        "holder": card.holder,
                    },
                )
            )
        events.append(
            Event("ks.recap_revealed", {"recap": r.recap or "", "given": r.recap is not None, "bonus": r.recap_bonus})
        )
        events.append(
            Event(
                "ks.round_scores",
                {
                    "round": r.number,
                    "yellow": yellow,
                    "blue": blue,
                    "points": self.round_points(r),
                    "totals": self._totals(state),
                    "penalties": dict(state.penalties),
                },
            )
        )
        nxt = self._next_dreamer(state)
        if nxt is None or len(self._active(state)) < MIN_PLAYERS:  # KS-29 / KS-33
            self._finish(state, events)
            return
        state.phase = "day"
        state.prompts = [Prompt(new_prompt_id(state, "next_night"), "turn", (nxt,), None, "ks.next_night")]
        events.append(Event("ks.next_dreamer", {"player": nxt}))

    def _begin_next_night(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-28: the next dreamer (or the host) starts the next night."""
        nxt = self._next_dreamer(state)
        assert nxt is not None
        self._start_night(state, nxt, events)

    @staticmethod
    def _points(state: KdyzSnimState) -> dict[str, int]:
        """Round points so far (revealed rounds only)."""
        points = {p: 0 for p in state.players}
        for r in state.rounds:
            if r.revealed:
                for p, v in KdyzSnim.round_points(r).items():
                    points[p] += v
        return points

    @staticmethod
    def round_points(r: Round) -> dict[str, int]:
        """KS-24 / KS-26: every player's points for a round (the dreamer and each card holder, left or not)."""
        yellow, blue = r.count("yellow"), r.count("blue")
        points = {r.dreamer: round_points("dreamer", yellow, blue, r.recap_bonus)}
        points.update({p: round_points(role, yellow, blue) for p, role in r.roles.items()})
        return points

    def _totals(self, state: KdyzSnimState) -> dict[str, int]:
        """KS-27: points minus the penalty cards so far."""
        points = self._points(state)
        return {p: points[p] - state.penalties[p] for p in state.players}

    # -- leaving (KS-31 .. KS-34) --------------------------------------------------------------------------

    def _remove(self, state: KdyzSnimState, player: str, events: list[Event]) -> None:
        state.left.append(player)
        events.append(Event("ks.player_left", {"player": player}))
        if player == state.host:  # KS-34: host rights pass to the lowest remaining seat
            remaining = self._active(state)
            if remaining:
                state.host = remaining[0]
                events.append(Event("ks.host_changed", {"player": state.host}))
        if state.phase == "day":
            if len(self._active(state)) < MIN_PLAYERS or self._next_dreamer(state) is None:  # KS-33
                self._finish(state, events)
                return
            nxt = self._next_dreamer(state)
            prompt = state.prompts[0]
            if prompt.players != (nxt,):
                state.prompts = [Prompt(new_prompt_id(state, "next_night"), "turn", (nxt,), None, "ks.next_night")]
                events.append(Event("ks.next_dreamer", {"player": nxt}))
            return
        if player == state.round.dreamer:  # KS-32: straight to the reveal; the current element is unused
            card = state.round.current
            if card is not None:
                card.fate = "unused"
            state.round.recap_bonus = False
            self._reveal(state, events)
            return
        if state.phase != "night":
            return
        foul = state.foul
        if foul is not None:
            reviewers = self._reviewers(state, foul.reporter, foul.accused)
            if player in (foul.reporter, foul.accused) or not reviewers:
                self._lapse_foul(state, events)
            else:
                review = self._find_prompt(state, "review")
                assert review is not None
                if review.players != reviewers:
                    kind = "turn" if len(reviewers) == 1 else "reaction"
                    state.prompts = [p for p in state.prompts if p is not review]
                    state.prompts.append(Prompt(review.id, kind, reviewers, None, review.key, review.params))
        if player == state.clue_giver:
            nxt = self._next_clue_giver(state, player)
            self._open_clue_turn(state, nxt, events)

    # -- the end -------------------------------------------------------------------------------------------

    def _finish(self, state: KdyzSnimState, events: list[Event]) -> None:
        """KS-29 / KS-30: final score = round points − penalty cards; ties go to fewer penalties, then shared."""
        state.phase = "over"
        state.prompts = []
        standings = self.standings(state)
        winners = tuple(s["player"] for s in standings if s["rank"] == 1)
        reason = "too_few_players" if len(self._active(state)) < MIN_PLAYERS else "all_dreamt"
        for s in standings:
            events.append(Event("ks.final_standing", dict(s)))
        for r in state.rounds:
            events.append(Event("ks.spare_revealed", {"round": r.number, "role": r.spare}))
        events.append(Event("ks.game_over", {"reason": reason, "winners": list(winners), "seed": state.seed}))
        state.outcome = Outcome(winners, reason, params={"scores": {s["player"]: s["score"] for s in standings}})

    def standings(self, state: KdyzSnimState) -> list[dict[str, Any]]:
        """KS-29: every player (including those who left, marked) by final score, then fewer penalty cards."""
        points = self._points(state)
        return [
            {
                "rank": rank,
                "player": p,
                "points": points[p],
                "penalties": state.penalties[p],
                "score": points[p] - state.penalties[p],
                "left": p in state.left,
            }
            for p, rank in final_ranking(points, state.penalties)
        ]

    # -- views ---------------------------------------------------------------------------------------------

    def _view(self, state: KdyzSnimState, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` may see. Secrets of the running round reach only the non-dreamers still in the game
        (the element, the piles, guesses; KS-P1, KS-P5) and each role only its holder (KS-P3)."""
        language = state.options["language"]
        r = state.round
        current = r.current if not r.revealed else None
        over = state.outcome is not None
        points = self._points(state)
        view: dict[str, Any] = {
            "phase": state.phase,
            "round": r.number,
            "players": list(state.players),
            "left": list(state.left),
            "host": state.host,
            "language": language,
            "clue_mode": state.options["clue_mode"],
            "dreamer": r.dreamer,
            "clue_giver": state.clue_giver,
            "clue_order": self._clue_givers(state) if not r.revealed else [],
            "card": len(r.cards) if current else None,
            # The clue log of the current element mirrors the game channel, where everyone reads the clues.
            "clues": [{"player": c.player, "clue": c.text} for c in state.clues] if current else [],
            "foul": {"reporter": state.foul.reporter, "accused": state.foul.accused} if state.foul else None,
            "points": points,
            "penalties": dict(state.penalties),
            "totals": {p: points[p] - state.penalties[p] for p in state.players},  # KS-27
            "history": [self._round_record(rr, language, with_spare=over) for rr in state.rounds if rr.revealed],
            "outcome": None
            if state.outcome is None
            else {"reason": state.outcome.reason, "winners": list(state.outcome.winners)},
        }
        if over:
            view["standings"] = self.standings(state)
            view["seed"] = state.seed
        if viewer is None or viewer not in state.players:
            return view
        view["you"] = viewer
        if viewer == r.dreamer:
            view["role"] = "dreamer"
        elif viewer in r.roles:
            view["role"] = r.roles[viewer]  # KS-P3: a holder sees their own card, even after leaving
        if not r.revealed and viewer in self._receivers(state):  # KS-10 / KS-21
            if current is not None:
                forms = element(current.element).forms[language]
                view["element"] = {"word": forms.word, "aliases": list(forms.aliases)}
            view["round_cards"] = [self._card_record(c, language) for c in r.cards if c.fate != "current"]
        return view

    @staticmethod
    def _card_record(card: Card, language: str) -> dict[str, Any]:
        return {
            "word": element(card.element).word(language),
            "fate": card.fate,
            "guess": card.guess,
            "passed": card.passed,
            "holder": card.holder,
        }

    def _round_record(self, r: Round, language: str, with_spare: bool) -> dict[str, Any]:
        record = {
            "round": r.number,
            "dreamer": r.dreamer,
            "roles": dict(r.roles),
            "cards": [self._card_record(c, language) for c in r.cards],
            "recap": r.recap,
            "recap_bonus": r.recap_bonus,
            "points": self.round_points(r),
        }
        if with_spare:  # KS-3 / KS-P4: spares only in the final recap
            record["spare"] = r.spare
        return record

    def describe(self, state: KdyzSnimState, viewer: str | None) -> str:
        view = self.view(state, viewer)
        lines = [f"Round {view['round']} - {view['phase']} - dreamer {view['dreamer']}"]
        if view.get("role"):
            lines.append(f"  you are: {view['role']}")
        if "element" in view:
            aliases = ", ".join(view["element"]["aliases"])
            lines.append(
                f"  dream card {view['card']}: {view['element']['word']}" + (f" ({aliases})" if aliases else "")
            )
        elif view["card"]:
            lines.append(f"  dream card {view['card']} (hidden from you)")
        for clue in view["clues"]:
            lines.append(f"  clue from {clue['player']}: {clue['clue']}")
        for card in view.get("round_cards", []):
            lines.append(
                f"  earlier: {card['word']} -> {card['fate']}" + (f" (guess: {card['guess']})" if card["guess"] else "")
            )
        if view["clue_giver"]:
            lines.append(f"  clue giver: {view['clue_giver']}")
        if view["foul"]:
            lines.append(f"  foul reported: {view['foul']['reporter']} accuses {view['foul']['accused']}")
        lines.append(
            "  totals: "
            + ", ".join(f"{p}={t}" + (" (left)" if p in view["left"] else "") for p, t in view["totals"].items())
        )
        return "\n".join(lines)

    # -- invariants ----------------------------------------------------------------------------------------

    def check_invariants(self, state: KdyzSnimState) -> None:
        active = set(self._active(state))
        assert (state.outcome is None) == bool(state.prompts), "prompts iff running"
        for prompt in state.prompts:
            assert set(prompt.players) <= active | {HOST}, f"{prompt.id} prompts someone who left"
            assert prompt.players, f"{prompt.id} prompts nobody"
        assert len(set(state.left)) == len(state.left) and set(state.left) <= set(state.players)
        assert state.host in state.players
        dreamers = [r.dreamer for r in state.rounds]
        assert len(set(dreamers)) == len(dreamers), "KS-7: everyone dreams at most once"
        assert [state.players.index(d) for d in dreamers] == sorted(state.players.index(d) for d in dreamers)
        penalties = Counter(c.holder for r in state.rounds for c in r.cards if c.fate == "penalty")
        assert all(state.penalties[p] == penalties.get(p, 0) for p in state.players), "penalty count"
        for r in state.rounds:
            n = len(r.roles) + 1
            assert Counter(r.roles.values()) + Counter([r.spare]) == Counter(card_deck(n)), "KS-2/KS-3 deal"
            assert r.dreamer not in r.roles
            ids = [c.element for c in r.cards]
            assert len(set(ids)) == len(ids), "an element twice in a round"
            assert r.guesses == sum(1 for c in r.cards if c.guess)
            for c in r.cards[:-1]:
                assert c.fate != "current"
        r = state.round
        open_card = r.current is not None
        assert open_card == (state.phase in ("night", "last_guess")), "a current element exactly in the night"
        assert (state.foul is not None) == (self._find_prompt(state, "review") is not None)
        clue = self._find_prompt(state, "clue")
        if clue is not None:
            assert state.phase == "night" and state.options["clue_mode"] == "text"
            assert clue.players == (state.clue_giver,) and state.clue_giver != r.dreamer
        if state.phase in ("night", "last_guess", "recap"):
            assert r.dreamer in active and not r.revealed
        if state.phase == "night" and state.options["clue_mode"] == "text":
            assert (clue is not None) == bool(self._clue_givers(state))
        if state.phase in ("day", "over"):
            assert r.revealed
        for prompt in state.prompts:
            if prompt.id.startswith(("dream#", "last_guess#", "recap#")):
                assert prompt.players == (r.dreamer,)
