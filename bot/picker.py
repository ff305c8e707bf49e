"""The picker: an action with several arguments (card → target → direction) chosen step by step, each step offering
only the legal continuations of what was chosen before; the steps' choices laid out as buttons or a paged select
(:func:`choice_rows`, which the games' own pickers use too); a list argument as a multi-select of its elements.

Pure data, like the rest of the controls: every id comes from :mod:`bot.custom_ids`, every word from the game's
:class:`bot.labels.Labels`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.codec import MAX_VALUE, CodecError, Partial, action_code, distinct, needs_text, partial_code
from bot.custom_ids import multi_select_id, picker_id, select_id
from bot.labels import BUTTONS_UP_TO, QUIET_KINDS, Labels, action_button, action_label, arg_order, playable, value_label
from bot.ops import MAX_SELECT_OPTIONS, PRIMARY, SECONDARY, button, rows, select
from engines.core import Action


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
        values = distinct(a.args[name] for a in candidates)
        if len(values) == 1:
            fixed[name] = values[0]  # nothing to choose here
            continue
        chosen = Partial(partial.kind, fixed)
        if all(isinstance(v, list) for v in values) and len(values) > BUTTONS_UP_TO:
            return Step([_multi_select(game_id, prompt_id, name, chosen, values, labels, legal)] + _row(back), chosen, name)
        choices = [(value_label(labels, name, v), chosen.with_arg(name, v)) for v in values]
        return Step(_choices(game_id, prompt_id, choices, legal, labels, page, chosen) + _row(back), chosen, name)
    chosen = Partial(partial.kind, fixed)
    remaining = distinct([a.kind, a.args] for a in candidates if chosen.matches(a))
    if len(remaining) == 1:
        action = next(a for a in candidates if chosen.matches(a))
        return Step(rows(action_button(game_id, prompt_id, action, action_label(labels, action), legal, labels.quiet)) + _row(back), chosen)
    # the remaining actions differ in arguments not all of them have: list them whole
    whole = [a for a in candidates if chosen.matches(a)]
    choices = [(action_label(labels, a, skip=fixed), Partial.of(a)) for a in whole]
    return Step(_choices(game_id, prompt_id, choices, legal, labels, page, chosen) + _row(back), chosen)


def _row(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": 1, "components": buttons}] if buttons else []


def _complete(choice: Partial, legal: Sequence[Action]) -> Action | None:
    """The one action ``choice`` picks out, if it picks out exactly one."""
    matching = [a for a in legal if choice.matches(a)]
    return matching[0] if len(distinct([a.kind, a.args] for a in matching)) == 1 else None


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
        complete = lambda choice: _complete(choice, legal)
    if len(choices) <= buttons_up_to:
        out = []
        for label, choice in choices:
            action = complete(choice)
            if action is not None:
                out.append(action_button(game_id, prompt_id, action, label, legal, quiet))
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
    values = distinct(a.args[name] for a in legal if partial.matches(a) and isinstance(a.args.get(name), list))
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


def pool_indexes(pool: list[Any], value: list[Any]) -> list[str]:
    """The multi-select values (indexes into ``pool``) that pick the list ``value``."""
    used: list[int] = []
    for element in value:
        used.append(next(i for i, e in enumerate(pool) if e == element and i not in used))
    return [str(i) for i in used]


__all__ = ["Step", "choice_rows", "list_pool", "pick_from_pool", "picker", "pool_indexes"]
