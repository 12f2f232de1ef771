"""A decision as the terminal asks it: numbered options, what to type, the answer read until
it is usable, and the yes/no question before an answer that ends the game for the player."""
from __future__ import annotations

from collections.abc import Callable

from bot.i18n import Span, t
from games.kit import Option, Prompt, T, Text

from .help import HELP_WORDS
from .plain import plain

CONFIRM_KEYS = ("concede", "resign")   # answers that end the game for the player: asked twice


class Quit(Exception):
    """The human typed q."""


class Undo(Exception):
    """The human typed u (only accepted when undo was offered)."""


class AskHint(Exception):
    """The human typed h (only accepted where hints are offered): the caller asks the table
    for the hint, says it, and reads the answer again."""


def format_prompt(prompt: Prompt, lang: str) -> str:
    lines = [f"[{prompt.player}] {plain(prompt.text.get(lang))}"]
    for i, option in enumerate(prompt.options, 1):
        detail = f" — {plain(option.detail.get(lang))}" if option.detail else ""
        lines.append(f"  {i}. {plain(option.label.get(lang))}{detail}")
    hint = how_to_answer(prompt, lang)
    if hint:
        lines.append(hint)
    return "\n".join(lines)


def how_to_answer(prompt: Prompt, lang: str) -> str:
    """The line under the options when the answer is not simply one number: how many, whether
    order counts, and what an empty line means where it is allowed."""
    lo, hi = prompt.min, min(prompt.max, len(prompt.options))
    if lo == hi == 1:
        return ""
    if lo == 0 and hi == 1:
        hint = t("terminal.choose_one_or_none", lang)
    elif lo == 0:
        hint = t("terminal.choose_up_to", lang, hi=hi)
    elif lo == hi:
        hint = t("terminal.choose_exact", lang, n=lo)
    else:
        hint = t("terminal.choose_range", lang, count=Span(lo, hi))
    return hint + (t("terminal.in_order", lang) if prompt.ordered and hi > 1 else "")


def retry_text(prompt: Prompt, lang: str) -> str:
    """What to type instead, naming the numbers actually on screen (never "1–1")."""
    count = len(prompt.options)
    lo, hi = prompt.min, min(prompt.max, count)
    numbers = Span(1, count)
    if lo == hi == 1:
        return t("terminal.retry_only", lang) if count == 1 else t("terminal.retry_one", lang, numbers=numbers)
    if lo == 0:
        return t("terminal.retry_up_to", lang, hi=hi, numbers=numbers)
    if lo == hi:
        return t("terminal.retry_exact", lang, n=lo, numbers=numbers)
    return t("terminal.retry_range", lang, count=Span(lo, hi), numbers=numbers)


def undo_hint(lang: str) -> str:
    return t("terminal.undo_hint", lang)


def read_choice(prompt: Prompt, ask: Callable[[str], str], lang: str, show_board: Callable[[], None],
                say: Callable[[str], None] = print, show_help: Callable[[], None] | None = None,
                can_undo: bool = False, hints: bool = False) -> list[str]:
    """Ask until the answer names between min and max distinct listed options.

    `show_board` runs on `v` (it should show the board and the question again), `show_help`
    on `help`; `say` writes the "please enter" hint to the same place as everything else.
    `u` raises Undo when `can_undo`, `h` raises AskHint when `hints`.
    """
    while True:
        answer = ask("> ").strip().lower()
        if answer == "q":
            raise Quit
        if answer == "u" and can_undo:
            raise Undo
        if answer == "h" and hints:
            raise AskHint
        if answer == "v":
            show_board()
            continue
        if answer in HELP_WORDS and show_help is not None:
            show_help()
            continue
        tokens = [t for t in answer.replace(",", " ").split() if t != "0"]
        if all(t.isascii() and t.isdigit() and 1 <= int(t) <= len(prompt.options) for t in tokens):
            picked = [prompt.options[int(t) - 1].key for t in tokens]
            if len(set(picked)) == len(picked) and prompt.min <= len(picked) <= prompt.max:
                return picked
        say(retry_text(prompt, lang))


def only_choice(prompt: Prompt) -> list[str] | None:
    """The answer when there is exactly one ("1. Done" alone): nothing to ask."""
    if len(prompt.options) == 1 and prompt.min >= 1:
        return [prompt.options[0].key]
    return None


def confirm_prompt(prompt: Prompt, option: Option) -> Prompt:
    """A yes/no question before an answer that ends the game for the player (Concede), asked
    like any other question (numbered options), so a slip of the finger changes nothing."""
    def both(key: str) -> Text:
        return T(t(key, "en", option=option.label.get("en")), t(key, "ja", option=option.label.get("ja")))
    return Prompt(id="confirm", player=prompt.player, text=both("terminal.confirm"),
                  options=[Option(key="yes", label=both("terminal.confirm_yes")),
                           Option(key="no", label=both("terminal.confirm_no"))])


def needs_confirming(prompt: Prompt, choice: list[str]) -> Option | None:
    picked = [prompt.option(key) for key in choice]
    return next((o for o in picked if o is not None and (o.key in CONFIRM_KEYS or o.group in CONFIRM_KEYS)), None)
