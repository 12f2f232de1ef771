"""A player's private side of a table: their hand and the controls for what they owe now.

`hand_message` builds it (for `/game hand`, the My hand button, DMs and the redraw after a
move); `act` sends one decision to the service and answers the click.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from games import registry
from games.kit import Prompt

from . import controls, ids
from .components import detached_view
from .presenters import hand_embed
from .replies import edit, error_text, is_private_message, send, uid, user_lang, within_deadline

if TYPE_CHECKING:
    from .client import CardTableBot


def hand_message(table: Any, user_id: str, prompts: list[Prompt], lang: str,
                 state: controls.ControlState | None = None, note: str | None = None) -> dict[str, Any]:
    """Keyword arguments for send/edit: the private view and the controls."""
    game = registry.get(table.game)
    game_state = table.state(game)
    embed = hand_embed(game, table, game_state, user_id, lang, prompts)
    lines = [note] if note else []
    if state is not None and state.picks:
        for prompt in prompts:
            if prompt.id in state.picks and controls.needs_draft(prompt):
                lines.append(controls.draft_summary(prompt, state.picks[prompt.id], lang))
    items = controls.build(table.id, table.version, prompts, lang, state) if table.status == "running" else []
    return {"content": "\n".join(lines) or None, "embed": embed, "view": detached_view(items)}


def owed(table: Any, user_id: str) -> list[Prompt]:
    """The decisions `user_id` owes at this table now (what the service's prompts_for answers,
    computed from the table already in hand instead of reading it again)."""
    if table.status != "running" or table.state_json is None:
        return []
    game = registry.get(table.game)
    return [p for p in game.prompts(table.state(game)) if p.player == user_id]


async def show_hand(bot: CardTableBot, interaction: discord.Interaction, table: Any, *,
                    state: controls.ControlState | None = None, note: str | None = None,
                    in_place: bool | None = None) -> None:
    """Answer with the user's hand: in place when they clicked their own private message,
    else as a new ephemeral message."""
    lang = await user_lang(interaction)
    user_id = uid(interaction.user)
    if not table.user_seated(user_id):
        await send(interaction, ephemeral=True, content=t("hand.not_seated", lang, id=table.id))
        return
    if table.status == "lobby":
        await send(interaction, ephemeral=True, content=t("hand.not_started", lang))
        return
    prompts = owed(table, user_id)
    payload = hand_message(table, user_id, prompts, lang, state, note)
    if in_place is None:
        in_place = is_private_message(interaction)
    if in_place:
        await edit(interaction, **payload)
    else:
        await send(interaction, ephemeral=interaction.guild_id is not None, **payload)


async def act(bot: CardTableBot, interaction: discord.Interaction, table_id: int, version: int,
              prompt_id: str, choice: list[str]) -> None:
    """One decision from a click: refused, out of date, or applied and then announced."""
    from tables.errors import TableError

    svc = bot.service
    user_id = uid(interaction.user)
    lang = await user_lang(interaction)
    try:
        result = await within_deadline(interaction, svc.act(table_id, user_id, version, prompt_id, choice),
                                       "edit" if is_private_message(interaction) else "ephemeral")
    except TableError as error:
        if error.code == "out_of_date":
            await out_of_date(bot, interaction, await svc.get(table_id), lang)
        else:
            await send(interaction, ephemeral=True, content=error_text(error, lang))
        return
    table = result.table
    prompts = owed(table, user_id)
    payload = hand_message(table, user_id, prompts, lang)
    if is_private_message(interaction):
        await edit(interaction, **payload)
    else:
        await send(interaction, ephemeral=True, **payload)
    bot.announcer.publish(table.id, result.notices, actor=user_id)


async def out_of_date(bot: CardTableBot, interaction: discord.Interaction, table: Any, lang: str) -> None:
    """The control was drawn for an older state: say so, with fresh controls, as a new ephemeral."""
    user_id = uid(interaction.user)
    if table.status != "running":
        await send(interaction, ephemeral=True, content=t("act.out_of_date_over", lang))
        return
    prompts = owed(table, user_id)
    payload = hand_message(table, user_id, prompts, lang, note=t("service.error.out_of_date", lang))
    await send(interaction, ephemeral=True, **payload)


def prompt_of(prompts: list[Prompt], escaped_id: str) -> Prompt | None:
    prompt_id = ids.unescape(escaped_id)
    return next((p for p in prompts if p.id == prompt_id), None)
