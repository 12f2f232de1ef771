"""The few ways a number becomes words, in one place for the rules, the table service and the
front ends: a count with its noun ("1 point", "2 points"), a duration ("6 h 30 min",
「6時間30分」) and a value that went below zero ("0/15 (2 over)", 「0/15（2点超過）」).

Japanese needs no plural; English does, and "1 points" or "4542 s" is the kind of mistake a
reader notices at once. `tests/test_words.py` checks the helpers, and the lints in
`tests/test_japanese_lint.py` and `tests/test_words.py` look for the mistakes they prevent in
every text the project shows.
"""
from __future__ import annotations

import re

from .text import T, Text

IRREGULAR = {"match": "matches", "box": "boxes", "ally": "allies", "enemy": "enemies", "army": "armies",
             "copy": "copies", "penalty": "penalties", "treasury": "treasuries", "victory": "victories"}


def plural_of(noun: str) -> str:
    """The English plural of a noun ("card" -> "cards"; a phrase ends in its noun: "face-up card"),
    good for the nouns the games count; the last word alone changes."""
    head, _, last = noun.rpartition(" ")
    word = IRREGULAR.get(last)
    if word is None:
        word = last + ("es" if re.search(r"(s|x|ch|sh)$", last) else "s")
    return f"{head} {word}" if head else word


def count(n: float, noun: str, many: str | None = None) -> str:
    """A number with its English noun: "1 card", "0 cards", "2 cards", "1.5 points"; `many` when
    the plural is not regular ("1 person", "3 people")."""
    one = abs(n) == 1 and float(n).is_integer()
    return f"{_number(n)} {noun if one else (many or plural_of(noun))}"


def noun(n: float, one: str, many: str | None = None) -> str:
    """The noun alone, agreeing with `n` (for a sentence that puts the number elsewhere)."""
    return one if abs(n) == 1 and float(n).is_integer() else (many or plural_of(one))


def counted(n: float, en_noun: str, ja_counter: str, many: str | None = None) -> Text:
    """A count in both languages: `counted(3, "card", "枚")` is "3 cards" / 「3枚」."""
    return T(count(n, en_noun, many), f"{_number(n)}{ja_counter}")


class Count:
    """A number in a template: `{n}` writes it, `{n:# card|# cards}` picks the form that agrees
    with it (the singular for exactly one; `#` is the number). The catalogue and the pictures'
    labels both wrap their numbers in it, so a template says its plural once."""

    def __init__(self, value: object, one: bool) -> None:
        self.value, self.shown, self.one = value, str(value), one

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(self.value, spec)
        one, _, many = spec.partition("|")
        return (one if self.one else many).replace("#", self.shown)

    def __str__(self) -> str:
        return self.shown


def counting(value: object) -> object:
    """`value` ready for a template: a number (not a bool) becomes a `Count`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Count(value, value == 1)
    return value


def fill(template: str, **values: object) -> str:
    """`template.format(**values)` with every number a `Count` ("{n:# card|# cards}")."""
    return template.format(**{k: counting(v) for k, v in values.items()})


def _number(n: float) -> str:
    return str(int(n)) if float(n).is_integer() else f"{n:.1f}"


# ---- durations ---------------------------------------------------------------------------------
UNITS = ((86400, "d", "日"), (3600, "h", "時間"), (60, "min", "分"), (1, "s", "秒"))


def duration(seconds: float, lang: str = "en") -> str:
    """A length of time as a person says it, in its two largest units, rounded to the smaller:
    45 -> "45 s", 4542 -> "1 h 16 min", 23424 -> 「6時間30分」, 200000 -> "2 d 7 h" (never 23424 s).
    A time under a second is "1 s" (a turn took some time)."""
    total = 1 if 0 < seconds < 1 else max(0, round(seconds))
    for _ in range(2):          # rounding may carry into the next unit (86399 s is 1 d, not 24 h)
        top = next(i for i, (size, _, _) in enumerate(UNITS) if total >= size or size == 1)
        step = UNITS[top + 1][0] if top + 1 < len(UNITS) else 1
        total = round(total / step) * step
    parts = []
    for size, en, ja in UNITS[top:top + 2]:
        value, total = divmod(total, size)
        if value or not parts:
            parts.append((value, en, ja))
    if lang == "ja":
        return "".join(f"{value}{ja}" for value, _, ja in parts)
    return " ".join(f"{value} {en}" for value, en, _ in parts)


# ---- below zero ---------------------------------------------------------------------------------
def floored(value: int, total: int | None = None) -> Text:
    """A value that may fall below zero (hit points after a big blow), said without a minus sign a
    reader takes for a dash: "0/15 (2 over)" / 「0/15（2点超過）」; at or above zero just "7/15"."""
    shown = f"{max(value, 0)}" + (f"/{total}" if total is not None else "")
    if value >= 0:
        return T(shown)
    return T(f"{shown} ({-value} over)", f"{shown}（{-value}点超過）")
