"""Game records and their verification: is a game the bot ran fair, and is its record the one the bot wrote?

A record (``nocturne-record/1``) is what the bot attaches to a game's final message: the save format that
``python -m engines replay`` reads (``engine``, ``players``, ``options``, ``seed``, ``log``) plus

* ``salt`` and ``commitment``: at the start the bot posted ``commitment`` = SHA-256 of ``salt:seed`` (the text, in
  UTF-8) before anything was dealt, and revealed seed and salt at the end; the seed was fixed before anyone played;
* each log entry's ``at`` (when the bot accepted it, UTC) and ``hash``, a chain: ``hash`` = SHA-256 of the previous
  entry's hash (the ``header_hash`` for the first) followed by the entry's canonical JSON without its hash;
  ``header_hash`` covers engine, players, which of them were computers and at what level (when any were), options,
  seed, salt, commitment and ``hidden``;
* ``outcome`` and ``digest`` = SHA-256 of the last hash followed by the outcome's canonical JSON: the bot gives the
  digest with the file (its name and description), so a record changed and re-hashed afterwards is told apart;
  only that digest, copied from Discord, ties a file to the record the bot attached: without it :func:`verify` can
  check that a record holds together, never that it is the bot's (anyone can edit a record and seal it again);
* ``hidden``: what the game's rules keep secret even after the end (``{"seed": rule}``, ``{"actions": {kind:
  rule}}``); a hidden action's ``args`` are ``{"hidden": rule}``.

:func:`verify` checks all of it and says where a record does not hold. Pure: no I/O (``python -m engines verify``
reads the file).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines import get_engine
from engines.core import Action, IllegalAction

FORMAT = "nocturne-record/1"
#: The fields of a record its ``header_hash`` covers (a field a record lacks, such as ``computers`` in a game of
#: people only or a record from before it, is left out, so older records keep their hashes).
HEADER_FIELDS = ("engine", "players", "computers", "options", "seed", "salt", "commitment", "hidden")
#: The fields of a log entry its ``hash`` covers (with the previous hash).
ENTRY_FIELDS = ("player", "prompt", "kind", "args", "at")

#: Verdicts, which are also ``python -m engines verify``'s exit codes. :data:`UNANCHORED`: everything in the record
#: holds together, but no digest from the bot was given to tie it to the record the bot attached.
FAIR, NOT_FAIR, UNREADABLE, UNCHECKABLE, UNANCHORED = 0, 1, 2, 3, 4
#: The fewest hex digits of a digest or commitment that are compared (a record's file name showed 12; fewer would
#: let a forger match them by re-sealing edited copies until one fits).
MIN_HEX = 12
_NAME_DIGEST = re.compile(r"-([0-9a-f]+)\.json$")


def commitment(seed: str, salt: str) -> str:
    """The commitment posted at a game's start: SHA-256 of ``salt:seed`` as hex.

    >>> commitment("7", "ab")  # the same as: echo -n 'ab:7' | sha256sum
    'b7e1dfec11fd191bb4abfdfe9c58ecd7de250cda6278f0dac33b9cb642a20ca8'
    """
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def parse_hex(text: str, what: str = "digest") -> str:
    """A digest or commitment as a user copies it, as lower-case hex: all 64 digits or the first ``MIN_HEX`` or
    more (as a record's file name shows them). Surrounding spaces, quotes and backticks are dropped, and a
    record's whole file name (``nocturne-night-watch-12-<digest>.json``) gives the digest in it. :class:`ValueError`
    says what is wrong, so a mistyped value is never taken for a record that does not match.

    >>> parse_hex(" `334327506E1E` ")
    '334327506e1e'
    >>> parse_hex("nocturne-night-watch-12-334327506e1e.json")
    '334327506e1e'
    """
    value = text.strip().strip("`'\"").strip().lower()
    named = _NAME_DIGEST.search(value)
    if named:
        value = named.group(1)
    if not re.fullmatch(r"[0-9a-f]*", value) or not value:
        raise ValueError(f"{what} {text.strip()!r} is not hexadecimal: copy the hex digits (0-9, a-f) the bot gave")
    if len(value) > 64:
        raise ValueError(f"{what} {text.strip()!r} has {len(value)} hex digits; a SHA-256 {what} has 64")
    if len(value) < MIN_HEX:
        raise ValueError(
            f"{what} {text.strip()!r} has {len(value)} hex digits; give at least {MIN_HEX} (as in the record's file name) or all 64"
        )
    return value


def _matches(actual: str, given: str) -> bool:
    """Does ``actual`` (a full hex value) begin with ``given`` (all of it or a prefix, see :func:`parse_hex`)?"""
    return str(actual).lower().startswith(given)


def _compared(given: str) -> str:
    return "all 64 hex digits compared" if len(given) == 64 else f"its first {len(given)} of 64 hex digits compared"


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
    """What :func:`verify` found: ``code`` (:data:`FAIR`, :data:`NOT_FAIR`, :data:`UNCHECKABLE` or
    :data:`UNANCHORED`) and the lines
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
    values from the bot's messages on Discord, when the user copied them: all 64 hex digits or a prefix of at least
    :data:`MIN_HEX` (see :func:`parse_hex`; :class:`ValueError` when malformed, or when the two were swapped). Without ``expect_digest`` a record
    that holds together is :data:`UNANCHORED`, never :data:`FAIR`: a copy edited and sealed again would hold
    together as well.
    """
    wanted_commitment = parse_hex(expect_commitment, "commitment") if expect_commitment else None
    wanted_digest = parse_hex(expect_digest, "digest") if expect_digest else None
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
        if wanted_commitment and not _matches(committed, wanted_commitment):
            if "digest" in record and _matches(record["digest"], wanted_commitment):
                raise ValueError("the commitment given is the record's digest; the commitment is in the game's first message")
            return unfair(f"the record's commitment {committed} is not the one posted at the start ({wanted_commitment})")
        if seed is not None:
            if salt is None:
                return unfair("the record has a commitment but no salt to check it with")
            actual = commitment(str(seed), str(salt))
            if actual != committed:
                return unfair(
                    f"the seed does not match its commitment: SHA-256 of '{salt}:{seed}' is {actual}, but the commitment "
                    f"posted at the start is {committed}; the seed or salt was changed after the game was committed to"
                )
            where = (
                f"the one posted at the start ({_compared(wanted_commitment)})"
                if wanted_commitment
                else "compare it with the bot's message at the start"
            )
            notes.append(f"commitment: {committed} = SHA-256 of 'salt:seed' ({where})")
    # 2. the record is the one the bot wrote: its hash chain and digest
    if "header_hash" in record:
        if record["header_hash"] != header_hash(record):
            return unfair("the players, computers, options or seed differ from what the bot wrote (the header hash does not match)")
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
        if wanted_digest and not _matches(digest, wanted_digest):
            if committed is not None and _matches(committed, wanted_digest):
                raise ValueError("the digest given is the record's commitment; the digest is in the record's file name")
            return unfair(
                f"this is not the record the bot attached: its digest is {digest}, which does not begin with the "
                f"{wanted_digest} the bot gave"
            )
        if wanted_digest:
            notes.append(f"digest: {digest}, the one given ({_compared(wanted_digest)})")
        else:
            notes.append(f"digest: {digest} (compare it with the record's file name or description on Discord)")
    elif wanted_digest:
        return unfair("the record carries no hashes, so it cannot be the one the bot attached")
    if not wanted_digest:
        notes.append(_UNANCHORED_NOTE)
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
                    (
                        f"partly checked: the deal follows from {seeded}{replayed_so_far}, but {_what(i, n, entry)} "
                        f"keeps its choice hidden ({args['hidden']}), so the game cannot be replayed past it"
                    ),
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
                (
                    f"cannot check the seed: the record has no commitment, so nothing shows the seed was fixed before "
                    f"the game; its {n} actions replay to {outcome_text(replayed)}"
                ),
                *notes,
            ],
        )
    if not wanted_digest:
        return Verdict(
            UNANCHORED,
            [
                (
                    f"consistent only: the seed matches the record's commitment and all {n} actions replay to the "
                    f"recorded outcome ({outcome_text(replayed)}), but without --digest nothing shows it is the record "
                    "the bot attached (or the table saved): a copy edited and sealed again (every hash computed anew) "
                    "passes these checks too"
                ),
                *[note for note in notes if note is not _UNANCHORED_NOTE],
                (
                    "to check it is the bot's record, give --digest with the hex digits of the record's file name on "
                    "Discord (or the whole digest from its description, or the one the terminal table printed)"
                ),
            ],
        )
    return Verdict(
        FAIR,
        [
            (
                f"fair: the deal and every shuffle follow from the committed seed, and all {n} actions replay to the "
                f"recorded outcome ({outcome_text(replayed)})"
            ),
            *notes,
        ],
    )


#: The note a verdict other than "consistent only" carries when no digest was given.
_UNANCHORED_NOTE = (
    "not checked: that this is the record the bot attached (no --digest given; a copy edited and sealed again "
    "would pass the other checks)"
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
    "MIN_HEX",
    "NOT_FAIR",
    "UNANCHORED",
    "UNCHECKABLE",
    "UNREADABLE",
    "Verdict",
    "canonical",
    "commitment",
    "entry_hash",
    "final_digest",
    "header_hash",
    "outcome_json",
    "parse_hex",
    "seal",
    "verify",
]
