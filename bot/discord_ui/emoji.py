"""Emoji for what card games name over and over (resources, colours), and the look of a button
that says what it does: the main action primary, passing or going back secondary, giving up
danger. Text stays readable without them; they only make it quicker to scan."""
from __future__ import annotations

import re

import discord

from games.kit import Option

RESOURCES = {  # Guns & Steel's energies, as its texts write them: [food]2, ［食料］2
    "food": "🌾", "食料": "🌾", "iron": "⛓️", "鉄": "⛓️", "horse": "🐎", "馬": "🐎",
    "gunpowder": "💥", "火薬": "💥", "oil": "🛢️", "石油": "🛢️", "earth": "🌍", "地球": "🌍",
    "space": "🚀", "宇宙": "🚀",
}
COLOURS = (  # the first colour a label names gives its button an emoji
    ("red", "赤", "🔴"), ("green", "緑", "🟢"), ("blue", "青", "🔵"), ("purple", "紫", "🟣"),
    ("black", "黒", "⚫"), ("white", "白", "⚪"), ("yellow", "黄", "🟡"),
)
_TOKEN = re.compile(r"[\[［]([^\]］]{1,12})[\]］]")
GIVING_UP = ("concede", "resign", "surrender")


def decorate(text: str) -> str:
    """Resource tokens as emoji ("[gunpowder]2" -> "💥2"); Markdown backticks, which buttons and
    selects show literally, dropped."""
    text = _TOKEN.sub(lambda m: RESOURCES.get(m.group(1), m.group(0)), text)
    return text.replace("`", "")


def emoji_for(label: str) -> str | None:
    """A colour's emoji when the label names one (as a word in English)."""
    lowered = label.lower()
    for en, ja, mark in COLOURS:
        if re.search(rf"\b{en}\b", lowered) or lowered.startswith(ja):
            return mark
    return None


def style_for(option: Option) -> discord.ButtonStyle:
    """danger: giving up; secondary: passing, declining, none; primary: every real move."""
    key = option.key.lower()
    if any(word in key for word in GIVING_UP) or (option.group or "") in GIVING_UP:
        return discord.ButtonStyle.danger
    if option.passes:
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary
