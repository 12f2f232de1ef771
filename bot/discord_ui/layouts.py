"""Components V2 layouts of a running table: the public board, a player's hand and the result.

The board is one container: title, a status line that says whose decision it is and what kind
(a turn, a defence, a choice made at the same time as others), the board picture, the last
three public moves and the **My hand** button. A hand is the player's own picture, then each
option beside the text that explains it, then the board's picture on its own. A result names winners and losers the way the game ended
(a lost co-op or solo game has no "1."), shows the final picture, every player's score
breakdown and **Rematch**.
"""
from __future__ import annotations

from typing import Any, cast

import discord

from bot.i18n import t
from games.kit import Game, Outcome, Prompt
from games.kit.words import floored
from tables.i18n import Count
from tables.read_model import TableRead

from . import alt_text, controls
from .components import clip
from .emoji import decorate
from .items import FollowButton, HandButton, HintButton, LeaveGuidedButton, OptionButton, RematchButton, UndoButton
from .presenters import entry_lines, game_name, mention, names_of, substitute

TEXT_BUDGET = 3800          # Discord allows 4000 display characters per message
COMPONENT_BUDGET = 40       # components per message, nested ones included
DEFEND_PROMPTS = ("defend", "counter", "ambush")
GREEN, TEAL, GOLD, GREY = 0x3BA55D, 0x1F8B8B, 0xF1C40F, 0x72767D


class StaticLayout(discord.ui.LayoutView):
    """A LayoutView that is only a container of components: stopped at once so discord.py
    keeps nothing in memory; the DynamicItem registry answers the clicks."""

    def __init__(self, *children: discord.ui.Item) -> None:
        super().__init__(timeout=None)
        for child in children:
            self.add_item(child)
        self.stop()


def decision_kind(seen: TableRead) -> str:
    """"simultaneous" when several players owe a decision at once, "defend" when the one open
    decision answers an attack, else "turn"."""
    decisions = seen.decisions
    if len({d.player for d in decisions}) > 1:
        return "simultaneous"
    if any(d.prompt_id.split(":")[0] in DEFEND_PROMPTS for d in decisions):
        return "defend"
    return "turn"


def status_lines(seen: TableRead, lang: str) -> list[str]:
    """Whose decision it is and of what kind, for everyone who reads the channel ("@Ben's turn",
    「@ベンの手番」: never "Your turn", which only that player may read), and the phase once."""
    table = seen.table
    names = names_of(table, lang)
    if not seen.running:
        return ["🏁 " + t("board.ended_finished" if table.status != "cancelled" else "board.ended_cancelled", lang)]
    kind = decision_kind(seen)
    icon = {"simultaneous": "⏳", "defend": "🛡️", "turn": "🎯"}[kind]
    # A prompt's own text speaks to its owner and may count their face-down cards ("your cards
    # total 9"); the public board names only a window's public name ("Counter window").
    windows: dict[str, str | None] = {}
    for decision in seen.decisions:
        windows.setdefault(decision.player,
                           clip(decision.window.get(lang), 160) if decision.window is not None else None)
    who = ("、" if lang == "ja" else ", ").join(mention(p, names) for p in windows)
    phases = set(windows.values()) - {None}
    line = f"{icon} **{t('board.kind_' + kind, lang, who=who)}**"
    if len(phases) == 1:
        return [f"{line} — {phases.pop()}"]
    return [line] + [f"{mention(p, names)} — {w}" for p, w in windows.items() if w is not None]


def board_layout(seen: TableRead, lang: str, recent: list[Any], image: str | None,
                 ping: list[str] | None = None, notes: list[str] | None = None,
                 footnote: str | None = None) -> StaticLayout:
    """The live public board. `image` is the attachment name of the board picture; the status
    mentions everyone who owes a decision (the message's allowed mentions decide whom it
    notifies); `notes` are news since the last board (an expired clock, a seat handed over,
    a reminder)."""
    table, game = seen.table, seen.game
    names = names_of(table, lang)
    parts: list[discord.ui.Item] = [
        discord.ui.TextDisplay(f"### {t('board.title', lang, game=game_name(game, lang), id=table.id)}"),
    ]
    status = list(notes or []) + status_lines(seen, lang)  # its mentions are the ping
    parts.append(discord.ui.TextDisplay(clip("\n".join(status), 1500)))
    if image:
        parts.append(discord.ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{image}", description=alt_text.board(seen, lang, recent))))
    lines = [line for entry in recent for line in entry_lines(entry, names, lang)][-3:]
    if lines:
        moves = "\n".join(f"- {clip(line, 300)}" for line in lines)
        parts.append(discord.ui.TextDisplay(f"**{t('board.last_moves', lang)}**\n{moves}"))
    if table.status == "running":
        parts += public_controls(seen, lang, names, budget=COMPONENT_BUDGET - _count(parts) - 5)
    footer = t("footer.table", lang, id=table.id, version=table.version)
    parts.append(discord.ui.TextDisplay("-# " + (f"{footer}\n-# {footnote}" if footnote else footer)))
    if table.status == "running":
        row: list[discord.ui.Item] = [HandButton(table.id, label=t("board.my_hand", lang),
                                                 style=discord.ButtonStyle.primary, emoji="🃏")]
        if not table.settings.private:  # private tables are not followed by others
            row.append(FollowButton(table.id, label=t("board.follow", lang), emoji="🔔"))
        parts.append(discord.ui.ActionRow(*row))
    return StaticLayout(discord.ui.Container(*parts, accent_colour=GREEN if table.status == "running" else GREY))


def public_controls(seen: TableRead, lang: str, names: dict[str, str], budget: int) -> list[discord.ui.Item]:
    """Controls of a public decision on the board itself (`TableRead.board_prompts`), so its
    player answers from the ping in one click; the service refuses anyone else's click ("that
    decision belongs to another player", in their language)."""
    table = seen.table
    prompts = seen.board_prompts()
    if not prompts:
        return []
    items = controls.build(table.id, table.version, prompts, lang)
    text = [t("board.answer_here", lang, who=mention(prompts[0].player, names))]
    text += [f"▶ {substitute(p.text.get(lang), names)}" for p in prompts]
    parts = control_parts(prompts, items, lang, budget=budget - 2)
    if 2 + _nested(parts) > budget:
        return []
    return [discord.ui.Separator(), discord.ui.TextDisplay(clip("\n".join(text), 600)), *parts]


def hand_layout(seen: TableRead, user_id: str, lang: str, prompts: list[Prompt],
                items: list[discord.ui.Item], images: list[str], notes: list[str],
                undo: bool = False, recent: list[Any] | None = None,
                board_text: str | None = None, drawn_at: float | None = None, guide: list[str] | None = None,
                hint: bool = False, leave: bool = False) -> StaticLayout:
    """A player's private side: their own picture first (`images`: attachment names, their own
    and maybe the board's, which comes last, below the controls), or `board_text` instead of the
    pictures (the text board preference), the last public moves, what
    they must decide, and the controls, each option button
    beside the text that explains it where the game gives one; with `undo`, an **Undo**
    button below them (the player may take back their latest move now), with `hint` a
    **💡 Hint** button, with `leave` a guided game's **Leave**; **Refresh** and "as of
    move N, <when>" (`drawn_at`, a Unix time, now by default) at the end."""
    table, game = seen.table, seen.game
    names = names_of(table, lang)
    parts: list[discord.ui.Item] = [
        discord.ui.TextDisplay(f"### {t('hand.title', lang, game=game_name(game, lang), id=table.id)}")]
    board: discord.ui.TextDisplay[StaticLayout] | None = (
        discord.ui.TextDisplay(board_text) if board_text else None)  # text instead of pictures
    own: list[str] = []
    boards: list[str] = []

    def gallery(image: str) -> discord.ui.MediaGallery:
        described = (alt_text.hand(seen, user_id, lang, recent) if image.startswith("hand-")
                     else alt_text.board(seen, lang, recent))
        return discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{image}", description=described))

    if board is not None:
        parts.append(board)
    else:
        # One picture per gallery: two in one gallery are cropped side by side on a phone. The
        # player's own cards come first; the board follows the controls, one tap to enlarge.
        own = [i for i in images if i.startswith("hand-")] or images[-1:]
        boards = [i for i in images if i not in own]
        parts += [gallery(i) for i in own]
    moves = [line for entry in recent or [] for line in entry_lines(entry, names, lang)][-3:]
    text = list(notes)
    if moves:
        text.append(f"**{t('board.last_moves', lang)}**\n" + "\n".join(f"- {clip(m, 200)}" for m in moves))
    if prompts:
        # a blank line ends the list above: the heading is not read as part of the last move
        text.append(("\n" if moves else "") + f"**{t('hand.your_move', lang)}**")
        text += [f"▶ {substitute(p.text.get(lang), names)}" for p in prompts]
        text += [substitute(line, names) for line in guide or []]  # a guided game's explanation, the hint
    elif seen.running:
        waiting = seen.owing
        text.append(f"**{t('hand.waiting', lang)}:** " + ("、" if lang == "ja" else ", ").join(
            names.get(p, p) for p in waiting))
    if text:
        parts.append(discord.ui.TextDisplay(clip("\n".join(text), 1500)))
    # An ephemeral hand can be edited for 15 minutes only, so it may go stale: it says when it
    # was drawn (Discord shows "5 minutes ago", kept current) and Refresh redraws it in place.
    row: list[discord.ui.Item] = []
    if hint:
        row.append(HintButton(table.id, table.version, label=t("hint.button", lang), style=discord.ButtonStyle.primary,
                              emoji="💡"))
    if undo:
        row.append(UndoButton(table.id, table.version, label=t("hand.undo", lang), style=discord.ButtonStyle.secondary,
                              emoji="↩️"))
    if table.status == "running":
        row.append(HandButton(table.id, label=t("hand.refresh", lang), style=discord.ButtonStyle.secondary, emoji="🔄"))
    if leave:
        row.append(LeaveGuidedButton(table.id, label=t("learn.leave", lang), style=discord.ButtonStyle.danger,
                                     emoji="🚪"))
    parts += control_parts(prompts, items, lang,
                           budget=COMPONENT_BUDGET - _count(parts) - 4 - len(row) - 3 * len(boards))
    if row:
        parts.append(discord.ui.ActionRow(*row))
    if boards:
        parts.append(discord.ui.TextDisplay(f"**{t('hand.board', lang)}**"))
        parts += [gallery(i) for i in boards]
    stamp = int(drawn_at if drawn_at is not None else discord.utils.utcnow().timestamp())
    parts.append(discord.ui.TextDisplay("-# " + t("hand.as_of", lang, id=table.id, version=table.version,
                                                  time=f"<t:{stamp}:R>")))
    if board is not None and board_text:  # the text board gives way to the rest within Discord's 4,000 characters
        board.content = clip(board_text, max(200, TEXT_BUDGET - _text_length(parts) + len(board_text)))
    return StaticLayout(discord.ui.Container(*parts, accent_colour=TEAL))


def _text_length(parts: list[Any]) -> int:
    """Display characters of the text displays in `parts`, nested ones included."""
    return sum(len(getattr(p, "content", "") or "") * isinstance(p, discord.ui.TextDisplay)
               + _text_length(list(getattr(p, "children", []) or [])) for p in parts)


def control_parts(prompts: list[Prompt], items: list[discord.ui.Item], lang: str, budget: int) -> list[discord.ui.Item]:
    """The controls of `controls.build` laid out for a V2 message: option buttons whose option
    has an explanation become a section (text beside its button) while the component budget
    lasts; everything else keeps its row."""
    by_prompt = {p.id: p for p in prompts}
    explained = 0
    for item in items:
        option = _option_of(item, by_prompt)
        if option is not None and option.detail is not None:
            explained += 1
    use_sections = explained and _count_rows(items) + 2 * explained <= budget
    parts: list[discord.ui.Item] = []
    row_items: dict[int, list[discord.ui.Item]] = {}
    order: list[Any] = []
    for item in items:
        option = _option_of(item, by_prompt)
        if use_sections and option is not None and option.detail is not None:
            text = f"**{clip(decorate(option.label.get(lang)), 200)}**\n{clip(decorate(option.detail.get(lang)), 400)}"
            button = cast("discord.ui.DynamicItem[discord.ui.Button]", item)  # an option's (`_option_of`)
            button.item.label = t("table.choose", lang)  # the text beside it names the option
            order.append(discord.ui.Section(discord.ui.TextDisplay(text), accessory=item))
            continue
        row = _row_of(item)
        if row not in row_items:
            row_items[row] = []
            order.append(row)
        row_items[row].append(item)
    for entry in order:
        if isinstance(entry, int):
            action_row: discord.ui.ActionRow[StaticLayout] = discord.ui.ActionRow()
            for item in row_items[entry]:
                item._row = None
                action_row.add_item(item)
            parts.append(action_row)
        else:
            parts.append(entry)
    return parts


def _option_of(item: discord.ui.Item, prompts: dict[str, Prompt]) -> Any:
    if not isinstance(item, OptionButton):
        return None
    prompt = prompts.get(item.prompt_id)
    return prompt.option(item.key) if prompt else None


def _row_of(item: discord.ui.Item) -> int:
    """The row a control asked for (a DynamicItem keeps it on the item it wraps)."""
    inner = getattr(item, "item", item)
    return (inner.row if inner.row is not None else item.row) or 0


def _nested(parts: list[Any]) -> int:
    """Components in `parts`, nested ones (row children, a section's text and accessory) included."""
    return sum(1 + _nested(list(getattr(p, "children", []) or [])) + (1 if getattr(p, "accessory", None) else 0)
               for p in parts)


def _count_rows(items: list[discord.ui.Item]) -> int:
    return len(items) + len({item.row for item in items})


def _count(parts: list[discord.ui.Item]) -> int:
    return sum(2 if isinstance(p, discord.ui.MediaGallery) else 1 for p in parts) + 1


# ---- result -------------------------------------------------------------------------------
def result_lines(game: Game, outcome: Outcome, names: dict[str, str], lang: str, team_game: bool) -> list[str]:
    """Winners and places with each player's score. A solo or co-op game (everyone ranked
    together) says won or lost instead of ranking anyone first; competitors ranked together
    drew."""
    lines = [substitute(outcome.summary.get(lang), names)]
    sep = "、" if lang == "ja" else ", "
    if len(outcome.ranking) == 1:
        group = outcome.ranking[0]
        who = sep.join(names.get(p, p) for p in group)
        if team_game or len(group) == 1:
            won = bool(outcome.winners)
            lines.append(("🏆 " if won else "💀 ") + t("table.team_won" if won else "table.team_lost", lang, who=who))
        else:
            lines.append("🤝 " + t("table.draw", lang, who=who))
        return lines + score_lines(game, outcome, names, lang)
    medals = ["🥇", "🥈", "🥉"]
    for place, group in enumerate(outcome.ranking, 1):
        marker = medals[place - 1] if place <= 3 else f"{place}."
        lines += [f"{marker} {line}" for line in score_lines(game, outcome, names, lang, [group])]
    return lines


def score_lines(game: Game, outcome: Outcome, names: dict[str, str], lang: str,
                groups: list[list[str]] | None = None) -> list[str]:
    """Each player's name and score in the game's words ("22 VP (15 cards)", "HP 0 (2 over)",
    "1 point"), where the game reports more per player, that too."""
    per_player = {key: value for key, value in outcome.detail.items()
                  if isinstance(value, dict) and set(value) & set(outcome.scores)}
    lines = []
    for group in outcome.ranking if groups is None else groups:
        for player in group:
            if player not in outcome.scores:
                lines.append(f"**{names.get(player, player)}**")
                continue
            line = f"**{names.get(player, player)}** — {score_text(game.key, outcome.scores[player], lang)}"
            extras = [_detail_text(key, values[player], lang) for key, values in per_player.items()
                      if isinstance(values.get(player), (int, float))]
            if extras:
                line += ("（" + "、".join(extras) + "）") if lang == "ja" else (" (" + ", ".join(extras) + ")")
            lines.append(line)
    return lines


def score_text(game_key: str, value: float, lang: str) -> str:
    """A final score in the game's words; one below zero (hit points after the last blow) is
    said as "0 (2 over)", never with a minus sign."""
    shown = Count(_number(value), value == 1) if value >= 0 else Count(floored(int(value)).get(lang), False)
    return _optional_text(f"table.score.{game_key}", lang, params={"score": shown}) or str(shown)


def _optional_text(key: str, lang: str, default: str = "", params: dict[str, Any] | None = None) -> str:
    """A catalogue text that only some games have (score words, outcome details)."""
    try:
        return t(key, lang, **(params or {}))
    except KeyError:
        return default


def _detail_text(key: str, value: float, lang: str) -> str:
    return _optional_text(f"table.detail.{key}", lang, f"{key} {_number(value)}", params={"n": value})


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def result_layout(seen: TableRead, outcome: Outcome | None, lang: str, ended_by: str,
                  image: str | None, rematch: bool, notes: list[str] | None = None) -> StaticLayout:
    """The result: winners and scores (`outcome`, when the game ended by its rules), else how
    it ended, the final board picture (`image`) and **Rematch**."""
    table, game = seen.table, seen.game
    names = names_of(table, lang)
    team_game = getattr(game.parse_options(table.options), "mode", None) == "coop"
    parts: list[discord.ui.Item] = [
        discord.ui.TextDisplay(f"### {t('result.title', lang, game=game_name(game, lang), id=table.id)}")]
    if notes:
        parts.append(discord.ui.TextDisplay(clip("\n".join(notes), 1000)))
    if outcome is not None:
        parts.append(discord.ui.TextDisplay(clip("\n".join(result_lines(game, outcome, names, lang, team_game)),
                                                 2000)))
    else:
        parts.append(discord.ui.TextDisplay(t(f"result.ended_{ended_by}", lang)))
    if image:
        parts.append(discord.ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{image}", description=alt_text.board(seen, lang))))
    if table.settings.hints:  # a table that allowed hints is unrated (tables/results.py)
        parts.append(discord.ui.TextDisplay(t("result.hints_unrated", lang)))
    parts.append(discord.ui.TextDisplay("-# " + t("result.replay_hint", lang, id=table.id)))
    if rematch:
        parts.append(discord.ui.ActionRow(RematchButton(table.id, label=t("table.rematch", lang),
                                                        style=discord.ButtonStyle.primary, emoji="🔁")))
    return StaticLayout(discord.ui.Container(*parts, accent_colour=GOLD))
