"""The computer players' evaluation of a running game for one seat, in [0, 1], and the cheap
policy their rollouts play.

The evaluation is a logistic regression of the chance to win on a few features of the position
(`features`), fitted to the results of thousands of games (bench/fit_sutosute_eval.py; the
weights and how they were fitted are in evaluation.json). Points decide the game (a target and a
lead), so the lead counts, more as the leader nears the target; the hands count too: what each
player's best card is expected to gain next round against the other's hand at the current dice
(a hand that wins at these dice is worth points soon). Every feature is a difference between the
two players, so the two seats' estimates add up to 1.

The rollout policy plays as a decent person would without thinking long: place the card with
the best expected power difference against the cards the other player may hold (the dice are
public), declare Revolution as the kind that does best against them, always extend a combo
(it only adds points), and discard the weakest card on a draw. It is randomised a little, so
rollouts still explore.
"""
from __future__ import annotations

import json
import math
from functools import cache, lru_cache
from pathlib import Path

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


FEATURES = ("lead", "lead_near", "prospects", "prospects_near", "cards")
WEIGHTS_FILE = Path(__file__).with_name("evaluation.json")


def features(state: State, player: str) -> tuple[float, ...]:
    """The position as the evaluation sees it, each a difference `player` minus the other:
    the point lead; the lead times nearness (0 early, 1 when the leader is at the target);
    the hand prospects (best card's expected gain next round) and the same times nearness;
    and the cards in hand."""
    other = _other(state, player)
    mine, theirs = state.scores[player], state.scores[other]
    lead = mine - theirs
    nearness = max(mine, theirs) / max(state.options.target(), 1)
    dice = _dice(state)
    prospects = _best_edge(state, player, dice) - _best_edge(state, other, dice)
    cards = len(state.hands.get(player, [])) - len(state.hands.get(other, []))
    return (lead, lead * nearness, prospects, prospects * nearness, cards)


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights, in the order of FEATURES (evaluation.json says how they were fitted)."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    by_name = data["weights"]
    if set(by_name) != set(FEATURES):
        raise ValueError(f"{WEIGHTS_FILE.name} weighs {sorted(by_name)}, the evaluation computes {sorted(FEATURES)}")
    return tuple(float(by_name[name]) for name in FEATURES)


def evaluate(state: State, player: str) -> float:
    x = sum(w * f for w, f in zip(weights(), features(state, player), strict=True))
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
