"""Copy on read: the private state :meth:`engines.core.Engine.apply` works on (:func:`private_copy`), each field
deep-copied from the original the first time the rules read it, by a copier made for the field's annotated type,
and made a plain state again afterwards (:func:`settle`). Pure bookkeeping of the engine contract: no rules here."""

from __future__ import annotations

import collections.abc
import dataclasses
import pickle
import types
import typing
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, Union

if TYPE_CHECKING:
    from engines.values import State


def private_copy(state: State) -> State:
    """The state :meth:`Engine.apply` works on, copied field by field as the rules touch them (copy on read).

    It starts holding only the original's immutable and read-only fields (numbers, strings, frozen values, a
    ``Mapping``: :func:`read_only`); each other field is
    deep-copied from the original the first time the rules read it (a descriptor of :func:`_copying`'s class, which
    the instance's own field then hides, so later reads cost nothing extra). The rules see a private state, and an
    action pays for the fields it uses (a vote, a hand), not for the whole game (the players' seats, the card
    table, the log of a 25-player game). :func:`settle` makes it a plain state again.

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
    made, mutable = plan
    original = state.__dict__
    # the whole dict in one copy, then the fields to copy on read taken out again: cheaper than picking the others
    # one by one (every action pays it, for every field of its game's state)
    fields = original.copy()
    for name in mutable:
        if type(fields[name]) not in _IMMUTABLE:  # ``None`` in an optional record, say: nothing to copy
            del fields[name]
    fields[_ORIGINAL] = original
    new = object.__new__(made)
    new.__dict__ = fields
    return new


def settle(state: State) -> None:
    """A copy-on-read state made plain again, its fields in their usual order: a field the rules never read stays
    the original's (states are never modified once applied, so sharing it is safe)."""
    fields = state.__dict__
    original = fields.pop(_ORIGINAL)
    state.__class__ = type(state).__mro__[1]
    merged = original.copy()  # in the original's order; a field the rules read or set replaces its value in place,
    merged.update(fields)  # and an attribute the rules added comes last
    state.__dict__ = merged


_ORIGINAL = "_copied_from"
#: A list field's metadata (``field(..., metadata={ONLY_LAST_CHANGES: True})``): the rules change only its last
#: item (a history whose earlier entries are closed, as Když sním's rounds), so a copy shares the earlier items with
#: the original and copies only the last one. States hold the same values and dump to the same JSON; the engine's
#: rules must never change an earlier item in place (tests/engines/test_copy_on_read.py plays random games to
#: check it).
ONLY_LAST_CHANGES = "only_last_changes"
#: Values a field can hold that nobody can change in place: taken over without a copy.
_IMMUTABLE = frozenset({str, int, float, bool, type(None), bytes, range})
#: Per state class: its copy-on-read class, and the names of the fields copied on read (the others, whose type is
#: immutable or read-only, are taken over).
_PLANS: dict[type, tuple[type, tuple[str, ...]]] = {}
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


def _plan(cls: type) -> tuple[type, tuple[str, ...]]:
    """``cls`` with copy on read (same layout, so an instance can change back), and its fields copied on read."""
    hints = _hints(cls)
    copiers = {f.name: _field_copier(f, hints) for f in dataclasses.fields(cls)}
    descriptors = {name: _CopiedOnRead(name, copy) for name, copy in copiers.items() if copy is not None}
    made = type(cls.__name__, (cls,), {"__slots__": (), **descriptors})
    _PLANS[cls] = plan = (made, tuple(descriptors))
    return plan


def prepare(cls: type) -> None:
    """Make ``cls``'s copy-on-read class and field copiers now rather than at its first :func:`private_copy`: its
    annotations resolved and its copiers compiled, a millisecond or two once per state class and process."""
    _copying(cls)


def _copying(cls: type) -> type:
    """``cls`` with copy on read (see :func:`private_copy`)."""
    return (_PLANS.get(cls) or _plan(cls))[0]


def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except (NameError, TypeError, AttributeError):  # an annotation that does not resolve: copied by what it holds
        return {}


def _field_copier(f: dataclasses.Field, hints: dict[str, Any]) -> Any:
    """The copier of a dataclass field: its annotation's (:func:`_copier`), or for a list whose metadata says
    :data:`ONLY_LAST_CHANGES`, one that copies only its last item."""
    copy = _copier(hints.get(f.name, Any))
    if not f.metadata.get(ONLY_LAST_CHANGES) or copy is None:
        return copy
    tp = hints.get(f.name, Any)
    args = typing.get_args(tp)
    if typing.get_origin(tp) is not list or len(args) != 1:
        raise TypeError(f"{f.name}: {ONLY_LAST_CHANGES} is for a list[...] field")
    item = _copier(args[0])
    if item is None:
        return copy
    return lambda value: _last_copy(value, item) if type(value) is list else _deep(value)


def _last_copy(value: list, item: Any) -> list:
    """A new list sharing ``value``'s items but the last, which is copied (see :data:`ONLY_LAST_CHANGES`)."""
    new = value.copy()
    if new:
        new[-1] = item(new[-1])
    return new


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
        # map rather than a comprehension, which Python 3.11 makes a function of its own: code every action
        # fetches cold from memory (bench.persist's count of the code one `act` runs, issue 27)
        return lambda value: list(map(item, value)) if type(value) is list else _deep(value)
    if read_only(tp):
        return None
    if origin in (dict, collections.abc.MutableMapping) or tp is dict:
        item = _copier(args[1]) if len(args) == 2 else _deep
        if item is None:
            return _dict_copy
        # the keys in order, with their values copied in the same order (map, as for a list above)
        return lambda value: dict(zip(value, map(item, value.values()))) if type(value) is dict else _deep(value)
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


def read_only(tp: Any) -> bool:
    """Whether a value annotated ``tp`` is read-only by its type, so a copy shares it: ``Mapping[...]`` (a game's
    options, a prompt's parameters), which has no method that changes it. The rules replace such a value, never
    change it in place (tests/engines/test_copy_on_read.py plays random games to check it). Copying them anyway
    cost every action 1-3 µs hot, and about three times that at its place in the bot, where a game's state is cold
    in the CPU's caches when its next click comes (bench/RESULTS.md, issue 27)."""
    return tp is Mapping or typing.get_origin(tp) is Mapping


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
    copiers = [(f.name, _field_copier(f, hints)) for f in dataclasses.fields(cls)]
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
