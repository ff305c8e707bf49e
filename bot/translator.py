"""Localised slash-command names and descriptions (discord.py's app_commands.Translator over our catalogues)."""

from __future__ import annotations

import discord
from discord import app_commands

import translations as i18n


class FluentTranslator(app_commands.Translator):
    """Translates every ``locale_str`` that carries a ``key`` extra into Russian and Czech.

    English is the commands' own text; a locale without a catalogue entry keeps it.
    """

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        key = string.extras.get("key")
        lang = i18n.normalise_language(locale.value)
        if not key or lang == i18n.DEFAULT_LANGUAGE or locale.value.split("-")[0] != lang:
            return None
        commands = i18n.commands_bundle(lang)  # not the whole catalogue: see its docstring
        message_id = i18n.message_id(key)
        if not commands.has_message(message_id) or (message := commands.get_message(message_id)).value is None:
            return None
        text, _errors = commands.format_pattern(message.value, {})
        return text
