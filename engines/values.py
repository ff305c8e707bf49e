"""The values of the engine contract (:mod:`engines.core`): an :class:`Action` in, the :class:`Prompt` s open, the
:class:`Event` s out and who they are for (:class:`Audience`), an :class:`Outcome`, a lobby :class:`Option`, the
:class:`State` every engine's state extends, the one error :class:`IllegalAction`, and a game's own chance
(:func:`rng`) and prompt ids. Engines import them from :mod:`engines.core`, where the contract is.

Example::

    >>> from engines.values import Action
    >>> Action.timeout("vote#2").is_timeout
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

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
        >>> a.reporting(None) == Action("p1", "turn#3", "pick", {"unit": "archer"}), a.reporting(7).to_json()["args"]
        (True, {'unit': 'archer', 'elapsed': 7})
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

    def reporting(self, elapsed: int | None) -> Action:
        """This action with ``elapsed`` reported (``None``: without it). What ``dataclasses.replace`` would make,
        without its walk over the fields nor the dataclass's ``__init__`` and ``__post_init__`` (whose work this
        action's own already did): its fields copied as they are, the frozen instance's dict filled before anyone
        holds it. The runtime and a game that keeps time call it on every timed action, where the code is cold."""
        made = object.__new__(Action)
        fields = made.__dict__
        fields.update(self.__dict__)
        fields["elapsed"] = elapsed
        return made

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
    #: Read-only (a copy shares it, :func:`engines.copying.read_only`): chosen in the lobby, fixed for the game.
    options: Mapping[str, Any]
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
