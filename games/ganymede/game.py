"""The Ganymede game object: prompts from the current step, choices dispatched to the round procedure."""
from __future__ import annotations

from pydantic import BaseModel

from games.kit import Game, Outcome, Prompt, Rng, T, Text
from games.kit.game import plain_action_key, random_rollout

from . import battle, effects, round_end, rounds, setup
from . import evaluate as ai_hooks
from .options import Options
from .piles import side_name
from .prompts import prompts as open_prompts
from .render import render, rules_summary
from .resample import resample
from .state import EventList, State
from .status import notes
from .view import GanymedeView, build_view, visible_ids


class GanymedeGame(Game[State, GanymedeView]):
    key = "ganymede"
    names = {"en": "The War Chronicles of Ganymede", "ja": "ガニメデ戦記"}
    # the rules summary's sentences that explain each decision (games/kit/guide.py)
    guide_words = {
        "setup_black": (("Black cards:", "黒カード："),),
        "draw": (("may draw up to 3 more", "さらに3枚まで引けます"), ("22 or more", "22以上は0扱い")),
        "reinforce": (("takes a black card", "黒カードを1枚増援"),),
        "remove": (("removes one used card", "1枚を除外"),),
        "threes": (("Black cards:", "黒カード："),),
        "ace": (("Black cards:", "黒カード："),),
    }
    min_players = 2
    max_players = 3
    Options = Options
    State = State

    # The computer players (kit/ai.py): the evaluation and who plays as a team in evaluate.py.
    evaluate = staticmethod(ai_hooks.evaluate)
    rollout_choice = staticmethod(random_rollout)
    action_key = staticmethod(plain_action_key)
    rollout_depth = ai_hooks.ROLLOUT_DEPTH
    cooperative = staticmethod(ai_hooks.cooperative)

    def player_range(self, options: BaseModel | None = None) -> tuple[int, int]:
        if options is None:
            return self.min_players, self.max_players
        opts = options if isinstance(options, Options) else self.parse_options(options)  # setup passes parsed ones
        return opts.player_range()

    def _setup(self, players: list[str], options: Options, rng: Rng) -> State:
        # `auto` (the default) becomes the rulebook's game for this many players: 2 duel, 3 three players.
        return setup.new_state(self.key, players, options.for_players(len(players)), rng)

    def prompts(self, state: State) -> list[Prompt]:
        return open_prompts(state)

    def _play(self, state: State, prompt: Prompt, choice: list[str], events: EventList) -> None:
        """The choice handed to the step of the round procedure that asked for it."""
        colour = state.side_of(prompt.player).colour
        pick = choice[0]
        if prompt.id in ("setup_black", "reinforce"):
            (setup.setup_pick if prompt.id == "setup_black" else round_end.reinforce)(state, colour, pick, events)
        elif prompt.id == "draw":
            if pick == "draw":
                effects.player_draw(state, colour, events)
            elif pick == "stop":
                effects.stop(state, colour, events)
            else:  # the duel's face-down 2 or 4, offered in the draw window
                effects.use_effect(state, pick, events)
        elif prompt.id == "effect":
            effects.use_effect(state, pick, events)
        elif prompt.id == "order":
            effects.order_top(state, pick, events)
        elif prompt.id == "aces":
            battle.declare_aces(state, colour, int(pick[1:]), events)
        elif prompt.id == "threes":
            target = state.queue[0].split(":")[2]
            battle.declare_threes(state, colour, target, int(pick), events)
        elif prompt.id == "remove":
            round_end.remove_card(state, colour, pick, events)
        rounds.advance(state, events)

    def view(self, state: State, viewer: str | None) -> GanymedeView:
        return build_view(state, viewer, self.current_players(state))

    # Which cards each viewer sees, and the one redealer of those they do not (kit/redeal.py);
    # the kit derives hidden_ids from the first.
    visible_ids = staticmethod(visible_ids)
    resample = staticmethod(resample)

    def outcome(self, state: State) -> Outcome | None:
        if not state.finished:
            return None
        sides = state.sides
        scores = {s.player: float(s.hp) for s in sides.values() if s.player is not None}
        won = [sides[c].player for c in state.winners if sides[c].player is not None]
        lost = [p for p in state.players if p not in won]
        detail = {"end": state.end_reason, "rounds": state.round, "hp": {c: s.hp for c, s in sides.items()},
                  "winning_colours": list(state.winners)}
        names = [side_name(sides[c]) for c in state.winners]
        who = T(" and ".join(n.en for n in names), "と".join(n.ja for n in names))
        why = T(" at the round limit", "（ラウンド上限）") if state.end_reason == "round_limit" else T("", "")
        if state.options.mode == "coop":
            team = list(state.players)
            if won:
                summary = T("Red and green defeat purple", "赤と緑が紫陣営に勝利") + why
            else:
                summary = T("Purple defeats red and green", "紫陣営が赤と緑に勝利") + why
            return Outcome(winners=won, ranking=[team], scores=scores, summary=summary, detail=detail)
        # each side's HP is on the final board and in the result's score lines ("HP 0 (2 over)")
        summary = who + T(" wins" if len(names) == 1 else " win", "の勝利") + why
        return Outcome(winners=won, ranking=[won, lost], scores=scores, summary=summary, detail=detail)

    def render(self, view: GanymedeView, lang: str = "en") -> str:
        return render(view, lang)

    def describe(self, view: GanymedeView, lang: str = "en") -> str:
        return render(view, lang, brief=True)

    def notes(self, view: GanymedeView, viewer: str | None) -> list[Text]:
        return notes(view, viewer)

    def rules_summary(self, lang: str = "en") -> str:
        return rules_summary(lang)


GAME = GanymedeGame()
