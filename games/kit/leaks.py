"""The hidden-information check: nothing a viewer is shown may depend on cards they cannot see.

At a physical table you learn a hidden card only when the rules reveal it; you never learn it
from *whether* someone is asked something, which step the game is in, how many decisions are
open or what the log says about a "none". For random states this check asks the game for
states the viewer cannot tell apart from the real one (`Game.resample`: the hidden cards
redrawn from what that viewer may know) and compares, real against resampled:

- the viewer's view and the public view;
- the open prompts: who owes them and which kind (their ids), in order, and the viewer's own
  prompts in full (text, options, counts);
- the next move: the same answer (in a world resampled around the hidden cards it plays, if
  any) gives the same events visible to the viewer, kind for kind, and, when it turned no
  card up, states that again look the same (after a card was turned up, the next step
  compares states resampled with it known).

A difference in what an event says (a revealed card, a forced play), or in which events
follow once the move turned a card up, ends the comparison of that move: from there the
worlds differ by what the rules revealed. A difference in which events happen while nothing
was shown (an extra "does not counter", a step skipped) is a leak.
"""
from __future__ import annotations

from pydantic import BaseModel

from .errors import IllegalAction
from .game import BaseState, Game
from .models import Event, Prompt
from .playout import random_choice
from .rng import Rng


def _first_difference(a, b, path: str = "") -> str:
    """Where two JSON-like values first differ (for a readable failure)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for n, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{n}]")
    return f"{path or 'value'}: {str(a)[:200]} vs {str(b)[:200]}"


def _mask(obj, hidden: set[str]):
    """`obj` with every id in `hidden` replaced by "?": ids of cards the viewer could not see
    are arbitrary labels, so a card revealed under another id in the other world is the same."""
    if not hidden:
        return obj
    if isinstance(obj, str):
        return "?" if obj in hidden else obj
    if isinstance(obj, dict):
        return {_mask(k, hidden): _mask(v, hidden) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_mask(x, hidden) for x in obj]
    return obj


def prompt_shape(prompts: list[Prompt], viewer: str | None, hidden: set[str] = frozenset()) -> list:
    """What `viewer` learns from the open prompts: owner and kind of each, their own in full."""
    return [_mask(p.model_dump(mode="json"), hidden) if viewer is not None and p.player == viewer else (p.player, p.id)
            for p in prompts]


def compare_states(game: Game, real: BaseState, alt: BaseState, viewer: str | None, where: str,
                   hidden: set[str] = frozenset()) -> None:
    """`alt` must look exactly like `real` to `viewer` (and to the public); ids in `hidden`
    (hidden from the viewer before the last move) may differ."""
    for who in ([viewer] if viewer is None else [viewer, None]):
        mine = _mask(game.view(real, who).model_dump(mode="json"), hidden)
        theirs = _mask(game.view(alt, who).model_dump(mode="json"), hidden)
        assert mine == theirs, (f"{where}: the view of {who!r} depends on cards hidden from {viewer!r} "
                                f"(or the resampler changed what they know): {_first_difference(mine, theirs)}")
    real_shape, alt_shape = prompt_shape(game.prompts(real), viewer, hidden), prompt_shape(game.prompts(alt), viewer, hidden)
    assert real_shape == alt_shape, (f"{where}: the open prompts seen by {viewer!r} depend on hidden cards: "
                                     f"{real_shape} vs {alt_shape}")


def _seen(events: list[Event], viewer: str | None) -> list[Event]:
    return [e for e in events if e.visible_to(viewer)]


def compare_move(game: Game, real: BaseState, alt: BaseState, viewer: str | None, player: str, prompt_id: str,
                 choice: list[str], where: str) -> None:
    """The same answer in both worlds tells `viewer` the same thing (see the module docstring)."""
    hidden = game.hidden_ids(real, viewer)
    try:
        alt_after, alt_events = game.apply(alt, player, prompt_id, choice)
    except IllegalAction:
        return  # this answer exists only in the real world (it reveals what it plays)
    real_after, real_events = game.apply(real, player, prompt_id, choice)
    mine, theirs = _seen(real_events, viewer), _seen(alt_events, viewer)
    turned_up = bool(hidden - game.hidden_ids(real_after, viewer) or hidden - game.hidden_ids(alt_after, viewer))
    for n, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        if (a.kind, a.to) != (b.kind, b.to) and turned_up:
            return  # a card turned up (a Revolution shown, not a plain reveal): the rules showed it
        assert (a.kind, a.to) == (b.kind, b.to), (
            f"{where}: after {player} {prompt_id} {choice}, event {n} seen by {viewer!r} depends on hidden cards: "
            f"{a.kind} {a.text.en!r} vs {b.kind} {b.text.en!r}")
        if a.text != b.text or _mask(a.data, hidden) != _mask(b.data, hidden):
            return  # the event told a card (or its resource): the worlds now differ by what the rules showed
    assert len(mine) == len(theirs), (
        f"{where}: after {player} {prompt_id} {choice}, {viewer!r} sees {len(mine)} vs {len(theirs)} events: "
        f"{[e.text.en for e in mine]} vs {[e.text.en for e in theirs]}")
    where += f" (after {player} {prompt_id} {choice})"
    if turned_up:
        return  # the move turned cards up (a payment's resources, a Revolution): the next step compares again
    compare_states(game, real_after, alt_after, viewer, where, hidden)


def check_hidden_info(game: Game, players: list[str], options: BaseModel | dict | None, seed: int,
                      samples: int = 1, every: int = 1, max_actions: int = 20000) -> BaseState:
    """One random game; at every `every`-th step, `samples` resampled states per viewer are
    compared with the real one. Fails on the first difference; returns the final state."""
    state = game.setup(players, options, seed)
    rng = Rng(seed=seed).fork(11)
    for step in range(max_actions):
        prompts = game.prompts(state)
        if not prompts:
            return state
        prompt = rng.choice(prompts)
        choice = random_choice(prompt, rng)
        if step % every == 0:
            for viewer in [None, *state.players]:
                for n in range(samples):
                    alt = game.resample(state, viewer, rng)
                    if alt is None:
                        continue
                    where = f"{game.key} seed {seed} step {step} sample {n}"
                    compare_states(game, state, alt, viewer, where)
                    played = frozenset(choice) & game.hidden_ids(state, viewer) if prompt.player != viewer else frozenset()
                    if played:  # a move playing hidden cards: the other world holds the same ones
                        alt = game.resample(state, viewer, rng, keep=played)
                    compare_move(game, state, alt, viewer, prompt.player, prompt.id, choice, where)
        state, _ = game.apply(state, prompt.player, prompt.id, choice)
    raise AssertionError(f"game did not end within {max_actions} actions")

