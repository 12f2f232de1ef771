"""Host options: one switch per rule revision (notes §3.5); defaults = the recommended `standard` set."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .data import load


class Options(BaseModel):
    revolution: bool = Field(True, description="Add the Revolution card (ルール整理案). Off = ver.2's 12 cards.")
    revolution_undeclared: bool = Field(
        True, description="Revolution may be revealed undeclared: power 2, nullifies Explore (12/7/15).")
    draw_rule: Literal["exchange", "v2"] = Field(
        "exchange", description="On a draw: exchange the played cards (整理案) or ver.2's return, discard 1 face-down, draw 1.")
    draw_catchup_point: bool = Field(True, description="On a draw the player with fewer points gains 1 (整理案).")
    draw_reset_after: int = Field(
        3, ge=0, le=10, description="Reset the cards after this many draws in a row (整理案: 3); 0 = never.")
    reshuffle_rule: Literal["burn_and_empty", "v2_discard4"] = Field(
        "burn_and_empty", description="Burn 1 card after each shuffle and reshuffle only when the deck is empty (整理案), "
                                      "or ver.2's reshuffle when the discard holds 4.")
    public_info: bool = Field(
        True, description="The taken card and combo cards stay face up until the next cards are placed (整理案).")
    combos: bool = Field(True, description="Combo rules (ver.2; off for a first game).")
    combo_graph: Literal["tech_tree", "ring", "seed_only"] = Field(
        "tech_tree", description="Which reconstructed combo picture to use (notes §3.3: G-A, G-B, G-C).")
    civilizations: bool = Field(False, description="Each player uses one of the 7 civilizations of 12/7/15 (target 24).")
    civ_assignment: Literal["pick", "random"] = Field(
        "pick", description="Civilizations are picked in turn from a random first chooser, or dealt at random.")
    target_points: int = Field(
        0, ge=0, le=200, description="Points needed to win; 0 = the rulebook's (20, or 24 with civilizations).")
    target_lead: int = Field(6, ge=1, le=50, description="Lead needed to win (ver.2: 6).")
    winner_reroll: Literal["exactly_2", "up_to_2"] = Field(
        "exactly_2", description="The round winner rerolls exactly 2 dice of their choice, or up to 2.")
    egypt_counts_revolution: bool = Field(
        True, description="Egypt: a Revolution declared as Growth or Building builds a pyramid too (notes S14).")
    round_limit: int = Field(
        0, ge=0, le=5000,
        description="Not in the rulebook (notes S25: no cap): after this many rounds the higher score wins, "
                    "equal scores tie; 0 = no limit.")

    def target(self) -> int:
        if self.target_points:
            return self.target_points
        t = load().targets
        return t.points_with_civilizations if self.civilizations else t.points

    @classmethod
    def preset(cls, name: str, **changes: object) -> Options:
        """One of the notes' presets (§3.5), with optional changes on top."""
        return cls.model_validate({**PRESETS[name], **changes})


# The notes' presets (§3.5) as option values; `standard` is the defaults (≈ the product).
_CLASSIC_V2: dict[str, object] = {
    "revolution": False, "revolution_undeclared": False, "draw_rule": "v2", "draw_catchup_point": False,
    "draw_reset_after": 0, "reshuffle_rule": "v2_discard4", "public_info": False}
PRESETS: dict[str, dict[str, object]] = {
    "standard": {},
    "classic_v2": _CLASSIC_V2,
    "beginner": {**_CLASSIC_V2, "combos": False},
    "civilizations": {"civilizations": True},
}
