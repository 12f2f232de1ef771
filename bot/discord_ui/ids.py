"""The custom_id scheme of every component the bot sends.

A custom_id is all a click brings back (Discord allows 100 characters), and it must still
mean something after a restart, so it carries the table id, the state version the control
was drawn for, a kind, and the kind's arguments:

    ct:<table>:<version>:<kind>[:<arg>...]

Kinds: L lobby button, LO lobby option select, LM "more options" select, LV lobby option
value select, H my hand, R rematch, B option button, S option select, P page, N choose none,
D pick-in-order draft (add / ok / clear), DS draft select, C chain select (a decision and
the same player's next one in one pick, `tables.chains`), G log page, U undo (take back the
clicker's latest move, as drawn at that version).
F follow, UF unfollow and BJ join from /game browse (bot/discord_ui/watch.py).
HT a hint for the decision drawn at that version, Q leave a guided game (bot/discord_ui/play.py).
Prompt ids are escaped so they never contain ':'; option keys come last and may contain anything.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

PREFIX = "ct"
MAX_LEN = 100
MAX_NUMBER = 2**63 - 1  # table ids and versions are signed 64-bit integers in the database
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

# One regex per DynamicItem class; each captures table, version and the kind's rest.
TEMPLATE = r"ct:(?P<table>\d+):(?P<version>\d+):(?P<kind>{kind})(?::(?P<rest>.*))?"


def escape(text: str) -> str:
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


class BadControl(ValueError):
    """A click whose id or values the bot never drew (forged, or cut short): answered with
    "This control is not valid." and nothing changes."""


def one_value(values: list[str]) -> str:
    """The one value of a single-choice select."""
    if len(values) != 1:
        raise BadControl(f"{len(values)} values for a single choice")
    return values[0]


@dataclass(frozen=True)
class ComponentId:
    """A parsed custom_id."""

    table: int
    version: int
    kind: str
    args: list[str] = field(default_factory=list)

    def render(self) -> str:
        text = ":".join([PREFIX, str(self.table), str(self.version), self.kind, *self.args])
        if len(text) > MAX_LEN:
            raise ValueError(f"custom_id longer than {MAX_LEN}: {text!r}")
        return text


def make(table: int, version: int, kind: str, *args: str | int) -> str:
    return ComponentId(table, version, kind, [str(a) for a in args]).render()


def parse(custom_id: str) -> ComponentId | None:
    """The parsed id, or None for anything the bot never draws: over 100 characters, numbers
    in other digits than ASCII's or beyond 64 bits."""
    if len(custom_id) > MAX_LEN:
        return None
    match = re.fullmatch(TEMPLATE.format(kind=r"[A-Z]+"), custom_id, flags=re.ASCII)
    if not match or int(match["table"]) > MAX_NUMBER or int(match["version"]) > MAX_NUMBER:
        return None
    return from_match(match)


def from_match(match: re.Match[str]) -> ComponentId:
    rest = match["rest"]
    return ComponentId(int(match["table"]), int(match["version"]), match["kind"],
                       rest.split(":") if rest is not None else [])


# ---- builders, one per kind ---------------------------------------------------------
def lobby(table: int, version: int, action: str) -> str:
    return make(table, version, "L", action)


def lobby_option(table: int, version: int, name: str) -> str:
    return make(table, version, "LO", escape(name))


def lobby_more(table: int, version: int) -> str:
    return make(table, version, "LM")


def lobby_value(table: int, version: int, name: str) -> str:
    return make(table, version, "LV", escape(name))


def hand(table: int) -> str:
    return make(table, 0, "H")


def option_button(table: int, version: int, prompt_id: str, key: str) -> str:
    # The option key is last: it may contain ':' and is taken verbatim.
    return f"{make(table, version, 'B', escape(prompt_id))}:{key}"


def option_select(table: int, version: int, prompt_id: str, page: int) -> str:
    return make(table, version, "S", escape(prompt_id), page)


def page(table: int, version: int, prompt_id: str, page_no: int, picks: str = "") -> str:
    return make(table, version, "P", escape(prompt_id), page_no, picks)


def none(table: int, version: int, prompt_id: str) -> str:
    return make(table, version, "N", escape(prompt_id))


def draft(table: int, version: int, prompt_id: str, picks: str, op: str) -> str:
    return make(table, version, "D", escape(prompt_id), picks, op)


def draft_select(table: int, version: int, prompt_id: str, picks: str, page_no: int) -> str:
    return make(table, version, "DS", escape(prompt_id), picks, page_no)


def chain_select(table: int, version: int, prompt_id: str) -> str:
    return make(table, version, "C", escape(prompt_id))


def chain_value(*indices: int) -> str:
    """A chain select's value: the indices of its answers among their prompts' options."""
    return ".".join(str(i) for i in indices)


def parse_chain_value(value: str) -> tuple[int, ...]:
    parts = value.split(".")
    if not 2 <= len(parts) <= 3 or len(value) > 14 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"bad chain value {value!r}")
    return tuple(int(p) for p in parts)


def undo(table: int, version: int) -> str:
    return make(table, version, "U")


def hint(table: int, version: int) -> str:
    return make(table, version, "HT")


def leave_guided(table: int) -> str:
    return make(table, 0, "Q")


def rematch(table: int) -> str:
    return make(table, 0, "R")


def log_page(table: int, before_seq: int) -> str:
    return make(table, 0, "G", before_seq)


def mine_page(page: int) -> str:
    """A page of /game mine: not a table's control, so table and version are 0."""
    return make(0, 0, "M", page)


def option_key_of_button(custom_id: str) -> tuple[str, str]:
    """(prompt id, option key) of an option button's custom_id."""
    parsed = parse(custom_id)
    if parsed is None or parsed.kind != "B" or len(parsed.args) < 2:
        raise ValueError(f"not an option button: {custom_id!r}")
    return unescape(parsed.args[0]), ":".join(parsed.args[1:])
