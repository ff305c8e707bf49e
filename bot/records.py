"""Provably fair deals and game records.

**The commitment.** Every game's seed is drawn by the runtime from :mod:`secrets` when its lobby opens (never from
ids or the time) and kept in the database with a random salt. When the game is dealt, before anything of the deal
is sent, the game's thread gets the commitment: SHA-256 of ``salt:seed`` (:func:`engines.verify.commitment`). The
seed cannot be guessed from it, and once posted it cannot change unseen.

**The reveal and the record.** When the game ends, its final message opens the commitment (seed and salt) and
carries the game's record as a JSON file (made by the dispatcher at send time from the database, see
:func:`record_file`): the save format ``python -m engines replay`` reads, players by display name, every action
with its time, the outcome, and a hash chain whose digest is in the file's name and description.
``python -m engines verify`` checks it all (:mod:`engines.verify`).

**What becomes public is the rules' decision**, which each game declares with its Discord face
(:attr:`bot.games.GameUI.reveal`): the record holds private actions only because the game is over and its
end-of-game reveal makes them public. Where a game's rules keep something secret even then, the record keeps it
secret too: action kinds whose choice stays hidden (cards discarded face down, say) are masked and the record
replays up to the first of them; a game that never shows its seed commits to nothing, reveals no seed, and its
record cannot be replayed.
"""

from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from bot import stats
from bot.computers import computers_in
from bot.db import ActionRow, Database, Game
from bot.games import Reveal, game_ui
from bot.ops import Op, post
from engines import get_engine
from engines.core import State
from engines.verify import FORMAT, commitment, outcome_json, seal

log = logging.getLogger(__name__)


def reveal_of(engine_name: str) -> Reveal:
    """What the game's rules make public at its end, as its UI declares (a game with no UI has no records)."""
    return game_ui(engine_name).reveal


def commitment_of(row: Game) -> str | None:
    """The game's commitment, when it has one: its seed is revealed at the end and it has a salt."""
    if not row.salt or not reveal_of(row.engine).seed:
        return None
    return commitment(str(row.seed), row.salt)


# -- runtime hooks -------------------------------------------------------------------------------------------------


def begin_ops(live: Any) -> list[Op]:
    """At the deal: the commitment to the seed, in the game's thread, before anything is dealt."""
    try:
        sealed = commitment_of(live.row)
        if sealed is None:
            return []
        return [post("game", "🔐 " + live.table().t("records.commit", commitment=sealed))]
    except Exception:  # a fault here costs the commitment, never the deal
        log.exception("game %s: no commitment posted", live.id)
        return []


def end_ops(live: Any, state: State) -> list[Op]:
    """At the end: the seed and salt (the commitment opened), and the game's record attached to this, the final
    message of the game's thread. Its slot (``record``) is what /game history links to."""
    try:
        return _end_ops(live)
    except Exception:  # a fault here costs the reveal, never the game's end
        log.exception("game %s: no reveal posted", live.id)
        return []


def _end_ops(live: Any) -> list[Op]:
    table = live.table()
    row = live.row
    rule = reveal_of(row.engine)
    lines = []
    sealed = commitment_of(row)
    if sealed is not None:
        lines.append("🔓 " + table.t("records.reveal", seed=str(row.seed), salt=row.salt, commitment=sealed))
    elif rule.seed:
        lines.append(table.t("records.no_commitment"))
    else:
        lines.append(table.t("records.secret_seed", game=table.t(f"{table.prefix}.name"), rule=rule.seed_rule))
    if rule.hidden and rule.seed:
        lines.append(table.t("records.hidden_actions", rule=", ".join(sorted(set(rule.hidden.values())))))
    lines.append("📜 " + table.t("records.attached" if rule.seed else "records.attached_secret"))
    return [post("game", "\n".join(lines), slot="record", attach=[{"kind": "record", "game": row.id}])]


def result_roles(live: Any, state: State) -> dict[str, str]:
    return stats.roles_at_end(live.engine, state)


def install(runtime: Any, dispatcher: Any) -> None:
    """Commitments, reveals, records and result roles for every game this runtime runs."""
    runtime.begin_ops.append(begin_ops)
    runtime.end_ops.append(end_ops)
    runtime.result_roles.append(result_roles)

    async def make(live: Any, request: dict[str, Any]) -> tuple[str, bytes, str]:
        return await record_file(runtime.db, int(request.get("game") or live.id))

    dispatcher.attachments["record"] = make


# -- the record ----------------------------------------------------------------------------------------------------


def public_names(seats: list[str], names: Mapping[str, str]) -> dict[str, str]:
    """Player id -> the name the record shows: the display name, made unique (``Alex``, ``Alex (2)``) and never
    starting with ``@`` (which engines keep for the host and the clock)."""
    used: set[str] = set()
    shown: dict[str, str] = {}
    for seat, player in enumerate(seats, start=1):
        base = str(names.get(player) or "").strip().lstrip("@").strip()[:64] or f"Player {seat}"
        name, n = base, 1
        while name in used or name in seats:
            n += 1
            name = f"{base} ({n})"
        used.add(name)
        shown[player] = name
    return shown


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with every player id (a whole string equal to one) replaced by the player's public name."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k) if isinstance(k, str) else k: _renamed(v, names) for k, v in value.items()}
    return value


def _iso(at: float | None) -> str | None:
    if at is None:
        return None
    moment = datetime.datetime.fromtimestamp(float(at), tz=datetime.UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def build_record(row: Game, actions: list[tuple[dict[str, Any], float]], outcome: dict[str, Any] | None = None) -> dict[str, Any]:
    """The public record of a finished game from its row and its log (action, time), sealed with its hashes.

    Players are shown by display name when the game replays the same way under those names (checked here by
    replaying it), else by their ids."""
    engine = get_engine(row.engine)
    rule = reveal_of(row.engine)
    seats = [str(p) for p in row.seats]
    names = public_names(seats, row.names or {})
    if not _replays_alike(engine, row, [a for a, _ in actions], names):
        log.warning("game %s: the record keeps player ids (the game does not replay alike under display names)", row.id)
        names = {p: p for p in seats}
    record: dict[str, Any] = {
        "format": FORMAT,
        "engine": row.engine,
        "game": {
            "id": row.id,
            "server": row.guild_name,
            "started": _iso(row.started_at),
            "finished": _iso(row.finished_at),
        },
        "players": [names[p] for p in seats],
        "options": dict(row.options or {}),
    }
    played = computers_in(seats)
    if played:  # which seats were computers, at what level (issue 31): the name each has in "players" -> level
        record["computers"] = {names[p]: level for p, level in played.items()}
    hidden: dict[str, Any] = {}
    if rule.seed:
        record["seed"] = str(row.seed)
        sealed = commitment_of(row)
        if sealed is not None:
            record["salt"] = row.salt
            record["commitment"] = sealed
    else:
        hidden["seed"] = rule.seed_rule
    if rule.hidden:
        hidden["actions"] = dict(rule.hidden)
    if hidden:
        record["hidden"] = hidden
    log_entries = []
    for action, at in actions:
        entry = _renamed({k: action.get(k) for k in ("player", "prompt", "kind")}, names)
        kind = action.get("kind")
        entry["args"] = {"hidden": rule.hidden[kind]} if kind in rule.hidden else _renamed(dict(action.get("args") or {}), names)
        entry["at"] = _iso(at)
        log_entries.append(entry)
    record["log"] = log_entries
    found = outcome if outcome is not None else row.outcome
    record["outcome"] = _renamed({k: found.get(k) for k in ("winners", "reason", "teams", "draw")}, names) if found else None
    return seal(record)


def _replays_alike(engine: Any, row: Game, actions: list[dict[str, Any]], names: Mapping[str, str]) -> bool:
    """Does the game end the same way when every player id is replaced by its public name?"""
    from engines.core import Action

    try:
        seats = [str(p) for p in row.seats]
        state, _ = engine.setup([names[p] for p in seats], row.options or {}, row.seed)
        for action in actions:
            state, _ = engine.apply(state, Action.from_json(_renamed(dict(action), names)))
        renamed = outcome_json(engine.outcome(state))
        expected = _renamed({k: (row.outcome or {}).get(k) for k in ("winners", "reason", "teams", "draw")}, names) if row.outcome else None
        if renamed is None or expected is None:
            return renamed is expected
        return sorted(renamed["winners"]) == sorted(expected["winners"] or []) and renamed["reason"] == expected["reason"]
    except Exception:  # noqa: BLE001
        return False


async def load_record(db: Database, game_id: int) -> dict[str, Any]:
    """The record of game ``game_id`` as stored (the game must be finished)."""
    async with db.sessions() as session:
        row = await session.get(Game, game_id)
        if row is None or row.status != "finished":
            raise LookupError(f"game {game_id} is not a finished game")
        actions = (await session.execute(select(ActionRow.action, ActionRow.at).where(ActionRow.game_id == game_id).order_by(ActionRow.seq))).all()
    return build_record(row, [(a, at) for a, at in actions])


def file_name(record: Mapping[str, Any]) -> str:
    """``nocturne-<game>-<id>-<digest>.json``, with the whole digest: the name is where a player sees it on Discord
    (the description is alt text, hidden for a file), and a shorter part could be matched by a forger who seals
    edited copies until one fits (12 hex digits, as names showed before, take about 2^48 tries; 64 leave no room).
    ``python -m engines verify --digest`` still takes the 12 of those older names."""
    return f"nocturne-{record['engine'].replace('_', '-')}-{record['game']['id']}-{record['digest']}.json"


async def record_file(db: Database, game_id: int, lang: str | None = None) -> tuple[str, bytes, str]:
    """The record as an attachment: file name and description (each with the whole digest, so a copy changed
    later is told apart: ``python -m engines verify --digest``), JSON bytes."""
    import translations as i18n

    record = await load_record(db, game_id)
    async with db.sessions() as session:
        language = lang or (await session.get(Game, game_id)).language
    data = json.dumps(record, indent=1, ensure_ascii=False).encode()
    description = i18n.translate(language, "records.file_description", id=str(game_id), digest=record["digest"])
    return file_name(record), data, description[:1024]


__all__ = [
    "Reveal",
    "begin_ops",
    "build_record",
    "commitment_of",
    "end_ops",
    "file_name",
    "install",
    "load_record",
    "public_names",
    "record_file",
    "reveal_of",
]
