"""The bot's buttons and selects: one DynamicItem class per kind of control, each owning its custom_id.

A click carries nothing but its custom_id (Discord allows 100 characters), so every control
works after a restart without any stored view. Each class says, in one place:

- its **template**, the regular expression discord.py matches a clicked custom_id against
  (every class is registered once with `add_dynamic_items`);
- how it is **built**: its constructor takes what the control stands for (table, version,
  prompt, ...) and its look (label, style, options, ...) and writes the custom_id;
- how it is **parsed**: `from_match` reads those fields back from the template's match.

A click is rebuilt by its class around the component that was clicked and handed to
`Router.click`, which dispatches on the class. Every id reads `ct:<table>:<version>:<kind>...`
with numbers in ASCII digits of bounded length, so a forged id (other digits, numbers too long, cut
short, over 100 characters, text not escaped as the bot escapes it) matches no template and
is refused (`client.on_interaction`); one that matches but was never drawn (on the wrong kind
of component, with junk values) is refused by the control or the router. Ids stay on messages
in Discord: a template must keep accepting every id the bot has drawn
(tests/bot/test_e2e_drawn_ids.py clicks every format).
"""
from __future__ import annotations

import re
from typing import Any, ClassVar, Self, TypedDict, Unpack

import discord

from .components import clip
from .desk import router_of

MAX_LEN = 100  # Discord's limit on a custom_id

# The parts of the templates (named groups are read back by `from_match`). Every id fits in
# Discord's 100 characters, and text inside one is escaped (`escape`), so whatever a template
# matches, its class reads and writes again.
FITS = r"(?=[\s\S]{1,100}\Z)"
TABLE = FITS + r"ct:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,18})"
BOARD = FITS + r"ct:(?P<table>[0-9]{1,18}):0"  # a control of the table, not of one version of it
ESCAPED = r"(?:[^:%]|%25|%3A){1,80}"
PROMPT = r"(?P<prompt>" + ESCAPED + ")"
PICKS = r"(?P<picks>(?:[0-9a-z]{2}){0,40})"
PAGE = r"(?P<page>[0-9]{1,4})"
NOTHING = r"(?!)"  # the template of the shared base classes: they answer no custom_id and are never registered
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class BadControl(ValueError):
    """A click whose id or values the bot never drew (forged, or cut short): answered with
    "This control is not valid." and nothing changes."""


def escape(text: str) -> str:
    """A prompt id or an option name inside an id, where ':' separates the fields."""
    return text.replace("%", "%25").replace(":", "%3A")


def unescape(text: str) -> str:
    return text.replace("%3A", ":").replace("%25", "%")


def encode_picks(indices: list[int]) -> str:
    """Option indices chosen so far, two base-36 digits each ('' for none)."""
    out = []
    for i in indices:
        if not 0 <= i < 36 * 36:
            raise ValueError(f"option index {i} cannot be encoded")
        out.append(_DIGITS[i // 36] + _DIGITS[i % 36])
    return "".join(out)


def decode_picks(text: str) -> list[int]:
    if len(text) % 2 or any(c not in _DIGITS for c in text):
        raise ValueError(f"bad picks {text!r}")
    return [_DIGITS.index(text[i]) * 36 + _DIGITS.index(text[i + 1]) for i in range(0, len(text), 2)]


def make_id(*fields: str | int) -> str:
    """The fields joined by ':' after `ct`, refused beyond Discord's 100 characters."""
    text = ":".join(["ct", *(str(f) for f in fields)])
    if len(text) > MAX_LEN:
        raise ValueError(f"custom_id longer than {MAX_LEN}: {text!r}")
    return text


class ButtonLook(TypedDict, total=False):
    label: str
    style: discord.ButtonStyle
    emoji: str | None
    disabled: bool
    row: int | None


class SelectLook(TypedDict, total=False):
    options: list[discord.SelectOption]
    placeholder: str
    min_values: int
    max_values: int
    row: int | None


class Control(discord.ui.DynamicItem[Any], template=NOTHING):
    """What every control shares: the table and version it was drawn for, and a click that goes
    to the router (`item` is the wrapped button or select)."""

    expects: ClassVar[type[discord.ui.Item[Any]]] = discord.ui.Item
    table: int = 0
    version: int = 0

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        """The control a custom_id matching the class's template stands for."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Self:
        control = cls.from_match(match)
        control.item = item  # the component clicked: its kind and the values picked in it
        return control

    async def callback(self, interaction: discord.Interaction) -> None:
        router = router_of(interaction)
        if not isinstance(self.item, self.expects):  # e.g. a button forged with a select's id
            await router.invalid_control(interaction, "wrong kind of component")
            return
        await router.click(interaction, self)


class ActionButton(Control, template=NOTHING):
    """The bot's buttons."""

    expects = discord.ui.Button

    def __init__(self, custom_id: str, *, label: str = "—", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None, disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, 80), style=style, custom_id=custom_id, row=row, disabled=disabled, emoji=emoji))


class ActionSelect(Control, template=NOTHING):
    """The bot's string selects."""

    expects = discord.ui.Select

    def __init__(self, custom_id: str, *, options: list[discord.SelectOption] | None = None, placeholder: str = "—",
                 min_values: int = 1, max_values: int = 1, row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=custom_id, options=options or [], placeholder=clip(placeholder, 150),
            min_values=min_values, max_values=max_values, row=row))

    @property
    def values(self) -> list[str]:
        return list(self.item.values)

    def one_value(self) -> str:
        """The one value of a single-choice select."""
        values = self.values
        if len(values) != 1:
            raise BadControl(f"{len(values)} values for a single choice")
        return values[0]


# ---- lobby ----------------------------------------------------------------------------------
class LobbyButton(ActionButton, template=TABLE + r":L:(?P<action>join|leave|start|cancel|cpu)"):
    """Join, Leave, Start, Cancel, + CPU on a lobby."""

    def __init__(self, table: int, version: int, action: str, **look: Unpack[ButtonLook]) -> None:
        self.table, self.version, self.action = table, version, action
        super().__init__(make_id(table, version, "L", action), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), match["action"])


class LobbyOptionSelect(ActionSelect, template=TABLE + r":LO:(?P<name>" + ESCAPED + ")"):
    """A game option picked directly on the lobby."""

    def __init__(self, table: int, version: int, name: str, **look: Unpack[SelectLook]) -> None:
        self.table, self.version, self.name = table, version, name
        super().__init__(make_id(table, version, "LO", escape(name)), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), unescape(match["name"]))


class LobbyMoreSelect(ActionSelect, template=TABLE + r":LM"):
    """More options…: which option or clock setting to change (answers with a picker)."""

    def __init__(self, table: int, version: int, **look: Unpack[SelectLook]) -> None:
        self.table, self.version = table, version
        super().__init__(make_id(table, version, "LM"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]))


class LobbyValueSelect(ActionSelect, template=TABLE + r":LV:(?P<name>" + ESCAPED + ")"):
    """The value of the option chosen under More options…"""

    def __init__(self, table: int, version: int, name: str, **look: Unpack[SelectLook]) -> None:
        self.table, self.version, self.name = table, version, name
        super().__init__(make_id(table, version, "LV", escape(name)), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), unescape(match["name"]))


# ---- playing --------------------------------------------------------------------------------
class HandButton(ActionButton, template=BOARD + r":H"):
    """My hand: the player's private view and controls, always of the present."""

    def __init__(self, table: int, **look: Unpack[ButtonLook]) -> None:
        self.table = table
        super().__init__(make_id(table, 0, "H"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]))


class OptionButton(ActionButton, template=TABLE + r":B:" + PROMPT + r":(?P<key>.{1,80})"):
    """One answer to a prompt. The option key comes last and is taken verbatim (it may hold ':')."""

    def __init__(self, table: int, version: int, prompt_id: str, key: str, **look: Unpack[ButtonLook]) -> None:
        self.table, self.version, self.prompt_id, self.key = table, version, prompt_id, key
        super().__init__(make_id(table, version, "B", escape(prompt_id), key), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), unescape(match["prompt"]), match["key"])


class NoneButton(ActionButton, template=TABLE + r":N:" + PROMPT):
    """The empty answer of a prompt that allows none."""

    def __init__(self, table: int, version: int, prompt_id: str, **look: Unpack[ButtonLook]) -> None:
        self.table, self.version, self.prompt_id = table, version, prompt_id
        super().__init__(make_id(table, version, "N", escape(prompt_id)), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), unescape(match["prompt"]))


class OptionSelect(ActionSelect, template=TABLE + r":S:" + PROMPT + ":" + PAGE):
    """Answers to a prompt picked from a (paged) select; `page` tells the selects of one
    prompt apart (a group's select counts from 900)."""

    def __init__(self, table: int, version: int, prompt_id: str, page: int, **look: Unpack[SelectLook]) -> None:
        self.table, self.version, self.prompt_id, self.page = table, version, prompt_id, page
        super().__init__(make_id(table, version, "S", escape(prompt_id), page), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), unescape(match["prompt"]), int(match["page"]))


class PageButton(ActionButton, template=TABLE + r":P:" + PROMPT + ":" + PAGE + r"(?::" + PICKS
                 + r")?(?::(?P<direction>prev|next))?"):
    """◀ ▶ and Choose…: redraw the hand with one prompt in focus, on a page, with the draft
    picks so far. ◀ and ▶ carry their direction, so they never share an id with Choose…"""

    def __init__(self, table: int, version: int, prompt_id: str, page: int, picks: list[int] | None = None,
                 direction: str | None = None, **look: Unpack[ButtonLook]) -> None:
        self.table, self.version, self.prompt_id, self.page = table, version, prompt_id, page
        self.picks, self.direction = picks or [], direction
        fields: list[str | int] = [table, version, "P", escape(prompt_id), page, encode_picks(self.picks)]
        super().__init__(make_id(*fields, *([direction] if direction else [])), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        # A direction where the picks stand ("…:0:prev", never drawn) reads as no picks.
        picks = match["picks"] if match["picks"] not in ("prev", "next") else None
        return cls(int(match["table"]), int(match["version"]), unescape(match["prompt"]), int(match["page"]),
                   decode_picks(picks) if picks else [], match["direction"])


class DraftButton(ActionButton, template=TABLE + r":D:" + PROMPT + ":" + PICKS + r":(?P<op>ok|clr)"):
    """Confirm (`ok`) or Clear (`clr`) the picks of a pick-one-at-a-time answer."""

    def __init__(self, table: int, version: int, prompt_id: str, picks: list[int], *, confirm: bool,
                 **look: Unpack[ButtonLook]) -> None:
        self.table, self.version, self.prompt_id, self.picks, self.confirm = table, version, prompt_id, picks, confirm
        super().__init__(make_id(table, version, "D", escape(prompt_id), encode_picks(picks),
                                   "ok" if confirm else "clr"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), unescape(match["prompt"]), decode_picks(match["picks"]),
                   confirm=match["op"] == "ok")


class DraftSelect(ActionSelect, template=TABLE + r":DS:" + PROMPT + ":" + PICKS + ":" + PAGE):
    """Adds picks to a pick-one-at-a-time answer."""

    def __init__(self, table: int, version: int, prompt_id: str, picks: list[int], page: int,
                 **look: Unpack[SelectLook]) -> None:
        self.table, self.version, self.prompt_id, self.picks, self.page = table, version, prompt_id, picks, page
        super().__init__(make_id(table, version, "DS", escape(prompt_id), encode_picks(picks), page), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), unescape(match["prompt"]), decode_picks(match["picks"]),
                   int(match["page"]))


class ChainSelect(ActionSelect, template=TABLE + r":C:" + PROMPT):
    """A decision and the same player's next one (or two), picked at once (`tables.chains`).
    Each value is the answers' indices among their prompts' options, joined by '.'."""

    def __init__(self, table: int, version: int, prompt_id: str, **look: Unpack[SelectLook]) -> None:
        self.table, self.version, self.prompt_id = table, version, prompt_id
        super().__init__(make_id(table, version, "C", escape(prompt_id)), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]), unescape(match["prompt"]))

    @staticmethod
    def value(*indices: int) -> str:
        return ".".join(str(i) for i in indices)

    @staticmethod
    def read_value(value: str) -> tuple[int, ...]:
        parts = value.split(".")
        if not 2 <= len(parts) <= 3 or len(value) > 14 or not all(p.isascii() and p.isdigit() for p in parts):
            raise BadControl(f"bad chain value {value!r}")
        return tuple(int(p) for p in parts)

    def picked(self) -> tuple[int, ...]:
        """The chain picked (a chain select is single-choice; extra values are ignored, as ever)."""
        picked = [self.read_value(v) for v in self.values]
        if not picked:
            raise BadControl("no chain picked")
        return picked[0]


class UndoButton(ActionButton, template=TABLE + r":U"):
    """Undo on a player's hand: take back their latest move, while the table is still at the
    version the button was drawn for."""

    def __init__(self, table: int, version: int, **look: Unpack[ButtonLook]) -> None:
        self.table, self.version = table, version
        super().__init__(make_id(table, version, "U"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]))


class HintButton(ActionButton, template=TABLE + r":HT"):
    """💡 Hint on a player's hand: the strong player's choice for the decision drawn at that
    version, one per decision (tables/hints.py)."""

    def __init__(self, table: int, version: int, **look: Unpack[ButtonLook]) -> None:
        self.table, self.version = table, version
        super().__init__(make_id(table, version, "HT"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["version"]))


class LeaveGuidedButton(ActionButton, template=BOARD + r":Q"):
    """Leave on a guided game's hand (/game learn): the game ends."""

    def __init__(self, table: int, **look: Unpack[ButtonLook]) -> None:
        self.table = table
        super().__init__(make_id(table, 0, "Q"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]))


# ---- after the game, and reading ------------------------------------------------------------
class RematchButton(ActionButton, template=BOARD + r":R"):
    """Rematch on a result: a new lobby with the same seats and options."""

    def __init__(self, table: int, **look: Unpack[ButtonLook]) -> None:
        self.table = table
        super().__init__(make_id(table, 0, "R"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]))


class LogPageButton(ActionButton, template=BOARD + r":G:(?P<before>[0-9]{1,10})"):
    """Older / newer pages of /game log: the entries before `before`."""

    def __init__(self, table: int, before: int, **look: Unpack[ButtonLook]) -> None:
        self.table, self.before = table, before
        super().__init__(make_id(table, 0, "G", before), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["before"]))


class MinePageButton(ActionButton, template=r"ct:0:0:M:(?P<page>[0-9]{1,3})"):
    """Previous / next pages of /game mine (the clicking user's own tables: no table, so 0:0)."""

    def __init__(self, page: int, **look: Unpack[ButtonLook]) -> None:
        self.page = page
        super().__init__(make_id(0, 0, "M", page), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["page"]))


# ---- watching (the router hands them to bot/discord_ui/watch.py) -------------------------------------------
class FollowButton(ActionButton, template=BOARD + r":F"):
    """Follow on a board: DMs when a round ends and when the game ends."""

    def __init__(self, table: int, **look: Unpack[ButtonLook]) -> None:
        self.table = table
        super().__init__(make_id(table, 0, "F"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]))


class UnfollowButton(ActionButton, template=BOARD + r":UF"):
    """Unfollow, under the answer to Follow."""

    def __init__(self, table: int, **look: Unpack[ButtonLook]) -> None:
        self.table = table
        super().__init__(make_id(table, 0, "UF"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]))


class BrowseJoinButton(ActionButton, template=BOARD + r":BJ"):
    """Join a lobby from /game browse."""

    def __init__(self, table: int, **look: Unpack[ButtonLook]) -> None:
        self.table = table
        super().__init__(make_id(table, 0, "BJ"), **look)

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        return cls(int(match["table"]))


ALL: tuple[type[ActionButton | ActionSelect], ...] = (
    LobbyButton, LobbyOptionSelect, LobbyMoreSelect, LobbyValueSelect, HandButton, OptionButton, NoneButton,
    OptionSelect, PageButton, DraftButton, DraftSelect, ChainSelect, UndoButton, HintButton, LeaveGuidedButton,
    RematchButton, LogPageButton, MinePageButton, FollowButton, UnfollowButton, BrowseJoinButton)


def matches_any(custom_id: str) -> bool:
    """Whether some control class answers this custom_id."""
    return any(cls.__discord_ui_compiled_template__.fullmatch(custom_id) for cls in ALL)


def control_of(custom_id: str) -> ActionButton | ActionSelect | None:
    """The control a custom_id stands for, as its class reads it on a click (with a fresh
    component of its kind), or None for an id no class answers."""
    for cls in ALL:
        if match := cls.__discord_ui_compiled_template__.fullmatch(custom_id):
            return cls.from_match(match)
    return None
