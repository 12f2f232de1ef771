"""Guns & Steel (鋼鉄と火薬) for 2–4 players: the games-API object."""
from __future__ import annotations

from typing import ClassVar

from games.kit import Event, Game, Outcome, Prompt, Rng, Text
from games.kit.game import plain_action_key, random_rollout

from . import evaluate as ai_hooks
from . import wiring
from .flow import QUIET, advance, open_prompt, resolve
from .resample import resample
from .scoring import outcome
from .sets import rules_for
from .setup import new_state
from .state import Options, State
from .view import GunsView, build_view, hidden_ids, render


class GunsAndSteel(Game[State, GunsView]):
    key = "guns-and-steel"
    names: ClassVar[dict[str, str]] = {"en": "Guns & Steel", "ja": "鋼鉄と火薬"}
    # the rules summary's sentences that explain each decision (games/kit/guide.py)
    guide_words: ClassVar[dict[str, tuple[tuple[str, str], ...]]] = {
        "initial_resource": (("first place one as a resource", "最初に1枚を資源として"),),
        "resource": (("**1. Resource**", "**1. 資源**"),),
        "progress": (("**2. Progress**", "**2. 進歩**"),),
        "effect": (("**2. Progress**", "**2. 進歩**"),),
        "play_more": (("**2. Progress**", "**2. 進歩**"),),
        "pick_unit": (("Units attack everyone", "ユニットは全員を攻撃"),),
        "counter": (("Units attack everyone", "ユニットは全員を攻撃"), ("less military", "軍事力が少ない")),
        "purchase": (("**3. Purchase**", "**3. 購入**"), ("its printed cost", "コストは記載の")),
        "pay": (("Pay with energy", "効果で得たエネルギー"),),
        "deplete": (("Pay with energy", "効果で得たエネルギー"),),
        "take_back": (("**4. End**", "**4. 手番終了**"),),
        "wonder": (("**4. End**", "**4. 手番終了**"),),
        "replenish": (("**2. Progress**", "**2. 進歩**"),),
        "ambush": (("Units attack everyone", "ユニットは全員を攻撃"),),
        "honor": (("honor tokens", "栄誉トークン"),),
        "give_wonder": (("Units attack everyone", "ユニットは全員を攻撃"), ("less military", "軍事力が少ない")),
        "pick_tech": (("**2. Progress**", "**2. 進歩**"),),
    }
    min_players = 2
    max_players = 4
    Options = Options
    State = State

    # The computer players (kit/ai.py): the evaluation in evaluate.py, random rollouts.
    evaluate = staticmethod(ai_hooks.evaluate)
    rollout_choice = staticmethod(random_rollout)
    action_key = staticmethod(plain_action_key)
    rollout_depth = ai_hooks.ROLLOUT_DEPTH

    def _setup(self, players: list[str], options: Options, rng: Rng) -> State:
        state = new_state(self.key, players, options, rng)
        advance(state, [])
        return state

    def prompts(self, state: State) -> list[Prompt]:
        p = open_prompt(state)
        return [p] if p is not None else []

    def _play(self, state: State, prompt: Prompt, choice: list[str], events: list[Event] | None) -> list[Prompt]:
        # Without a list (playouts, search) the rules say into QUIET: no sentence is written.
        # The turn engine stops at the next decision: that prompt is handed on, not built again.
        found = resolve(state, choice, QUIET if events is None else events)
        return [found] if found is not None else []

    def view(self, state: State, viewer: str | None) -> GunsView:
        return build_view(state, viewer)

    # Which cards each viewer may not see, and the one redealer of them (kit/redeal.py).
    hidden_ids = staticmethod(hidden_ids)
    resample = staticmethod(resample)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def render(self, view: GunsView, lang: str = "en") -> str:
        return render(view, lang)

    def describe(self, view: GunsView, lang: str = "en") -> str:
        from .view import describe
        return describe(view, lang)

    def status_lines(self, view: GunsView, viewer: str | None) -> list[Text]:
        from .status import status_lines
        return status_lines(view, viewer)

    def rules_summary(self, lang: str = "en") -> str:
        from .summary import summary
        return summary(lang)


wiring.install()      # every task, effect and rule set the engine looks up by name
GAME = GunsAndSteel()
__all__ = ["GAME", "GunsAndSteel", "rules_for"]
