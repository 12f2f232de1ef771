"""The turn (seed-B/seed-R 手番の流れ): resource, progress, purchase and end phase, as tasks.

Resource and progress phase: play one hand card if you can (Q2: with no cards, both are
skipped; with one, it is played without asking, which everyone can see). The progress card's
effect may be used or not, and then fully; Flanking, Blitzkrieg and Satellite must be used
(Q5). Purchase: at
most one card. End phase: the set's steps (base: wonder check and recollection with 0–1
cards in hand); unspent energy lapses.
"""
from __future__ import annotations

from functools import lru_cache

from games.kit import Option, T, Text
from games.kit.words import count

from . import field
from .cards import TYPE_NAMES, card, energy_name
from .effects import effect_task
from .flow import Events, TaskHandler, make_prompt, push, push_seq, quiet, say, task
from .sets import rules_for
from .state import State, Task, new_turn_record


def finish(state: State, reason: str, events: Events) -> None:
    state.finished = True
    state.end_reason = reason
    state.tasks = []
    state.attack = None
    state.energy = {}
    text = end_reason_text(reason)
    say(events, "game_end", f"The game ends: {text.en}.", f"ゲーム終了（{text.ja}）。", reason=reason)


END_REASONS = {"space": ("the last space-era card was bought", "最後の宇宙時代カードの購入"),
               "wonders": ("the last wonder was taken", "最後の世界遺産の獲得"),
               "tokens": ("a player has 15 or more VP tokens", "勝利点トークン15以上"),
               "round_limit": ("the round limit was reached", "ラウンド上限")}


def end_reason_text(reason: str | None) -> Text:
    en, ja = END_REASONS.get(reason or "", (reason or "", reason or ""))
    return T(en, ja)


def trigger_end(state: State, reason: str, events: Events) -> None:
    """An end condition is met: base ends at once (notes A3), Renaissance at the end of the turn."""
    if rules_for(state).ends_immediately:
        finish(state, reason, events)
    elif state.end_pending is None:
        state.end_pending = reason


def start_turn(state: State, events: Events) -> None:
    limit = state.options.max_rounds
    if limit is not None and state.turn >= limit * len(state.players):
        finish(state, "round_limit", events)
        return
    if state.turn > 0:
        state.active = state.order[(state.order.index(state.active) + 1) % len(state.order)]
    state.turn = state.turn + 1
    state.record = new_turn_record()
    state.energy = {}
    p = state.active
    if not quiet(events):
        say(events, "turn", f"Turn {state.turn}: {p}.", f"第{state.turn}手番：{p}。", player=p)
    state.tasks.extend(_turn_steps(p))


@lru_cache(maxsize=64)
def _turn_steps(player: str) -> tuple[Task, ...]:
    """A turn's phases as `push_seq` stacks them (last = next): tasks are never changed once
    pushed, so the same four serve every turn of this player."""
    return tuple(reversed([task("resource", player), task("progress", player), task("purchase", player),
                           task("end", player)]))


def _hand_options(state: State, player: str, resource_side: bool) -> list[Option]:
    """One option per distinct card of a hand (hands seldom repeat, so the list is built each
    time; the options themselves are shared)."""
    cards = state.cards
    hand = state.seats[player].hand
    keys = [cards[cid] for cid in hand]
    if len(set(keys)) == len(keys):         # the usual hand: no two copies of a card
        return [_hand_option(cid, key, resource_side) for cid, key in zip(hand, keys, strict=True)]
    seen: set[str] = set()
    out = []
    for cid in hand:
        key = cards[cid]
        if key not in seen:
            seen.add(key)
            out.append(_hand_option(cid, key, resource_side))
    return out


@lru_cache(maxsize=8192)
def _hand_option(cid: str, key: str, resource_side: bool) -> Option:
    c = card(key)
    if resource_side:
        label = T(f"{energy_name(c.resource).en} resource — {c.name.en} (VP {c.vp.value})",
                  f"{energy_name(c.resource).ja}の資源 — {c.name.ja}（{c.vp.value}VP）")
    else:
        kind = TYPE_NAMES[c.kind]
        label = c.label + T(f" [{kind[0]}, military {c.military.value}]", f"［{kind[1]}、軍事力{c.military.value}］")
    return Option(key=cid, label=label, detail=T(c.effect.en, c.effect.ja))


# ---- setup: the 3rd/4th player's (2 players: the 2nd player's) initial resource --------------

def play_resource(state: State, player: str, cid: str, events: Events, phase: bool = True) -> None:
    field.to_field(state, player, cid, up=False)
    res = field.info(state, cid).resource
    if phase:
        state.record.resources_played.append(res)
    if quiet(events):
        return
    article = "an" if res in ("iron", "oil", "earth") else "a"
    say(events, "resource", f"{player} plays {article} {energy_name(res).en} resource.", f"{player}は{energy_name(res).ja}の資源をプレイ。",
        player=player, resource=res)


def _initial_prompt(state: State, t: Task):
    return make_prompt(t, T("Before the game: place one card of your hand as a resource.",
                            "ゲーム開始前：手札1枚を資源として場に置いてください。"), _hand_options(state, t.player, True))


INITIAL_RESOURCE_HANDLER = TaskHandler(prompt=_initial_prompt,
              resolve=lambda s, t, c, e: play_resource(s, t.player, c[0], e, phase=False))


# ---- resource and progress phase ------------------------------------------------------

def _phase_prompt(resource_side: bool):
    def prompt(state: State, t: Task):
        if len(field.hand(state, t.player)) <= 1:   # one card: it must be played (everyone can see that)
            return None
        return make_prompt(t, text, _hand_options(state, t.player, resource_side))
    text = T("Resource phase: play one card as a resource.", "資源フェイズ：1枚を資源としてプレイ。") if resource_side else \
        T("Progress phase: play one card face up.", "進歩フェイズ：1枚を進歩（表面）としてプレイ。")
    return prompt


# Q5: once played, these tactics' effects must be applied as far as possible (no "do not use").
MUST_APPLY = frozenset({"flanking", "blitzkrieg", "satellite"})


def play_progress(state: State, player: str, cid: str, events: Events) -> None:
    field.to_field(state, player, cid, up=True)
    c = field.info(state, cid)
    if not quiet(events):
        say(events, "progress", f"{player} plays {c.name.en}.", f"{player}は《{c.name.ja}》をプレイ。", player=player, card=c.id)
    push(state, effect_task(player, c.id, cid, mandatory=c.id in MUST_APPLY))


def _phase_run(resource_side: bool):
    def run(state: State, t: Task, events: Events) -> None:
        hand = field.hand(state, t.player)
        if not hand:
            say(events, "skip", f"{t.player} has no card to play.", f"{t.player}は手札がありません。")
            return
        (play_resource if resource_side else play_progress)(state, t.player, hand[0], events)
    return run


RESOURCE_HANDLER = TaskHandler(prompt=_phase_prompt(True), run=_phase_run(True),
              resolve=lambda s, t, c, e: play_resource(s, t.player, c[0], e))
PROGRESS_HANDLER = TaskHandler(prompt=_phase_prompt(False), run=_phase_run(False),
              resolve=lambda s, t, c, e: play_progress(s, t.player, c[0], e))


# ---- end phase ------------------------------------------------------------------------

def _end_run(state: State, t: Task, events: Events) -> None:
    push_seq(state, [*rules_for(state).end_phase(state), task("turn_end", t.player)])


def _turn_end(state: State, t: Task, events: Events) -> None:
    state.energy = {}
    rules_for(state).end_of_turn(state, events)
    if state.end_pending and not state.finished:
        finish(state, state.end_pending, events)


END_HANDLER = TaskHandler(run=_end_run)
TURN_END_HANDLER = TaskHandler(run=_turn_end)


def _recollect(state: State, t: Task, events: Events) -> None:
    """Every face-up civilisation card goes back to hand (then resources by choice)."""
    ups = field.face_up(state, t.player)
    for cid in ups:
        field.return_to_hand(state, t.player, cid)
    state.record.recollected.extend(ups)
    state.record.recollected_vp = state.record.recollected_vp + sum(field.info(state, c).vp.value for c in ups)
    if ups:
        say(events, "recollect", f"{t.player} takes {count(len(ups), 'face-up card')} back to hand.",
            f"{t.player}は表のカード{len(ups)}枚を手札に戻しました。")
    if field.resources(state, t.player):
        push(state, task("take_back", t.player))


def _take_back_prompt(state: State, t: Task):
    options = [_take_back_option(c, state.cards[c]) for c in field.resources(state, t.player)]
    return make_prompt(t, T("Take which resources back to hand? (any number, none is fine)",
                            "手札に戻す資源を選んでください（何枚でも、なしも可）"), options, 0, len(options))


@lru_cache(maxsize=8192)
def _take_back_option(cid: str, key: str) -> Option:
    c = card(key)
    return Option(key=cid, label=T(f"{energy_name(c.resource).en} — {c.name.en}", f"{energy_name(c.resource).ja} — {c.name.ja}"))


def _take_back(state: State, t: Task, choice: list[str], events: Events) -> None:
    for cid in choice:
        field.return_to_hand(state, t.player, cid)
    state.record.recollected.extend(choice)
    state.record.recollected_vp = state.record.recollected_vp + sum(field.info(state, c).vp.value for c in choice)
    if choice:
        say(events, "take_back", f"{t.player} takes {count(len(choice), 'resource')} back to hand.",
            f"{t.player}は資源{len(choice)}枚を手札に戻しました。")
    else:
        say(events, "take_back", f"{t.player} leaves every resource in the field.", f"{t.player}は資源を場に残しました。")


RECOLLECT_HANDLER = TaskHandler(run=_recollect)
TAKE_BACK_HANDLER = TaskHandler(prompt=_take_back_prompt, resolve=_take_back)

