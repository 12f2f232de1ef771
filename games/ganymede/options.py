"""Host options (notes §2.8); the defaults are the rulebook's rules and the notes' reconstructed cards."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

from games.kit import T
from games.kit.options_words import Words

Mode = Literal["auto", "duel", "coop", "three"]
PLAYERS = {"duel": 2, "coop": 2, "three": 3}
AUTO_MODES = {2: "duel", 3: "three"}  # what `auto` plays with this many players


class Options(BaseModel):
    mode: Annotated[Mode, Words(
        T("Mode", "モード"), mode=True,
        help=T("Duel: red against green. Co-op: red and green together against the automated purple side. "
               "Three players: purple is a seat too.",
               "対戦：赤と緑の1対1。協力：赤と緑が組んで自動で動く紫と戦う。3人用：紫もプレイヤーが担当。"),
        values={"auto": T("by player count (2: duel, 3: three players)", "人数で決める（2人：対戦、3人：3人用）"),
                "duel": T("duel", "対戦"), "coop": T("co-op", "協力"), "three": T("three players", "3人用")})] = Field(
        "auto", description="auto: the rulebook's game for the number of players (2: duel, 3: three players); duel: "
                            "2 players, red vs green; coop: red and green vs the automated purple side; three: "
                            "3 players, purple is a seat.")
    start_hp: Annotated[int, Words(
        T("Starting HP", "初期HP"), help=T("Each side's hit points at the start.", "各陣営の開始時のHP。"),
        values={0: T("rulebook (15)", "ルールブック通り（15）")})] = Field(
        0, ge=0, le=99, description="Starting hit points; 0 = the rulebook's 15.")
    colour_deck: Annotated[Literal["default", "alt_5_9", "alt_1_11"], Words(
        T("Red/green card numbers", "赤・緑カードの数値"),
        help=T("The numbers on the red and green cards: the reconstructed default or one of two alternatives.",
               "赤と緑のカードの数値。復元した標準か、2つの別案のどちらか。"),
        values={"default": T("default", "標準"), "alt_5_9": T("alternative 5–9", "別案 5～9"),
                "alt_1_11": T("alternative 1–11", "別案 1～11")})] = Field(
        "default", description="Which reconstructed red/green numbers to use (cards.json colour_decks, notes §2.5).")
    draw_check_ace: Annotated[int, Words(
        T("A when checking for over 21", "21超えの判定でのA"),
        help=T("What an A counts for the 'over 21: no more draws' check: 1 or 11.",
               "「合計が21を超えたらそれ以上引けない」の判定でAをいくつと数えるか（1か11）。"))] = Field(
        1, description="What an A counts for the 'over 21: no more draws' check: 1 (notes G3) or 11.")
    coop_loss: Annotated[Literal["both", "either"], Words(
        T("Co-op defeat when", "協力戦の敗北条件"),
        help=T("Co-op and three players: whether red and green lose when both of them fall or when either falls.",
               "協力と3人用：赤と緑が両方とも倒れたら負けか、どちらかが倒れたら負けか。"),
        modes=("auto", "coop", "three"),
        values={"both": T("both fall", "両方が倒れたら"), "either": T("either falls", "どちらかが倒れたら")})] = Field(
        "both", description="Co-op and three players: red and green lose when both (notes G21) or either falls.")
    zero_against_bust: Annotated[Literal["deals", "none"], Words(
        T("Strength 0 against a bust", "《強さ》0とバーストの対決"),
        help=T("When one side busts (22 or more counts as 0) and the other's strength is 0 too.",
               "一方がバースト（22以上は0扱い）し、もう一方の《強さ》も0のとき。"),
        values={"deals": T("a tie: the side that did not bust deals damage",
                           "同じ《強さ》：バーストしていない側がダメージを与える"),
                "none": T("nobody deals damage", "どちらもダメージなし")})] = Field(
        "deals", description="When one side busts (22+, counted as 0) and the other's strength is also 0: "
                             "deals: the strengths are equal, so the side that did not bust deals its damage "
                             "(the rulebook's text); none: nobody deals damage (the earlier reading).")
    round_limit: Annotated[int, Words(
        T("Round limit", "ラウンド上限"),
        help=T("Not in the rulebook: after this many rounds the game ends (duel: more HP wins).",
               "ルールブックにはない安全上限：このラウンド数で終了（対戦ではHPの多い側の勝ち）。"))] = Field(
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
