"""Setup and the turn procedure: carrying out an action already known to succeed, its follow-up
steps (return a treasure, return the foreseen cards) and the end-of-turn checks (rule 6, 8)."""
from __future__ import annotations

from functools import lru_cache

from games.kit import Event, Rng, T, Text
from games.kit.words import count, noun

from .data import label, load, rules
from .options import Options
from .rules import Move, can_welcome, legal_moves
from .state import AltarSlot, State

EventList = list[Event]
# None: the caller throws the events away (playouts, search), so none is written.
Quiet = list[Event] | None


def _event(kind: str, text: Text, data: dict | None = None, to: list[str] | None = None) -> Event:
    return Event(kind=kind, text=text, to=to, data={} if data is None else data)


def new_state(game_key: str, player: str, options: Options, rng: Rng) -> State:
    """5 ゲームの準備: shuffle both decks, 3 spirits to 内陣, 2 treasures to 課題."""
    spirits, treasure_ids = _deck_ids()
    mana, treasures = list(spirits), list(treasure_ids)
    rng.shuffle(mana)
    rng.shuffle(treasures)
    r = rules()
    state = State(game=game_key, players=[player], seed=rng.seed, rng=rng, options=options,
                  mana_pile=mana[r.inner_size:], inner=mana[:r.inner_size],
                  treasure_pile=treasures[r.task_size:], tasks=treasures[:r.task_size],
                  stand=[[] for _ in range(r.stand_columns)])
    start_turn(state, None)
    return state


@lru_cache(maxsize=1)
def _deck_ids() -> tuple[tuple[str, ...], tuple[str, ...]]:
    d = load()
    return tuple(c.id for c in d.spirits.cards), tuple(c.id for c in d.treasures.cards)


def _player(state: State) -> str:
    return state.players[0]


def _cols(cols: tuple[int, ...]) -> str:
    return ", ".join(str(c + 1) for c in cols)


# ---- the four actions ---------------------------------------------------------------------

def perform(state: State, move: Move, events: Quiet) -> None:
    if move.kind == "welcome":
        welcome(state, move, events)
    elif move.kind == "gain":
        gain(state, move, events)
    else:
        transfer(state, move, events)


def welcome(state: State, move: Move, events: Quiet) -> None:
    """7.1 マナを迎える: the card goes onto the column; the freed 内陣 space is refilled from the pile."""
    assert move.card is not None and move.column is not None
    space = state.inner.index(move.card)
    state.stand[move.column].append(move.card)
    if events is not None:
        events.append(_welcome_event(move.card, move.column))
    if state.mana_pile:
        drawn = state.mana_pile.pop(0)
        _forget(state.seen_mana, drawn)
        state.inner[space] = drawn
        if events is not None:
            events.append(_refill_event(drawn))
    else:
        del state.inner[space]
        if events is not None:
            events.append(_event(kind="refill", text=T("The mana pile is empty: the sanctum is not refilled.",
                                                      "マナの山が尽きているので内陣は補充されません。")))
    end_turn(state, events)


# Welcoming mana is most of every game; its two events depend on the card and column only and
# are frozen, so each is built once and shared.
@lru_cache(maxsize=256)
def _welcome_event(card: str, column: int) -> Event:
    return _event(kind="welcome", text=T("Welcome mana: ", "マナを迎える：") + label(card)
                  + T(f" → stand column {column + 1}.", f" → 台の列{column + 1}。"),
                  data={"card": card, "column": column + 1})


@lru_cache(maxsize=64)
def _refill_event(card: str) -> Event:
    return _event(kind="refill", text=T("The sanctum is refilled with ", "内陣に補充：") + label(card) + T(".", "。"),
                  data={"card": card})


def gain(state: State, move: Move, events: Quiet) -> None:
    """7.2 宝物を得る: the treasure goes to the right end of the altar with the chosen tops under it."""
    assert move.treasure is not None
    state.tasks.remove(move.treasure)
    column = [state.stand[c].pop() for c in move.columns]
    state.altar.append(AltarSlot(treasure=move.treasure, column=column))
    if events is not None:
        events.append(_event(kind="gain", text=T("Gain a treasure: ", "宝物を得る：") + label(move.treasure)
                            + T(f" with the tops of stand {noun(len(move.columns), 'column')} {_cols(move.columns)} (Glow of Life). "
                                f"{len(state.altar)} on the altar.",
                                f"（台の列{_cols(move.columns)}のトップ、命の輝き）。祭壇に{len(state.altar)}枚。"),
                            data={"treasure": move.treasure, "cards": column}))
    end_turn(state, events)


def transfer(state: State, move: Move, events: Quiet) -> None:
    """7.3 宝物を回す / 7.4 予見する: move a stand top onto an altar column, then the follow-up."""
    assert move.column is not None and move.treasure is not None
    card = state.stand[move.column].pop()
    slot = next(s for s in state.altar if s.treasure == move.treasure)
    slot.column.append(card)
    if events is not None:
        what = (T("Rotate treasures: ", "宝物を回す：") if move.kind == "rotate" else T("Foresee: ", "予見する："))
        glow = T("Glow of Power", "力の輝き") if move.kind == "rotate" else T("Glow of Wisdom", "知の輝き")
        events.append(_event(kind=move.kind, text=what + label(card) + T(" from stand column ", "（台の列")
                            + T(f"{move.column + 1} → ", f"{move.column + 1}） → ") + label(move.treasure)
                            + T(" (", "（") + glow + T(").", "）。"),
                            data={"card": card, "column": move.column + 1, "treasure": move.treasure}))
    if move.kind == "rotate":
        if len(state.tasks) >= rules().task_size:
            state.step = "return"
            return
        draw_treasure(state, events)
        end_turn(state, events)
        return
    take = rules().foresee_count
    state.foresight = state.mana_pile[:take]
    state.mana_pile = state.mana_pile[take:]
    for c in state.foresight:
        _forget(state.seen_mana, c)
    if events is not None:
        events.append(_event(kind="look", text=T(f"Looks at the top {count(len(state.foresight), 'card')} of the mana pile.",
                                                f"マナの山の上から{len(state.foresight)}枚を見ます。")))
    if not state.foresight:
        end_turn(state, events)
        return
    if events is not None:
        seen = [label(c) for c in state.foresight]
        events.append(_event(kind="foresight", to=[_player(state)],
                            text=T("You see: " + ", ".join(x.en for x in seen) + ".",
                                   "見たカード：" + "、".join(x.ja for x in seen) + "。"),
                            data={"cards": list(state.foresight)}))
    state.step = "foresee"


def return_treasure(state: State, treasure: str, events: Quiet) -> None:
    """7.3 step 3: the chosen 課題 treasure goes face down to the bottom of the treasure pile, then draw."""
    state.tasks.remove(treasure)
    state.treasure_pile.append(treasure)
    state.seen_treasures.append(treasure)
    if events is not None:
        events.append(_event(kind="return", text=label(treasure) + T(" goes to the bottom of the treasure pile.",
                                                                    " を宝物の山の一番下に戻しました。"),
                            data={"treasure": treasure}))
    draw_treasure(state, events)
    end_turn(state, events)


def draw_treasure(state: State, events: Quiet) -> None:
    """Draw 1 treasure face up into 課題, whether or not one was returned (none if the pile is empty)."""
    if not state.treasure_pile:
        if events is not None:
            events.append(_event(kind="draw", text=T("The treasure pile is empty: no treasure is drawn.",
                                                    "宝物の山が尽きているので引けません。")))
        return
    drawn = state.treasure_pile.pop(0)
    _forget(state.seen_treasures, drawn)
    state.tasks.append(drawn)
    if events is not None:
        events.append(_event(kind="draw", text=T("New task: ", "課題に追加：") + label(drawn) + T(".", "。"),
                            data={"treasure": drawn}))


def place_foreseen(state: State, card: str, where: str, events: Quiet) -> None:
    """7.4 step 3: one looked-at card goes face down on top of or under the mana pile."""
    state.foresight.remove(card)
    if where == "top":
        state.mana_pile.insert(0, card)
    else:
        state.mana_pile.append(card)
    state.seen_mana.append(card)
    if events is not None:
        public = T("A card goes back on top of the mana pile.", "1枚をマナの山の一番上に戻しました。") if where == "top" \
            else T("A card goes back to the bottom of the mana pile.", "1枚をマナの山の一番下に戻しました。")
        events.append(_event(kind="put_back", text=public, data={"where": where}))
        events.append(_event(kind="put_back_card", to=[_player(state)], text=T("You put back ", "戻したカード：")
                            + label(card) + T(".", "。"), data={"card": card, "where": where}))
    if not state.foresight:
        end_turn(state, events)


def concede(state: State, events: Quiet) -> None:
    """8: once a win is impossible the player may end the game as a loss."""
    state.result = "conceded"
    state.step = "over"
    if events is not None:
        events.append(_event(kind="concede", text=T(f"{_player(state)} concedes on turn {state.turn}.",
                                                   f"{_player(state)}は手番{state.turn}で投了しました。")))


# ---- turn boundaries ---------------------------------------------------------------------

def end_turn(state: State, events: Quiet) -> None:
    """8: 7 treasures on the altar at the end of a turn win; otherwise the next turn starts."""
    if len(state.altar) >= rules().treasures_to_win:
        state.result = "won"
        state.step = "over"
        score = len(state.mana_pile)
        complete = score >= rules().complete_win_score
        if events is not None:
            events.append(_event(kind="won", text=T(
                f"{count(len(state.altar), 'treasure')} on the altar: victory with {count(score, 'card')} left in the mana pile"
                + (" — a complete victory!" if complete else "."),
                f"祭壇に宝物が{len(state.altar)}枚：勝利です（マナの山の残り{score}枚）" + ("。完全勝利！" if complete else "。")),
                data={"score": score, "complete": complete}))
        return
    state.turn = state.turn + 1
    start_turn(state, events)


def start_turn(state: State, events: Quiet) -> None:
    """6 / 8: with no action that would succeed at the start of a turn, the game is lost."""
    state.step = "turn"
    if not can_welcome(state) and not legal_moves(state):
        state.result = "lost"
        state.step = "over"
        if events is not None:
            events.append(_event(kind="lost", text=T(
                f"No action can succeed at the start of turn {state.turn}: the game is lost "
                f"({count(len(state.altar), 'treasure')} on the altar).",
                f"手番{state.turn}の開始時に取れる行動がありません：敗北です（祭壇の宝物{len(state.altar)}枚）。")))


def _forget(seen: list[str], card: str) -> None:
    if card in seen:
        seen.remove(card)
