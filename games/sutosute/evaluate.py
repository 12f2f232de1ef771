"""The computer players' evaluation of a running game for one seat, in [0, 1], and the cheap
policy their rollouts play.

Points decide the game (a target and a lead), so the estimate is a logistic of the point
difference, sharpened as the leader nears the target. The hands count too: what each player's
best card is expected to gain next round against the other's hand at the current dice (a hand
that wins at these dice is worth points soon), and a card more in hand is worth a little.

The rollout policy plays as a decent person would without thinking long: place the card with
the best expected power difference against the cards the other player may hold (the dice are
public), declare Revolution as the kind that does best against them, always extend a combo
(it only adds points), and discard the weakest card on a draw. It is randomised a little, so
rollouts still explore.
"""
from __future__ import annotations

import math
from functools import lru_cache

from games.kit import Prompt, Rng

from .data import DICE, KINDS, REVOLUTION
from .power import base_power
from .state import State

ROLLOUT_DEPTH = 4  # the rest of the round; the evaluation (lead and hand prospects) takes over from there
EXPLORE_PERCENT = 20  # rollouts pick a random answer this often instead of the policy's


# ---- expected power differences --------------------------------------------------------

def _as_played(kind: str) -> str | None:
    """An opponent's Revolution is counted undeclared (power 2) for speed."""
    return None if kind == REVOLUTION else kind


@lru_cache(maxsize=65536)
def _edge(kind: str | None, against: tuple[str, ...], dice: tuple[int, int, int]) -> float:
    """Mean power difference of playing `kind` (None: undeclared) against each kind in `against`."""
    if not against:
        return 0.0
    d = dict(zip(DICE, dice, strict=True))
    total = 0
    for o in against:
        opp = _as_played(o)
        total += base_power(kind, opp, d) - base_power(opp, kind, d)
    return total / len(against)


@lru_cache(maxsize=65536)
def card_edge(kind: str, against: tuple[str, ...], dice: tuple[int, int, int]) -> float:
    """What playing `kind` is expected to gain in points (Revolution: its best declaration)."""
    if kind == REVOLUTION:
        return max(_edge(k, against, dice) for k in (*KINDS, None))
    return _edge(kind, against, dice)


@lru_cache(maxsize=65536)
def best_declaration(against: tuple[str, ...], dice: tuple[int, int, int], undeclared: bool) -> str:
    choices = (*KINDS, None) if undeclared else KINDS
    best = max(choices, key=lambda k: _edge(k, against, dice))
    return "none" if best is None else best


def _dice(state: State) -> tuple[int, int, int]:
    return tuple(state.dice.get(d, 1) for d in DICE)  # type: ignore[return-value]


def _kinds(state: State, cards: list[str]) -> tuple[str, ...]:
    return tuple(sorted(state.cards[c] for c in cards))


def _other(state: State, player: str) -> str:
    a, b = state.players
    return b if player == a else a


def _their_cards(state: State, player: str) -> tuple[str, ...]:
    """The kinds `player`'s opponent may play (in a determinized state: their hand and placed card)."""
    o = _other(state, player)
    cards = list(state.hands.get(o, []))
    if o in state.placed:
        cards.append(state.placed[o])
    return _kinds(state, cards)


# ---- the evaluation ------------------------------------------------------------------

def _best_edge(state: State, player: str, dice: tuple[int, int, int]) -> float:
    against = _their_cards(state, player)
    hand = set(state.cards[c] for c in state.hands.get(player, []))
    return max((card_edge(k, against, dice) for k in hand), default=0.0)


def evaluate(state: State, player: str) -> float:
    other = _other(state, player)
    lead = state.scores[player] - state.scores[other]
    target = max(state.options.target(), 1)
    nearness = max(state.scores[player], state.scores[other]) / target  # 0 early, 1 at the target
    cards = len(state.hands.get(player, [])) - len(state.hands.get(other, []))
    dice = _dice(state)
    prospects = _best_edge(state, player, dice) - _best_edge(state, other, dice)
    x = 0.25 * (1.0 + nearness) * (lead + 0.3 * prospects) + 0.1 * cards
    return 1.0 / (1.0 + math.exp(-x))


# ---- the rollout policy -------------------------------------------------------------------

def rollout_choice(state: State, prompt: Prompt, rng: Rng) -> list[str] | None:
    """A sensible answer for the rollouts, or None for a uniformly random one."""
    if rng.below(100) < EXPLORE_PERCENT:
        return None
    pid, player = prompt.id, prompt.player
    if pid in ("place", "discard"):
        against = _their_cards(state, player)
        dice = _dice(state)
        scored = [(card_edge(state.cards[o.key], against, dice), o.key) for o in prompt.options]
        pick = max(scored) if pid == "place" else min(scored)
        return [pick[1]]
    if pid == "declare":
        return [best_declaration(_their_cards(state, player), _dice(state), state.options.revolution_undeclared)]
    if pid == "combo":
        reveal = [o.key for o in prompt.options if o.key != "stop"]
        return [reveal[0]] if reveal else ["stop"]
    return None


def action_key(state: State, pid: str, choice: tuple[str, ...]) -> tuple[str, ...]:
    """An answer as the search should count it: by card kind, not card id. Determinizations
    deal the unseen ids to other kinds, so the other player's "c05" is a different card in
    each; two copies of a kind play alike. A combo card from the discard stays apart."""
    if pid not in ("place", "discard", "combo", "draw"):
        return choice
    hand = state.hands.get(state.winner or "", ()) if pid == "combo" else ()
    return tuple(state.cards[c] if c in state.cards and (pid != "combo" or c in hand) else
                 f"discard:{state.cards[c]}" if c in state.cards else c for c in choice)
