"""Renaissance-only state and rules: VP tokens, honor tokens and the wonders' placement conditions.

Pure functions over a small pydantic sub-state (`RenState`) that the engine keeps in its
State when `set` is "renaissance" or "mixed". Nothing here knows about prompts: callers
ask `qualifying_wonders` and `honor_options`, then `place_honor` / `move_honor`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import Field

from games.kit import StateModel

ERAS = ("horse", "gunpowder", "oil", "earth", "space")
VP_TOKENS_TO_END = 15          # seed-R ゲームの終了: "勝利点トークンを15以上保持"
HONOR_TOKENS_PER_PLAYER = 5    # seed-R ゲームの準備 4: "栄誉トークンを５個ずつ"


@dataclass(frozen=True)
class TurnFacts:
    """What the active player did this turn, as the placement conditions need it (a plain
    record: the honor check builds one every turn)."""

    players: int
    resources_played: list[str] = field(default_factory=list)  # eras of resources played in the resource phase
    bought_era: str | None = None                               # era of the card bought this turn
    bought_with_conversion: bool = False                        # a conversion was used to pay for it
    newest_era_before_purchase: str | None = None               # newest era bought by anyone before this purchase
    unit_effect_used: bool = False                              # a unit's effect was applied (directly or via another card)
    tactic_effect_used: bool = False                            # a tactic's effect was applied (directly or via another card)
    recollected_vp: int = 0                                     # printed VP of the cards recollected this turn


class RenState(StateModel):
    """VP tokens and honor tokens. `honor` maps wonder id -> player -> tokens on it."""

    vp_tokens: dict[str, int] = Field(default_factory=dict)
    honor_supply: dict[str, int] = Field(default_factory=dict)
    honor: dict[str, dict[str, int]] = Field(default_factory=dict)

    @classmethod
    def start(cls, players: list[str], wonder_ids: list[str]) -> RenState:
        return cls(vp_tokens={p: 0 for p in players},
                   honor_supply={p: HONOR_TOKENS_PER_PLAYER for p in players},
                   honor={w: {} for w in wonder_ids})


# ---- VP tokens -----------------------------------------------------------------------

def gain_vp(ren: RenState, player: str, amount: int) -> None:
    ren.vp_tokens[player] = ren.vp_tokens.get(player, 0) + amount


def can_pay_vp(ren: RenState, player: str, amount: int) -> bool:
    return ren.vp_tokens.get(player, 0) >= amount


def pay_vp(ren: RenState, player: str, amount: int) -> None:
    """Return tokens to the public supply; callers offer this only when affordable."""
    if not can_pay_vp(ren, player, amount):
        raise ValueError(f"{player} cannot pay {amount} VP tokens")
    ren.vp_tokens[player] -= amount


def token_end_reached(ren: RenState) -> bool:
    """seed-R: a player holding 15+ ends the game at the end of that turn."""
    return any(v >= VP_TOKENS_TO_END for v in ren.vp_tokens.values())


# ---- placement conditions -------------------------------------------------------------

def _era_index(era: str) -> int:
    return ERAS.index(era)


def condition_met(condition: str, params: dict, facts: TurnFacts) -> bool:
    """One wonder's placement condition (data: `condition` + `params`) against this turn."""
    if condition == "played_resource":
        return any(e in params["eras"] for e in facts.resources_played)
    if condition == "unit_effect_used":
        return facts.unit_effect_used
    if condition == "tactic_effect_used":
        return facts.tactic_effect_used
    if condition == "no_purchase":
        return facts.bought_era is None
    if condition == "bought_older_era":
        return (facts.bought_era is not None and facts.newest_era_before_purchase is not None
                and _era_index(facts.bought_era) < _era_index(facts.newest_era_before_purchase))
    if condition == "bought_with_conversion":
        return facts.bought_era is not None and facts.bought_with_conversion
    if condition == "recollected_vp":
        need = params["by_players"][str(facts.players)]
        return facts.recollected_vp >= need
    raise ValueError(f"unknown wonder condition {condition!r}")


CONDITIONS = ("played_resource", "unit_effect_used", "tactic_effect_used", "no_purchase",
              "bought_older_era", "bought_with_conversion", "recollected_vp")


# ---- honor tokens -----------------------------------------------------------------------

def tokens_on(ren: RenState, wonder: str, player: str) -> int:
    return ren.honor.get(wonder, {}).get(player, 0)


def honor_moves(ren: RenState, player: str, qualifying: list[str]) -> list[tuple[str | None, str]]:
    """Every legal honor action this turn as (from_wonder or None = supply, to_wonder).

    With a token in supply the player must place one (no moves offered). With all five
    out, they may move one from another wonder (the caller adds a "don't move" option).
    """
    if not qualifying:
        return []
    if ren.honor_supply.get(player, 0) > 0:
        return [(None, w) for w in qualifying]
    moves: list[tuple[str | None, str]] = []
    for src, by in ren.honor.items():
        if by.get(player, 0) <= 0:
            continue
        for dst in qualifying:
            if dst != src:
                moves.append((src, dst))
    return moves


def place_honor(ren: RenState, player: str, wonder: str, source: str | None, honor_needed: int) -> bool:
    """Put one of `player`'s tokens on `wonder` (from supply or from `source`).

    Returns True when the player now has enough tokens there to take the wonder; the caller
    then calls `release_wonder` and moves the card.
    """
    if source is None:
        if ren.honor_supply.get(player, 0) <= 0:
            raise ValueError("no honor token in supply")
        ren.honor_supply[player] -= 1
    else:
        if tokens_on(ren, source, player) <= 0:
            raise ValueError("no honor token there")
        ren.honor[source][player] -= 1
        if ren.honor[source][player] == 0:
            del ren.honor[source][player]
    ren.honor.setdefault(wonder, {})
    ren.honor[wonder][player] = ren.honor[wonder].get(player, 0) + 1
    return ren.honor[wonder][player] >= honor_needed


def release_wonder(ren: RenState, wonder: str) -> dict[str, int]:
    """The wonder leaves the table: every token on it goes back to its owner's supply."""
    returned = dict(ren.honor.pop(wonder, {}))
    for p, n in returned.items():
        ren.honor_supply[p] = ren.honor_supply.get(p, 0) + n
    return returned
