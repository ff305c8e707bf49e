"""A click decoded, once: what an in-game control's ``custom_id`` (with a select's values or a form's texts) asks for.

The cog, its forms and the tests all decode a click here, so what a test reaches by clicking is what a player's
click does. :func:`decode` gives one of:

* :class:`Apply`: the action to apply (the engine is its one judge: a double click is passed on, so the player
  hears the engine's own reason);
* :class:`NextStep`: the picker's step to show next (the partial chosen so far and the page);
* :class:`Form`: the action whose free-text arguments the player types in a form first, and the form's id;
* :class:`Refused`: why the click names nothing (a :class:`~bot.codec.CodecError` code: ``stale`` when the game
  moved on, ``not_legal`` for a multi-select's combination that is no legal list, ``malformed``, ``unencodable``).

A stale click is an ordinary outcome (another process moved the game on, a message was clicked twice): it comes
back as a :class:`Refused`, not as an exception. :func:`clicked_through` clicks through every control and picker
step the way a player can, each click through :func:`decode` (the tests' walk; :func:`reachable` is it for the
platform's own controls and picker).

Pure: no Discord library, no game (see the id table in :mod:`bot.custom_ids`).

>>> legal = [Action("7", "vote#1", "vote", {"target": "a"}), Action("7", "vote#1", "vote", {"target": "b"})]
>>> decode(ControlId.parse("nc:1:vote#1:vote;target='b"), "7", legal)
Apply(action=Action(player='7', prompt='vote#1', kind='vote', args={'target': 'b'}))
>>> decode(ControlId.parse("np:1:vote#1:0:vote"), "7", legal)
NextStep(partial=Partial(kind='vote', args={}), page=0)
>>> decode(ControlId.parse("nc:1:vote#1:@0000"), "7", legal)
Refused(code='stale', action=None)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.codec import CodecError, Partial, encode, fill_text, named, needs_text, resolve, to_action
from bot.controls import controls
from bot.custom_ids import ControlId, custom_id
from bot.labels import Labels, playable
from bot.picker import list_pool, pick_from_pool, picker, pool_indexes
from engines.core import Action


@dataclass(frozen=True)
class Apply:
    """Apply ``action``."""

    action: Action


@dataclass(frozen=True)
class NextStep:
    """Show the picker's step after ``partial`` (privately), at ``page``."""

    partial: Partial
    page: int = 0


@dataclass(frozen=True)
class Form:
    """Open a form for the free-text arguments of ``action`` (those it holds as ``None``); submitted, it comes back
    as the ``nt`` click ``custom_id``."""

    action: Action
    custom_id: str


@dataclass(frozen=True)
class Refused:
    """The click names no action, step or form; ``code`` says why (see :class:`~bot.controls.CodecError`).
    ``action``: what a form or a picker the clicker may not use now would have been for (its missing arguments
    left out), so the engine can say why before anything opens (not your turn, you are watching)."""

    code: str
    action: Action | None = None


Decoded = Apply | NextStep | Form | Refused


def decode(
    cid: ControlId, actor: str, legal: Sequence[Action], values: Sequence[str] = (), texts: Mapping[str, str] | None = None
) -> Decoded:
    """What the click on control ``cid`` by ``actor`` asks for, given ``actor``'s legal actions: ``values`` are a
    select's chosen values, ``texts`` a submitted form's fields by name (``nt``)."""
    try:
        return _decode(cid, actor, legal, values, texts)
    except CodecError as exc:
        return Refused(exc.code)


def _decode(cid: ControlId, actor: str, legal: Sequence[Action], values: Sequence[str], texts: Mapping[str, str] | None) -> Decoded:
    if cid.tag == "np":
        partial = resolve(cid.code, legal)
        if partial.kind is not None and not _offered(partial, cid.prompt_id, legal):  # refused before it opens
            return Refused("stale", Action(actor, cid.prompt_id, partial.kind, dict(partial.args)))
        return NextStep(partial, cid.page)
    if cid.tag == "ns":  # each option's value is an action, ``?`` one to type text for, or ``+`` a partial
        value = values[0] if values else ""
        if value.startswith("+"):
            return NextStep(resolve(value[1:], legal))
        tag, code = ("nm", value[1:]) if value.startswith("?") else ("nc", value)
    elif cid.tag == "nx":  # a multi-select filling one list argument: a whole action, or the picker goes on
        start = resolve(cid.code, legal)
        try:
            partial = pick_from_pool(start, cid.arg, values, legal)
        except CodecError as exc:
            # Discord cannot hold a multi-select to the rules (a light's cards must show 5 bulbs): a combination
            # of offered elements that makes a whole action goes to the engine, which refuses it with its reason
            if exc.code != "not_legal":
                raise
            whole = _unchecked(start, cid.arg, values, legal)
            if whole is None:
                # the picker would go on (a light's floor still to choose, GH-18): the engine is asked about what
                # is chosen so far, so the player hears why the combination is refused (too few bulbs) at once
                chosen = _picked(start, cid.arg, values, legal)
                return Refused("not_legal", Action(actor, cid.prompt_id, chosen.kind or "", dict(chosen.args)))
            return Apply(Action(actor, cid.prompt_id, whole.kind or "", dict(whole.args)))
        complete = named(partial, legal)
        if complete is None:
            return NextStep(partial)
        tag, code = ("nm" if needs_text(complete) else "nc"), encode(complete.kind, complete.args)
    else:
        tag, code = cid.tag, cid.code
    partial = resolve(code, legal)
    if partial.kind is None:
        return Refused("stale")
    action = Action(actor, cid.prompt_id, partial.kind, dict(partial.args))
    if tag == "nm":
        if not _offered(partial, cid.prompt_id, legal):  # refused before the player types, not after
            return Refused("stale", action)
        return Form(action, custom_id("nt", cid.game_id, cid.prompt_id, code))
    if tag == "nt":
        return Apply(fill_text(action, texts or {}))
    return Apply(action)


def _offered(partial: Partial, prompt_id: str, legal: Sequence[Action]) -> bool:
    """Does some legal action on ``prompt_id`` complete ``partial`` (a form's or a picker's)?"""
    return any(a.prompt == prompt_id and partial.matches(a) for a in legal)


def _picked(partial: Partial, name: str, picked: Sequence[str], legal: Sequence[Action]) -> Partial:
    """``partial`` with list argument ``name`` set from multi-select indexes into the offered pool, unchecked."""
    pool = list_pool(_distinct(a.args[name] for a in legal if partial.matches(a) and isinstance(a.args.get(name), list)))
    return partial.with_arg(name, [pool[int(i)] for i in picked])


def _unchecked(partial: Partial, name: str, picked: Sequence[str], legal: Sequence[Action]) -> Partial | None:
    """``partial`` with list argument ``name`` set from multi-select indexes into the offered pool, unchecked, when
    that names every argument some legal action of its kind has (else ``None``: the picker would go on)."""
    whole = _picked(partial, name, picked, legal)
    if any(a.kind == whole.kind and set(a.args) == set(whole.args) for a in legal):
        return whole
    return None


def every_click(component: dict[str, Any], legal: Sequence[Action]) -> list[list[str]]:
    """Every way a player can use ``component``: the values each click sends (none for a button, each option of a
    select, and for a multi-select each legal list as the indexes of its elements)."""
    cid = ControlId.parse(component["custom_id"])
    if cid.tag == "ns":
        return [[option["value"]] for option in component["options"]]
    if cid.tag == "nx":
        partial = resolve(cid.code, legal)
        lists = _distinct(a.args[cid.arg] for a in legal if partial.matches(a) and isinstance(a.args.get(cid.arg), list))
        pool = list_pool(lists)
        return [pool_indexes(pool, value) for value in lists]
    return [[]]


def clicked_through(
    player: str,
    prompt_id: str,
    legal: Sequence[Action],
    rows: list[dict[str, Any]],
    step: Callable[[Partial, int], list[dict[str, Any]] | None],
    game_id: int | None = None,
) -> list[Action]:
    """Every legal action ``player`` reaches by clicking through the enabled controls in ``rows`` and the picker
    steps they open, each click decoded by :func:`decode`. ``step(partial, page)`` is the picker's step as rows, or
    ``None`` when the partial counts as reached without a step (a complete one). Raises :class:`CodecError` when a
    control decodes to no legal action (the bot would send a control that cannot work)."""
    reached: list[Action] = []
    seen: set[tuple[str, int]] = set()

    def follow(partial: Partial, page: int) -> None:
        key = (encode(partial.kind, partial.args), page)
        if key in seen:
            return
        seen.add(key)
        shown = step(partial, page)
        if shown is None:
            reached.append(to_action(partial, legal))
        else:
            visit(shown)

    def visit(components: list[dict[str, Any]]) -> None:
        for row in components:
            for comp in row["components"]:
                if comp.get("disabled"):
                    continue
                cid = ControlId.parse(comp["custom_id"])
                assert cid.prompt_id == prompt_id and game_id in (None, cid.game_id), comp["custom_id"]
                assert cid.tag in ("nc", "nm", "np", "ns", "nx"), comp["custom_id"]
                for values in every_click(comp, legal):
                    match decode(cid, player, legal, values):
                        case Apply(action) | Form(action, _):
                            reached.append(to_action(Partial.of(action), legal))
                        case NextStep(partial, page):
                            follow(partial, page)
                        case Refused(code):
                            raise CodecError(code, f"{comp['custom_id']} {values}")

    visit(rows)
    return reached


def reachable(game_id: int, prompt_id: str, actions: Sequence[Action], labels: Labels) -> list[Action]:
    """Every action a player reaches by clicking through the platform's :func:`~bot.controls.controls` and
    :func:`~bot.controls.picker` (the conformance test compares this with the legal actions)."""
    legal = playable(actions, prompt_id)
    if not legal:
        return []
    player = legal[0].player

    def step(partial: Partial, page: int) -> list[dict[str, Any]] | None:
        complete = named(partial, legal)
        if complete is not None and len(_distinct([a.kind, a.args] for a in legal if partial.matches(a))) == 1:
            return None
        return picker(game_id, prompt_id, legal, partial, labels, page).components

    return clicked_through(player, prompt_id, legal, controls(game_id, prompt_id, legal, labels), step, game_id)


def _distinct(values: Iterable[Any]) -> list[Any]:
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(json.dumps(value, sort_keys=True), value)
    return list(seen.values())


__all__ = ["Apply", "Decoded", "Form", "NextStep", "Refused", "clicked_through", "decode", "every_click", "reachable"]
