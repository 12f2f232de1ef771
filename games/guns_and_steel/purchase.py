"""The purchase phase (seed-B/seed-R 購入ルール): at most one card, paid with this turn's
energy plus resources depleted now (each gives its own energy).

Only affordable cards are offered. Paying: if there is a real choice of which resources to
deplete, the player takes the automatic payment (fewest cards, least valuable first) or
picks resources one at a time; never a list of combinations.
"""
from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

from games.kit import Option, T, Text, opt
from games.kit.trusted import fresh_text, trusted_option

from . import field, payment
from .cards import ENERGIES, ERAS, TYPE_NAMES, all_cards, card, energy_name, energy_text
from .flow import Events, TaskHandler, make_prompt, push, quiet, say, task
from .pyramid import Source, remove
from .sets import rules_for
from .state import State, Task, field_card
from .turn import trigger_end


def _held(state: State, ids: list[str], energy: bool = False) -> payment.Vec:
    """The resources `ids` by kind (a payment vector), plus this turn's energy if `energy`."""
    counts = [state.energy.get(k, 0) for k in ENERGIES] if energy and state.energy else [0] * len(ENERGIES)
    cards = state.cards
    for c in ids:
        counts[_slot(cards[c])] += 1
    return tuple(counts)


def _field_pool(state: State, player: str) -> payment.Vec:
    """`_held` of the player's resources plus this turn's energy, read straight off the field
    (the purchase prompt asks it every turn)."""
    energy = state.energy
    counts = [energy.get(k, 0) for k in ENERGIES] if energy else [0] * len(ENERGIES)
    cards = state.cards
    for f in state.seats[player].field:
        if not f.up:
            counts[_slot(cards[f.id])] += 1
    return tuple(counts)


_SLOT = {k: i for i, k in enumerate(ENERGIES)}


@cache
def _slot_of(card_key: str) -> int:
    return _SLOT[card(card_key).resource]


_slot = _slot_of


def affordable(state: State, player: str) -> tuple[Source, ...]:
    return _affordable(_field_pool(state, player), _offers(state))[0]


class _Offers:
    """One table's offers (`SetRules.sources`) with what the payment check needs of each, and
    the answers already found for it (pool -> affordable offers and their options) and each
    offer's option. It also keeps a copy of everything those offers were computed from, so
    `_offers` can tell whether it still describes a state (`describes`)."""

    __slots__ = ("sources", "by_key", "needs", "rules", "pyramid", "piles", "ids", "keys", "found", "options")

    def __init__(self, state: State, rules: object, sources: tuple[Source, ...],
                 before: _Offers | None = None) -> None:
        self.sources = sources
        self.by_key = {s.key: s for s in sources}
        # (offer, cost vector, energy units the cost takes, extra): units as `payment` counts them
        needs = _NEEDS
        self.needs = tuple([(s, *(needs.get(s.card) or _need(s.card)), s.extra) for s in sources])
        # What the set's `sources` reads: the rules, the pyramid's and piles' ids, and the card
        # behind every id offered (copies: the state's own lists change as cards are bought).
        self.rules = rules
        self.pyramid = {era: list(row) for era, row in state.pyramid.items()}
        self.piles = [(era, list(pile)) for era, pile in state.piles.items()]   # in order: tops are offered in it
        self.ids = [s.key for s in sources]
        self.keys = [s.card for s in sources]
        self.found: dict[payment.Vec, tuple[tuple[Source, ...], list[Option]]] = {}
        # Offer -> its option, a pure function of the offer: the ones of the table `before` (the
        # same game before a purchase, mostly) that are still offered are taken over.
        kept = before.options if before is not None else {}
        self.options: dict[Source, Option] = {s: kept[s] for s in sources if s in kept}

    def option(self, s: Source) -> Option:
        found = self.options.get(s)
        if found is None:
            found = self.options[s] = _source_option(s)
        return found

    def describes(self, state: State, rules: object) -> bool:
        """Whether `state` shows the very table these offers were computed from: the same set
        rules, equal pyramid rows and research piles (id by id) and the same card behind every
        offered id. Plain equality of small lists, far cheaper than computing the offers."""
        cards = state.cards
        return (rules is self.rules and state.pyramid == self.pyramid and list(state.piles.items()) == self.piles
                and list(map(cards.get, self.ids)) == self.keys)


# The last table's offers. A playout or a search asks about the same table turn after turn (it
# changes only when a card is bought), so one entry, checked against the state it is asked
# for, answers most questions; any other table is computed afresh and replaces it. Nothing is
# keyed by a table, so nothing piles up across games.
_LAST: list[_Offers | None] = [None]


def _offers(state: State) -> _Offers:
    rules = rules_for(state)
    last = _LAST[0]
    if last is not None and last.describes(state, rules):
        return last
    offers = _Offers(state, rules, rules.sources(state), last)
    _LAST[0] = offers
    return offers


def _units(v: payment.Vec) -> int:
    """Energy units in a vector: [space] counts two (the unit count `payment` compares first)."""
    return sum(v[:6]) + 2 * v[6]


def _affordable(pool: payment.Vec, offers: _Offers) -> tuple[tuple[Source, ...], list[Option]]:
    """The offers `pool` can pay for, and the purchase options for them: the payment search
    once per pool and table (kept with the table's offers), not once per prompt."""
    hit = offers.found.get(pool)
    if hit is None:
        srcs = _payable_offers(pool, offers)
        hit = offers.found[pool] = (srcs, [*map(offers.option, srcs), BUY_NOTHING] if srcs else [])
    return hit


def _payable_offers(pool: payment.Vec, offers: _Offers) -> tuple[Source, ...]:
    """Too few units can never pay, and a pool that covers every printed energy (or lacks no
    more than its wildcards make up) with the extra to spare pays without a conversion; only
    the rest needs the search (the same answers as `payment.payable`)."""
    total = _units(pool)
    found = []
    for s, need, units, extra in offers.needs:
        if units + extra > total or need[6] > pool[6]:     # too few units, or a [space] short: never
            continue
        if (pool[0] >= need[0] and pool[1] >= need[1] and pool[2] >= need[2] and pool[3] >= need[3]
                and pool[4] >= need[4] and pool[5] >= need[5] and pool[6] >= need[6]) \
                or payment.paid_without_conversion(pool, need, extra) or payment.payable(pool, need, extra):
            found.append(s)
    return tuple(found)


@cache
def _cheapest() -> int:
    """The fewest energy units any pyramid or pile card (the ones with an era) costs before its
    extra cost: a pool with fewer pays for nothing."""
    return min(_units(_cost(key)) for key, c in all_cards().items() if c.era is not None)


def _need(card_id: str) -> tuple[payment.Vec, int]:
    """A card's cost vector and the energy units it takes (kept in `_NEEDS`, read directly
    when a table's offers are built)."""
    found = _NEEDS[card_id] = (_cost(card_id), _units(_cost(card_id)))
    return found


_NEEDS: dict[str, tuple[payment.Vec, int]] = {}


@cache
def _cost(card_id: str) -> payment.Vec:
    return payment.vec(card(card_id).cost.value)


def _source(state: State, key: str) -> Source:
    return _offers(state).by_key[key]


@cache
def _facts(key: str) -> Text:
    """What a buyer weighs: type, military, VP, the counter icon, then the effect."""
    c = card(key)
    kind = TYPE_NAMES[c.kind]
    counter = T(", counter icon", "、反撃アイコン") if c.counter.value else T("", "")
    return (T(f"{kind[0]}, military {c.military.value}, {c.vp.value} VP", f"{kind[1]}、軍事力{c.military.value}、{c.vp.value}VP")
            + counter + T(". ", "。") + T(c.effect.en, c.effect.ja))


def _price(s: Source):
    return energy_text(card(s.card).cost.value, s.extra)


# ---- choosing a card --------------------------------------------------------------------------

def _purchase_prompt(state: State, t: Task):
    pool = _field_pool(state, t.player)
    if _units(pool) < _cheapest():      # fewer energy units than any card costs: nothing to offer
        return None
    srcs, options = _affordable(pool, _offers(state))
    if not srcs:
        return None
    return make_prompt(t, _purchase_text(energy_text(state.energy)), options)


BUY_NOTHING = opt("none", "Buy nothing", "購入しない", passes=True)


def _source_option(s: Source) -> Option:
    """A card to buy as an option: `Option(key=…, label=…, detail=…, group=…)` from texts kept
    per card (kept with the table's offers, `_Offers.option`: its key is this game's id)."""
    return trusted_option(s.key, _source_label(s.card, s.extra), _facts(s.card), s.era)


@lru_cache(maxsize=4096)
def _source_label(card_key: str, extra: int) -> Text:
    return card(card_key).label + T(" — ", " — ") + energy_text(card(card_key).cost.value, extra)


@lru_cache(maxsize=1024)
def _purchase_text(have: Text) -> Text:
    return T(f"Purchase phase: buy at most one card (energy now: {have.en}; your resources can be depleted).",
             f"購入フェイズ：1枚まで購入できます（現在のエネルギー：{have.ja}、資源も消費できます）。")


def _purchase_run(state: State, t: Task, events: Events) -> None:
    if not quiet(events):
        say(events, "no_purchase", f"{t.player} cannot afford any card.", f"{t.player}が買えるカードはありません。")


def _purchase_resolve(state: State, t: Task, choice: list[str], events: Events) -> None:
    if choice[0] == "none":
        if not quiet(events):
            say(events, "no_purchase", f"{t.player} buys nothing.", f"{t.player}は何も購入しません。")
        return
    push(state, task("pay", t.player, src=choice[0]))


PURCHASE_HANDLER = TaskHandler(prompt=_purchase_prompt, run=_purchase_run, resolve=_purchase_resolve)


# ---- paying ---------------------------------------------------------------------------------------

def auto_ids(state: State, player: str, s: Source) -> list[str] | None:
    """The resource cards the automatic payment depletes (first ones of each kind in the field)."""
    res = field.resources(state, player)
    plan = _auto_plan(state, res, s)
    if plan is None:
        return None
    out: list[str] = []
    for kind, n in plan[0]:
        out.extend([c for c in res if field.info(state, c).resource == kind][:n])
    return out


def _auto_plan(state: State, res: list[str], s: Source) -> payment.Planned | None:
    """The automatic payment of `s` with the resources `res` (how many of each kind go)."""
    return payment.planned(payment.vec(state.energy), _held(state, res), _cost(s.card), s.extra)


@lru_cache(maxsize=1024)
def _spent_text(deplete: tuple[tuple[str, int], ...]) -> Text:
    """The resources a payment depletes, by kind: "food×1, iron×2" (`_ids_text` names them
    from ids; a plan gives the counts directly)."""
    if not deplete:
        return T("no resources", "資源なし")
    order = sorted(deplete, key=lambda kn: payment.ENERGIES.index(kn[0]))
    return T(", ".join(f"{energy_name(k).en}×{n}" for k, n in order), "、".join(f"{energy_name(k).ja}×{n}" for k, n in order))


def _ids_text(state: State, ids: list[str]):
    return _spent_text(tuple(Counter(field.info(state, c).resource for c in ids).items()))


def _names_text(state: State, ids: list[str]):
    """The depleted resources turn face up, so the log names them: ": Mining, Agriculture", in
    public order (by kind, then card), never in the order the hidden cards were picked in."""
    if not ids:
        return T("", "")
    ids = sorted(ids, key=lambda c: (payment.ENERGIES.index(field.info(state, c).resource), state.cards[c]))
    return T(": " + ", ".join(field.info(state, c).name.en for c in ids),
             "：" + "、".join(f"《{field.info(state, c).name.ja}》" for c in ids))


def _pay_prompt(state: State, t: Task):
    s = _source(state, t.data["src"])
    res = field.resources(state, t.player)
    plan = _auto_plan(state, res, s)
    assert plan is not None
    spent = sum(n for _, n in plan[0])
    if spent in (0, len(res)):     # nothing or everything goes: no choice of which
        return None
    return make_prompt(t, _pay_text(s.card, s.extra), [_auto_option(_spent_text(plan[0])), PAY_MANUALLY, BACK])


@lru_cache(maxsize=4096)
def _pay_text(card_key: str, extra: int) -> Text:
    return card(card_key).label + T(" costs ", "の支払い：") + energy_text(card(card_key).cost.value, extra)


@lru_cache(maxsize=1024)
def _auto_option(spent: Text) -> Option:
    return Option(key="auto", label=T("Pay automatically: deplete ", "自動で支払う：消費 ") + spent)


PAY_MANUALLY = opt("manual", "Choose the resources to deplete myself", "消費する資源を自分で選ぶ")
BACK = opt("back", "Back (choose another card or none)", "戻る（別のカード／購入しない）", goes_back=True)
PAY_NOW = opt("pay", "Pay now", "これで支払う")
PAY_CONVERTING = opt("pay_conv", "Pay now, using an energy conversion", "エネルギーを変換して支払う")


def _pay_run(state: State, t: Task, events: Events) -> None:
    s = _source(state, t.data["src"])
    buy(state, t.player, s, auto_ids(state, t.player, s) or [], False, events)


def _pay_resolve(state: State, t: Task, choice: list[str], events: Events) -> None:
    if choice[0] == "auto":
        _pay_run(state, t, events)
    elif choice[0] == "manual":
        push(state, task("pay_pick", t.player, src=t.data["src"], picked=[]))
    else:
        push(state, task("purchase", t.player))


PAY_HANDLER = TaskHandler(prompt=_pay_prompt, run=_pay_run, resolve=_pay_resolve)


def _pick_options(state: State, t: Task, pool: payment.Vec) -> list[Option]:
    s = _source(state, t.data["src"])
    picked = t.data["picked"]
    cost, extra = _cost(s.card), s.extra
    options = [_deplete_option(c, state.cards[c])
               for c in field.distinct_by_card(state, [c for c in field.resources(state, t.player) if c not in picked])]
    conv = payment.min_conversions(pool, cost, extra)
    if conv is not None:
        options.append(PAY_NOW)
        if conv == 0 and payment.can_pay_converting(pool, cost, extra):
            options.append(PAY_CONVERTING)
    options.append(BACK)
    return options


@lru_cache(maxsize=8192)
def _deplete_option(cid: str, key: str) -> Option:
    c = card(key)
    return Option(key=cid, label=T(f"Deplete {energy_name(c.resource).en} — {c.name.en}",
                                   f"消費：{energy_name(c.resource).ja} — {c.name.ja}"))


def _pick_prompt(state: State, t: Task):
    s = _source(state, t.data["src"])
    pool = _held(state, t.data["picked"], energy=True)     # this turn's energy and the picked resources
    return make_prompt(t, _pick_text(s.card, s.extra, pool), _pick_options(state, t, pool))


def _pick_text(card_key: str, extra: int, pool: payment.Vec) -> Text:
    """Built afresh each time (the energy so far seldom repeats: cached, it would only pile up)."""
    have = energy_text(dict(zip(ENERGIES, pool, strict=True)))
    price = energy_text(card(card_key).cost.value, extra)
    label = card(card_key).label
    return fresh_text(f"{label.en} costs {price.en}; energy so far: {have.en}. Deplete another resource or pay.",
                      f"{label.ja}の支払い：{price.ja}。現在のエネルギー：{have.ja}。資源を消費するか支払ってください。")


def _pick_resolve(state: State, t: Task, choice: list[str], events: Events) -> None:
    c = choice[0]
    if c in ("pay", "pay_conv"):
        buy(state, t.player, _source(state, t.data["src"]), t.data["picked"], c == "pay_conv", events)
    elif c == "back":
        push(state, task("purchase", t.player))
    else:
        push(state, task("pay_pick", t.player, src=t.data["src"], picked=[*t.data["picked"], c]))


PAY_PICK_HANDLER = TaskHandler(prompt=_pick_prompt, resolve=_pick_resolve)


def buy(state: State, player: str, s: Source, deplete_ids: list[str], convert: bool, events: Events) -> None:
    """Deplete `deplete_ids` for energy, pay, and put the card face up in the buyer's field."""
    for cid in deplete_ids:
        field.deplete(state, player, cid, energy=True)
    c = card(s.card)
    conv = payment.min_conversions(state.energy, c.cost.value, s.extra)
    assert conv is not None, "bought an unaffordable card"
    rec = state.record
    rec.bought = c.id
    rec.bought_era = s.era
    rec.bought_with_conversion = conv > 0 or convert
    rec.newest_era_before_purchase = state.newest_bought_era
    if state.newest_bought_era is None or ERAS.index(s.era) > ERAS.index(state.newest_bought_era):
        state.newest_bought_era = s.era
    remove(state, s.key)
    state.seats[player].field.append(field_card(s.key, True))
    state.energy = {}
    if not quiet(events):
        spent = _ids_text(state, deplete_ids) + _names_text(state, deplete_ids)
        say(events, "buy", f"{player} buys {c.name.en} for " + _price(s).en + " (depleting " + spent.en + ").",
            f"{player}は《{c.name.ja}》を購入（" + _price(s).ja + "、消費：" + spent.ja + "）。",
            card=c.id, era=s.era, conversion=rec.bought_with_conversion, depleted=sorted(state.cards[i] for i in deplete_ids))
    if s.era == "space" and rules_for(state).last_space_bought(state):
        trigger_end(state, "space", events)
