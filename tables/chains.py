"""Two steps of one player in one click (fewer clicks), and forced moves.

A **chain** answers a player's open decision and the decision that follows it at once, when
nothing can happen in between that the player would want to see first: the follow-up is
again theirs alone, nothing random was drawn (the game's RNG is untouched), and no card the
player could not see before became visible to them (so offering the pair shows nothing early).
Guns & Steel's "play this card, then use its effect" and Ganymede's "remove this card, then
take that black card" are such pairs. An answer after which no such decision follows (a card
whose effect cannot be used now, a move that opens someone else's decision) gets no pairs: its
own control answers it in one click as before. The pairs are offered only while all of them fit
one select (25 options), so every answer that can be chained is in it with every next step.
When a third step may follow a pair in the same way and everything still fits one select, the
pair grows into every answer of that step (Guns & Steel's resource → progress → its effect,
with a small hand). Each step is still its own move in the log, applied under the table's lock
one after the other, and taken back one at a time.

Whether an answer has pairs tells the player nothing new: the next decision is computed from the
state after their own move, which holds nothing they could not see (no draw, no card newly
visible), and the games open other players' windows from public knowledge only.

A **forced move** is a decision with exactly one answer that the game marks public
(`Prompt.public`: everyone can know it is asked and what it offers), so answering it for the
player decides nothing and tells nobody anything; the table makes it at once, as Board Game
Arena does, with a public log line saying it was the only move. Like a move the turn clock
made, it stands (nobody takes it back, so neither can the move before it), but the game still
counts as played by its people.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.kit import Event, Game, IllegalAction, Prompt, T
from games.kit.trusted import clone

MAX_CHAINS = 25  # one select
MAX_STEPS = 3  # Guns & Steel: resource -> progress -> its effect (2: pairs only)
FORCED_EVENT = "forced"


@dataclass(frozen=True)
class Chain:
    """First answer `first` to `prompt`, then `second` to `then` (both single keys), then the
    answers in `more` to their prompts (a third step, when it fits)."""

    prompt: Prompt
    first: str
    then: Prompt
    second: str
    more: tuple[tuple[Prompt, str], ...] = ()

    @property
    def steps(self) -> list[tuple[Prompt, str]]:
        """Every (prompt, answer) of the chain in order."""
        return [(self.prompt, self.first), (self.then, self.second), *self.more]

    def indices(self) -> tuple[int, ...]:
        """Each answer's place among its prompt's options (what a select sends back)."""
        return tuple([o.key for o in prompt.options].index(key) for prompt, key in self.steps)


def chains(game: Game, state: Any, player: str) -> list[Chain]:
    """The chains of answers `player` may give in one click now: every pair of each answer
    whose next decision may be chained, grown into triples when those fit too ([] when there is
    none or the pairs would not fit one select). Only when the player owes exactly one
    decision, a single answer."""
    owed = [p for p in game.prompts(state) if p.player == player]
    if len(owed) != 1 or len(game.prompts(state)) != 1:
        return []
    prompt = owed[0]
    if not _single(prompt) or len(prompt.options) < 2:
        return []
    seen = _visible(game, state, player)
    out: list[Chain] = []
    after_first: dict[str, Any] = {}
    for option in prompt.options:
        found = _follow(game, state, player, prompt, option.key, seen)
        if found is None:
            continue  # answered by its own control; the select holds every pair of the others
        then, after_first[option.key] = found
        out += [Chain(prompt, option.key, then, o.key) for o in then.options]
        if len(out) > MAX_CHAINS:
            return []
    return _longer(game, after_first, player, out, seen) or out


def _longer(game: Game, after_first: dict[str, Any], player: str, pairs: list[Chain], seen: set[str]) -> list[Chain]:
    """The pairs with a third step where one may be chained after them, when all of that
    still fits one select ([] otherwise: the pairs alone are offered). Each pair grows into
    every answer of its third step, or stays a pair when none may follow. `after_first`: the
    state after each first answer, as `chains` found it."""
    if MAX_STEPS < 3:
        return []
    out: list[Chain] = []
    for pair in pairs:
        third = follow_up(game, after_first[pair.first], player, pair.then, pair.second, seen)
        if third is None:
            out.append(pair)
        else:
            out += [Chain(pair.prompt, pair.first, pair.then, pair.second, ((third, o.key),)) for o in third.options]
        if len(out) > MAX_CHAINS:
            return []
    return out if len(out) > len(pairs) else []


def follow_up(game: Game, state: Any, player: str, prompt: Prompt, key: str, seen: set[str] | None = None) -> Prompt | None:
    """The player's next decision after answering `prompt` with `key`, when it may be chained."""
    found = _follow(game, state, player, prompt, key, seen)
    return None if found is None else found[0]


def _follow(game: Game, state: Any, player: str, prompt: Prompt, key: str,
            seen: set[str] | None) -> tuple[Prompt, Any] | None:
    """`follow_up` and the state after the answer (a copy), from which a further step is tried."""
    copy = clone(state)
    try:
        game.step(copy, player, prompt.id, [key], events=False)
    except IllegalAction:
        return None
    if copy.rng != state.rng:
        return None
    after = game.prompts(copy)
    if len(after) != 1 or after[0].player != player or not _single(after[0]):
        return None
    if _visible(game, copy, player) - (seen if seen is not None else _visible(game, state, player)):
        return None
    return after[0], copy


def _single(prompt: Prompt) -> bool:
    return prompt.min == 1 and prompt.max == 1


def _visible(game: Game, state: Any, player: str) -> set[str]:
    return game.card_ids(state) - game.hidden_ids(state, player)


def forced(prompt: Prompt) -> list[str] | None:
    """The one answer of a public prompt that has no other, else None."""
    if not getattr(prompt, "public", False) or prompt.ordered:
        return None
    keys = [o.key for o in prompt.options]
    if prompt.min == len(keys) == prompt.max == 1:
        return keys
    if prompt.max == 0:
        return []
    return None


def forced_event(player: str) -> Event:
    """The public log line of a move the table made because it was the only one."""
    return Event(kind=FORCED_EVENT, text=T(f"{player} had only one possible move; the table made it.",
                                           f"{player}の選べる手は1つだけだったので、自動で行いました。"))
