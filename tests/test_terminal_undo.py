"""`u` in the terminal takes back the person's own last choice together with the answers the
terminal made for them after it (their only possible one, which it would make again at once):
the question they answered comes back, not a question nobody asked them."""
from __future__ import annotations

import io

import pytest
from pydantic import BaseModel

from bot.local import parse_args, play
from games import registry
from games.kit import BaseState, Event, Game, Option, Outcome, Prompt, Rng, T
from games.kit.game import plain_action_key, random_rollout

STEPS = (2, 1, 2)  # options at each step: a choice, a lone answer (not public), a choice


class LoneOptions(BaseModel):
    pass


class LoneState(BaseState):
    step: int = 0


class LoneGame(Game[LoneState]):
    """One player answers three questions; the second has one answer."""

    key = "lone"
    names = {"en": "Lone", "ja": "ひとり"}
    min_players = 1
    max_players = 1
    Options = LoneOptions
    State = LoneState
    rollout_choice = staticmethod(random_rollout)
    action_key = staticmethod(plain_action_key)

    def evaluate(self, state: LoneState, player: str) -> float:
        return 0.5

    def _setup(self, players: list[str], options: LoneOptions, rng: Rng) -> LoneState:
        return LoneState(game=self.key, players=players, seed=0, rng=rng)

    def prompts(self, state: LoneState) -> list[Prompt]:
        if state.step >= len(STEPS):
            return []
        return [Prompt(id=f"step{state.step}", player=state.players[0], text=T(f"Question {state.step}"),
                       options=[Option(key=f"o{i}", label=T(f"Answer {state.step}.{i}"))
                                for i in range(STEPS[state.step])])]

    def _apply(self, state: LoneState, prompt: Prompt, choice: list[str]) -> list[Event]:
        state.step += 1
        return [Event(kind="answer", text=T(f"Question {state.step - 1} answered."))]

    def view(self, state: LoneState, viewer: str | None) -> BaseModel:
        return LoneState.model_validate(state.model_dump())

    def outcome(self, state: LoneState) -> Outcome | None:
        if state.step < len(STEPS):
            return None
        return Outcome(winners=state.players, ranking=[state.players], summary=T("All answered."))

    def render(self, view: BaseModel, lang: str = "en") -> str:
        return f"Lone step {getattr(view, 'step', '?')}"

    def rules_summary(self, lang: str = "en") -> str:
        return "Answer every question."


GAME = LoneGame()


@pytest.fixture
def lone(monkeypatch):
    monkeypatch.setitem(registry._MODULES, "lone", __name__)
    monkeypatch.setattr(registry, "KEYS", (*registry.KEYS, "lone"))
    return registry.get("lone")


def test_u_takes_back_the_choice_and_the_lone_answer_after_it(lone):
    out = io.StringIO()
    typed = iter(["1", "u", "2", "1"])
    assert play(parse_args(["lone", "--seed", "1"]), ask=lambda _: next(typed), out=out) == 0
    text = out.getvalue()
    assert text.count("Only one choice, so it is made for you: Answer 1.0.") == 2
    assert text.count("[P1] Question 0") == 2 and text.count("You took back your last move.") == 1
    after_undo = text[text.index("You took back your last move."):]
    assert "[P1] Question 0" in after_undo and "[P1] Question 2" in after_undo
    assert after_undo.index("[P1] Question 0") < after_undo.index("Only one choice")
    assert text.strip().splitlines()[-1] == "Result: All answered."
