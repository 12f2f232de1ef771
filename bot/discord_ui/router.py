"""What each kind of control does when clicked (one method per kind, called by its class in
`items`), and the one guard that turns refusals into replies and reports failures."""
from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord

from bot.i18n import t
from tables.errors import TableError
from tables.read_model import read

from . import controls, ids, lobby, permissions, play, turn_list, watch
from .desk import Desk
from .errors import invalid_control, report_failure
from .info_commands import show_log
from .replies import arrived, edit, error_text, is_private_message, send, table_lang, uid, user_lang, within_deadline

log = logging.getLogger(__name__)


class Router:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    async def guarded(self, interaction: discord.Interaction, cid: ids.ComponentId | None, work: Awaitable[Any]) -> None:
        """Run a click's work: refusals become an ephemeral reply in the user's language (an
        out-of-date control also gets fresh controls), anything else is reported once."""
        arrived(interaction, "edit")
        try:
            await work
        except ids.BadControl as error:  # an id or value no control of the bot carries
            await self.invalid_control(interaction, str(error))
        except TableError as error:
            lang = await user_lang(interaction)
            if error.code == "out_of_date" and cid is not None:
                table = await self.desk.service.get(cid.table)
                await play.out_of_date(self.desk, interaction, table, lang, drawn_at=cid.version)
            else:
                await send(interaction, ephemeral=True, content=error_text(error, lang))
        except Exception as error:  # noqa: BLE001 - the one place a click's failure is reported
            await report_failure(interaction, error, context=f"component {cid}")

    async def invalid_control(self, interaction: discord.Interaction, why: str = "") -> None:
        await invalid_control(interaction, why)

    # ---- watching ----------------------------------------------------------------
    async def follow(self, interaction: discord.Interaction, table_id: int) -> None:
        await watch.follow_click(self.desk, interaction, table_id)

    async def unfollow(self, interaction: discord.Interaction, table_id: int) -> None:
        await watch.unfollow_click(self.desk, interaction, table_id)

    async def browse_join(self, interaction: discord.Interaction, table_id: int) -> None:
        await watch.browse_join(self.desk, interaction, table_id)

    # ---- lobby ------------------------------------------------------------------------------
    async def lobby_button(self, interaction: discord.Interaction, cid: ids.ComponentId, action: str) -> None:
        svc = self.desk.service
        user_id = uid(interaction.user)
        if action == "join":
            table = await svc.join(cid.table, user_id, interaction.user.display_name)
        elif action == "leave":
            table = await svc.leave(cid.table, user_id)
        elif action == "cpu":
            table = await svc.add_cpu(cid.table, user_id)
        elif action == "cancel":
            table = await svc.cancel(cid.table, user_id)
        else:
            await start_from(self.desk, interaction, cid.table, in_place=True)
            return
        await self._redraw_lobby(interaction, table)
        self.desk.scheduler.poke()

    async def _redraw_lobby(self, interaction: discord.Interaction, table: Any) -> None:
        lang = await table_lang(self.desk, table)
        await edit(interaction, **lobby.edit_payload(table, lang))

    async def lobby_option(self, interaction: discord.Interaction, cid: ids.ComponentId, name: str,
                           values: list[str]) -> None:
        svc = self.desk.service
        table = await svc.get(cid.table)
        kind, value = lobby.decode_setting(table, name, ids.one_value(values))
        if kind != "option":
            raise ids.BadControl(f"{name!r} is not a game option")
        table = await svc.set_option(cid.table, uid(interaction.user), name, value)
        await self._redraw_lobby(interaction, table)

    async def lobby_more(self, interaction: discord.Interaction, cid: ids.ComponentId, values: list[str]) -> None:
        svc = self.desk.service
        table = await svc.get(cid.table)
        lang = await user_lang(interaction)
        if uid(interaction.user) != table.host:
            await send(interaction, ephemeral=True, content=t("lobby.host_only", lang))
            return
        name = ids.one_value(values)
        if name == lobby.REMOVE_CPU:
            cpu = next((s.user_id for s in reversed(table.seats) if s.is_cpu), None)
            if cpu is None:
                raise ids.BadControl("no computer seat to remove")
            table = await svc.remove_cpu(cid.table, uid(interaction.user), cpu)
            await self._redraw_lobby(interaction, table)
            return
        text, view = lobby.setting_picker(table, name, lang)
        await send(interaction, ephemeral=True, content=text, view=view)

    async def lobby_value(self, interaction: discord.Interaction, cid: ids.ComponentId, name: str,
                          values: list[str]) -> None:
        svc = self.desk.service
        table = await svc.get(cid.table)
        lang = await user_lang(interaction)
        kind, value = lobby.decode_setting(table, name, ids.one_value(values))
        if kind == "option":
            table = await svc.set_option(cid.table, uid(interaction.user), name, value)
        elif kind == "cpu":
            table = await svc.add_cpu(cid.table, uid(interaction.user), level=value)
        elif kind == "remove_cpu":
            table = await svc.remove_cpu(cid.table, uid(interaction.user), value)
        else:
            table = await svc.update_table_settings(cid.table, uid(interaction.user), False, **value)
        done = "lobby.value_set" if table.settings.place is None else "lobby.value_set_dm"  # (a DM between people)
        await edit(interaction, content=t(done, lang), view=None)
        await lobby.refresh_message(self.desk, table)
        self.desk.scheduler.poke()

    # ---- playing ----------------------------------------------------------------------------
    async def my_hand(self, interaction: discord.Interaction, cid: ids.ComponentId) -> None:
        table = await self.desk.service.get(cid.table)
        if table.settings.place is not None and not is_private_message(interaction) and table.state_json is not None:
            await self._redraw_clicked_board(interaction, table)
        await play.show_hand(self.desk, interaction, table)

    async def _redraw_clicked_board(self, interaction: discord.Interaction, table: Any) -> None:
        """A table in a DM or group DM between people: the bot cannot edit its boards on its own,
        so a click on any of them, however old, answers with the board as it is now (the
        click's own message is redrawn); the hand then follows, ephemeral."""
        lang = await table_lang(self.desk, table)
        recent = await self.desk.service.log(table.id, limit=3)
        await self.desk.pictures.prepare(table, lang)
        await edit(interaction, **play.for_edit(self.desk.announcer.board_payload(table, lang, recent)))

    async def answer(self, interaction: discord.Interaction, cid: ids.ComponentId, prompt_id: str,
                     choice: list[str]) -> None:
        await play.act(self.desk, interaction, cid.table, cid.version, prompt_id, choice)

    async def chain(self, interaction: discord.Interaction, cid: ids.ComponentId, prompt_id: str,
                    picked: tuple[int, ...]) -> None:
        await play.act_chain(self.desk, interaction, cid.table, cid.version, prompt_id, picked)

    async def redraw(self, interaction: discord.Interaction, cid: ids.ComponentId, escaped_prompt: str,
                     page: int = 0, picks: list[int] | None = None) -> None:
        """Redraw the user's hand with one prompt focused (paging, drafts). The controls are
        drawn for the present; when the clicked ones were drawn for an older state the hand
        says so ("out of date") even if the prompt is still owed."""
        table = await self.desk.service.get(cid.table)
        prompt = play.prompt_of(table, uid(interaction.user), escaped_prompt)
        if table.status != "running" or prompt is None:
            await play.out_of_date(self.desk, interaction, table, await user_lang(interaction), drawn_at=cid.version)
            return
        if cid.version > table.version:
            await self.invalid_control(interaction, "version from the future")
            return
        note = t("service.error.out_of_date", await user_lang(interaction)) if cid.version < table.version else None
        state = controls.ControlState(pages={prompt.id: page}, picks={prompt.id: picks or []}, focus=prompt.id)
        await play.show_hand(self.desk, interaction, table, state=state, note=note)

    async def draft(self, interaction: discord.Interaction, cid: ids.ComponentId, escaped: str, picks: list[int],
                    *, confirm: bool) -> None:
        if not confirm:
            await self.redraw(interaction, cid, escaped)
            return
        table = await self.desk.service.get(cid.table)
        prompt = play.prompt_of(table, uid(interaction.user), escaped)
        if prompt is None:
            await play.out_of_date(self.desk, interaction, table, await user_lang(interaction))
            return
        choice = [prompt.options[i].key for i in picks if i < len(prompt.options)]
        await play.act(self.desk, interaction, cid.table, cid.version, prompt.id, choice)

    async def draft_add(self, interaction: discord.Interaction, cid: ids.ComponentId, escaped: str,
                        picks: list[int], page: int, values: list[str]) -> None:
        table = await self.desk.service.get(cid.table)
        prompt = play.prompt_of(table, uid(interaction.user), escaped)
        if prompt is None:
            await play.out_of_date(self.desk, interaction, table, await user_lang(interaction))
            return
        keys = [o.key for o in prompt.options]
        picks = [i for i in picks if i < len(keys)]
        picks += [keys.index(v) for v in values if v in keys and keys.index(v) not in picks]
        await self.redraw(interaction, cid, escaped, page=page, picks=picks[: prompt.max])

    async def undo(self, interaction: discord.Interaction, cid: ids.ComponentId) -> None:
        await play.take_back(self.desk, interaction, cid.table, cid.version, in_place=is_private_message(interaction),
                             button=True)

    async def hint(self, interaction: discord.Interaction, cid: ids.ComponentId) -> None:
        await play.hint(self.desk, interaction, cid.table, cid.version)

    async def leave_guided(self, interaction: discord.Interaction, cid: ids.ComponentId) -> None:
        await play.leave_guided(self.desk, interaction, cid.table)

    # ---- after the game, and reading --------------------------------------------------------
    async def rematch(self, interaction: discord.Interaction, cid: ids.ComponentId) -> None:
        """A new lobby in the same place, same seats and options; the result keeps its button
        until the new lobby exists (then the lobby is where to go)."""
        svc = self.desk.service
        table = await svc.rematch(cid.table, uid(interaction.user))
        lang = await table_lang(self.desk, table)
        text = t("table.rematch_opened", lang, who=interaction.user.mention)
        message = await send(interaction, ephemeral=False, **lobby.payload(table, lang, note=text))
        if message is not None:
            await svc.set_board_message(table.id, message.id)
        self.desk.scheduler.poke()

    async def log_page(self, interaction: discord.Interaction, cid: ids.ComponentId, before_seq: int) -> None:
        await show_log(self.desk, interaction, cid.table, before_seq=before_seq, in_place=True)

    async def mine_page(self, interaction: discord.Interaction, page: int) -> None:
        await turn_list.mine(self.desk, interaction, page=page, in_place=True)


async def plays_in_thread(desk: Desk, table: Any) -> bool:
    """The host's lobby choice, else the server's setting (never outside a server)."""
    if table.guild_id is None:
        return False
    if table.settings.thread is not None:
        return table.settings.thread
    return (await desk.prefs.guild(table.guild_id)).table_threads


async def start_from(desk: Desk, interaction: discord.Interaction, table_id: int, *, in_place: bool) -> None:
    """Start a lobby: the lobby message stays as the record of who plays (without controls),
    the board is posted below it naming those who owe the first decision, hands go out by DM.
    Computer seats that move first do so meanwhile; their moves are shown with the first board."""
    if lacking := permissions.missing(interaction):  # they may have changed since the lobby opened
        await send(interaction, ephemeral=True, content=permissions.missing_text(lacking, await user_lang(interaction)))
        return
    desk.announcer.hold(table_id)
    try:
        await _start(desk, interaction, table_id, in_place=in_place)
    finally:
        desk.announcer.unhold(table_id)


async def _start(desk: Desk, interaction: discord.Interaction, table_id: int, *, in_place: bool) -> None:
    svc = desk.service
    result = await within_deadline(interaction, svc.start(table_id, uid(interaction.user)),
                                   "edit" if in_place else "public")
    table = result.table
    lang = await table_lang(desk, table)
    lobby_message, lobby_channel = table.board_message_id, table.channel_id
    await svc.set_board_message(table.id, None)
    note = None
    if lobby_message and await plays_in_thread(desk, table):
        thread = await desk.announcer.open_thread(table, lobby_message, lang)
        if thread is not None:
            table = await svc.move_to_thread(table.id, thread)
            note = t("table.playing_in_thread", lang, thread=f"<#{thread}>")
    started = lobby.edit_payload(table, lang, note=note)  # the record of who plays, without controls
    if in_place:
        await edit(interaction, **started)
        here = interaction.channel_id == table.channel_id
        desk.announcer.publish(table.id, result.notices, first_turn=True,
                               followup=interaction.followup if here else None)
        return
    if lobby_message and table.settings.place is None:  # (in a DM between people it is redrawn when clicked)
        await desk.announcer.edit_message(lobby_channel, lobby_message, **started)
    if note is not None:  # the board is in the thread; the command says where
        await send(interaction, ephemeral=False, content=note)
        desk.announcer.publish(table.id, result.notices, first_turn=True)
        return
    # /game start: its answer is the board itself, naming those who owe the first decision
    first = [u for u in read(table).owing if table.seat(u) and table.seat(u).timed]
    await desk.pictures.prepare(table, lang)
    message = await send(interaction, ephemeral=False, **desk.announcer.board_payload(table, lang, [], ping=first))
    if message is not None:
        await svc.set_board_message(table.id, message.id)
    desk.announcer.publish(table.id, result.notices, first_turn=True, board=False)
