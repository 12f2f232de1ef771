"""The table's board: the one live public message with controls that a channel keeps per table.

When new players owe a decision and are not already looking at their hand, the board is posted
again at the bottom, naming them (that is the ping), and the previous board is deleted;
otherwise it is edited in place. A board is drawn at most once every
`Settings.board_edit_every_s` (the telling's pacing asks `too_soon`). While everyone who plays
next is at the table, the board waits (`waits`) and is redrawn once play pauses. At a table
played by clicks (a DM or group DM between people) it is posted only as a click's follow-up.
This class keeps what it needs to know about the boards it drew; the decisions are
announce_rules.py's."""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.i18n import t
from games import registry
from tables.read_model import TableRead, read

from . import announce_rules, watch
from .desk import Channels, Drawing, Preferring, Served
from .layouts import board_layout, result_layout
from .lobby import edit_payload as lobby_edit_payload
from .pictures_cache import as_file, board_filename
from .places import board_channel, by_clicks, lobby_channel
from .play import for_edit
from .posts import Posts
from .presenters import game_name, names_of
from .replies import table_lang
from .table_work import TableWork

if TYPE_CHECKING:
    from bot.settings import Settings

log = logging.getLogger(__name__)
# Messages after the board before it counts as scrolled away and moves down on the next turn.
SCROLLED_AWAY_AFTER = 4
# While everyone who plays next is at the table (their open hand, which shows the board picture
# and the last moves, was just redrawn), the channel's board waits: it is redrawn once play
# pauses this long, or at the next move once it is older than announce_rules.BOARD_STALE_S.
BOARD_PAUSE_S = 30.0


class BoardDesk(Served, Preferring, Drawing, Channels, Protocol):
    """What drawing boards needs of the bot: the service, its settings and pictures, the
    servers' languages, and the channels (to open a game's thread)."""

    settings: Settings


class Board:
    def __init__(self, desk: BoardDesk, posts: Posts, work: TableWork) -> None:
        self.desk = desk
        self.posts = posts
        self.work = work
        self._drawn: set[int] = set()                # tables whose board this process drew
        self._board_at: dict[int, float] = {}        # when each table's board was last posted or edited
        self._behind_since: dict[int, float] = {}    # when a waiting board first missed a move
        self._catch_up: dict[int, asyncio.Task] = {}  # a waiting board's redraw once play pauses
        self._after_board: dict[int, int] = {}       # messages seen in a channel after its board
        self._sticky: dict[int, list[str]] = {}      # news on the board, kept while computers move on

    @staticmethod
    def now() -> float:
        return asyncio.get_running_loop().time()

    def stop(self) -> None:
        """Closing: boards waiting for their player to pause are not redrawn (the next move or
        `/game board` draws them)."""
        for task in self._catch_up.values():
            task.cancel()
        self._catch_up.clear()

    # ---- pacing and waiting -------------------------------------------------------------
    def too_soon(self, table_id: int) -> bool:
        """The board was drawn less than `board_edit_every_s` ago: an update waits its turn."""
        every = self.desk.settings.board_edit_every_s
        return every > 0 and self.now() - self._board_at.get(table_id, -every) < every

    def turn_in(self, table_id: int) -> float:
        """Seconds until the board may be drawn again."""
        every = self.desk.settings.board_edit_every_s
        return max(0.0, self._board_at.get(table_id, -every) + every - self.now())

    def reserve(self, table_id: int) -> None:
        """An update that may draw the board is on its way: one that comes within
        `board_edit_every_s` waits its turn."""
        self._board_at[table_id] = self.now()

    def drawn(self, table_id: int) -> None:
        """The board was posted or edited (or, for a finished game, nothing waits to redraw it)."""
        self._board_at[table_id] = self.now()
        self._drawn.add(table_id)
        self._behind_since.pop(table_id, None)
        if (waiting := self._catch_up.pop(table_id, None)) is not None:
            waiting.cancel()

    def seen_message(self, channel_id: int, message_id: int) -> None:
        """Someone (or the bot) posted in a channel: a board there drifts up. The board's own
        post resets the count when it is stored (`show`)."""
        self._after_board[channel_id] = self._after_board.get(channel_id, 0) + 1

    def too_old(self, table: Any, now: float) -> bool:
        """The board was posted longer ago than it may stay (it comes back as a new message)."""
        posted = getattr(table, "board_posted_at", None)
        return posted is not None and now - posted > self.desk.settings.board_refresh_after_s

    def waits(self, table_id: int, actor: str | None, ping: list[str], *, undone: bool, now: float) -> bool:
        """Whether a move leaves the channel's board as it is for now (latest wins): a player's
        move, after which nobody needs a ping — a step within their turn, the first of several
        simultaneous answers, or a turn passing to players at the table, whose open hands were
        just redrawn with the board picture and the last moves. The board is redrawn once play
        pauses (BOARD_PAUSE_S), or now when it has been behind for BOARD_STALE_S. A move taken
        back is shown at once, and so is a board this process has not drawn yet."""
        behind_for = now - self._behind_since.get(table_id, now)
        if not announce_rules.board_waits(actor, ping, undone=undone, drawn_here=table_id in self._drawn,
                                          behind_for=behind_for):
            return False
        self._behind_since.setdefault(table_id, now)
        self._redraw_after_pause(table_id)
        return True

    def _redraw_after_pause(self, table_id: int) -> None:
        """A move left the board as it was: redraw it once play pauses (latest wins)."""
        if (old := self._catch_up.pop(table_id, None)) is not None:
            old.cancel()

        async def later() -> None:
            await asyncio.sleep(BOARD_PAUSE_S)
            self._catch_up.pop(table_id, None)
            self.work.spawn(table_id, self._redraw_if_running(table_id))
        self._catch_up[table_id] = asyncio.create_task(later(), name=f"board-after-pause-{table_id}")

    async def _redraw_if_running(self, table_id: int) -> None:
        table = await self.desk.service.get(table_id)
        if table.status == "running" and table.board_message_id:
            await self.show(table)

    def with_kept_news(self, table_id: int, news: list[str], *, automatic: bool) -> list[str]:
        """The news to show: a computer's move keeps the board's news (an expiry, a hand-over)
        on it, a person's move draws it away."""
        kept = self._sticky.pop(table_id, [])
        return [*kept, *news] if automatic else news

    def keep_news(self, table_id: int, news: list[str]) -> None:
        self._sticky[table_id] = news

    # ---- drawing ------------------------------------------------------------------------
    def payload(self, table: Any, lang: str, recent: list[Any] | None = None, *, ping: list[str] | None = None,
                notes: list[str] | None = None, deadline: float | None = None) -> dict[str, Any]:
        """The board message of `table` (a table, or the read the service built: its last moves
        are then the board's `recent` ones, and those it pings are given their deadline)."""
        seen = table if isinstance(table, TableRead) else read(table)
        table = seen.table
        recent = seen.recent if recent is None else recent
        deadline = deadline if deadline is not None or not ping else seen.deadline(ping)
        name = board_filename(table)
        png = self.desk.pictures.board_png(seen, lang)
        extra = list(notes or [])   # the phase is in the status line once (layouts.status_lines)
        thinking = self.desk.service.thinking(table.id) if table.status == "running" else None
        if thinking is not None:
            extra.append(t("turn.thinking", lang, name=names_of(table, lang).get(thinking, thinking)))
        if deadline and ping:
            extra.append(t("clock.deadline", lang, when=f"<t:{int(deadline)}:R>"))
        footnote = t("board.by_clicks", lang) if by_clicks(table) and table.status == "running" else None
        view = board_layout(seen, lang, recent, name, ping=ping, notes=extra, footnote=footnote)
        return {"view": view, "file": as_file(png, name)}

    async def show(self, table: Any, lang: str | None = None, *, ping: list[str] | None = None,
                   notes: list[str] | None = None, deadline: float | None = None, fresh: bool = False,
                   followup: discord.Webhook | None = None, silent: bool = False) -> None:
        """Bring the board up to date. It is posted again (and the old one deleted) when it
        names players to ping, has scrolled away, is older than Discord lets a bot edit, or
        was never posted; otherwise edited in place."""
        svc = self.desk.service
        lang = lang or await table_lang(self.desk, table)
        if table.state_json is None:
            return
        channel_id = board_channel(table)
        seen = await svc.read(table)  # its last moves: the channel's view, public events only
        await self.desk.pictures.prepare(seen, lang)
        notes = [*(notes or []), *await watch.away_notes(self.desk, table, lang)]  # "away until …"
        payload = self.payload(seen, lang, ping=ping, notes=notes, deadline=deadline)
        now = discord.utils.utcnow().timestamp()
        too_old = self.too_old(table, now)
        scrolled = self._after_board.get(channel_id, 0) >= SCROLLED_AWAY_AFTER
        if by_clicks(table):  # only as a click's follow-up; an older board stays (its buttons redraw it)
            if followup is None:
                return
            message = await self.posts.send(channel_id, silent=silent, mentions=ping, followup=followup,
                                            fallback=False, **payload)
            if message is not None:
                self.drawn(table.id)
                await svc.set_board_message(table.id, message.id)
            return
        if table.board_message_id and not (fresh or too_old or scrolled or ping):
            if await self.posts.edit_message(channel_id, table.board_message_id, **for_edit(payload)):
                self.drawn(table.id)
                return
        message = await self.posts.send(channel_id, silent=silent, mentions=ping, followup=followup, **payload)
        if message is not None:
            self._after_board[channel_id] = 0
            self.drawn(table.id)
            old = table.board_message_id
            await svc.set_board_message(table.id, message.id)
            if old and old != message.id:
                await self.posts.delete_message(channel_id, old)

    async def update(self, table: Any, lang: str | None = None, *, fresh: bool = False,
                     silent: bool = False) -> None:
        """The board as it is now (an admin's skip or kick, a rematch of the clock)."""
        await self.show(table, lang, fresh=fresh, silent=silent)

    # ---- the lobby and the end ----------------------------------------------------------
    async def open_thread(self, table: Any, lobby_message: int, lang: str) -> int | None:
        """A public thread on the lobby message for the game; None (play in the channel) when
        Discord refuses (permissions, the server's thread cap)."""
        game = registry.get(table.game)
        name = t("table.thread_name", lang, game=game_name(game, lang), id=table.id)
        try:
            channel = self.desk.get_channel(table.channel_id) or await self.desk.fetch_channel(table.channel_id)
            message = channel.get_partial_message(lobby_message)
            thread = await message.create_thread(name=name[:100], auto_archive_duration=10080)
        except discord.HTTPException as error:
            log.warning("could not open a thread for table %s: %s", table.id, error)
            return None
        return thread.id

    async def close_lobby(self, table: Any, lang: str, *, silent: bool = False) -> None:
        if by_clicks(table):  # the lobby's buttons say it closed when clicked
            return
        if table.board_message_id:
            await self.posts.edit_message(table.channel_id, table.board_message_id, **lobby_edit_payload(table, lang))
        await self.posts.send(table.channel_id, content=t("service.notice.lobby_closed", lang) + f" (#{table.id})",
                              silent=silent)

    async def result_payload(self, table: Any, lang: str, ended_by: str, news: list[str]) -> dict[str, Any]:
        """The result: final picture, scores, Rematch (when people played a game to its end)."""
        seen = read(table)
        outcome = seen.outcome if ended_by == "rules" else None
        name = png = None
        if seen.has_state:
            await self.desk.pictures.prepare(seen, lang)
            name, png = board_filename(table), self.desk.pictures.board_png(seen, lang)
        rematch = ended_by in ("rules", "resign") and any(s.is_human for s in table.seats)
        view = result_layout(seen, outcome, lang, ended_by, name, rematch, notes=news)
        payload: dict[str, Any] = {"view": view}
        if png is not None and name is not None:
            payload["file"] = as_file(png, name)
        return payload

    async def post_result(self, table: Any, lang: str, payload: dict[str, Any], *, silent: bool = False) -> None:
        """The result goes to the lobby's channel and the live board goes away (a thread keeps
        its final board, without controls)."""
        await self.posts.send(lobby_channel(table), silent=silent, **payload)
        if table.board_message_id:
            if table.settings.parent_channel_id:  # the thread keeps its final board, without controls
                await self.posts.edit_message(table.channel_id, table.board_message_id,
                                              **for_edit(self.payload(await self.desk.service.read(table), lang)))
            else:
                await self.posts.delete_message(table.channel_id, table.board_message_id)
                await self.desk.service.set_board_message(table.id, None)
