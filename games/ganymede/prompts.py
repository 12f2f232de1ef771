"""The decisions owed now, built from `state.step`; every option offered is legal and leads on."""
from __future__ import annotations

from functools import cache, lru_cache

from games.kit import Option, Prompt, T, Text, opt

from .data import ACE, EFFECT_RANKS, load
from .effects import KEEP, PEEK, SWAP, distinct
from .piles import side_name
from .rounds import opponents
from .rules import MAX_DRAWS, card_label, draw_total, own_total, special_count
from .state import Side, State


def prompts(state: State) -> list[Prompt]:
    if state.finished:
        return []
    step = state.step
    if step in ("setup", "reinforce") and state.queue:
        return [supply_prompt(state, state.sides[state.queue[0]], step)]
    if step == "draw" and state.queue:
        return [draw_prompt(state, state.sides[state.queue[0]])]
    if step == "effect" and state.pending:
        return [effect_prompt(state)]
    if step == "order" and state.pending:
        return [order_prompt(state)]
    if step == "declare" and state.queue:
        return [declare_prompt(state, state.queue[0])]
    if step == "remove":
        return [remove_prompt(state, state.sides[c]) for c in state.queue]
    return []


@cache
def effect_text(rank: str) -> Text:
    e = load().effect(rank)
    return T(e.en, e.ja)


def supply_prompt(state: State, side: Side, step: str) -> Prompt:
    ranks = [state.cards[c].rank for c in state.supply]
    return _supply_prompt(side.player, step, tuple(ranks.count(rank) for rank in EFFECT_RANKS))


@lru_cache(maxsize=4096)
def _supply_prompt(player: str, step: str, counts: tuple[int, ...]) -> Prompt:
    """Built once per player, step and supply (prompts are frozen, so shared)."""
    options = []
    for rank, left in zip(EFFECT_RANKS, counts, strict=True):
        if left:
            options.append(Option(key=rank, label=T(f"Black {rank} ({left} left)", f"黒{rank}(残り{left}枚)"),
                                  detail=effect_text(rank)))
    if step == "setup":
        text = T("Setup: take one black card into your deck.", "準備:黒カードを1枚選んで出撃デッキに加えてください。")
        pid = "setup_black"
    else:
        text = T("Reinforcement: take one black card into your used pile.",
                 "増援フェイズ:黒カードを1枚選んで使用済デッキに加えてください。")
        pid = "reinforce"
    return Prompt(id=pid, player=player, text=text, options=options)


def draw_prompt(state: State, side: Side) -> Prompt:
    return _draw_prompt(side.player, draw_total(state, side), side.draws, state.options.mode == "duel")


@lru_cache(maxsize=4096)
def _draw_prompt(player: str, total: int, draws: int, face_down: bool) -> Prompt:
    text = T(f"Draw phase: your cards total {total} ({draws} of {MAX_DRAWS} drawn; over 21 stops you). "
             "Draw another card?",
             f"ドローフェイズ:合計{total}({draws}/{MAX_DRAWS}枚引いた。21を超えたら引けません)。もう1枚引きますか?")
    return Prompt(id="draw", player=player, text=text, options=[
        opt("draw", "Draw a card face down" if face_down else "Draw a card",
            "裏向きで1枚引く" if face_down else "1枚引く"),
        Option(key="stop", label=T("Stop drawing", "引くのをやめる"), passes=True)])


def effect_prompt(state: State) -> Prompt:
    pending = state.pending
    side = state.sides[pending.colour]
    card = state.cards[pending.card]
    duel = state.options.mode == "duel"
    keep = Option(key=KEEP, label=T("Keep it face down (no effect)", "裏向きのまま(効果を使わない)") if duel
                  else T("Don't use the effect", "効果を使わない"), passes=True)
    # Duel draws are face down, so using the effect reveals the card; co-op draws are already face up.
    verb = T("Reveal it and ", "公開して") if duel else T("", "")
    put, look = (T("put ", ""), T("look", "")) if duel else (T("Put ", ""), T("Look", ""))
    if card.rank == "2":
        options = [Option(key=c, label=verb + put + card_label(state.cards[c])
                          + T(" from your used pile on top of your deck", "を使用済デッキから出撃デッキの一番上へ"))
                   for c in distinct(state, side.used)]
    else:
        options = [Option(key=PEEK, label=verb + look + T(" at the top 2 cards of your deck (you may reorder them)",
                                                   "出撃デッキの上から2枚を見る(順番を入れ替えてよい)"))]
    return Prompt(id="effect", player=side.player, text=T("You drew ", "引いたカード:") + card_label(card)
                  + T(": ", ":") + effect_text(card.rank), options=[*options, keep])


def order_prompt(state: State) -> Prompt:
    side = state.sides[state.pending.colour]
    top, second = (card_label(state.cards[c]) for c in state.pending.peeked)
    return Prompt(id="order", player=side.player, text=T("4: put the two cards back in which order?",
                                                         "4の効果:2枚をどの順番で戻しますか?"), options=[
        Option(key=KEEP, label=T("Keep: ", "そのまま:") + top + T(" on top, then ", "が一番上、次に") + second, passes=True),
        Option(key=SWAP, label=T("Swap: ", "入れ替え:") + second + T(" on top, then ", "が一番上、次に") + top)])


def declare_prompt(state: State, item: str) -> Prompt:
    colour, what, *target = item.split(":")
    side = state.sides[colour]
    tens = sum(special_count(state, state.sides[o], "10") for o in opponents(state, colour))
    if what == "aces":
        count = special_count(state, side, ACE)
        options = []
        for high in range(count + 1):
            total = own_total(state, side, high)
            label = (T(f"A = {11 if high else 1}", f"A = {11 if high else 1}") if count == 1
                     else T(f"{high} of {count} A as 11", f"A{count}枚のうち{high}枚を11"))
            options.append(Option(key=f"a{high}", label=label + T(f" (cards total {total})", f"(合計{total})")))
        hint = T(f" The opposing 10s add +{2 * tens}.", f"相手の10で+{2 * tens}されます。") if tens else T("", "")
        return Prompt(id="aces", player=side.player, text=T("Showdown: declare your A.", "ショウダウン:Aの値を宣言してください。")
                      + hint, options=options)
    aim = state.sides[target[0]]
    count = special_count(state, side, "3")
    options = []
    for delta in range(-count, count + 1):
        label = (T("Leave ", "") + side_name(aim) + T("'s strength unchanged", "の《強さ》を変えない") if delta == 0
                 else T("Change ", "") + side_name(aim) + T(f"'s strength by {delta:+d}", f"の《強さ》を{delta:+d}"))
        options.append(Option(key=f"{delta:+d}" if delta else "0", label=label, passes=delta == 0))
    return Prompt(id="threes", player=side.player, text=T("Showdown: use your 3 on ", "ショウダウン:3の効果の対象 ")
                  + side_name(aim) + T(f" ({count} card(s), each −1, 0 or +1).", f"({count}枚、各−1・0・+1)。"),
                  options=options)


def remove_prompt(state: State, side: Side) -> Prompt:
    options = [Option(key=c, label=T("Remove ", "除外:") + card_label(state.cards[c]))
               for c in distinct(state, side.play)]
    return Prompt(id="remove", player=side.player, text=T("Cleanup: you took damage. Remove one of the cards you used "
                                                          "this round from the game.",
                                                          "お掃除フェイズ:ダメージを受けたので、今回使ったカードから1枚をゲームから除外してください。"),
                  options=options)
