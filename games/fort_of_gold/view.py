"""What a viewer may see, its text rendering, and the rules summary.

Hidden: the order of both piles. The player alone also sees the cards looked at with 予見する
and, afterwards, where they went (notes F18); spectators see only how many went where.
Treasures that went back under the treasure pile were face up before, so everyone knows them.
"""
from __future__ import annotations

from pydantic import BaseModel

from games.kit.words import count

from .data import card, rules
from .rules import power_glow, slot_majorities
from .state import State


class CardView(BaseModel):
    id: str
    layout: str
    en: str
    ja: str


class PileCard(BaseModel):
    depth: int          # 0 = the top card of the pile
    card: CardView


class AltarView(BaseModel):
    treasure: CardView
    column: list[CardView]
    majorities: list[bool]   # per required symbol: a strict majority (力の輝き counts these)
    power: bool              # the column has 力の輝き now
    room: int                # cards the column may still take (cap 6)


class FortView(BaseModel):
    viewer: str | None
    player: str
    turn: int
    step: str
    mana_count: int
    mana_known: list[PileCard]
    treasure_count: int
    treasure_known: list[PileCard]
    inner: list[CardView]
    tasks: list[CardView]
    stand: list[list[CardView]]
    altar: list[AltarView]
    foresight: list[CardView]
    foresight_count: int
    treasures_to_win: int
    complete_win_score: int
    result: str | None
    score: int | None


def cv(card_id: str) -> CardView:
    c = card(card_id)
    return CardView(id=c.id, layout=c.layout, en=c.en, ja=c.ja)


def _is_player(state: State, viewer: str | None) -> bool:
    return viewer is not None and viewer in state.players


def visible_ids(state: State, viewer: str | None) -> set[str]:
    """Card ids the viewer may see: everything face up, treasures known under the pile and,
    for the player, the cards they have looked at."""
    seen = set(state.inner) | set(state.tasks) | {c for col in state.stand for c in col}
    for slot in state.altar:
        seen |= {slot.treasure, *slot.column}
    seen |= set(state.seen_treasures)
    if _is_player(state, viewer):
        seen |= set(state.seen_mana) | set(state.foresight)
    return seen


def all_ids(state: State) -> set[str]:
    ids = set(state.mana_pile) | set(state.treasure_pile) | set(state.inner) | set(state.tasks)
    ids |= set(state.foresight) | {c for col in state.stand for c in col}
    for slot in state.altar:
        ids |= {slot.treasure, *slot.column}
    return ids


def build_view(state: State, viewer: str | None) -> FortView:
    own = _is_player(state, viewer)
    mana_known = [PileCard(depth=i, card=cv(c)) for i, c in enumerate(state.mana_pile)
                  if own and c in state.seen_mana]
    treasure_known = [PileCard(depth=i, card=cv(c)) for i, c in enumerate(state.treasure_pile)
                      if c in state.seen_treasures]
    altar = [AltarView(treasure=cv(s.treasure), column=[cv(c) for c in s.column],
                       majorities=slot_majorities(s.treasure, s.column), power=power_glow(s.treasure, s.column),
                       room=rules().altar_column_cap - len(s.column)) for s in state.altar]
    r = rules()
    return FortView(
        viewer=viewer, player=state.players[0], turn=state.turn, step=state.step,
        mana_count=len(state.mana_pile), mana_known=mana_known,
        treasure_count=len(state.treasure_pile), treasure_known=treasure_known,
        inner=[cv(c) for c in state.inner], tasks=[cv(c) for c in state.tasks],
        stand=[[cv(c) for c in col] for col in state.stand], altar=altar,
        foresight=[cv(c) for c in state.foresight] if own else [], foresight_count=len(state.foresight),
        treasures_to_win=r.treasures_to_win, complete_win_score=r.complete_win_score,
        result=state.result, score=len(state.mana_pile) if state.result == "won" else None)


# ---- text ------------------------------------------------------------------------------------

def _c(c: CardView, lang: str) -> str:
    return f"{c.ja if lang == 'ja' else c.en} `{c.layout}`"


def _list(cards: list[CardView], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(_c(c, lang) for c in cards) if cards else "—"


def _pile_known(known: list[PileCard], count: int, lang: str) -> str:
    if not known:
        return ""
    ja = lang == "ja"
    parts = []
    for k in known:
        from_bottom = count - 1 - k.depth
        if k.depth <= from_bottom:
            where = f"上から{k.depth + 1}枚目" if ja else f"#{k.depth + 1} from the top"
        else:
            where = f"下から{from_bottom + 1}枚目" if ja else f"#{from_bottom + 1} from the bottom"
        parts.append(f"{where}: {_c(k.card, lang)}")
    return (" — 判明：" if ja else " — known: ") + ("、" if ja else "; ").join(parts)


def render(view: FortView, lang: str = "en") -> str:
    ja = lang == "ja"
    lines = [("**金の砦**" if ja else "**The Fort of Gold**")
             + (f" — 手番{view.turn}" if ja else f" — turn {view.turn}")]
    lines.append((f"マナの山：{view.mana_count}枚" if ja else f"Mana pile: {count(view.mana_count, 'card')}")
                 + _pile_known(view.mana_known, view.mana_count, lang))
    lines.append((f"宝物の山：{view.treasure_count}枚" if ja else f"Treasure pile: {count(view.treasure_count, 'card')}")
                 + _pile_known(view.treasure_known, view.treasure_count, lang))
    lines.append(("課題：" if ja else "Tasks (課題): ") + _list(view.tasks, lang))
    lines.append(("内陣：" if ja else "Sanctum (内陣): ") + _list(view.inner, lang))
    lines.append("台（下→トップ）：" if ja else "Stand (台), bottom → top:")
    for i, col in enumerate(view.stand, 1):
        lines.append(f"  {'列' if ja else 'column '}{i}{'：' if ja else ': '}{_list(col, lang)}")
    lines.append(f"祭壇：{len(view.altar)}/{view.treasures_to_win}" if ja
                 else f"Altar (祭壇): {len(view.altar)}/{view.treasures_to_win}")
    for slot in view.altar:
        marks = "".join("○" if m else "×" for m in slot.majorities)
        glow = ("力の輝き" if ja else "Power") + (" ○" if slot.power else " ×")
        size = len(slot.column)
        if ja:
            lines.append(f"  {_c(slot.treasure, lang)} ［{glow} {marks}、{size}/{size + slot.room}］：{_list(slot.column, lang)}")
        else:
            lines.append(f"  {_c(slot.treasure, lang)} [{glow} {marks}, {size}/{size + slot.room}]: {_list(slot.column, lang)}")
    if view.step == "foresee":
        if view.foresight:
            lines.append(("予見したカード（戻し待ち）：" if ja else "Foreseen, still to put back: ") + _list(view.foresight, lang))
        else:
            lines.append(f"予見したカード{view.foresight_count}枚を戻しています。" if ja
                         else f"Putting back {count(view.foresight_count, 'foreseen card')}.")
    if view.result == "won":
        complete = (view.score or 0) >= view.complete_win_score
        lines.append((f"**勝利！** 得点 {view.score}" + ("（完全勝利）" if complete else "")) if ja
                     else f"**Victory!** Score {view.score}" + (" (complete victory)" if complete else ""))
    elif view.result == "lost":
        lines.append("**敗北**：取れる行動がありません。" if ja else "**Defeat**: no action can succeed.")
    elif view.result == "conceded":
        lines.append("**投了**" if ja else "**Conceded.**")
    return "\n".join(lines)


def rules_summary(lang: str = "en") -> str:
    r = rules()
    if lang == "ja":
        return ("**金の砦**（一人用）\n"
                f"霊力カード（マナ）を使って宝物を{r.treasures_to_win}つ祭壇に並べれば勝利。手番ごとに次のうち成功するとわかっている行動を1つ行います。\n"
                "- マナを迎える：内陣の1枚を台の列（同じ名前のカードがない列）につけ、マナの山から補充。\n"
                "- 宝物を得る：課題の宝物を祭壇の右端に置き、台の1つ以上の列のトップをつける。命の輝き（宝物の3つのシンボルが各々同じ位置に1つ以上ある）が必要。\n"
                f"- 宝物を回す：台の列のトップを祭壇の列（{r.altar_column_cap}枚まで）に移し、力の輝き（3つのうち2つ以上で、同じシンボルがそれ以外の色より多い。空は数えない）を得る。"
                "課題が2枚なら1枚を宝物の山の下に戻し、1枚引く。\n"
                f"- 予見する：台の列のトップを祭壇の列に移して{r.altar_column_cap}枚にする（知の輝き）。マナの山の上から{r.foresee_count}枚を見て、好きな順で上か下に戻す。\n"
                f"手番の開始時に取れる行動がなければ敗北。勝利時の得点はマナの山の残り枚数、{r.complete_win_score}点以上で完全勝利。投了もできます。")
    return ("**The Fort of Gold** (solo)\n"
            f"Use spirit cards (mana) to bring {r.treasures_to_win} treasures to the altar. Each turn take one action "
            "that is known to succeed:\n"
            "- Welcome mana: put a sanctum card on a stand column holding no card of the same name; refill from the mana pile.\n"
            "- Gain a treasure: put a task treasure at the right end of the altar with the tops of 1+ stand columns under it; "
            "it needs the Glow of Life (each of its 3 symbols at least once in the same position).\n"
            f"- Rotate treasures: move a stand top onto an altar column (max {r.altar_column_cap}) so it has the Glow of Power "
            "(2 of 3 symbols outnumber the other colours in their position; blanks do not count). With 2 tasks, one goes "
            "under the treasure pile; then draw a task.\n"
            f"- Foresee: move a stand top so the altar column reaches {r.altar_column_cap} cards (Glow of Wisdom); look at the "
            f"top {r.foresee_count} mana cards and put each back on top or at the bottom in any order.\n"
            "With no action possible at the start of a turn you lose. A win scores the cards left in the mana pile; "
            f"{r.complete_win_score}+ is a complete victory. You may concede.")
