"""A small two-player game that asks every shape of question an agent must answer: two open
prompts for one player at once, simultaneous prompts of both players, a 0–2 subset, an
ordered pick of 3 and chance (a die) between rounds. Points decide; higher total wins."""
from __future__ import annotations

from pydantic import BaseModel, Field

from games.kit import BaseState, Event, Game, Option, Outcome, Prompt, Rng, T
from games.kit.game import plain_action_key, random_rollout

ROUNDS = 2
TOKENS = {"t1": 1, "t2": 2, "t3": 3, "t4": 4}
ORDER = {"a": 1, "b": 2, "c": 3}


class DiceState(BaseState):
    round: int = 0
    step: str = "pick"
    answered: dict[str, list[str]] = Field(default_factory=dict)  # player -> prompt ids answered this round
    scores: dict[str, int] = Field(default_factory=dict)
    die: int = 0


class DiceView(BaseModel):
    round: int
    scores: dict[str, int]


class DiceGame(Game[DiceState]):
    key = "toy-dice"
    names = {"en": "Dice", "ja": "ダイス"}
    min_players = 2
    max_players = 2
    State = DiceState
    rollout_choice = staticmethod(random_rollout)
    action_key = staticmethod(plain_action_key)

    def evaluate(self, state: DiceState, player: str) -> float:
        """The seat's share of the points so far."""
        total = sum(state.scores.values())
        return state.scores[player] / total if total else 0.5

    def _setup(self, players: list[str], options, rng: Rng) -> DiceState:
        return DiceState(game=self.key, players=players, seed=rng.seed, rng=rng,
                         answered={p: [] for p in players}, scores={p: 0 for p in players})

    def prompts(self, state: DiceState) -> list[Prompt]:
        if state.round >= ROUNDS:
            return []
        if state.step == "order":
            p = state.players[state.round % 2]
            return [Prompt(id="order", player=p, text=T("Order a, b, c (the first counts 10 times, the second 3)."), ordered=True,
                           min=3, max=3, options=[Option(key=k, label=T(k)) for k in ORDER])]
        out = []
        for p in state.players:
            if "tokens" not in state.answered[p]:
                out.append(Prompt(id="tokens", player=p, text=T("Take up to 2 tokens."), min=0, max=2,
                                  options=[Option(key=k, label=T(k)) for k in TOKENS]))
            if "bet" not in state.answered[p]:
                out.append(Prompt(id="bet", player=p, text=T("Bet on the die: high or low?"),
                                  options=[Option(key="high", label=T("high")), Option(key="low", label=T("low"))]))
        return out

    def _apply(self, state: DiceState, prompt: Prompt, choice: list[str]) -> list[Event]:
        p = prompt.player
        if prompt.id == "order":
            state.scores[p] += sum(ORDER[k] * w for k, w in zip(choice, (10, 3, 1), strict=True))
            state.round += 1
            state.step = "pick"
            state.answered = {q: [] for q in state.players}
            return []
        state.answered[p].append(prompt.id)
        if prompt.id == "tokens":
            state.scores[p] += sum(TOKENS[k] for k in choice)
        else:
            state.answered[p].append("bet:" + choice[0])
        if all({"tokens", "bet"} <= set(a) for a in state.answered.values()):
            state.die = state.rng.below(6) + 1  # chance
            for q, a in state.answered.items():
                if ("bet:high" in a) == (state.die >= 4):
                    state.scores[q] += 2
            state.step = "order"
        return []

    def view(self, state: DiceState, viewer: str | None) -> DiceView:
        return DiceView(round=state.round, scores=state.scores)

    def outcome(self, state: DiceState) -> Outcome | None:
        if state.round < ROUNDS:
            return None
        a, b = state.players
        if state.scores[a] == state.scores[b]:
            return Outcome(winners=[], ranking=[[a, b]], scores=dict(state.scores), summary=T("Tie."))
        w, lo = (a, b) if state.scores[a] > state.scores[b] else (b, a)
        return Outcome(winners=[w], ranking=[[w], [lo]], scores=dict(state.scores), summary=T(f"{w} wins."))

    def render(self, view: DiceView, lang: str = "en") -> str:
        return str(view)

    def rules_summary(self, lang: str = "en") -> str:
        return "Dice."


GAME = DiceGame()
