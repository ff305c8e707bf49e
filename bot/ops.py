"""Outbox operations: what the bot must do on Discord, as plain JSON data written with the action that caused it.

An op names a destination and a message:

* ``{"do": "post", "to": "game", ...}`` — the game's thread (or channel);
* ``{"do": "post", "to": "dm", "user": id, ...}`` — a private message; if the user's DMs are closed the
  dispatcher posts ``fallback`` (a mention and "open /game mine", nothing secret) in the game channel instead;
* ``{"do": "post", "to": "team", "team": name, "members": [...], ...}`` — a team's private thread, or DMs to each
  member when no thread could be made;
* ``"slot"``: remember the message id under this name, and when the slot already holds a message, edit it
  instead of posting a new one (live tallies, boards, the lobby);
* ``{"do": "team_sync", ...}``, ``{"do": "mute", ...}`` — thread membership and send permissions;
* ``{"do": "delete_message", "channel": id, "message": id}`` — delete a message a player typed (see
  :func:`delete_message`), where the bot has Manage Messages;
* ``{"do": "forget", "slot": name}`` — the bot is done with a slot's message and leaves it as it is (no call);
* ``{"do": "present", "seq": n, ...}`` — a render request (:func:`present_request`): the presenter's ops for the
  game's step ``n``, worded when they are delivered; the dispatcher sends them as parts of this one row.
* ``{"do": "answer", "answer": token, ...}`` — what a click's own answer shows of the player's own (a check result),
  written with the action (see :func:`answer`): no call when that answer went out, else delivered by the dispatcher.

Components are Discord's JSON (action rows of buttons or one select), built with the helpers below, which keep
to Discord's limits: at most 5 rows, 5 buttons a row, 25 options a select, 100 characters a ``custom_id``.
"""

from __future__ import annotations

from typing import Any

Op = dict[str, Any]

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_LABEL = 80

PRIMARY, SECONDARY, SUCCESS, DANGER = 1, 2, 3, 4


#: The ``do`` of a render request.
PRESENT = "present"


def present_request(seq: int, deadlines: dict[str, float]) -> Op:
    """The op standing for the presenter's ops of step ``seq`` (``bot.runtime.Runtime.presented`` words it):
    ``deadlines`` are the prompt deadlines the step left, as its messages state them."""
    return {"do": PRESENT, "seq": seq, "deadlines": dict(deadlines)}


#: The ``do`` of a click's answer written with its action.
ANSWER = "answer"


def answer(token: str, op: Op) -> Op:
    """What the answer to a click (interaction ``token``) shows the player of their own - the ack and what their
    action taught them, a check result - written with the action, so no crash, late answer (Discord's 3 s) or refused
    one can lose it: the dispatcher makes no call when this process's answer went out, and otherwise delivers ``op``
    itself. ``op`` is either ``{"channel": id, "message": id, "content": text}``, the DM clicked on, rewritten with
    ``content`` (its text, the answer below) and no controls, as the answer does; or a private message
    (:meth:`bot.presenter.Presenter.dm`)."""
    return {**op, "do": ANSWER, "answer": str(token)}


def forget(slot: str) -> Op:
    """Stop tracking a slot's message without touching it (one with no controls to take off)."""
    return {"do": "forget", "slot": slot}


def delete_message(channel_id: int, message_id: int) -> Op:
    """Delete a message typed in the game's channel (a foul clue, the Dreamer's guess): with the action it caused,
    so a crash keeps both or neither."""
    return {"do": "delete_message", "channel": int(channel_id), "message": int(message_id)}


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def button(label: str, custom_id: str, style: int = SECONDARY, disabled: bool = False) -> dict[str, Any]:
    _check_custom_id(custom_id)
    return {"type": 2, "style": style, "label": clip(label, MAX_LABEL), "custom_id": custom_id, "disabled": disabled}


def select(custom_id: str, options: list[tuple[str, str]], placeholder: str = "") -> dict[str, Any]:
    """A single-choice select of ``(label, value)`` pairs (at most 25: the caller pages longer lists)."""
    _check_custom_id(custom_id)
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        raise ValueError(f"a select holds 1-{MAX_SELECT_OPTIONS} options, not {len(options)}")
    return {
        "type": 3,
        "custom_id": custom_id,
        "placeholder": clip(placeholder, 150),
        "min_values": 1,
        "max_values": 1,
        "options": [{"label": clip(label, 100), "value": value} for label, value in options],
    }


def rows(*items: dict[str, Any]) -> list[dict[str, Any]]:
    """Lay components out in action rows: each select takes a row, buttons share rows of five."""
    result: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    for item in items:
        if item["type"] == 2:
            pending.append(item)
            if len(pending) == MAX_BUTTONS_PER_ROW:
                result.append({"type": 1, "components": pending})
                pending = []
        else:
            if pending:
                result.append({"type": 1, "components": pending})
                pending = []
            result.append({"type": 1, "components": [item]})
    if pending:
        result.append({"type": 1, "components": pending})
    if len(result) > MAX_ROWS:
        raise ValueError(f"a message holds at most {MAX_ROWS} rows of components, not {len(result)}")
    return result


def fit_rows(*items: dict[str, Any]) -> list[dict[str, Any]]:
    """Like :func:`rows`, but keeps only as many components as fit in one message (the rest stay reachable
    through ``/game mine``, which lists the open choices again)."""
    for count in range(len(items), -1, -1):
        try:
            return rows(*items[:count])
        except ValueError:
            continue
    return []


def post(to: str, content: str, *, components: list | None = None, slot: str | None = None, **extra: Any) -> Op:
    op: Op = {"do": "post", "to": to, "content": clip(content)}
    if components is not None:
        op["components"] = components
    if slot:
        op["slot"] = slot
    op.update(extra)
    return op


def _check_custom_id(custom_id: str) -> None:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id longer than {MAX_CUSTOM_ID}: {custom_id!r}")
