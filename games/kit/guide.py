"""A decision explained in the game's own rule words, for a guided first game.

`explain(game, prompt, lang)` quotes the sentence or two of the game's rules summary
(`Game.rules_summary`, what `/game rules` shows) that govern the decision. A game names them
in `Game.guide_words`: per prompt id (its start), the words (English, Japanese) that find each
sentence in the summary; where a decision offers several kinds of answer (a turn's actions),
`Game.guide_answer_words` names the sentences of the kind it offers first. A prompt it does not name gets the summary's sentence that shares the
most words with the prompt's own text, so every decision is explained, and a rules change
that rewords the summary changes the explanation with it.
"""
from __future__ import annotations

import re

from .game import Game
from .models import Prompt

LIMIT = 320  # characters: two short sentences on a phone

# sentence ends: ". " not after a digit ("**1. Resource**" stays whole), "。", and line breaks
_EN_END = re.compile(r"(?<!\*\*[0-9]\.)(?<=[.!?])\s+|(?<=[.!?]\))\s+|\n+")
_TITLE = re.compile(r"^\*\*[^*]+\*\*\s*[(（][^)）]*[)）][.。]?\s*")
_JA_END = re.compile(r"(?<=。)|\n+")
_WORD = re.compile(r"[A-Za-z]{4,}")


def sentences(game: Game, lang: str) -> list[str]:
    """The rules summary cut into sentences (list bullets and the title line are their own)."""
    text = _TITLE.sub("", game.rules_summary(lang))
    # a line broken inside a sentence (the source's own wrapping: it goes on in lower case or
    # in brackets) joins the next one; a list line ("Explore → Conquest") stays its own
    if lang != "ja":
        text = re.sub(r"\n(?=[a-z(\[])", " ", text)
    parts = (_JA_END if lang == "ja" else _EN_END).split(text)
    out: list[str] = []
    open_paren = False
    for part in parts:
        part = part.strip()
        if open_paren and out:  # a sentence end inside brackets does not end the sentence
            out[-1] = f"{out[-1]}{'' if lang == 'ja' else ' '}{part}"
        else:
            part = part.lstrip("-").strip()
            if not part:
                continue
            out.append(part)
        open_paren = out[-1].count("(") + out[-1].count("（") > out[-1].count(")") + out[-1].count("）")
    return [re.sub(r"[:：]$", "。" if lang == "ja" else ".", s) for s in out]


def _named(game: Game, prompt: Prompt) -> tuple[tuple[str, str], ...] | None:
    words: dict[str, tuple[tuple[str, str], ...]] = getattr(game, "guide_words", {}) or {}
    for start in sorted(words, key=len, reverse=True):
        if prompt.id.startswith(start):
            return words[start]
    return None


def _shared(a: str, b: str, lang: str) -> int:
    if lang == "ja":  # no spaces: count shared two-character pieces
        grams = {a[i:i + 2] for i in range(len(a) - 1)}
        return sum(1 for g in grams if g in b and not g.isascii())
    mine = {w.lower() for w in _WORD.findall(a)}
    return len(mine & {w.lower() for w in _WORD.findall(b)})


def _answer_words(game: Game, prompt: Prompt) -> tuple[tuple[str, str], ...]:
    """The words for the first kind of answer (in the game's order) that `prompt` offers."""
    words: dict[str, tuple[tuple[str, str], ...]] = getattr(game, "guide_answer_words", {}) or {}
    for start, found in words.items():
        if any(o.key.startswith(start) for o in prompt.options):
            return found
    return ()


def explain(game: Game, prompt: Prompt, lang: str = "en", limit: int = LIMIT) -> str:
    """One or two sentences of the rules summary about `prompt`, at most `limit` characters."""
    pool = sentences(game, lang)
    if not pool:
        return ""
    picked: list[str] = []
    for en, ja in (*(_named(game, prompt) or ()), *_answer_words(game, prompt)):
        needle = ja if lang == "ja" else en
        found = next((s for s in pool if needle in s), None)
        if found is not None and found not in picked:
            picked.append(found)
    if not picked:
        asked = " ".join([prompt.text.get(lang), prompt.window.get(lang) if prompt.window else "",
                          *(o.label.get(lang) for o in prompt.options[:6])])
        best = max(pool[1:] or pool, key=lambda s: _shared(asked, s, lang))
        picked.append(best)
    text = picked[0]
    for more in picked[1:]:
        joined = f"{text}{'' if lang == 'ja' else ' '}{more}"
        if len(joined) <= limit:
            text = joined
    if len(text) > limit:
        text = text[:limit - 1].rstrip() + "…"
    return text
