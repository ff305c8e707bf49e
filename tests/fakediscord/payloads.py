"""Discord API payload builders and validation for the fake Discord server.

Shapes follow what discord.py 2.7 reads (``state.py`` ``parse_*``, ``message.py``, ``channel.py``,
``threads.py``, ``member.py``, ``guild.py``, ``interactions.py``).  Everything here is plain data:
dicts in, dicts out, no I/O.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import re
import threading
import time
from typing import Any, Dict, Iterable, List, Optional

DISCORD_EPOCH_MS = 1420070400000

# Discord's error codes used by the fake server.
UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_ROLE = 10011
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
MISSING_ACCESS = 50001
CANNOT_SEND_EMPTY = 50006
CANNOT_DM_USER = 50007
MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035
THREAD_ARCHIVED = 50083

# Permissions (subset).
P_ADD_REACTIONS = 1 << 6
P_MANAGE_MESSAGES = 1 << 13
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_HISTORY = 1 << 16
P_USE_APP_COMMANDS = 1 << 31
P_MANAGE_ROLES = 1 << 28
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_CREATE_PRIVATE_THREADS = 1 << 36
P_SEND_IN_THREADS = 1 << 38
P_ADMINISTRATOR = 1 << 3
EVERYONE_PERMISSIONS = (
    P_ADD_REACTIONS
    | P_VIEW_CHANNEL
    | P_SEND_MESSAGES
    | P_EMBED_LINKS
    | P_ATTACH_FILES
    | P_READ_HISTORY
    | P_USE_APP_COMMANDS
    | P_CREATE_PUBLIC_THREADS
    | P_SEND_IN_THREADS
)
ALL_PERMISSIONS = (1 << 53) - 1

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Gateway intents used by the server.
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_MESSAGE_CONTENT = 1 << 15


class SnowflakeGenerator:
    """Thread-safe, strictly increasing snowflakes based on wall-clock milliseconds."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last = 0
        self._counter = itertools.count()

    def __call__(self) -> int:
        with self._lock:
            ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
            value = (ms << 22) | (next(self._counter) & 0xFFF)
            if value <= self._last:
                value = self._last + 1
            self._last = value
            return value


def snowflake_time(snowflake: int) -> _dt.datetime:
    ms = (int(snowflake) >> 22) + DISCORD_EPOCH_MS
    return _dt.datetime.fromtimestamp(ms / 1000, tz=_dt.timezone.utc)


def iso(ts: Optional[_dt.datetime] = None) -> str:
    return (ts or _dt.datetime.now(_dt.timezone.utc)).isoformat()


# --------------------------------------------------------------------------- entities


def user_payload(user_id: int, username: str, *, bot: bool = False, global_name: Optional[str] = None) -> Dict[str, Any]:
    return {
        "id": str(user_id),
        "username": username,
        "discriminator": "0",
        "global_name": global_name if global_name is not None else (None if bot else username),
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }


def role_payload(role_id: int, name: str, *, permissions: int, position: int = 0, managed: bool = False) -> Dict[str, Any]:
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": position,
        "permissions": str(permissions),
        "managed": managed,
        "mentionable": False,
        "flags": 0,
    }


def member_payload(
    user: Dict[str, Any], roles: Iterable[int], joined_at: str, *, with_user: bool = True, nick: Optional[str] = None
) -> Dict[str, Any]:
    data: Dict[str, Any] = {
        "roles": [str(r) for r in roles],
        "nick": nick,
        "avatar": None,
        "banner": None,
        "joined_at": joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,  # discord.py reads data['flags'] unconditionally
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = dict(user)
    return data


def text_channel_payload(channel_id: int, guild_id: int, name: str, position: int) -> Dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "parent_id": None,
        "topic": None,
        "nsfw": False,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "permission_overwrites": [],
        "default_auto_archive_duration": 1440,
        "flags": 0,
    }


def dm_channel_payload(channel_id: int, recipient: Dict[str, Any]) -> Dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 1,
        "last_message_id": None,
        "flags": 0,
        "recipients": [dict(recipient)],
    }


def thread_payload(
    thread_id: int,
    guild_id: int,
    parent_id: int,
    owner_id: int,
    name: str,
    *,
    private: bool = False,
    auto_archive_duration: int = 1440,
    invitable: bool = True,
    rate_limit_per_user: int = 0,
) -> Dict[str, Any]:
    now = iso()
    return {
        "id": str(thread_id),
        "type": 12 if private else 11,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": rate_limit_per_user or 0,
        "message_count": 0,
        "member_count": 0,
        "total_message_sent": 0,
        "flags": 0,
        "applied_tags": [],
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": auto_archive_duration,
            "archive_timestamp": now,
            "locked": False,
            "invitable": invitable,
            "create_timestamp": now,
        },
    }


def thread_member_payload(thread_id: int, user_id: int, member: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    data: Dict[str, Any] = {
        "id": str(thread_id),
        "user_id": str(user_id),
        "join_timestamp": iso(),
        "flags": 1,
    }
    if member is not None:
        data["member"] = member
    return data


# --------------------------------------------------------------------------- messages

_MENTION_RE = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION_RE = re.compile(r"<@&(\d+)>")


def assign_component_ids(components: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Discord numbers every component (``id``) in a message when the bot leaves it out."""
    counter = itertools.count(1)
    used = set()

    def walk(items: List[Dict[str, Any]]) -> None:
        for comp in items:
            if comp.get("id") is not None:
                used.add(comp["id"])
        for comp in items:
            if comp.get("id") is None:
                n = next(counter)
                while n in used:
                    n = next(counter)
                comp["id"] = n
                used.add(n)
            for key in ("components",):
                if isinstance(comp.get(key), list):
                    walk(comp[key])
            for key in ("component", "accessory"):
                if isinstance(comp.get(key), dict):
                    walk([comp[key]])

    walk(components)
    return components


def iter_components(components: Iterable[Dict[str, Any]]) -> Iterable[Dict[str, Any]]:
    """Walk nested components (action rows, sections, containers, labels)."""
    for comp in components or []:
        yield comp
        if isinstance(comp.get("components"), list):
            yield from iter_components(comp["components"])
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                yield from iter_components([comp[key]])


def normalise_embeds(embeds: Optional[List[Dict[str, Any]]]) -> List[Dict[str, Any]]:
    out = []
    for e in embeds or []:
        e = dict(e)
        e.setdefault("type", "rich")
        out.append(e)
    return out


def resolve_mentions(
    content: str, allowed_mentions: Optional[Dict[str, Any]], users: Dict[int, Dict[str, Any]]
) -> List[Dict[str, Any]]:
    ids = [int(m) for m in _MENTION_RE.findall(content or "")]
    if allowed_mentions is not None:
        parse = allowed_mentions.get("parse", [])
        allowed = {int(u) for u in allowed_mentions.get("users", []) or []}
        ids = [i for i in ids if "users" in parse or i in allowed]
    seen: List[Dict[str, Any]] = []
    for i in dict.fromkeys(ids):
        if i in users:
            seen.append(dict(users[i]))
    return seen


# --------------------------------------------------------------------------- validation


class FormErrors:
    """Collects ``Invalid Form Body`` errors in Discord's nested format."""

    def __init__(self) -> None:
        self.errors: Dict[str, Any] = {}

    def add(self, path: List[Any], code: str, message: str) -> None:
        node = self.errors
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.errors)

    def body(self) -> Dict[str, Any]:
        return {"message": "Invalid Form Body", "code": INVALID_FORM_BODY, "errors": self.errors}


def _check_len(errs: FormErrors, path: List[Any], value: Any, maximum: int, minimum: int = 0) -> None:
    if value is None:
        return
    n = len(str(value))
    if n > maximum or n < minimum:
        errs.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {minimum} and {maximum} in length.")


def validate_components(errs: FormErrors, components: List[Dict[str, Any]], path: List[Any], *, v2: bool = False) -> None:
    if not isinstance(components, list):
        errs.add(path, "BASE_TYPE_ARRAY", "Must be an array.")
        return
    custom_ids: Dict[str, List[Any]] = {}
    top_level = [c for c in components if c.get("type") == 1]
    if len(top_level) > 5 and not v2:  # components-v2 messages (flag 1<<15) allow up to 40 components
        errs.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, row in enumerate(components):
        if row.get("type") == 1:
            children = row.get("components") or []
            if not children or len(children) > 5:
                errs.add(path + [i, "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
            if any(c.get("type") in (3, 5, 6, 7, 8) for c in children) and len(children) > 1:
                errs.add(path + [i, "components"], "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
    for comp in iter_components(components):
        ctype = comp.get("type")
        cid = comp.get("custom_id")
        if cid is not None:
            _check_len(errs, path + ["custom_id"], cid, 100, 1)
            if cid in custom_ids:
                errs.add(path, "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
            custom_ids.setdefault(cid, [])
        if ctype == 2:
            _check_len(errs, path + ["label"], comp.get("label"), 80)
            style = comp.get("style")
            if style == 5:
                if not comp.get("url"):
                    errs.add(path + ["url"], "BASE_TYPE_REQUIRED", "This field is required")
            elif style != 6 and not cid:
                errs.add(path + ["custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
        elif ctype == 3:
            opts = comp.get("options") or []
            if not 1 <= len(opts) <= 25:
                errs.add(path + ["options"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
            for opt in opts:
                _check_len(errs, path + ["options", "label"], opt.get("label"), 100, 1)
                _check_len(errs, path + ["options", "value"], opt.get("value"), 100, 1)
            _check_len(errs, path + ["placeholder"], comp.get("placeholder"), 150)
        elif ctype == 4:
            _check_len(errs, path + ["label"], comp.get("label"), 45)


def validate_message(payload: Dict[str, Any], *, has_files: bool = False, partial: bool = False) -> Optional[Dict[str, Any]]:
    """Return a Discord error body (400) if ``payload`` would be rejected, else ``None``."""
    errs = FormErrors()
    content = payload.get("content")
    if content is not None:
        _check_len(errs, ["content"], content, 2000)
    embeds = payload.get("embeds")
    if embeds is not None:
        if len(embeds) > 10:
            errs.add(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
        total = 0
        for i, e in enumerate(embeds or []):
            _check_len(errs, ["embeds", i, "title"], e.get("title"), 256)
            _check_len(errs, ["embeds", i, "description"], e.get("description"), 4096)
            fields = e.get("fields") or []
            if len(fields) > 25:
                errs.add(["embeds", i, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            for j, f in enumerate(fields):
                _check_len(errs, ["embeds", i, "fields", j, "name"], f.get("name"), 256, 1)
                _check_len(errs, ["embeds", i, "fields", j, "value"], f.get("value"), 1024, 1)
                total += len(str(f.get("name", ""))) + len(str(f.get("value", "")))
            if e.get("footer"):
                _check_len(errs, ["embeds", i, "footer", "text"], e["footer"].get("text"), 2048)
                total += len(str(e["footer"].get("text", "")))
            if e.get("author"):
                _check_len(errs, ["embeds", i, "author", "name"], e["author"].get("name"), 256)
                total += len(str(e["author"].get("name", "")))
            total += len(str(e.get("title") or "")) + len(str(e.get("description") or ""))
        if total > 6000:
            errs.add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
    components = payload.get("components")
    if components is not None:
        validate_components(errs, components, ["components"], v2=bool(int(payload.get("flags") or 0) & FLAG_COMPONENTS_V2))
    nonce = payload.get("nonce")
    if nonce is not None and not partial:  # integer or string of up to 25 characters
        if isinstance(nonce, bool) or not isinstance(nonce, (int, str)):
            errs.add(["nonce"], "BASE_TYPE_REQUIRED", "Must be an integer or a string.")
        elif isinstance(nonce, str):
            _check_len(errs, ["nonce"], nonce, 25)
    if errs:
        return errs.body()
    if not partial:
        empty = (
            not content
            and not embeds
            and not components
            and not has_files
            and not payload.get("sticker_ids")
            and not payload.get("poll")
        )
        if empty:
            return {"message": "Cannot send an empty message", "code": CANNOT_SEND_EMPTY}
    return None


def validate_modal(payload: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    errs = FormErrors()
    _check_len(errs, ["data", "title"], payload.get("title"), 45, 1)
    _check_len(errs, ["data", "custom_id"], payload.get("custom_id"), 100, 1)
    comps = payload.get("components") or []
    if not 1 <= len(comps) <= 5:
        errs.add(["data", "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    validate_components(errs, comps, ["data", "components"])
    return errs.body() if errs else None


def error_body(code: int, message: str) -> Dict[str, Any]:
    return {"message": message, "code": code}
