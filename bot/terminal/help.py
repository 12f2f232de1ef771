"""The terminal's `help` (or `rules`, `?`): the game's rules summary, what its symbols mean, and the keys."""
from __future__ import annotations

from bot.i18n import catalogue, t
from games.kit import Game

from .plain import plain

HELP_WORDS = ("help", "h", "?", "rules", "ヘルプ", "ルール")


def help_text(game: Game, lang: str) -> str:
    parts = [t("terminal.help_title", lang), plain(game.rules_summary(lang))]
    legend = f"terminal.legend.{game.key}"
    if legend in catalogue():
        parts.append(t(legend, lang))
    parts.append(t("terminal.keys_short", lang))
    return "\n\n".join(parts)
