"""Hints and guided games as both front ends word them (Discord's hand and the terminal).

A hint names the strong player's answer by its options' labels and gives the search's reason
in one line ("chosen in 62 % of 1,400 simulations; expected to win 71 %"); a guided game adds
the rules' own sentences about the decision (`games.kit.guide`).
"""
from __future__ import annotations

from typing import Any

from bot.i18n import t
from games.kit import Game, Prompt
from games.kit.guide import explain
from games.kit.words import Count

SEPARATOR = {"en": ", ", "ja": "、"}


def choice_text(prompts: list[Prompt], prompt_id: str, choice: list[str], lang: str) -> str:
    """The answer in the labels the player sees on their controls ("None" for an empty one)."""
    prompt = next((p for p in prompts if p.id == prompt_id), None)
    if prompt is None:
        return ""
    labels = [o.label.get(lang) for key in choice if (o := prompt.option(key)) is not None]
    if not labels:
        return t("ui.choose_none", lang)
    return (" → " if prompt.ordered and len(labels) > 1 else SEPARATOR[lang]).join(labels)


def reason(given: Any, lang: str) -> str:
    """Why, in the search's own figures: how often it chose the answer and how likely it
    thinks a win is; "the only answer" when there was nothing to weigh."""
    if not given.simulations:
        return t("hint.reason_alone" if getattr(given, "only", False) else "hint.reason_quick", lang)
    n = Count(f"{given.simulations:,}", given.simulations == 1)
    share = round(100 * given.share)
    if given.win is None:
        return t("hint.reason_share", lang, share=share, n=n)
    return t("hint.reason", lang, share=share, n=n, win=round(100 * given.win))


def hint_lines(prompts: list[Prompt], given: Any, lang: str) -> list[str]:
    """The hint and its reason, as two short lines (the second small on Discord)."""
    return [t("hint.line", lang, choice=choice_text(prompts, given.prompt_id, given.choice, lang)),
            reason(given, lang)]


def explanation(game: Game, prompts: list[Prompt], lang: str) -> str:
    """The rules' sentences about the first decision owed (a guided game)."""
    return explain(game, prompts[0], lang) if prompts else ""
