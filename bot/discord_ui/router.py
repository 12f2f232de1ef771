"""Routes every component click (by the kind in its custom_id) to the code that answers it,
and reports failures to the user in one place."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t

from . import controls, ids, lobby, permissions, play
from .errors import report_failure
from .replies import arrived, edit, error_text, send, service, uid, user_lang

if TYPE_CHECKING:
    from .client import CardTableBot

log = logging.getLogger(__name__)


class Router:
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def on_button(self, interaction: discord.Interaction, cid: ids.ComponentId, raw: str) -> None:
        arrived(interaction, "edit")
        await self._guard(interaction, cid, self._button(interaction, cid, raw))

    async def on_select(self, interaction: discord.Interaction, cid: ids.ComponentId, values: list[str]) -> None:
        arrived(interaction, "edit")
        await self._guard(interaction, cid, self._select(interaction, cid, values))

    async def _guard(self, interaction: discord.Interaction, cid: ids.ComponentId, work: Any) -> None:
        from tables.errors import TableError
        try:
            await work
        except TableError as error:
            lang = await user_lang(interaction)
            if error.code == "out_of_date":
                table = await service(interaction).get(cid.table)
                await play.out_of_date(self.bot, interaction, table, lang)
            else:
                await send(interaction, ephemeral=True, content=error_text(error, lang))
        except Exception as error:  # noqa: BLE001 - the one place a click's failure is reported
            await report_failure(interaction, error, context=f"component {cid}")

    # ---- buttons --------------------------------------------------------------------------
    async def _button(self, interaction: discord.Interaction, cid: ids.ComponentId, raw: str) -> None:
        svc = service(interaction)
        if cid.kind == "L":
            await self._lobby_button(interaction, cid)
        elif cid.kind == "H":
            await play.show_hand(self.bot, interaction, await svc.get(cid.table))
        elif cid.kind == "B":
            prompt_id, key = ids.option_key_of_button(raw)
            await play.act(self.bot, interaction, cid.table, cid.version, prompt_id, [key])
        elif cid.kind == "N":
            await play.act(self.bot, interaction, cid.table, cid.version, ids.unescape(cid.args[0]), [])
        elif cid.kind == "P":
            await self._redraw(interaction, cid, cid.args[0], page=int(cid.args[1]),
                               picks=ids.decode_picks(cid.args[2]) if len(cid.args) > 2 else [])
        elif cid.kind == "D":
            await self._draft(interaction, cid)
        elif cid.kind == "G":
            from .info_commands import show_log
            await show_log(self.bot, interaction, cid.table, before_seq=int(cid.args[0]), in_place=True)

    async def _lobby_button(self, interaction: discord.Interaction, cid: ids.ComponentId) -> None:
        svc = service(interaction)
        action = cid.args[0]
        user_id = uid(interaction.user)
        if action == "join":
            table = await svc.join(cid.table, user_id, interaction.user.display_name)
        elif action == "leave":
            table = await svc.leave(cid.table, user_id)
        elif action == "cpu":
            table = await svc.add_cpu(cid.table, user_id)
        elif action == "cancel":
            table = await svc.cancel(cid.table, user_id)
        elif action == "start":
            await start_from(self.bot, interaction, cid.table, in_place=True)
            return
        else:
            raise ValueError(f"unknown lobby action {action}")
        await self._redraw_lobby(interaction, table)
        self.bot.scheduler.poke()

    async def _redraw_lobby(self, interaction: discord.Interaction, table: Any) -> None:
        from .replies import table_lang
        lang = await table_lang(self.bot, table)
        embed, view = lobby.render(table, lang)
        await edit(interaction, embed=embed, view=view)

    async def _redraw(self, interaction: discord.Interaction, cid: ids.ComponentId, escaped_prompt: str,
                      page: int = 0, picks: list[int] | None = None) -> None:
        """Redraw the user's hand with one prompt focused (paging, drafts)."""
        table = await service(interaction).get(cid.table)
        lang = await user_lang(interaction)
        if table.status != "running" or table.version != cid.version:
            await play.out_of_date(self.bot, interaction, table, lang)
            return
        prompt_id = ids.unescape(escaped_prompt)
        state = controls.ControlState(pages={prompt_id: page}, picks={prompt_id: picks or []}, focus=prompt_id)
        await play.show_hand(self.bot, interaction, table, state=state)

    async def _draft(self, interaction: discord.Interaction, cid: ids.ComponentId) -> None:
        escaped, code, op = cid.args[0], cid.args[1], cid.args[2]
        if op == "clr":
            await self._redraw(interaction, cid, escaped)
            return
        table = await service(interaction).get(cid.table)
        prompt = play.prompt_of(play.owed(table, uid(interaction.user)), escaped)
        if prompt is None or table.version != cid.version:
            await play.out_of_date(self.bot, interaction, table, await user_lang(interaction))
            return
        choice = [prompt.options[i].key for i in ids.decode_picks(code) if i < len(prompt.options)]
        await play.act(self.bot, interaction, cid.table, cid.version, prompt.id, choice)

    # ---- selects --------------------------------------------------------------------------
    async def _select(self, interaction: discord.Interaction, cid: ids.ComponentId, values: list[str]) -> None:
        svc = service(interaction)
        if cid.kind == "S":
            await play.act(self.bot, interaction, cid.table, cid.version, ids.unescape(cid.args[0]), values)
        elif cid.kind == "DS":
            escaped, code = cid.args[0], cid.args[1]
            table = await svc.get(cid.table)
            prompt = play.prompt_of(play.owed(table, uid(interaction.user)), escaped)
            if prompt is None or table.version != cid.version:
                await play.out_of_date(self.bot, interaction, table, await user_lang(interaction))
                return
            picks = ids.decode_picks(code)
            keys = [o.key for o in prompt.options]
            picks += [keys.index(v) for v in values if v in keys and keys.index(v) not in picks]
            await self._redraw(interaction, cid, escaped, page=int(cid.args[2]), picks=picks[: prompt.max])
        elif cid.kind == "LO":
            table = await svc.get(cid.table)
            name = ids.unescape(cid.args[0])
            kind, value = lobby.decode_setting(table, name, values[0])
            table = await svc.set_option(cid.table, uid(interaction.user), name, value)
            await self._redraw_lobby(interaction, table)
        elif cid.kind == "LM":
            table = await svc.get(cid.table)
            lang = await user_lang(interaction)
            if uid(interaction.user) != table.host:
                await send(interaction, ephemeral=True, content=t("lobby.host_only", lang))
                return
            if values[0] == lobby.REMOVE_CPU:
                cpu = next(s.user_id for s in reversed(table.seats) if s.is_cpu)
                table = await svc.remove_cpu(cid.table, uid(interaction.user), cpu)
                await self._redraw_lobby(interaction, table)
                return
            text, view = lobby.setting_picker(table, values[0], lang)
            await send(interaction, ephemeral=True, content=text, view=view)
        elif cid.kind == "LV":
            table = await svc.get(cid.table)
            lang = await user_lang(interaction)
            name = ids.unescape(cid.args[0])
            kind, value = lobby.decode_setting(table, name, values[0])
            if kind == "option":
                table = await svc.set_option(cid.table, uid(interaction.user), name, value)
            elif kind == "cpu":
                table = await svc.add_cpu(cid.table, uid(interaction.user), level=value)
            else:
                table = await svc.update_table_settings(cid.table, uid(interaction.user), False, **value)
            await edit(interaction, content=t("lobby.value_set", lang), view=None)
            await lobby.refresh_message(self.bot, table)
            self.bot.scheduler.poke()


async def start_from(bot: CardTableBot, interaction: discord.Interaction, table_id: int, *, in_place: bool) -> None:
    """Start a lobby: the board replaces the lobby message (or is posted anew), then hands go out."""
    from games import registry

    from .announce import board_view
    from .presenters import board_embed
    from .replies import table_lang, within_deadline

    svc = bot.service
    if lacking := permissions.missing(interaction):  # they may have changed since the lobby opened
        await send(interaction, ephemeral=True, content=permissions.missing_text(lacking, await user_lang(interaction)))
        return
    result = await within_deadline(interaction, svc.start(table_id, uid(interaction.user)),
                                   "edit" if in_place else "public")
    table = result.table
    lang = await table_lang(bot, table)
    game = registry.get(table.game)
    payload = {"embed": board_embed(game, table, table.state(game), lang), "view": board_view(table, lang)}
    lobby_age = discord.utils.utcnow().timestamp() - table.created_at
    if in_place and lobby_age <= bot.settings.board_refresh_after_s:
        await edit(interaction, **payload)
        await svc.set_board_message(table.id, interaction.message.id)
    else:
        # A new board message: the lobby message is old (or the start came from a command).
        started, _ = lobby.render(table, lang)
        if in_place:
            await edit(interaction, embed=started, view=None)
        elif table.board_message_id:
            await bot.announcer.edit_message(table.channel_id, table.board_message_id, embed=started, view=None)
        message = await send(interaction, ephemeral=False, **payload)
        if message is not None:
            await svc.set_board_message(table.id, message.id)
    bot.announcer.publish(table.id, result.notices, first_turn=True, board=False, followup=interaction.followup)
