"""The round procedure. Automatic steps run until a player owes a decision (`state.step` names it).

Duel: initial card → draw phases (first player, then second) → showdown and declarations →
damage → cleanup → reinforcement → the next first player. Co-op / three players: purple's initial
card, red's and green's → draws (red, green, purple) → declarations (red, green, purple) → red's
comparison, green's comparison → cleanup → reinforcement (red, green, purple in three players).
"""
from __future__ import annotations

from games.kit import Event, Rng, T

from .data import ACE, load
from .options import Options
from .piles import draw_card, label_text, side_name
from .rules import auto_aces, can_draw_more, card_label, clash, draw_total, own_total, purple_wants_card, special_count
from .state import Card, Clash, RoundRecord, Side, State

EventList = list[Event]
DUEL_COLOURS = ("red", "green")
CARD_COLOURS = ("red", "green", "black", "purple")


# ---- setup -------------------------------------------------------------------------

def new_state(game_key: str, players: list[str], options: Options, rng: Rng) -> State:
    data = load()
    faces = [(colour, r) for colour in DUEL_COLOURS for r in data.colour_decks[options.colour_deck].all_ranks()]
    faces += [("black", r) for r in data.black_supply.all_ranks()]
    if options.mode != "duel":
        faces += [("purple", r) for r in data.purple_deck.all_ranks()]
    # Ids are dealt to the cards at random, so an id seen in a log of choices tells nothing.
    ids = [f"c{i:02d}" for i in range(1, len(faces) + 1)]
    rng.shuffle(ids)
    cards = {card_id: Card(colour=colour, rank=rank) for card_id, (colour, rank) in zip(ids, faces, strict=True)}
    of = {colour: [card_id for card_id in ids if cards[card_id].colour == colour] for colour in CARD_COLOURS}
    sides = {colour: Side(colour=colour, player=players[i], hp=options.hp(), deck=of[colour])
             for i, colour in enumerate(DUEL_COLOURS)}
    if options.mode != "duel":
        purple = Side(colour="purple", player=players[2] if options.mode == "three" else None, hp=options.hp(),
                      deck=of["purple"])
        rng.shuffle(purple.deck)
        sides["purple"] = purple
    state = State(game=game_key, players=players, seed=rng.seed, rng=rng, options=options, cards=cards,
                  sides=sides, supply=of["black"])
    if options.mode == "duel":
        # じゃんけん decides who holds the First Strike marker; they pick their black card first.
        state.marker = rng.choice(list(DUEL_COLOURS))
        state.queue = [state.marker, other(state, state.marker)]
    else:
        state.queue = list(DUEL_COLOURS)
    return state


def other(state: State, colour: str) -> str:
    """The duel opponent."""
    return "green" if colour == "red" else "red"


def take_black(state: State, rank: str) -> str:
    card = next(c for c in state.supply if state.cards[c].rank == rank)
    state.supply.remove(card)
    return card


def setup_pick(state: State, colour: str, rank: str, events: EventList) -> None:
    """Setup: add one face-up black card to the colour cards and shuffle the 7 into the deck."""
    side = state.sides[colour]
    side.deck.append(take_black(state, rank))
    state.rng.shuffle(side.deck)
    state.queue.remove(colour)
    events.append(Event(kind="setup_pick", text=side_name(side) + T(f" takes a black {rank} and shuffles the deck.",
                                                                    f"は黒{rank}を取り、出撃デッキを混ぜました。"),
                        data={"colour": colour, "rank": rank}))
    if not state.queue:
        start_round(state, events)


# ---- the round -----------------------------------------------------------------------

def living(state: State, colours: tuple[str, ...] = ("red", "green", "purple")) -> list[str]:
    return [c for c in colours if c in state.sides and state.sides[c].alive]


def next_first(state: State) -> str:
    """⑧: the player with more HP goes first; equal HP → the First Strike marker's holder."""
    red, green = state.sides["red"].hp, state.sides["green"].hp
    if state.round == 1 or red == green:
        return state.marker or "red"
    return "red" if red > green else "green"


def turn_order(state: State) -> list[str]:
    if state.options.mode == "duel":
        return [state.first or "red", other(state, state.first or "red")]
    return living(state)


def start_round(state: State, events: EventList) -> None:
    if state.round >= state.options.round_limit:
        finish(state, "round_limit", events)
        return
    state.round += 1
    for side in state.sides.values():
        side.play, side.face_down, side.draws, side.aces_high, side.threes = [], [], 0, 0, {}
    state.damaged = []
    if state.options.mode == "duel":
        state.first = next_first(state)
    state.current = RoundRecord(number=state.round, first=state.first)
    events.append(Event(kind="round", text=T(f"Round {state.round}.", f"第{state.round}ラウンド。")
                        + (T(" First player: ", " 先攻:") + side_name(state.sides[state.first])
                           if state.first else T("", "")), data={"round": state.round}))
    # 初期フェイズ: one card face up each (co-op: red first draws purple's).
    initial = turn_order(state)
    if state.options.mode != "duel":
        initial = ["purple"] + [c for c in initial if c != "purple"]
    for colour in initial:
        side = state.sides[colour]
        card = draw_card(state, side, events)
        if card is not None:
            side.play.append(card)
            events.append(Event(kind="initial", text=side_name(side) + T(" opens with ", "の初期カード:")
                                + card_label(state.cards[card]) + T(".", "。"), data={"colour": colour}))
    state.step = "draw"
    state.queue = turn_order(state)
    continue_draw(state, events)


def continue_draw(state: State, events: EventList) -> None:
    """Let each side in turn draw; stop where a player must decide. In the duel a player who
    has drawn face down always ends with their own "stop": whether they could draw on (their
    hidden total) or use a 2 or 4 must not show in whom the board waits for (issue 15)."""
    while state.queue:
        side = state.sides[state.queue[0]]
        if side.player is None:  # the automated co-op purple side
            while can_draw_more(state, side) and purple_wants_card(state, side):
                draw_one(state, side, events)
        elif can_draw_more(state, side) or (state.options.mode == "duel" and side.draws > 0):
            return
        state.queue.pop(0)
    showdown(state, events)


def draw_one(state: State, side: Side, events: EventList) -> str | None:
    card = draw_card(state, side, events)
    if card is None:
        return None
    side.play.append(card)
    side.draws += 1
    if state.options.mode == "duel":
        side.face_down.append(card)
        events.append(Event(kind="draw", text=side_name(side) + T(f" draws a card face down ({side.draws} of 3).",
                                                                 f"は裏向きで1枚引きました({side.draws}/3枚)。")))
        events.append(Event(kind="drew", to=[side.player], text=T("You drew ", "引いたカード:")
                            + card_label(state.cards[card]) + T(f" (total {draw_total(state, side)}).",
                                                                f"(合計{draw_total(state, side)})。")))
    else:
        events.append(Event(kind="draw", text=side_name(side) + T(" draws ", "が引いたカード:")
                            + card_label(state.cards[card]) + T(f" (total {draw_total(state, side)}).",
                                                                f"(合計{draw_total(state, side)})。")))
    return card


def stop_drawing(state: State, colour: str, events: EventList) -> None:
    side = state.sides[colour]
    state.queue.remove(colour)
    events.append(Event(kind="stop", text=side_name(side) + T(" stops drawing.", "はドローを終えました。")))
    continue_draw(state, events)


# ---- showdown and declarations -----------------------------------------------------------

def opponents(state: State, colour: str) -> list[str]:
    if state.options.mode == "duel":
        return [other(state, colour)]
    if colour == "purple":
        return living(state, DUEL_COLOURS)
    return ["purple"]


def showdown(state: State, events: EventList) -> None:
    """④: every face-down card turns up; then 3 and A are declared in turn order (G8, G19, G23)."""
    state.step = "declare"
    state.queue = []
    for colour in turn_order(state):
        side = state.sides[colour]
        side.face_down = []
        state.current.cards[colour] = [state.cards[c] for c in side.play]
        events.append(Event(kind="showdown", text=side_name(side) + T(": ", ":") + label_text(state, side.play),
                            data={"colour": colour}))
        if side.player is None:
            side.aces_high = auto_aces(state, side)
            continue
        if special_count(state, side, ACE):
            state.queue.append(f"{colour}:aces")
        if special_count(state, side, "3"):
            state.queue.extend(f"{colour}:threes:{target}" for target in opponents(state, colour))
    continue_declare(state, events)


def continue_declare(state: State, events: EventList) -> None:
    if not state.queue:
        resolve(state, events)


def declare_aces(state: State, colour: str, high: int, events: EventList) -> None:
    side = state.sides[colour]
    side.aces_high = high
    state.queue.pop(0)
    count = special_count(state, side, ACE)
    events.append(Event(kind="aces", text=side_name(side) + T(
        f" counts {high} of {count} A as 11 (cards total {own_total(state, side)}).",
        f"はA{count}枚のうち{high}枚を11として扱います(合計{own_total(state, side)})。"),
        data={"colour": colour, "aces_high": high}))
    continue_declare(state, events)


def declare_threes(state: State, colour: str, target: str, delta: int, events: EventList) -> None:
    side = state.sides[colour]
    side.threes[target] = delta
    state.queue.pop(0)
    events.append(Event(kind="threes", text=side_name(side) + T(
        f" uses the 3: {delta:+d} to the strength of ", "は3の効果で") + side_name(state.sides[target])
        + T(".", f"の《強さ》を{delta:+d}します。"), data={"colour": colour, "target": target, "delta": delta}))
    continue_declare(state, events)


# ---- damage, the end, cleanup, reinforcement -----------------------------------------------------

def resolve(state: State, events: EventList) -> None:
    """⑤: the duel's one comparison, or red's then green's comparison with purple (G20)."""
    record = state.current
    for side in state.sides.values():
        if side.play:
            record.aces_high[side.colour] = side.aces_high
        if side.threes:
            record.threes[side.colour] = dict(side.threes)
    if state.options.mode == "duel":
        pairs = [(state.first, other(state, state.first))]
    else:
        pairs = [(c, "purple") for c in DUEL_COLOURS]
    for a, b in pairs:
        if not state.sides[a].alive:
            continue
        result = clash(state, state.sides[a], state.sides[b])
        record.clashes.append(result)
        for me, them in ((a, b), (b, a)):
            if result.dealt[me]:
                state.sides[them].hp -= result.dealt[me]
                if them not in state.damaged:
                    state.damaged.append(them)
        events.append(clash_event(state, result))
        if check_end(state, events):
            return
    start_cleanup(state, events)


def clash_event(state: State, result: Clash) -> Event:
    en, ja = [], []
    for colour in result.sides:
        name, strength = side_name(state.sides[colour]), result.strength[colour]
        bust, cap = result.bust[colour], result.capped[colour]
        en.append(f"{name.en} {strength}{' (bust)' if bust else ''} deals {result.dealt[colour]}"
                  f"{' (capped at 3 by a 10)' if cap else ''}")
        ja.append(f"{name.ja} {strength}{'(バースト)' if bust else ''}→{result.dealt[colour]}ダメージ"
                  f"{'(10により最大3)' if cap else ''}")
    hp_en = ", ".join(f"{side_name(state.sides[c]).en} HP {state.sides[c].hp}" for c in result.sides)
    hp_ja = "、".join(f"{side_name(state.sides[c]).ja} HP{state.sides[c].hp}" for c in result.sides)
    return Event(kind="damage", text=T("Strength: " + "; ".join(en) + f". {hp_en}.",
                                       "《強さ》:" + " / ".join(ja) + f"。{hp_ja}。"), data=result.model_dump())


def check_end(state: State, events: EventList) -> bool:
    """Duel: anyone at 0 or less ends it; both at once → the First Strike marker wins (G14).
    Co-op / three: purple at 0 or less → red and green win, even together (G21, G24); else they
    lose when both (or, by option, either) of red and green have fallen."""
    sides = state.sides
    if state.options.mode == "duel":
        fallen = [c for c in DUEL_COLOURS if not sides[c].alive]
        if not fallen:
            return False
        winners = [state.marker] if len(fallen) == 2 else [other(state, fallen[0])]
    elif not sides["purple"].alive:
        winners = list(DUEL_COLOURS)
    else:
        fallen = [not sides[c].alive for c in DUEL_COLOURS]
        if not (all(fallen) if state.options.coop_loss == "both" else any(fallen)):
            return False
        winners = ["purple"]
    finish(state, "ko", events, winners)
    return True


def finish(state: State, reason: str, events: EventList, winners: list[str] | None = None) -> None:
    if winners is None:  # the round limit
        if state.options.mode == "duel":
            red, green = state.sides["red"].hp, state.sides["green"].hp
            winners = [state.marker] if red == green else ["red" if red > green else "green"]
        else:
            winners = ["purple"]
    state.finished, state.step, state.queue, state.pending = True, "over", [], None
    state.winners, state.end_reason = winners, reason
    if state.current is not None:
        state.last, state.current = state.current, None
    names = [side_name(state.sides[c]) for c in winners]
    joined = T(" and ".join(n.en for n in names), "と".join(n.ja for n in names))
    why = T(" (round limit)", "(ラウンド上限)") if reason == "round_limit" else T("", "")
    events.append(Event(kind="game_over", text=T("Game over: ", "ゲーム終了:") + joined + T(" wins" if len(names) == 1 else " win", "の勝利") + why
                        + T(".", "。"), data={"winners": winners, "reason": reason}))


def start_cleanup(state: State, events: EventList) -> None:
    """⑥: each damaged player (never purple, G12, G22) removes one of their used cards."""
    state.step = "remove"
    state.queue = [c for c in state.damaged
                   if c != "purple" and state.sides[c].alive and state.sides[c].play]
    if not state.queue:
        end_cleanup(state, events)


def remove_card(state: State, colour: str, card: str, events: EventList) -> None:
    side = state.sides[colour]
    side.play.remove(card)
    side.removed.append(card)
    state.queue.remove(colour)
    state.current.removed.append(colour)
    events.append(Event(kind="remove", text=side_name(side) + T(" removes one used card from the game.",
                                                               "は使ったカード1枚をゲームから除外しました。")))
    events.append(Event(kind="removed", to=[side.player], text=T("You removed ", "除外したカード:")
                        + card_label(state.cards[card]) + T(" from the game.", "。")))
    if not state.queue:
        end_cleanup(state, events)


def end_cleanup(state: State, events: EventList) -> None:
    for side in state.sides.values():
        side.used.extend(side.play)
        side.play, side.face_down = [], []
    start_reinforcement(state, events)


def reinforcement_order(state: State) -> list[str]:
    """⑦ duel: the only damaged player first, otherwise the marker holder (G2).
    Co-op: red, then green; three players: then purple (G22, G23)."""
    if state.options.mode == "duel":
        first = state.damaged[0] if len(state.damaged) == 1 else state.marker
        return [first, other(state, first)]
    order = living(state, DUEL_COLOURS)
    return order + (["purple"] if state.options.mode == "three" else [])


def start_reinforcement(state: State, events: EventList) -> None:
    state.step = "reinforce"
    state.queue = reinforcement_order(state)
    continue_reinforcement(state, events)


def continue_reinforcement(state: State, events: EventList) -> None:
    if state.queue and not state.supply:
        events.append(Event(kind="supply_empty", text=T("No black cards are left to take.",
                                                        "黒カードは残っていません。")))
        state.queue = []
    if not state.queue:
        end_round(state, events)


def reinforce(state: State, colour: str, rank: str, events: EventList) -> None:
    side = state.sides[colour]
    side.used.append(take_black(state, rank))
    state.queue.remove(colour)
    state.current.gained[colour] = rank
    events.append(Event(kind="reinforce", text=side_name(side) + T(f" takes a black {rank} into the used pile.",
                                                                  f"は黒{rank}を使用済デッキに加えました。"),
                        data={"colour": colour, "rank": rank}))
    continue_reinforcement(state, events)


def end_round(state: State, events: EventList) -> None:
    state.last, state.current = state.current, None
    start_round(state, events)
