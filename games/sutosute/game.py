"""The Sutosute game object: prompts (prompts.py) from the current step, choices dispatched to the
round procedure (flow.py)."""
from __future__ import annotations

from games.kit import Game, Outcome, Prompt, Rng, T

from . import evaluate as ai_hooks
from . import flow
from .deck import EventList
from .options import Options
from .prompts import prompts as open_prompts
from .render import render, rules_summary
from .resample import resample
from .state import State
from .view import SutosuteView, build_view, visible_ids


class SutosuteGame(Game[State, SutosuteView]):
    key = "sutosute"
    names = {"en": "Sutosute card game", "ja": "すとすてカードゲーム"}
    # the rules summary's sentences that explain each decision (games/kit/guide.py)
    guide_words = {
        "place": (("place a card face down", "同時に伏せて"), ("Three shared dice", "ダイス3個")),
        "combo": (("(a combo)", "コンボにでき"),),
        "reroll": (("rerolls 2 dice", "ダイス2つを振り直し"),),
        "declare": (("Revolution counts as", "革命カード"),),
    }
    min_players = 2
    max_players = 2
    Options = Options
    State = State

    # The computer players (kit/ai.py): the evaluation, rollout policy and action key (card kinds) in evaluate.py.
    evaluate = staticmethod(ai_hooks.evaluate)
    rollout_choice = staticmethod(ai_hooks.rollout_choice)
    action_key = staticmethod(ai_hooks.action_key)
    rollout_depth = ai_hooks.ROLLOUT_DEPTH

    # ---- setup ----------------------------------------------------------------
    def _setup(self, players: list[str], options: Options, rng: Rng) -> State:
        return flow.new_state(self.key, players, options, rng)

    # ---- prompts ----------------------------------------------------------------
    def prompts(self, state: State) -> list[Prompt]:
        return open_prompts(state)

    # ---- applying a choice --------------------------------------------------------
    def _play(self, state: State, prompt: Prompt, choice: list[str], events: EventList) -> None:
        """The choice handed to the step of the round procedure that asked for it."""
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
        why = T(" at the round limit", "（ラウンド上限）") if state.end_reason == "round_limit" else T("", "")
        return Outcome(winners=[leader], ranking=[[leader], [loser]], scores=scores,
                       summary=T(f"{leader} wins {state.scores[leader]}–{state.scores[loser]}",
                                 f"{leader}の勝利 {state.scores[leader]}対{state.scores[loser]}") + why,
                       detail={"end": state.end_reason, "rounds": state.round})

    def render(self, view: SutosuteView, lang: str = "en") -> str:
        return render(view, lang)

    def describe(self, view: SutosuteView, lang: str = "en") -> str:
        """The text board without its closing "Waiting for" (the alt text opens with it)."""
        text = render(view, lang)
        return text.rsplit("\n", 1)[0] if view.waiting_for and not view.finished else text

    def rules_summary(self, lang: str = "en") -> str:
        return rules_summary(lang)


GAME = SutosuteGame()
