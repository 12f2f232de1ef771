"""The decisions owed now, one function per step of the round procedure (`state.step`).

Prompts are frozen, so each one is built once per situation and shared: a random playout
or a search asks for the same few hundred prompts again and again.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from games.kit import Option, Prompt, T, opt
from games.kit.trusted import trusted_prompt
from games.kit.words import count

from . import flow
from .combos import bonus, next_links
from .data import CIVS, DICE, KINDS, REVOLUTION, civ_name, die_name, kind_name, load
from .state import State


def _distinct_cards(state: State, cards: list[str]) -> tuple[tuple[str, str], ...]:
    """(card id, kind) of one card per kind: copies are identical, so offering both would only
    repeat the option (the kit's `one_per_identical`, in one pass that keeps the kinds)."""
    kinds = state.cards
    seen: set[str] = set()
    out = []
    for c in cards:
        kind = kinds[c]
        if kind not in seen:
            seen.add(kind)
            out.append((c, kind))
    return tuple(out)


@cache
def _card_detail(kind: str) -> Any:
    if kind == REVOLUTION:
        return T("Counts as the card you declare (or undeclared: power 2, nullifies Explore).",
                 "宣言したカードとして機能する（宣言なしなら権力2、探索を無効化）。")
    k = next(k for k in load().kinds if k.key == kind)
    return T(f"Power: {k.power_en}", f"権力：{k.power_ja}")


_HAND_TEXTS = {
    "place": (T("Choose a card to place face down.", "伏せるカードを選んでください。"), T(" (face down)", "（伏せる）")),
    "discard": (T("Draw: discard 1 card face down.", "引き分け：1枚裏向きに捨ててください。"),
                T(" (discard face down)", "（裏向きに捨てる）")),
}


@lru_cache(maxsize=4096)
def _hand_prompt(pid: str, player: str, cards: tuple[tuple[str, str], ...]) -> Prompt:
    """`cards`: (card id, kind) of each distinct card in the hand."""
    # Hands rarely repeat across games (ids are dealt to kinds at random): built unvalidated.
    return trusted_prompt(pid, player, _HAND_TEXTS[pid][0], [_hand_option(pid, c, kind) for c, kind in cards])


@lru_cache(maxsize=4096)
def _hand_option(pid: str, card: str, kind: str) -> Option:
    return Option(key=card, label=kind_name(kind) + _HAND_TEXTS[pid][1], detail=_card_detail(kind))


@lru_cache(maxsize=64)
def _declare_prompt(player: str, undeclared: bool) -> Prompt:
    options = [Option(key=k, label=T("Declare ", "宣言：") + kind_name(k), detail=_card_detail(k)) for k in KINDS]
    if undeclared:
        options.append(opt("none", "Declare nothing (power 2, nullifies Explore)", "宣言しない（権力2、探索を無効化）"))
    return Prompt(id="declare", player=player, text=T("Revolution: declare which card it is (before the other card is shown).",
                                                      "革命：どのカードとして使うか宣言してください（相手の札はまだ見えません）。"),
                  options=options)


@lru_cache(maxsize=4096)
def _combo_prompt(player: str, n: int, civ: str | None, links: tuple[tuple[str, str, bool], ...]) -> Prompt:
    """`links`: (card id, kind, from the discard) of each card that continues the chain."""
    options = []
    for card, kind, from_discard in links:
        where = T(" from the discard", "（捨て札から）") if from_discard else T("", "")
        options.append(Option(key=card, label=T("Reveal ", "公開：") + kind_name(kind) + where,
                              detail=T(f"Combo of {n}: {count(bonus(n, civ), 'point')} in total.",
                                       f"{n}枚コンボ：合計{bonus(n, civ)}点。")))
    options.append(opt("stop", f"Stop the combo ({count(bonus(n - 1, civ), 'point')})", f"コンボを終える（{bonus(n - 1, civ)}点）",
                       passes=True) if n > 1 else opt("stop", "No combo", "コンボしない", passes=True))
    return Prompt(id="combo", player=player, text=T("Combo: reveal a connected card from your hand?",
                                                    "コンボ：繋がるカードを公開しますか？"), options=options,
                  window=T("combo", "コンボ"))


@lru_cache(maxsize=64)
def _yes_no_prompt(pid: str, player: str) -> Prompt:
    if pid == "china":
        return Prompt(id="china", player=player, text=T(
            "Permanent Revolution: take Revolution back into your hand (the opponent's card is discarded)?",
            "永久革命論：革命を手札に戻しますか？（相手の伏せ札は捨てられます）"),
            options=[opt("yes", "Take Revolution back", "革命を手札に戻す"),
                     opt("no", "Take the opponent's card as usual", "通常通り相手の札を得る", passes=True)])
    return Prompt(id="persia", player=player, text=T(
        "Achaemenid Empire: reset the cards?", "アケメネス王朝：カードをリセットしますか？"),
        options=[opt("yes", "Reset all cards", "リセットする"), opt("no", "Continue as usual", "通常通り続ける", passes=True)])


@lru_cache(maxsize=4096)
def _draw_prompt(player: str, face_up: tuple[tuple[str, str], ...]) -> Prompt:
    """`face_up`: (card id, kind) of each distinct face-up discard."""
    options = [opt("deck", "Draw from the deck", "山から1枚引く", passes=True)]
    for c, kind in face_up:
        options.append(Option(key=c, label=T("Take ", "捨て札から取る：") + kind_name(kind) + T(" from the discard", "")))
    return Prompt(id="draw", player=player, text=T("Borrowing: draw from the deck or take a face-up discard.",
                                                   "借用と応用：山から引くか、表向きの捨て札を1枚取ってください。"),
                  options=options)


@lru_cache(maxsize=4096)
def _reroll_prompt(player: str, values: tuple[int, ...], up_to: bool) -> Prompt:
    options = [Option(key=d, label=T("Reroll ", "振り直す：") + die_name(d) + T(f" (now {v})", f"（現在{v}）"))
               for d, v in zip(DICE, values, strict=True)]
    return Prompt(id="reroll", player=player, text=T(
        "Choose up to 2 dice to reroll." if up_to else "Choose 2 dice to reroll.",
        "振り直すダイスを2つまで選んでください。" if up_to else "振り直すダイスを2つ選んでください。"),
        options=options, min=0 if up_to else 2, max=2, public=True)  # the dice lie open


# ---- one function per step ---------------------------------------------------------

def _hand(state: State, player: str) -> tuple[tuple[str, str], ...]:
    return _distinct_cards(state, state.hands[player])


def civ_prompts(state: State) -> list[Prompt]:
    """Civilizations chosen in turn (the first chooser drawn at random); a taken one is gone."""
    return [_civ_prompt(state.civ_turn[0], frozenset(state.civs.values()))]


@lru_cache(maxsize=64)
def _civ_prompt(player: str, taken: frozenset[str]) -> Prompt:
    options = [Option(key=c, label=civ_name(c), detail=_civ_abilities(c)) for c in CIVS if c not in taken]
    return Prompt(id="civ", player=player, text=T("Choose your civilization.", "文明を選んでください。"), options=options)


@cache
def _civ_abilities(key: str) -> Any:
    civ = next(c for c in load().civilizations if c.key == key)
    return T(" / ".join(a.en for a in civ.abilities), " / ".join(a.ja for a in civ.abilities))


def place_prompts(state: State) -> list[Prompt]:
    """Both players place a card face down at the same time."""
    return [_hand_prompt("place", p, _hand(state, p)) for p in state.players if p not in state.placed]


def tie_discard_prompts(state: State) -> list[Prompt]:
    """ver.2 draw: both players discard a card face down at the same time."""
    return [_hand_prompt("discard", p, _hand(state, p)) for p in state.players if p not in state.tie_discards]


def declare_prompts(state: State) -> list[Prompt]:
    return [_declare_prompt(flow.revolution_player(state), state.options.revolution_undeclared)]


def combo_prompts(state: State) -> list[Prompt]:
    w = state.winner
    links = tuple(next_links(state, w))  # (card, kind, from_discard) named tuples
    return [_combo_prompt(w, len(state.chain) + 1, state.civs.get(w), links)]


def china_prompts(state: State) -> list[Prompt]:
    return [_yes_no_prompt("china", state.winner)]


def persia_prompts(state: State) -> list[Prompt]:
    return [_yes_no_prompt("persia", state.winner)]


def draw_prompts(state: State) -> list[Prompt]:
    face_up = [e.card for e in state.discard if e.face_up]
    return [_draw_prompt(state.draw_queue[0], _distinct_cards(state, face_up))]


def reroll_prompts(state: State) -> list[Prompt]:
    return [_reroll_prompt(state.winner, tuple(state.dice[d] for d in DICE), state.options.winner_reroll == "up_to_2")]


BY_STEP: dict[str, Callable[[State], list[Prompt]]] = {
    "civ": civ_prompts, "place": place_prompts, "tie_discard": tie_discard_prompts, "declare": declare_prompts,
    "combo": combo_prompts, "china": china_prompts, "persia": persia_prompts, "draw": draw_prompts,
    "reroll": reroll_prompts,
}


def prompts(state: State) -> list[Prompt]:
    """Every decision owed now; [] once the game is over."""
    if state.finished:
        return []
    by_step = BY_STEP.get(state.step)
    return by_step(state) if by_step else []
