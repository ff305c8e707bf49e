"""What an op puts on a Discord message: the payload of a post (with its nonce and files), what an edit rewrites, and
short digests of what a message shows, so an edit that changes nothing makes no call (see :mod:`bot.executors`)."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from bot.ops import Op

#: An outbox row's nonce (``nc12`` or ``nc12p3``, see :class:`bot.outbox.Row`): the row's id.
_NONCE_ROW = re.compile(r"nc(\d+)")


def message_payload(op: Op, nonce: str | None, preamble: str = "", files: list[tuple[str, bytes, str]] | None = None) -> dict[str, Any]:
    payload: dict[str, Any] = {"allowed_mentions": {"parse": ["users"]}}
    if files:
        payload["attachments"] = attachment_fields(files)
    for key in ("content", "embeds", "components"):
        if key in op:
            payload[key] = op[key]
    if preamble and "content" in payload:
        payload["content"] = f"{preamble}\n{payload['content']}"
    if nonce:
        payload["nonce"] = nonce
        payload["enforce_nonce"] = True
    return payload


def row_of(nonce: str | None) -> int | None:
    """The outbox row a nonce belongs to (``None``: a message outside the outbox)."""
    found = _NONCE_ROW.match(nonce or "")
    return int(found.group(1)) if found else None


def digests(op: Op) -> dict[str, str]:
    """Short digests of what ``op`` sets on its message, field by field (its board by the view it is drawn from):
    kept in its slot as what the message shows (``shown``)."""
    fields = {k: op[k] for k in ("content", "embeds", "components") if k in op}
    if op.get("render"):
        fields["files"] = op["render"]
    return {
        k: hashlib.blake2b(json.dumps(v, sort_keys=True, default=str).encode(), digest_size=8).hexdigest()
        for k, v in fields.items()
    }


def shows_already(slot: dict[str, Any], op: Op) -> bool:
    """Does the slot's message already show everything ``op`` would set? Not known for a message a click's answer
    rewrote (``bare``, or ``shown`` dropped, see :meth:`bot.outbox.Outbox._mark_sent`), nor for attached files."""
    shown = slot.get("shown")
    if not shown or slot.get("bare") or op.get("attach"):
        return False
    wanted = digests(op)
    return bool(wanted) and all(shown.get(k) == v for k, v in wanted.items())


def strips_controls(op: Op) -> bool:
    """Does the edit only take a message's controls off (a closed prompt's)?"""
    return op.get("components") == [] and not set(op) - {"do", "slot", "components", "forget"}


def attachment_fields(files: list[tuple[str, bytes, str]]) -> list[dict[str, Any]]:
    return [{"id": i, "filename": name, "description": description} for i, (name, _, description) in enumerate(files)]


def file_args(files: list[tuple[str, bytes, str]] | None) -> dict[str, Any]:
    """The transport's ``files`` argument, only when there are files (so simple transports need not take it)."""
    return {"files": [(name, data) for name, data, _ in files]} if files else {}


def rewrite(slot: dict[str, Any], op: Op) -> dict[str, Any]:
    """What an edit op sets on its slot's message; the announcements it was first posted with (its preamble) stay
    on top."""
    payload = {k: op[k] for k in ("content", "embeds", "components") if k in op}
    if "content" in payload and slot.get("preamble"):
        payload["content"] = f"{slot['preamble']}\n{payload['content']}"
    return payload

