"""Every word the Guns & Steel pictures draw, in English and Japanese (card names and texts
come from the card data)."""
from __future__ import annotations

from games.guns_and_steel.cards import ENERGY_NAMES, TYPE_NAMES, EffectSpec, Names, card, wonder
from games.kit.words import fill

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Guns & Steel", "鋼鉄と火薬"),
    "base": ("Base set", "基本セット"),
    "renaissance": ("Renaissance", "ルネサンス"),
    "mixed": ("Mixed sets", "セット混合"),
    "setup": ("Before the game", "ゲーム開始前"),
    "round_turn": ("Round {r} · Turn {t}", "ラウンド{r}・第{t}手番"),
    "round_limit": ("of {n}", "／{n}"),
    "turn_badge": ("turn", "手番"),
    "turn_of": ("{p}'s turn", "{p}の手番"),
    "bought": ("bought", "購入済み"),
    "pile": ("Research piles: the top card is for sale", "秘密研究の山：一番上のカードを購入できる"),
    "pile_empty": ("empty", "なし"),
    "pile_count": ("{n:# card|# cards}", "{n}枚"),
    "wonders": ("Wonders", "世界遺産"),
    "no_wonders": ("No wonder left on the table", "場に世界遺産はありません"),
    "honor_needed": ("{n} of a player's honor tokens take it", "同じプレイヤーの栄誉トークン{n}個で獲得"),
    "face_up": ("Face up", "進歩面"),  # the rulebook: 進歩面（表）; a bare 表 reads as "table"
    "resources": ("Resources", "資源"),
    "none": ("—", "—"),
    "field": ("Field", "場"),
    "hand": ("Hand", "手札"),
    "military": ("Military", "軍事力"),
    "vp": ("VP", "勝利点"),
    "vp_tokens": ("VP tokens", "勝利点トークン"),
    "honor_left": ("honor tokens in hand", "手元の栄誉トークン"),
    "score": ("{s} VP · {c:# card|# cards}", "{s}点・{c}枚"),
    "energy": ("Energy this turn", "この手番のエネルギー"),
    "game_over": ("Game over", "ゲーム終了"),
    "winner": ("Winner: {p}", "勝者：{p}"),
    "legend_extra": ("+N = N more energy of any kind: cards still connected below",
                     "+N＝下側に連続するカードの枚数だけ好きなエネルギーを追加"),
    "your_hand": ("{p}'s hand", "{p}の手札"),
    "empty_hand": ("No cards in hand", "手札はありません"),
    "counter": ("Counter", "反撃"),
    "cost": ("Cost", "コスト"),
    "starting": ("starting card", "初期カード"),
    "your_turn": ("Your turn", "あなたの手番"),
    "resource_side": ("resource side: {r}", "資源面：{r}"),
    "your_field": ("Your field", "あなたの場"),
    "you_decide": ("You: {what}", "あなた：{what}"),
}

# What the player owed a decision is doing, by prompt id (the task kind).
DECIDING: dict[str, tuple[str, str]] = {
    "initial_resource": ("placing a starting resource", "初期資源の配置"),
    "resource": ("resource phase", "資源フェイズ"),
    "progress": ("progress phase", "進歩フェイズ"),
    "purchase": ("purchase phase", "購入フェイズ"),
    "pay": ("paying for a card", "カードの支払い"),
    "pay_pick": ("paying for a card", "カードの支払い"),
    "effect": ("using a card's effect", "カードの効果"),
    "replenish": ("replenishing", "資源の回復"),
    "ren_replenish1": ("replenishing", "資源の回復"),
    "deplete": ("depleting resources", "資源の消費"),
    "play_more": ("playing another card", "追加のカードをプレイ"),
    "pick_unit": ("choosing a unit", "ユニットの選択"),
    "pick_tech": ("choosing a tech", "技術の選択"),
    "ambush": ("choosing a unit resource", "ユニット資源の選択"),
    "counter": ("defending against an attack", "攻撃への防御"),
    "defend": ("defending against an attack", "攻撃への防御"),
    "give_wonder": ("giving up a wonder", "世界遺産を渡す"),
    "wonders": ("choosing a wonder", "世界遺産の選択"),
    "recollect": ("taking cards back", "カードの回収"),
    "take_back": ("taking resources back", "資源の回収"),
    "ren_honor": ("placing an honor token", "栄誉トークンの配置"),
    "ren_tribute": ("Tribute: choosing a resource", "供貢：資源の選択"),
    "ren_spy": ("Espionage: choosing a player", "諜報活動：プレイヤーの選択"),
    "ren_press": ("Printing Press: choosing a tech", "印刷機：技術の選択"),
    "ren_coup": ("Coup: choosing a card", "クーデター：カードの選択"),
    "ren_exile": ("Exile: choosing a unit", "亡命：ユニットの選択"),
    "ren_own_part": ("using a card's effect", "カードの効果"),
    "ren_film_take": ("Film: choosing a card", "映画：カードの選択"),
}


def listed(names: list[str], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(names)


def word(key: str, lang: str, **kw: object) -> str:
    return fill(_pair(WORDS[key], lang), **kw)


def deciding(prompt_id: str | None, lang: str) -> str:
    return _pair(DECIDING.get(prompt_id or "", ("deciding", "選択中")), lang)


def local(names: Names | EffectSpec, lang: str) -> str:
    """The Japanese or English side of a printed text."""
    return names.ja if lang == "ja" else names.en


def card_name(key: str, lang: str) -> str:
    return local(card(key).name, lang)


def card_effect(key: str, lang: str) -> str:
    return local(card(key).effect, lang)


def wonder_name(key: str, lang: str) -> str:
    return local(wonder(key).name, lang)


def wonder_condition(key: str, lang: str) -> str:
    return local(wonder(key).condition_text, lang)


def type_name(kind: str, lang: str) -> str:
    return _pair(TYPE_NAMES[kind], lang)


def energy_word(kind: str, lang: str) -> str:
    return _pair(ENERGY_NAMES[kind], lang)


def _pair(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "ja" else pair[0]
