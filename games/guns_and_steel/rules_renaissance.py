"""The Renaissance set's turn and scoring rules (seed-R), plugged into the engine's set hooks.

End phase: recollection with 0–1 cards in hand, then **every turn** the honor check (one
token on one wonder whose placement condition this turn met; with all five out, optionally
move one from another wonder); a wonder is taken as soon as a player has its honor number
of tokens on it. The game ends at the end of the turn in which the last space card was
bought, the last wonder was taken or someone came to hold 15+ VP tokens (notes A3). Score:
cards + wonders + VP tokens.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.kit import Option, T, opt

from .cards import all_wonders, wonder
from .effects_renaissance import take_ren_wonder, tokens
from .flow import Events, TaskHandler, make_prompt, say, task
from .renaissance import RenState, TurnFacts, condition_met, honor_moves, place_honor, token_end_reached
from .sets import BaseRules
from .state import State, Task
from .turn import trigger_end


def _facts_key(state: State) -> tuple:
    """`TurnFacts`' fields in order, hashable."""
    r = state.record
    return (len(state.players), tuple(r.resources_played), r.bought_era, r.bought_with_conversion,
            r.newest_era_before_purchase, r.unit_effects > 0, r.tactic_effects > 0, r.recollected_vp)


def qualifying(state: State) -> list[str]:
    """Wonders on the table whose placement condition the active player met this turn."""
    met = _met_by(_facts_key(state))
    return [w for w in state.table_wonders if w in met]


@lru_cache(maxsize=4096)
def _met_by(facts_key: tuple) -> frozenset[str]:
    """Every Renaissance wonder (one with an honor number) whose condition these facts meet.
    Memoised by the facts alone, not the table: turns repeat the same few facts in every game."""
    facts = TurnFacts(facts_key[0], list(facts_key[1]), *facts_key[2:])
    return frozenset(w.id for w in all_wonders().values() if w.honor_needed is not None
                     and condition_met(w.condition.value, w.condition.params, facts))


def _moves(state: State, player: str) -> list[tuple[str | None, str]]:
    assert state.ren is not None
    return honor_moves(state.ren, player, qualifying(state))


def _honor_prompt(state: State, t: Task):
    moves = _moves(state, t.player)
    placing = bool(moves) and moves[0][0] is None
    if not moves or (placing and len(moves) == 1):
        return None
    if placing:
        return make_prompt(t, T("Honor: you met the placement condition of several wonders; place one honor token on:",
                                "栄誉：複数の世界遺産の配置条件を満たしました。栄誉トークン1個を配置する世界遺産："),
                           [Option(key=dst, label=_wonder_label(state, t.player, dst)) for _, dst in moves])
    options = [Option(key=f"{src}>{dst}", label=T("Move a token: ", "トークンを移動：") + wonder(src).label
                      + T(" → ", "→") + _wonder_label(state, t.player, dst)) for src, dst in moves]
    options.append(KEEP_TOKENS)
    return make_prompt(t, T("Honor: all five of your tokens are out; move one to a wonder whose condition you met?",
                            "栄誉：トークン5個をすべて配置済みです。条件を満たした世界遺産へ1個移動しますか"), options)


KEEP_TOKENS = opt("keep", "Keep my tokens where they are", "移動しない", passes=True)


def _wonder_label(state: State, player: str, w: str):
    assert state.ren is not None
    have = state.ren.honor.get(w, {}).get(player, 0)
    need = wonder(w).honor_needed.value if wonder(w).honor_needed else 0
    return wonder(w).label + T(f" ({have}/{need} of yours, {wonder(w).vp.value} VP)", f"（あなた{have}/{need}、{wonder(w).vp.value}VP）")


def place(state: State, player: str, src: str | None, dst: str, events: Events) -> None:
    assert state.ren is not None
    need = wonder(dst).honor_needed.value if wonder(dst).honor_needed else 3
    complete = place_honor(state.ren, player, dst, src, need)
    w = wonder(dst)
    if src is None:
        say(events, "honor", f"{player} places an honor token on {w.name.en}.", f"{player}は〈{w.name.ja}〉に栄誉トークンを配置。",
            wonder=dst)
    else:
        say(events, "honor", f"{player} moves an honor token from {wonder(src).name.en} to {w.name.en}.",
            f"{player}は〈{wonder(src).name.ja}〉から〈{w.name.ja}〉へ栄誉トークンを移動。", wonder=dst, source=src)
    if complete:
        take_ren_wonder(state, player, dst, events)


def _honor_run(state: State, t: Task, events: Events) -> None:
    moves = _moves(state, t.player)
    if moves and moves[0][0] is None:       # a token in supply must be placed
        place(state, t.player, None, moves[0][1], events)


def _honor_resolve(state: State, t: Task, choice: list[str], events: Events) -> None:
    c = choice[0]
    if c == "keep":
        say(events, "honor", f"{t.player} keeps their honor tokens where they are.", f"{t.player}は栄誉トークンを移動しません。")
    elif ">" in c:
        src, dst = c.split(">", 1)
        place(state, t.player, src, dst, events)
    else:
        place(state, t.player, None, c, events)


REN_HONOR_HANDLER = TaskHandler(prompt=_honor_prompt, run=_honor_run, resolve=_honor_resolve)


class RenaissanceRules(BaseRules):
    key = "renaissance"
    card_sets = ("renaissance",)
    wonder_sets = ("renaissance",)
    ends_immediately = False

    def init_extra(self, state: State) -> None:
        state.ren = RenState.start(list(state.players), list(state.table_wonders))

    def end_phase(self, state: State) -> list[Task]:
        p = state.active
        steps = [task("recollect", p)] if len(state.seats[p].hand) <= 1 else []
        return [*steps, task("ren_honor", p)]

    def end_of_turn(self, state: State, events: Events) -> None:
        if state.ren is not None and token_end_reached(state.ren):
            trigger_end(state, "tokens", events)

    def score_extra(self, state: State, player: str) -> int:
        return tokens(state, player)

    def view_extra(self, state: State, viewer: str | None) -> dict[str, Any]:
        if state.ren is None:
            return {}
        return {"vp_tokens": dict(state.ren.vp_tokens), "honor_supply": dict(state.ren.honor_supply),
                "honor": {w: dict(by) for w, by in state.ren.honor.items() if w in state.table_wonders and by},
                "honor_needed": {w: wonder(w).honor_needed.value for w in state.table_wonders if wonder(w).honor_needed}}

    def render_extra(self, extra: dict[str, Any], lang: str) -> list[str]:
        if not extra:
            return []
        ja = lang == "ja"
        sep = "、" if ja else ", "
        toks = sep.join(f"{p} {n}" for p, n in extra["vp_tokens"].items())
        supply = sep.join(f"{p} {n}" for p, n in extra["honor_supply"].items())
        lines = [("勝利点トークン：" if ja else "VP tokens: ") + toks,
                 ("手元の栄誉トークン：" if ja else "Honor tokens not yet placed: ") + supply]
        players = len(extra["vp_tokens"])
        for w, need in extra["honor_needed"].items():
            on = extra["honor"].get(w, {})
            who = sep.join(f"{p} {n}" for p, n in on.items()) or "—"
            name = wonder(w).name.ja if ja else wonder(w).name.en
            cond = wonder(w).condition
            here = ""
            if cond.value == "recollected_vp":       # the printed condition lists every player count
                vp = cond.params["by_players"][str(players)]
                here = f"（{players}人：回収{vp}VP以上）" if ja else f" (with {players} players: recollect {vp}+ VP)"
            lines.append(f"  〈{name}〉栄誉{need}{here} — 配置済み：{who}" if ja
                         else f"  {name} (honor {need}){here} — tokens on it: {who}")
        return lines

