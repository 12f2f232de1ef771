"""Everything the bot tells a channel or a player after the interaction was answered: the
live board (which carries the turn ping), refreshed hands, hand DMs (with the closed-DM
fallback), results and the turn clock's notices.

`Announcer` is what the rest of the bot talks to (`desk.Announcing`, the client's start and
close); it puts together the parts, each with one job and its own state:

- `board.Board`: the channel's board message — drawn, edited or posted again, paced to one
  edit a `Settings.board_edit_every_s`, left waiting while play goes on at the table;
- `hands.Hands`: open hands redrawn, hands and results by DM, DM hands retired, followers' DMs;
- `tell.Teller`: the service's notices taken, told once through the other two and marked
  delivered (delivery.py), the game's result posted once;
- `posts.Posts`: posting, editing and deleting in a channel; `table_work.TableWork`: the
  background tasks, one table at a time.

What to do (whose hand goes by DM, whom the board pings, whether the board waits, what
happens to a result) is decided by the plain functions of announce_rules.py.

Computer seats move after the person's click is answered, as the table service's own steps:
it tells the announcer when one starts thinking (the board says "🤖 Bob is thinking…") and
of each move it makes (the board shows it as it happens).

A table in a DM or group DM between people (`TableSettings.place`: the bot is installed to a
user's account there) is one the bot cannot post in on its own. Its board rides on the players'
clicks: a move made there posts the new board as that click's follow-up, any click on an old
board redraws it (router), and nothing else is ever posted, edited or deleted in that channel.
The turn ping, reminders and the result go by DM where Discord allows it; a player whose DMs
are closed finds the table in `/game mine` and is named on the next board.
"""
from __future__ import annotations

import asyncio
from typing import Any, Protocol

import discord

from . import places
from .board import BOARD_PAUSE_S, SCROLLED_AWAY_AFTER, Board, BoardDesk
from .delivery import Delivery
from .hands import Hands, HandsDesk
from .posts import Posts, PostsDesk
from .table_work import TableWork
from .tell import SEEN_NOTICES, Teller, TellingDesk

__all__ = ["BOARD_PAUSE_S", "SCROLLED_AWAY_AFTER", "SEEN_NOTICES", "Announcer", "AnnouncerDesk"]


class AnnouncerDesk(BoardDesk, HandsDesk, TellingDesk, PostsDesk, Protocol):
    """Everything the announcer's parts use of the bot, together."""


class Announcer:
    def __init__(self, desk: AnnouncerDesk) -> None:
        self.work = TableWork()
        self.posts = Posts(desk)
        self.board = Board(desk, self.posts, self.work)
        self.hands = Hands(desk, self.posts)
        self.teller = Teller(desk, self.board, self.hands)

    @property
    def delivery(self) -> Delivery:
        return self.teller.delivery

    # ---- the service's and the client's calls -------------------------------------------
    def automatic(self, result: Any) -> None:
        self.teller.automatic(result)

    def thinking(self, table_id: int, player: str | None) -> None:
        self.teller.thinking(table_id, player)

    def hold(self, table_id: int) -> None:
        self.teller.hold(table_id)

    def unhold(self, table_id: int) -> None:
        self.teller.unhold(table_id)

    def publish(self, table_id: int, notices: list[Any], *, actor: str | None = None,
                first_turn: bool = False, board: bool = True,
                followup: discord.Webhook | None = None, undone: bool = False,
                automatic: bool = False) -> asyncio.Task:
        """After a change: the board, hands and DMs brought up to date and the notices told
        (`tell.Teller.publish`)."""
        return self.teller.publish(table_id, notices, actor=actor, first_turn=first_turn, board=board,
                                   followup=followup, undone=undone, automatic=automatic)

    async def deliver_pending(self) -> None:
        await self.teller.deliver_pending()

    def seen_message(self, channel_id: int, message_id: int) -> None:
        self.board.seen_message(channel_id, message_id)

    def stop(self) -> None:
        """Closing: nothing waits to be drawn later (the next move or `/game board` draws it)."""
        self.board.stop()
        self.teller.stop()

    async def drain(self) -> None:
        await self.work.drain()

    # ---- what commands and clicks ask (desk.Announcing) ---------------------------------
    def where(self, table: Any, lang: str, *, lobby: bool = False) -> str:
        return places.where(table, lang, lobby=lobby)

    def board_channel(self, table: Any) -> int:
        return places.board_channel(table)

    async def open_thread(self, table: Any, lobby_message: int, lang: str) -> int | None:
        return await self.board.open_thread(table, lobby_message, lang)

    def board_payload(self, table: Any, lang: str, recent: list[Any] | None = None, *, ping: list[str] | None = None,
                      notes: list[str] | None = None, deadline: float | None = None) -> dict[str, Any]:
        return self.board.payload(table, lang, recent, ping=ping, notes=notes, deadline=deadline)

    async def update_board(self, table: Any, lang: str | None = None, *, fresh: bool = False,
                           silent: bool = False) -> None:
        await self.board.update(table, lang, fresh=fresh, silent=silent)

    async def send(self, channel_id: int, *, mentions: list[str] | None = None,
                   followup: discord.Webhook | None = None, silent: bool = False, fallback: bool = True,
                   **kwargs: Any) -> discord.Message | None:
        return await self.posts.send(channel_id, mentions=mentions, followup=followup, silent=silent,
                                     fallback=fallback, **kwargs)

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        await self.posts.delete_message(channel_id, message_id)

    async def edit_message(self, channel_id: int, message_id: int, **kwargs: Any) -> bool:
        return await self.posts.edit_message(channel_id, message_id, **kwargs)
