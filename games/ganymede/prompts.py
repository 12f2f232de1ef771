"""The decisions owed now, built from `state.step`; every option offered is legal and leads on."""
from __future__ import annotations

from functools import cache, lru_cache

from games.kit import Option, Prompt, T, Text, opt, words
from games.kit.trusted import trusted_prompt

from .data import ACE, EFFECT_RANKS, load
from .effects import KEEP, PEEK, SWAP, distinct
from .order import opponents
from .piles import side_label
from .rules import DRAW_LIMIT, MAX_DRAWS, card_label, draw_total, face_label, own_total, special_count
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
    cards, counts = state.cards, dict.fromkeys(EFFECT_RANKS, 0)
    for c in state.supply:  # one pass over the supply, not one per rank
        rank = cards[c].rank
        if rank in counts:
            counts[rank] += 1
    return _supply_prompt(side.player, step, tuple(counts.values()))


@lru_cache(maxsize=4096)
def _supply_prompt(player: str, step: str, counts: tuple[int, ...]) -> Prompt:
    """Built once per player, step and supply (prompts are frozen, so shared)."""
    options = [_supply_option(rank, left) for rank, left in zip(EFFECT_RANKS, counts, strict=True) if left]
    if step == "setup":
        text = T("Setup: take one black card into your deck.", "準備：黒カードを1枚選んで出撃デッキに加えてください。")
        pid = "setup_black"
    else:
        text = T("Reinforcement: take one black card into your used pile.",
                 "増援フェイズ：黒カードを1枚選んで使用済デッキに加えてください。")
        pid = "reinforce"
    return Prompt(id=pid, player=player, text=text, options=options, public=True)  # the supply is open


@lru_cache(maxsize=256)
def _supply_option(rank: str, left: int) -> Option:
    return Option(key=rank, label=T(f"Black {rank} ({left} left)", f"黒{rank}（残り{left}枚）"), detail=effect_text(rank))


def draw_prompt(state: State, side: Side) -> Prompt:
    """Draw or stop. In the duel the window stays open after each face-down draw even when
    no more draws are allowed (one click, "Done"), and a face-down 2 or 4 just drawn offers its
    effect here (so whom the board waits for never depends on a face-down card)."""
    total = draw_total(state, side)
    can_draw = side.draws < MAX_DRAWS and total <= DRAW_LIMIT and bool(side.deck or side.used)  # can_draw_more
    plain = _draw_prompt(side.player, total, side.draws, state.options.mode == "duel", can_draw)
    if state.pending is None or state.pending.colour != side.colour:
        return plain
    card = state.cards[state.pending.card]
    text = plain.text + T(" You drew ", " 引いたカード：") + card_label(card) + T(": ", "：") + effect_text(card.rank)
    options = [*plain.options[:-1], *effect_options(state), plain.options[-1]]
    if plain.options[-1].label.en == "Done":
        options[-1] = Option(key="stop", label=T("Stop drawing", "引くのをやめる"), passes=True)
    return plain.model_copy(update={"text": text, "options": options})


@lru_cache(maxsize=4096)
def _draw_prompt(player: str, total: int, draws: int, face_down: bool, can_draw: bool) -> Prompt:
    options = []
    if can_draw:
        text = T(f"Draw phase: your cards total {total} ({draws} of {MAX_DRAWS} drawn; over 21 stops you). "
                 "Draw another card?",
                 f"ドローフェイズ：合計{total}（{draws}/{MAX_DRAWS}枚引いた。21を超えたら引けません）。もう1枚引きますか？")
        options.append(opt("draw", "Draw a card face down" if face_down else "Draw a card",
                           "裏向きで1枚引く" if face_down else "1枚引く"))
        options.append(Option(key="stop", label=T("Stop drawing", "引くのをやめる"), passes=True))
    else:
        text = T(f"Draw phase: your cards total {total} ({draws} of {MAX_DRAWS} drawn); you cannot draw more.",
                 f"ドローフェイズ：合計{total}（{draws}/{MAX_DRAWS}枚引いた）。これ以上は引けません。")
        options.append(Option(key="stop", label=T("Done", "終わる"), passes=True))
    return Prompt(id="draw", player=player, text=text, options=options, window=T("draw phase", "ドローフェイズ"))


def effect_prompt(state: State) -> Prompt:
    """Co-op and three players: use the face-up 2 or 4 just drawn, or not."""
    pending = state.pending
    side = state.sides[pending.colour]
    card = state.cards[pending.card]
    keep = Option(key=KEEP, label=T("Don't use the effect", "効果を使わない"), passes=True)
    return Prompt(id="effect", player=side.player, text=T("You drew ", "引いたカード：") + card_label(card)
                  + T(": ", "：") + effect_text(card.rank), options=[*effect_options(state), keep])


def effect_options(state: State) -> list[Option]:
    """The ways to use the pending 2 or 4 (a duel's face-down one is revealed by using it)."""
    pending = state.pending
    side = state.sides[pending.colour]
    card = state.cards[pending.card]
    duel = state.options.mode == "duel"
    # Duel draws are face down, so using the effect reveals the card; co-op draws are already face up.
    verb = T("Reveal it and ", "公開して") if duel else T("", "")
    put, look = (T("put ", ""), T("look", "")) if duel else (T("Put ", ""), T("Look", ""))
    if card.rank == "2":
        options = [Option(key=c, label=verb + put + card_label(state.cards[c])
                          + T(" from your used pile on top of your deck", "を使用済デッキから出撃デッキの一番上へ"))
                   for c in distinct(state, side.used)]
    else:
        options = [Option(key=PEEK, label=verb + look + T(" at the top 2 cards of your deck (you may reorder them)",
                                                   "出撃デッキの上から2枚を見る（順番を入れ替えてよい）"))]
    return options


def order_prompt(state: State) -> Prompt:
    side = state.sides[state.pending.colour]
    top, second = (card_label(state.cards[c]) for c in state.pending.peeked)
    return Prompt(id="order", player=side.player, text=T("4: put the two cards back in which order?",
                                                         "4の効果：2枚をどの順番で戻しますか？"), options=[
        Option(key=KEEP, label=T("Keep: ", "そのまま：") + top + T(" on top, then ", "が一番上、次に") + second, passes=True),
        Option(key=SWAP, label=T("Swap: ", "入れ替え：") + second + T(" on top, then ", "が一番上、次に") + top)])


def declare_prompt(state: State, item: str) -> Prompt:
    colour, what, *target = item.split(":")
    side = state.sides[colour]
    if what == "aces":
        tens = sum(special_count(state, state.sides[o], "10") for o in opponents(state, colour))
        return _aces_prompt(side.player, special_count(state, side, ACE), own_total(state, side, 0), tens)
    aim = state.sides[target[0]]
    return _threes_prompt(side.player, aim.player, aim.colour, special_count(state, side, "3"))


@lru_cache(maxsize=1024)
def _aces_prompt(player: str, count: int, low_total: int, tens: int) -> Prompt:
    """`low_total`: the cards' total with every A as 1."""
    options = []
    for high in range(count + 1):
        total = low_total + 10 * high
        label = (T(f"A = {11 if high else 1}", f"A = {11 if high else 1}") if count == 1
                 else T(f"{high} of {count} A as 11", f"A{count}枚のうち{high}枚を11"))
        options.append(Option(key=f"a{high}", label=label + T(f" (cards total {total})", f"（合計{total}）")))
    hint = T(f" The opposing 10s add +{2 * tens}.", f"相手の10で+{2 * tens}されます。") if tens else T("", "")
    return Prompt(id="aces", player=player, text=T("Showdown: declare your A.", "ショウダウン：Aの値を宣言してください。")
                  + hint, options=options)


@lru_cache(maxsize=1024)
def _threes_prompt(player: str, aim_player: str | None, aim_colour: str, count: int) -> Prompt:
    aim = side_label(aim_player, aim_colour)
    options = []
    for delta in range(-count, count + 1):
        label = (T("Leave ", "") + aim + T("'s strength unchanged", "の《強さ》を変えない") if delta == 0
                 else T("Change ", "") + aim + T(f"'s strength by {delta:+d}", f"の《強さ》を{delta:+d}"))
        options.append(Option(key=f"{delta:+d}" if delta else "0", label=label, passes=delta == 0))
    return Prompt(id="threes", player=player, text=T("Showdown: use your 3 on ", "ショウダウン：3の効果の対象は")
                  + aim + T(f" ({words.count(count, 'card')}, each −1, 0 or +1).", f"（{count}枚、各−1・0・+1）。"),
                  options=options)


def remove_prompt(state: State, side: Side) -> Prompt:
    """One option per face used this round (the first card of each, as `effects.distinct` picks)."""
    cards, seen, faces = state.cards, set(), []
    for c in side.play:
        card = cards[c]
        face = (card.colour, card.rank)
        if face not in seen:
            seen.add(face)
            faces.append((c, *face))
    return _remove_prompt(side.player, tuple(faces))


@lru_cache(maxsize=4096)
def _remove_prompt(player: str, cards: tuple[tuple[str, str, str], ...]) -> Prompt:
    """`cards`: (card id, colour, rank) of each distinct card used this round."""
    # Ids differ from game to game, so this prompt is mostly new: its options are shared and
    # it is assembled without a validation pass (kit/trusted.py).
    return trusted_prompt("remove", player, _REMOVE_TEXT, [_remove_option(*card) for card in cards],
                          public=True)  # the cards used this round lie face up


_REMOVE_TEXT = T("Cleanup: you took damage. Remove one of the cards you used this round from the game.",
                 "お掃除フェイズ：ダメージを受けたので、今回使ったカードから1枚をゲームから除外してください。")


@lru_cache(maxsize=4096)
def _remove_option(card: str, colour: str, rank: str) -> Option:
    return Option(key=card, label=T("Remove ", "除外：") + face_label(colour, rank))
