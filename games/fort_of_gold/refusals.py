"""Why an action that was not offered would not succeed (rule 7: only actions known to succeed are
allowed), so a refused key gets a reason a player understands rather than "not offered"."""
from __future__ import annotations

from games.kit import T, Text

from .data import card_name, label, rules, same_name_key
from .rules import life_glow, power_glow
from .state import State


def _column(state: State, text: str) -> int | None:
    return int(text) - 1 if text.isdigit() and 1 <= int(text) <= len(state.stand) else None


def explain(state: State, key: str) -> Text | None:
    """The reason `key` (an action key of the turn prompt) would fail now; None if it is not an action key."""
    kind, _, rest = key.partition(":")
    parts = rest.split(":")
    if len(parts) != 2:
        return None
    if kind == "welcome":
        return _welcome(state, parts[0], _column(state, parts[1]))
    if kind == "gain":
        cols = [_column(state, c) for c in parts[1].split("+")]
        return None if None in cols else _gain(state, parts[0], cols)
    if kind in ("rotate", "foresee"):
        return _transfer(state, kind, _column(state, parts[0]), parts[1])
    return None


def _welcome(state: State, card: str, col: int | None) -> Text | None:
    if col is None:
        return None
    if card not in state.inner:
        return T("That card is not in the sanctum.", "そのカードは内陣にありません。")
    name = same_name_key(card, state.options.spirit_names)
    clash = next((c for c in state.stand[col] if same_name_key(c, state.options.spirit_names) == name), None)
    if clash is not None:
        return (T(f"Stand column {col + 1} already holds a card of the same name (", f"台の列{col + 1}には同じ名前のカード（")
                + card_name(clash) + T("): it cannot take this one.", "）がすでにあるので、つけられません。"))
    return None


def _gain(state: State, treasure: str, cols: list[int]) -> Text | None:
    if treasure not in state.tasks:
        return T("That treasure is not among the tasks.", "その宝物は課題にありません。")
    if len(set(cols)) != len(cols) or any(not state.stand[c] for c in cols):
        return T("Choose distinct stand columns that hold cards.", "カードのある台の列を重複なく選んでください。")
    if not life_glow(treasure, [state.stand[c][-1] for c in cols]):
        return (T("Those tops would not give ", "それらのトップでは") + label(treasure)
                + T(" the Glow of Life (each required symbol in its position).", "は命の輝き（各要求シンボルが同じ位置に）を持ちません。"))
    return None


def _transfer(state: State, kind: str, col: int | None, treasure: str) -> Text | None:
    slot = next((s for s in state.altar if s.treasure == treasure), None)
    if col is None or slot is None:
        return T("Choose a stand column and a treasure on the altar.", "台の列と祭壇の宝物を選んでください。")
    if not state.stand[col]:
        return T(f"Stand column {col + 1} is empty.", f"台の列{col + 1}は空です。")
    cap = rules().altar_column_cap
    if len(slot.column) >= cap:
        return T(f"That treasure already holds {cap} cards.", f"その宝物の列はすでに{cap}枚です。")
    after = [*slot.column, state.stand[col][-1]]
    if kind == "rotate" and not power_glow(treasure, after):
        return (T("That card would not give ", "そのカードでは") + label(treasure)
                + T(" the Glow of Power (2 of 3 symbols in the majority).", "は力の輝き（3つのうち2つで多数派）を持ちません。"))
    if kind == "foresee" and len(after) != cap:
        return T(f"Foresee needs the {cap}th card of a column (Glow of Wisdom); it would be card {len(after)}.",
                 f"予見するには列の{cap}枚目が必要です（知の輝き）。これは{len(after)}枚目になります。")
    return None
