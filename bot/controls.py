"""Controls: an engine's legal actions as Discord components, and clicks back into exactly those actions.

Three layers, each a pure function of data (no Discord library here):

* **The codec** (:func:`encode` / :func:`decode`): an action's ``kind`` and arguments as a short typed string,
  like ``vote;target='1234`` or ``light;floor=2;cards=['room3,'cat]``. Types survive the round trip (a string
  ``'1000`` never comes back as the number ``1000``), the way python-chess's ``Move.uci()`` survives its
  parser. A ``custom_id`` longer than Discord's 100 characters falls back to a short hash of the action
  (``@a1b2c3d4``), looked up among the player's legal actions on the way back: a changed game refuses it as stale
  rather than applying another action. A picker's partial falls back the same way, to the hash of a legal action
  it matches and which of that action's arguments it keeps (``@a1b2c3d4/5``).
* **The controls** (:func:`controls`): buttons, selects, a multi-select for a list to choose, a modal for free
  text (an argument the engine leaves ``None``), and a step-by-step **picker** for actions with several
  arguments (card → target → direction) which only ever offers legal continuations.
* **The ids**: every component's ``custom_id`` starts with a short tag and the game id, so a click is routed by
  the id alone (any process, after any restart). Ids are made only by the builders here (:func:`custom_id`,
  :func:`action_id`, :func:`picker_id`, :func:`select_id`, :func:`multi_select_id`), which keep them within
  Discord's 100 characters; ``tests/test_custom_ids.py`` refuses an id written by hand anywhere else:

  ========  ==============================================  ===========================================
  tag       custom_id                                       a click
  ========  ==============================================  ===========================================
  ``nc``    ``nc:<game>:<prompt>:<action>``                  applies the action
  ``np``    ``np:<game>:<prompt>:<page>:<partial>``          shows the picker's next step (privately)
  ``ns``    ``ns:<game>:<prompt>:<n>``                       a select; each option's value is an action
                                                             or a partial (``+`` prefix)
  ``nx``    ``nx:<game>:<prompt>:<arg>:<partial>``           a multi-select filling list argument ``arg``
  ``nm``    ``nm:<game>:<prompt>:<action>``                  opens a modal for the ``None`` arguments
  ``nt``    ``nt:<game>:<prompt>:<action>``                  (the modal) applies the action with the text
  ========  ==============================================  ===========================================

A *partial* is an action whose kind (and maybe some arguments) is chosen; ``*`` is the partial with nothing
chosen yet. A click on any of these controls is decoded once, by :func:`bot.decoder.decode`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.layout import by_kind, fold
from bot.ops import (
    MAX_CUSTOM_ID,
    MAX_SELECT_OPTIONS,
    PRIMARY,
    SECONDARY,
    button,
    rows,
    select,
)
from engines.core import Action

#: Kinds that are commands (``/game leave``, the host panel), never buttons on a prompt.
COMMAND_KINDS = frozenset({"leave", "remove"})
#: Kinds drawn as grey buttons in every game (declining rather than doing); a game adds its own in its UI
#: (:attr:`bot.games.GameUI.quiet_kinds`), which reach the controls through :attr:`Labels.quiet`.
QUIET_KINDS = frozenset({"skip", "pass", "end", "done", "cancel_pick"})
#: Up to this many values are offered as buttons; more become a select.
BUTTONS_UP_TO = 5
#: Discord's limit on a select option's value.
MAX_VALUE = 100
_ESCAPES = {"%": "%25", ";": "%3B", "=": "%3D", ",": "%2C", "[": "%5B", "]": "%5D", "'": "%27", ":": "%3A"}


class CodecError(ValueError):
    """A custom_id or value that cannot be decoded into a legal choice, or cannot be built; :attr:`code` says which,
    one of :data:`CODEC_CODES`:

    * ``malformed``: it does not decode (forged, truncated, or from another version);
    * ``stale``: it decodes, but names no legal action now (the game moved on, or the hash is not found);
    * ``not_legal``: a choice among legal values that together make no legal action (a multi-select's combination);
    * ``unencodable``: an id the builders cannot make (a value the codec has no type for, an id too long).

    >>> CodecError("stale").code, CodecError("malformed", "bad boolean").code, str(CodecError("malformed", "bad boolean"))
    ('stale', 'malformed', 'bad boolean')
    """

    def __init__(self, code: str, detail: str = "") -> None:
        if code not in CODEC_CODES:  # a bare reason, as raised before codes: a malformed id
            code, detail = "malformed", detail or code
        super().__init__(detail or code)
        self.code = code
        self.detail = detail


#: What a :class:`CodecError` can say.
CODEC_CODES = frozenset({"malformed", "stale", "not_legal", "unencodable"})


# -- the codec ----------------------------------------------------------------------------------------------


def encode_value(value: Any) -> str:
    if value is None:
        return "~"
    if value is True or value is False:
        return "!t" if value else "!f"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return "'" + "".join(_ESCAPES.get(c, c) for c in value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(encode_value(v) for v in value) + "]"
    raise CodecError("unencodable", f"cannot encode {type(value).__name__} in a custom_id")


def decode_value(text: str) -> Any:
    value, rest = _parse_value(text, 0)
    if rest != len(text):
        raise CodecError("malformed", f"trailing characters in {text!r}")
    return value


def _parse_value(text: str, i: int) -> tuple[Any, int]:
    if i >= len(text):
        raise CodecError("malformed", "missing value")
    c = text[i]
    if c == "~":
        return None, i + 1
    if c == "!":
        if text[i + 1 : i + 2] not in ("t", "f"):
            raise CodecError("malformed", "bad boolean")
        return text[i + 1] == "t", i + 2
    if c == "'":
        j = i + 1
        while j < len(text) and text[j] not in ";,]":
            j += 1
        return _unescape(text[i + 1 : j]), j
    if c == "[":
        items: list[Any] = []
        j = i + 1
        if text[j : j + 1] == "]":
            return items, j + 1
        while True:
            item, j = _parse_value(text, j)
            items.append(item)
            if text[j : j + 1] == ",":
                j += 1
                continue
            if text[j : j + 1] == "]":
                return items, j + 1
            raise CodecError("malformed", "unclosed list")
    j = i + (1 if c == "-" else 0)
    k = j
    while k < len(text) and text[k].isdigit():
        k += 1
    if k == j:
        raise CodecError("malformed", f"bad value at {text[i:i + 10]!r}")
    return int(text[i:k]), k


def _unescape(text: str) -> str:
    if "%" not in text:
        return text
    out, i = [], 0
    while i < len(text):
        if text[i] == "%":
            code = text[i : i + 3]
            match = next((c for c, e in _ESCAPES.items() if e == code), None)
            if match is None:
                raise CodecError("malformed", f"bad escape {code!r}")
            out.append(match)
            i += 3
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


@dataclass(frozen=True)
class Partial:
    """An action being built: its kind (``None``: not chosen yet) and the arguments chosen so far."""

    kind: str | None = None
    args: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, action: Action) -> Partial:
        return cls(action.kind, dict(action.args))

    def with_arg(self, name: str, value: Any) -> Partial:
        return Partial(self.kind, {**self.args, name: value})

    def matches(self, action: Action) -> bool:
        if self.kind is not None and action.kind != self.kind:
            return False
        return all(name in action.args and action.args[name] == value for name, value in self.args.items())


def encode(kind: str | None, args: Mapping[str, Any] = {}) -> str:
    """``kind;name=value;…`` (``*`` for no kind yet)."""
    if kind is not None and not kind.replace("_", "").isalnum():
        raise CodecError("unencodable", f"bad kind {kind!r}")
    parts = [kind or "*"]
    for name, value in args.items():
        if not name.replace("_", "").isalnum():
            raise CodecError("unencodable", f"bad argument name {name!r}")
        parts.append(f"{name}={encode_value(value)}")
    return ";".join(parts)


def decode(code: str) -> Partial:
    """The partial (or complete) action of a code made by :func:`encode`."""
    head, *rest = code.split(";")
    if head != "*" and not head.replace("_", "").isalnum():
        raise CodecError("malformed", f"bad kind in {code!r}")
    args: dict[str, Any] = {}
    for part in rest:
        name, sep, value = part.partition("=")
        if not sep or not name.replace("_", "").isalnum():
            raise CodecError("malformed", f"bad argument in {code!r}")
        args[name] = decode_value(value)
    # values with escaped ';' were split above only if unescaped, which encode never makes
    return Partial(None if head == "*" else head, args)


def action_hash(action: Action) -> str:
    blob = json.dumps([action.kind, action.args], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2s(blob.encode(), digest_size=4).hexdigest()


# -- custom ids ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ControlId:
    """A parsed in-game ``custom_id`` (see the module's table)."""

    tag: str
    game_id: int
    prompt_id: str
    code: str = ""
    page: int = 0
    arg: str = ""

    @classmethod
    def parse(cls, cid: str) -> ControlId:
        parts = cid.split(":")
        if len(parts) < 4 or parts[0] not in TAGS or not parts[1].isdigit():
            raise CodecError("malformed", f"not an in-game control: {cid[:40]!r}")
        tag, game, prompt = parts[0], int(parts[1]), parts[2]
        if tag == "np":  # np:game:prompt:page:code[:marker]
            if len(parts) < 5 or not parts[3].isdigit():
                raise CodecError("malformed", "bad picker id")
            return cls(tag, game, prompt, parts[4], page=int(parts[3]))
        if tag == "nx":  # nx:game:prompt:arg:code
            if len(parts) != 5:
                raise CodecError("malformed", "bad multi-select id")
            return cls(tag, game, prompt, parts[4], arg=parts[3])
        if tag == "ns":
            return cls(tag, game, prompt)
        return cls(tag, game, prompt, parts[3])


TAGS = ("nc", "np", "ns", "nx", "nm", "nt")


def custom_id(tag: str, game_id: int, prompt_id: str, code: str, *, legal: Sequence[Action] = (), action: Action | None = None) -> str:
    """``tag:game:prompt:code``; an over-long id falls back to the ``@hash`` of ``action`` (one of ``legal``)."""
    cid = f"{tag}:{game_id}:{prompt_id}:{code}"
    if len(cid) <= MAX_CUSTOM_ID:
        return cid
    if action is None or action not in legal:
        raise CodecError("unencodable", f"custom_id too long and no action to fall back on: {cid[:60]}…")
    return _fitting(f"{tag}:{game_id}:{prompt_id}:{hash_code(action)}", prompt_id)


def picker_id(game_id: int, prompt_id: str, page: int, partial: Partial, legal: Sequence[Action], marker: str = "") -> str:
    """``np:game:prompt:page:partial[:marker]``, the partial falling back to :func:`partial_code` when long."""
    tail = f":{marker}" if marker else ""
    head = f"np:{game_id}:{prompt_id}:{page}:"
    return _fitting(head + partial_code(partial, legal, MAX_CUSTOM_ID - len(head) - len(tail)) + tail, prompt_id)


def action_id(game_id: int, prompt_id: str, action: Action, legal: Sequence[Action] = (), tag: str | None = None) -> str:
    """The id of a button applying ``action`` (``nc``), or opening its modal (``nm``) when the player must type an
    argument; an over-long id falls back to the action's ``@hash`` when ``action`` is one of ``legal``."""
    tag = tag or ("nm" if needs_text(action) else "nc")
    return custom_id(tag, game_id, prompt_id, encode(action.kind, action.args), legal=legal, action=action)


def select_id(game_id: int, prompt_id: str, n: int | str) -> str:
    """``ns:game:prompt:n``: a select whose options carry the actions (or ``+`` partials); ``n`` tells a message's
    selects apart."""
    return _fitting(f"ns:{game_id}:{prompt_id}:{n}", prompt_id)


def multi_select_id(game_id: int, prompt_id: str, arg: str, partial: Partial, legal: Sequence[Action]) -> str:
    """``nx:game:prompt:arg:partial``: a multi-select filling the list argument ``arg`` of ``partial``, the partial
    falling back to :func:`partial_code` when long."""
    head = f"nx:{game_id}:{prompt_id}:{arg}:"
    return _fitting(head + partial_code(partial, legal, MAX_CUSTOM_ID - len(head)), prompt_id)


def _fitting(cid: str, prompt_id: str) -> str:
    if len(cid) > MAX_CUSTOM_ID:
        raise CodecError("unencodable", f"prompt id too long for a custom_id: {prompt_id!r}")
    return cid


def hash_code(action: Action) -> str:
    return f"@{action_hash(action)}"


def action_code(action: Action, legal: Sequence[Action], room: int = MAX_VALUE) -> str:
    """The action's code, or its ``@hash`` fallback when the code is longer than ``room``."""
    code = encode(action.kind, action.args)
    return code if len(code) <= room else hash_code(action)


def partial_code(partial: Partial, legal: Sequence[Action], room: int = MAX_VALUE) -> str:
    """The partial's code, or when longer than ``room`` the ``@hash/mask`` of a legal action it matches: the
    mask's bits say which of that action's arguments (in its order) the partial has chosen."""
    code = encode(partial.kind, partial.args)
    if len(code) <= room:
        return code
    action = next((a for a in legal if partial.matches(a)), None)
    if action is None or partial.kind is None:
        raise CodecError("unencodable", f"a long partial matches no legal action: {code[:60]}…")
    mask = sum(1 << i for i, name in enumerate(action.args) if name in partial.args)
    return f"{hash_code(action)}/{mask}"


def resolve(code: str, legal: Sequence[Action]) -> Partial:
    """Decode ``code``, or look an ``@hash[/mask]`` fallback up in ``legal`` (refused as stale when the game has
    changed so that no legal action, or more than one, has that hash)."""
    if not code.startswith("@"):
        return decode(code)
    digest, _, mask = code[1:].partition("/")
    digest = digest.rpartition(".")[2]  # ids sent before the fallback dropped its index: ``@7.a1b2c3d4``
    found = [a for a in legal if action_hash(a) == digest]
    if len({(a.kind, json.dumps(a.args, sort_keys=True, default=str)) for a in found}) != 1 or (mask and not mask.isdigit()):
        raise CodecError("stale")
    action = found[0]
    if not mask:
        return Partial.of(action)
    bits = int(mask)
    return Partial(action.kind, {name: value for i, (name, value) in enumerate(action.args.items()) if bits >> i & 1})


def named(partial: Partial, legal: Sequence[Action]) -> Action | None:
    """The legal action a complete partial names, if one does (``None``: a partial still to complete, or stale)."""
    for action in legal:
        if action.kind == partial.kind and dict(action.args) == dict(partial.args):
            return action
    return None


def to_action(partial: Partial, legal: Sequence[Action]) -> Action:
    """The legal action a complete partial names; :class:`CodecError` when none does (the game moved on)."""
    action = named(partial, legal)
    if action is None:
        raise CodecError("stale")
    return action


# -- the controls -------------------------------------------------------------------------------------------


@dataclass
class Labels:
    """How a presenter words controls: a kind's label and a value's label (by argument name)."""

    kind: Callable[[str], str]
    value: Callable[[str, Any], str]
    more: str = "…"
    back: str = "↩"
    pick: str = "Choose"
    #: The kinds drawn as grey buttons: the common ones and the game's own.
    quiet: frozenset[str] = QUIET_KINDS


def arg_order(actions: Sequence[Action]) -> list[str]:
    """Argument names in the order the engine lists them (the first action that has each decides)."""
    order: list[str] = []
    for action in actions:
        for name in action.args:
            if name not in order:
                order.append(name)
    return order


def needs_text(action: Action) -> list[str]:
    """The arguments the player types (the engine lists them as ``None``)."""
    return [name for name, value in action.args.items() if value is None]


def value_label(labels: Labels, name: str, value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(labels.value(name, v) for v in value) or "—"
    return labels.value(name, value)


def action_label(labels: Labels, action: Action | Partial, skip: Iterable[str] = ()) -> str:
    """``Kind: value · value`` for the arguments not in ``skip`` (free-text ones are typed later)."""
    kind = labels.kind(action.kind or "")
    values = [value_label(labels, n, v) for n, v in action.args.items() if n not in skip and v is not None]
    return f"{kind}: {' · '.join(values)}" if values else kind


def playable(actions: Iterable[Action], prompt_id: str) -> list[Action]:
    """The actions offered as controls on ``prompt_id`` (commands like leaving are not)."""
    return [a for a in actions if a.kind not in COMMAND_KINDS and a.prompt == prompt_id]


def controls(game_id: int, prompt_id: str, actions: Sequence[Action], labels: Labels) -> list[dict[str, Any]]:
    """The action rows offering ``actions`` (one player's legal actions; those of other prompts are ignored).

    A kind with one action is a button (or opens a modal when it needs typed text); a kind whose actions differ
    in one argument is a row of buttons or one select; anything else is a button opening the picker. When that
    does not fit in five rows, selects fold into picker buttons, and past that every kind folds into one picker.
    """
    legal = playable(actions, prompt_id)
    if not legal:
        return []
    groups = by_kind(legal)

    def attempt(folded: bool) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        for n, (kind, group) in enumerate(groups.items()):
            single = _single_varying_arg(group)
            typed = any(needs_text(a) for a in group)
            if len(group) == 1:
                items.append(_button(game_id, prompt_id, group[0], action_label(labels, group[0]), legal, labels.quiet))
            elif single is not None and not typed and not folded and len(group) <= 3:
                items += [_button(game_id, prompt_id, a, action_label(labels, a), legal, labels.quiet) for a in group]
            elif single is not None and not typed and not folded and len(group) <= MAX_SELECT_OPTIONS:
                options = [(value_label(labels, single, a.args[single]), action_code(a, legal)) for a in group]
                items.append(select(select_id(game_id, prompt_id, n), options, placeholder=labels.kind(kind)))
            else:
                label = f"{labels.kind(kind)} {labels.more}"
                items.append(button(label, picker_id(game_id, prompt_id, 0, Partial(kind), legal), PRIMARY))
        return items

    everything = button(f"{labels.pick} {labels.more}", picker_id(game_id, prompt_id, 0, Partial(), legal), PRIMARY)
    return fold((attempt(folded) for folded in (False, True)), everything, selects_first=True)


def _single_varying_arg(group: Sequence[Action]) -> str | None:
    """The one argument the actions of a kind differ in (all else equal), if that is how they differ."""
    if len({tuple(a.args) for a in group}) != 1:
        return None
    varying = [n for n in group[0].args if len(_distinct(a.args[n] for a in group)) > 1]
    return varying[0] if len(varying) == 1 else None


def _button(
    game_id: int, prompt_id: str, action: Action, label: str, legal: Sequence[Action], quiet: frozenset[str] = QUIET_KINDS
) -> dict[str, Any]:
    """A button applying ``action`` (or opening its modal when the player must type something); grey when its kind
    is in ``quiet``."""
    style = SECONDARY if action.kind in quiet else PRIMARY
    return button(label, action_id(game_id, prompt_id, action, legal), style)


@dataclass
class Step:
    """One step of the picker: the rows offering it and what has been chosen so far."""

    components: list[dict[str, Any]]
    chosen: Partial
    #: the argument being chosen (``None``: the kind, or a whole action from a list)
    asking: str | None = None


def picker(game_id: int, prompt_id: str, actions: Sequence[Action], partial: Partial, labels: Labels, page: int = 0) -> Step:
    """The picker's step after ``partial``: the legal values of the next argument that still varies.

    Arguments all remaining actions agree on are filled in silently; a value that leaves one action completes it
    (``nc``, or ``nm`` for typed text), otherwise it leads to the next step (``np``). More than 25 values page; a
    list argument with many possible lists is a multi-select of its elements. Raises :class:`CodecError` when no
    legal action is left (the game moved on).
    """
    legal = playable(actions, prompt_id)
    candidates = [a for a in legal if partial.matches(a)]
    if not candidates:
        raise CodecError("stale")
    back: list[dict[str, Any]] = []
    if partial.kind is not None and (partial.args or len({a.kind for a in legal}) > 1):
        previous = Partial(partial.kind, dict(list(partial.args.items())[:-1])) if partial.args else Partial()
        back = [button(labels.back, picker_id(game_id, prompt_id, 0, previous, legal, "b"), SECONDARY)]
    if partial.kind is None:
        kinds = list(dict.fromkeys(a.kind for a in candidates))
        if len(kinds) == 1:
            return picker(game_id, prompt_id, legal, Partial(kinds[0]), labels, page)
        choices = [(labels.kind(k), Partial(k)) for k in kinds]
        return Step(_choices(game_id, prompt_id, choices, legal, labels, page, partial) + _row(back), partial)
    fixed = dict(partial.args)
    for name in arg_order(candidates):
        if name in fixed or not all(name in a.args for a in candidates):
            continue
        values = _distinct(a.args[name] for a in candidates)
        if len(values) == 1:
            fixed[name] = values[0]  # nothing to choose here
            continue
        chosen = Partial(partial.kind, fixed)
        if all(isinstance(v, list) for v in values) and len(values) > BUTTONS_UP_TO:
            return Step([_multi_select(game_id, prompt_id, name, chosen, values, labels, legal)] + _row(back), chosen, name)
        choices = [(value_label(labels, name, v), chosen.with_arg(name, v)) for v in values]
        return Step(_choices(game_id, prompt_id, choices, legal, labels, page, chosen) + _row(back), chosen, name)
    chosen = Partial(partial.kind, fixed)
    remaining = _distinct([a.kind, a.args] for a in candidates if chosen.matches(a))
    if len(remaining) == 1:
        action = next(a for a in candidates if chosen.matches(a))
        return Step(rows(_button(game_id, prompt_id, action, action_label(labels, action), legal, labels.quiet)) + _row(back), chosen)
    # the remaining actions differ in arguments not all of them have: list them whole
    whole = [a for a in candidates if chosen.matches(a)]
    choices = [(action_label(labels, a, skip=fixed), Partial.of(a)) for a in whole]
    return Step(_choices(game_id, prompt_id, choices, legal, labels, page, chosen) + _row(back), chosen)


def _row(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": 1, "components": buttons}] if buttons else []


def _distinct(values: Iterable[Any]) -> list[Any]:
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(json.dumps(value, sort_keys=True), value)
    return list(seen.values())


def _complete(choice: Partial, legal: Sequence[Action]) -> Action | None:
    """The one action ``choice`` picks out, if it picks out exactly one."""
    matching = [a for a in legal if choice.matches(a)]
    return matching[0] if len(_distinct([a.kind, a.args] for a in matching)) == 1 else None


def _choices(
    game_id: int, prompt_id: str, choices: list[tuple[str, Partial]], legal: Sequence[Action], labels: Labels, page: int, at: Partial
) -> list[dict[str, Any]]:
    """The platform picker's choices (:func:`choice_rows`), its select named after the kind being chosen."""
    placeholder = labels.kind(at.kind) if at.kind else labels.pick
    return choice_rows(game_id, prompt_id, choices, legal, page=page, at=at, placeholder=placeholder, quiet=labels.quiet)


def choice_rows(
    game_id: int,
    prompt_id: str,
    choices: Sequence[tuple[str, Partial]],
    legal: Sequence[Action],
    *,
    page: int,
    at: Partial,
    placeholder: str,
    quiet: frozenset[str] = QUIET_KINDS,
    buttons_up_to: int = BUTTONS_UP_TO,
    complete: Callable[[Partial], Action | None] | None = None,
) -> list[dict[str, Any]]:
    """A picker step's ``(label, choice)`` pairs as buttons (up to ``buttons_up_to``) or a select paged by 25
    (◀ ▶ buttons, ``placeholder`` saying the page); a choice that ``complete`` (by default: the one legal action
    it matches) finds one action for applies it (``nc``, ``nm``), any other opens the next step (``np``) from
    the step ``at``."""
    if complete is None:
        complete = lambda choice: _complete(choice, legal)  # noqa: E731
    if len(choices) <= buttons_up_to:
        out = []
        for label, choice in choices:
            action = complete(choice)
            if action is not None:
                out.append(_button(game_id, prompt_id, action, label, legal, quiet))
            else:
                out.append(button(label, picker_id(game_id, prompt_id, 0, choice, legal), PRIMARY))
        return rows(*out)
    pages = -(-len(choices) // MAX_SELECT_OPTIONS)
    page = max(0, min(page, pages - 1))
    options = []
    for label, choice in choices[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]:
        action = complete(choice)
        if action is None:
            options.append((label, "+" + partial_code(choice, legal, MAX_VALUE - 1)))
        else:
            options.append((label, ("?" if needs_text(action) else "") + action_code(action, legal, MAX_VALUE - 1)))
    items = [select(select_id(game_id, prompt_id, f"p{page}"), options, placeholder=f"{placeholder} ({page + 1}/{pages})" if pages > 1 else placeholder)]
    if page > 0:
        items.append(button("◀", picker_id(game_id, prompt_id, page - 1, at, legal), SECONDARY))
    if page < pages - 1:
        items.append(button("▶", picker_id(game_id, prompt_id, page + 1, at, legal), SECONDARY))
    return rows(*items)


def _multi_select(
    game_id: int, prompt_id: str, name: str, chosen: Partial, values: list[Any], labels: Labels, legal: Sequence[Action]
) -> dict[str, Any]:
    pool = list_pool(values)
    lengths = [len(v) for v in values]
    item = select(
        multi_select_id(game_id, prompt_id, name, chosen, legal),
        [(labels.value(name, element), str(i)) for i, element in enumerate(pool)],
        placeholder=labels.kind(chosen.kind or ""),
    )
    item["max_values"] = min(len(pool), max(lengths))
    item["min_values"] = min(max(1, min(lengths)), item["max_values"])
    return {"type": 1, "components": [item]}


def list_pool(values: Sequence[Sequence[Any]]) -> list[Any]:
    """The elements a list argument draws from: each as often as the most any legal list holds it."""
    pool: list[Any] = []
    for value in values:
        have = list(pool)
        for element in value:
            if element in have:
                have.remove(element)
            else:
                pool.append(element)
    return pool


def pick_from_pool(partial: Partial, name: str, picked: Sequence[str], legal: Sequence[Action]) -> Partial:
    """The partial with list argument ``name`` set from multi-select indexes, matched against a legal list."""
    values = _distinct(a.args[name] for a in legal if partial.matches(a) and isinstance(a.args.get(name), list))
    pool = list_pool(values)
    try:
        chosen = [pool[int(i)] for i in picked]
    except (ValueError, IndexError):
        raise CodecError("stale") from None
    key = sorted(json.dumps(v) for v in chosen)
    for value in values:
        if sorted(json.dumps(v) for v in value) == key:
            return partial.with_arg(name, value)
    raise CodecError("not_legal")


def fill_text(action: Action, texts: Mapping[str, str]) -> Action:
    """The action with its free-text arguments filled from a modal."""
    return Action(action.player, action.prompt, action.kind, {n: texts.get(n, "") if v is None else v for n, v in action.args.items()})


def pool_indexes(pool: list[Any], value: list[Any]) -> list[str]:
    """The multi-select values (indexes into ``pool``) that pick the list ``value``."""
    used: list[int] = []
    for element in value:
        used.append(next(i for i, e in enumerate(pool) if e == element and i not in used))
    return [str(i) for i in used]


__all__ = [
    "COMMAND_KINDS",
    "CodecError",
    "ControlId",
    "Labels",
    "Partial",
    "Step",
    "action_code",
    "action_id",
    "action_label",
    "choice_rows",
    "controls",
    "custom_id",
    "decode",
    "encode",
    "fill_text",
    "list_pool",
    "multi_select_id",
    "named",
    "needs_text",
    "pick_from_pool",
    "picker",
    "picker_id",
    "playable",
    "pool_indexes",
    "resolve",
    "select_id",
    "to_action",
]
