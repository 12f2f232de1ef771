"""The Sutosute game object: prompts from the current step, choices dispatched to the round procedure."""
from __future__ import annotations

from typing import Any

from games.kit import Event, Game, Option, Outcome, Prompt, Rng, T, opt

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
    seen: set[str] = set()
    out = []
    for c in cards:
        if state.cards[c] not in seen:
            seen.add(state.cards[c])
            out.append(c)
    return out


def _card_detail(kind: str) -> Any:
    if kind == REVOLUTION:
        return T("Counts as the card you declare (or undeclared: power 2, nullifies Explore).",
                 "宣言したカードとして機能する(宣言なしなら権力2、探索を無効化)。")
    k = next(k for k in load().kinds if k.key == kind)
    return T(f"Power: {k.power_en}", f"権力:{k.power_ja}")


class SutosuteGame(Game[State]):
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
            return [self._hand_prompt(state, p, "place", T("Choose a card to place face down.", "伏せるカードを選んでください。"),
                                      T(" (face down)", "（伏せる）"))
                    for p in state.players if p not in state.placed]
        if step == "tie_discard":
            return [self._hand_prompt(state, p, "discard", T("Draw: discard 1 card face down.", "引き分け:1枚裏向きに捨ててください。"),
                                      T(" (discard face down)", "（裏向きに捨てる）"))
                    for p in state.players if p not in state.tie_discards]
        if step == "declare":
            p = flow.revolution_player(state)
            options = [Option(key=k, label=T("Declare ", "宣言:") + kind_name(k), detail=_card_detail(k)) for k in KINDS]
            if state.options.revolution_undeclared:
                options.append(opt("none", "Declare nothing (power 2, nullifies Explore)", "宣言しない(権力2、探索を無効化)"))
            return [Prompt(id="declare", player=p, text=T("Revolution: declare which card it is (before the other card is shown).",
                                                          "革命:どのカードとして使うか宣言してください(相手の札はまだ見えません)。"),
                           options=options)]
        if step == "combo":
            w = state.winner
            n = len(state.chain) + 1
            civ = state.civs.get(w)
            options = []
            for link in next_links(state, w):
                where = T(" from the discard", "(捨て札から)") if link.from_discard else T("", "")
                options.append(Option(key=link.card, label=T("Reveal ", "公開:") + kind_name(link.kind) + where,
                                      detail=T(f"Combo of {n}: {bonus(n, civ)} points in total.",
                                               f"{n}枚コンボ:合計{bonus(n, civ)}点。")))
            options.append(opt("stop", f"Stop the combo ({bonus(n - 1, civ)} points)", f"コンボを終える({bonus(n - 1, civ)}点)",
                               passes=True) if n > 1 else opt("stop", "No combo", "コンボしない", passes=True))
            return [Prompt(id="combo", player=w, text=T("Combo: reveal a connected card from your hand?",
                                                        "コンボ:繋がるカードを公開しますか?"), options=options,
                           window=T("combo", "コンボ"))]
        if step == "china":
            return [Prompt(id="china", player=state.winner, text=T(
                "Permanent Revolution: take Revolution back into your hand (the opponent's card is discarded)?",
                "永久革命論:革命を手札に戻しますか?(相手の伏せ札は捨てられます)"),
                options=[opt("yes", "Take Revolution back", "革命を手札に戻す"), opt("no", "Take the opponent's card as usual", "通常通り相手の札を得る", passes=True)])]
        if step == "persia":
            return [Prompt(id="persia", player=state.winner, text=T(
                "Achaemenid Empire: reset the cards?", "アケメネス王朝:カードをリセットしますか?"),
                options=[opt("yes", "Reset all cards", "リセットする"), opt("no", "Continue as usual", "通常通り続ける", passes=True)])]
        if step == "draw":
            p = state.draw_queue[0]
            options = [opt("deck", "Draw from the deck", "山から1枚引く", passes=True)]
            face_up = [e.card for e in state.discard if e.face_up]
            for c in _distinct_cards(state, face_up):
                options.append(Option(key=c, label=T("Take ", "捨て札から取る:") + kind_name(state.cards[c])
                                      + T(" from the discard", "")))
            return [Prompt(id="draw", player=p, text=T("Borrowing: draw from the deck or take a face-up discard.",
                                                       "借用と応用:山から引くか、表向きの捨て札を1枚取ってください。"),
                           options=options)]
        if step == "reroll":
            up_to = state.options.winner_reroll == "up_to_2"
            options = [Option(key=d, label=T("Reroll ", "振り直す:") + die_name(d) + T(f" (now {state.dice[d]})", f"(現在{state.dice[d]})"))
                       for d in DICE]
            return [Prompt(id="reroll", player=state.winner, text=T(
                "Choose up to 2 dice to reroll." if up_to else "Choose 2 dice to reroll.",
                "振り直すダイスを2つまで選んでください。" if up_to else "振り直すダイスを2つ選んでください。"),
                options=options, min=0 if up_to else 2, max=2)]
        return []

    def _hand_prompt(self, state: State, player: str, pid: str, text, suffix) -> Prompt:
        cards = _distinct_cards(state, state.hands[player])
        return Prompt(id=pid, player=player, text=text,
                      options=[Option(key=c, label=kind_name(state.cards[c]) + suffix, detail=_card_detail(state.cards[c]))
                               for c in cards])

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

    def resample(self, state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
        return resample(state, viewer, rng, keep)

    def hidden_ids(self, state: State, viewer: str | None) -> set[str]:
        return set(state.cards) - visible_ids(state, viewer)

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
