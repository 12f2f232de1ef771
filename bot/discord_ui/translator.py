"""Localised slash-command names and descriptions from the one message catalogue.

Commands are declared with `L("cmd.game.new")`: a `locale_str` whose English text comes from
the catalogue and whose key travels in its extras; the translator looks the key up in
Japanese when Discord asks for the `ja` locale. Choices may carry their Japanese text
directly (`locale_str(en, ja=...)`, used for game names from the registry).
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import catalogue, t


def L(key: str) -> app_commands.locale_str:
    """A translatable command string: English from the catalogue, Japanese on request."""
    return app_commands.locale_str(t(key, "en"), key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is not discord.Locale.japanese:
            return None
        if "ja" in string.extras:
            return string.extras["ja"]
        key = string.extras.get("key")
        if key and key in catalogue():
            return catalogue()[key].get("ja")
        return None
