"""Host options: one switch per rule revision (notes §3.5); defaults = the recommended `standard` set."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.kit import T
from games.kit.options_words import Words

from .data import load


class Options(BaseModel):
    revolution: Annotated[bool, Words(
        T("Revolution card", "革命カード"),
        help=T("Add the Revolution card, which counts as any card you declare. Off: ver.2's 12 cards.",
               "宣言したカードとして使える革命カードを加える。オフならver.2の12枚。"))] = Field(
        True, description="Add the Revolution card (ルール整理案). Off = ver.2's 12 cards.")
    revolution_undeclared: Annotated[bool, Words(
        T("Undeclared Revolution", "宣言なしの革命"),
        help=T("Revolution may be revealed undeclared: power 2, and it nullifies Explore.",
               "革命を宣言せずに公開できる（権力2、探索を無効化）。"))] = Field(
        True, description="Revolution may be revealed undeclared: power 2, nullifies Explore (12/7/15).")
    draw_rule: Annotated[Literal["exchange", "v2"], Words(
        T("Draw rule", "引き分けのルール"),
        help=T("On a draw: exchange the played cards, or ver.2's rule (take back, discard 1 face down, draw 1).",
               "引き分けのとき：出したカードを交換するか、ver.2のルール（手札に戻し、1枚を裏向きで捨てて1枚引く）。"),
        values={"exchange": T("exchange the cards", "カードを交換"), "v2": T("ver.2", "ver.2")})] = Field(
        "exchange", description="On a draw: exchange the played cards (整理案) or ver.2's return, discard 1 face-down, draw 1.")
    draw_catchup_point: Annotated[bool, Words(
        T("Catch-up point on a draw", "引き分け時の追い上げ点"),
        help=T("On a draw the player with fewer points gains 1.", "引き分けのとき、得点の少ない方が1点を得る。"))] = Field(
        True, description="On a draw the player with fewer points gains 1 (整理案).")
    draw_reset_after: Annotated[int, Words(
        T("Reset after draws in a row", "連続引き分けでリセット"),
        help=T("After this many draws in a row every card is gathered and dealt again (scores stay).",
               "この回数だけ続けて引き分けたら、カードを全て集めて配り直す（得点はそのまま）。"),
        values={0: T("never", "しない")})] = Field(
        3, ge=0, le=10, description="Reset the cards after this many draws in a row (整理案: 3); 0 = never.")
    reshuffle_rule: Annotated[Literal["burn_and_empty", "v2_discard4"], Words(
        T("Reshuffle rule", "山札の切り直し"),
        help=T("When the discard goes back into the deck.", "捨て札をいつ山札に戻して切り直すか。"),
        values={"burn_and_empty": T("burn 1, reshuffle when empty", "1枚焼却・山札が尽きたら切り直し"),
                "v2_discard4": T("ver.2 (4 in the discard)", "ver.2（捨て札4枚）")})] = Field(
        "burn_and_empty", description="Burn 1 card after each shuffle and reshuffle only when the deck is empty (整理案), "
                                      "or ver.2's reshuffle when the discard holds 4.")
    public_info: Annotated[bool, Words(
        T("Public information", "公開情報"),
        help=T("The taken card and combo cards stay face up until the next cards are placed.",
               "取ったカードとコンボのカードを、次のカードを伏せるまで表向きのままにする。"))] = Field(
        True, description="The taken card and combo cards stay face up until the next cards are placed (整理案).")
    combos: Annotated[bool, Words(
        T("Combos", "コンボ"),
        help=T("The winner of a round may reveal linked cards for bonus points (off for a first game).",
               "ラウンドの勝者が繋がるカードを公開して追加点を得る（初めてのゲームではオフ）。"))] = Field(
        True, description="Combo rules (ver.2; off for a first game).")
    combo_graph: Annotated[Literal["tech_tree", "ring", "seed_only"], Words(
        T("Combo picture", "コンボの組み合わせ"),
        help=T("Which cards link into combos: one of the reconstructed pictures.",
               "どのカードがコンボで繋がるか（復元した組み合わせから選ぶ）。"),
        values={"tech_tree": T("tech tree", "技術ツリー"), "ring": T("ring", "環状"),
                "seed_only": T("rulebook pairs only", "ルールブックの組のみ")})] = Field(
        "tech_tree", description="Which reconstructed combo picture to use (notes §3.3: G-A, G-B, G-C).")
    civilizations: Annotated[bool, Words(
        T("Civilizations", "文明"),
        help=T("Each player uses one of the 7 civilizations and its abilities; the target becomes 24.",
               "各プレイヤーが7つの文明から1つを使い、その能力を得る。目標は24点になる。"))] = Field(
        False, description="Each player uses one of the 7 civilizations of 12/7/15 (target 24).")
    civ_assignment: Annotated[Literal["pick", "random"], Words(
        T("Civilization assignment", "文明の決め方"),
        help=T("Civilizations are picked in turn from a random first chooser, or dealt at random.",
               "ランダムに決めた人から順番に文明を選ぶか、ランダムに配る。"),
        values={"pick": T("pick in turn", "順番に選ぶ"), "random": T("random", "ランダム")})] = Field(
        "pick", description="Civilizations are picked in turn from a random first chooser, or dealt at random.")
    target_points: Annotated[int, Words(
        T("Points needed", "必要な得点"), help=T("Points needed to win.", "勝利に必要な得点。"),
        values={0: T("rulebook (20; 24 with civilizations)", "ルールブック通り（20、文明ありは24）")})] = Field(
        0, ge=0, le=200, description="Points needed to win; 0 = the rulebook's (20, or 24 with civilizations).")
    target_lead: Annotated[int, Words(
        T("Lead needed", "必要な点差"), help=T("The lead over the other player needed to win.",
                                          "勝利に必要な相手との点差。"))] = Field(
        6, ge=1, le=50, description="Lead needed to win (ver.2: 6).")
    winner_reroll: Annotated[Literal["exactly_2", "up_to_2"], Words(
        T("Winner's reroll", "勝者の振り直し"),
        help=T("How many dice the round winner rerolls.", "ラウンドの勝者が振り直すダイスの数。"),
        values={"exactly_2": T("exactly 2 dice", "ちょうど2個"), "up_to_2": T("up to 2 dice", "2個まで")})] = Field(
        "exactly_2", description="The round winner rerolls exactly 2 dice of their choice, or up to 2.")
    egypt_counts_revolution: Annotated[bool, Words(
        T("Egypt counts Revolution", "エジプトは革命も数える"),
        help=T("Egypt: a Revolution declared as Growth or Building builds a pyramid too.",
               "エジプト：成長か建設として宣言した革命でもピラミッドを建設する。"))] = Field(
        True, description="Egypt: a Revolution declared as Growth or Building builds a pyramid too (notes S14).")
    round_limit: Annotated[int, Words(
        T("Round limit", "ラウンド上限"),
        help=T("Not in the rulebook: after this many rounds the higher score wins.",
               "ルールブックにはない上限：このラウンド数で得点の高い方の勝ち。"),
        values={0: T("no limit", "上限なし")})] = Field(
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
