"""Renaissance effect kinds (seed-R card texts), listed in `wiring.py`.

Kinds (data `effect.kind` + `params`): attack_vp {own, at_least} · attack_deplete_vp {count,
vp_per_depleted} · ren_choice {options: [spec…]} · share {others, own | own_choice} ·
nationalism · film · space_race · ceasefire. Effects that make a player pick another
player's card (Tribute, Espionage, Printing Press, Coup, Exile) are in
`effects_renaissance_others.py`. A spec is a dict of steps done in this order: pay_vp,
deplete (the user chooses, no energy), vp, generate, replenish.
"""
from __future__ import annotations

from games.kit import Option, T, Text
from games.kit.words import count

from . import field
from .attack import others_in_order
from .cards import ERAS, energy_name, energy_text, wonder
from .effects import USE, Ctx, Effect, Mode, deplete_task, replenish_task, slots_text
from .effects_base import Attack
from .flow import Events, TaskHandler, make_prompt, push, push_seq, say, task
from .renaissance import VP_TOKENS_TO_END, gain_vp, pay_vp, release_wonder
from .state import AttackState, State, Task
from .turn import trigger_end

# ---- VP tokens and wonders on the state -------------------------------------------------------


def tokens(state: State, player: str) -> int:
    return state.ren.vp_tokens.get(player, 0) if state.ren is not None else 0


def gain_tokens(state: State, player: str, n: int, events: Events) -> None:
    """Take `n` VP tokens from the supply; holding 15+ ends the game at the end of this turn."""
    if n <= 0 or state.ren is None:
        return
    gain_vp(state.ren, player, n)
    say(events, "vp_tokens", f"{player} gains {count(n, 'VP token')} (now {tokens(state, player)}).",
        f"{player}は勝利点トークン{n}個を獲得（計{tokens(state, player)}）。", player=player, amount=n)
    if tokens(state, player) >= VP_TOKENS_TO_END:
        trigger_end(state, "tokens", events)


def pay_tokens(state: State, player: str, n: int, events: Events) -> None:
    assert state.ren is not None
    pay_vp(state.ren, player, n)
    say(events, "vp_tokens", f"{player} returns {count(n, 'VP token')} (now {tokens(state, player)}).",
        f"{player}は勝利点トークン{n}個を戻しました（計{tokens(state, player)}）。", player=player, amount=-n)


def take_ren_wonder(state: State, player: str, wonder_id: str, events: Events) -> None:
    """A wonder leaves the table for `player`; every honor token on it returns to its owner;
    taking the last one ends the game at the end of the turn."""
    state.table_wonders.remove(wonder_id)
    state.seats[player].wonders.append(wonder_id)
    returned = release_wonder(state.ren, wonder_id) if state.ren is not None else {}
    w = wonder(wonder_id)
    say(events, "wonder", f"{player} acquires {w.name.en} ({w.vp.value} VP).", f"{player}は〈{w.name.ja}〉を獲得（{w.vp.value}VP）。",
        wonder=wonder_id, returned=returned)
    if not state.table_wonders:
        trigger_end(state, "wonders", events)


# ---- specs: pay VP, deplete, gain VP, generate, replenish ------------------------------------------


def spec_text(spec: dict) -> Text:
    parts: list[Text] = []
    if spec.get("pay_vp"):
        parts.append(T(f"pay {count(spec['pay_vp'], 'VP token')}", f"勝利点トークン{spec['pay_vp']}個を消費"))
    if spec.get("deplete"):
        parts.append(T(f"deplete {count(spec['deplete'], 'resource')}", f"資源{spec['deplete']}枚を消費"))
    if spec.get("vp"):
        parts.append(T(f"gain {count(spec['vp'], 'VP token')}", f"勝利点トークン{spec['vp']}個を獲得"))
    if spec.get("generate"):
        parts.append(T("generate ", "") + energy_text(spec["generate"]) + T("", "を発生"))
    if spec.get("replenish"):
        parts.append(replenish_text(spec["replenish"]))
    out = parts[0] if parts else T("nothing", "なし")
    for p in parts[1:]:
        out = out + T(" → ", "→") + p
    return out


def replenish_text(slots: list[str]) -> Text:
    """`["food", "food", "iron"]` -> "replenish 2 food and 1 iron" / "食料2枚、鉄1枚を回復"."""
    return T("replenish ", "") + slots_text(slots) + T("", "を回復")


def spec_possible(state: State, player: str, spec: dict) -> bool:
    """An alternative is offered only when its price can be paid (tokens, resources)."""
    if spec.get("pay_vp") and tokens(state, player) < spec["pay_vp"]:
        return False
    return len(field.resources(state, player)) >= spec.get("deplete", 0)


def apply_spec(state: State, player: str, spec: dict, events: Events) -> None:
    if spec.get("pay_vp"):
        pay_tokens(state, player, spec["pay_vp"], events)
    later = []
    if spec.get("deplete"):
        later.append(deplete_task(player, spec["deplete"]))
    gain_tokens(state, player, spec.get("vp", 0), events)
    for kind, n in spec.get("generate", {}).items():
        field.add_energy(state, kind, n)
    if spec.get("generate"):
        say(events, "energy", f"{player} generates " + energy_text(spec["generate"]).en + ".",
            f"{player}は" + energy_text(spec["generate"]).ja + "を発生させました。")
    later.extend(replenish_tasks(player, spec.get("replenish", [])))
    push_seq(state, later)


def replenish_tasks(player: str, slots: list[str]) -> list[Task]:
    """The engine's replenish task for plain slots; ours for an alternative ("food|iron")."""
    plain = [s for s in slots if "|" not in s]
    out = [replenish_task(player, plain)] if plain else []
    out.extend(task("ren_replenish1", player, kinds=s.split("|")) for s in slots if "|" in s)
    return out


def _alt_candidates(state: State, t: Task) -> list[str]:
    ups = [c for c in field.face_up(state, t.player) if field.info(state, c).resource in t.data["kinds"]]
    return field.distinct_by_card(state, ups)


def _alt_prompt(state: State, t: Task):
    cands = _alt_candidates(state, t)
    if len(cands) <= 1:
        return None
    wanted = T(" or ".join(t.data["kinds"]), "か".join(energy_name(k).ja for k in t.data["kinds"]))
    return make_prompt(t, T("Replenish which card? (", "どのカードを回復しますか（") + wanted + T(")", "）"),
                       [Option(key=c, label=field.info(state, c).label + T(f" ({field.info(state, c).resource})",
                                                                           f"（{energy_name(field.info(state, c).resource).ja}）"))
                        for c in cands])


def _alt_do(state: State, player: str, cid: str, events: Events) -> None:
    field.replenish(state, player, cid)
    say(events, "replenish", f"{player} replenishes {field.info(state, cid).name.en}.",
        f"{player}は《{field.info(state, cid).name.ja}》を回復しました。", card=state.cards[cid])


def _alt_run(state: State, t: Task, events: Events) -> None:
    cands = _alt_candidates(state, t)
    if cands:
        _alt_do(state, t.player, cands[0], events)


REN_REPLENISH1_HANDLER = TaskHandler(prompt=_alt_prompt, run=_alt_run, resolve=lambda s, t, c, e: _alt_do(s, t.player, c[0], e))


class RenChoice(Effect):
    """One of two alternatives ("もしくは"): Writing, Education, Economics, Newspaper."""

    def modes(self, ctx: Ctx) -> list[Mode]:
        return [Mode(key=f"o{i}", label=spec_text(spec)) for i, spec in enumerate(ctx.params["options"])
                if spec_possible(ctx.state, ctx.player, spec)]

    def apply(self, ctx: Ctx, mode: str) -> None:
        apply_spec(ctx.state, ctx.player, ctx.params["options"][int(mode[1:])], ctx.events)


class Share(Effect):
    """Each other player gets something (in turn order from your left), then you do
    (Calendar, Sailing, Theology, Compass)."""

    def modes(self, ctx: Ctx) -> list[Mode]:
        if "own_choice" not in ctx.params:
            return [USE]
        return [Mode(key=f"o{i}", label=spec_text(spec)) for i, spec in enumerate(ctx.params["own_choice"])
                if spec_possible(ctx.state, ctx.player, spec)]

    def apply(self, ctx: Ctx, mode: str) -> None:
        own = ctx.params["own"] if mode == "use" else ctx.params["own_choice"][int(mode[1:])]
        steps: list[Task] = []
        for other in others_in_order(ctx.state, ctx.player):
            steps.extend(replenish_tasks(other, ctx.params["others"].get("replenish", [])))
        steps.append(task("ren_own_part", ctx.player, spec=own))
        push_seq(ctx.state, steps)


REN_OWN_PART_HANDLER = TaskHandler(run=lambda s, t, e: apply_spec(s, t.player, t.data["spec"], e))


class Nationalism(Effect):
    """Count the face-up units of all other players: exactly 3 → [earth]1, 4 or more → [space]1."""

    @staticmethod
    def energy(ctx: Ctx) -> dict[str, int]:
        units = sum(1 for p in others_in_order(ctx.state, ctx.player) for c in field.face_up(ctx.state, p)
                    if field.info(ctx.state, c).kind == "unit")
        for n, gen in ctx.params.get("exactly", {}).items():
            if units == int(n):
                return gen
        best: dict[str, int] = {}
        for n, gen in sorted(ctx.params.get("at_least", {}).items(), key=lambda kv: int(kv[0])):
            if units >= int(n):
                best = gen
        return best

    def modes(self, ctx: Ctx) -> list[Mode]:
        gen = self.energy(ctx)
        return [Mode(key="use", label=T("Generate ", "") + energy_text(gen) + T("", "を発生"))] if gen else []

    def apply(self, ctx: Ctx, mode: str) -> None:
        apply_spec(ctx.state, ctx.player, {"generate": self.energy(ctx)}, ctx.events)


class SpaceRace(Effect):
    """Every other player turns all face-up units and tactics to the resource side; you gain
    a VP token per card turned."""

    def apply(self, ctx: Ctx, mode: str) -> None:
        flipped = 0
        for p in others_in_order(ctx.state, ctx.player):
            for cid in field.face_up(ctx.state, p):
                if field.info(ctx.state, cid).kind in ("unit", "tactic"):
                    field.replenish(ctx.state, p, cid)
                    flipped += 1
        say(ctx.events, "space_race", f"{count(flipped, 'unit/tactic card')} of the other players "
            f"{'turns' if flipped == 1 else 'turn'} to {'its' if flipped == 1 else 'their'} resource side.",
            f"他のプレイヤーのユニット・戦術{flipped}枚が資源面になりました。", count=flipped)
        gain_tokens(ctx.state, ctx.player, flipped * ctx.params.get("vp_per_card", 1), ctx.events)


class Ceasefire(Effect):
    """Every player, you included, returns all face-up units and tactics to hand; this card stays."""

    def apply(self, ctx: Ctx, mode: str) -> None:
        back = 0
        for p in ctx.state.order:
            for cid in field.face_up(ctx.state, p):
                if cid != ctx.instance and field.info(ctx.state, cid).kind in ("unit", "tactic"):
                    field.return_to_hand(ctx.state, p, cid)
                    back += 1
        say(ctx.events, "ceasefire", f"Ceasefire: {count(back, 'unit/tactic card')} {'returns' if back == 1 else 'return'} to their owners' hands.",
            f"停戦：ユニット・戦術{back}枚が各自の手札に戻りました。", count=back)


class Film(Effect):
    """Deplete 0–4 of your resources and take the wonder of the horse / gunpowder / oil /
    earth / space era at once (notes A15: no honor needed; its tokens go back)."""

    @staticmethod
    def wonder_of(state: State, era: str) -> str | None:
        return next((w for w in state.table_wonders if wonder(w).era.value == era), None)

    def modes(self, ctx: Ctx) -> list[Mode]:
        have = len(field.resources(ctx.state, ctx.player))
        out = []
        for k, era in enumerate(ctx.params.get("eras_by_count", ERAS)):
            w = self.wonder_of(ctx.state, era)
            if w is not None and k <= have:
                out.append(Mode(key=f"k{k}", label=T(f"Deplete {count(k, 'resource')}: take ", f"資源{k}枚を消費：")
                                + wonder(w).label + T("", "を獲得")))
        return out

    def apply(self, ctx: Ctx, mode: str) -> None:
        k = int(mode[1:])
        era = ctx.params.get("eras_by_count", ERAS)[k]
        steps = [deplete_task(ctx.player, k)] if k else []
        push_seq(ctx.state, [*steps, task("ren_film_take", ctx.player, era=era)])


def _film_take(state: State, t: Task, events: Events) -> None:
    w = Film.wonder_of(state, t.data["era"])
    if w is not None:
        take_ren_wonder(state, t.player, w, events)


REN_FILM_TAKE_HANDLER = TaskHandler(run=_film_take)


# ---- attacks ----------------------------------------------------------------------------------------


class AttackVp(Attack):
    """Chariot, Frigate, Battleship, Stealth Bomber: you gain `own` tokens whatever the result
    (seed-R: 結果にかかわらず); each player whose military is at least yours gains `at_least`."""

    def on_defender(self, state: State, atk: AttackState, defender: str, events: Events) -> None:
        if atk.result[defender] in ("tie", "held"):
            gain_tokens(state, defender, atk.params["at_least"], events)

    def after_attack(self, state: State, atk: AttackState, events: Events) -> None:
        gain_tokens(state, atk.attacker, atk.params["own"], events)


class AttackDepleteVp(Attack):
    """Horse Archer, Light Cavalry: each weaker player chooses and depletes `count` resources;
    you gain a VP token per resource depleted."""

    def on_defender(self, state: State, atk: AttackState, defender: str, events: Events) -> None:
        if atk.result[defender] == "lost" and field.resources(state, defender):
            push(state, deplete_task(defender, atk.params["count"], attack=True))

    def after_attack(self, state: State, atk: AttackState, events: Events) -> None:
        gain_tokens(state, atk.attacker, sum(atk.tally.values()) * atk.params.get("vp_per_depleted", 1), events)

