"""Controls: an engine's legal actions as Discord components, and clicks back into exactly those actions.

This module lays out one prompt's controls (:func:`controls`): a kind with one action is a button (or opens a modal
for free text, an argument the engine leaves ``None``), a kind whose actions differ in one argument a row of buttons
or one select, anything else a button opening the step-by-step picker. It is also the one name the games'
presenters import for the whole vocabulary of controls (``from bot import controls as ctl``), made of a module a job,
each a pure function of data (no Discord library here):

* :mod:`bot.codec`: an action as a short typed string and back (``vote;target='1234``), its ``@hash`` fallback,
  :class:`~bot.codec.Partial` and :class:`~bot.codec.CodecError`;
* :mod:`bot.custom_ids`: every ``custom_id``, in-game and the lobby's, made only by its builders within Discord's
  100 characters (the table of tags is there);
* :mod:`bot.labels`: the words of kinds, values and actions (:class:`~bot.labels.Labels`), the actions a prompt
  offers, an action's button;
* :mod:`bot.picker`: the picker's steps, their buttons or paged select, a list argument's multi-select;
* :mod:`bot.layout`: the fold into five rows.

A click on any of these controls is decoded once, by :func:`bot.decoder.decode`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.codec import (
    CodecError,
    Partial,
    action_code,
    decode,
    distinct,
    encode,
    fill_text,
    hash_code,
    named,
    needs_text,
    resolve,
    to_action,
)
from bot.custom_ids import TAGS, ControlId, action_id, custom_id, multi_select_id, picker_id, select_id
from bot.labels import (
    BUTTONS_UP_TO,
    COMMAND_KINDS,
    QUIET_KINDS,
    Labels,
    action_button,
    action_label,
    arg_order,
    playable,
    value_label,
)
from bot.layout import by_kind, fold
from bot.ops import MAX_SELECT_OPTIONS, PRIMARY, button, select
from bot.picker import Step, choice_rows, list_pool, pick_from_pool, picker, pool_indexes
from engines.core import Action


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
                items.append(action_button(game_id, prompt_id, group[0], action_label(labels, group[0]), legal, labels.quiet))
            elif single is not None and not typed and not folded and len(group) <= 3:
                items += [action_button(game_id, prompt_id, a, action_label(labels, a), legal, labels.quiet) for a in group]
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
    varying = [n for n in group[0].args if len(distinct(a.args[n] for a in group)) > 1]
    return varying[0] if len(varying) == 1 else None


__all__ = [
    "BUTTONS_UP_TO",
    "COMMAND_KINDS",
    "QUIET_KINDS",
    "TAGS",
    "CodecError",
    "ControlId",
    "Labels",
    "Partial",
    "Step",
    "action_code",
    "action_id",
    "action_label",
    "arg_order",
    "choice_rows",
    "controls",
    "custom_id",
    "decode",
    "encode",
    "fill_text",
    "hash_code",
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
    "value_label",
]
