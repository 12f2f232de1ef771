"""The games API (docs/architecture.md): one `Game` object per game, pure functions over pydantic state."""
from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel
from typing_extensions import TypeVar as DefaultingTypeVar

from .errors import IllegalAction
from .models import Event, Option, Outcome, Prompt
from .rng import Rng
from .text import T, Text


class BaseState(BaseModel):
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

    def apply(self, state: S, player: str, prompt_id: str, choice: list[str]) -> tuple[S, list[Event]]:
        """Apply one offered choice to a copy of `state`. Raises IllegalAction otherwise."""
        prompt = self._validate(state, player, prompt_id, choice)
        new = state.model_copy(deep=True)
        events = self._apply(new, prompt, list(choice))
        new.version += 1
        return new, events

    def apply_in_place(self, state: S, player: str, prompt_id: str, choice: list[str],
                       prompts: list[Prompt] | None = None, *, events: bool = True) -> list[Event]:
        """The fast path for callers that own `state` (search, playouts, replay, the table
        service): validate exactly as `apply` does, then mutate `state` itself. `prompts`, when
        given, must be `self.prompts(state)` for this very state; it saves computing them again.
        `events=False` is for callers that throw the events away (playouts, search): the same
        state results, and [] comes back. On IllegalAction the state is unchanged (validation
        happens before any change)."""
        prompt = self._validate(state, player, prompt_id, choice, prompts)
        if events:
            out = self._apply(state, prompt, list(choice))
        else:
            self._play(state, prompt, list(choice), None)
            out = []
        bump_version(state)
        return out

    def step(self, state: S, player: str, prompt_id: str, choice: list[str],
             prompts: list[Prompt] | None = None, *, events: bool = True) -> tuple[list[Event], list[Prompt]]:
        """`apply_in_place`, then the prompts open afterwards: the loop of playouts, replays and
        search computes each position's prompts once and hands them back in with its answer."""
        out = self.apply_in_place(state, player, prompt_id, choice, prompts, events=events)
        return out, self._open_after(state)

    def play_offered(self, state: S, prompt: Prompt, choice: list[str]) -> list[Prompt]:
        """`step(..., events=False)` for a caller that built `choice` itself from `prompt`, one
        of the prompts `state` has open right now (random playouts): the same state results,
        without checking again what the caller already knows is offered; the prompts open
        afterwards come back. Anything else goes through `step`, which refuses illegal answers."""
        self._play(state, prompt, list(choice), None)
        bump_version(state)
        return self._open_after(state)

    def _open_after(self, state: S) -> list[Prompt]:
        """The prompts open right after an in-place apply. A game whose rules already found them
        while applying (Guns & Steel's turn engine stops at the next decision) returns those."""
        return self.prompts(state)

    def _validate(self, state: S, player: str, prompt_id: str, choice: list[str],
                  prompts: list[Prompt] | None = None) -> Prompt:
        """The open prompt `choice` answers; IllegalAction when it is not an offered answer.
        Both apply paths refuse through here, so a game that explains refusals does it once."""
        prompt = self._find_prompt(state, player, prompt_id, prompts)
        self._check_choice(prompt, choice)
        return prompt

    # A game implements one of `_apply` and `_play`; each is written in terms of the other.
    def _apply(self, state: S, prompt: Prompt, choice: list[str]) -> list[Event]:
        """Mutate `state` (already a private copy) for a validated choice; return the events."""
        events: list[Event] = []
        self._play(state, prompt, choice, events)
        return events

    def _play(self, state: S, prompt: Prompt, choice: list[str], events: list[Event] | None) -> None:
        """`_apply`, appending the events to `events`; None when the caller throws them away
        (playouts, search), so a game whose event texts cost much of an action (Ganymede,
        Sutosute) skips writing them. The state must end the same either way."""
        written = self._apply(state, prompt, choice)
        if events is not None:
            events.extend(written)

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


__all__ = ["BaseState", "Game", "NoOptions", "opt", "Text"]
