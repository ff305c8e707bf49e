"""The one translation layer: Fluent catalogues in ``data/locales/<lang>/*.ftl``.

Every user-visible string goes through :func:`translate`. Fluent (with Babel's CLDR plural rules) gives correct
Russian and Czech plurals: ``{ $count -> [one] ... [few] ... [many] ... *[other] ... }``.

Message ids are event keys with dots turned into dashes (``nw.dawn`` -> ``nw-dawn``). Enum-like parameter values
are translated when a message ``<prefix>-<param>-<value>`` exists (``nw-role-watch``), so events stay plain data.
Numbers are formatted for the language (so 12000 prints as "12,000" in English): pass ids and seeds as text.
This module needs no Discord, so the offline table uses it too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

LOCALES_DIR = Path(__file__).resolve().parent.parent / "data" / "locales"
LANGUAGES: tuple[str, ...] = ("en", "ru", "cs")
DEFAULT_LANGUAGE = "en"


def message_id(key: str) -> str:
    """The Fluent id of an event or message key."""
    return key.replace(".", "-")


#: Each language's catalogues, parsed once: by its first words, or ahead of them (:func:`loaded`).
_BUNDLES: dict[str, FluentBundle] = {}


def bundle(lang: str) -> FluentBundle:
    """All catalogues of one language, loaded once. Parsing them costs a tenth to a fifth of a second of CPU, so
    a bot loads the languages its games speak before it serves them, and a new one off its event loop
    (:func:`bot.recovery.recover`, :meth:`bot.lobbies.Lobbies.open`), not with its first words."""
    found = _BUNDLES.get(lang)
    if found is None:
        found = FluentBundle([lang], use_isolating=False)
        for path in sorted((LOCALES_DIR / lang).glob("*.ftl")):
            found.add_resource(FluentResource(path.read_text(encoding="utf-8")))
        _BUNDLES[lang] = found
    return found


def loaded(lang: str) -> bool:
    """Whether :func:`bundle` has parsed ``lang``'s catalogues already (the next words in it cost no parse)."""
    return lang in _BUNDLES


#: The slash commands' words: their messages' ids start with this (``cmd-game-name``).
COMMAND_PREFIX = "cmd-"


@cache
def commands_bundle(lang: str) -> FluentBundle:
    """Only the slash commands' words of one language (every ``cmd-*`` message of its catalogues).

    Discord is sent every command's name and description in every language at each start (command sync), while a
    bot whose servers all speak English words nothing else in Russian or Czech; parsing a language's whole
    catalogue costs about a tenth of a second of CPU, paid at every start for nothing (and by every bot process
    of the end-to-end tests). The command messages are found by a line scan (an entry starts at the line's
    start, its continuation lines are indented) and only they are parsed.
    """
    lines: list[str] = []
    for path in sorted((LOCALES_DIR / lang).glob("*.ftl")):
        taking = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if line[:1] not in (" ", "\t", ""):
                taking = line.startswith(COMMAND_PREFIX)
            if taking:
                lines.append(line)
    result = FluentBundle([lang], use_isolating=False)
    result.add_resource(FluentResource("\n".join(lines) + "\n"))
    return result


def has(lang: str, key: str) -> bool:
    return bundle(lang).has_message(message_id(key))


def translate(lang: str, key: str, **args: Any) -> str:
    """The message ``key`` in ``lang`` (falling back to English, then to the key itself)."""
    try:
        # the argument's type is part of the key: 1, 1.0 and True are equal but are worded differently
        cache_key = tuple((name, value.__class__, value) for name, value in args.items())
        hash(cache_key)
    except TypeError:  # an argument that cannot be a key (a list): worded afresh
        return _translate(lang, key, args)
    return _translated(lang, key, cache_key)


#: How many worded messages :func:`_translated` keeps. A game's hits are on what it said moments before (a status
#: line, a caption, a button: in a churn of all five games, 286 wordings a game, half of the reuses within 27
#: calls); what is new each game is its own mentions and deadline timestamps (~13 keys a game), never asked again
#: once it is over. Over 1,000 games the hit rate is 95.47 % unbounded and 95.37 % at 4,096 (94.44 % at 1,024),
#: and 4,096 is full after ~300 games, so the cache stops growing well before the 1,000th game instead of at
#: 2,000-4,000 with 32,768 (issue 27: RSS after 10,000 games <= 1.1x after 1,000). An entry is ~300 B with its
#: key: ~10 MB when 32,768 are kept, ~1.2 MB at 4,096.
WORDED_KEPT = 4096


@lru_cache(maxsize=WORDED_KEPT)
def _translated(lang: str, key: str, cache_key: tuple[tuple[str, type, Any], ...]) -> str:
    """Formatting a Fluent pattern is most of what wording a step costs, and a game says the same few things over
    and over (a status line, a caption, a button), so the worded messages are kept: they depend on nothing but
    the catalogues, which are loaded once."""
    return _translate(lang, key, {name: value for name, _type, value in cache_key})


def _translate(lang: str, key: str, args: dict[str, Any]) -> str:
    for candidate in (lang, DEFAULT_LANGUAGE):
        b = bundle(candidate if candidate in LANGUAGES else DEFAULT_LANGUAGE)
        mid = message_id(key)
        if b.has_message(mid):
            message = b.get_message(mid)
            if message.value is None:
                continue
            text, _errors = b.format_pattern(message.value, args)
            return text
    return key


def supported_language(locale: str | None) -> str | None:
    """The supported language of a Discord locale (``ru``, ``cs``, ``en-US`` ...), or ``None``."""
    short = str(locale or "").split("-")[0].lower()
    return short if short in LANGUAGES else None


def normalise_language(locale: str | None) -> str:
    """Map a Discord locale to a supported language, English when it has none."""
    return supported_language(locale) or DEFAULT_LANGUAGE


def render_event(
    lang: str, key: str, params: Mapping[str, Any], name_of: Mapping[str, str] | None = None
) -> str:
    """Word an engine event: player ids become names, enum values their translations, lists are joined."""
    names = name_of or {}
    prefix = key.split(".")[0]
    args = {k: _render_value(lang, prefix, k, v, names) for k, v in params.items()}
    # every list or mapping also gets a count, for plural selectors: { $dead_count -> [one] ... }
    args.update({f"{k}_count": len(v) for k, v in params.items() if isinstance(v, (list, tuple, dict))})
    return translate(lang, key, **args)


def _render_value(lang: str, prefix: str, param: str, value: Any, names: Mapping[str, str]) -> Any:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        if value in names:
            return names[value]
        enum_key = f"{prefix}.{param}.{value}"
        return translate(lang, enum_key) if has(lang, enum_key) else value
    if isinstance(value, Sequence):
        items = [_render_value(lang, prefix, param.removesuffix("s"), v, names) for v in value]
        return ", ".join(str(i) for i in items) if items else translate(lang, "common.nobody")
    if isinstance(value, Mapping):
        return ", ".join(
            # a key is a player (a name) or a value of the parameter's kind ({"roles": {"citizen": 3}}: a role)
            f"{_render_value(lang, prefix, param.removesuffix('s'), k, names)}: {_render_value(lang, prefix, param.removesuffix('s'), v, names)}"
            for k, v in value.items()
        )
    return str(value)
