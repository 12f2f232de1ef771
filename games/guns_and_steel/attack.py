"""Attacks (seed-B/seed-R 攻撃ルール): a unit's effect attacks every other player.

1. Each defender, clockwise from the attacker's left, may play counter-icon cards from hand
   (their effects are not applied) and deplete own resources whose front is a unit or tactic.
   The counter window opens for every defender who might hold such a card by public
   knowledge (not only for those who do), with a one-click "No counter"; a player may choose
   never to be asked again this game.
2. Then the attacker's military is compared with each defender's: less = "lost", equal =
   "tie", more = "held" (attacks beat strictly weaker players, notes A8).
3. The unit's effect hook `on_defender` runs per defender in turn order (choices belong to
   the affected player), then `after_attack` once. The attacker never suffers (Q3: the
   attacker cannot deplete resources to add military).
"""
from __future__ import annotations

from games.kit import Option, T, opt

from . import field
from .cards import card
from .effects import EFFECTS
from .flow import Events, TaskHandler, make_prompt, push, push_seq, quiet, say, task
from .knowledge import might_counter
from .state import AttackState, State, Task


def others_in_order(state: State, player: str) -> list[str]:
    """The other players clockwise, starting at `player`'s left neighbour."""
    i = state.order.index(player)
    return state.order[i + 1:] + state.order[:i]


def start_attack(state: State, attacker: str, card_key: str, events: Events) -> None:
    if state.attack is not None:
        raise RuntimeError("an attack is already being resolved")
    c = card(card_key)
    state.attack = AttackState(attacker=attacker, card=card_key, effect=c.effect_kind, params=dict(c.effect.params))
    if not quiet(events):
        say(events, "attack", f"{attacker} attacks everyone with {c.name.en} (military {field.military(state, attacker)}).",
            f"{attacker}が《{c.name.ja}》で全員を攻撃します（軍事力{field.military(state, attacker)}）。", card=card_key)
    defenders = others_in_order(state, attacker)
    push_seq(state, [*(task("counter", d) for d in defenders), task("compare", attacker),
                     *(task("defend", d) for d in defenders), task("attack_end", attacker)])


NEVER_COUNTER = "counter"   # the window a player may ask never to be shown (State.never_ask)


def counter_candidates(state: State, player: str) -> list[str]:
    """Counter-icon cards in hand, then own resources whose front is a unit or tactic."""
    from_hand = [c for c in field.hand(state, player) if field.info(state, c).counter.value]
    from_field = [c for c in field.resources(state, player) if field.info(state, c).kind in ("unit", "tactic")]
    return field.distinct_by_card(state, from_hand) + field.distinct_by_card(state, from_field)


NONE, NEVER = "none", "never"
# The window's fixed answers (options are frozen: built once, shared by every prompt).
DONE_COUNTERING = opt(NONE, "Done countering", "反撃を終える", passes=True)
NO_COUNTER = opt(NONE, "No counter", "反撃しない", passes=True)
NEVER_ASK_COUNTER = opt(NEVER, "No — and don't ask me about counters again this game",
                        "しない（このゲームでは今後反撃を尋ねない）")


def _counter_prompt(state: State, t: Task):
    """The counter window opens for every defender who, by public knowledge, might hold a
    counter (knowledge.might_counter), unless they asked never to be asked: whether they can
    answer is theirs to know. One card per answer; the window stays open until "none"/"done"."""
    if NEVER_COUNTER in state.never_ask.get(t.player, []) or not might_counter(state, t.player):
        return None
    atk = state.attack
    assert atk is not None
    hand = set(field.hand(state, t.player))
    options = []
    for cid in counter_candidates(state, t.player):
        c = field.info(state, cid)
        where = T(f" — play from hand (+{c.military.value})", f" — 手札から反撃（+{c.military.value}）") if cid in hand else \
            T(f" — deplete your resource (+{c.military.value})", f" — 資源を消費して公開（+{c.military.value}）")
        options.append(Option(key=cid, label=c.label + where))
    options.append(DONE_COUNTERING if t.data.get("played", 0) else NO_COUNTER)
    options.append(NEVER_ASK_COUNTER)
    mine = field.military(state, t.player)
    return make_prompt(t, T(f"Counter window: {atk.attacker} attacks with military {field.military(state, atk.attacker)}; "
                            f"yours is {mine}. Counter with a card?",
                            f"反撃の機会：{atk.attacker}が軍事力{field.military(state, atk.attacker)}で攻撃しています"
                            f"（あなたは{mine}）。カードで反撃しますか？"), options,
                       window=T("counter window", "反撃の機会"))


def _counter_resolve(state: State, t: Task, choice: list[str], events: Events) -> None:
    cid = choice[0]
    if cid in (NONE, NEVER):
        if not t.data.get("played"):
            say(events, "counter", f"{t.player} does not counter.", f"{t.player}は反撃しません。")
        if cid == NEVER:
            state.never_ask.setdefault(t.player, []).append(NEVER_COUNTER)
            say(events, "never_ask", f"{t.player} will not be asked about counters again this game.",
                f"{t.player}はこのゲームでは今後、反撃を尋ねられません。", player=t.player)
        return
    c = field.info(state, cid)
    if cid in field.hand(state, t.player):
        field.to_field(state, t.player, cid, up=True)
        say(events, "counter", f"{t.player} counters with {c.name.en} from hand.", f"{t.player}は手札から《{c.name.ja}》で反撃。",
            card=c.id)
    else:
        field.deplete(state, t.player, cid)
        say(events, "counter", f"{t.player} depletes their {c.resource} resource: {c.name.en}.",
            f"{t.player}は資源を消費して《{c.name.ja}》を公開。", card=c.id)
    push(state, task("counter", t.player, played=t.data.get("played", 0) + 1))


COUNTER_HANDLER = TaskHandler(prompt=_counter_prompt, resolve=_counter_resolve)


def _compare(state: State, t: Task, events: Events) -> None:
    atk = state.attack
    assert atk is not None
    atk.military = field.military(state, atk.attacker)
    for d in others_in_order(state, atk.attacker):
        mil = field.military(state, d)
        atk.defenders[d] = mil
        atk.result[d] = "lost" if mil < atk.military else "tie" if mil == atk.military else "held"
    if quiet(events):
        return
    parts_en = ", ".join(f"{d} {m} ({ {'lost': 'loses', 'tie': 'tie, holds', 'held': 'holds'}[atk.result[d]] })"
                         for d, m in atk.defenders.items())
    parts_ja = "、".join(f"{d} {m}（{ {'lost': '敗北', 'tie': '同点', 'held': '阻止'}[atk.result[d]] }）"
                        for d, m in atk.defenders.items())
    say(events, "compare", f"Attack {atk.military}: {parts_en}.", f"攻撃{atk.military}：{parts_ja}。",
        result=dict(atk.result))


def _defend(state: State, t: Task, events: Events) -> None:
    atk = state.attack
    assert atk is not None
    eff = EFFECTS.get(atk.effect)
    if eff is not None:
        eff.on_defender(state, atk, t.player, events)


def _attack_end(state: State, t: Task, events: Events) -> None:
    atk = state.attack
    assert atk is not None
    eff = EFFECTS.get(atk.effect)
    if eff is not None:
        eff.after_attack(state, atk, events)
    state.attack = None


COMPARE_HANDLER = TaskHandler(run=_compare)
DEFEND_HANDLER = TaskHandler(run=_defend)
ATTACK_END_HANDLER = TaskHandler(run=_attack_end)


# ---- giving a wonder (a base penalty) ------------------------------------------------------

def _give_prompt(state: State, t: Task):
    wonders = state.seats[t.player].wonders
    if len(wonders) <= 1:
        return None
    from .cards import wonder
    return make_prompt(t, T(f"You lost: give {t.data['to']} which wonder?", f"敗北：{t.data['to']}にどの世界遺産を渡しますか"),
                       [Option(key=w, label=wonder(w).label) for w in wonders])


def give_wonder(state: State, loser: str, to: str, w: str, events: Events) -> None:
    from .cards import wonder
    state.seats[loser].wonders.remove(w)
    state.seats[to].wonders.append(w)
    say(events, "wonder_taken", f"{loser} gives {wonder(w).name.en} to {to}.", f"{loser}は〈{wonder(w).name.ja}〉を{to}に渡しました。",
        wonder=w)


def _give_run(state: State, t: Task, events: Events) -> None:
    wonders = state.seats[t.player].wonders
    if wonders:
        give_wonder(state, t.player, t.data["to"], wonders[0], events)


GIVE_WONDER_HANDLER = TaskHandler(prompt=_give_prompt, run=_give_run,
              resolve=lambda s, t, c, e: give_wonder(s, t.player, t.data["to"], c[0], e))
