"""What each kind of control does when clicked: `Router.click` dispatches a control rebuilt by
its class in `items` to the method of its kind, under the one guard that turns refusals into
replies and reports failures."""
from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any, Protocol

import discord

from bot.i18n import t
from tables.errors import TableError
from tables.read_model import read

from . import controls, items, lobby, permissions, play, turn_list, watch
from .desk import Clocked, Drawing, Guilds, Preferring, Speaking
from .errors import invalid_control, report_failure
from .info_commands import show_log
from .replies import arrived, edit, error_text, is_private_message, send, table_lang, uid, user_lang, within_deadline

log = logging.getLogger(__name__)


class StartDesk(Speaking, Drawing, Protocol):
    """What starting a lobby needs: the service, the server's thread choice and language, the
    announcer (the thread, the board, the news) and the pictures of the first board."""


class RouterDesk(play.PlayDesk, Clocked, Guilds, Protocol):
    """What the clicks need altogether: a move's (the service, preferences, pictures, open hands,
    the announcer), the clock to wake after a lobby's change, and the servers (`/game mine`'s
    pages)."""


class Router:
    def __init__(self, desk: RouterDesk) -> None:
        self.desk = desk

    async def click(self, interaction: discord.Interaction, control: items.Control) -> None:
        """A click on one of the bot's controls, rebuilt by its class from the custom_id: the
        work of its kind, under the one guard."""
        await self.guarded(interaction, control, self._work(interaction, control))

    def _work(self, interaction: discord.Interaction, control: items.Control) -> Awaitable[None]:
        match control:
            case items.LobbyButton():
                return self.lobby_button(interaction, control)
            case items.LobbyOptionSelect():
                return self.lobby_option(interaction, control)
            case items.LobbyMoreSelect():
                return self.lobby_more(interaction, control)
            case items.LobbyValueSelect():
                return self.lobby_value(interaction, control)
            case items.HandButton():
                return self.my_hand(interaction, control)
            case items.OptionButton():
                return self.answer(interaction, control, control.prompt_id, [control.key])
            case items.NoneButton():
                return self.answer(interaction, control, control.prompt_id, [])
            case items.OptionSelect():
                return self.answer(interaction, control, control.prompt_id, control.values)
            case items.PageButton():
                return self.redraw(interaction, control, control.prompt_id, page=control.page, picks=control.picks)
            case items.DraftButton():
                return self.draft(interaction, control)
            case items.DraftSelect():
                return self.draft_add(interaction, control)
            case items.ChainSelect():
                return self.chain(interaction, control)
            case items.UndoButton():
                return self.undo(interaction, control)
            case items.HintButton():
                return self.hint(interaction, control)
            case items.LeaveGuidedButton():
                return self.leave_guided(interaction, control)
            case items.RematchButton():
                return self.rematch(interaction, control)
            case items.LogPageButton():
                return self.log_page(interaction, control)
            case items.MinePageButton():
                return self.mine_page(interaction, control.page)
            case items.FollowButton():
                return self.follow(interaction, control.table)
            case items.UnfollowButton():
                return self.unfollow(interaction, control.table)
            case items.BrowseJoinButton():
                return self.browse_join(interaction, control.table)
        raise TypeError(f"no work for {type(control).__name__}")

    async def guarded(self, interaction: discord.Interaction, control: items.Control | None,
                      work: Awaitable[Any]) -> None:
        """Run a click's work: refusals become an ephemeral reply in the user's language (an
        out-of-date control also gets fresh controls), anything else is reported once."""
        arrived(interaction, "edit")
        try:
            await work
        except items.BadControl as error:  # an id or value no control of the bot carries
            await self.invalid_control(interaction, str(error))
        except TableError as error:
            lang = await user_lang(interaction)
            if error.code == "out_of_date" and control is not None:
                table = await self.desk.service.get(control.table)
                await play.out_of_date(self.desk, interaction, table, lang, drawn_at=control.version)
            else:
                await send(interaction, ephemeral=True, content=error_text(error, lang))
        except Exception as error:  # noqa: BLE001 - the one place a click's failure is reported
            await report_failure(interaction, error, context=f"component {control.custom_id if control else None}")

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
    async def lobby_button(self, interaction: discord.Interaction, control: items.LobbyButton) -> None:
        svc = self.desk.service
        user_id = uid(interaction.user)
        table_id, action = control.table, control.action
        if action == "join":
            table = await svc.join(table_id, user_id, interaction.user.display_name)
        elif action == "leave":
            table = await svc.leave(table_id, user_id)
        elif action == "cpu":
            table = await svc.add_cpu(table_id, user_id)
        elif action == "cancel":
            table = await svc.cancel(table_id, user_id)
        else:
            await start_from(self.desk, interaction, table_id, in_place=True)
            return
        await self._redraw_lobby(interaction, table)
        self.desk.scheduler.poke()

    async def _redraw_lobby(self, interaction: discord.Interaction, table: Any) -> None:
        lang = await table_lang(self.desk, table)
        await edit(interaction, **lobby.edit_payload(table, lang))

    async def lobby_option(self, interaction: discord.Interaction, control: items.LobbyOptionSelect) -> None:
        svc = self.desk.service
        table = await svc.get(control.table)
        name = control.name
        kind, value = lobby.decode_setting(table, name, control.one_value())
        if kind != "option":
            raise items.BadControl(f"{name!r} is not a game option")
        table = await svc.set_option(control.table, uid(interaction.user), name, value)
        await self._redraw_lobby(interaction, table)

    async def lobby_more(self, interaction: discord.Interaction, control: items.LobbyMoreSelect) -> None:
        svc = self.desk.service
        table = await svc.get(control.table)
        lang = await user_lang(interaction)
        if uid(interaction.user) != table.host:
            await send(interaction, ephemeral=True, content=t("lobby.host_only", lang))
            return
        name = control.one_value()
        if name == lobby.REMOVE_CPU:
            cpu = next((s.user_id for s in reversed(table.seats) if s.is_cpu), None)
            if cpu is None:
                raise items.BadControl("no computer seat to remove")
            table = await svc.remove_cpu(control.table, uid(interaction.user), cpu)
            await self._redraw_lobby(interaction, table)
            return
        text, view = lobby.setting_picker(table, name, lang)
        await send(interaction, ephemeral=True, content=text, view=view)

    async def lobby_value(self, interaction: discord.Interaction, control: items.LobbyValueSelect) -> None:
        svc = self.desk.service
        table = await svc.get(control.table)
        lang = await user_lang(interaction)
        name, user_id = control.name, uid(interaction.user)
        kind, value = lobby.decode_setting(table, name, control.one_value())
        if kind == "option":
            table = await svc.set_option(control.table, user_id, name, value)
        elif kind == "cpu":
            table = await svc.add_cpu(control.table, user_id, level=value)
        elif kind == "remove_cpu":
            table = await svc.remove_cpu(control.table, user_id, value)
        else:
            table = await svc.update_table_settings(control.table, user_id, False, **value)
        done = "lobby.value_set" if table.settings.place is None else "lobby.value_set_dm"  # (a DM between people)
        await edit(interaction, content=t(done, lang), view=None)
        await lobby.refresh_message(self.desk, table)
        self.desk.scheduler.poke()

    # ---- playing ----------------------------------------------------------------------------
    async def my_hand(self, interaction: discord.Interaction, control: items.HandButton) -> None:
        table = await self.desk.service.get(control.table)
        if table.settings.place is not None and not is_private_message(interaction) and table.state_json is not None:
            await self._redraw_clicked_board(interaction, table)
        await play.show_hand(self.desk, interaction, table)

    async def _redraw_clicked_board(self, interaction: discord.Interaction, table: Any) -> None:
        """A table in a DM or group DM between people: the bot cannot edit its boards on its own,
        so a click on any of them, however old, answers with the board as it is now (the
        click's own message is redrawn); the hand then follows, ephemeral."""
        lang = await table_lang(self.desk, table)
        seen = await self.desk.service.read(table)  # with its last moves
        await self.desk.pictures.prepare(seen, lang)
        await edit(interaction, **play.for_edit(self.desk.announcer.board_payload(seen, lang)))

    async def answer(self, interaction: discord.Interaction, control: items.Control, prompt_id: str,
                     choice: list[str]) -> None:
        await play.act(self.desk, interaction, control.table, control.version, prompt_id, choice)

    async def chain(self, interaction: discord.Interaction, control: items.ChainSelect) -> None:
        await play.act_chain(self.desk, interaction, control.table, control.version, control.prompt_id,
                             control.picked())

    async def redraw(self, interaction: discord.Interaction, control: items.Control, prompt_id: str,
                     page: int = 0, picks: list[int] | None = None) -> None:
        """Redraw the user's hand with one prompt focused (paging, drafts). The controls are
        drawn for the present; when the clicked ones were drawn for an older state the hand
        says so ("out of date") even if the prompt is still owed."""
        table = await self.desk.service.get(control.table)
        prompt = play.prompt_of(table, uid(interaction.user), prompt_id)
        if table.status != "running" or prompt is None:
            await play.out_of_date(self.desk, interaction, table, await user_lang(interaction), drawn_at=control.version)
            return
        if control.version > table.version:
            await self.invalid_control(interaction, "version from the future")
            return
        note = t("service.error.out_of_date", await user_lang(interaction)) if control.version < table.version else None
        state = controls.ControlState(pages={prompt.id: page}, picks={prompt.id: picks or []}, focus=prompt.id)
        await play.show_hand(self.desk, interaction, table, state=state, note=note)

    async def draft(self, interaction: discord.Interaction, control: items.DraftButton) -> None:
        """Confirm sends the picks as the answer; Clear redraws the prompt without them."""
        if not control.confirm:
            await self.redraw(interaction, control, control.prompt_id)
            return
        table = await self.desk.service.get(control.table)
        prompt = play.prompt_of(table, uid(interaction.user), control.prompt_id)
        if prompt is None:
            await play.out_of_date(self.desk, interaction, table, await user_lang(interaction))
            return
        choice = [prompt.options[i].key for i in control.picks if i < len(prompt.options)]
        await play.act(self.desk, interaction, control.table, control.version, prompt.id, choice)

    async def draft_add(self, interaction: discord.Interaction, control: items.DraftSelect) -> None:
        table = await self.desk.service.get(control.table)
        prompt = play.prompt_of(table, uid(interaction.user), control.prompt_id)
        if prompt is None:
            await play.out_of_date(self.desk, interaction, table, await user_lang(interaction))
            return
        keys = [o.key for o in prompt.options]
        picks = [i for i in control.picks if i < len(keys)]
        picks += [keys.index(v) for v in control.values if v in keys and keys.index(v) not in picks]
        await self.redraw(interaction, control, control.prompt_id, page=control.page, picks=picks[: prompt.max])

    async def undo(self, interaction: discord.Interaction, control: items.UndoButton) -> None:
        await play.take_back(self.desk, interaction, control.table, control.version,
                             in_place=is_private_message(interaction), button=True)

    async def hint(self, interaction: discord.Interaction, control: items.HintButton) -> None:
        await play.hint(self.desk, interaction, control.table, control.version)

    async def leave_guided(self, interaction: discord.Interaction, control: items.LeaveGuidedButton) -> None:
        await play.leave_guided(self.desk, interaction, control.table)

    # ---- after the game, and reading --------------------------------------------------------
    async def rematch(self, interaction: discord.Interaction, control: items.RematchButton) -> None:
        """A new lobby in the same place, same seats and options; the result keeps its button
        until the new lobby exists (then the lobby is where to go)."""
        svc = self.desk.service
        table = await svc.rematch(control.table, uid(interaction.user))
        lang = await table_lang(self.desk, table)
        text = t("table.rematch_opened", lang, who=interaction.user.mention)
        message = await send(interaction, ephemeral=False, **lobby.payload(table, lang, note=text))
        if message is not None:
            await svc.set_board_message(table.id, message.id)
        self.desk.scheduler.poke()

    async def log_page(self, interaction: discord.Interaction, control: items.LogPageButton) -> None:
        await show_log(self.desk, interaction, control.table, before_seq=control.before, in_place=True)

    async def mine_page(self, interaction: discord.Interaction, page: int) -> None:
        await turn_list.mine(self.desk, interaction, page=page, in_place=True)


async def plays_in_thread(desk: Preferring, table: Any) -> bool:
    """The host's lobby choice, else the server's setting (never outside a server)."""
    if table.guild_id is None:
        return False
    if table.settings.thread is not None:
        return table.settings.thread
    return (await desk.prefs.guild(table.guild_id)).table_threads


async def start_from(desk: StartDesk, interaction: discord.Interaction, table_id: int, *, in_place: bool) -> None:
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


async def _start(desk: StartDesk, interaction: discord.Interaction, table_id: int, *, in_place: bool) -> None:
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
    first = [u for u in read(table).owing if (seat := table.seat(u)) is not None and seat.timed]
    await desk.pictures.prepare(table, lang)
    message = await send(interaction, ephemeral=False, **desk.announcer.board_payload(table, lang, [], ping=first))
    if message is not None:
        await svc.set_board_message(table.id, message.id)
    desk.announcer.publish(table.id, result.notices, first_turn=True, board=False)
