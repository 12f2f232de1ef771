"""Game options from the command line (`--mode`, `--set`, `--preset`, `--option NAME=VALUE`),
refused with one clear line in the player's language that says what would work."""
from __future__ import annotations

import argparse
import importlib
import types
import typing
from typing import Any, Literal

from pydantic import ValidationError

from bot.i18n import Span, t
from games import registry
from games.kit import Game
from games.kit.options_words import option_words

from .errors import TerminalError

SHORTCUT_OPTIONS = ("mode", "set")


class BadOptions(TerminalError):
    """A command-line option the game cannot use."""


def presets_of(game: Game) -> dict[str, dict[str, object]]:
    """The game's named option presets (Sutosute's `beginner`, …), {} for a game without any."""
    module = importlib.import_module(type(game.Options()).__module__)
    presets = getattr(module, "PRESETS", None)
    return dict(presets) if isinstance(presets, dict) else {}


def shortcut_help(name: str) -> str:
    """`--mode`/`--set` help, from the registry: which games have the option and its values."""
    having = [game for game in registry.all_games() if name in game.Options.model_fields]
    if not having:
        return f"sets the option {name}, for games that have one"
    label = option_words(having[0].Options, name).label("en").lower()
    games = "; ".join(f"{game.key}: {allowed_values(game, name, 'en')}" for game in having)
    return f"{label}, for games that have one ({games})"


def preset_help() -> str:
    """`--preset` help, from the registry: every game's named presets."""
    games = "; ".join(f"{game.key}: {', '.join(sorted(presets))}" for game in registry.all_games()
                      if (presets := presets_of(game)))
    return f"a named set of options, for games that have them ({games or 'none yet'})"


class RegistryHelp(argparse.HelpFormatter):
    """Writes the game-option switches' help from the registry, only when help is asked for
    (so starting a game does not import every other game)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.dest in SHORTCUT_OPTIONS:
            return shortcut_help(action.dest).replace("%", "%%")
        if action.dest == "preset":
            return preset_help().replace("%", "%%")
        return super()._get_help_string(action)


def _join(values: list[str], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(values)


def allowed_values(game: Game, name: str, lang: str) -> str:
    """What an option accepts, in words: its choices, true/false, or a whole number in range."""
    info = game.Options.model_fields[name]
    annotation = info.annotation
    args = typing.get_args(annotation)
    optional = type(None) in args
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        annotation = next(a for a in args if a is not type(None))
    if typing.get_origin(annotation) is Literal:
        text = _join([str(v) for v in typing.get_args(annotation)], lang)
    elif annotation is bool:
        text = "true、false" if lang == "ja" else "true, false"
    elif annotation is int:
        low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
        high = next((m.le for m in info.metadata if hasattr(m, "le")), None)
        if low is not None and high is not None:
            text = t("terminal.int_range", lang, range=Span(low, high))
        else:
            text = t("terminal.int_any", lang)
    else:
        return ""
    return text + (t("terminal.or_none", lang) if optional else "")


def _value(raw: str) -> object:
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    if raw.lower() == "none":
        return None
    return int(raw) if raw.lstrip("-").isdigit() and raw.isascii() else raw


def build_options(game: Game, args: Any, lang: str) -> Any:
    """The game's Options from the command line, or BadOptions naming the first wrong one."""
    raw: dict[str, object] = {}
    preset = getattr(args, "preset", None)
    if preset is not None:
        presets = presets_of(game)
        if preset not in presets:
            key = "terminal.bad_preset" if presets else "terminal.no_presets"
            raise BadOptions(t(key, lang, game=game.key, preset=preset, presets=_join(sorted(presets), lang)))
        raw.update(presets[preset])
    given: dict[str, str] = {}
    for name in SHORTCUT_OPTIONS:
        value = getattr(args, name, None)
        if value is not None:
            given[name] = value
    for item in getattr(args, "option", []):
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise BadOptions(t("terminal.option_syntax", lang, item=item))
        given[name.strip()] = value.strip()
    fields = list(game.Options.model_fields)
    for name, value in given.items():
        if name not in fields:
            raise BadOptions(t("terminal.unknown_option", lang, game=game.key, name=name,
                               options=_join(fields, lang) or "—"))
        raw[name] = _value(value)
    try:
        return game.Options.model_validate(raw)
    except ValidationError as error:
        problem = error.errors()[0]
        name = str(problem["loc"][0]) if problem["loc"] else ""
        value = given.get(name, raw.get(name))
        allowed = allowed_values(game, name, lang) if name in fields else ""
        hint = t("terminal.use", lang, allowed=allowed) if allowed else problem.get("msg", "")
        raise BadOptions(t("terminal.bad_option", lang, name=name, value=value, hint=hint)) from None
