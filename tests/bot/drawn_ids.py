"""The custom_id formats the bot draws on messages, written down apart from the bot's code.

Messages in Discord keep their controls for ever, so the bot must keep answering every id it
has drawn: the tests read the controls on messages with `parse` and build ids with the builders
below (tests/bot/test_e2e_drawn_ids.py clicks one of every kind). Every id is

    ct:<table>:<version>:<kind>[:<arg>...]

Kinds: L lobby button (join, leave, start, cancel, cpu), LO lobby option select, LM "more
options" select, LV lobby option value select, H my hand, R rematch, B option button, S option
select, P page (◀ ▶ end in :prev / :next), N choose none, D draft confirm/clear (ok / clr),
DS draft select, C chain select, G log page, U undo, HT hint, Q leave a guided game, M a page
of /game mine (table and version 0), F follow, UF unfollow, BJ join from /game browse. Prompt
ids and option names are escaped so they never contain ':'; option keys come last, verbatim.
Draft picks are two base-36 digits per option index.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_LEN = 100
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_ID = re.compile(r"ct:(?P<table>[0-9]+):(?P<version>[0-9]+):(?P<kind>[A-Z]+)(?::(?P<rest>.*))?", re.ASCII)


def escape(text: str) -> str:
    return text.replace("%", "%25").replace(":", "%3A")


def unescape(text: str) -> str:
    return text.replace("%3A", ":").replace("%25", "%")


def encode_picks(indices: list[int]) -> str:
    return "".join(_DIGITS[i // 36] + _DIGITS[i % 36] for i in indices)


def decode_picks(text: str) -> list[int]:
    return [_DIGITS.index(text[i]) * 36 + _DIGITS.index(text[i + 1]) for i in range(0, len(text), 2)]


def parse_chain_value(value: str) -> tuple[int, ...]:
    """A chain select's value: the answers' indices among their prompts' options."""
    parts = value.split(".")
    if not 2 <= len(parts) <= 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"bad chain value {value!r}")
    return tuple(int(p) for p in parts)


@dataclass(frozen=True)
class Parsed:
    table: int
    version: int
    kind: str
    args: list[str] = field(default_factory=list)


def parse(custom_id: str) -> Parsed | None:
    """The fields of one of the bot's ids, or None for anything else."""
    match = _ID.fullmatch(custom_id)
    if match is None or len(custom_id) > MAX_LEN:
        return None
    rest = match["rest"]
    return Parsed(int(match["table"]), int(match["version"]), match["kind"], rest.split(":") if rest is not None else [])


def make(table: int, version: int, kind: str, *args: str | int) -> str:
    return ":".join(["ct", str(table), str(version), kind, *(str(a) for a in args)])


def option_key_of_button(custom_id: str) -> tuple[str, str]:
    """(prompt id, option key) of an option button's id."""
    parsed = parse(custom_id)
    assert parsed is not None and parsed.kind == "B", custom_id
    return unescape(parsed.args[0]), ":".join(parsed.args[1:])


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
    return f"{make(table, version, 'B', escape(prompt_id))}:{key}"


def option_select(table: int, version: int, prompt_id: str, page_no: int) -> str:
    return make(table, version, "S", escape(prompt_id), page_no)


def page(table: int, version: int, prompt_id: str, page_no: int, picks: str = "", direction: str = "") -> str:
    """A focus button (no direction) or ◀ / ▶ (`prev` / `next`)."""
    drawn = make(table, version, "P", escape(prompt_id), page_no, picks)
    return f"{drawn}:{direction}" if direction else drawn


def none(table: int, version: int, prompt_id: str) -> str:
    return make(table, version, "N", escape(prompt_id))


def draft(table: int, version: int, prompt_id: str, picks: str, op: str) -> str:
    return make(table, version, "D", escape(prompt_id), picks, op)


def draft_select(table: int, version: int, prompt_id: str, picks: str, page_no: int) -> str:
    return make(table, version, "DS", escape(prompt_id), picks, page_no)


def chain_select(table: int, version: int, prompt_id: str) -> str:
    return make(table, version, "C", escape(prompt_id))


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


def mine_page(page_no: int) -> str:
    return make(0, 0, "M", page_no)


def follow(table: int) -> str:
    return make(table, 0, "F")


def unfollow(table: int) -> str:
    return make(table, 0, "UF")


def browse_join(table: int) -> str:
    return make(table, 0, "BJ")
