"""The lobby message: who sits, the game's options, and Join / Leave / Start / Cancel.

The host changes options with selects on the lobby message (the first few) or through
"More options…", which answers with an ephemeral select for one option at a time.
"""
from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.i18n import Span, t
from games import registry
from games.kit.words import duration
from tables.clock import QUIET_PRESETS, REMINDER_PRESETS, TURN_LIMIT_PRESETS

from .components import clip, detached_view, select_option
from .desk import Announced, Preferring
from .items import BadControl, LobbyButton, LobbyMoreSelect, LobbyOptionSelect, LobbyValueSelect
from .layouts import StaticLayout
from .option_specs import OptionSpec, primary_first, specs
from .presenters import COLOURS, game_name, seat_lines
from .replies import table_lang

DIRECT_SELECTS = 3
TURN_LIMIT = "@turn_limit"
IDLE_POLICY = "@idle_policy"
REMINDERS = "@reminders"
QUIET_HOURS = "@quiet_hours"
THREAD = "@thread"
THREAD_CHOICES = (("server", None), ("on", True), ("off", False))
PRIVATE = "@private"        # invite-only (tables/watch.py)
HINTS = "@hints"            # 💡 Hint on hands; such a table is unrated (tables/hints.py)
SERVER_QUIET = "server"
NO_QUIET = "off"
REMOVE_CPU = "@remove_cpu"
ADD_CPU = "@add_cpu"        # + a computer seat of a chosen level (the button adds a strong one)
AUTO_LEVEL = "@auto_level"  # the level that plays idle and handed-over seats
LEVELS = ("random", "greedy", "strong")  # games.kit.ai.LEVELS


def option_lines(table: Any, lang: str) -> list[str]:
    game = registry.get(table.game)
    current = game.parse_options(table.options).model_dump()
    lines = []
    for spec in specs(game.Options):
        value = current.get(spec.name, spec.default)
        mark = "" if value == spec.default else " ✎"
        lines.append(f"{spec.label(lang)}: **{spec.value_label(value, lang)}**{mark}")
    return lines


def duration_text(seconds: int | None, lang: str) -> str:
    """A turn limit, a reminder or a timeout as a person says it ("1 h 30 min"), or "none"."""
    return duration(seconds, lang) if seconds else t("clock.none", lang)


def clock_line(table: Any, lang: str) -> str:
    s = table.settings
    return "\n".join((
        t("lobby.clock_line", lang, limit=duration_text(s.turn_limit_s, lang), policy=t(f"idle.{s.idle_policy}", lang)),
        t("lobby.reminder_line", lang, reminders=reminders_text(s.reminders, lang), quiet=quiet_text(s.quiet_hours, lang)),
    ))


def reminders_text(reminders: list[int], lang: str) -> str:
    if not reminders:
        return t("lobby.reminders.auto", lang)
    separator = "、" if lang == "ja" else ", "
    return t("lobby.reminders.after", lang, times=separator.join(duration_text(r, lang) for r in reminders))


def quiet_text(quiet: list[int] | None, lang: str) -> str:
    if quiet is None:
        return t("lobby.quiet.server", lang)
    if not quiet:
        return t("lobby.quiet.none", lang)
    return f"{quiet[0]:02d}:00–{quiet[1]:02d}:00"


def thread_text(table: Any, lang: str) -> str:
    """Whether this table will play in its own thread (the host's choice, else the server's)."""
    key = {None: "server", True: "on", False: "off"}[table.settings.thread]
    return t(f"lobby.thread.{key}", lang, value="…")


def turn_limit_presets() -> list[tuple[str, int | None]]:
    """(label key, seconds) of the service's presets, from none to a week."""
    return [(f"service.limit.{key}", seconds) for key, seconds in TURN_LIMIT_PRESETS]


def applies(spec: OptionSpec, current: dict[str, Any], mode: str | None) -> bool:
    """Whether an option matters in the chosen mode (a co-op rule means nothing in a duel)."""
    return not spec.words.words or not spec.words.words.modes or mode is None \
        or current.get(mode) in spec.words.words.modes


def changed_lines(table: Any, lang: str) -> list[str]:
    """The options that differ from the official rules and apply to the chosen mode."""
    game = registry.get(table.game)
    current = game.parse_options(table.options).model_dump()
    mode = next((s.name for s in specs(game.Options) if s.words.words and s.words.words.mode), None)
    return [f"{spec.label(lang)}: **{spec.value_label(current.get(spec.name, spec.default), lang)}** ✎"
            for spec in specs(game.Options)
            if current.get(spec.name, spec.default) != spec.default and spec.name != mode
            and applies(spec, current, mode)]


def render(table: Any, lang: str, note: str | None = None) -> discord.ui.LayoutView:
    """The lobby as one Components V2 message, read top down on a phone: the game and what to
    do, the seats, Join / Leave / Start, the mode, only the options that differ from the
    official rules, and everything else behind "More options…". Once started or closed it is
    the record of who played, without controls. `note` leads it (a rematch, a thread)."""
    game = registry.get(table.game)
    current = game.parse_options(table.options).model_dump()
    all_specs = specs(game.Options)
    mode = next((s.name for s in all_specs if s.words.words and s.words.words.mode), None)
    head = [note] if note else []
    head.append(f"### {t('lobby.title', lang, game=game_name(game, lang), id=table.id)}")
    head.append(t({"lobby": "lobby.how", "cancelled": "lobby.cancelled"}.get(table.status, "lobby.started"), lang))
    low, high = game.player_range(game.parse_options(table.options))
    seats = [f"**{t('lobby.players', lang, n=len(table.seats), low=low, high=high, players=Span(low, high))}**",
             seat_lines(table, lang)]
    body = ["\n".join(head), "\n".join(seats)]
    changed = changed_lines(table, lang)
    if mode is not None and table.status != "lobby":
        spec = next(s for s in all_specs if s.name == mode)
        changed.insert(0, f"{spec.label(lang)}: **{spec.value_label(current.get(mode), lang)}**")
    colon = "：" if lang == "ja" else ": "
    body.append("\n".join([f"**{t('lobby.options', lang)}**", *changed]) if changed
                else f"**{t('lobby.options', lang)}{colon.strip()}** "
                     + t("lobby.official" if table.status == "lobby" else "lobby.official_played", lang))
    if table.settings.learn:  # a guided game (/game learn): private by nature, nothing to invite to
        body.append(t("learn.record", lang))
    elif table.settings.private:
        body.append(t("lobby.private.field", lang))
    if table.settings.place is not None and table.status == "lobby":  # a DM or group DM between people
        body.append("-# " + t("lobby.dm_note", lang))
    if table.settings.hints:
        body.append(t("hint.unrated", lang))
    parts: list[discord.ui.Item] = [discord.ui.TextDisplay(clip(text, 1800)) for text in body]
    colour = COLOURS.get(table.status, discord.Colour.blurple())
    if table.status != "lobby":
        return StaticLayout(discord.ui.Container(*parts, accent_colour=colour))
    v = table.lobby_version
    row = [
        LobbyButton(table.id, v, "join", label=t("lobby.join", lang), style=discord.ButtonStyle.success),
        LobbyButton(table.id, v, "leave", label=t("lobby.leave", lang)),
        LobbyButton(table.id, v, "start", label=t("lobby.start", lang), style=discord.ButtonStyle.primary),
        LobbyButton(table.id, v, "cancel", label=t("lobby.cancel", lang), style=discord.ButtonStyle.danger),
    ]
    if game.allows_random_seats:
        row.append(LobbyButton(table.id, v, "cpu", label=t("lobby.add_cpu", lang)))
    parts.append(discord.ui.ActionRow(*row))
    shown = [s for s in primary_first(all_specs) if applies(s, current, mode)]
    direct = [s for s in shown if s.name == mode][:DIRECT_SELECTS]
    for spec in direct:
        parts.append(discord.ui.ActionRow(_value_select(LobbyOptionSelect, table.id, v, spec, current.get(spec.name),
                                                        lang, named=True)))
    more = [select_option(s.label(lang), s.name, _more_detail(s, current, lang)) for s in shown if s not in direct]
    more.append(select_option(t("lobby.turn_limit", lang), TURN_LIMIT, clock_line(table, lang)))
    more.append(select_option(t("lobby.idle_policy", lang), IDLE_POLICY))
    more.append(select_option(t("lobby.reminders", lang), REMINDERS, reminders_text(table.settings.reminders, lang)))
    more.append(select_option(t("lobby.quiet_hours", lang), QUIET_HOURS, quiet_text(table.settings.quiet_hours, lang)))
    if game.allows_random_seats:
        more.append(select_option(t("lobby.add_cpu_level", lang), ADD_CPU))
    more.append(select_option(t("lobby.auto_level", lang), AUTO_LEVEL,
                              t(f"ai.level.{table.settings.auto_level}", lang)))
    more.append(select_option(t("lobby.thread", lang), THREAD, thread_text(table, lang)))
    more.append(select_option(t("lobby.private", lang), PRIVATE,
                              t("lobby.private.on" if table.settings.private else "lobby.private.off", lang)[:100]))
    more.append(select_option(t("lobby.hints", lang), HINTS,
                              t("lobby.hints.on" if table.settings.hints else "lobby.hints.off", lang)))
    if any(s.is_cpu for s in table.seats) and len(more) < 25:  # else in the computer picker
        more.append(select_option(t("lobby.remove_cpu", lang), REMOVE_CPU))
    parts.append(discord.ui.ActionRow(LobbyMoreSelect(table.id, v, options=more[:25],
                                                      placeholder=t("lobby.more_options", lang))))
    parts.append(discord.ui.TextDisplay("-# " + clock_line(table, lang).replace("\n", " ・ " if lang == "ja" else " · ")))
    return StaticLayout(discord.ui.Container(*parts, accent_colour=colour))


def _more_detail(spec: OptionSpec, current: dict[str, Any], lang: str) -> str:
    """Under an option in "More options…": its value now (so the select is a summary too)."""
    return spec.value_label(current.get(spec.name, spec.default), lang)


def payload(table: Any, lang: str, note: str | None = None) -> dict[str, Any]:
    """Keyword arguments to send the lobby."""
    return {"view": render(table, lang, note)}


def edit_payload(table: Any, lang: str, note: str | None = None) -> dict[str, Any]:
    """Keyword arguments to edit a lobby message into this one (an older lobby was an embed)."""
    return {"view": render(table, lang, note), "embed": None, "content": None}


def _value_select(kind: type[LobbyOptionSelect | LobbyValueSelect], table_id: int, version: int, spec: OptionSpec,
                  value: Any, lang: str, named: bool = False) -> discord.ui.Item:
    """A select of one option's values. `named`: on the lobby itself, where the chosen value is
    all Discord shows, so every value says which option it sets ("Mode: Renaissance")."""
    sep = "：" if lang == "ja" else ": "
    options = [select_option(f"{spec.label(lang)}{sep}{spec.value_label(c, lang)}" if named
                             else spec.value_label(c, lang), spec.encode(c), None, default=c == value)
               for c in spec.choices]
    placeholder = f"{spec.label(lang)}: {spec.value_label(value, lang)}"
    return kind(table_id, version, spec.name, options=options, placeholder=placeholder)


def setting_picker(table: Any, name: str, lang: str) -> tuple[str, discord.ui.View]:
    """The ephemeral select for one option or table setting chosen under "More options…"."""
    v = table.lobby_version

    def picker(options: list[discord.SelectOption], placeholder: str) -> discord.ui.Item:
        return LobbyValueSelect(table.id, v, name, options=options, placeholder=placeholder)

    if name == TURN_LIMIT:
        current = table.settings.turn_limit_s
        options = [select_option(t(key, lang), str(seconds or 0), default=(seconds or None) == current)
                   for key, seconds in turn_limit_presets()]
        item = picker(options, t("lobby.turn_limit", lang))
        return t("lobby.pick_value", lang, name=t("lobby.turn_limit", lang)), detached_view([item])
    if name == IDLE_POLICY:
        options = [select_option(t(f"idle.{p}", lang), p, t(f"idle.{p}.detail", lang),
                                 default=p == table.settings.idle_policy) for p in ("skip", "auto")]
        item = picker(options, t("lobby.idle_policy", lang))
        return t("lobby.pick_value", lang, name=t("lobby.idle_policy", lang)), detached_view([item])
    if name in (ADD_CPU, AUTO_LEVEL):
        label = t("lobby.add_cpu_level" if name == ADD_CPU else "lobby.auto_level", lang)
        levels = LEVELS if name == ADD_CPU else LEVELS[1:]
        current = "strong" if name == ADD_CPU else table.settings.auto_level
        options = [select_option(t(f"ai.level.{lv}", lang), lv, t(f"ai.level.{lv}.detail", lang), default=lv == current)
                   for lv in levels]
        if name == ADD_CPU and any(s.is_cpu for s in table.seats):  # also here: the lobby's list may be full
            options.append(select_option(t("lobby.remove_cpu", lang), REMOVE_CPU))
        item = picker(options, label)
        return t("lobby.pick_value", lang, name=label), detached_view([item])
    if name == THREAD:
        options = [select_option(t(f"lobby.thread.{key}", lang, value="…"), key, default=value == table.settings.thread)
                   for key, value in THREAD_CHOICES]
        item = picker(options, t("lobby.thread", lang))
        return t("lobby.pick_value", lang, name=t("lobby.thread", lang)), detached_view([item])
    if name == PRIVATE:
        options = [select_option(t(f"lobby.private.{key}", lang)[:100], key, default=(key == "on") == table.settings.private)
                   for key in ("on", "off")]
        item = picker(options, t("lobby.private", lang))
        return t("lobby.pick_value", lang, name=t("lobby.private", lang)), detached_view([item])
    if name == HINTS:
        options = [select_option(t(f"lobby.hints.{key}", lang), key, default=(key == "on") == table.settings.hints)
                   for key in ("off", "on")]
        item = picker(options, t("lobby.hints", lang))
        return t("lobby.pick_value", lang, name=t("lobby.hints", lang)), detached_view([item])
    if name in (REMINDERS, QUIET_HOURS):
        label = t("lobby.reminders" if name == REMINDERS else "lobby.quiet_hours", lang)
        options = _reminder_options(table, lang) if name == REMINDERS else _quiet_options(table, lang)
        item = picker(options, label)
        return t("lobby.pick_value", lang, name=label), detached_view([item])
    game = registry.get(table.game)
    spec = spec_of(game, name)
    current = game.parse_options(table.options).model_dump().get(name)
    text = t("lobby.pick_value", lang, name=spec.label(lang))
    if spec.help(lang):
        text += f"\n-# {spec.help(lang)}"
    return text, detached_view([_value_select(LobbyValueSelect, table.id, v, spec, current, lang)])


def _reminder_options(table: Any, lang: str) -> list[discord.SelectOption]:
    current = list(table.settings.reminders)
    return [select_option(reminders_text(list(seconds), lang), key, default=list(seconds) == current)
            for key, seconds in REMINDER_PRESETS]


def _quiet_options(table: Any, lang: str) -> list[discord.SelectOption]:
    current = table.settings.quiet_hours
    choices: list[tuple[str, list[int] | None]] = [(SERVER_QUIET, None), (NO_QUIET, [])]
    choices += [(f"{a}-{b}", [a, b]) for a, b in QUIET_PRESETS]
    return [select_option(quiet_text(value, lang), key, default=value == current) for key, value in choices]


def spec_of(game: Any, name: str) -> OptionSpec:
    """The lobby option `name` of `game`; BadControl for a name no lobby offers."""
    spec = next((s for s in specs(game.Options) if s.name == name), None)
    if spec is None:
        raise BadControl(f"{name!r} is not an option of {game.key}")
    return spec


def decode_setting(table: Any, name: str, raw: str) -> tuple[str, Any]:
    """(kind, value) for a picked value: kind 'option' for game options, 'setting' for the
    table's settings, 'cpu' for a computer seat to add (the value is its level), 'remove_cpu'
    for the computer seat to take away (the last one). Only values
    the pickers offer are accepted; anything else is `BadControl`."""
    def offered(choices: dict[str, Any]) -> Any:
        if raw not in choices:
            raise BadControl(f"{raw!r} is not offered for {name}")
        return choices[raw]

    if name == TURN_LIMIT:
        return "setting", {"turn_limit_s": offered({str(s or 0): s for _, s in TURN_LIMIT_PRESETS})}
    if name == IDLE_POLICY:
        return "setting", {"idle_policy": offered({p: p for p in ("skip", "auto")})}
    if name == AUTO_LEVEL:
        return "setting", {"auto_level": offered({lv: lv for lv in LEVELS[1:]})}
    if name == ADD_CPU:
        if raw == REMOVE_CPU and any(s.is_cpu for s in table.seats):
            return "remove_cpu", next(s.user_id for s in reversed(table.seats) if s.is_cpu)
        return "cpu", offered({lv: lv for lv in LEVELS})
    if name == REMINDERS:
        return "setting", {"reminders": list(offered(dict(REMINDER_PRESETS)))}
    if name == THREAD:
        return "setting", {"thread": offered(dict(THREAD_CHOICES))}
    if name == PRIVATE:
        return "setting", {"private": offered({"on": True, "off": False})}
    if name == HINTS:
        return "setting", {"hints": offered({"on": True, "off": False})}
    if name == QUIET_HOURS:
        quiet = {SERVER_QUIET: None, NO_QUIET: [], **{f"{a}-{b}": [a, b] for a, b in QUIET_PRESETS}}
        return "setting", {"quiet_hours": offered(quiet)}
    spec = spec_of(registry.get(table.game), name)
    try:
        return "option", spec.decode(raw)
    except ValueError as error:
        raise BadControl(str(error)) from error


class Redrawing(Preferring, Announced, Protocol):
    """What redrawing the lobby message needs: the table's language, and the announcer's edit."""


async def refresh_message(bot: Redrawing, table: Any) -> None:
    """Redraw the lobby message after a change made from another message (an ephemeral picker)."""
    if table.board_message_id is None or table.settings.place is not None:
        return  # in a DM or group DM between people the lobby is redrawn by the next click on it
    lang = await table_lang(bot, table)
    await bot.announcer.edit_message(table.channel_id, table.board_message_id, **edit_payload(table, lang))
