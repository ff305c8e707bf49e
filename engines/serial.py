"""Plain-data conversion for engine states: dataclasses <-> JSON-safe dicts and lists.

Engine states are typed dataclasses; :func:`to_plain` turns one into dicts, lists, strings and numbers, and
:func:`from_plain` rebuilds it from the type hints, so ``from_plain(T, to_plain(x)) == x`` for every state.
Tuples become lists and come back as tuples; dict keys become strings and come back as their annotated type.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal, Union


def to_plain(value: Any) -> Any:
    """A JSON-safe copy of ``value`` (dataclasses become dicts of their fields)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {_key(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_plain(v) for v in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot convert {type(value).__name__} to plain data")


def _key(key: Any) -> str:
    if isinstance(key, bool) or not isinstance(key, (str, int)):
        raise TypeError(f"dict keys must be str or int, not {type(key).__name__}")
    return str(key)


def from_plain(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from what :func:`to_plain` produced."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {f.name: from_plain(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.name in data}
        return tp(**kwargs)
    if origin in (Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_plain(arg, data)
            except (TypeError, KeyError, ValueError):
                continue
        raise TypeError(f"{data!r} does not fit {tp}")
    if origin is Literal:
        if data not in typing.get_args(tp):
            raise ValueError(f"{data!r} is not one of {typing.get_args(tp)}")
        return data
    if origin in (list, Sequence):
        (item,) = typing.get_args(tp) or (Any,)
        return [from_plain(item, v) for v in data]
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], v) for v in data)
        return tuple(from_plain(a, v) for a, v in zip(args, data, strict=True))
    if origin in (set, frozenset):
        (item,) = typing.get_args(tp)
        return origin(from_plain(item, v) for v in data)
    if origin in (dict, Mapping):
        key_tp, val_tp = typing.get_args(tp) or (str, Any)
        return {(int(k) if key_tp is int else k): from_plain(val_tp, v) for k, v in data.items()}
    if tp in (list, dict, tuple):
        return tp(data)
    if tp is float and isinstance(data, int):
        return float(data)
    if isinstance(tp, type) and not isinstance(data, tp):
        raise TypeError(f"{data!r} is not a {tp.__name__}")
    return data


@functools.cache
def _hints(tp: type) -> dict[str, Any]:
    return typing.get_type_hints(tp)
