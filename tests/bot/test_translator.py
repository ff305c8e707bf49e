"""The slash commands' words sent to Discord at sync come from a bundle of the ``cmd-*`` messages alone
(``translations.commands_bundle``), so a start parses no whole catalogue: they must read exactly as the full
catalogues word them, in every language, and a key the catalogue lacks must leave the English text."""

from __future__ import annotations

import asyncio
import re

import discord
import pytest
from discord import app_commands

import translations as i18n
from bot.translator import FluentTranslator


def _command_ids(lang: str) -> list[str]:
    ids = []
    for path in sorted((i18n.LOCALES_DIR / lang).glob("*.ftl")):
        ids += re.findall(r"^(cmd-[\w-]+) =", path.read_text(encoding="utf-8"), flags=re.M)
    return ids


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_every_command_word_reads_as_the_whole_catalogue_words_it(lang: str) -> None:
    ids = _command_ids(lang)
    assert len(ids) > 40  # the /game command, its subcommands and options, the game choices, /game stats …
    translator = FluentTranslator()
    locale = discord.Locale.russian if lang == "ru" else discord.Locale.czech
    for mid in ids:
        string = app_commands.locale_str("English", key=mid)
        got = asyncio.run(translator.translate(string, locale, app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)))
        whole = i18n.bundle(lang)
        expected, _ = whole.format_pattern(whole.get_message(mid).value, {})
        assert got == expected, mid
        assert got and got != "English"


def test_a_missing_key_or_english_keeps_the_command_own_text() -> None:
    translator = FluentTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    missing = app_commands.locale_str("English", key="cmd.no_such_command")
    assert asyncio.run(translator.translate(missing, discord.Locale.russian, context)) is None
    known = app_commands.locale_str("English", key="cmd.game.name")
    assert asyncio.run(translator.translate(known, discord.Locale.american_english, context)) is None
    assert asyncio.run(translator.translate(known, discord.Locale.czech, context)) not in (None, "English")
