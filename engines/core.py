"""The contract every game engine follows.

An engine is a pure rules machine, in the spirit of OpenSpiel and boardgame.io:

* :meth:`Engine.setup` deals a new game from players, options and a seed;
* :meth:`Engine.prompts` says who may act now (a turn, a simultaneous answer, a reaction window);
* :meth:`Engine.legal_actions` lists the concrete choices a player has (what the bot makes buttons of);
* :meth:`Engine.apply` returns the next state and the events it caused, or raises :class:`IllegalAction`
  and leaves the state untouched;
* :meth:`Engine.view` strips what a viewer may not see (``None`` is a spectator);
* :meth:`Engine.outcome` is ``None`` while the game runs.

Engines never read a clock, do I/O or touch the global :mod:`random`. A prompt carries a timeout in seconds;
the runtime owns the clock and, when it runs out, applies a :meth:`Action.timeout` like any other action.
All randomness comes from :func:`rng`, derived from the game's seed, so ``seed + action log`` replays a game
exactly (see :func:`replay`).

The values it trades in (:class:`Action`, :class:`Prompt`, :class:`Event`, :class:`State`, :class:`IllegalAction`
...) are defined in :mod:`engines.values` and named here, and the copy-on-read state :meth:`Engine.apply` works on
is :mod:`engines.copying`'s.

Example::

    >>> from engines import get_engine
    >>> nw = get_engine("night_watch")
    >>> state, events = nw.setup(["a", "b", "c", "d", "e"], {}, seed="7")
    >>> [p.kind for p in nw.prompts(state)]
    ['simultaneous']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from engines.copying import prepare as prepare_copies
from engines.copying import private_copy, settle
from engines.serial import from_plain, to_plain
from engines.values import (  # the contract's values: engines and the bot name them as engines.core's
    CLOCK,
    ELAPSED,
    HOST,
    NARRATOR,
    PUBLIC,
    SAMPLING,
    Action,
    Audience,
    Event,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    PromptKind,
    State,
    Transition,
    new_prompt_id,
    require,
    rng,
    team,
    to,
)


#: Words one message of the catalogues for :meth:`Engine.board_text`: ``say(key, **params) -> str``.
Say = Callable[..., str]

class Engine:
    """Base class of every game engine. Subclasses set the class attributes and implement the ``_`` hooks."""

    name: ClassVar[str]
    #: The short prefix of the game's event keys and messages (``nw.dawn``), its controls and its catalogue.
    prefix: ClassVar[str]
    state_class: ClassVar[type[State]]
    #: The table sizes the game is played by, e.g. ``(2, 4)`` for a game of two or four (no three). A game declares
    #: either this or, when every size between them plays, ``min_players`` and ``max_players``; the other is derived
    #: (:meth:`__init_subclass__`), so the lobby, the CLI and :meth:`setup` read one fact.
    player_counts: ClassVar[tuple[int, ...]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: The table size the game plays best at, shown in the lobby (``None``: no advice).
    recommended_players: ClassVar[int | None] = None
    options: ClassVar[tuple[Option, ...]] = ()
    #: Does the game keep time itself (a chess clock, a turn budget)? Then the runtime sets :attr:`Action.elapsed`
    #: (whole seconds the action's prompt has waited, pauses excluded) on each player's action; replays read it
    #: from the log.
    reports_elapsed: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if "player_counts" in own:
            counts = tuple(sorted(set(own["player_counts"])))
            if not counts or counts[0] < 1:
                raise TypeError(f"{cls.__name__}.player_counts must list table sizes of 1 or more")
            for bound, value in (("min_players", counts[0]), ("max_players", counts[-1])):
                if bound in own and own[bound] != value:
                    raise TypeError(f"{cls.__name__}.{bound} is {own[bound]}, but player_counts says {value}")
            cls.player_counts, cls.min_players, cls.max_players = counts, counts[0], counts[-1]
        elif "min_players" in own or "max_players" in own:
            cls.player_counts = tuple(range(cls.min_players, cls.max_players + 1))

    # -- setup ---------------------------------------------------------------------------------------------

    def setup(
        self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        seed: str | int = 0,
        overrides: Mapping[str, Any] | None = None,
    ) -> Transition:
        """Deal a new game. ``overrides`` fixes chance for scenario play (e.g. who holds which role)."""
        players = list(players)
        require(
            len(players) in self.player_counts,
            "player_count",
            f"{self.name} needs {counts_text(self.player_counts)} players, not {len(players)}",
            min=self.min_players,
            max=self.max_players,
            count=len(players),
        )
        require(len(set(players)) == len(players), "duplicate_player", "a player is seated twice")
        require(
            not any(p.startswith("@") for p in players), "bad_player", "player ids may not start with '@'"
        )
        checked = self.validate_options(options or {}, len(players))
        events: list[Event] = []
        state = self._setup(players, checked, str(seed), dict(overrides or {}), events)
        return Transition(state, events)

    def validate_options(self, raw: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        """Fill in defaults and check every option's type and bounds; unknown options are refused."""
        specs = {o.name: o for o in self.options}
        unknown = set(raw) - set(specs)
        if unknown:
            first = sorted(unknown)[0]
            raise IllegalAction("bad_option", f"unknown option: {first}", option=first)
        out: dict[str, Any] = {}
        for spec in self.options:
            value = raw.get(spec.name, spec.default)
            out[spec.name] = _check_option(spec, value)
        self._check_options(out, n_players)
        return out

    def seats(self, options: Mapping[str, Any]) -> int | None:
        """How many seats a lobby with these options has (``None``: any count from ``min_players`` to
        ``max_players``). A game whose options fix its table size (Midnight Hunt's mode) says so here; whoever
        joins a full lobby watches."""
        return None

    def suggested_option(self, name: str, n_players: int) -> Any:
        """What an option left at its default amounts to for ``n_players`` (shown to a host editing it)."""
        return next(o.default for o in self.options if o.name == name)

    def options_in_play(self, options: Mapping[str, Any]) -> tuple[Option, ...]:
        """The options that mean something with these settings: a lobby lists and offers only these, and drops
        the others' values (Midnight Hunt's factions of seats 3 and 4 exist only in 2 vs 2). All, by default."""
        return tuple(self.options)

    # -- the game ------------------------------------------------------------------------------------------

    def prompts(self, state: State) -> list[Prompt]:
        """The open requests for input; empty once the game is over."""
        return list(state.prompts)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        """Every concrete action ``player`` may take now (``HOST`` for host controls)."""
        if state.outcome is not None:
            return []
        return self._legal_actions(state, player)

    def prepare(self) -> None:
        """Make now what this game's first :meth:`apply` in a process would make (how its state is copied on read,
        :func:`engines.copying.prepare`), so that no player's first click pays for it."""
        prepare_copies(self.state_class)

    def apply(self, state: State, action: Action) -> Transition:
        """Apply one action (or timeout). Returns a new state; ``state`` itself is never modified."""
        if state.outcome is not None:
            raise IllegalAction("game_over", "the game is over")
        # one plain loop (every action of every game passes here: no generator, no helper call)
        for prompt in state.prompts:
            if prompt.id == action.prompt:
                break
        else:
            raise IllegalAction("stale_prompt", "that prompt has closed; the game has moved on")
        if action.player == CLOCK:
            require(action.kind == "timeout", "bad_action", "the clock can only time out")
            require(prompt.timeout is not None, "bad_action", "this prompt has no time limit")
        new = private_copy(state)
        events: list[Event] = []
        try:
            self._apply(new, action, events)
        finally:
            settle(new)
        new.step += 1
        return Transition(new, events)

    def on_timeout(self, state: State, prompt_id: str) -> Transition:
        """The runtime's call when a prompt's time runs out; recorded in the log like any action."""
        return self.apply(state, Action.timeout(prompt_id))

    def view(
        self, state: State, viewer: str | None, *, known: bool = False, public: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """What ``viewer`` may see, JSON-safe. ``None`` is a spectator, who sees only public information.

        ``known=True`` adds, under :data:`SAMPLING`, the seat's whole knowledge as :meth:`sample_state` reads it (a
        computer player's view, ``engines.ai``). People never need it and it costs a walk over the whole state, so
        the views that are shown (and drawn, and compared for redraws) are made without it.

        ``public`` is this state's public view (``view(state, None)``) when the caller has made it already: a game
        whose players see the public view with their own secrets added builds theirs on it rather than making the
        public part again (:meth:`_view_over`), so the two share their nested values, which their readers only
        read. The view is the same either way."""
        if public is not None and viewer is not None:
            shown = self._view_over(public, state, viewer)
        else:
            shown = self._view(state, viewer)
        if known and state.outcome is None and viewer is not None:
            table = self._known(state, viewer)
            if table is not None:
                shown[SAMPLING] = table
        return shown

    def _known(self, state: State, viewer: str) -> dict[str, Any] | None:
        """What ``viewer``'s seat knows, for :meth:`sample_state`; ``None`` where the game has no sampling."""
        return None

    def sample_state(self, view: dict[str, Any], player: str, chooser: random.Random) -> State:
        """A full state consistent with what ``player`` sees (``view`` is :meth:`view` of ``player``), with everything
        hidden from that seat (others' hands, the deck's order, face-down cards, the future's chance) drawn from
        ``chooser``. Its :meth:`view` for ``player`` equals ``view`` and its legal actions for ``player`` are the
        real ones, so a computer player that searches over such samples is honest by construction (issue 31).
        Games played by talking have none."""
        raise NotImplementedError(f"{self.name} has no sampling of hidden states")

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def describe(self, state: State, viewer: str | None) -> str:
        """The table as readable text for ``viewer`` (the offline table; code blocks on Discord)."""
        return ""

    def board_text(self, state: State, viewer: str | None, say: Say) -> str | None:
        """The table as :meth:`describe` shows it, every word a message of the catalogues: ``say(key, **params)``
        words one (player ids become names, a parameter's enum value its word), so the offline table prints it in
        the reader's language. ``None``: the game has no such text (the table prints :meth:`describe`)."""
        return None

    def random_action(self, state: State, player: str, chooser: random.Random) -> Action | None:
        """A random legal action for automatic players. Engines with free-text input override this."""
        actions = self.legal_actions(state, player)
        return chooser.choice(actions) if actions else None

    def check_invariants(self, state: State) -> None:
        """Assert the engine's internal invariants (called after every step of the random playouts)."""

    # -- persistence ---------------------------------------------------------------------------------------

    def dump(self, state: State) -> dict[str, Any]:
        return {"engine": self.name, "state": to_plain(state)}

    def load(self, data: Mapping[str, Any]) -> State:
        require(data.get("engine") == self.name, "bad_dump", f"not a {self.name} state")
        return from_plain(self.state_class, data["state"])

    # -- hooks for subclasses ------------------------------------------------------------------------------

    def _check_options(self, options: dict[str, Any], n_players: int) -> None:
        """Cross-option checks (e.g. role counts must sum to the player count)."""

    def _setup(
        self,
        players: list[str],
        options: dict[str, Any],
        seed: str,
        overrides: dict[str, Any],
        events: list[Event],
    ) -> State:
        raise NotImplementedError

    def _legal_actions(self, state: State, player: str) -> list[Action]:
        raise NotImplementedError

    def _apply(self, state: State, action: Action, events: list[Event]) -> None:
        """Mutate ``state`` (a private copy) and append events; raise :class:`IllegalAction` to refuse."""
        raise NotImplementedError

    def _view(self, state: State, viewer: str | None) -> dict[str, Any]:
        raise NotImplementedError

    def _view_over(self, public: dict[str, Any], state: State, viewer: str) -> dict[str, Any]:
        """``viewer``'s view given the state's public one (see :meth:`view`); by default made from the state alone."""
        return self._view(state, viewer)



def _check_option(spec: Option, value: Any) -> Any:
    bad = lambda why: IllegalAction("bad_option", f"option {spec.name}: {why}", option=spec.name)  # noqa: E731
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise bad("must be true or false")
        return value
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("must be a whole number")
        if (spec.min is not None and value < spec.min) or (spec.max is not None and value > spec.max):
            raise bad(f"must be between {spec.min} and {spec.max}")
        return value
    if spec.kind == "choice":
        if value not in spec.choices:
            raise bad(f"must be one of {', '.join(spec.choices)}")
        return value
    # counts: None (use the default table) or a mapping of name -> non-negative count over ``choices``
    if value is None:
        return None
    if not isinstance(value, Mapping) or not all(
        k in spec.choices and isinstance(v, int) and not isinstance(v, bool) and v >= 0 for k, v in value.items()
    ):
        raise bad(f"must map {', '.join(spec.choices)} to counts of 0 or more")
    return {k: value.get(k, 0) for k in spec.choices}


def counts_text(counts: Sequence[int], dash: str = "-", last: str = " or ") -> str:
    """Table sizes in a few words: ``5-25`` for a range, ``2 or 4`` (``2, 3 or 5``) for sizes with gaps."""
    counts = sorted(counts)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}{dash}{counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + last + str(counts[-1]) if len(counts) > 1 else str(counts[0])


def replay(engine: Engine, record: Mapping[str, Any]) -> State:
    """Rebuild a game from its record: ``players``, ``options``, ``seed``, ``overrides`` and ``log`` (actions)."""
    state, _ = engine.setup(record["players"], record.get("options") or {}, record["seed"], record.get("overrides"))
    for entry in record.get("log", []):
        state, _ = engine.apply(state, Action.from_json(entry))
    return state


__all__ = [
    "CLOCK",
    "ELAPSED",
    "HOST",
    "NARRATOR",
    "PUBLIC",
    "SAMPLING",
    "Action",
    "Audience",
    "Engine",
    "Event",
    "IllegalAction",
    "Option",
    "Outcome",
    "Prompt",
    "PromptKind",
    "State",
    "Transition",
    "counts_text",
    "new_prompt_id",
    "replay",
    "require",
    "rng",
    "team",
    "to",
]
