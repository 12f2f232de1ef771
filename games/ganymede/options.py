"""Host options (notes §2.8); the defaults are the rulebook's rules and the notes' reconstructed cards."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

Mode = Literal["auto", "duel", "coop", "three"]
PLAYERS = {"duel": 2, "coop": 2, "three": 3}
AUTO_MODES = {2: "duel", 3: "three"}  # what `auto` plays with this many players


class Options(BaseModel):
    mode: Mode = Field("auto", description="auto: the rulebook's game for the number of players (2: duel, "
                                           "3: three players); duel: 2 players, red vs green; coop: red and green "
                                           "vs the automated purple side; three: 3 players, purple is a seat.")
    start_hp: int = Field(0, ge=0, le=99, description="Starting hit points; 0 = the rulebook's 15.")
    colour_deck: Literal["default", "alt_5_9", "alt_1_11"] = Field(
        "default", description="Which reconstructed red/green numbers to use (cards.json colour_decks, notes §2.5).")
    draw_check_ace: int = Field(
        1, description="What an A counts for the 'over 21: no more draws' check: 1 (notes G3) or 11.")
    coop_loss: Literal["both", "either"] = Field(
        "both", description="Co-op and three players: red and green lose when both (notes G21) or either falls.")
    zero_against_bust: Literal["deals", "none"] = Field(
        "deals", description="When one side busts (22+, counted as 0) and the other's strength is also 0: "
                             "deals: the strengths are equal, so the side that did not bust deals its damage "
                             "(the rulebook's text); none: nobody deals damage (the earlier reading).")
    round_limit: int = Field(
        100, ge=1, le=1000,
        description="Safety cap (not in the rulebook): after this many rounds the game ends "
                    "(duel: more HP wins, ties to the First Strike marker; otherwise purple has survived).")

    @field_validator("draw_check_ace")
    @classmethod
    def _one_or_eleven(cls, value: int) -> int:
        if value not in (1, 11):
            raise ValueError("an A counts as 1 or 11")
        return value

    def player_range(self) -> tuple[int, int]:
        if self.mode == "auto":
            return min(AUTO_MODES), max(AUTO_MODES)
        return PLAYERS[self.mode], PLAYERS[self.mode]

    def for_players(self, count: int) -> Options:
        """These options with `auto` replaced by the mode the rulebook plays with `count` players."""
        if self.mode != "auto":
            return self
        return self.model_copy(update={"mode": AUTO_MODES[count]})

    def hp(self) -> int:
        if self.start_hp:
            return self.start_hp
        from .data import load
        return load().start_hp.value
