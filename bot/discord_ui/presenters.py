"""Names, log lines and the embeds that stay embeds (lobby, log, rules), generic over every game.

The board, hand and result are Components V2 layouts (`layouts.py`); they use the helpers here:
player ids in a game's text become display names, a log entry becomes its public lines
(private events never), a move taken back becomes one "Alice took back …" line.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import discord

from bot.i18n import Span, t
from games.kit import Event, Game

DESCRIPTION_LIMIT = 4000
FIELD_LIMIT = 1000

COLOURS = {"lobby": discord.Colour.blurple(), "running": discord.Colour.green(),
           "finished": discord.Colour.gold(), "cancelled": discord.Colour.dark_grey()}


def seat_name(seat: Any, lang: str) -> str:
    if seat.is_cpu:
        return t("seat.cpu", lang, n=seat.user_id.partition(":")[2] or "1")
    name = seat.display_name
    return f"{name} 🤖" if seat.auto else name


def names_of(table: Any, lang: str, *, markdown: bool = True) -> dict[str, str]:
    """Each seat's name as Discord text shows it (`markdown`: mentions and Markdown in a display
    name are shown as typed, so "<@id>" never renders as someone else), or as typed (pictures)."""
    return {seat.user_id: shown_name(seat_name(seat, lang)) if markdown else seat_name(seat, lang)
            for seat in table.seats}


def shown_name(name: str) -> str:
    """A display name as literal Discord text: no mention, no Markdown."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def mention(user_id: str, names: dict[str, str]) -> str:
    return f"<@{user_id}>" if user_id.isdigit() else names.get(user_id, user_id)


@lru_cache(maxsize=256)
def _ids_pattern(user_ids: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(u) for u in sorted(user_ids, key=len, reverse=True))
    return re.compile(rf"(?<![0-9])(?:{alternatives})(?![0-9])")


def substitute(text: str, names: dict[str, str]) -> str:
    """A game's text (which names players by id) with each id replaced by its player's name, in
    one pass over the game's own text: an inserted name is never read again, so a display name
    that is (or holds) another player's id still shows as its owner's. Longest ids
    first and never inside a longer number, so '12' never eats part of '123'."""
    if not names:
        return text
    return _ids_pattern(tuple(names)).sub(lambda m: names[m[0]], text)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 2].rstrip() + "\n…"


def game_name(game: Game, lang: str) -> str:
    return game.names.get(lang) or game.names["en"]


# ---- lobby ------------------------------------------------------------------------------
def cpu_seat(seat: Any, names: dict[str, str], lang: str) -> str:
    """A computer seat with its level, e.g. "CPU 1 (strong)"."""
    level = t(f"ai.level.{seat.level or 'strong'}", lang)
    return t("lobby.cpu_seat", lang, name=names[seat.user_id], level=level)


def seat_lines(table: Any, lang: str) -> str:
    """The lobby's seats, in order, the host crowned, a computer seat with its level."""
    names = names_of(table, lang)
    return "\n".join(f"{i}. {mention(s.user_id, names) if not s.is_cpu else cpu_seat(s, names, lang)}"
                     + (" 👑" if s.user_id == table.host else "")
                     for i, s in enumerate(table.seats, 1)) or "—"


# ---- log, rules ----------------------------------------------------------------
def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def event_lines(events: Iterable[Event], names: dict[str, str], lang: str) -> list[str]:
    """Public events only (`to is None`): the log and the board never show private ones."""
    return [substitute(e.text.get(lang), names) for e in events if e.to is None]


def entry_lines(entry: Any, names: dict[str, str], lang: str) -> list[str]:
    """A log entry's public lines; a move taken back is one line, "Alice took back …"."""
    texts = event_lines(entry.events, names, lang)
    if not getattr(entry, "undone", False):
        return texts
    move = " / ".join(texts) if texts else t("log.acted", lang)
    return [t("undo.took_back", lang, name=names.get(entry.player, entry.player), move=move)]


def log_embed(game: Game, table: Any, entries: list[Any], lang: str, page_note: str) -> discord.Embed:
    names = names_of(table, lang)
    lines: list[str] = []
    for entry in entries:
        who = names.get(entry.player, entry.player)
        if getattr(entry, "undone", False):
            lines.append(f"`{entry.seq:>4}` {entry_lines(entry, names, lang)[0]}")
            continue
        texts = event_lines(entry.events, names, lang)
        marker = " ⏱" if entry.auto else ""
        body = " / ".join(texts) if texts else t("log.acted", lang)
        if texts and _starts_with_player(entry, lang):  # the event names the player already: no "Bob: Bob plays …"
            lines.append(f"`{entry.seq:>4}`{marker} {body}")
        else:
            lines.append(f"`{entry.seq:>4}` **{who}**{marker}: {body}")
    embed = discord.Embed(title=t("log.title", lang, game=game_name(game, lang), id=table.id),
                          description=clip("\n".join(lines) or t("log.empty", lang), DESCRIPTION_LIMIT),
                          colour=discord.Colour.light_grey())
    if page_note:
        embed.set_footer(text=page_note)
    return embed


def _starts_with_player(entry: Any, lang: str) -> bool:
    """Whether the entry's first public event begins with its own player's id (the game's text,
    before any name is put in: a name that begins like another's proves nothing)."""
    first = next((e for e in entry.events if e.to is None), None)
    return first is not None and _ids_pattern((entry.player,)).match(first.text.get(lang)) is not None


def rules_embed(game: Game, lang: str) -> discord.Embed:
    low, high = game.min_players, game.max_players
    embed = discord.Embed(title=t("rules.title", lang, game=game_name(game, lang)),
                          description=clip(game.rules_summary(lang), DESCRIPTION_LIMIT), colour=discord.Colour.blurple())
    embed.set_footer(text=t("rules.footer", lang, low=low, high=high, players=Span(low, high), key=game.key))
    return embed
