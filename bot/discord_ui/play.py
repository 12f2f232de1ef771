"""A player's private side of a table: their hand and the controls for what they owe now.

`hand_message` builds it (for `/game hand`, the My hand button, DMs and the redraw after a
move); `act` sends one decision to the service and answers the click; `take_back` undoes the
player's latest move (the hand's **Undo** button and `/game undo`).
"""
from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, Protocol

import discord

from bot.hints import explanation, hint_lines
from bot.i18n import t
from games.kit import Prompt
from tables.errors import TableError
from tables.read_model import TableRead, read

from . import controls, text_board
from .desk import Announced, Drawing, OpenHands, Preferring, Publishing, Served
from .errors import invalid_control
from .layouts import hand_layout
from .live_hands import signature
from .pictures_cache import HAND_SHOWS_BOARD, PictureCache, as_file, board_filename, hand_filename
from .presenters import clip, event_lines, names_of
from .replies import channel_of, edit, error_text, in_bot_dm, is_private_message, send, uid, user_lang, within_deadline


class HandDesk(Served, Preferring, Drawing, OpenHands, Protocol):
    """What showing a player their hand needs: the table from the service, their preference for
    a text board, the pictures, and the register of open hands."""


class PlayDesk(HandDesk, Announced, Protocol):
    """What a move needs: the hand it answers with, and the announcer that tells the others."""


def hand_message(pictures: PictureCache, seen: TableRead, user_id: str, lang: str,
                 state: controls.ControlState | None = None, note: str | None = None,
                 undo: bool = False, recent: list[Any] | None = None, text: bool = False) -> dict[str, Any]:
    """Keyword arguments for `send` (use `for_edit` to edit): the player's own picture, the last
    public moves (`recent`), what they must decide and the controls, then the board picture (or
    with `text`, the text board instead of pictures), as
    one Components V2 layout. A player at the table plays from this message alone: the channel's
    board only follows when play pauses or someone must be pinged. `undo`: the player may take
    back their latest move now (an **Undo** button drawn for this version)."""
    table = seen.table
    prompts = seen.seen_by(user_id).owed
    lines = [note] if note else []
    if state is not None and state.picks:
        for prompt in prompts:
            if prompt.id in state.picks and controls.needs_draft(prompt):
                lines.append(controls.draft_summary(prompt, state.picks[prompt.id], lang))
    chained = seen.chains(user_id)
    items = controls.build(table.id, table.version, prompts, lang, state, chained) if table.status == "running" else []
    board_text = text_board.board_text(seen, user_id, lang) if text else None
    files = [] if table.game in HAND_SHOWS_BOARD or text else [
        as_file(pictures.board_png(seen, lang), board_filename(table))]
    if not text:  # `text`: the player reads the board as text, no pictures
        files.append(as_file(pictures.hand_png(seen, user_id, lang), hand_filename(table)))
    guide, show_hint, show_leave = guide_parts(seen, user_id, prompts, lang)
    view = hand_layout(seen, user_id, lang, prompts, items, [f.filename for f in files], lines,
                       undo=undo and table.status == "running", recent=recent or [], board_text=board_text,
                       guide=guide, hint=show_hint, leave=show_leave)
    return {"view": view, "files": files, "drawn": prompts}


def guide_parts(seen: TableRead, user_id: str, prompts: list[Prompt],
                lang: str) -> tuple[list[str], bool, bool]:
    """What hints and guided games add to a hand: the lines under the decision (a guided
    game's explanation from the rules, the hint given for this decision and its reason), whether the
    💡 Hint button shows (hints allowed, a decision owed, no hint given for it yet) and whether
    the guided game's Leave button does."""
    table = seen.table
    running = table.status == "running"
    settings = table.settings
    given = seen.hint(user_id) if running and settings.hints else None
    lines: list[str] = []
    if running and prompts:
        if settings.learn and (text := explanation(seen.game, prompts, lang)):
            lines.append(t("learn.explain", lang, text=text))
        if given is not None:
            line, why = hint_lines(prompts, given, lang)
            lines += [line, f"-# {why}"]
    show_hint = bool(running and settings.hints and prompts and given is None)
    return lines, show_hint, bool(running and settings.learn)


async def with_guided_hint(service: Any, seen: TableRead, user_id: str) -> TableRead:
    """A guided game shows the hint with every decision: the table with the hint for the
    decision owed now (searched when there is none yet). When the game moved on while the
    hint was searched (a forced move, a computer's), the table as it is now, with its own
    hint; unchanged when none can be had."""
    for _ in range(3):
        table = seen.table
        if not (table.settings.learn and table.settings.hints and seen.owed(user_id) and table.status == "running"):
            return seen
        try:
            given = await service.hint(table.id, user_id, again=True)
        except TableError as error:
            if error.code != "out_of_date":
                return seen
            seen = read(await service.get(table.id))
            continue
        hinted = {**table.settings.hinted, user_id: given}
        return read(table.model_copy(update={"settings": table.settings.model_copy(update={"hinted": hinted})}))
    return seen


async def hand_payload(pictures: PictureCache, table: Any, user_id: str, lang: str,
                       hints_from: Any = None, **kwargs: Any) -> dict[str, Any]:
    """`hand_message` of `user_id` at `table` (a table or its read model), its pictures drawn
    off the event loop first (`PictureCache.prepare`). `hints_from` (the table service): a
    guided game's hand gets its hint first."""
    seen = table if isinstance(table, TableRead) else read(table)
    if hints_from is not None:
        seen = await with_guided_hint(hints_from, seen, user_id)  # drawn as it is now, not as it was
    if not kwargs.get("text"):
        await pictures.prepare(seen, lang, board=seen.table.game not in HAND_SHOWS_BOARD, hands=(user_id,))
    return hand_message(pictures, seen, user_id, lang, **kwargs)


def for_edit(payload: dict[str, Any]) -> dict[str, Any]:
    """A send payload as edit arguments: the picture replaces the message's attachments, and
    any old embed or text goes (a V2 message holds components only)."""
    out = {k: v for k, v in payload.items() if k not in ("file", "files", "drawn")}
    if "file" in payload:
        out["attachments"] = [payload["file"]]
    if "files" in payload:
        out["attachments"] = list(payload["files"])
    out.setdefault("embed", None)
    out.setdefault("content", None)
    return out


async def show_hand(bot: HandDesk, interaction: discord.Interaction, table: Any, *,
                    state: controls.ControlState | None = None, note: str | None = None,
                    in_place: bool | None = None) -> None:
    """Answer with the user's hand: in place when they clicked their own private message,
    else as a new ephemeral message. Either way it is remembered as their open hand."""
    lang = await user_lang(interaction)
    user_id = uid(interaction.user)
    if not table.user_seated(user_id):
        await send(interaction, ephemeral=True, content=t("hand.not_seated", lang, id=table.id))
        return
    if table.status == "lobby":
        await send(interaction, ephemeral=True, content=t("hand.not_started", lang))
        return
    seen = await bot.service.read(table)  # the last moves and the undo offer with it
    payload = await hand_payload(bot.pictures, seen, user_id, lang, bot.service, state=state, note=note,
                                 undo=seen.undo_offered(user_id),
                                 recent=seen.recent, text=await text_board.wanted(bot, user_id))
    if in_place is None:
        in_place = is_private_message(interaction)
    await answer_with_hand(bot, interaction, table.id, payload, in_place=in_place)


async def answer_with_hand(bot: OpenHands, interaction: discord.Interaction, table_id: int,
                           payload: dict[str, Any], *, in_place: bool) -> None:
    """Edit the clicked hand or send a new ephemeral one, and remember it for refreshes."""
    user_id = uid(interaction.user)
    drawn = signature(payload.pop("drawn", []))
    if in_place:
        await edit(interaction, **for_edit(payload))
        bot.hands.opened(table_id, user_id, interaction, drawn=drawn)
        if in_bot_dm(interaction) and interaction.message is not None:  # the DM hand now answers these decisions
            bot.hands.dm_sent(table_id, user_id, channel_of(interaction), interaction.message.id, drawn)
        return
    followup = interaction.response.is_done()
    message = await send(interaction, ephemeral=not in_bot_dm(interaction), **payload)
    bot.hands.opened(table_id, user_id, interaction, message.id if followup and message is not None else None,
                     drawn=drawn)


async def act(bot: PlayDesk, interaction: discord.Interaction, table_id: int, version: int,
              prompt_id: str, choice: list[str]) -> None:
    """One decision from a click: refused, out of date, or applied and then announced."""
    user_id = uid(interaction.user)
    await _commit(bot, interaction, table_id, version, user_id,
                  bot.service.act(table_id, user_id, version, prompt_id, choice))


async def _commit(bot: PlayDesk, interaction: discord.Interaction, table_id: int, version: int, user_id: str,
                  move: Awaitable[Any]) -> None:
    """Await the service's move under the click's deadline; a refusal is answered (out of date:
    fresh controls), a move applied is answered with the hand and announced."""
    lang = await user_lang(interaction)
    try:
        result = await within_deadline(interaction, move, "edit" if is_private_message(interaction) else "ephemeral")
    except TableError as error:
        if error.code == "out_of_date":
            await out_of_date(bot, interaction, await bot.service.get(table_id), lang, drawn_at=version)
        else:
            await send(interaction, ephemeral=True, content=error_text(error, lang))
        return
    await answered(bot, interaction, result, user_id, lang)


async def act_chain(bot: PlayDesk, interaction: discord.Interaction, table_id: int, version: int,
                    prompt_id: str, picked: tuple[int, ...]) -> None:
    """A decision and the same player's next one (or two) from one pick of a chain select: the
    chain is found again in the present table (drawn for another version, it is out of date),
    then its moves go to the service in one call."""
    svc = bot.service
    user_id = uid(interaction.user)
    lang = await user_lang(interaction)
    table = await svc.get(table_id)
    if table.status != "running" or table.version != version:
        await out_of_date(bot, interaction, table, lang, drawn_at=version)
        return
    offered = read(table).chains(user_id)
    chosen = next((c for c in offered if c.prompt.id == prompt_id and c.indices() == picked), None)
    if chosen is None:
        await invalid_control(interaction, "no such chain")
        return
    await _commit(bot, interaction, table_id, version, user_id, svc.act_chain(
        table_id, user_id, version, [(prompt.id, [key]) for prompt, key in chosen.steps]))


async def answered(bot: PlayDesk, interaction: discord.Interaction, result: Any, user_id: str, lang: str) -> None:
    """After the player's move(s): their hand redrawn where they clicked, the news announced."""
    table = result.table
    seen = await bot.service.read(table)  # the last moves and the undo offer with it
    payload = await hand_payload(bot.pictures, seen, user_id, lang, bot.service, undo=seen.undo_offered(user_id),
                                 recent=seen.recent, text=await text_board.wanted(bot, user_id))
    await answer_with_hand(bot, interaction, table.id, payload, in_place=is_private_message(interaction))
    here = interaction.channel_id == table.channel_id
    bot.announcer.publish(table.id, result.notices, actor=user_id, followup=interaction.followup if here else None)


async def out_of_date(bot: HandDesk, interaction: discord.Interaction, table: Any, lang: str,
                      drawn_at: int | None = None) -> None:
    """The control was drawn for an older state: say so, with fresh controls, as a new ephemeral.
    A control "drawn" for a state the table never reached is not valid at all."""
    if drawn_at is not None and table.status == "running" and drawn_at > table.version:
        await invalid_control(interaction, "version from the future")
        return
    user_id = uid(interaction.user)
    if table.status != "running":
        await send(interaction, ephemeral=True, content=t("act.out_of_date_over", lang))
        return
    if not table.user_seated(user_id):  # fresh controls are a hand, and only players have one
        await send(interaction, ephemeral=True, content=t("hand.not_seated", lang, id=table.id))
        return
    seen = await bot.service.read(table)
    payload = await hand_payload(bot.pictures, seen, user_id, lang, bot.service,
                                 note=t("service.error.out_of_date", lang),
                                 recent=seen.recent, text=await text_board.wanted(bot, user_id))
    await answer_with_hand(bot, interaction, table.id, payload, in_place=False)


async def take_back(bot: PlayDesk, interaction: discord.Interaction, table_id: int, version: int, *,
                    in_place: bool, button: bool) -> None:
    """Undo the user's latest move at the table as it was at `version` (the **Undo** button's,
    or the present for `/game undo`): refused with the reason and nothing changed (an outdated
    button gets the usual out-of-date answer with fresh controls), or their hand comes back
    with the previous controls and the board says "… took back …" at once."""
    svc = bot.service
    user_id = uid(interaction.user)
    lang = await user_lang(interaction)
    try:
        result = await within_deadline(interaction, svc.undo(table_id, user_id, version),
                                       "edit" if in_place else "ephemeral")
    except TableError as error:
        if button and error.params.get("reason") == "stale":  # drawn for an older table
            await out_of_date(bot, interaction, await svc.get(table_id), lang, drawn_at=version)
        else:
            await send(interaction, ephemeral=True, content=error_text(error, lang))
        return
    table = result.table
    names = names_of(table, lang)
    undone = result.undone.events if result.undone is not None else []  # (undo always names it)
    move = " / ".join(event_lines(undone, names, lang)) or t("log.acted", lang)
    await show_hand(bot, interaction, table, note=t("undo.done", lang, move=clip(move, 300)), in_place=in_place)
    bot.announcer.publish(table.id, result.notices, actor=user_id, undone=True)


def prompt_of(table: Any, user_id: str, prompt_id: str) -> Prompt | None:
    """The decision a control names, if `user_id` owes it at `table` now."""
    return next((p for p in read(table).owed(user_id) if p.id == prompt_id), None)


async def hint(bot: HandDesk, interaction: discord.Interaction, table_id: int, version: int) -> None:
    """💡 Hint on a hand: the strong player's choice for the decision drawn at `version`, shown
    on the hand itself (redrawn in place, without the button: one hint per decision). A hand
    drawn for an older decision is out of date; a refusal (hints off, already given) says why."""
    svc = bot.service
    user_id = uid(interaction.user)
    lang = await user_lang(interaction)
    table = await svc.get(table_id)
    if table.status != "running" or table.version != version:
        await out_of_date(bot, interaction, table, lang, drawn_at=version)
        return
    in_place = is_private_message(interaction)
    await within_deadline(interaction, svc.hint(table_id, user_id), "edit" if in_place else "ephemeral")
    await show_hand(bot, interaction, await svc.get(table_id), in_place=in_place)


async def leave_guided(bot: Publishing, interaction: discord.Interaction, table_id: int) -> None:
    """Leave on a guided game's hand: the game ends at once (the person was its only player)."""
    svc = bot.service
    lang = await user_lang(interaction)
    table = await svc.get(table_id)
    if not table.settings.learn:
        await send(interaction, ephemeral=True, content=t("learn.not_guided", lang))
        return
    result = await svc.resign(table_id, uid(interaction.user))
    await send(interaction, ephemeral=True, content=t("learn.left", lang))
    bot.announcer.publish(table_id, result.notices)
