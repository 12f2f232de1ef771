"""Embeds for lobbies, boards, hands, results, logs and rules, generic over every game.

Every board and hand is `game.render(game.view(state, viewer))`: the public board always uses
the spectator view (viewer None), so it can only show what the rules call public. Player ids
(Discord user ids) in the rendered text are replaced by display names.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from bot.i18n import Span, t
from games.kit import Event, Game, Outcome, Prompt

DESCRIPTION_LIMIT = 4000
FIELD_LIMIT = 1000

COLOURS = {"lobby": discord.Colour.blurple(), "running": discord.Colour.green(),
           "finished": discord.Colour.gold(), "cancelled": discord.Colour.dark_grey()}


def seat_name(seat: Any, lang: str) -> str:
    if seat.is_cpu:
        return t("seat.cpu", lang, n=seat.user_id.partition(":")[2] or "1")
    name = seat.display_name
    return f"{name} 🤖" if seat.auto else name


def names_of(table: Any, lang: str) -> dict[str, str]:
    return {seat.user_id: seat_name(seat, lang) for seat in table.seats}


def mention(user_id: str, names: dict[str, str]) -> str:
    return f"<@{user_id}>" if user_id.isdigit() else names.get(user_id, user_id)


def substitute(text: str, names: dict[str, str]) -> str:
    """Replace player ids by names (longest ids first, so '12' never eats part of '123')."""
    for user_id in sorted(names, key=len, reverse=True):
        text = text.replace(user_id, names[user_id])
    return text


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 2].rstrip() + "\n…"


def game_name(game: Game, lang: str) -> str:
    return game.names.get(lang) or game.names["en"]


# ---- lobby ------------------------------------------------------------------------------
def cpu_seat(seat: Any, names: dict[str, str], lang: str) -> str:
    """A computer seat with its level, e.g. "CPU 1 (strong)"."""
    level = t(f"ai.level.{seat.level or 'strong'}", lang)
    return t("lobby.cpu_seat", lang, name=names[seat.user_id], level=level)


def lobby_embed(game: Game, table: Any, lang: str, option_lines: list[str], settings_line: str) -> discord.Embed:
    names = names_of(table, lang)
    low, high = game.player_range(game.parse_options(table.options))
    embed = discord.Embed(title=t("lobby.title", lang, game=game_name(game, lang), id=table.id),
                          colour=COLOURS.get(table.status, discord.Colour.blurple()))
    if table.status == "lobby":
        embed.description = t("lobby.how", lang)
    elif table.status == "cancelled":
        embed.description = t("lobby.cancelled", lang)
    else:
        embed.description = t("lobby.started", lang)
    seats = "\n".join(f"{i}. {mention(s.user_id, names) if not s.is_cpu else cpu_seat(s, names, lang)}"
                      + (" 👑" if s.user_id == table.host else "")
                      for i, s in enumerate(table.seats, 1)) or "—"
    embed.add_field(name=t("lobby.players", lang, n=len(table.seats), low=low, high=high, players=Span(low, high)),
                    value=seats, inline=False)
    if option_lines:
        embed.add_field(name=t("lobby.options", lang), value=clip("\n".join(option_lines), FIELD_LIMIT), inline=False)
    if settings_line:
        embed.add_field(name=t("lobby.clock", lang), value=settings_line, inline=False)
    embed.set_footer(text=t("footer.table", lang, id=table.id, version=table.version))
    return embed


# ---- board ------------------------------------------------------------------------------
def board_embed(game: Game, table: Any, state: Any, lang: str, recent: list[Any] | None = None) -> discord.Embed:
    """The public board; `recent` log entries (public events only) show as "Last moves"."""
    names = names_of(table, lang)
    text = substitute(game.render(game.view(state, None), lang), names)
    embed = discord.Embed(title=t("board.title", lang, game=game_name(game, lang), id=table.id),
                          description=clip(text, DESCRIPTION_LIMIT),
                          colour=COLOURS.get(table.status, discord.Colour.green()))
    waiting = game.current_players(state)
    outcome = game.outcome(state)
    if outcome is not None:
        embed.add_field(name=t("board.result", lang), value=outcome_text(outcome, names, lang), inline=False)
    elif table.status == "running" and waiting:
        embed.add_field(name=t("board.waiting", lang),
                        value=", ".join(mention(p, names) for p in waiting), inline=False)
    elif table.status in ("finished", "cancelled"):
        embed.add_field(name=t("board.ended", lang), value=t(f"board.ended_{table.status}", lang), inline=False)
    lines = [line for entry in recent or [] for line in entry_lines(entry, names, lang)]
    if lines:
        embed.add_field(name=t("board.last_moves", lang), value=clip("\n".join(lines[-6:]), FIELD_LIMIT), inline=False)
    embed.set_footer(text=t("footer.table", lang, id=table.id, version=table.version))
    return embed


def hand_embed(game: Game, table: Any, state: Any, user_id: str, lang: str, prompts: list[Prompt]) -> discord.Embed:
    names = names_of(table, lang)
    text = substitute(game.render(game.view(state, user_id), lang), names)
    embed = discord.Embed(title=t("hand.title", lang, game=game_name(game, lang), id=table.id),
                          description=clip(text, DESCRIPTION_LIMIT), colour=discord.Colour.dark_teal())
    if prompts:
        lines = [f"• {substitute(p.text.get(lang), names)}" for p in prompts]
        embed.add_field(name=t("hand.your_move", lang), value=clip("\n".join(lines), FIELD_LIMIT), inline=False)
    elif game.outcome(state) is None and table.status == "running":
        waiting = game.current_players(state)
        embed.add_field(name=t("hand.waiting", lang),
                        value=", ".join(names.get(p, p) for p in waiting) or "—", inline=False)
    embed.set_footer(text=t("footer.table", lang, id=table.id, version=table.version))
    return embed


# ---- results, log, rules ----------------------------------------------------------------
def outcome_text(outcome: Outcome, names: dict[str, str], lang: str) -> str:
    lines = [substitute(outcome.summary.get(lang), names)]
    for place, group in enumerate(outcome.ranking, 1):
        who = ", ".join(names.get(p, p) for p in group)
        scores = [outcome.scores[p] for p in group if p in outcome.scores]
        score = f" — {_number(scores[0])}" if scores else ""
        lines.append(f"{place}. {who}{score}")
    return clip("\n".join(lines), FIELD_LIMIT)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def result_embed(game: Game, table: Any, outcome: Outcome | None, lang: str, ended_by: str = "rules") -> discord.Embed:
    names = names_of(table, lang)
    embed = discord.Embed(title=t("result.title", lang, game=game_name(game, lang), id=table.id),
                          colour=COLOURS["finished"])
    if outcome is not None:
        embed.description = outcome_text(outcome, names, lang)
        winners = [mention(p, names) for p in outcome.winners]
        if winners:
            embed.add_field(name=t("result.winners", lang), value=", ".join(winners), inline=False)
    else:
        embed.description = t(f"result.ended_{ended_by}", lang)
    return embed


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
        if texts and texts[0].startswith(who):  # the event names the player already: no "Bob: Bob plays …"
            lines.append(f"`{entry.seq:>4}`{marker} {body}")
        else:
            lines.append(f"`{entry.seq:>4}` **{who}**{marker}: {body}")
    embed = discord.Embed(title=t("log.title", lang, game=game_name(game, lang), id=table.id),
                          description=clip("\n".join(lines) or t("log.empty", lang), DESCRIPTION_LIMIT),
                          colour=discord.Colour.light_grey())
    if page_note:
        embed.set_footer(text=page_note)
    return embed


def rules_embed(game: Game, lang: str) -> discord.Embed:
    low, high = game.min_players, game.max_players
    embed = discord.Embed(title=t("rules.title", lang, game=game_name(game, lang)),
                          description=clip(game.rules_summary(lang), DESCRIPTION_LIMIT), colour=discord.Colour.blurple())
    embed.set_footer(text=t("rules.footer", lang, low=low, high=high, players=Span(low, high), key=game.key))
    return embed
