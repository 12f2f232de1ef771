"""Renaissance effects that reach into another player's hand or field (seed-R 相互効果):
Tribute, Espionage, Printing Press, Coup and Exile.

Who decides (seed-R: "その効果の適用の際に選択が必要なら、攻撃を受ける各プレイヤーが選択"):
a choice written with you as subject (choose another player's resource / unit / tech) is
yours; "each other player chooses" is theirs, asked in turn order from your left. The front
of another player's resource card is hidden, so picking one of several identical-looking
resources (Tribute) or a hand card (Espionage, notes A13) is a blind pick by the seeded RNG.
"""
from __future__ import annotations

from games.kit import Option, T

from . import field
from .attack import others_in_order
from .cards import ENERGIES, card, energy_name
from .effects import USE, Ctx, Effect, Mode, effect_of, effect_task, modes_of
from .effects_renaissance import gain_tokens
from .flow import Events, TaskHandler, make_prompt, push, push_seq, say, say_text, task
from .state import State, Task


def _seat_key(state: State, player: str, what: str) -> str:
    """Option keys name a seat by its index (player ids may be long)."""
    return f"{state.order.index(player)}:{what}"


def _a(kind: str) -> str:
    """The English article before a resource name ("an iron resource")."""
    return "an" if kind[0] in "aeiou" else "a"


def _seat_of(state: State, key: str) -> tuple[str, str]:
    idx, what = key.split(":", 1)
    return state.order[int(idx)], what


# ---- Tribute: deplete another player's resource; they gain 1 VP, you its energy ------------------

def _tribute_options(state: State, player: str) -> list[Option]:
    out = []
    for p in others_in_order(state, player):
        kinds = sorted({field.info(state, c).resource for c in field.resources(state, p)},
                       key=ENERGIES.index)
        for k in kinds:
            out.append(Option(key=_seat_key(state, p, k), label=T(f"{p}: {_a(k)} {k} resource", f"{p}：{energy_name(k).ja}の資源")))
    return out


class Tribute(Effect):
    def modes(self, ctx: Ctx) -> list[Mode]:
        return [USE] if _tribute_options(ctx.state, ctx.player) else []

    def apply(self, ctx: Ctx, mode: str) -> None:
        push(ctx.state, task("ren_tribute", ctx.player, vp=ctx.params.get("vp_to_victim", 1)))


def _tribute_prompt(state: State, t: Task):
    options = _tribute_options(state, t.player)
    if len(options) <= 1:
        return None
    return make_prompt(t, T("Tribute: deplete which player's resource? (they gain 1 VP token, you its energy)",
                            "供貢：誰のどの資源を消費させますか（相手は勝利点トークン1個、あなたはそのエネルギーを獲得）"), options)


def _tribute_do(state: State, t: Task, key: str, events: Events) -> None:
    victim, kind = _seat_of(state, key)
    cands = [c for c in field.resources(state, victim) if field.info(state, c).resource == kind]
    cid = cands[state.rng.below(len(cands))] if len(cands) > 1 else cands[0]
    field.deplete(state, victim, cid)
    say(events, "tribute", f"{t.player} makes {victim} deplete {_a(kind)} {kind} resource ({field.info(state, cid).name.en}) "
        f"and gains [{kind}]1.", f"{t.player}は{victim}の{energy_name(kind).ja}の資源《{field.info(state, cid).name.ja}》を消費させ、"
        f"［{energy_name(kind).ja}］1を獲得。", card=state.cards[cid], energy=kind)
    gain_tokens(state, victim, t.data["vp"], events)
    field.add_energy(state, kind, 1)


def _tribute_run(state: State, t: Task, events: Events) -> None:
    options = _tribute_options(state, t.player)
    if options:
        _tribute_do(state, t, options[0].key, events)


REN_TRIBUTE_HANDLER = TaskHandler(prompt=_tribute_prompt, run=_tribute_run, resolve=lambda s, t, c, e: _tribute_do(s, t, c[0], e))


# ---- Espionage: reveal a random hand card of another player; use it if it is a tech -------------------

def _spy_targets(state: State, player: str) -> list[str]:
    return [p for p in others_in_order(state, player) if field.hand(state, p)]


class Espionage(Effect):
    borrowable = False      # a borrowed copier never copies again (no loops)

    def modes(self, ctx: Ctx) -> list[Mode]:
        return [USE] if _spy_targets(ctx.state, ctx.player) else []

    def apply(self, ctx: Ctx, mode: str) -> None:
        push(ctx.state, task("ren_spy", ctx.player))


def _spy_prompt(state: State, t: Task):
    targets = _spy_targets(state, t.player)
    if len(targets) <= 1:
        return None
    return make_prompt(t, T("Espionage: point at a hand card of which player?", "諜報活動：誰の手札を指定しますか"),
                       [Option(key=_seat_key(state, p, "hand"),
                               label=T(f"{p} ({len(field.hand(state, p))} cards)", f"{p}（{len(field.hand(state, p))}枚）"))
                        for p in targets])


def usable_borrowed(state: State, player: str, card_key: str) -> bool:
    eff = effect_of(card_key)
    return (card(card_key).kind == "tech" and eff is not None and eff.borrowable
            and bool(modes_of(state, player, card_key, "borrowed")))


def _spy_do(state: State, t: Task, target: str, events: Events) -> None:
    hand = field.hand(state, target)
    cid = hand[state.rng.below(len(hand))]
    key = state.cards[cid]
    say_text(events, "reveal", T(f"{t.player} points at a card in {target}'s hand: ", f"{t.player}は{target}の手札を指定：")
             + card(key).label + T(".", "。"), card=key, player=target)
    if usable_borrowed(state, t.player, key):
        push(state, effect_task(t.player, key, None, mandatory=True, source="borrowed"))
    else:
        say(events, "no_effect", "It is not a tech whose effect can be used now; it goes back.",
            "今使える技術ではないため、そのまま返します。")


def _spy_run(state: State, t: Task, events: Events) -> None:
    targets = _spy_targets(state, t.player)
    if targets:
        _spy_do(state, t, targets[0], events)


REN_SPY_HANDLER = TaskHandler(prompt=_spy_prompt, run=_spy_run,
              resolve=lambda s, t, c, e: _spy_do(s, t, _seat_of(s, c[0])[0], e))


# ---- Printing Press: use the effect of a face-up tech in another player's field (notes A14) ----------

def _press_candidates(state: State, player: str) -> list[str]:
    """Card keys (identical cards give identical effects, so one option per card)."""
    out: list[str] = []
    for p in others_in_order(state, player):
        for cid in field.face_up(state, p):
            key = state.cards[cid]
            if key not in out and usable_borrowed(state, player, key):
                out.append(key)
    return out


class PrintingPress(Effect):
    borrowable = False

    def modes(self, ctx: Ctx) -> list[Mode]:
        return [USE] if _press_candidates(ctx.state, ctx.player) else []

    def apply(self, ctx: Ctx, mode: str) -> None:
        push(ctx.state, task("ren_press", ctx.player))


def _press_prompt(state: State, t: Task):
    cands = _press_candidates(state, t.player)
    if len(cands) <= 1:
        return None
    return make_prompt(t, T("Printing Press: use the effect of which tech of another player?",
                            "印刷機：他のプレイヤーのどの技術の効果を使いますか"),
                       [Option(key=k, label=card(k).label, detail=T(card(k).effect.en, card(k).effect.ja)) for k in cands])


def _press_do(state: State, t: Task, key: str) -> None:
    push(state, effect_task(t.player, key, None, mandatory=True, source="borrowed"))


def _press_run(state: State, t: Task, events: Events) -> None:
    cands = _press_candidates(state, t.player)
    if cands:
        _press_do(state, t, cands[0])


REN_PRESS_HANDLER = TaskHandler(prompt=_press_prompt, run=_press_run, resolve=lambda s, t, c, e: _press_do(s, t, c[0]))


# ---- Coup: each other player returns 1 face-up unit and 1 face-up tactic to hand ----------------------

class Coup(Effect):
    def apply(self, ctx: Ctx, mode: str) -> None:
        push_seq(ctx.state, [task("ren_coup", p, what=k) for p in others_in_order(ctx.state, ctx.player)
                             for k in ("unit", "tactic")])


def _coup_candidates(state: State, t: Task) -> list[str]:
    return field.distinct_by_card(state, [c for c in field.face_up(state, t.player)
                                          if field.info(state, c).kind == t.data["what"]])


def _coup_prompt(state: State, t: Task):
    cands = _coup_candidates(state, t)
    if len(cands) <= 1:
        return None
    what = T("unit", "ユニット") if t.data["what"] == "unit" else T("tactic", "戦術")
    return make_prompt(t, T("Coup: return which face-up ", "クーデター：どの") + what
                       + T(" to your hand?", "を手札に戻しますか"),
                       [Option(key=c, label=field.info(state, c).label) for c in cands])


def _coup_do(state: State, t: Task, cid: str, events: Events) -> None:
    field.return_to_hand(state, t.player, cid)
    say(events, "coup", f"{t.player} returns {field.info(state, cid).name.en} to hand.",
        f"{t.player}は《{field.info(state, cid).name.ja}》を手札に戻しました。", card=state.cards[cid])


def _coup_run(state: State, t: Task, events: Events) -> None:
    cands = _coup_candidates(state, t)
    if cands:
        _coup_do(state, t, cands[0], events)


REN_COUP_HANDLER = TaskHandler(prompt=_coup_prompt, run=_coup_run, resolve=lambda s, t, c, e: _coup_do(s, t, c[0], e))


# ---- Exile: play it into another player's field and take one of their face-up units -----------------

def _exile_targets(state: State, player: str) -> list[tuple[str, str]]:
    """(owner, unit instance) of every face-up unit of the other players (notes A12)."""
    return [(p, c) for p in others_in_order(state, player) for c in field.face_up(state, p)
            if field.info(state, c).kind == "unit"]


class Exile(Effect):
    def modes(self, ctx: Ctx) -> list[Mode]:
        return [USE] if _exile_targets(ctx.state, ctx.player) else []

    def apply(self, ctx: Ctx, mode: str) -> None:
        push(ctx.state, task("ren_exile", ctx.player, inst=ctx.instance))


def _exile_prompt(state: State, t: Task):
    targets = _exile_targets(state, t.player)
    if len(targets) <= 1:
        return None
    return make_prompt(t, T("Exile: take which unit into your field? (Exile goes to its owner's field)",
                            "亡命：どのユニットをあなたの場に置き直しますか（亡命はその持ち主の場へ）"),
                       [Option(key=c, label=T(f"{p}: ", f"{p}：") + field.info(state, c).label
                               + T(f" (military {field.info(state, c).military.value})", f"（軍事力{field.info(state, c).military.value}）"))
                        for p, c in targets])


def _exile_do(state: State, t: Task, unit: str, events: Events) -> None:
    owner = field.owner_of(state, unit)
    assert owner is not None
    field.move_field_card(state, unit, owner, t.player)
    inst = t.data.get("inst")
    if inst is not None and any(f.id == inst for f in state.seats[t.player].field):
        field.move_field_card(state, inst, t.player, owner)
    say(events, "exile", f"{t.player} plays Exile into {owner}'s field and takes {field.info(state, unit).name.en}.",
        f"{t.player}は《亡命》を{owner}の場にプレイし、《{field.info(state, unit).name.ja}》を自分の場に置き直しました。",
        card=state.cards[unit])


def _exile_run(state: State, t: Task, events: Events) -> None:
    targets = _exile_targets(state, t.player)
    if targets:
        _exile_do(state, t, targets[0][1], events)


REN_EXILE_HANDLER = TaskHandler(prompt=_exile_prompt, run=_exile_run, resolve=lambda s, t, c, e: _exile_do(s, t, c[0], e))
