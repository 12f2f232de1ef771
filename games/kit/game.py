"""The games API (docs/architecture.md): one `Game` object per game, pure functions over pydantic state."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel
from typing_extensions import TypeVar as DefaultingTypeVar

from .errors import IllegalAction
from .models import Event, Option, Outcome, Prompt
from .rng import Rng
from .text import T, Text
from .trusted import StateModel


class BaseState(StateModel):
    """Fields every game state has. `version` counts applied actions; front ends use it
    to reject clicks on outdated controls."""

    game: str
    players: list[str]
    seed: int
    version: int = 0
    rng: Rng


S = TypeVar("S", bound=BaseState)
# What one viewer is shown. It defaults to any model, so `Game[MyState]` still reads as before.
V = DefaultingTypeVar("V", bound=BaseModel, default=BaseModel)


class NoOptions(BaseModel):
    """Options of a game that has none."""


class Game(Generic[S, V]):
    """Base of every game: `Game[State, View]`, so `view` returns and `render` takes the game's
    own view model (no isinstance checks). Subclasses implement the underscored hooks and
    `prompts`, `view`, `outcome`, `render`; `apply` validates every choice here, once, for all
    games."""

    key: ClassVar[str]
    names: ClassVar[dict[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = NoOptions
    State: ClassVar[type[BaseState]]
    # Whether a seat may be filled by the random legal player from the start.
    allows_random_seats: ClassVar[bool] = True
    # Per prompt id (its start): the words (English, Japanese) that find the sentences of the
    # rules summary explaining that decision in a guided game (games/kit/guide.py).
    guide_words: ClassVar[dict[str, tuple[tuple[str, str], ...]]] = {}
    # Per kind of answer (an option key's start), the same for a decision whose sentences
    # depend on what it offers (a turn of several kinds of action): the first kind offered,
    # in this order, is explained after the decision's own sentences.
    guide_answer_words: ClassVar[dict[str, tuple[tuple[str, str], ...]]] = {}

    # ---- players and setup -------------------------------------------------
    def player_range(self, options: BaseModel | None = None) -> tuple[int, int]:
        """Allowed player counts for these options (a mode may fix the count)."""
        return self.min_players, self.max_players

    def setup(self, players: list[str], options: BaseModel | dict | None = None, seed: int = 0) -> S:
        opts = self.parse_options(options)
        low, high = self.player_range(opts)
        if not low <= len(players) <= high:
            raise IllegalAction("player_count", T(
                f"{self.names['en']} needs {low}–{high} players; got {len(players)}.",
                f"{self.names['ja']}は{low}～{high}人で遊びます（{len(players)}人です）。"))
        if len(set(players)) != len(players):
            raise IllegalAction("duplicate_player", T("A player cannot take two seats.", "同じプレイヤーが二つの席に座ることはできません。"))
        return self._setup(list(players), opts, Rng(seed=seed))

    def parse_options(self, options: BaseModel | dict | None) -> Any:
        if options is None:
            return self.Options()
        if isinstance(options, dict):
            return self.Options.model_validate(options)
        return self.Options.model_validate(options.model_dump())

    def _setup(self, players: list[str], options: Any, rng: Rng) -> S:
        raise NotImplementedError

    # ---- the turn loop -----------------------------------------------------
    def prompts(self, state: S) -> list[Prompt]:
        """Every decision owed right now; [] once the game is over."""
        raise NotImplementedError

    # One way to apply a move: `step` (checked, in place); `apply` is `step` on a copy (the
    # games API's contract), and `play_offered` the one unchecked fast path for a caller that
    # built the answer itself from an open prompt (random playouts). All three run the game's
    # `_play`; tests/test_in_place_property.py plays them in lockstep.
    def step(self, state: S, player: str, prompt_id: str, choice: list[str],
             prompts: list[Prompt] | None = None, *, events: bool = True) -> tuple[list[Event], list[Prompt]]:
        """Apply one offered choice to `state` itself; return its events and the prompts open
        afterwards. Raises IllegalAction for anything not offered, and the state is then
        unchanged (validation happens before any change). `prompts`, when given, must be
        `self.prompts(state)` for this very state (what the last step handed back): it saves
        computing them again. `events=False` is for callers that throw the events away
        (playouts, search, replays): the same state results, the rules write no event texts,
        and [] comes back."""
        prompt = self._validate(state, player, prompt_id, choice, prompts)
        out: list[Event] | None = [] if events else None
        after = self._play(state, prompt, list(choice), out)
        bump_version(state)
        return out or [], self.prompts(state) if after is None else after

    def apply(self, state: S, player: str, prompt_id: str, choice: list[str]) -> tuple[S, list[Event]]:
        """`step` on a copy of `state`: the caller's state is never changed (docs/architecture.md,
        the games API). Returns the new state and its events."""
        prompt = self._validate(state, player, prompt_id, choice)
        new = state.model_copy(deep=True)
        out: list[Event] = []
        self._play(new, prompt, list(choice), out)
        bump_version(new)
        return new, out

    def play_offered(self, state: S, prompt: Prompt, choice: list[str]) -> list[Prompt]:
        """The unchecked fast path: `step(..., events=False)` for a caller that built `choice`
        itself from `prompt`, one of the prompts `state` has open right now (random playouts).
        The same state results, without checking again what the caller already knows is
        offered; the prompts open afterwards come back. Anything else goes through `step`."""
        after = self._play(state, prompt, list(choice), None)
        bump_version(state)
        return self.prompts(state) if after is None else after

    def _validate(self, state: S, player: str, prompt_id: str, choice: list[str],
                  prompts: list[Prompt] | None = None) -> Prompt:
        """The open prompt `choice` answers; IllegalAction when it is not an offered answer.
        Every checked path refuses through here, so a game that explains refusals does it once."""
        prompt = self._find_prompt(state, player, prompt_id, prompts)
        self._check_choice(prompt, choice)
        return prompt

    # A game implements `_play`, or for a simple game `_apply`.
    def _play(self, state: S, prompt: Prompt, choice: list[str], events: list[Event] | None) -> list[Prompt] | None:
        """Carry out a validated choice on `state`, appending the events to `events`; None when
        the caller throws them away (playouts, search), so a game whose event texts cost much of
        an action skips writing them. The state must end the same either way. Returns the
        prompts now open when the rules found them while applying (Guns & Steel's turn engine
        stops at the next decision), else None: the kit asks `prompts`."""
        written = self._apply(state, prompt, choice)
        if events is not None:
            events.extend(written)
        return None

    def _apply(self, state: S, prompt: Prompt, choice: list[str]) -> list[Event]:
        """`_play` for a simple game: mutate `state` for a validated choice, return the events."""
        raise NotImplementedError

    def _find_prompt(self, state: S, player: str, prompt_id: str, prompts: list[Prompt] | None = None) -> Prompt:
        open_prompts = self.prompts(state) if prompts is None else prompts
        for p in open_prompts:
            if p.id == prompt_id and p.player == player:
                return p
        if not open_prompts:
            raise IllegalAction("game_over", T("The game is over.", "ゲームは終了しています。"))
        if any(p.id == prompt_id for p in open_prompts):
            raise IllegalAction("not_your_decision", T(
                "That decision belongs to another player.", "それは他のプレイヤーの選択です。"))
        raise IllegalAction("no_such_prompt", T(
            "That decision is not open now (it may be out of date).", "その選択は今はできません（古い可能性があります）。"))

    @staticmethod
    def _check_choice(prompt: Prompt, choice: list[str]) -> None:
        if type(choice) is list and len(choice) == 1 and type(choice[0]) is str and prompt.min <= 1 <= prompt.max:
            # Most answers pick one option: only the key needs checking (the same refusal as below).
            key = choice[0]
            for o in prompt.options:
                if o.key == key:
                    return
            raise _not_offered(key)
        if not isinstance(choice, (list, tuple)) or not all(isinstance(c, str) for c in choice):
            raise IllegalAction("malformed", T("Malformed choice.", "選択の形式が正しくありません。"))
        if len(set(choice)) != len(choice):
            raise IllegalAction("duplicate_choice", T("The same option was chosen twice.", "同じ選択肢が二度選ばれています。"))
        if not prompt.min <= len(choice) <= prompt.max:
            raise IllegalAction("choice_count", T(
                f"Choose between {prompt.min} and {prompt.max} options.",
                f"{prompt.min}～{prompt.max}個選んでください。"))
        keys = {o.key for o in prompt.options}
        for c in choice:
            if c not in keys:
                raise _not_offered(c)

    # ---- what players see ----------------------------------------------------
    def view(self, state: S, viewer: str | None) -> V:
        """What `viewer` may know (None = spectators and the public channel)."""
        raise NotImplementedError

    def card_ids(self, state: S) -> set[str]:
        """Every card instance id in play. Default: the keys of `state.cards`, the id -> card map
        most games keep (none without one)."""
        cards = getattr(state, "cards", None)
        return set(cards) if cards is not None else set()

    def visible_ids(self, state: S, viewer: str | None) -> set[str]:
        """The card ids `viewer` may see now. Default: all of them (nothing is hidden)."""
        return self.card_ids(state)

    def hidden_ids(self, state: S, viewer: str | None) -> set[str]:
        """Ids of card instances `viewer` must not see; the kit's checks assert none reaches their
        view, their prompts or a public event. Default: every card id not visible to them."""
        return self.card_ids(state) - self.visible_ids(state, viewer)

    def resample(self, state: S, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> S | None:
        """The game's one redealer (kit/redeal.py): a copy of `state` that `viewer` cannot tell
        from it, every card hidden from them dealt again at random from what they may know,
        except the cards in `keep` (the ones a move is about to play); the RNG untouched. The
        leak check (kit/leaks.py) compares it with the real state; the computer players search
        it with fresh chance. None when nothing is hidden from this viewer; a game that hides
        cards overrides this."""
        if not self.hidden_ids(state, viewer):
            return None
        raise NotImplementedError(f"{self.key} does not say how its hidden cards may be resampled")

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def render(self, view: V, lang: str = "en") -> str:
        """The view as readable text (Markdown-friendly), for the terminal and the Discord board."""
        raise NotImplementedError

    def describe(self, view: V, lang: str = "en") -> str:
        """A short summary of the view for a picture's alt text (games/kit/alt.py): standings,
        what lies on the table, the viewer's own cards. Default: the text board, which a game
        with a long one (Guns & Steel) overrides; the front end clips it."""
        return self.render(view, lang)

    def rules_summary(self, lang: str = "en") -> str:
        raise NotImplementedError

    # ---- what a front end says beside the board ------------------------------------------------
    # What a person at a physical table keeps in mind without being told, worked out from one
    # viewer's view (so nothing hidden from them), in the rules' own words. Players are named by
    # their ids, which front ends replace with names as in every other text of the rules.
    def status_lines(self, view: V, viewer: str | None) -> list[Text]:
        """Lines said under every board for `viewer`: what changes as the game goes (Guns &
        Steel's VP so far). Default: none."""
        return []

    def notes(self, view: V, viewer: str | None) -> list[Text]:
        """Lines that hold for a long time (Ganymede: which side `viewer` is on, that they have
        fallen): a front end says them once, and again when they change or when asked.
        Default: none."""
        return []

    # ---- computer players (kit/ai.py, kit/ismcts.py) -------------------------------
    # Every game declares `evaluate`, `rollout_choice` and `action_key`: the defaults raise
    # MissingHook, so a game that forgets one fails the first time a computer plays it
    # (tests/ai/test_hooks.py lets one play every registered game). `random_rollout` and
    # `plain_action_key` below are the usual choices for a game with nothing special to say.
    rollout_depth: ClassVar[int] = 20  # moves a rollout plays before `evaluate` scores the position
    # The game's own strong player (InfoSet, Rng, budget_s, iterations) -> (prompt id, choice),
    # used instead of the generic IS-MCTS when the game has a better planner; None: IS-MCTS.
    strong: ClassVar[Callable[..., tuple[str, tuple[str, ...]]] | None] = None

    def evaluate(self, state: S, player: str) -> float:
        """How good a running game looks for `player`, in [0, 1]: search scores the positions
        where its rollouts stop with this."""
        raise MissingHook(self, "evaluate")

    def rollout_choice(self, state: S, prompt: Prompt, rng: Rng) -> list[str] | None:
        """The rollout policy: an answer to `prompt` (one of the open prompts of `state`), or
        None for a random answer that moves the game on (`random_rollout`)."""
        raise MissingHook(self, "rollout_choice")

    def action_key(self, state: S, prompt_id: str, choice: tuple[str, ...]) -> tuple:
        """How search counts an answer: answers that play alike in every determinization share
        a key (Sutosute: a card's kind, not its id); `plain_action_key`: the answer itself."""
        raise MissingHook(self, "action_key")

    def cooperative(self, state: S) -> bool:
        """Whether all seats play as one team (no winner is then a loss for every seat)."""
        return False

    # ---- persistence helpers ---------------------------------------------------
    def load_state(self, data: str | dict) -> S:
        if isinstance(data, str):
            return self.State.model_validate_json(data)  # type: ignore[return-value]
        return self.State.model_validate(data)  # type: ignore[return-value]

    def current_players(self, state: S) -> list[str]:
        """Players who owe a decision now (whose turn it is)."""
        seen: list[str] = []
        for p in self.prompts(state):
            if p.player not in seen:
                seen.append(p.player)
        return seen


class MissingHook(NotImplementedError):
    """A game was asked for an AI hook (`Game.evaluate`, `rollout_choice`, `action_key`) it
    never declared."""

    def __init__(self, game: Game, hook: str) -> None:
        super().__init__(f"{game.key} declares no {hook} (Game.{hook}): the computer players need it")


def random_rollout(state: Any, prompt: Prompt, rng: Rng) -> None:
    """`Game.rollout_choice` for a game without a rollout policy: always a random answer that
    moves the game on (`staticmethod(random_rollout)` on the game class)."""
    return None


def plain_action_key(state: Any, prompt_id: str, choice: tuple[str, ...]) -> tuple[str, ...]:
    """`Game.action_key` for a game whose answers mean the same in every determinization: the
    answer itself (`staticmethod(plain_action_key)` on the game class)."""
    return choice


def bump_version(state: BaseState) -> None:
    """`state.version += 1` after an in-place apply, as pydantic's setattr does it for a plain
    field, minus its dispatch (once per action on the fast paths)."""
    state.__dict__["version"] += 1
    state.__pydantic_fields_set__.add("version")


def _not_offered(key: str) -> IllegalAction:
    return IllegalAction("not_offered", T(f"'{key}' is not one of the offered options.", f"「{key}」は選択肢にありません。"))


def opt(key: str, en: str, ja: str | None = None, **kw: Any) -> Option:
    """Shorthand for an Option with a bilingual label."""
    return Option(key=key, label=T(en, ja), **kw)


__all__ = ["BaseState", "Game", "MissingHook", "NoOptions", "opt", "plain_action_key", "random_rollout", "Text"]
