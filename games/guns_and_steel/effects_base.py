"""The effect kinds of the base set and the starting cards (data: `effect.kind` + `params`).

basic {generate, replenish} · choice {options: [basic…]} · deplete_generate {deplete, generate
| choose_one} · attack_deplete {count} · attack_wonder · play_more {slots, apply} · ambush ·
reapply_unit · apply_tech.
"""
from __future__ import annotations

from functools import lru_cache

from games.kit import Option, T, Text, opt
from games.kit.words import count

from . import field
from .attack import start_attack
from .cards import card, energy_text
from .effects import (
    USE,
    Ctx,
    Effect,
    Mode,
    deplete_task,
    effect_task,
    modes_of,
    play_more_task,
    replenish_task,
    slots_text,
)
from .flow import Events, TaskHandler, make_prompt, push, say, task
from .knowledge import might_ambush, might_play
from .state import AttackState, State, Task

NONE = "none"
NO_UNIT_RESOURCE = opt(NONE, "I have no unit among my resources", "資源にユニットはない", passes=True)


def _basic_text(spec: dict) -> Text:
    parts = []
    if spec.get("generate"):
        parts.append(T("generate ", "") + energy_text(spec["generate"]) + T("", "発生"))
    if spec.get("replenish"):
        parts.append(T("replenish ", "") + slots_text(spec["replenish"]) + T("", "を回復"))
    if not parts:
        return T("Nothing", "なし")
    out = parts[0]
    for p in parts[1:]:
        out = out + T("; ", "、") + p
    return T(out.en[:1].upper() + out.en[1:], out.ja)


def apply_basic(ctx: Ctx, spec: dict) -> None:
    for kind, n in spec.get("generate", {}).items():
        field.add_energy(ctx.state, kind, n)
    if spec.get("generate"):
        say(ctx.events, "energy", f"{ctx.player} generates " + energy_text(spec["generate"]).en + ".",
            f"{ctx.player}は" + energy_text(spec["generate"]).ja + "を発生させました。")
    if spec.get("replenish"):
        push(ctx.state, replenish_task(ctx.player, spec["replenish"]))


class Basic(Effect):
    """Generate energy and/or replenish resources."""

    def apply(self, ctx: Ctx, mode: str) -> None:
        apply_basic(ctx, ctx.params)


class Choice(Effect):
    """One of several basic effects (Iron Smelting: [iron]2 or [horse]1)."""

    def modes(self, ctx: Ctx) -> list[Mode]:
        return list(_choice_modes(ctx.card))

    def apply(self, ctx: Ctx, mode: str) -> None:
        apply_basic(ctx, ctx.params["options"][int(mode[1:])])


class DepleteGenerate(Effect):
    """Deplete N of your resources (no energy from them) to generate energy (Guild, Barter)."""

    def modes(self, ctx: Ctx) -> list[Mode]:
        if len(field.resources(ctx.state, ctx.player)) < ctx.params["deplete"]:
            return []
        return list(_deplete_generate_modes(ctx.card))

    def apply(self, ctx: Ctx, mode: str) -> None:
        gen = ctx.params["choose_one"][int(mode[1:])] if mode != "use" else ctx.params["generate"]
        apply_basic(ctx, {"generate": gen})
        push(ctx.state, deplete_task(ctx.player, ctx.params["deplete"]))


# A card's modes follow from its printed parameters only, so they are built once per card.
@lru_cache(maxsize=256)
def _choice_modes(card_key: str) -> tuple[Mode, ...]:
    return tuple(Mode(key=f"o{i}", label=_basic_text(spec)) for i, spec in enumerate(card(card_key).effect.params["options"]))


@lru_cache(maxsize=256)
def _deplete_generate_modes(card_key: str) -> tuple[Mode, ...]:
    params = card(card_key).effect.params
    n = params["deplete"]
    pre = T(f"Deplete {count(n, 'resource')}: ", f"資源{n}枚消費：")
    if "choose_one" in params:
        return tuple(Mode(key=f"o{i}", label=pre + energy_text(e)) for i, e in enumerate(params["choose_one"]))
    return (Mode(key="use", label=pre + energy_text(params["generate"])),)


class Attack(Effect):
    def apply(self, ctx: Ctx, mode: str) -> None:
        start_attack(ctx.state, ctx.player, ctx.card, ctx.events)


class AttackDeplete(Attack):
    """Each player with less military chooses N of their resources and depletes them;
    `vp_per_depleted` (Renaissance Horse Archer): the attacker gains VP tokens per resource depleted."""

    def on_defender(self, state: State, atk: AttackState, defender: str, events: Events) -> None:
        if atk.result[defender] == "lost" and field.resources(state, defender):
            push(state, deplete_task(defender, atk.params["count"], attack=True))

    def after_attack(self, state: State, atk: AttackState, events: Events) -> None:
        per = atk.params.get("vp_per_depleted", 0)
        gained = per * sum(atk.tally.values())
        if gained and state.ren is not None:
            from .renaissance import gain_vp
            gain_vp(state.ren, atk.attacker, gained)
            say(events, "vp", f"{atk.attacker} gains {count(gained, 'VP token')}.", f"{atk.attacker}は勝利点トークンを{gained}個獲得。",
                player=atk.attacker, vp=gained)


class AttackWonder(Attack):
    """Each loser chooses one of their wonders and gives it to the attacker."""

    def on_defender(self, state: State, atk: AttackState, defender: str, events: Events) -> None:
        if atk.result[defender] == "lost" and state.seats[defender].wonders:
            push(state, task("give_wonder", defender, to=atk.attacker))


class PlayMore(Effect):
    """Play more cards from hand face up (Reinforcement, Flanking, Blitzkrieg, Satellite)."""

    def modes(self, ctx: Ctx) -> list[Mode]:
        """Offered when the player might hold a fitting card by public knowledge (whether
        they do is theirs to know: the play-more window then lets them say they have none)."""
        kinds = {k for s in ctx.params["slots"] for k in s}
        return [USE] if might_play(ctx.state, ctx.player, kinds) else []

    def apply(self, ctx: Ctx, mode: str) -> None:
        push(ctx.state, play_more_task(ctx.player, ctx.params["slots"], ctx.params.get("apply", "none")))


class ReapplyUnit(Effect):
    """Apply again the effect of one face-up unit in your field (Charge)."""

    def modes(self, ctx: Ctx) -> list[Mode]:
        return [USE] if self.units(ctx.state, ctx.player) else []

    @staticmethod
    def units(state: State, player: str) -> list[str]:
        return [c for c in field.face_up(state, player) if field.info(state, c).kind == "unit"]

    def apply(self, ctx: Ctx, mode: str) -> None:
        push(ctx.state, task("pick_unit", ctx.player, units=self.units(ctx.state, ctx.player), source="reapply"))


class Ambush(Effect):
    """Deplete one of your resources whose front is a unit, then apply that unit's effect."""

    borrowable = True

    def modes(self, ctx: Ctx) -> list[Mode]:
        return [USE] if might_ambush(ctx.state, ctx.player) else []

    def apply(self, ctx: Ctx, mode: str) -> None:
        push(ctx.state, task("ambush", ctx.player))


def ambush_candidates(state: State, player: str) -> list[str]:
    return field.distinct_by_card(state, [c for c in field.resources(state, player) if field.info(state, c).kind == "unit"])


def _ambush_prompt(state: State, t: Task):
    """Asked whenever the player might have a unit among their resources (public knowledge);
    "none" tells that they have not, as it would at the table."""
    if not might_ambush(state, t.player):
        return None
    options = [Option(key=c, label=field.info(state, c).label) for c in ambush_candidates(state, t.player)]
    if not options:
        options = [NO_UNIT_RESOURCE]
    return make_prompt(t, T("Ambush: deplete which unit resource (its effect is applied)?",
                            "待ち伏せ：どのユニットの資源を消費して効果を適用しますか"), options,
                       window=T("Ambush", "待ち伏せ"))


def _ambush_do(state: State, t: Task, cid: str, events: Events) -> None:
    if cid == NONE:
        say(events, "no_effect", f"{t.player} has no unit among their resources.", f"{t.player}の資源にユニットはありません。")
        return
    field.deplete(state, t.player, cid)
    say(events, "deplete", f"{t.player} depletes {field.info(state, cid).name.en}.",
        f"{t.player}は《{field.info(state, cid).name.ja}》を消費しました。", card=state.cards[cid])
    push(state, effect_task(t.player, state.cards[cid], cid, mandatory=True, source="ambush"))


def _ambush_run(state: State, t: Task, events: Events) -> None:
    cands = ambush_candidates(state, t.player)
    if cands:
        _ambush_do(state, t, cands[0], events)


AMBUSH_HANDLER = TaskHandler(prompt=_ambush_prompt, run=_ambush_run, resolve=lambda s, t, c, e: _ambush_do(s, t, c[0], e))


class ApplyTech(Effect):
    """Apply the effect of one face-up tech card in your field (Philosophy; never itself or another copier)."""

    borrowable = False

    def modes(self, ctx: Ctx) -> list[Mode]:
        return [USE] if tech_candidates(ctx.state, ctx.player) else []

    def apply(self, ctx: Ctx, mode: str) -> None:
        push(ctx.state, task("pick_tech", ctx.player))


def tech_candidates(state: State, player: str) -> list[str]:
    from .effects import effect_of
    out = []
    for c in field.face_up(state, player):
        key = state.cards[c]
        eff = effect_of(key)
        if field.info(state, c).kind == "tech" and eff is not None and eff.borrowable \
                and modes_of(state, player, key, "philosophy"):
            out.append(c)
    return field.distinct_by_card(state, out)


def _tech_prompt(state: State, t: Task):
    cands = tech_candidates(state, t.player)
    if len(cands) <= 1:
        return None
    return make_prompt(t, T("Apply the effect of which tech card?", "どの技術カードの効果を適用しますか"),
                       [Option(key=c, label=field.info(state, c).label) for c in cands])


def _tech_do(state: State, t: Task, cid: str) -> None:
    push(state, effect_task(t.player, state.cards[cid], cid, mandatory=True, source="philosophy"))


def _tech_run(state: State, t: Task, events: Events) -> None:
    cands = tech_candidates(state, t.player)
    if cands:
        _tech_do(state, t, cands[0])


PICK_TECH_HANDLER = TaskHandler(prompt=_tech_prompt, run=_tech_run, resolve=lambda s, t, c, e: _tech_do(s, t, c[0]))
