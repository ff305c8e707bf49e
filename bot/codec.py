"""The codec: an action's ``kind`` and arguments as a short typed string, and back.

``vote;target='1234`` or ``light;floor=2;cards=['room3,'cat]``: types survive the round trip (a string ``'1000``
never comes back as the number ``1000``), the way python-chess's ``Move.uci()`` survives its parser. A code longer
than there is room for falls back to a short hash of the action (``@a1b2c3d4``), looked up among the player's legal
actions on the way back (:func:`resolve`): a changed game refuses it as stale rather than applying another action. A
picker's partial falls back the same way, to the hash of a legal action it matches and which of that action's
arguments it keeps (``@a1b2c3d4/5``).

A *partial* (:class:`Partial`) is an action whose kind (and maybe some arguments) is chosen; ``*`` is the partial
with nothing chosen yet. Where codes go in a ``custom_id`` is :mod:`bot.custom_ids`'s job.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core import Action

#: Discord's limit on a select option's value.
MAX_VALUE = 100
_ESCAPES = {"%": "%25", ";": "%3B", "=": "%3D", ",": "%2C", "[": "%5B", "]": "%5D", "'": "%27", ":": "%3A"}
#: :data:`_ESCAPES` as a table for ``str.translate``: a string escaped in one C call, not a character at a time
#: (a vote's select encodes every living player's id each time its tally is worded, on the click's way)
_ESCAPE_TABLE = str.maketrans(_ESCAPES)


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
        return "'" + value.translate(_ESCAPE_TABLE)
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


def needs_text(action: Action) -> list[str]:
    """The arguments the player types (the engine lists them as ``None``)."""
    return [name for name, value in action.args.items() if value is None]


def fill_text(action: Action, texts: Mapping[str, str]) -> Action:
    """The action with its free-text arguments filled from a modal."""
    return Action(action.player, action.prompt, action.kind, {n: texts.get(n, "") if v is None else v for n, v in action.args.items()})


def distinct(values: Iterable[Any]) -> list[Any]:
    """``values`` without repeats (compared as JSON), in their order."""
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(json.dumps(value, sort_keys=True), value)
    return list(seen.values())


__all__ = [
    "CODEC_CODES",
    "MAX_VALUE",
    "CodecError",
    "Partial",
    "action_code",
    "action_hash",
    "decode",
    "decode_value",
    "distinct",
    "encode",
    "encode_value",
    "fill_text",
    "hash_code",
    "named",
    "needs_text",
    "partial_code",
    "resolve",
    "to_action",
]
