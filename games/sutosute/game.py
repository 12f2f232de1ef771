"""The Sutosute game object: prompts from the current step, choices dispatched to the round procedure."""
from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from games.kit import Event, Game, Option, Outcome, Prompt, Rng, T, one_per_identical, opt

from . import flow
from .combos import bonus, next_links
from .data import CIVS, DICE, KINDS, REVOLUTION, civ_name, die_name, kind_name, load
from .options import Options
from .resample import resample
from .state import State
from .view import SutosuteView, build_view, render, rules_summary, visible_ids


def _kind_label(kind: str) -> str:
    return kind_name(kind).en


def _distinct_cards(state: State, cards: list[str]) -> list[str]:
    """One card per kind: copies are identical, so offering both would only repeat the option."""
    return one_per_identical(cards, state.cards.__getitem__)


@cache
def _card_detail(kind: str) -> Any:
    if kind == REVOLUTION:
        return T("Counts as the card you declare (or undeclared: power 2, nullifies Explore).",
                 "宣言したカードとして機能する（宣言なしなら権力2、探索を無効化）。")
    k = next(k for k in load().kinds if k.key == kind)
    return T(f"Power: {k.power_en}", f"権力:{k.power_ja}")


# Prompts are frozen, so each one is built once per situation and shared: a random playout
# or a search asks for the same few hundred prompts again and again.
_HAND_TEXTS = {
    "place": (T("Choose a card to place face down.", "伏せるカードを選んでください。"), T(" (face down)", "（伏せる）")),
    "discard": (T("Draw: discard 1 card face down.", "引き分け:1枚裏向きに捨ててください。"),
                T(" (discard face down)", "（裏向きに捨てる）")),
}


def _hand_prompt(pid: str, player: str, cards: tuple[tuple[str, str], ...]) -> Prompt:
    """`cards`: (card id, kind) of each distinct card in the hand."""
    return Prompt(id=pid, player=player, text=_HAND_TEXTS[pid][0], options=[_hand_option(pid, c, kind) for c, kind in cards])


@lru_cache(maxsize=4096)
def _hand_option(pid: str, card: str, kind: str) -> Option:
    return Option(key=card, label=kind_name(kind) + _HAND_TEXTS[pid][1], detail=_card_detail(kind))


@lru_cache(maxsize=64)
def _declare_prompt(player: str, undeclared: bool) -> Prompt:
    options = [Option(key=k, label=T("Declare ", "宣言:") + kind_name(k), detail=_card_detail(k)) for k in KINDS]
    if undeclared:
        options.append(opt("none", "Declare nothing (power 2, nullifies Explore)", "宣言しない（権力2、探索を無効化）"))
    return Prompt(id="declare", player=player, text=T("Revolution: declare which card it is (before the other card is shown).",
                                                      "革命:どのカードとして使うか宣言してください(相手の札はまだ見えません)。"),
                  options=options)


@lru_cache(maxsize=4096)
def _combo_prompt(player: str, n: int, civ: str | None, links: tuple[tuple[str, str, bool], ...]) -> Prompt:
    """`links`: (card id, kind, from the discard) of each card that continues the chain."""
    options = []
    for card, kind, from_discard in links:
        where = T(" from the discard", "(捨て札から)") if from_discard else T("", "")
        options.append(Option(key=card, label=T("Reveal ", "公開:") + kind_name(kind) + where,
                              detail=T(f"Combo of {n}: {bonus(n, civ)} points in total.",
                                       f"{n}枚コンボ:合計{bonus(n, civ)}点。")))
    options.append(opt("stop", f"Stop the combo ({bonus(n - 1, civ)} points)", f"コンボを終える({bonus(n - 1, civ)}点)",
                       passes=True) if n > 1 else opt("stop", "No combo", "コンボしない", passes=True))
    return Prompt(id="combo", player=player, text=T("Combo: reveal a connected card from your hand?",
                                                    "コンボ:繋がるカードを公開しますか?"), options=options,
                  window=T("combo", "コンボ"))


@lru_cache(maxsize=64)
def _yes_no_prompt(pid: str, player: str) -> Prompt:
    if pid == "china":
        return Prompt(id="china", player=player, text=T(
            "Permanent Revolution: take Revolution back into your hand (the opponent's card is discarded)?",
            "永久革命論:革命を手札に戻しますか?(相手の伏せ札は捨てられます)"),
            options=[opt("yes", "Take Revolution back", "革命を手札に戻す"),
                     opt("no", "Take the opponent's card as usual", "通常通り相手の札を得る", passes=True)])
    return Prompt(id="persia", player=player, text=T(
        "Achaemenid Empire: reset the cards?", "アケメネス王朝:カードをリセットしますか?"),
        options=[opt("yes", "Reset all cards", "リセットする"), opt("no", "Continue as usual", "通常通り続ける", passes=True)])


@lru_cache(maxsize=4096)
def _draw_prompt(player: str, face_up: tuple[tuple[str, str], ...]) -> Prompt:
    """`face_up`: (card id, kind) of each distinct face-up discard."""
    options = [opt("deck", "Draw from the deck", "山から1枚引く", passes=True)]
    for c, kind in face_up:
        options.append(Option(key=c, label=T("Take ", "捨て札から取る:") + kind_name(kind) + T(" from the discard", "")))
    return Prompt(id="draw", player=player, text=T("Borrowing: draw from the deck or take a face-up discard.",
                                                   "借用と応用:山から引くか、表向きの捨て札を1枚取ってください。"),
                  options=options)


@lru_cache(maxsize=4096)
def _reroll_prompt(player: str, values: tuple[int, ...], up_to: bool) -> Prompt:
    options = [Option(key=d, label=T("Reroll ", "振り直す:") + die_name(d) + T(f" (now {v})", f"（現在{v}）"))
               for d, v in zip(DICE, values, strict=True)]
    return Prompt(id="reroll", player=player, text=T(
        "Choose up to 2 dice to reroll." if up_to else "Choose 2 dice to reroll.",
        "振り直すダイスを2つまで選んでください。" if up_to else "振り直すダイスを2つ選んでください。"),
        options=options, min=0 if up_to else 2, max=2)


class SutosuteGame(Game[State, SutosuteView]):
    key = "sutosute"
    names = {"en": "Sutosute card game", "ja": "すとすてカードゲーム"}
    min_players = 2
    max_players = 2
    Options = Options
    State = State

    # ---- setup ----------------------------------------------------------------
    def _setup(self, players: list[str], options: Options, rng: Rng) -> State:
        return flow.new_state(self.key, players, options, rng)

    # ---- prompts ----------------------------------------------------------------
    def prompts(self, state: State) -> list[Prompt]:
        step = state.step
        if state.finished:
            return []
        if step == "civ":
            p = state.civ_turn[0]
            taken = set(state.civs.values())
            options = [Option(key=c, label=civ_name(c), detail=T(
                " / ".join(a.en for a in self._civ(c).abilities), " / ".join(a.ja for a in self._civ(c).abilities)))
                for c in CIVS if c not in taken]
            return [Prompt(id="civ", player=p, text=T("Choose your civilization.", "文明を選んでください。"),
                           options=options)]
        if step == "place":
            return [_hand_prompt("place", p, self._hand(state, p)) for p in state.players if p not in state.placed]
        if step == "tie_discard":
            return [_hand_prompt("discard", p, self._hand(state, p)) for p in state.players if p not in state.tie_discards]
        if step == "declare":
            return [_declare_prompt(flow.revolution_player(state), state.options.revolution_undeclared)]
        if step == "combo":
            w = state.winner
            links = tuple((link.card, link.kind, link.from_discard) for link in next_links(state, w))
            return [_combo_prompt(w, len(state.chain) + 1, state.civs.get(w), links)]
        if step == "china":
            return [_yes_no_prompt("china", state.winner)]
        if step == "persia":
            return [_yes_no_prompt("persia", state.winner)]
        if step == "draw":
            face_up = [e.card for e in state.discard if e.face_up]
            return [_draw_prompt(state.draw_queue[0],
                                 tuple((c, state.cards[c]) for c in _distinct_cards(state, face_up)))]
        if step == "reroll":
            return [_reroll_prompt(state.winner, tuple(state.dice[d] for d in DICE),
                                   state.options.winner_reroll == "up_to_2")]
        return []

    @staticmethod
    def _hand(state: State, player: str) -> tuple[tuple[str, str], ...]:
        return tuple((c, state.cards[c]) for c in _distinct_cards(state, state.hands[player]))

    @staticmethod
    def _civ(key: str):
        return next(c for c in load().civilizations if c.key == key)

    # ---- applying a choice --------------------------------------------------------
    def _apply(self, state: State, prompt: Prompt, choice: list[str]) -> list[Event]:
        events: list[Event] = []
        p = prompt.player
        pick = choice[0] if choice else ""
        if prompt.id == "civ":
            flow.pick_civ(state, p, pick, events)
        elif prompt.id == "place":
            flow.place(state, p, pick, events)
        elif prompt.id == "declare":
            flow.declare(state, pick, events)
        elif prompt.id == "combo":
            if pick == "stop":
                flow.end_combo(state, events)
            else:
                flow.add_combo(state, pick, events)
        elif prompt.id == "china":
            state.china_return = pick == "yes"
            flow.transfer(state, events)
        elif prompt.id == "persia":
            flow.persia_reset(state, pick == "yes", events)
        elif prompt.id == "draw":
            flow.rome_draw(state, p, pick, events)
        elif prompt.id == "discard":
            flow.tie_discard(state, p, pick, events)
        elif prompt.id == "reroll":
            flow.reroll(state, choice, events)
        return events

    # ---- what players see -------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> SutosuteView:
        return build_view(state, viewer, self.current_players(state))

    # Which cards each viewer sees, and the one redealer of those they do not (kit/redeal.py);
    # the kit derives hidden_ids from the first.
    visible_ids = staticmethod(visible_ids)
    resample = staticmethod(resample)

    def outcome(self, state: State) -> Outcome | None:
        if not state.finished:
            return None
        a, b = state.players
        scores = {p: float(state.scores[p]) for p in state.players}
        leader = flow.leader(state)
        if leader is None:
            return Outcome(winners=[], ranking=[[a, b]], scores=scores,
                           summary=T("A tie at the round limit.", "ラウンド上限で引き分け。"),
                           detail={"end": state.end_reason, "rounds": state.round})
        loser = flow.other(state, leader)
        why = T(" at the round limit", "(ラウンド上限)") if state.end_reason == "round_limit" else T("", "")
        return Outcome(winners=[leader], ranking=[[leader], [loser]], scores=scores,
                       summary=T(f"{leader} wins {state.scores[leader]}–{state.scores[loser]}",
                                 f"{leader}の勝利 {state.scores[leader]}対{state.scores[loser]}") + why,
                       detail={"end": state.end_reason, "rounds": state.round})

    def render(self, view: SutosuteView, lang: str = "en") -> str:
        return render(view, lang)

    def rules_summary(self, lang: str = "en") -> str:
        return rules_summary(lang)


GAME = SutosuteGame()
