"""The effect registry and the steps effects share (use an effect, replenish, deplete, play more).

An effect is looked up by the card's `effect.kind` (default: the card id) in `EFFECTS`, which
`wiring.py` fills. `modes` lists the
ways it can be used now ([] = it cannot be used); `apply` does it, pushing tasks for any
choice. Once used, an effect is applied as fully as possible (base Q5, seed-R 進歩フェイズ).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.kit import Option, T, Text, opt

from . import field
from .cards import TYPE_NAMES, card, energy_name
from .flow import Events, TaskHandler, make_prompt, push, quiet, say_text, task
from .knowledge import might_play
from .state import AttackState, State, Task


@dataclass(frozen=True)
class Mode:
    """One way to use an effect now (a plain record: `modes` builds them on every effect prompt)."""

    key: str
    label: Text


USE = Mode(key="use", label=T("Use the effect", "効果を使う"))


@dataclass
class Ctx:
    """One use of an effect: `player` uses the effect of card `card` (key)."""

    state: State
    player: str
    card: str
    instance: str | None
    params: dict[str, Any]
    events: Events
    source: str = "played"      # played | tactic | ambush | reapply | philosophy | borrowed


class Effect:
    """Base of every effect. Attacks (effects_base.Attack) implement the two attack hooks."""

    borrowable = True           # may be used through Philosophy, Espionage, Printing Press

    def modes(self, ctx: Ctx) -> list[Mode]:
        return [USE]

    def apply(self, ctx: Ctx, mode: str) -> None:
        raise NotImplementedError

    def on_defender(self, state: State, atk: AttackState, defender: str, events: Events) -> None:
        """After all counters: the penalty (or reward) for one defender, in turn order."""

    def after_attack(self, state: State, atk: AttackState, events: Events) -> None:
        """Once every defender is resolved (e.g. the attacker gains tokens per depletion)."""


# Effect kind -> its one instance; filled from the list in `wiring.py`.
EFFECTS: dict[str, Effect] = {}


def effect_of(card_key: str) -> Effect | None:
    return EFFECTS.get(card(card_key).effect_kind)


def context(state: State, player: str, card_key: str, events: Events, instance: str | None = None,
            source: str = "played") -> Ctx:
    return Ctx(state=state, player=player, card=card_key, instance=instance,
               params=dict(card(card_key).effect.params), events=events, source=source)


def modes_of(state: State, player: str, card_key: str, source: str = "played") -> list[Mode]:
    eff = effect_of(card_key)
    if eff is None:
        return []
    if type(eff).modes is Effect.modes:     # the plain "use it" of most effects needs no context
        return [USE]
    return eff.modes(context(state, player, card_key, [], source=source))


def use_effect(state: State, player: str, card_key: str, mode: str, events: Events,
               instance: str | None = None, source: str = "played") -> None:
    """Apply a card's effect for `player` (counts towards the turn record by card type)."""
    eff = effect_of(card_key)
    if eff is None:
        return
    kind = card(card_key).kind
    counter = "unit_effects" if kind == "unit" else "tactic_effects" if kind == "tactic" else "tech_effects"
    setattr(state.record, counter, getattr(state.record, counter) + 1)
    if not quiet(events):
        say_text(events, "effect", _uses_text(player, card_key), card=card_key)
    eff.apply(context(state, player, card_key, events, instance, source), mode)


@lru_cache(maxsize=4096)
def _uses_text(player: str, card_key: str) -> Text:
    return T(f"{player} uses the effect of ", f"{player}は") + card(card_key).label + T(".", "の効果を使います。")


def effect_task(player: str, card_key: str, instance: str | None = None, mandatory: bool = False,
                source: str = "played") -> Task:
    """Ask whether (and how) to use the effect; `mandatory` = it must be applied (Q5)."""
    return task("effect", player, card=card_key, inst=instance, mandatory=mandatory, source=source)


def _effect_options(state: State, t: Task) -> list[Option]:
    modes = modes_of(state, t.player, t.data["card"], t.data["source"])
    options = [USE_OPTION if m is USE else _mode_option(m.key, m.label.en, m.label.ja) for m in modes]
    if options and not t.data["mandatory"]:
        options.append(SKIP_EFFECT)
    return options


SKIP_EFFECT = opt("skip", "Do not use the effect", "効果を使わない", passes=True)


@lru_cache(maxsize=8192)
def _mode_option(key: str, en: str, ja: str) -> Option:
    """Options are frozen, so one per effect mode is built and shared (keyed by plain strings,
    which hash faster than the label model)."""
    return Option(key=key, label=T(en, ja))


USE_OPTION = _mode_option(USE.key, USE.label.en, USE.label.ja)


@lru_cache(maxsize=1024)
def _effect_text(card_key: str) -> Text:
    """The effect prompt's text: the card and its printed effect."""
    c = card(card_key)
    return c.label + T(": ", "：") + T(c.effect.en, c.effect.ja)


def _effect_prompt(state: State, t: Task):
    options = _effect_options(state, t)
    if not options or (t.data["mandatory"] and len(options) == 1):
        return None
    return make_prompt(t, _effect_text(t.data["card"]), options)


def _effect_run(state: State, t: Task, events: Events) -> None:
    options = _effect_options(state, t)
    if options:
        use_effect(state, t.player, t.data["card"], options[0].key, events, t.data["inst"], t.data["source"])
    elif not quiet(events):
        say_text(events, "no_effect", card(t.data["card"]).label + T(": its effect cannot be used now.",
                                                                     "：効果は今は使えません。"))


def _effect_resolve(state: State, t: Task, choice: list[str], events: Events) -> None:
    if choice[0] == "skip":
        if not quiet(events):
            say_text(events, "skip_effect", T(f"{t.player} does not use the effect of ", f"{t.player}は")
                     + card(t.data["card"]).label + T(".", "の効果を使いません。"))
        return
    use_effect(state, t.player, t.data["card"], choice[0], events, t.data["inst"], t.data["source"])


EFFECT_HANDLER = TaskHandler(prompt=_effect_prompt, run=_effect_run, resolve=_effect_resolve)


# ---- replenish ------------------------------------------------------------------------

def replenish_task(player: str, slots: list[str]) -> Task:
    """Replenish one card per slot (a resource name or "any"), as many as possible (A29)."""
    return task("replenish", player, slots=list(slots))


def _replenish_candidates(state: State, t: Task) -> list[str]:
    slots = t.data["slots"]
    ups = [c for c in field.face_up(state, t.player) if any(field.matches(state, c, s) for s in slots)]
    return field.distinct_by_card(state, ups)


def _card_option(state: State, cid: str, suffix: Text | None = None) -> Option:
    return _card_option_of(cid, state.cards[cid], suffix)


@lru_cache(maxsize=8192)
def _card_option_of(cid: str, key: str, suffix: Text | None) -> Option:
    """Options are frozen: one per card instance, card and suffix is built and shared."""
    c = card(key)
    label = c.label + T(f" ({energy_name(c.resource).en})", f"（{energy_name(c.resource).ja}）")
    return Option(key=cid, label=label + suffix if suffix else label)


def slots_text(slots: list[str]) -> Text:
    """Replenish slots as a player reads them: `["food", "food", "any"]` -> "2 food and 1
    resource of any type" / "食料2枚、好きな資源1枚"; `"food|iron"` reads "food or iron" / "食料か鉄"."""
    counts: dict[str, int] = {}
    for slot in slots:
        counts[slot] = counts.get(slot, 0) + 1
    en, ja = [], []
    for slot, n in counts.items():
        if slot == "any":
            en.append(f"{n} resource{'s' if n > 1 else ''} of any type")
            ja.append(f"好きな資源{n}枚")
        else:
            en.append(f"{n} " + " or ".join(energy_name(k).en for k in slot.split("|")))
            ja.append("か".join(energy_name(k).ja for k in slot.split("|")) + f"{n}枚")
    return T(en[0] if len(en) == 1 else ", ".join(en[:-1]) + " and " + en[-1], "、".join(ja))


def _replenish_prompt(state: State, t: Task):
    cands = _replenish_candidates(state, t)
    if len(cands) <= 1:
        return None
    left = slots_text(t.data["slots"])
    return make_prompt(t, T(f"Replenish which card? (it turns to its resource side; still to replenish: {left.en})",
                            f"どのカードを回復しますか（資源面にします。残り：{left.ja}）"),
                       [_card_option(state, c) for c in cands])


def _do_replenish(state: State, t: Task, cid: str, events: Events) -> None:
    field.replenish(state, t.player, cid)
    slots = list(t.data["slots"])
    # fill the most specific slot the card fits: a name, then alternatives, then "any"
    fits = sorted((s for s in slots if field.matches(state, cid, s)), key=lambda s: (s == "any", s.count("|")))
    slots.remove(fits[0])
    if not quiet(events):
        say_text(events, "replenish", T(f"{t.player} replenishes ", f"{t.player}は") + field.info(state, cid).label
                 + T(".", "を回復しました。"), card=state.cards[cid])
    if slots:
        push(state, task("replenish", t.player, slots=slots))


def _replenish_run(state: State, t: Task, events: Events) -> None:
    cands = _replenish_candidates(state, t)
    if cands:
        _do_replenish(state, t, cands[0], events)


REPLENISH_HANDLER = TaskHandler(prompt=_replenish_prompt, run=_replenish_run,
              resolve=lambda s, t, c, e: _do_replenish(s, t, c[0], e))


# ---- deplete (by the owner's choice, no energy) ------------------------------------------

def deplete_task(player: str, count: int, attack: bool = False) -> Task:
    """`player` chooses `count` of their resources and depletes them (all, if fewer)."""
    return task("deplete", player, count=count, attack=attack)


def _deplete_prompt(state: State, t: Task):
    res = field.resources(state, t.player)
    if len(res) <= t.data["count"]:     # all of them go: nothing to choose (and everyone can count)
        return None
    cands = field.distinct_by_card(state, res)
    return make_prompt(t, T(f"Deplete which resource? ({t.data['count']} to go)",
                            f"どの資源を消費しますか（残り{t.data['count']}枚）"),
                       [_card_option(state, c) for c in cands])


def _do_deplete(state: State, t: Task, cid: str, events: Events) -> None:
    field.deplete(state, t.player, cid)
    if t.data["attack"] and state.attack is not None:
        state.attack.tally[t.player] = state.attack.tally.get(t.player, 0) + 1
    if not quiet(events):
        say_text(events, "deplete", T(f"{t.player} depletes ", f"{t.player}は") + field.info(state, cid).label
                 + T(".", "を消費しました。"), card=state.cards[cid])
    if t.data["count"] > 1:
        push(state, task("deplete", t.player, count=t.data["count"] - 1, attack=t.data["attack"]))


def _deplete_run(state: State, t: Task, events: Events) -> None:
    res = field.resources(state, t.player)
    if res:
        _do_deplete(state, t, res[0], events)


DEPLETE_HANDLER = TaskHandler(prompt=_deplete_prompt, run=_deplete_run, resolve=lambda s, t, c, e: _do_deplete(s, t, c[0], e))


# ---- play more cards (Reinforcement, Flanking, Blitzkrieg, Satellite, ...) ------------------

def play_more_task(player: str, slots: list[list[str]], apply: str) -> Task:
    """Play one hand card per slot (a list of accepted types) face up, as many as possible;
    `apply` = "one_unit": then apply the effect of one unit played this way (Q5)."""
    return task("play_more", player, slots=slots, apply=apply, played=[])


NO_MORE = "none"
NO_FITTING_CARD = opt(NO_MORE, "I have no fitting card in hand", "手札に出せるカードはない", passes=True)


def _play_candidates(state: State, t: Task) -> list[str]:
    slots = t.data["slots"]
    ok = [c for c in field.hand(state, t.player) if any(field.info(state, c).kind in s for s in slots)]
    return field.distinct_by_card(state, ok)


def _play_prompt(state: State, t: Task):
    """Asked whenever the player might hold a fitting card by public knowledge, so whether
    the board waits for them tells nothing; with none in hand they answer "none"."""
    if not might_play(state, t.player, {k for s in t.data["slots"] for k in s}):
        return None
    en = ", ".join(" or ".join(TYPE_NAMES[k][0] for k in s) for s in t.data["slots"])
    ja = "、".join("か".join(TYPE_NAMES[k][1] for k in s) for s in t.data["slots"])
    options = [Option(key=c, label=field.info(state, c).label) for c in _play_candidates(state, t)]
    if not options:
        options = [NO_FITTING_CARD]
    return make_prompt(t, T(f"Play more: play a card from your hand (still to play: {en})",
                            f"追加プレイ：手札からカードをプレイしてください（残り：{ja}）"), options,
                       window=T("play more", "追加プレイ"))


def _play_resolve(state: State, t: Task, choice: list[str], events: Events) -> None:
    cid = choice[0]
    if cid == NO_MORE:
        say_text(events, "play_more", T(f"{t.player} has no more fitting cards to play.",
                                        f"{t.player}の手札に出せるカードはもうありません。"))
        _after_playing(state, t)
        return
    kind = field.info(state, cid).kind
    slots = [list(s) for s in t.data["slots"]]
    slots.remove(next(s for s in slots if kind in s))
    field.to_field(state, t.player, cid, up=True)
    if not quiet(events):
        say_text(events, "play_more", T(f"{t.player} also plays ", f"{t.player}はさらに") + field.info(state, cid).label
                 + T(".", "をプレイしました。"), card=state.cards[cid])
    push(state, task("play_more", t.player, slots=slots, apply=t.data["apply"], played=[*t.data["played"], cid]))


def _play_run(state: State, t: Task, events: Events) -> None:
    """No fitting card can be in hand (everyone knows it): go on."""
    _after_playing(state, t)


def _after_playing(state: State, t: Task) -> None:
    """Playing is over: apply one played unit's effect if the card says so."""
    if t.data["apply"] != "one_unit":
        return
    units = [c for c in t.data["played"] if field.info(state, c).kind == "unit"]
    if units:
        push(state, task("pick_unit", t.player, units=units))


PLAY_MORE_HANDLER = TaskHandler(prompt=_play_prompt, run=_play_run, resolve=_play_resolve)


def _pick_unit_cands(state: State, t: Task) -> list[str]:
    return field.distinct_by_card(state, [c for c in t.data["units"] if modes_of(state, t.player, state.cards[c])])


def _pick_unit_prompt(state: State, t: Task):
    cands = _pick_unit_cands(state, t)
    if len(cands) <= 1:
        return None
    return make_prompt(t, T("Apply the effect of which unit?", "どのユニットの効果を適用しますか"),
                       [Option(key=c, label=field.info(state, c).label) for c in cands])


def _pick_unit(state: State, t: Task, cid: str) -> None:
    push(state, effect_task(t.player, state.cards[cid], cid, mandatory=True, source=t.data.get("source", "tactic")))


def _pick_unit_run(state: State, t: Task, events: Events) -> None:
    cands = _pick_unit_cands(state, t)
    if cands:
        _pick_unit(state, t, cands[0])


PICK_UNIT_HANDLER = TaskHandler(prompt=_pick_unit_prompt, run=_pick_unit_run, resolve=lambda s, t, c, e: _pick_unit(s, t, c[0]))

