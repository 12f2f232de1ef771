"""Property checks every game must pass; shared by the tests of all games.

`check_random_game` plays one random game and asserts, at every step:
- every offered option applies (each one, alone or completed to a legal count), leaves the
  input untouched and leads on (new prompts, or an outcome);
- anything not offered, an option offered in someone else's prompt, a repeated option, or a
  decision owed by someone else raises IllegalAction (with both languages) and leaves the
  state unchanged;
- `apply` never mutates its input and is deterministic; the in-place path (`step`, given the
  open prompts) reaches the same state and events, hands on the same next prompts, and refuses
  the same illegal actions leaving the state unchanged;
- state, views, prompts, events and the outcome round-trip through JSON;
- hidden card ids never reach another viewer's view, a prompt owed by someone they are
  hidden from (its text, options, keys and details), nor a public event;
- the game ends, and setup + the action log replays to the same state.

Hidden information beyond card ids (whom the board waits for, which step, the log's shape)
is checked by `check_hidden_info` (leaks.py), against worlds resampled by `Game.resample`.
"""
from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from .errors import IllegalAction
from .game import BaseState, Game
from .leaks import check_hidden_info  # noqa: F401  (the hidden-information check, re-exported)
from .models import MAX_OPTION_KEY, MAX_PROMPT_ID, Action, Outcome, Prompt
from .playout import random_choice, replay
from .rng import Rng


def _strings(obj: Any) -> set[str]:
    found: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            found.add(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return found


def check_views(game: Game, state: BaseState) -> None:
    for viewer in [None, *state.players]:
        view = game.view(state, viewer)
        data = view.model_dump(mode="json")
        assert type(view).model_validate_json(view.model_dump_json()) == view, "view JSON round trip"
        leaked = game.hidden_ids(state, viewer) & _strings(data)
        assert not leaked, f"hidden ids {sorted(leaked)[:5]} visible to {viewer!r}"
        for lang in ("en", "ja"):
            assert isinstance(game.render(view, lang), str)


def check_illegal(game: Game, state: BaseState, rng: Rng) -> None:
    """Choices that are not offered must raise and leave `state` untouched."""
    before = state.model_dump_json()
    prompts = game.prompts(state)
    attempts: list[tuple[str, str, list[str]]] = []
    for p in prompts:
        others = [q for q in state.players if not any(x.player == q and x.id == p.id for x in prompts)]
        if others:
            attempts.append((rng.choice(others), p.id, random_choice(p, rng)))
        attempts.append((p.player, p.id, ["~not-an-option~"]))
        own = {o.key for o in p.options}
        for q in prompts:  # an option offered to someone else is not offered to p.player
            foreign = [o.key for o in q.options if o.key not in own]
            if q.player != p.player and foreign:
                attempts.append((p.player, p.id, [rng.choice(foreign)]))
        if p.max >= 2 and p.options:
            attempts.append((p.player, p.id, [p.options[0].key] * 2))
        if p.max < len(p.options):
            attempts.append((p.player, p.id, [o.key for o in p.options[: p.max + 1]]))
        if p.min > 0:
            attempts.append((p.player, p.id, []))
    attempts.append((state.players[0], "~no-such-prompt~", ["x"]))
    own = state.model_copy(deep=True)  # the in-place path must refuse alike and change nothing
    for player, prompt_id, choice in attempts:
        for path, args in ((game.apply, (state, player, prompt_id, choice)),
                           (game.step, (own, player, prompt_id, choice, prompts))):
            try:
                path(*args)
            except IllegalAction as e:
                assert e.code and e.text.en and e.text.ja
            else:
                raise AssertionError(f"accepted an illegal action {player} {prompt_id} {choice}")
        assert state.model_dump_json() == before, "an illegal action changed the state"
        assert own.model_dump_json() == before, "an illegal action changed the state in place"


def _legal_choice_with(prompt: Prompt, key: str, rng: Rng) -> list[str]:
    """A legal answer to `prompt` that contains `key` (completed with random others up to `min`)."""
    others = [o.key for o in prompt.options if o.key != key]
    return [key, *rng.sample(others, max(prompt.min, 1) - 1)]


def _leads_on(game: Game, state: BaseState) -> bool:
    return bool(game.prompts(state)) or game.outcome(state) is not None


def check_options_apply(game: Game, state: BaseState, rng: Rng) -> None:
    """Every offered option of every open prompt applies, leaves `state` untouched and leads on."""
    before = state.model_dump_json()
    for p in game.prompts(state):
        choices = [_legal_choice_with(p, o.key, rng) for o in p.options]
        if p.min == 0:
            choices.append([])
        for choice in choices:
            try:
                new, _ = game.apply(state, p.player, p.id, choice)
            except IllegalAction as e:
                raise AssertionError(f"offered choice {choice} of {p.id} for {p.player} raised {e}") from e
            assert new.version == state.version + 1
            assert _leads_on(game, new), f"{p.id} {choice} leads to a state with no prompts and no outcome"
        assert state.model_dump_json() == before, f"applying an option of {p.id} mutated the input"


def check_events(game: Game, before: BaseState, after: BaseState, events: list) -> None:
    """Events round-trip through JSON, and a public event names no card id that some viewer
    could see neither before nor after the action (a card the action itself revealed is fine).
    Private events are not checked for ids: a card drawn and then reshuffled within one
    action is rightly told to the drawer although it is hidden again afterwards."""
    for e in events:
        assert type(e).model_validate_json(e.model_dump_json()) == e, f"event {e.kind} JSON round trip"
        if e.to is not None:
            continue
        words = _strings(e.model_dump(mode="json"))
        for viewer in [None, *before.players]:
            leaked = game.hidden_ids(before, viewer) & game.hidden_ids(after, viewer) & words
            assert not leaked, f"public event {e.kind} shows hidden ids {sorted(leaked)[:5]} to {viewer!r}"


def check_prompts(game: Game, state: BaseState) -> None:
    for p in game.prompts(state):
        assert Prompt.model_validate_json(p.model_dump_json()) == p, f"prompt {p.id} JSON round trip"
        assert p.player in state.players
        assert len(p.id) <= MAX_PROMPT_ID, f"prompt id too long: {p.id}"
        keys = [o.key for o in p.options]
        assert len(set(keys)) == len(keys), f"duplicate option keys in {p.id}"
        assert all(0 < len(k) <= MAX_OPTION_KEY for k in keys), f"bad option key length in {p.id}"
        assert 0 <= p.min <= p.max and p.min <= len(p.options), f"unsatisfiable prompt {p.id}"
        leaked = game.hidden_ids(state, p.player) & _strings(p.model_dump(mode="json"))
        assert not leaked, f"prompt {p.id} shows {p.player!r} hidden ids {sorted(leaked)[:5]}"


def check_random_game(game: Game, players: list[str], options: BaseModel | dict | None,
                      seed: int, max_actions: int = 20000, deep: bool = True) -> tuple[BaseState, list[Action]]:
    """One random game with every property asserted; `deep=False` checks views, illegal
    actions and every option only every 7th step (for speed in large runs)."""
    state = game.setup(players, options, seed)
    opts = game.parse_options(options)
    rng = Rng(seed=seed).fork(7)
    actions: list[Action] = []
    for step in range(max_actions):
        prompts = game.prompts(state)
        check_prompts(game, state)
        if deep or step % 7 == 0 or not prompts:
            check_views(game, state)
            check_illegal(game, state, rng)
            check_options_apply(game, state, rng)
        if not prompts:
            break
        assert game.outcome(state) is None, "outcome set while prompts are open"
        prompt = rng.choice(prompts)
        choice = random_choice(prompt, rng)
        before = state.model_dump_json()
        new, events = game.apply(state, prompt.player, prompt.id, choice)
        assert state.model_dump_json() == before, "apply mutated its input"
        assert new.version == state.version + 1
        again, events_again = game.apply(state, prompt.player, prompt.id, choice)
        assert again == new and events_again == events, "apply is not deterministic"
        own = state.model_copy(deep=True)
        own_events, handed_on = game.step(own, prompt.player, prompt.id, choice, prompts)
        assert own == new and own_events == events, "step plays differently from apply"
        assert handed_on == game.prompts(new), "step hands on other prompts than prompts() gives"
        assert _leads_on(game, new), f"{prompt.id} {choice} leads to a state with no prompts and no outcome"
        for e in events:
            assert e.to is None or all(t in state.players for t in e.to)
        check_events(game, state, new, events)
        assert game.load_state(new.model_dump_json()) == new, "state JSON round trip"
        assert game.load_state(json.loads(new.model_dump_json())) == new
        actions.append(Action(player=prompt.player, prompt_id=prompt.id, choice=choice))
        state = new
    else:
        raise AssertionError(f"game did not end within {max_actions} actions")
    outcome = game.outcome(state)
    assert outcome is not None, "no outcome at the end"
    assert Outcome.model_validate_json(outcome.model_dump_json()) == outcome, "outcome JSON round trip"
    assert all(w in state.players for w in outcome.winners)
    assert sorted(p for group in outcome.ranking for p in group) == sorted(state.players)
    assert replay(game, players, opts, seed, actions) == state, "replay differs"
    return state, actions
