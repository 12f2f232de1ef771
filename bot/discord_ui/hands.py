"""Hands and DMs after a change: a player's open ephemeral hand redrawn with their new
controls, the hand sent (or edited) by DM, a DM hand retired once it would go stale, the result
by DM at a table played by clicks, and the followers' DMs.

A closed DM (50007) is remembered in the player's preferences and never retried until they
turn notifications on again."""
from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from bot.i18n import t
from games import registry
from tables.read_model import read

from . import watch
from .desk import Drawing, OpenHands, Served, Users
from .layouts import GREY, StaticLayout, result_layout
from .live_hands import LiveHands, signature
from .pictures_cache import as_file, board_filename
from .places import by_clicks, where
from .play import for_edit, hand_payload
from .posts import Posts
from .presenters import game_name
from .replies import table_lang

log = logging.getLogger(__name__)
DM_CLOSED = 50007


class HandsDesk(Served, Users, Drawing, OpenHands, Protocol):
    """What hands and DMs need of the bot: the service, the users, the pictures and the
    register of open hands."""


class Hands:
    def __init__(self, desk: HandsDesk, posts: Posts) -> None:
        self.desk = desk
        self.posts = posts

    @property
    def open(self) -> LiveHands:
        return self.desk.hands

    async def _lang(self, table: Any, user_id: str, prefs: Any) -> str:
        """The reader's language: their own, else their Discord's as last seen, else the table's."""
        return prefs.lang or self.desk.prefs.seen_lang(user_id) or await table_lang(self.desk, table)

    async def refresh(self, table: Any, user_id: str, *, always: bool = False) -> bool:
        """Redraw a player's open ephemeral hand with what they owe now. True if it is open
        and shows their present decisions (redrawn, or already drawn for them)."""
        if self.open.editable(table.id, user_id) is None:
            return False
        seen = read(table)
        drawn = signature(seen.owed(user_id))
        if not always and not self.open.needs_redraw(table.id, user_id, drawn):
            return True
        prefs = await self.desk.prefs.user(user_id)
        lang = await self._lang(table, user_id, prefs)
        seen = await self.desk.service.read(table)  # with the last moves
        payload = await hand_payload(self.desk.pictures, seen, user_id, lang, self.desk.service,
                                     text=prefs.text_board, recent=seen.recent)
        return await self.open.refresh(table.id, user_id, for_edit(payload), drawn)

    async def dm(self, table: Any, user_id: str, *, first_turn: bool, silent: bool = False,
                 fresh: bool = False, lead: str | None = None) -> str:
        """DM the hand and controls to a user who wants it (everyone on the first turn): the
        table's DM hand is edited when there is one, else sent (`fresh`: always sent, e.g. the
        last reminder before a deadline, which should notify).
        Returns "sent", "unwanted", "closed" (DMs refused, now or before: 50007) or "failed"."""
        prefs = await self.desk.prefs.user(user_id)
        welcome = first_turn and not table.settings.learn  # a guided game's hand is already in front of them
        if not (prefs.notify_dm or welcome or by_clicks(table)) or not user_id.isdigit():
            return "unwanted"
        if prefs.dm_closed:
            return "closed"  # remembered: never retried until `/game notify on`
        lang = await self._lang(table, user_id, prefs)
        svc = self.desk.service
        seen = await svc.read(table)  # the last moves and the undo offer with it
        payload = await hand_payload(self.desk.pictures, seen, user_id, lang, svc,
                                     text=prefs.text_board,
                                     note="\n".join(x for x in (lead, t("dm.where", lang, channel=where(table, lang))) if x),
                                     undo=seen.undo_offered(user_id),
                                     recent=seen.recent)
        known = self.open.dm_message(table.id, user_id)
        drawn = signature(payload.get("drawn", []))
        if known is not None and not fresh:
            if await self.posts.edit_message(known[0], known[1], **for_edit(payload)):
                self.open.dm_sent(table.id, user_id, known[0], known[1], drawn)
                return "sent"
        try:
            user = self.desk.get_user(int(user_id)) or await self.desk.fetch_user(int(user_id))
            message = await user.send(silent=silent, **{k: v for k, v in payload.items() if k != "drawn"})
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await self.desk.prefs.update_user(user_id, dm_closed=True)
                return "closed"
            log.warning("DM to %s refused: %s", user_id, error)
            return "failed"
        except discord.HTTPException as error:
            log.warning("DM to %s failed: %s", user_id, error)
            return "failed"
        if known is not None:
            await self.posts.delete_message(known[0], known[1])
        self.open.dm_sent(table.id, user_id, message.channel.id, message.id, drawn)
        return "sent"

    async def retire_stale(self, table: Any, players: set[str], kept_current: list[str]) -> None:
        """A DM hand that is not kept current (not among `kept_current`) loses its controls once
        they answer nothing its player owes."""
        seen = read(table)
        for user_id in players - set(kept_current):
            drawn = self.open.dm_drawn(table.id, user_id)
            if self.open.dm_message(table.id, user_id) is not None and drawn is not None and \
                    drawn != signature(seen.owed(user_id)):
                await self.retire_dm(table, user_id, "dm.moved_on")

    async def retire_dm(self, table: Any, user_id: str, key: str) -> None:
        """Take the controls off a DM hand that would go stale (its player does not get a DM
        each turn) or whose game ended, with a line saying where to play now: the bot may edit
        its DMs, but a live-looking button from move 0 only misleads."""
        known = self.open.dm_message(table.id, user_id)
        if known is None or (key == "dm.moved_on" and self.open.dm_drawn(table.id, user_id) is None):
            return
        self.open.dm_retired(table.id, user_id)
        prefs = await self.desk.prefs.user(user_id)
        lang = await self._lang(table, user_id, prefs)
        game = registry.get(table.game)
        channel = where(table, lang, lobby=key == "dm.ended")
        view = StaticLayout(discord.ui.Container(
            discord.ui.TextDisplay(f"### {t('hand.title', lang, game=game_name(game, lang), id=table.id)}"),
            discord.ui.TextDisplay(t(key, lang, channel=channel, version=table.version)), accent_colour=GREY))
        await self.posts.edit_message(known[0], known[1], view=view, attachments=[], embed=None, content=None)

    async def game_over(self, table: Any, ended_by: str, *, actor: str | None, results_by_dm: bool) -> None:
        """Open hands lose their controls (the `actor`'s already did: their click was answered
        with the final hand), DM hands say the game ended, and with `results_by_dm` each player
        gets the result by DM (a table played by clicks whose end no click there showed)."""
        for seat in table.seats:
            if not seat.is_human:
                continue
            if seat.user_id != actor:
                await self.refresh(table, seat.user_id, always=True)
            await self.retire_dm(table, seat.user_id, "dm.ended")
            if results_by_dm:
                await self.dm_result(table, seat.user_id, ended_by)
        self.open.forget_table(table.id)

    async def dm_result(self, table: Any, user_id: str, ended_by: str) -> None:
        """The final board and scores by DM (a table played by clicks whose end no click there
        showed); closed DMs are remembered and skipped."""
        prefs = await self.desk.prefs.user(user_id)
        if prefs.dm_closed or not user_id.isdigit():
            return
        lang = await self._lang(table, user_id, prefs)
        seen = read(table)
        outcome = seen.outcome if ended_by == "rules" else None
        name = board_filename(table)
        payload: dict[str, Any] = {}
        if seen.has_state:
            await self.desk.pictures.prepare(seen, lang)
            payload["file"] = as_file(self.desk.pictures.board_png(seen, lang), name)
        payload["view"] = result_layout(seen, outcome, lang, ended_by, name if seen.has_state else None,
                                        False, notes=[t("dm.where", lang, channel=where(table, lang))])
        try:
            user = self.desk.get_user(int(user_id)) or await self.desk.fetch_user(int(user_id))
            await user.send(**payload)
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await self.desk.prefs.update_user(user_id, dm_closed=True)
            else:
                log.warning("result DM to %s refused: %s", user_id, error)
        except discord.HTTPException as error:
            log.warning("result DM to %s failed: %s", user_id, error)

    async def tell_followers(self, table: Any) -> None:
        """Followers' DMs (a round or the game ended); a failure never stops the board."""
        try:
            await watch.tell_followers(self.desk, table)
        except Exception:  # noqa: BLE001 - DMs to watchers are best effort
            log.exception("telling the followers of table %s failed", table.id)
