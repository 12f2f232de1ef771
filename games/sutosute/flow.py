"""The round procedure: automatic steps run until a player owes a decision (state.step names it).

Steps that wait for a player: civ, place, declare, combo, china, persia, draw, tie_discard, reroll.
"""
from __future__ import annotations

from games.kit import Event, Rng, T
from games.kit.words import count

from .combos import bonus, combo_window, played_kind
from .data import CIVS, DICE, KINDS, REVOLUTION, civ_name, kind_name, load
from .deck import EventList, burn_after_shuffle, deal, draw_card, reset_cards, roll, take_from_hand, v2_reshuffle
from .options import Options
from .power import Played, powers
from .state import DiscardEntry, RoundRecord, State


def _pts(n: int) -> str:
    return count(n, "point")


def other(state: State, player: str) -> str:
    a, b = state.players
    return b if player == a else a


# ---- setup -------------------------------------------------------------------

def new_state(game_key: str, players: list[str], options: Options, rng: Rng) -> State:
    d = load()
    kinds = [k.key for k in d.kinds for _ in range(k.count)]
    if options.revolution:
        kinds += [REVOLUTION] * d.revolution.count
    # Ids are dealt to the kinds at random, so an id that slips out (say, in a log of choices)
    # tells nothing about the card.
    rng.shuffle(kinds)
    cards = {f"c{i:02d}": kind for i, kind in enumerate(kinds, 1)}
    state = State(game=game_key, players=players, seed=rng.seed, rng=rng, options=options, cards=cards,
                  hands={p: [] for p in players}, scores={p: 0 for p in players},
                  pyramids={p: 0 for p in players}, india_active={p: True for p in players})
    if options.civilizations:
        if options.civ_assignment == "random":
            picks = state.rng.sample(list(CIVS), 2)
            state.civs = dict(zip(players, picks, strict=True))
        else:
            first = state.rng.choice(players)
            state.civ_turn = [first, other(state, first)]
            state.step = "civ"
            return state
    begin_play(state, None)  # nobody reads the events of the setup
    return state


def begin_play(state: State, events: EventList) -> None:
    """Shuffle, deal 4 each, roll all dice, open the first round."""
    state.deck = list(state.cards)
    state.rng.shuffle(state.deck)
    burn_after_shuffle(state)
    deal(state)
    roll(state, list(DICE), events)
    start_round(state, events)


def pick_civ(state: State, player: str, civ: str, events: EventList) -> None:
    state.civs[player] = civ
    state.civ_turn.remove(player)
    if events is not None:
        events.append(Event(kind="civ", text=T(f"{player} chooses ", f"{player}は") + civ_name(civ)
                            + T(".", "を選びました。")))
    if not state.civ_turn:
        begin_play(state, events)


# ---- the round -----------------------------------------------------------------

def start_round(state: State, events: EventList) -> None:
    limit = state.options.round_limit
    if limit and state.round >= limit:
        finish(state, "round_limit", events)
        return
    state.step = "place"
    state.placed = {}
    state.declared = None
    state.revealed = False
    state.winner = None
    state.chain = []
    state.china_return = False
    state.tie_discards = {}
    if not state.options.public_info:
        state.public = []


def place(state: State, player: str, card: str, events: EventList) -> None:
    # 整理案: shown cards stay face up only until cards are placed. All of them are hidden at the
    # first placement, so nobody learns which shown card (if any) went face down.
    state.public = []
    take_from_hand(state, player, card)
    state.placed[player] = card
    if events is not None:
        events.append(Event(kind="place", text=T(f"{player} places a card face down.", f"{player}がカードを伏せました。")))
    if len(state.placed) < 2:
        return
    rev = [p for p in state.players if state.cards[state.placed[p]] == REVOLUTION]
    if rev:
        state.step = "declare"
        if events is not None:
            events.append(Event(kind="revolution", text=T(f"{rev[0]} reveals Revolution!", f"{rev[0]}が革命を公開！")))
        return
    reveal(state, events)


def revolution_player(state: State) -> str | None:
    return next((p for p in state.players if p in state.placed and state.cards[state.placed[p]] == REVOLUTION), None)


def declare(state: State, choice: str, events: EventList) -> None:
    state.declared = choice
    p = revolution_player(state)
    if events is not None:
        name = T("nothing (power 2, nullifies Explore)", "宣言なし（権力2、探索を無効化）") if choice == "none" else kind_name(choice)
        events.append(Event(kind="declare", text=T(f"{p} declares ", f"{p}の宣言：") + name + T(".", "。"),
                            data={"declared": choice}))
    reveal(state, events)


# What RoundRecord(number=…, kinds=…, declared=…, powers=…) marks as set; the record of
# every round is built without a validation pass (its values come from the state).
def reveal(state: State, events: EventList) -> None:
    state.revealed = True
    a, b = state.players
    for p in state.players:
        # インド 平和主義 is lost the moment Conquest is placed, so Conquest itself never gets the +1.
        # It is applied here, at the reveal, so the placement does not give the card away.
        if state.civs.get(p) == "india" and state.cards[state.placed[p]] == "conquer" and state.india_active[p]:
            state.india_active[p] = False
            if events is not None:
                events.append(Event(kind="india", text=T(f"{p} placed Conquest: India's Pacifism is lost for good.",
                                                         f"{p}が征服を伏せたため、インドの平和主義は失われました。")))
    played = {p: Played(kind=played_kind(state, p), revolution=state.cards[state.placed[p]] == REVOLUTION)
              for p in state.players}
    pw = powers(played, state.dice, state.civs, state.india_active)
    winner = None if pw[a] == pw[b] else (a if pw[a] > pw[b] else b)
    record = RoundRecord(number=state.round + 1, kinds={p: state.cards[state.placed[p]] for p in state.players},
                         declared={p: played[p].kind for p in state.players if played[p].revolution}, powers=pw)
    state.last = record
    state.round = state.round + 1
    if events is not None:
        text = T(" / ".join(f"{p}: {kind_name(played[p].kind).en} {pw[p]}" for p in state.players),
                 " / ".join(f"{p}：{kind_name(played[p].kind).ja} {pw[p]}" for p in state.players))
        events.append(Event(kind="reveal", text=T("Revealed — ", "公開 — ") + text,
                            data={"powers": pw, "kinds": record.kinds}))
    if winner is not None:
        loser = other(state, winner)
        if state.civs.get(loser) == "persia" and played[loser].real_conquest:
            record.parthian = True
            if events is not None:
                events.append(Event(kind="parthian", text=T(f"Parthian Shot: {loser}'s lost Conquest makes the round a draw.",
                                                            f"パルティアの一撃：{loser}の征服の敗北は引き分けになります。")))
            winner = None
    if winner is None:
        tie(state, events)
    else:
        win(state, winner, pw[winner] - pw[other(state, winner)], played[winner], events)


# ---- a win -----------------------------------------------------------------------

def win(state: State, winner: str, diff: int, played: Played, events: EventList) -> None:
    state.winner = winner
    state.draws_in_row = 0
    state.last.winner = winner
    gain(state, winner, diff)
    if events is not None:
        events.append(Event(kind="win", text=T(f"{winner} wins the round and gains {_pts(diff)}.",
                                               f"{winner}がラウンドに勝ち、{diff}点を獲得しました。")))
    counts = not played.revolution or state.options.egypt_counts_revolution
    if state.civs.get(winner) == "egypt" and played.kind in ("grow", "build") and counts:
        state.pyramids[winner] += 1
        if events is not None:
            events.append(Event(kind="pyramid", text=T(f"{winner} builds pyramid {state.pyramids[winner]}.",
                                                       f"{winner}がピラミッドを建設しました（{state.pyramids[winner]}つ目）。")))
        if state.pyramids[winner] == 3:
            gain(state, winner, 12)
            if events is not None:
                events.append(Event(kind="pyramids", text=T(f"Three pyramids: {winner} gains 12 points!",
                                                            f"三大ピラミッド完成：{winner}が12点を獲得！")))
    continue_combo(state, events)


def gain(state: State, player: str, points: int) -> None:
    state.scores[player] += points
    state.last.gained[player] = state.last.gained.get(player, 0) + points


def continue_combo(state: State, events: EventList) -> None:
    if combo_window(state, state.winner):
        state.step = "combo"
    else:
        end_combo(state, events)


def add_combo(state: State, card: str, events: EventList) -> None:
    w = state.winner
    state.chain.append(card)
    if card in state.hands[w] and card not in state.public:
        state.public.append(card)
    state.last.combo.append(state.cards[card])
    if events is not None:
        events.append(Event(kind="combo", text=T(f"{w} reveals ", f"{w}がコンボで") + kind_name(state.cards[card])
                            + T(f" as combo card {len(state.chain)}.", f"を公開しました（{len(state.chain)}枚目）。"),
                            data={"card": card}))
    continue_combo(state, events)


def end_combo(state: State, events: EventList) -> None:
    w = state.winner
    n = len(state.chain)
    if n:
        points = bonus(n, state.civs.get(w))
        gain(state, w, points)
        if events is not None:
            events.append(Event(kind="combo_bonus", text=T(f"{w}'s combo of {n} scores {_pts(points)}.",
                                                           f"{w}の{n}枚コンボで{points}点。")))
    # The chain's ids are done with: the round record keeps the kinds, and hand cards stay shown
    # through `public`. Kept, they would point at cards a reset or reshuffle has since moved.
    state.chain = []
    if check_victory(state, events):
        return
    rev_won = state.cards[state.placed[w]] == REVOLUTION
    if rev_won and state.civs.get(w) == "china":
        state.step = "china"
    elif rev_won and state.civs.get(w) == "persia":
        state.step = "persia"
    else:
        transfer(state, events)


def persia_reset(state: State, yes: bool, events: EventList) -> None:
    if yes:
        state.last.reset = True
        reset_cards(state, events)
        state.step = "reroll"
    else:
        transfer(state, events)


def transfer(state: State, events: EventList) -> None:
    """ver.2 steps 3-6: loser's card to the winner, winner's card to the discard, reshuffle, loser draws."""
    w = state.winner
    loser = other(state, w)
    wc, lc = state.placed[w], state.placed[loser]
    if state.china_return:
        state.hands[w].append(wc)
        state.public.append(wc)
        state.discard.append(DiscardEntry(card=lc, face_up=True))
        if events is not None:
            events.append(Event(kind="china", text=T(f"Permanent Revolution: {w} takes Revolution back; {loser}'s card is discarded.",
                                                     f"永久革命論：{w}は革命を手札に戻し、{loser}の札は捨てられました。")))
    else:
        state.hands[w].append(lc)
        state.public.append(lc)
        state.discard.append(DiscardEntry(card=wc, face_up=True))
        if events is not None:
            events.append(Event(kind="take", text=T(f"{w} takes {loser}'s ", f"{w}が{loser}の") + kind_name(state.cards[lc])
                                + T(" into their hand.", "を手札に加えました。")))
    state.placed = {}
    v2_reshuffle(state, events)
    state.draw_queue = [loser]
    state.after_draw = "reroll"
    run_draws(state, events)


def run_draws(state: State, events: EventList) -> None:
    while state.draw_queue:
        p = state.draw_queue[0]
        if state.civs.get(p) == "rome" and any(e.face_up for e in state.discard):
            state.step = "draw"  # 借用と応用: the Roman player chooses deck or a face-up discard
            return
        state.draw_queue.pop(0)
        draw_card(state, p, events)
    after_draws(state, events)


def rome_draw(state: State, player: str, choice: str, events: EventList) -> None:
    state.draw_queue.pop(0)
    if choice == "deck":
        draw_card(state, player, events)
    else:
        entry = next(e for e in state.discard if e.card == choice)
        state.discard.remove(entry)
        state.hands[player].append(choice)
        state.public.append(choice)
        if events is not None:
            events.append(Event(kind="borrow", text=T(f"Borrowing: {player} takes ", f"借用と応用：{player}が捨て札の")
                                + kind_name(state.cards[choice]) + T(" from the discard.", "を手札に加えました。")))
    run_draws(state, events)


def after_draws(state: State, events: EventList) -> None:
    if state.after_draw == "reroll":
        state.step = "reroll"
    else:
        tie_end(state, events)


def reroll(state: State, dice: list[str], events: EventList) -> None:
    roll(state, [d for d in DICE if d in dice], events)
    start_round(state, events)


# ---- a draw (tie) ------------------------------------------------------------------

def tie(state: State, events: EventList) -> None:
    a, b = state.players
    state.draws_in_row += 1
    if events is not None:
        events.append(Event(kind="tie", text=T("The round is a draw.", "引き分けです。")))
    if state.options.draw_rule == "exchange":
        ca, cb = state.placed[a], state.placed[b]
        state.hands[a].append(cb)
        state.hands[b].append(ca)
        state.public.extend([ca, cb])
        state.placed = {}
        if events is not None:
            events.append(Event(kind="exchange", text=T("The played cards are exchanged.", "出したカードを交換しました。")))
        tie_end(state, events)
    else:
        for p in state.players:
            state.hands[p].append(state.placed[p])
        state.placed = {}
        state.step = "tie_discard"


def tie_discard(state: State, player: str, card: str, events: EventList) -> None:
    state.tie_discards[player] = card
    if events is not None:
        events.append(Event(kind="tie_discard", text=T(f"{player} discards a card face down.", f"{player}が1枚裏向きに捨てました。")))
    if len(state.tie_discards) < 2:
        return
    for p in state.players:
        c = state.tie_discards[p]
        take_from_hand(state, p, c)
        state.discard.append(DiscardEntry(card=c, face_up=False, owner=p))
    state.tie_discards = {}
    v2_reshuffle(state, events)
    state.draw_queue = list(state.players)
    state.after_draw = "tie_end"
    run_draws(state, events)


def tie_end(state: State, events: EventList) -> None:
    a, b = state.players
    roll(state, list(DICE), events)
    if state.options.draw_catchup_point and state.scores[a] != state.scores[b]:
        low = a if state.scores[a] < state.scores[b] else b
        gain(state, low, 1)
        if events is not None:
            events.append(Event(kind="catchup", text=T(f"{low} has fewer points and gains 1.", f"得点が少ない{low}が1点獲得。")))
    if check_victory(state, events):
        return
    limit = state.options.draw_reset_after
    if limit and state.draws_in_row >= limit:
        state.last.reset = True
        reset_cards(state, events)
    start_round(state, events)


# ---- the end ----------------------------------------------------------------------

def leader(state: State) -> str | None:
    a, b = state.players
    return None if state.scores[a] == state.scores[b] else (a if state.scores[a] > state.scores[b] else b)


def check_victory(state: State, events: EventList) -> bool:
    """ver.2 終了処理: 20 (24) or more points and a lead of 6 or more."""
    p = leader(state)
    if p is None:
        return False
    lead = state.scores[p] - state.scores[other(state, p)]
    if state.scores[p] >= state.options.target() and lead >= state.options.target_lead:
        finish(state, "target", events)
        return True
    return False


def finish(state: State, reason: str, events: EventList) -> None:
    state.finished = True
    state.end_reason = reason
    state.step = "over"
    p = leader(state)
    if reason == "round_limit":
        if events is not None:
            events.append(Event(kind="round_limit", text=T(f"The round limit ({state.options.round_limit}) is reached.",
                                                           f"ラウンド上限（{state.options.round_limit}）に達しました。")))
    if events is not None:
        events.append(Event(kind="game_over", text=T(f"{p} wins the game!", f"{p}の勝利！") if p else
                            T("The game ends in a tie.", "引き分けで終了しました。")))


__all__ = ["KINDS", "new_state"]
