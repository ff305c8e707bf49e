"""How a player's actions are named and offered: the words of a kind, a value and a whole action (:class:`Labels`,
which a game's presenter makes), the actions a prompt offers as controls (:func:`playable`), and the button that
applies one action (:func:`action_button`). The prompt's rows (:mod:`bot.controls`) and the picker's steps
(:mod:`bot.picker`) are made of these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.codec import Partial
from bot.custom_ids import action_id
from bot.ops import PRIMARY, SECONDARY, button
from engines.core import Action

#: Kinds that are commands (``/game leave``, the host panel), never buttons on a prompt.
COMMAND_KINDS = frozenset({"leave", "remove"})
#: Kinds drawn as grey buttons in every game (declining rather than doing); a game adds its own in its UI
#: (:attr:`bot.games.GameUI.quiet_kinds`), which reach the controls through :attr:`Labels.quiet`.
QUIET_KINDS = frozenset({"skip", "pass", "end", "done", "cancel_pick"})
#: Up to this many values are offered as buttons; more become a select.
BUTTONS_UP_TO = 5


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
    #: An action's whole label, when the game words one for its kind and arguments (Night Watch's skip of a night
    #: task: "Nobody tonight", where "Skip: Check" read like a log): the prompt already says the arguments.
    whole: Callable[[Action | Partial], str | None] = lambda action: None


def arg_order(actions: Sequence[Action]) -> list[str]:
    """Argument names in the order the engine lists them (the first action that has each decides)."""
    order: list[str] = []
    for action in actions:
        for name in action.args:
            if name not in order:
                order.append(name)
    return order


def value_label(labels: Labels, name: str, value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(labels.value(name, v) for v in value) or "—"
    return labels.value(name, value)


def action_label(labels: Labels, action: Action | Partial, skip: Iterable[str] = ()) -> str:
    """``Kind: value · value`` for the arguments not in ``skip`` (free-text ones are typed later), or the game's
    whole label for the action (:attr:`Labels.whole`)."""
    whole = labels.whole(action)
    if whole:
        return whole
    kind = labels.kind(action.kind or "")
    values = [value_label(labels, n, v) for n, v in action.args.items() if n not in skip and v is not None]
    return f"{kind}: {' · '.join(values)}" if values else kind


def playable(actions: Iterable[Action], prompt_id: str) -> list[Action]:
    """The actions offered as controls on ``prompt_id`` (commands like leaving are not)."""
    return [a for a in actions if a.kind not in COMMAND_KINDS and a.prompt == prompt_id]


def action_button(
    game_id: int, prompt_id: str, action: Action, label: str, legal: Sequence[Action], quiet: frozenset[str] = QUIET_KINDS
) -> dict[str, Any]:
    """A button applying ``action`` (or opening its modal when the player must type something); grey when its kind
    is in ``quiet``."""
    style = SECONDARY if action.kind in quiet else PRIMARY
    return button(label, action_id(game_id, prompt_id, action, legal), style)


__all__ = ["BUTTONS_UP_TO", "COMMAND_KINDS", "QUIET_KINDS", "Labels", "action_button", "action_label", "arg_order", "playable", "value_label"]
