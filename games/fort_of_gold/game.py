"""The Fort of Gold game object: prompts from the current step, choices dispatched to the turn procedure."""
from __future__ import annotations

from functools import lru_cache

from games.kit import Event, Game, IllegalAction, Option, Outcome, Prompt, Rng, T, opt
from games.kit.game import plain_action_key
from games.kit.words import count

from . import evaluate as ai_hooks
from . import flow, plan
from .data import label, rules
from .options import Options
from .refusals import explain
from .resample import resample
from .rules import Move
from .state import State
from .turn import turn_prompt
from .view import FortView, all_ids, build_view, render, rules_summary, visible_ids

CONCEDE = opt("concede", "Concede (end the game as a loss)", "投了する（敗北としてゲームを終える）", group="concede")


@lru_cache(maxsize=1024)
def _return_prompt(player: str, tasks: tuple[str, ...]) -> Prompt:
    return Prompt(id="return", player=player, options=[
        Option(key=t, label=T("Put back ", "戻す：") + label(t)) for t in tasks], text=T(
        "Rotate treasures: choose the task treasure that goes face down under the treasure pile.",
        "宝物を回す：宝物の山の一番下に戻す課題の宝物を選んでください。"))


@lru_cache(maxsize=1024)
def _foresee_prompt(player: str, foresight: tuple[str, ...], pile_empty: bool) -> Prompt:
    return Prompt(id="foresee", player=player, options=_put_back_options(foresight, pile_empty), text=T(
        "Foresee: put the cards back one at a time; a card put on top goes above the ones put back before it.",
        "予見する：1枚ずつ戻してください。上に戻したカードは、先に戻したカードのさらに上になります。"))


def _put_back_options(foresight: tuple[str, ...], pile_empty: bool) -> list[Option]:
    options = []
    for c in foresight:
        if pile_empty:  # top and bottom of an empty pile are the same place
            options.append(Option(key=f"top:{c}", label=T("Return ", "戻す：") + label(c) + T(" to the empty pile", "（空の山へ）")))
            continue
        options.append(Option(key=f"top:{c}", label=T("On top: ", "一番上へ：") + label(c)))
        options.append(Option(key=f"bottom:{c}", label=T("To the bottom: ", "一番下へ：") + label(c)))
    return options


class FortOfGoldGame(Game[State, FortView]):
    key = "fort-of-gold"
    names = {"en": "The Fort of Gold", "ja": "金の砦"}
    # the rules summary's sentences that explain each decision (games/kit/guide.py)
    guide_words = {
        "turn": (("bring ", "祭壇に並べれば勝利"),),
        "return": (("With 2 tasks", "課題が2枚なら"),),
        "foresee": (("Foresee:", "予見する："), ("put each back", "マナの山の上から")),
    }
    # a turn: the goal, then the action it offers that a newcomer meets least often
    guide_answer_words = {
        "gain:": (("Gain a treasure:", "宝物を得る："), ("Glow of Life", "命の輝き（")),
        "rotate:": (("Rotate treasures:", "宝物を回す："),),
        "foresee:": (("Foresee:", "予見する："), ("put each back", "マナの山の上から")),
        "welcome:": (("Welcome mana:", "マナを迎える："),),
    }
    min_players = 1
    max_players = 1
    Options = Options
    State = State
    allows_random_seats = False  # a solo game: its one seat is the player

    # The computer players (kit/ai.py): the evaluation and rollout policy in evaluate.py.
    evaluate = staticmethod(ai_hooks.evaluate)
    rollout_choice = staticmethod(ai_hooks.rollout_choice)
    action_key = staticmethod(plain_action_key)
    rollout_depth = ai_hooks.ROLLOUT_DEPTH
    strong = staticmethod(plan.choose)  # the strong level: whole-game look-ahead, not the generic IS-MCTS

    def _setup(self, players: list[str], options: Options, rng: Rng) -> State:
        return flow.new_state(self.key, players[0], options, rng)

    # ---- prompts ---------------------------------------------------------------------
    def prompts(self, state: State) -> list[Prompt]:
        player = state.players[0]
        if state.step == "turn":
            return [turn_prompt(state, CONCEDE)]
        if state.step == "return":
            return [_return_prompt(player, tuple(state.tasks))]
        if state.step == "foresee":
            return [_foresee_prompt(player, tuple(state.foresight), not state.mana_pile)]
        return []

    # ---- applying a choice ----------------------------------------------------------------
    def _validate(self, state: State, player: str, prompt_id: str, choice: list[str],
                  prompts: list[Prompt] | None = None) -> Prompt:
        """As the kit's, but an action that would fail is refused with the reason (rule 7),
        on the public and the in-place path alike."""
        try:
            return super()._validate(state, player, prompt_id, choice, prompts)
        except IllegalAction as e:
            if e.code == "not_offered" and prompt_id == "turn" and len(choice) == 1:
                reason = explain(state, choice[0])
                if reason is not None:
                    raise IllegalAction("would_fail", T("That action would not succeed: ", "その行動は成功しません：")
                                        + reason) from None
            raise

    def _play(self, state: State, prompt: Prompt, choice: list[str], events: list[Event] | None) -> None:
        """The choice carried out; `events` None writes none (playouts and search)."""
        pick = choice[0]
        if prompt.id == "turn":
            if pick == "concede":
                flow.concede(state, events)
            else:
                flow.perform(state, Move.from_key(pick), events)  # an offered key: a legal move
        elif prompt.id == "return":
            flow.return_treasure(state, pick, events)
        elif prompt.id == "foresee":
            where, _, card = pick.partition(":")
            flow.place_foreseen(state, card, where, events)

    # ---- what the player sees ----------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> FortView:
        return build_view(state, viewer)

    # Every card (ids name the cards: no id -> card map), which of them each viewer sees, and
    # the one redealer of those they do not (kit/redeal.py); the kit derives hidden_ids.
    card_ids = staticmethod(all_ids)
    visible_ids = staticmethod(visible_ids)
    resample = staticmethod(resample)

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        player = state.players[0]
        on_altar = len(state.altar)
        detail = {"result": state.result, "treasures": on_altar, "turns": state.turn, "mana_left": len(state.mana_pile)}
        if state.result == "won":
            score = len(state.mana_pile)
            complete = score >= rules().complete_win_score
            detail["result"] = "complete_win" if complete else "win"
            summary = (T(f"Complete victory! {count(score, 'card')} left in the mana pile.",
                         f"完全勝利！マナの山の残り{score}枚。") if complete else
                       T(f"Victory with {count(score, 'card')} left in the mana pile (a complete victory needs "
                         f"{rules().complete_win_score}).",
                         f"勝利（マナの山の残り{score}枚。完全勝利には{rules().complete_win_score}枚必要）。"))
            return Outcome(winners=[player], ranking=[[player]], scores={player: float(score)},
                           summary=summary, detail=detail)
        summary = (T(f"Conceded on turn {state.turn} with {count(on_altar, 'treasure')} on the altar.",
                     f"手番{state.turn}で投了（祭壇の宝物{on_altar}枚）。") if state.result == "conceded" else
                   T(f"Defeat: no action could succeed on turn {state.turn} ({count(on_altar, 'treasure')} on the altar).",
                     f"敗北：手番{state.turn}に取れる行動がありませんでした（祭壇の宝物{on_altar}枚）。"))
        return Outcome(winners=[], ranking=[[player]], scores={player: 0.0}, summary=summary, detail=detail)

    def render(self, view: FortView, lang: str = "en") -> str:
        return render(view, lang)

    def rules_summary(self, lang: str = "en") -> str:
        return rules_summary(lang)


GAME = FortOfGoldGame()
