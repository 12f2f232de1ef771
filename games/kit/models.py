"""The data a game exchanges with front ends: prompts, options, events, outcomes, actions."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .text import Text

# Front ends pack table id, version, prompt id and option key into a 100-character
# Discord custom_id, so keys stay short.
MAX_PROMPT_ID = 24
MAX_OPTION_KEY = 40


class Option(BaseModel):
    """One choice a player may make; `key` is what `apply` receives back."""

    model_config = ConfigDict(frozen=True)

    key: str
    label: Text
    detail: Text | None = None  # a longer explanation (tooltips, select descriptions)
    group: str | None = None    # front ends may lay related options out together
    # A pass / decline / "none" answer: when a player's turn clock runs out, the host may
    # answer for the idle seat with this option instead of a random move.
    passes: bool = False
    # An answer that only takes the player back to an earlier question of the same move
    # ("Back"): the game does not move on. People use it to change their mind; computer
    # players never give it, since a search can answer back and forth forever.
    goes_back: bool = False


class Prompt(BaseModel):
    """A decision owed by one player now. The player answers with `min`..`max` distinct option keys."""

    model_config = ConfigDict(frozen=True)

    id: str
    player: str
    text: Text
    options: list[Option]
    min: int = 1
    max: int = 1
    ordered: bool = False  # True when the order of the chosen keys matters
    # The decision's public name ("Counter window"), which a turn ping may show to everyone:
    # only for windows whose existence reveals nothing; never the prompt's private text.
    window: Text | None = None
    # Everyone may know that this decision is asked, its text and every option (nothing in it
    # depends on a card someone cannot see): front ends may show it in public, and the table
    # makes the move itself when it offers exactly one answer (a forced move, tables.chains).
    public: bool = False

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)


class Event(BaseModel):
    """Something that happened. `to=None` is public; otherwise only those players may read it."""

    model_config = ConfigDict(frozen=True)

    kind: str
    text: Text
    to: list[str] | None = None
    data: dict[str, Any] = Field(default_factory=dict)

    def visible_to(self, viewer: str | None) -> bool:
        return self.to is None or (viewer is not None and viewer in self.to)


class Outcome(BaseModel):
    """How a finished game ended. `ranking` groups tied players; co-op and solo games
    rank the whole team together and say in `winners` whether it won."""

    model_config = ConfigDict(frozen=True)

    winners: list[str]
    ranking: list[list[str]]
    scores: dict[str, float] = Field(default_factory=dict)
    summary: Text
    detail: dict[str, Any] = Field(default_factory=dict)


class Action(BaseModel):
    """One applied decision, as stored in the action log and replayed."""

    model_config = ConfigDict(frozen=True)

    player: str
    prompt_id: str
    choice: list[str]
