"""The short rules summary shown by `/game rules` (English and Japanese)."""
from __future__ import annotations

EN = """**Guns & Steel** (2–4 players). Build an empire through the ages with double-sided cards:
the front is a *progress* (tech, tactic or unit), the back a *resource* (food, iron, horse, gunpowder, oil, earth, space).
Everyone starts with the same five cards; the 3rd and 4th player (with 2 players, the 2nd) first place one as a resource.
Each turn: **1. Resource** — play a hand card as a resource. **2. Progress** — play a hand card face up and use its
effect (all of it) or not. (With no card in hand, skip both.) Units attack everyone: defenders, clockwise from your left, may play counter-icon cards from
hand and deplete unit/tactic resources; every player with less military than you suffers the card's penalty.
**3. Purchase** — buy at most one pyramid card: its printed cost plus one energy of any kind per card still connected
below it. Pay with energy from effects and by depleting resources; convert left to right only
([food]2→[iron], [iron]2→[horse], [horse]2→[gunpowder], [gunpowder]2→[oil], any 3→[earth]; [earth] = any one, [space] = two [earth]).
**4. End** — with 0–1 cards in hand, take a wonder whose condition you meet, return every face-up card to hand and any
resources you like; unspent energy lapses.
The game ends when the last space card is bought or the last wonder is taken. Score the VP of all your cards and
wonders; ties go to the most cards.
*Renaissance*: effects also give and cost VP tokens (15+ ends the game at the end of that turn) and act on other
players; every turn, if you met a wonder's condition, put one of your 5 honor tokens on it (all 5 out: you may move
one from another wonder) — 3 of yours take it and every token on it goes back. Every end condition ends the game at
the end of the turn; VP tokens score 1 VP each.
*Mixed*: both sets, one card fewer per era plus a face-up research pile per era (extra cost: cards left in the row
below); Renaissance wonders only."""

JA = """**鋼鉄と火薬**（2～4人）。両面カード（表＝進歩：技術・戦術・ユニット、裏＝資源：食料・鉄・馬・火薬・石油・地球・宇宙）で帝国を築きます。
全員が同じ5枚で始め、3番目と4番目のプレイヤー（2人なら2番目）は最初に1枚を資源として置きます。
手番：**1. 資源** 手札1枚を資源としてプレイ。**2. 進歩** 手札1枚を表でプレイし、効果を使う（使うなら全て）か使わない（手札がなければ両方とも飛ばす）。
ユニットは全員を攻撃：左隣から時計回りに、防御側は手札の反撃カードのプレイと、表がユニット・戦術の資源の消費ができます。
あなたより軍事力が少ない各プレイヤーがペナルティを受けます。**3. 購入** 公共の場から1枚まで。コストは記載のエネルギー＋下側に連続するカード1枚につき好きなエネルギー1。
効果で得たエネルギーと資源の消費で支払い、変換は左から右のみ（［食料］2→［鉄］、［鉄］2→［馬］、［馬］2→［火薬］、［火薬］2→［石油］、好きな3→［地球］。［地球］は好きな1つ、［宇宙］は［地球］2）。
**4. 手番終了** 手札0～1枚なら、条件を満たす世界遺産を獲得し、表のカードを全て手札に戻し、資源は好きなだけ戻せます。残ったエネルギーは消滅。
最後の宇宙時代カードが購入されるか、最後の世界遺産が獲得されると終了。全カードと世界遺産の勝利点の合計で競い、同点はカード枚数の多い方が勝ち。
*ルネサンス*：効果で勝利点トークンを得たり使ったり（15以上でその手番終了時に終了）、他のプレイヤーにも作用します。毎手番、世界遺産の条件を満たしたら栄誉トークン（5個）を1個置き（5個とも配置済みなら他の世界遺産から1個移動してもよい）、自分のトークン3個で獲得し、その上のトークンは全て持ち主に戻ります。終了条件はいずれも手番終了時に判定し、勝利点トークンは1個1VP。
*混合*：両セットを使い、各時代1枚少ないピラミッドと表向きの秘密研究の山（追加コスト＝1つ下の時代の残り枚数）。世界遺産はルネサンスのみ。"""


def summary(lang: str = "en") -> str:
    return JA if lang == "ja" else EN
