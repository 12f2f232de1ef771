"""Prompt -> Discord components: the controls for the decisions one player owes now.

A message holds at most 5 rows (5 buttons, or one select of at most 25 options, per row).
The rows are shared out among the open prompts, and each prompt is drawn in the richest form
its share allows:

- one answer (max 1) among few options: one button per option (plus "None" if min is 0);
- one answer among many: a select, paged 25 options at a time with ◀ ▶ buttons;
- several answers (max > 1) among at most 25 options, order irrelevant: a multi-select
  with min/max (plus "None" if min is 0);
- several answers in order, or among more than 25 options: a pick-one-at-a-time draft whose
  picks so far travel in the custom_ids, with Confirm and Clear;
- no room left: a "Choose…" button that redraws the message with that prompt alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import Span, t
from games.kit import Prompt

from .components import clip, select_option
from .emoji import decorate, emoji_for, style_for
from .items import ChainSelect, DraftButton, DraftSelect, NoneButton, OptionButton, OptionSelect, PageButton

ROWS = 5
PER_ROW = 5
PAGE = 25
GROUP_SELECT = 4   # see select_groups
BUTTON_LABEL = 80  # Discord's limits
SELECT_LABEL = 100


@dataclass
class ControlState:
    """Which page of each prompt is shown, the draft picks so far, and an optional focus."""

    pages: dict[str, int] = field(default_factory=dict)
    picks: dict[str, list[int]] = field(default_factory=dict)
    focus: str | None = None


def needs_draft(prompt: Prompt) -> bool:
    return prompt.max > 1 and (prompt.ordered or len(prompt.options) > PAGE)


def fits_buttons(prompt: Prompt) -> bool:
    """Buttons only when every label fits a button whole (in either language); a longer one
    goes into a select, whose labels are longer, rather than losing its end."""
    return all(len(o.label.get(lang)) <= BUTTON_LABEL for o in prompt.options for lang in ("en", "ja"))


def option_labels(prompt: Prompt, lang: str, limit: int) -> list[str]:
    """The options' labels, shortened to `limit` and told apart: labels that read the same
    (two copies of a card, or a long label cut short) get "(1)", "(2)", … so every control
    a player sees is distinguishable."""
    full = [decorate(o.label.get(lang)) for o in prompt.options]
    labels = [clip(text, limit) for text in full]
    for text in set(labels):
        same = [i for i, label in enumerate(labels) if label == text]
        if len(same) > 1:
            for n, i in enumerate(same, 1):
                suffix = f" ({n})"
                labels[i] = clip(full[i], limit - len(suffix)) + suffix
    return labels


def select_groups(prompt: Prompt) -> dict[str, list[int]]:
    """Options of one kind that go into one select rather than a wall of buttons (a card times
    a column: nine full-width buttons on a phone): at least GROUP_SELECT options of a one-answer
    prompt sharing a `group` and explaining nothing more than their label."""
    if prompt.max != 1:
        return {}
    groups: dict[str, list[int]] = {}
    for i, option in enumerate(prompt.options):
        if option.group is not None and option.detail is None:
            groups.setdefault(option.group, []).append(i)
    return {g: idx for g, idx in groups.items() if GROUP_SELECT <= len(idx) <= PAGE}


def _grouped_rows(prompt: Prompt) -> int:
    """Rows of the grouped form: a select per group, buttons for the other options."""
    groups = select_groups(prompt)
    rest = len(prompt.options) - sum(len(idx) for idx in groups.values()) + (prompt.min == 0)
    return len(groups) + -(-rest // PER_ROW)


def rows_needed(prompt: Prompt) -> int:
    """The rows this prompt needs in its richest form."""
    n = len(prompt.options)
    if needs_draft(prompt):
        return 2
    if select_groups(prompt) and fits_buttons(prompt):
        return _grouped_rows(prompt)
    if prompt.max == 1 and n + (prompt.min == 0) <= PER_ROW * (ROWS - 1) and fits_buttons(prompt):
        return -(-(n + (prompt.min == 0)) // PER_ROW)
    if prompt.max == 1:
        return 2 if n > PAGE or prompt.min == 0 else 1
    return 2 if prompt.min == 0 else 1


def build(table_id: int, version: int, prompts: list[Prompt], lang: str,
          state: ControlState | None = None, chained: list[Any] | None = None) -> list[discord.ui.Item]:
    """The items (with rows set) for `prompts`, all owed by one player at `version`; with
    `chained` (`tables.chains.chains`), a last row picks a decision and the next one at once
    (when there are two chains or more: a select of one would only repeat a button above it)."""
    state = state or ControlState()
    if state.focus is not None:
        focused = [p for p in prompts if p.id == state.focus]
        prompts = focused or prompts
    items: list[discord.ui.Item] = []
    row = 0
    shares = _share_rows(prompts)
    for prompt, share in zip(prompts, shares, strict=True):
        if share == 0:
            continue
        drawn = _draw(table_id, version, prompt, lang, state, share, row)
        items.extend(drawn)
        row += len({item.row for item in drawn})
    if chained is not None and len(chained) > 1 and state.focus is None:
        free = max((getattr(item, "item", item).row or 0 for item in items), default=-1) + 1
        if free < ROWS:  # a row of its own, when one is left
            items.append(_chain_select(table_id, version, chained, lang, free))
    return items


def _chain_select(table_id: int, version: int, chained: list[Any], lang: str, row: int) -> discord.ui.Item:
    """One select of every chain "this, then that (, then that)" (at most 25, `tables.chains`).
    Under each, what its second step does: that answer's own detail, else the second prompt's
    text — "Food resource → Mining → Use the effect" and "Mining → Use the effect" both show
    Mining's effect, and so does "Food resource → Use the effect → …" when Mining, the last
    card, was played without asking — so a phone shows it without opening anything."""
    first = chained[0].prompt
    firsts = option_labels(first, lang, SELECT_LABEL)
    options = []
    for chain in chained:
        picked = chain.indices()
        later = [prompt.option(key) for prompt, key in chain.steps[1:]]
        label = " → ".join([firsts[picked[0]], *(decorate(o.label.get(lang)) for o in later)])
        detail = later[0].detail or chain.then.text
        options.append(select_option(clip(label, SELECT_LABEL), ChainSelect.value(*picked), detail.get(lang)))
    longest = max(len(chain.steps) for chain in chained)
    placeholder = t("ui.chain" if longest == 2 else "ui.chain_three", lang, count=len(options))
    return ChainSelect(table_id, version, first.id, options=options, placeholder=placeholder, row=row)


def _share_rows(prompts: list[Prompt]) -> list[int]:
    """Rows per prompt: everyone gets one; spare rows go to prompts that need more, in order."""
    shares = [1 if i < ROWS else 0 for i in range(len(prompts))]
    spare = ROWS - sum(shares)
    for i, prompt in enumerate(prompts[:ROWS]):
        extra = min(spare, rows_needed(prompt) - 1)
        if extra > 0:
            shares[i] += extra
            spare -= extra
    return shares


def _draw(table_id: int, version: int, prompt: Prompt, lang: str, state: ControlState,
          share: int, row: int) -> list[discord.ui.Item]:
    if needs_draft(prompt):
        if share < 2:
            return [_focus_button(table_id, version, prompt, lang, row)]
        return _draft(table_id, version, prompt, lang, state.picks.get(prompt.id, []),
                      state.pages.get(prompt.id, 0), row)
    n = len(prompt.options)
    if select_groups(prompt) and fits_buttons(prompt) and _grouped_rows(prompt) <= share:
        return _grouped(table_id, version, prompt, lang, row)
    if prompt.max == 1 and n + (prompt.min == 0) <= PER_ROW * share and fits_buttons(prompt):
        return _buttons(table_id, version, prompt, lang, row)
    pages = -(-n // PAGE)
    extra_row = pages > 1 or prompt.min == 0
    if extra_row and share < 2:
        return [_focus_button(table_id, version, prompt, lang, row)]
    page_no = min(state.pages.get(prompt.id, 0), pages - 1)
    start = page_no * PAGE
    chunk = prompt.options[start:start + PAGE]
    labels = option_labels(prompt, lang, SELECT_LABEL)[start:start + PAGE]
    placeholder = prompt.text.get(lang)
    if pages > 1:
        placeholder = f"{placeholder} ({page_no + 1}/{pages})"
    items: list[discord.ui.Item] = [OptionSelect(
        table_id, version, prompt.id, page_no,
        options=[select_option(label, o.key, o.detail.get(lang) if o.detail else None)
                 for o, label in zip(chunk, labels, strict=True)],
        placeholder=placeholder, min_values=max(1, min(prompt.min, len(chunk))), max_values=min(prompt.max, len(chunk)),
        row=row)]
    if extra_row:
        items.extend(_pager(table_id, version, prompt, lang, page_no, pages, row + 1))
        if prompt.min == 0:
            items.append(_none_button(table_id, version, prompt, lang, row + 1))
    return items


def _buttons(table_id: int, version: int, prompt: Prompt, lang: str, row: int) -> list[discord.ui.Item]:
    items: list[discord.ui.Item] = []
    labels = option_labels(prompt, lang, BUTTON_LABEL)
    for i, option in enumerate(prompt.options):
        items.append(OptionButton(table_id, version, prompt.id, option.key, label=labels[i],
                                  style=style_for(option), row=row + i // PER_ROW, emoji=emoji_for(labels[i])))
    if prompt.min == 0:
        items.append(_none_button(table_id, version, prompt, lang, row + len(prompt.options) // PER_ROW))
    return items


def _grouped(table_id: int, version: int, prompt: Prompt, lang: str, row: int) -> list[discord.ui.Item]:
    """Each of `select_groups` as one select, where its first option stands (its placeholder is
    the labels' shared head, "Welcome mana…", each entry the rest), the other options as
    buttons below. A pick answers at once: as few clicks as a button."""
    groups = select_groups(prompt)
    labels = option_labels(prompt, lang, SELECT_LABEL)
    button_labels = option_labels(prompt, lang, BUTTON_LABEL)
    grouped = {i: g for g, idx in groups.items() for i in idx}
    items: list[discord.ui.Item] = []
    buttons: list[int] = []
    for i in range(len(prompt.options)):
        group = grouped.get(i)
        if group is None:
            buttons.append(i)
            continue
        if groups[group][0] != i:
            continue
        members = groups[group]
        head = _shared_head([labels[j] for j in members])
        placeholder = head.rstrip(":： ") + "…" if head else prompt.text.get(lang)
        items.append(OptionSelect(
            table_id, version, prompt.id, 900 + len(items),
            options=[select_option(clip(labels[j][len(head):], SELECT_LABEL), prompt.options[j].key, None)
                     for j in members],
            placeholder=clip(placeholder, 150), row=row + len(items)))
    first = row + len(items)
    for n, i in enumerate(buttons):
        items.append(OptionButton(table_id, version, prompt.id, prompt.options[i].key, label=button_labels[i],
                                  style=style_for(prompt.options[i]), row=first + n // PER_ROW,
                                  emoji=emoji_for(button_labels[i])))
    if prompt.min == 0:
        items.append(_none_button(table_id, version, prompt, lang, first + len(buttons) // PER_ROW))
    return items


def _shared_head(labels: list[str]) -> str:
    """The "Kind: " that every label starts with, or ""."""
    heads = set()
    for label in labels:
        cut = min((label.find(sep) + len(sep) for sep in (": ", "：") if sep in label), default=0)
        heads.add(label[:cut])
    head = heads.pop() if len(heads) == 1 else ""
    return head if head and all(len(label) > len(head) for label in labels) else ""


def _none_button(table_id: int, version: int, prompt: Prompt, lang: str, row: int) -> discord.ui.Item:
    return NoneButton(table_id, version, prompt.id, label=t("ui.choose_none", lang), row=row)


def _focus_button(table_id: int, version: int, prompt: Prompt, lang: str, row: int) -> discord.ui.Item:
    label = t("ui.choose_prompt", lang, prompt=clip(prompt.text.get(lang), 60))
    return PageButton(table_id, version, prompt.id, 0, label=label, style=discord.ButtonStyle.primary, row=row)


def _pager(table_id: int, version: int, prompt: Prompt, lang: str, page_no: int, pages: int, row: int,
           picks: list[int] | None = None) -> list[discord.ui.Item]:
    if pages <= 1:
        return []
    return [
        PageButton(table_id, version, prompt.id, max(0, page_no - 1), picks, "prev", label="◀",
                   row=row, disabled=page_no == 0),
        PageButton(table_id, version, prompt.id, min(pages - 1, page_no + 1), picks, "next", label="▶",
                   row=row, disabled=page_no >= pages - 1),
    ]


def _draft(table_id: int, version: int, prompt: Prompt, lang: str, picks: list[int], page_no: int,
           row: int) -> list[discord.ui.Item]:
    """Pick one option at a time (ordered prompts keep the order of the picks)."""
    labels = option_labels(prompt, lang, SELECT_LABEL)
    remaining = [(i, o) for i, o in enumerate(prompt.options) if i not in picks]
    items: list[discord.ui.Item] = []
    pages = max(1, -(-len(remaining) // PAGE))
    page_no = min(page_no, pages - 1)
    if remaining and len(picks) < prompt.max:
        chunk = remaining[page_no * PAGE:(page_no + 1) * PAGE]
        add_max = 1 if prompt.ordered else min(prompt.max - len(picks), len(chunk))
        placeholder = t("ui.draft_add", lang, done=len(picks), max=prompt.max)
        items.append(DraftSelect(
            table_id, version, prompt.id, picks, page_no,
            options=[select_option(labels[i], o.key, o.detail.get(lang) if o.detail else None) for i, o in chunk],
            placeholder=placeholder, min_values=1, max_values=add_max, row=row))
    ok_allowed = prompt.min <= len(picks) <= prompt.max
    items.append(DraftButton(table_id, version, prompt.id, picks, confirm=True, label=t("ui.confirm", lang),
                             style=discord.ButtonStyle.success, row=row + 1, disabled=not ok_allowed))
    items.append(DraftButton(table_id, version, prompt.id, picks, confirm=False, label=t("ui.clear", lang),
                             row=row + 1, disabled=not picks))
    items.extend(_pager(table_id, version, prompt, lang, page_no, pages, row + 1, picks))
    return items


def draft_summary(prompt: Prompt, picks: list[int], lang: str) -> str:
    """'Chosen so far: A → B' for the message text of a draft."""
    if not picks:
        return t("ui.draft_empty", lang, min=prompt.min, max=prompt.max, count=Span(prompt.min, prompt.max))
    sep = " → " if prompt.ordered else ", "
    labels = option_labels(prompt, lang, SELECT_LABEL)
    return t("ui.draft_so_far", lang, picks=sep.join(labels[i] for i in picks))
