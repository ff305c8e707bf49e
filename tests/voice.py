"""What the games' voice tests share (tests/test_voice_<game>.py, issue 29): a catalogue read as written, the
slips a native reading found, and a game's own first private message."""

from __future__ import annotations

import re

import translations as i18n
from bot.presenter import Table


def slips_in(lang: str, catalogue: str, slips: dict[str, list[tuple[str, str]]]) -> list[str]:
    """Where ``catalogue`` (e.g. ``midnighters.ftl``) in ``lang`` still reads as a slip of ``slips``: its
    patterns by language, each with why it reads wrong; every finding says why and what matched."""
    source = (i18n.LOCALES_DIR / lang / catalogue).read_text(encoding="utf-8")
    return [f"{why}: {m.group(0)!r}" for pattern, why in slips.get(lang, []) for m in re.finditer(pattern, source)]


def assert_own_hello_without_a_role(t: Table) -> None:
    """The lobby's first private message is the game's own (``<prefix>.dm_hello``), and a game without roles
    promises none."""
    key = f"{t.prefix}.dm_hello"
    assert t.has(key)
    hello = t.t(key)
    assert hello != t.t("common.dm_hello")
    assert not re.search(r"\brole\b|\bроль\b", hello, re.IGNORECASE), hello
