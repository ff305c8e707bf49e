"""Game records and their verification: is a game the bot ran fair, and is its record the one the bot wrote?

A record (``nocturne-record/1``) is what the bot attaches to a game's final message: the save format that
``python -m engines replay`` reads (``engine``, ``players``, ``options``, ``seed``, ``log``) plus

* ``salt`` and ``commitment``: at the start the bot posted ``commitment`` = SHA-256 of ``salt:seed`` (the text, in
  UTF-8) before anything was dealt, and revealed seed and salt at the end; the seed was fixed before anyone played;
* each log entry's ``at`` (when the bot accepted it, UTC) and ``hash``, a chain: ``hash`` = SHA-256 of the previous
  entry's hash (the ``header_hash`` for the first) followed by the entry's canonical JSON without its hash;
  ``header_hash`` covers engine, players, options, seed, salt, commitment and ``hidden``;
* ``outcome`` and ``digest`` = SHA-256 of the last hash followed by the outcome's canonical JSON: the bot gives the
  digest with the file (its name and description), so a record changed and re-hashed afterwards is told apart;
* ``hidden``: what the game's rules keep secret even after the end (``{"seed": rule}``, ``{"actions": {kind:
  rule}}``); a hidden action's ``args`` are ``{"hidden": rule}``.

:func:`verify` checks all of it and says where a record does not hold. Pure: no I/O (``python -m engines verify``
reads the file).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines import get_engine
from engines.core import Action, IllegalAction

FORMAT = "nocturne-record/1"
#: The fields of a record its ``header_hash`` covers.
HEADER_FIELDS = ("engine", "players", "options", "seed", "salt", "commitment", "hidden")
#: The fields of a log entry its ``hash`` covers (with the previous hash).
ENTRY_FIELDS = ("player", "prompt", "kind", "args", "at")

FAIR, NOT_FAIR, UNREADABLE, UNCHECKABLE = 0, 1, 2, 3


def commitment(seed: str, salt: str) -> str:
    """The commitment posted at a game's start: SHA-256 of ``salt:seed`` as hex.

    >>> commitment("7", "ab")  # the same as: echo -n 'ab:7' | sha256sum
    'b7e1dfec11fd191bb4abfdfe9c58ecd7de250cda6278f0dac33b9cb642a20ca8'
    """
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def canonical(value: Any) -> bytes:
    """The one byte form of a JSON value that is hashed: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _sha(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
    return digest.hexdigest()


def header_hash(record: Mapping[str, Any]) -> str:
    return _sha(canonical({k: record[k] for k in HEADER_FIELDS if k in record}))


def entry_hash(previous: str, entry: Mapping[str, Any]) -> str:
    return _sha(previous.encode(), canonical({k: entry[k] for k in ENTRY_FIELDS if k in entry}))


def final_digest(last: str, outcome: Any) -> str:
    return _sha(last.encode(), canonical(outcome))


def seal(record: dict[str, Any]) -> dict[str, Any]:
    """Fill in ``header_hash``, every entry's ``hash`` and the ``digest`` (the bot's side of :func:`verify`)."""
    previous = record["header_hash"] = header_hash(record)
    for entry in record["log"]:
        previous = entry["hash"] = entry_hash(previous, entry)
    record["digest"] = final_digest(previous, record.get("outcome"))
    return record


def outcome_json(outcome: Any) -> dict[str, Any] | None:
    """An engine's :class:`~engines.core.Outcome` as a record holds it."""
    if outcome is None:
        return None
    return {"winners": list(outcome.winners), "reason": outcome.reason, "teams": list(outcome.teams), "draw": outcome.draw}


def outcome_text(outcome: Mapping[str, Any] | None) -> str:
    if outcome is None:
        return "unfinished"
    if outcome.get("draw"):
        return f"a draw ({outcome.get('reason')})"
    return f"{outcome.get('reason')}; winners: {', '.join(outcome.get('winners') or []) or 'none'}"


@dataclass
class Verdict:
    """What :func:`verify` found: ``code`` (:data:`FAIR`, :data:`NOT_FAIR` or :data:`UNCHECKABLE`) and the lines
    that say so, the first being the verdict."""

    code: int
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _what(i: int, n: int, entry: Mapping[str, Any]) -> str:
    at = f", at {entry['at']}" if entry.get("at") else ""
    return f"action {i} of {n} ({entry.get('player')} {entry.get('kind')}{at})"


def verify(record: Mapping[str, Any], *, expect_commitment: str | None = None, expect_digest: str | None = None) -> Verdict:
    """Check a record: the seed against its commitment, the record against its hashes (and the digest the bot
    gave, when known), then replay every action from the seed and compare the outcome.

    ``record`` must be shaped like a save (the caller checked engine, players and log); ``expect_*`` are the
    values from the bot's messages on Discord, when the user copied them.
    """
    engine = get_engine(record["engine"])
    log = list(record["log"])
    n = len(log)
    hidden = record.get("hidden") or {}
    notes: list[str] = []

    def unfair(why: str) -> Verdict:
        return Verdict(NOT_FAIR, [f"not fair: {why}", *notes])

    # 1. the seed was fixed before the game: seed and salt hash to the commitment posted at the start
    seed, salt, committed = record.get("seed"), record.get("salt"), record.get("commitment")
    if committed is not None:
        if expect_commitment and expect_commitment.strip().lower() != str(committed).lower():
            return unfair(f"the record's commitment {committed} is not the one posted at the start ({expect_commitment.strip()})")
        if seed is not None:
            if salt is None:
                return unfair("the record has a commitment but no salt to check it with")
            actual = commitment(str(seed), str(salt))
            if actual != committed:
                return unfair(
                    f"the seed does not match its commitment: SHA-256 of '{salt}:{seed}' is {actual}, but the commitment "
                    f"posted at the start is {committed}; the seed or salt was changed after the game was committed to"
                )
            notes.append(f"commitment: {committed} = SHA-256 of 'salt:seed' (compare it with the bot's message at the start)")
    # 2. the record is the one the bot wrote: its hash chain and digest
    if "header_hash" in record:
        if record["header_hash"] != header_hash(record):
            return unfair("the players, options or seed differ from what the bot wrote (the header hash does not match)")
        previous = record["header_hash"]
        for i, entry in enumerate(log, start=1):
            if "hash" not in entry:
                return unfair(f"{_what(i, n, entry)} has no hash: it was added after the bot wrote the record")
            if entry["hash"] != entry_hash(previous, entry):
                return unfair(f"{_what(i, n, entry)} differs from what the bot wrote (its hash does not match)")
            previous = entry["hash"]
        digest = final_digest(previous, record.get("outcome"))
        if record.get("digest") not in (None, digest):
            return unfair("the outcome differs from what the bot wrote (the digest does not match)")
        if expect_digest and expect_digest.strip().lower() != digest:
            return unfair(f"this is not the record the bot attached: its digest is {digest}, the bot gave {expect_digest.strip()}")
        notes.append(f"digest: {digest} (compare it with the record's file name or description on Discord)")
    elif expect_digest:
        return unfair("the record carries no hashes, so it cannot be the one the bot attached")
    # 3. replay from the seed
    if seed is None:
        rule = hidden.get("seed", "the game's rules")
        return Verdict(
            UNCHECKABLE,
            [f"cannot check: {engine.name} never reveals its seed ({rule}), so this record cannot be replayed", *notes],
        )
    try:
        state, _ = engine.setup(record["players"], record.get("options") or {}, seed, record.get("overrides"))
    except IllegalAction as exc:
        return unfair(f"{engine.name} cannot deal this game: {exc.reason}")
    except Exception as exc:  # noqa: BLE001 - a hand-edited record can upset an engine in any way
        return unfair(f"{engine.name} cannot deal this game ({type(exc).__name__}: {exc})")
    for i, entry in enumerate(log, start=1):
        args = entry.get("args") or {}
        if isinstance(args, Mapping) and set(args) == {"hidden"}:
            replayed_so_far = f" and actions 1 to {i - 1} replay" if i > 1 else ""
            seeded = "the committed seed" if committed is not None else "the seed"
            return Verdict(
                UNCHECKABLE,
                [
                    f"partly checked: the deal follows from {seeded}{replayed_so_far}, but {_what(i, n, entry)} keeps "
                    f"its choice hidden ({args['hidden']}), so the game cannot be replayed past it",
                    *notes,
                ],
            )
        try:
            state, _ = engine.apply(state, Action.from_json(entry))
        except IllegalAction as exc:
            return unfair(f"{_what(i, n, entry)} is refused by {engine.name} ({exc.reason}): it cannot have happened in this game")
        except Exception as exc:  # noqa: BLE001
            return unfair(f"{_what(i, n, entry)} cannot be replayed ({type(exc).__name__}: {exc})")
    replayed = outcome_json(engine.outcome(state))
    recorded = record.get("outcome")
    if recorded is not None and not _same_outcome(replayed, recorded):
        return unfair(f"replaying every action ends in {outcome_text(replayed)}, but the record says {outcome_text(recorded)}")
    if committed is None:
        return Verdict(
            UNCHECKABLE,
            [
                f"cannot check the seed: the record has no commitment, so nothing shows the seed was fixed before the "
                f"game; its {n} actions replay to {outcome_text(replayed)}",
                *notes,
            ],
        )
    return Verdict(
        FAIR,
        [
            f"fair: the deal and every shuffle follow from the committed seed, and all {n} actions replay to the "
            f"recorded outcome ({outcome_text(replayed)})",
            *notes,
        ],
    )


def _same_outcome(a: Mapping[str, Any] | None, b: Mapping[str, Any] | None) -> bool:
    if a is None or b is None:
        return a is b
    return (
        sorted(a.get("winners") or []) == sorted(b.get("winners") or [])
        and a.get("reason") == b.get("reason")
        and bool(a.get("draw")) == bool(b.get("draw"))
    )


__all__ = [
    "FAIR",
    "FORMAT",
    "NOT_FAIR",
    "UNCHECKABLE",
    "UNREADABLE",
    "Verdict",
    "canonical",
    "commitment",
    "entry_hash",
    "final_digest",
    "header_hash",
    "outcome_json",
    "seal",
    "verify",
]
