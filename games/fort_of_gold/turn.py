"""The turn prompt straight from the state: the options of every action known to succeed, in
the order `rules.moves_at` lists the moves (welcome, gain, rotate, foresee).

Positions almost never repeat, so the prompt is not cached per position; instead every option
is built once and shared (options are frozen), looked up by what its label names, and the
prompt is assembled without a validation pass. `moves_at` stays the one list the computer
players and the tests read; tests/games/fort_of_gold/test_fort_turn_prompt.py holds this module to it."""
from __future__ import annotations

from functools import cache, lru_cache

from games.kit import Option, Prompt, T, Text
from games.kit.trusted import trusted_prompt
from games.kit.words import noun

from .data import label, rules
from .rules import Move, _column_votes, _gains_for, _match_table, _name_table, _votes, transfer_move, welcome_move
from .state import State


def turn_prompt(state: State, concede: Option) -> Prompt:
    options = turn_options(state)
    if state.options.allow_concede:
        options.append(concede)
    return trusted_prompt("turn", state.players[0], _turn_text(state.turn), options)


def turn_options(state: State) -> list[Option]:
    stand = state.stand
    options: list[Option] = []
    # マナを迎える: an inner card onto a column holding no card of its name.
    inner = state.inner
    if inner:
        name_of = _name_table(state.options.spirit_names)
        held = [{name_of[c] for c in col} for col in stand]
        for card in inner:
            name, row = name_of[card], _welcome_row(card, len(stand))
            for col, names in enumerate(held):
                if name not in names:
                    options.append(row[col])
    tops = [col[-1] if col else None for col in stand]
    # 宝物を得る: a task with the tops that give it the Glow of Life.
    for treasure in state.tasks:
        bits = _match_table(treasure)
        for move in _gains_for(treasure, tuple([bits[t] if t is not None else -1 for t in tops])):
            named = tuple([tops[c] for c in move.columns])
            found = _GAIN_OPTIONS.get((move.key, named))
            if found is None:
                if len(_GAIN_OPTIONS) > 50_000:  # a bound, like the other caches
                    _GAIN_OPTIONS.clear()
                found = _GAIN_OPTIONS[(move.key, named)] = _move_option(move, named)
            options.append(found)
    # 宝物を回す (Glow of Power) and 予見する (Glow of Wisdom): a top onto an altar column with room.
    if state.altar:
        cap = rules().altar_column_cap
        slots = [(slot.treasure, len(slot.column) + 1 == cap, _column_votes(slot.treasure, tuple(slot.column)))
                 for slot in state.altar if len(slot.column) < cap]
        rotates: list[Option] = []
        foresees: list[Option] = []
        for col, top in enumerate(tops):
            if top is None:
                continue
            for treasure, sixth, (a, b, c) in slots:
                x, y, z = _votes(treasure, top)
                if (a + x > 0) + (b + y > 0) + (c + z > 0) >= 2:
                    rotates.append(_transfer_option("rotate", col, treasure, top))
                if sixth:
                    foresees.append(_transfer_option("foresee", col, treasure, top))
        options += rotates
        options += foresees
    return options


GROUPS = {"welcome": T("Welcome mana", "マナを迎える"), "gain": T("Gain a treasure", "宝物を得る"),
          "rotate": T("Rotate treasures", "宝物を回す"), "foresee": T("Foresee", "予見する")}


def _join(parts: list[Text], en_sep: str = ", ", ja_sep: str = "、") -> Text:
    return T(en_sep.join(p.en for p in parts), ja_sep.join(p.ja for p in parts))


def _move_option(move: Move, tops: tuple[str, ...]) -> Option:
    """A complete action as one option: the label says what moves where, the detail what follows.
    `tops` are the stand tops the move names; options are frozen, so each is built once and
    shared (`_turn_options` keeps them)."""
    head = GROUPS[move.kind] + T(": ", "：")
    if move.kind == "welcome":
        text = head + label(move.card) + T(f" → stand column {move.column + 1}", f" → 台の列{move.column + 1}")
        detail = None
    elif move.kind == "gain":
        text, detail = _gain_label(move), _attach_detail(tops)
    else:
        top = tops[0]
        text = head + label(top) + T(f" (column {move.column + 1}) → ", f"（台の列{move.column + 1}） → ") + label(move.treasure)
        if move.kind == "rotate":
            detail = T("Glow of Power. Then return a task (if there are 2) under the treasure pile and draw one.",
                       "力の輝き。その後、課題が2枚なら1枚を宝物の山の下に戻し、1枚引きます。")
        else:
            detail = T(f"Glow of Wisdom ({rules().altar_column_cap}th card); then see the top "
                       f"{rules().foresee_count} mana cards and put each back on top or bottom.",
                       f"知の輝き（{rules().altar_column_cap}枚目）。その後、マナの山の上から{rules().foresee_count}枚を見て、"
                       "1枚ずつ上か下に戻します。")
    return Option(key=move.key, label=text, detail=detail, group=move.kind)


@cache
def _gain_label(move: Move) -> Text:
    """A gain's label names the treasure and columns only, so it is written once per move (a
    gain option itself is new whenever the tops differ)."""
    cols = [str(c + 1) for c in move.columns]
    return (GROUPS["gain"] + T(": ", "：") + label(move.treasure)
            + T(f" ← tops of {noun(len(cols), 'column')} {', '.join(cols)}", f" ← 台の列{'、'.join(cols)}のトップ"))


@lru_cache(maxsize=16384)
def _attach_detail(tops: tuple[str, ...]) -> Text:
    return T("Attach: ", "つけるカード：") + _join([label(top) for top in tops])


_GAIN_OPTIONS: dict[tuple[str, tuple[str, ...]], Option] = {}


@cache
def _welcome_row(card: str, columns: int) -> tuple[Option, ...]:
    return tuple(_move_option(welcome_move(card, col), ()) for col in range(columns))


@cache
def _transfer_option(kind: str, column: int, treasure: str, top: str) -> Option:
    return _move_option(transfer_move(kind, column, treasure), (top,))  # type: ignore[arg-type]


@lru_cache(maxsize=256)
def _turn_text(turn: int) -> Text:
    return T(f"Turn {turn}: choose an action (only actions that will succeed are listed).",
             f"手番{turn}：行動を選んでください（成功する行動だけが表示されます）。")
