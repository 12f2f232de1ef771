"""A tiny two-player game whose only purpose is to ask every shape of question the Discord
controls must handle: one of 60 options (paging), an ordered pick of 3 (draft), 2–4 of 30
(draft past 25), an optional pick (None button) and 1–3 of 10 (multi-select).

Its one option (`mode`: every question, or only the first two) carries its own words, as a
real game's do: the front ends show them without a word about the toy anywhere in `bot/`.
The player who answers the last question wins."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.kit import BaseState, Event, Game, Option, Outcome, Prompt, Rng, T
from games.kit.game import plain_action_key, random_rollout
from games.kit.options_words import Words

STEPS = [  # (who: 0/1, options, min, max, ordered)
    (0, 60, 1, 1, False),
    (1, 8, 3, 3, True),
    (0, 30, 2, 4, False),
    (1, 3, 0, 1, False),
    (0, 10, 1, 3, False),
]


SHORT = 2  # questions in the short mode


class ToyOptions(BaseModel):
    mode: Annotated[Literal["auto", "short"], Words(
        T("Questions", "質問"), mode=True,
        help=T("How many of the toy's questions are asked; whoever answers the last one wins.",
               "いくつ質問するか。最後の質問に答えた人の勝ち。"),
        values={"auto": T("all five, one of each shape", "全5問（形ごとに1問）"),
                "short": T("only the first two", "最初の2問だけ")})] = "auto"


class ToyState(BaseState):
    questions: int = len(STEPS)
    step: int = 0
    answers: list[list[str]] = Field(default_factory=list)


class ToyView(BaseModel):
    step: int
    answers: list[list[str]]


class ToyGame(Game[ToyState]):
    key = "toy"
    names = {"en": "Toy", "ja": "おもちゃ"}
    min_players = 2
    max_players = 2
    Options = ToyOptions
    State = ToyState

    # the computer players' hooks (a toy seat of a person handed to the computer plays at random)
    rollout_choice = staticmethod(random_rollout)
    action_key = staticmethod(plain_action_key)

    def evaluate(self, state: ToyState, player: str) -> float:
        """No position is better than another in the toy: every answer scores the same."""
        return 0.5

    def _setup(self, players: list[str], options: ToyOptions, rng: Rng) -> ToyState:
        return ToyState(game=self.key, players=players, seed=0, rng=rng,
                        questions=SHORT if options.mode == "short" else len(STEPS))

    def prompts(self, state: ToyState) -> list[Prompt]:
        if state.step >= state.questions:
            return []
        who, n, low, high, ordered = STEPS[state.step]
        options = [Option(key=f"s{state.step}o{i}", label=T(f"Choice {i}", f"選択{i}")) for i in range(n)]
        return [Prompt(id=f"step{state.step}", player=state.players[who], text=T(f"Step {state.step}"),
                       options=options, min=low, max=high, ordered=ordered)]

    def _apply(self, state: ToyState, prompt: Prompt, choice: list[str]) -> list[Event]:
        state.answers.append(list(choice))
        state.step += 1
        return [Event(kind="answer", text=T(f"Step {state.step - 1} answered."))]

    def view(self, state: ToyState, viewer: str | None) -> ToyView:
        return ToyView(step=state.step, answers=state.answers)

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.step < state.questions:
            return None
        who = STEPS[state.questions - 1][0]
        winner, loser = state.players[who], state.players[1 - who]
        return Outcome(winners=[winner], ranking=[[winner], [loser]],
                       summary=T(f"The {('first', 'second')[who]} player wins.", f"{('先手', '後手')[who]}の勝ち。"))

    def render(self, view: ToyView, lang: str = "en") -> str:
        return f"Toy step {view.step}"

    def rules_summary(self, lang: str = "en") -> str:
        return "Answer every question."


GAME = ToyGame()
