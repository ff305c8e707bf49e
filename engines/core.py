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

Example::

    >>> from engines import get_engine
    >>> nw = get_engine("night_watch")
    >>> state, events = nw.setup(["a", "b", "c", "d", "e"], {}, seed="7")
    >>> [p.kind for p in nw.prompts(state)]
    ['simultaneous']
"""

from __future__ import annotations

import collections.abc
import dataclasses
import pickle
import random
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, NamedTuple, Union

from engines.serial import from_plain, to_plain

#: The actor id of the game's host (or narrator) in host-only actions. The runtime decides who that is.
HOST = "@host"
#: The actor id of the clock, used for timeouts.
CLOCK = "@clock"
#: The viewer who sees the whole game (a narrator, NW-25); engines without a narrator treat it as a spectator.
NARRATOR = "@narrator"
#: The key of a view that holds what a computer player samples the hidden rest from (:meth:`Engine.sample_state`,
#: ``engines.ai``): bookkeeping for a search, not something shown, so only ``Engine.view(..., known=True)`` makes it.
SAMPLING = "known"
#: The key of :attr:`Action.elapsed` among a logged action's args.
ELAPSED = "elapsed"


class IllegalAction(ValueError):
    """The one error an engine raises for input it refuses.

    ``code`` is stable and machine-readable (``"stale_prompt"``, ``"not_your_turn"`` ...); ``reason`` is a short
    English explanation for logs and the offline table. The bot translates by ``code`` (and ``params``).
    """

    def __init__(self, code: str, reason: str, **params: Any) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.params = params


def require(condition: object, code: str, reason: str, **params: Any) -> None:
    """Raise :class:`IllegalAction` unless ``condition`` holds."""
    if not condition:
        raise IllegalAction(code, reason, **params)


@dataclass(frozen=True)
class Action:
    """One input to a game: who acts, on which open prompt, what they chose.

    ``prompt`` must name a prompt that is open right now; an action for a prompt that has closed is refused as
    stale, which is how double clicks and races between processes are caught.

    ``elapsed`` is the whole seconds its prompt waited for it, pauses excluded. Only the runtime knows the time, so
    it reports it, for a game that keeps time (:attr:`Engine.reports_elapsed`: a chess clock, a turn's budget);
    ``None`` is "not reported", which such a game takes as no time spent. Players' choices never carry it
    (:meth:`Engine.legal_actions` lists actions without it). In the log it is stored among the args, under
    ``"elapsed"``, as it always was, and an ``"elapsed"`` given in ``args`` is read into the field; so a log
    written before the field existed replays the same::

        >>> a = Action("p1", "turn#3", "pick", {"unit": "archer", "elapsed": 12})
        >>> a.args, a.elapsed
        ({'unit': 'archer'}, 12)
        >>> a.to_json()["args"]
        {'unit': 'archer', 'elapsed': 12}
        >>> Action.from_json(a.to_json()) == a == Action("p1", "turn#3", "pick", {"unit": "archer"}, elapsed=12)
        True
    """

    player: str
    prompt: str
    kind: str
    args: Mapping[str, Any] = field(default_factory=dict)
    #: Seconds the prompt waited for this action (reported by the runtime), or ``None``. Not checked here: a game
    #: that reads it refuses a value that is not whole seconds, 0 or more (``bad_elapsed``), as any bad input.
    elapsed: Any = None

    def __repr__(self) -> str:  # as before the field, unless it is set: examples and logs read the same
        elapsed = "" if self.elapsed is None else f", elapsed={self.elapsed!r}"
        return f"Action(player={self.player!r}, prompt={self.prompt!r}, kind={self.kind!r}, args={self.args!r}{elapsed})"

    def __post_init__(self) -> None:
        if ELAPSED in self.args:  # the log's form (and an older caller's): lift it out of the args
            args = dict(self.args)
            elapsed = args.pop(ELAPSED)
            object.__setattr__(self, "args", args)
            if self.elapsed is None:
                object.__setattr__(self, "elapsed", elapsed)

    @classmethod
    def timeout(cls, prompt_id: str) -> Action:
        return cls(CLOCK, prompt_id, "timeout")

    @property
    def is_timeout(self) -> bool:
        return self.player == CLOCK and self.kind == "timeout"

    def to_json(self) -> dict[str, Any]:
        """The action as the log stores it (``elapsed``, when reported, last among the args)."""
        args = dict(self.args) if self.elapsed is None else {**self.args, ELAPSED: self.elapsed}
        return {"player": self.player, "prompt": self.prompt, "kind": self.kind, "args": args}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls(data["player"], data["prompt"], data["kind"], dict(data.get("args") or {}))


PromptKind = Literal["turn", "simultaneous", "reaction"]


@dataclass(frozen=True)
class Prompt:
    """An open request for input.

    * ``turn``: one player must act (``players`` has one id);
    * ``simultaneous``: every listed player answers; answers stay hidden until the prompt closes and may be
      changed until then (a vote, a night);
    * ``reaction``: a window where any listed player may react or pass; the first reaction wins.

    ``timeout`` is in seconds (``None``: no limit); the runtime fires :meth:`Action.timeout` when it expires.
    ``key`` and ``params`` say what is asked, for the bot to word.
    """

    id: str
    kind: PromptKind
    players: tuple[str, ...]
    timeout: int | None
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Audience:
    """Who an event is for: everyone, some players, or a team's private channel."""

    kind: Literal["public", "players", "team"]
    players: tuple[str, ...] = ()
    team: str | None = None

    @property
    def is_public(self) -> bool:
        return self.kind == "public"


PUBLIC = Audience("public")


def to(*players: str) -> Audience:
    """An audience of the given players."""
    return Audience("players", tuple(players))


def team(name: str, members: Sequence[str]) -> Audience:
    """A team channel (e.g. the Night Watch's) holding ``members`` at the time of the event."""
    return Audience("team", tuple(members), name)


@dataclass(frozen=True)
class Event:
    """Something that happened, as data: a message key, its parameters and who may see it.

    Wording and language are the bot's job; ``params`` holds player ids, numbers and rule words only.
    """

    key: str
    params: Mapping[str, Any]
    audience: Audience = PUBLIC


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning players (and teams), or a draw, with a reason key."""

    winners: tuple[str, ...]
    reason: str
    teams: tuple[str, ...] = ()
    draw: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Option:
    """A lobby option an engine accepts: its name, default and bounds (for validation and the lobby's controls)."""

    name: str
    default: Any
    kind: Literal["int", "bool", "choice", "counts"]
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()


@dataclass(kw_only=True)
class State:
    """What every engine's state holds. Engines subclass it (as ``kw_only`` dataclasses) and add their own fields.

    ``step`` counts the actions applied so far: it is the state id the runtime compares, and the log's
    sequence number. ``rng_draws`` counts calls to :func:`rng`.
    """

    players: list[str]
    seed: str
    options: dict[str, Any]
    step: int = 0
    rng_draws: int = 0
    prompt_serial: int = 0
    prompts: list[Prompt] = field(default_factory=list)
    outcome: Outcome | None = None


def rng(state: State) -> random.Random:
    """A fresh random generator for the next chance event of this game.

    Each call derives a generator from the seed and a counter kept in the state, so the state stays small,
    dumps to JSON, and a replay draws exactly the same numbers. Call it only on the state being built.
    """
    state.rng_draws += 1
    return random.Random(f"{state.seed}/{state.rng_draws}")


def new_prompt_id(state: State, name: str) -> str:
    """A prompt id never used before in this game (so an answer to an old prompt is always stale)."""
    state.prompt_serial += 1
    return f"{name}#{state.prompt_serial}"


class Transition(NamedTuple):
    state: State
    events: list[Event]


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

    def apply(self, state: State, action: Action) -> Transition:
        """Apply one action (or timeout). Returns a new state; ``state`` itself is never modified."""
        require(state.outcome is None, "game_over", "the game is over")
        require(
            any(p.id == action.prompt for p in state.prompts),
            "stale_prompt",
            "that prompt has closed; the game has moved on",
        )
        if action.player == CLOCK:
            require(action.kind == "timeout", "bad_action", "the clock can only time out")
            prompt = next(p for p in state.prompts if p.id == action.prompt)
            require(prompt.timeout is not None, "bad_action", "this prompt has no time limit")
        new = _private_copy(state)
        events: list[Event] = []
        try:
            self._apply(new, action, events)
        finally:
            _settle(new)
        new.step += 1
        return Transition(new, events)

    def on_timeout(self, state: State, prompt_id: str) -> Transition:
        """The runtime's call when a prompt's time runs out; recorded in the log like any action."""
        return self.apply(state, Action.timeout(prompt_id))

    def view(self, state: State, viewer: str | None, *, known: bool = False) -> dict[str, Any]:
        """What ``viewer`` may see, JSON-safe. ``None`` is a spectator, who sees only public information.

        ``known=True`` adds, under :data:`SAMPLING`, the seat's whole knowledge as :meth:`sample_state` reads it (a
        computer player's view, ``engines.ai``). People never need it and it costs a walk over the whole state, so
        the views that are shown (and drawn, and compared for redraws) are made without it."""
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


def _private_copy(state: State) -> State:
    """The state :meth:`Engine.apply` works on, copied field by field as the rules touch them (copy on read).

    It starts holding only the original's immutable fields (numbers, strings, frozen values); each other field is
    deep-copied from the original the first time the rules read it (a descriptor of :func:`_copying`'s class, which
    the instance's own field then hides, so later reads cost nothing extra). The rules see a private state, and an
    action pays for the fields it uses (a vote, a hand), not for the whole game (the players' seats, the card
    table, the log of a 25-player game). :func:`_settle` makes it a plain state again.

    Each field is copied by a copier made for its annotated type (:func:`_copier`: ``list[str]`` is ``list.copy``,
    ``dict[str, list[str]]`` a comprehension, a dataclass its mutable fields copied the same way), as
    :func:`engines.serial.from_plain` rebuilds it from the same annotations; what the annotation does not say
    (``Any``) is copied by what it holds (:func:`_deep`). Fields are copied one by one, so two fields never share an
    object after a copy. Engines may not rely on that anyway: a state loaded from its JSON dump shares nothing
    either, and it must play the same (the replay and round-trip tests)."""
    cls = type(state)
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _plan(cls)
    made, shared = plan
    new = object.__new__(made)
    fields = new.__dict__
    for name, value in state.__dict__.items():
        if name in shared or type(value) in _IMMUTABLE:
            fields[name] = value
    fields[_ORIGINAL] = state.__dict__
    return new


def _settle(state: State) -> None:
    """A copy-on-read state made plain again, its fields in their usual order: a field the rules never read stays
    the original's (states are never modified once applied, so sharing it is safe)."""
    fields = state.__dict__
    original = fields.pop(_ORIGINAL)
    state.__class__ = type(state).__mro__[1]
    merged = {name: fields[name] if name in fields else value for name, value in original.items()}
    merged.update(fields)  # attributes the rules added
    state.__dict__ = merged


_ORIGINAL = "_copied_from"
#: Values a field can hold that nobody can change in place: taken over without a copy.
_IMMUTABLE = frozenset({str, int, float, bool, type(None), bytes, range})
#: Per state class: its copy-on-read class, and the names of the fields whose type is immutable (taken over).
_PLANS: dict[type, tuple[type, frozenset[str]]] = {}
#: Per dataclass: the copier of one of its instances (``None``: a frozen one holding only immutable values).
_CLASS_COPIERS: dict[type, Any] = {}


class _CopiedOnRead:
    """A field of a copy-on-read state not read yet: the first read copies it from the original (a non-data
    descriptor, so once the instance has the field this is never called again)."""

    __slots__ = ("copy", "name")

    def __init__(self, name: str, copy: Any) -> None:
        self.name = name
        self.copy = copy

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        fields = instance.__dict__
        try:
            value = fields[_ORIGINAL][self.name]
        except KeyError:
            raise AttributeError(self.name) from None
        fields[self.name] = value = self.copy(value)
        return value


def _plan(cls: type) -> tuple[type, frozenset[str]]:
    """``cls`` with copy on read (same layout, so an instance can change back), and its immutable fields."""
    hints = _hints(cls)
    copiers = {f.name: _copier(hints.get(f.name, Any)) for f in dataclasses.fields(cls)}
    shared = frozenset(name for name, copy in copiers.items() if copy is None)
    descriptors = {name: _CopiedOnRead(name, copy) for name, copy in copiers.items() if copy is not None}
    made = type(cls.__name__, (cls,), {"__slots__": (), **descriptors})
    _PLANS[cls] = plan = (made, shared)
    return plan


def _copying(cls: type) -> type:
    """``cls`` with copy on read (see :func:`_private_copy`)."""
    return (_PLANS.get(cls) or _plan(cls))[0]


def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except (NameError, TypeError, AttributeError):  # an annotation that does not resolve: copied by what it holds
        return {}


def _copier(tp: Any) -> Any:
    """A function deep-copying a value of annotated type ``tp``, or ``None`` when such a value cannot be changed in
    place (it is shared). Follows :func:`engines.serial.from_plain`'s reading of the annotations."""
    if tp in _IMMUTABLE or tp is Any or tp is object:
        return None if tp in _IMMUTABLE else _deep
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Literal:
        return None
    if origin in (Union, types.UnionType):
        arms = {arg: _copier(arg) for arg in args}
        if all(copy is None for copy in arms.values()):
            return None
        by_type = {typing.get_origin(arg) or arg: copy for arg, copy in arms.items() if isinstance(typing.get_origin(arg) or arg, type)}
        by_type.update({t: None for t in _IMMUTABLE})

        def union(value: Any) -> Any:
            copy = by_type.get(type(value), _deep)
            return value if copy is None else copy(value)

        return union
    if origin in (list, Sequence, collections.abc.MutableSequence) or tp is list:
        item = _copier(args[0]) if args else _deep
        if item is None:
            return _list_copy
        return lambda value: [item(v) for v in value] if type(value) is list else _deep(value)
    if origin in (dict, Mapping, collections.abc.MutableMapping) or tp is dict:
        item = _copier(args[1]) if len(args) == 2 else _deep
        if item is None:
            return _dict_copy
        return lambda value: {k: item(v) for k, v in value.items()} if type(value) is dict else _deep(value)
    if origin is tuple or tp is tuple:
        if not args:
            return _deep
        items = [_copier(a) for a in (args[:1] if len(args) == 2 and args[1] is Ellipsis else args)]
        if all(copy is None for copy in items):
            return None
        return _deep
    if origin in (set, collections.abc.MutableSet) or tp is set:
        return _set_copy  # members are hashable: values that do not change
    if origin is frozenset or tp is frozenset:
        return None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _class_copier(tp)
    return _deep


def _list_copy(value: Any) -> Any:
    return value.copy() if type(value) is list else _deep(value)


def _dict_copy(value: Any) -> Any:
    return value.copy() if type(value) is dict else _deep(value)


def _set_copy(value: Any) -> Any:
    return value.copy() if type(value) is set else _deep(value)


def _class_copier(cls: type) -> Any:
    """The copier of a dataclass instance: a new instance whose mutable fields are copied by their types' copiers
    (``None`` for a frozen dataclass holding only immutable values). A value of another class (a subclass) is
    copied by what it holds.

    Made once per class as a function of its own (:func:`_class_copier_source`): one dict copy and one line per
    mutable field, no loop, so a list of many small records (a game's cards) costs little more than the list."""
    if cls in _CLASS_COPIERS:
        return _CLASS_COPIERS[cls]
    # a class that holds itself (a tree) finds its copier while it is being made
    _CLASS_COPIERS[cls] = lambda value: _CLASS_COPIERS[cls](value)
    hints = _hints(cls)
    copiers = [(f.name, _copier(hints.get(f.name, Any))) for f in dataclasses.fields(cls)]
    mutable = [(name, field_copy) for name, field_copy in copiers if field_copy is not None]
    frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    if not mutable and frozen:
        made = None
    elif "__slots__" in cls.__dict__:
        made = _pickled
    else:
        namespace: dict[str, Any] = {"cls": cls, "deep": _deep, "new_": object.__new__, "setattr_": object.__setattr__}
        namespace.update({f"c{i}": field_copy for i, (_, field_copy) in enumerate(mutable)})
        exec(compile(_class_copier_source(mutable, frozen), f"<copier of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
        made = namespace["copy"]
    _CLASS_COPIERS[cls] = made
    return made


def _class_copier_source(mutable: list[tuple[str, Any]], frozen: bool) -> str:
    """The source of a dataclass's copier: its instance dict copied, then each mutable field copied in place (a
    list, dict or set of immutable values by its own ``copy``, anything else by its copier ``c<i>``)."""
    inline = {_list_copy: "list", _dict_copy: "dict", _set_copy: "set"}
    lines = [
        "def copy(value, cls=cls, deep=deep, new_=new_, setattr_=setattr_, "
        + "".join(f"c{i}=c{i}, " for i in range(len(mutable)))
        + "):",
        "    if type(value) is not cls:",
        "        return deep(value)",
        "    fields = value.__dict__.copy()",
    ]
    for i, (name, field_copy) in enumerate(mutable):
        kind = inline.get(field_copy)
        if kind is not None:
            lines.append(f"    v = fields[{name!r}]")
            lines.append(f"    fields[{name!r}] = v.copy() if type(v) is {kind} else deep(v)")
        else:
            lines.append(f"    fields[{name!r}] = c{i}(fields[{name!r}])")
    lines.append("    made = new_(cls)")
    # a frozen dataclass refuses its own __setattr__, even for __dict__
    lines.append("    setattr_(made, '__dict__', fields)" if frozen else "    made.__dict__ = fields")
    lines.append("    return made")
    return "\n".join(lines) + "\n"


def _deep(value: Any) -> Any:
    """A deep copy of ``value`` by what it holds (for values whose annotation says nothing: ``Any``)."""
    cls = type(value)
    if cls in _IMMUTABLE:
        return value
    if cls is list:
        return [_deep(v) for v in value]
    if cls is dict:
        return {k: _deep(v) for k, v in value.items()}
    if cls is tuple:
        return tuple(_deep(v) for v in value)
    if cls is set:
        return value.copy()
    if cls is frozenset:
        return value
    if dataclasses.is_dataclass(cls):
        copy = _class_copier(cls)
        return value if copy is None else copy(value)
    return _pickled(value)


def _pickled(value: Any) -> Any:
    """Anything else: a pickle round trip (what every field cost before the typed copies)."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


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
    "Action",
    "Audience",
    "Engine",
    "Event",
    "IllegalAction",
    "Option",
    "Outcome",
    "Prompt",
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
