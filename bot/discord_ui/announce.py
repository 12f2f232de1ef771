"""Everything the bot tells a channel or a player after the interaction was answered:
the live board (which carries the turn ping), refreshed hands, hand DMs (with the closed-DM
fallback), results and the turn clock's notices.

A table keeps one live public message with controls: its board. When new players owe a
decision and are not already looking at their hand, the board is posted again at the bottom,
naming them (that is the ping), and the previous board is deleted; otherwise it is edited in
place. Players whose ephemeral hand is still open get it redrawn with their new controls.
Work runs in background tasks, one table at a time (a per-table lock), and always draws the
newest state; a board update is skipped when a newer one for the same table is already
queued (latest wins), so two quick moves cost one edit. A board is edited at most once every
`Settings.board_edit_every_s` (1 s): an update that comes sooner waits, and the updates queued meanwhile
are drawn as one, so a table of three computer seats stays within Discord's rate limits.

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
import logging
from collections import OrderedDict
from typing import Any

import discord

from bot.i18n import t
from games import registry
from persistence import Unavailable
from tables import clock
from tables.locks import TableLocks
from tables.read_model import TableRead, read

from . import announce_rules, delivery, watch
from .channel_watch import MISSING_ACCESS, UNKNOWN_CHANNEL, UNKNOWN_MEMBER, access_lost, channel_deleted
from .desk import Desk
from .layouts import GREY, StaticLayout, board_layout, result_layout
from .live_hands import LiveHands, signature
from .lobby import edit_payload as lobby_edit_payload
from .pictures_cache import PictureCache, as_file, board_filename
from .play import for_edit, hand_payload
from .presenters import game_name, mention, names_of
from .replies import table_lang

log = logging.getLogger(__name__)
DM_CLOSED = 50007
# Messages after the board before it counts as scrolled away and moves down on the next turn.
SCROLLED_AWAY_AFTER = 4
# While everyone who plays next is at the table (their open hand, which shows the board picture
# and the last moves, was just redrawn), the channel's board waits: it is redrawn once play
# pauses this long, or at the next move once it is older than announce_rules.BOARD_STALE_S.
BOARD_PAUSE_S = 30.0
SEEN_NOTICES = 10_000


def by_clicks(table: Any) -> bool:
    """Whether the table lives where the bot cannot post on its own (a DM or group DM between
    people): its channel sees only answers to clicks."""
    return table.settings.place is not None


def where_link(table: Any) -> str:
    """Where a table is, as a link a player can follow from anywhere (a DM or group DM has no
    `<#channel>` mention that works outside it)."""
    place = f"https://discord.com/channels/{table.guild_id if table.guild_id is not None else '@me'}/{table.channel_id}"
    return f"{place}/{table.board_message_id}" if table.board_message_id else place


class Announcer:
    def __init__(self, bot: Desk, pictures: PictureCache, hands: LiveHands) -> None:
        self.bot = bot
        self.pictures = pictures
        self.hands = hands
        self._locks = TableLocks()  # one announcement at a time per table; freed when idle
        self._tasks: set[asyncio.Task] = set()
        self._queued: dict[int, int] = {}            # publishes waiting per table (latest wins)
        self._carried: dict[int, dict[str, Any]] = {}  # pings and news of a skipped board update
        self._after_board: dict[int, int] = {}       # messages seen in a channel after its board
        self._seen: OrderedDict[str, None] = OrderedDict()  # notice ids announced (or on their way)
        self._results: OrderedDict[int, None] = OrderedDict()  # tables whose result this process posted
        self._drawn: set[int] = set()                # tables whose board this process drew
        self._behind_since: dict[int, float] = {}    # when a waiting board first missed a move
        self._catch_up: dict[int, asyncio.Task] = {}  # a waiting board's redraw once play pauses
        self.delivery = delivery.Delivery(bot)        # claims, retries and gives up on notices
        self._board_at: dict[int, float] = {}        # when each table's board was last posted or edited
        self._held: dict[int, list[Any]] = {}         # tables being started: their automatic moves' notices
        self._paced: dict[int, dict[str, Any]] = {}   # an update waiting for the board's next turn, per table
        self._sticky: dict[int, list[str]] = {}       # news on the board, kept while computers move on

    # ---- scheduling ---------------------------------------------------------------------
    def spawn(self, table_id: int, coro: Any) -> asyncio.Task:
        async def run() -> None:
            async with self._locks(table_id):
                try:
                    await coro
                except Unavailable:  # the store logged the outage; the outbox keeps the notices
                    log.info("announcing for table %s waits for the database", table_id)
                except Exception:
                    log.exception("announcing for table %s failed", table_id)
        task = asyncio.create_task(run(), name=f"announce-{table_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def stop(self) -> None:
        """Closing: boards waiting for their player to pause are not redrawn (the next move or
        `/game board` draws them)."""
        for task in self._catch_up.values():
            task.cancel()
        self._catch_up.clear()
        self.delivery.stop()
        for waiting in self._paced.values():
            waiting["task"].cancel()
        self._paced.clear()

    def _redraw_after_pause(self, table_id: int) -> None:
        """A move left the board as it was: redraw it once play pauses (latest wins)."""
        if (old := self._catch_up.pop(table_id, None)) is not None:
            old.cancel()

        async def later() -> None:
            await asyncio.sleep(BOARD_PAUSE_S)
            self._catch_up.pop(table_id, None)
            self.spawn(table_id, self._redraw_if_running(table_id))
        self._catch_up[table_id] = asyncio.create_task(later(), name=f"board-after-pause-{table_id}")

    async def _redraw_if_running(self, table_id: int) -> None:
        table = await self.bot.service.get(table_id)
        if table.status == "running" and table.board_message_id:
            await self.show_board(table)

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    def _board_drawn(self, table_id: int) -> None:
        self._board_at[table_id] = self._now()
        self._drawn.add(table_id)
        self._behind_since.pop(table_id, None)
        if (waiting := self._catch_up.pop(table_id, None)) is not None:
            waiting.cancel()

    def seen_message(self, channel_id: int, message_id: int) -> None:
        """Someone (or the bot) posted in a channel: a board there drifts up. The board's own
        post resets the count when it is stored (`show_board`)."""
        self._after_board[channel_id] = self._after_board.get(channel_id, 0) + 1

    # ---- entry points -------------------------------------------------------------------
    def automatic(self, result: Any) -> None:
        """The table service made a move on its own (a computer seat, a seat handed over, a
        forced move): the board shows it, and whoever it concerns is told, as for any move.
        While the table is being started (`hold`) its notices wait for the first board."""
        if result.table.id in self._held:
            self._held[result.table.id].extend(result.notices)
            return
        self.publish(result.table.id, result.notices, automatic=True)

    def thinking(self, table_id: int, player: str | None) -> None:
        """A computer seat started thinking: the board says so (its move redraws it anyway)."""
        if player is not None and table_id not in self._held:
            self.publish(table_id, [], automatic=True)

    def hold(self, table_id: int) -> None:
        """A lobby is becoming a game: the lobby message turns into a record and the first board
        is posted by the start itself, so the computers' first moves wait for it (`unhold`)."""
        self._held[table_id] = []

    def unhold(self, table_id: int) -> None:
        """The start is answered: what the computers did meanwhile is announced (a start that
        published its first board took them along already)."""
        notices = self._held.pop(table_id, None)
        if notices:
            self.publish(table_id, notices)

    def publish(self, table_id: int, notices: list[Any], *, actor: str | None = None,
                first_turn: bool = False, board: bool = True,
                followup: discord.Webhook | None = None, undone: bool = False,
                automatic: bool = False) -> asyncio.Task:
        """After a change (a move, a start, the turn clock): refresh open hands, update or
        repost the board (naming new players), and tell people what the notices say. `actor`
        just saw their own update. With `followup` (the acting interaction's webhook) a
        reposted board is its follow-up, which costs no rate limit. `undone`: the actor took a
        move back, which the board shows at once ("Alice took back …"), even mid-turn.
        Notices come from the service's outbox: once told they are marked delivered; a notice
        already told by this process is dropped (the outbox delivers at least once).
        `automatic`: a computer's move or thought, which keeps the board's news (an expiry, a
        hand-over) on it rather than drawing it away at once."""
        if first_turn and table_id in self._held:  # the first board: the computers' moves so far come along
            held = self._held.pop(table_id)
            notices, board = [*notices, *held], board or bool(held)
        if followup is None and not first_turn and (table_id in self._paced or self._too_soon(table_id)):
            return self._pace(table_id, notices, actor, board, undone, automatic)
        if board:  # this update may draw the board: one that comes within the next second waits its turn
            self._board_at[table_id] = self._now()
        fresh = [n for n in notices if self._first_time(n)]
        self._queued[table_id] = self._queued.get(table_id, 0) + 1
        return self.spawn(table_id, self._deliver(table_id, fresh, actor, first_turn, board, followup, undone,
                                                  automatic))

    def _too_soon(self, table_id: int) -> bool:
        every = self.bot.settings.board_edit_every_s
        return every > 0 and self._now() - self._board_at.get(table_id, -every) < every

    def _pace(self, table_id: int, notices: list[Any], actor: str | None, board: bool, undone: bool,
              automatic: bool) -> asyncio.Task:
        """An update less than `board_edit_every_s` after the board's last one waits for its turn;
        those that come meanwhile join it (their notices together, the latest state drawn once)."""
        waiting = self._paced.get(table_id)
        if waiting is not None:
            waiting["notices"] += notices
            waiting["actor"] = actor if waiting["actor"] == actor else None
            waiting["board"] = waiting["board"] or board
            waiting["undone"] = waiting["undone"] or undone
            waiting["automatic"] = waiting["automatic"] and automatic
            return waiting["task"]
        every = self.bot.settings.board_edit_every_s
        delay = max(0.0, self._board_at.get(table_id, -every) + every - self._now())

        async def later() -> None:
            await asyncio.sleep(delay)
            joined = self._paced.pop(table_id)
            self.publish(table_id, joined["notices"], actor=joined["actor"], board=joined["board"],
                         undone=joined["undone"], automatic=joined["automatic"])
        task = asyncio.create_task(later(), name=f"board-paced-{table_id}")
        self._paced[table_id] = {"notices": list(notices), "actor": actor, "board": board, "undone": undone,
                                 "automatic": automatic, "task": task}
        return task

    def _first_time(self, notice: Any) -> bool:
        notice_id = getattr(notice, "id", "")
        if not notice_id:
            return True
        if notice_id in self._seen:
            return False
        self._seen[notice_id] = None
        while len(self._seen) > SEEN_NOTICES:
            self._seen.popitem(last=False)
        return True

    async def _deliver(self, table_id: int, notices: list[Any], *args: Any, late: bool = False) -> None:
        """Claimed, posted, and marked delivered only when Discord took the post (delivery.py)."""
        await self.delivery.tell(table_id, notices, lambda batch: self._publish(table_id, batch, *args), self.retell,
                                 late=late)

    def retell(self, table_id: int, notices: list[Any]) -> asyncio.Task:
        """Notices the delivery retries or catches up on (claimed by this process)."""
        for notice in notices:
            self._first_time(notice)
        self._queued[table_id] = self._queued.get(table_id, 0) + 1
        return self.spawn(table_id, self._deliver(table_id, notices, None, False, True, None, False, late=True))

    async def deliver_pending(self) -> None:
        """At start: announce what was committed but not told before the last stop (a crash
        between a move and its ping), one table at a time, in order, every page of it; then
        keep catching up (retries due, rows a stopped process held) while the bot runs."""
        await self.delivery.catch_up(self.retell)
        await self.delivery.purge()
        self.delivery.start(self.retell)

    # ---- the work -----------------------------------------------------------------------
    async def _publish(self, table_id: int, notices: list[Any], actor: str | None, first_turn: bool,
                       board: bool, followup: discord.Webhook | None = None, undone: bool = False,
                       automatic: bool = False) -> None:
        self._queued[table_id] -= 1
        newer_queued = self._queued[table_id] > 0
        svc = self.bot.service
        table = await svc.get(table_id)
        await self._tell_followers(table)
        lang = await table_lang(self.bot, table)
        silent = await self.quiet_now(table)
        names = names_of(table, lang)
        carried = self._carried.pop(table_id, {"ping": [], "news": [], "remind": False, "undone": False})
        turn_users: list[str] = list(carried["ping"])
        news: list[str] = list(carried["news"])
        remind = carried["remind"]
        undone = undone or carried["undone"]
        over: str | None = None
        redraw: list[str] = []
        for notice in notices:
            who = ", ".join(mention(u, names) for u in notice.users)
            kind, data = notice.kind, notice.data
            if kind == "turn_started":
                turn_users += [u for u in notice.users if u != actor and u not in turn_users]
            elif kind == "reminder":
                users, line = await self.reminded(table, notice, lang, silent=silent)
                if by_clicks(table):  # reminded by DM already (reminded); nothing else reaches them
                    users = []
                turn_users += [u for u in users if u not in turn_users]
                remind = remind or bool(users)
                if line:
                    news.append(line)
            elif kind == "expired":
                key = "service.notice.expired_skip" if data.get("passed") else "service.notice.expired"
                news.append("⌛ " + t(key, lang, users=who))
            elif kind in ("handed_over", "resigned", "kicked", "left_server"):
                news.append("🤖 " + t(f"service.notice.{kind}", lang, users=who, count=data.get("count", "")))
            elif kind == "lobby_closed":
                await self.close_lobby(table, lang, silent=silent)
            elif kind == "game_over":
                over = data.get("ended_by", "rules")
            elif kind in ("away", "back", "away_day_spent"):  # time away: the board says it (watch.py)
                away_line = watch.notice_line(notice, table, lang)
                if away_line:
                    news.append(away_line)
                else:
                    redraw.append(kind)
        # news (an expiry, a hand-over) stays on the board while computers move on, until a person moves
        kept = self._sticky.pop(table_id, [])
        news = [*kept, *news] if automatic else news
        ending = announce_rules.result_step(over=over is not None, finished=table.status in ("finished", "cancelled"),
                                            newer_queued=newer_queued, has_state=table.state_json is not None,
                                            told=table.id in self._results)
        if ending == "carry":  # the game's end is announced by the update queued after this one
            self._carried[table_id] = {"ping": [], "news": news, "remind": False, "undone": undone}
            return
        if ending is not None:
            if ending == "post":
                await self.finish(table, lang, over or "rules", news, silent=silent, actor=actor, followup=followup)
                self._results[table.id] = None
                while len(self._results) > SEEN_NOTICES:
                    self._results.popitem(last=False)
            self.bot.scheduler.poke()
            return
        playing = {s.user_id for s in table.seats if not s.is_cpu and not s.auto}
        seen = read(table)
        owing = [u for u in seen.owing if u in playing]
        turn_users = [u for u in turn_users if u in owing]
        deadlines = [n.data.get("deadline") for n in notices if n.kind == "turn_started" and n.data.get("deadline")]
        # Everyone whose decisions changed sees their open hand redrawn; a hand whose controls
        # still answer the same decisions is left alone (they still work).
        refreshed = [u for u in owing if u != actor and await self.refresh_hand(table, u)]
        closed = []
        # DM hands: everyone's on the first turn, then those who opted in, whenever their
        # decisions changed (the actor too, when they moved from the channel)
        dm_sent = []
        clicks = by_clicks(table)
        for user_id in announce_rules.dm_hand_to(owing, turn_users, actor, followup=followup is not None,
                                                 by_clicks=clicks):
            sent = await self.dm_hand(table, user_id, first_turn=first_turn or clicks, silent=silent,
                                      fresh=clicks and user_id in turn_users)  # a new DM notifies: the ping
            if sent == "closed":
                closed.append(user_id)
            dm_sent += [user_id] if sent == "sent" else []
        # a DM hand that is not kept current loses its controls once they answer nothing owed
        for user_id in playing - set(dm_sent):
            drawn = self.hands.dm_drawn(table.id, user_id)
            if self.hands.dm_message(table.id, user_id) is not None and drawn is not None and \
                    drawn != signature(seen.owed(user_id)):
                await self.retire_dm(table, user_id, "dm.moved_on")
        now = discord.utils.utcnow().timestamp()
        ping = announce_rules.whom_to_ping(turn_users, refreshed, first_turn=first_turn, remind=remind,
                                           last_seen=lambda u: self.hands.last_seen(table.id, u), now=now)
        if table.state_json is None or table.status != "running":
            return
        if clicks:  # nothing is posted there but a click's follow-up: the board of a move made there
            if followup is not None and (first_turn or news or undone or turn_users):
                named = [u for u in ping if u not in dm_sent]  # those the DM did not reach are named here
                notes = news + [t("turn.dm_closed", lang, who=mention(u, names)) for u in closed]
                await self.show_board(table, lang, ping=named, notes=notes,
                                      deadline=min(deadlines) if deadlines else None, followup=followup, fresh=True)
            self.bot.scheduler.poke()
            return
        if newer_queued and not first_turn:
            # latest wins: the queued update draws the board; it carries these pings and news
            self._carried[table_id] = {"ping": ping, "news": news, "remind": remind, "undone": undone}
            delivery.carried()  # these notices are settled with that update
            return
        if announce_rules.board_now(news=bool(news), redraw=bool(redraw), board=board,
                                    posted=table.board_message_id is not None, too_old=self._too_old(table, now),
                                    waits=lambda: self._board_waits(table_id, actor, ping, undone=undone, now=now)):
            notes = news + [t("turn.dm_closed", lang, who=mention(u, names)) for u in closed]
            if news:
                self._sticky[table_id] = news
            await self.show_board(table, lang, ping=ping, notes=notes, deadline=min(deadlines) if deadlines else None,
                                  followup=followup, silent=silent)
        self.bot.scheduler.poke()

    async def _tell_followers(self, table: Any) -> None:
        """Followers' DMs (a round or the game ended); a failure never stops the board."""
        try:
            await watch.tell_followers(self.bot, table)
        except Exception:  # noqa: BLE001 - DMs to watchers are best effort
            log.exception("telling the followers of table %s failed", table.id)

    def _too_old(self, table: Any, now: float) -> bool:
        """The board was posted longer ago than it may stay (it comes back as a new message)."""
        posted = getattr(table, "board_posted_at", None)
        return posted is not None and now - posted > self.bot.settings.board_refresh_after_s

    def _board_waits(self, table_id: int, actor: str | None, ping: list[str], *, undone: bool, now: float) -> bool:
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

    async def quiet_now(self, table: Any) -> bool:
        """Whether it is the table's quiet hours (its own, else its server's): messages then still arrive
        (a move or a deadline does not wait), but silently — no push notification."""
        if table.guild_id is None:
            return False
        guild = await self.bot.prefs.guild(table.guild_id)
        now = discord.utils.utcnow().timestamp()
        return clock.is_quiet_for(now, table.settings, guild)

    async def reminded(self, table: Any, notice: Any, lang: str, *, silent: bool = False) -> tuple[list[str], str]:
        """Who a reminder is still for (only those who owe a decision now) and its line on the
        board, which then moves down naming them; the last one before the deadline says what
        will happen and also DMs those who opted in."""
        seen = read(table)
        users = [u for u in notice.users if table.user_seated(u) and seen.owed(u)]
        if not users or table.status != "running":
            return [], ""
        gone = await self.left_server(table, users)
        users = [u for u in users if u not in gone]
        if not users:
            return [], ""
        names = names_of(table, lang)
        game = registry.get(table.game)
        who = ", ".join(mention(u, names) for u in users)
        deadline = notice.data.get("deadline")
        if (notice.data.get("final") and deadline) or by_clicks(table):
            for user_id in users:  # at a table played by clicks every reminder is a DM (nothing else reaches them)
                lead = None
                if by_clicks(table):
                    prefs = await self.bot.prefs.user(user_id)
                    reader = prefs.lang or self.bot.prefs.seen_lang(user_id) or lang
                    lead = "⏰ " + t("clock.reminder", reader, who=mention(user_id, names), game=game_name(game, reader),
                                    id=table.id)
                await self.dm_hand(table, user_id, first_turn=False, silent=silent, fresh=True, lead=lead)
        if notice.data.get("final") and deadline:
            return users, "⏰ " + t("clock.final_reminder", lang, who=who, game=game_name(game, lang), id=table.id,
                                     when=f"<t:{int(deadline)}:R>", then=t(f"clock.then_{table.settings.idle_policy}", lang))
        return users, t("clock.reminder", lang, who=who, game=game_name(game, lang), id=table.id)

    async def left_server(self, table: Any, users: list[str]) -> list[str]:
        """Those of `users` no longer in the table's server. The bot asks for no member intent,
        so it learns of it lazily: when it is about to remind them (a table with no turn limit
        would otherwise wait for them for ever), Discord answers Unknown Member. Their seats
        go to the computer and the others are told."""
        guild = self.bot.get_guild(table.guild_id) if table.guild_id is not None else None
        if guild is None:
            return []
        gone = []
        for user_id in users:
            try:
                await guild.fetch_member(int(user_id))
            except discord.NotFound as error:
                if error.code == UNKNOWN_MEMBER:
                    gone.append(user_id)
            except (discord.HTTPException, ValueError):
                continue  # unreachable now: they may well be there
        for user_id in gone:
            log.info("user %s left the server of table #%s: the computer plays their seat", user_id, table.id)
            self.publish(table.id, (await self.bot.service.member_left(table.id, user_id)).notices)
        return gone

    async def close_lobby(self, table: Any, lang: str, *, silent: bool = False) -> None:
        if by_clicks(table):  # the lobby's buttons say it closed when clicked
            return
        if table.board_message_id:
            await self.edit_message(table.channel_id, table.board_message_id, **lobby_edit_payload(table, lang))
        await self.send(table.channel_id, content=t("service.notice.lobby_closed", lang) + f" (#{table.id})",
                        silent=silent)

    async def refresh_hand(self, table: Any, user_id: str, *, always: bool = False) -> bool:
        """Redraw a player's open ephemeral hand with what they owe now. True if it is open
        and shows their present decisions (redrawn, or already drawn for them)."""
        if self.hands.editable(table.id, user_id) is None:
            return False
        seen = read(table)
        drawn = signature(seen.owed(user_id))
        if not always and not self.hands.needs_redraw(table.id, user_id, drawn):
            return True
        prefs = await self.bot.prefs.user(user_id)
        lang = prefs.lang or self.bot.prefs.seen_lang(user_id) or await table_lang(self.bot, table)
        seen = await self.bot.service.read(table)  # with the last moves
        payload = await hand_payload(self.pictures, seen, user_id, lang, self.bot.service,
                                     text=prefs.text_board, recent=seen.recent)
        return await self.hands.refresh(table.id, user_id, for_edit(payload), drawn)

    async def dm_hand(self, table: Any, user_id: str, *, first_turn: bool, silent: bool = False,
                      fresh: bool = False, lead: str | None = None) -> str:
        """DM the hand and controls to a user who wants it (everyone on the first turn): the
        table's DM hand is edited when there is one, else sent (`fresh`: always sent, e.g. the
        last reminder before a deadline, which should notify).
        Returns "sent", "unwanted", "closed" (DMs refused, now or before: 50007) or "failed"."""
        prefs = await self.bot.prefs.user(user_id)
        welcome = first_turn and not table.settings.learn  # a guided game's hand is already in front of them
        if not (prefs.notify_dm or welcome or by_clicks(table)) or not user_id.isdigit():
            return "unwanted"
        if prefs.dm_closed:
            return "closed"  # remembered: never retried until `/game notify on`
        lang = prefs.lang or self.bot.prefs.seen_lang(user_id) or await table_lang(self.bot, table)
        seen = await self.bot.service.read(table)  # the last moves and the undo offer with it
        payload = await hand_payload(self.pictures, seen, user_id, lang, self.bot.service,
                               text=prefs.text_board,
                               note="\n".join(x for x in (lead, t("dm.where", lang, channel=self.where(table, lang))) if x),
                               undo=seen.undo_offered(user_id),
                               recent=seen.recent)
        known = self.hands.dm_message(table.id, user_id)
        drawn = signature(payload.get("drawn", []))
        if known is not None and not fresh:
            if await self.edit_message(known[0], known[1], **for_edit(payload)):
                self.hands.dm_sent(table.id, user_id, known[0], known[1], drawn)
                return "sent"
        try:
            user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
            message = await user.send(silent=silent, **{k: v for k, v in payload.items() if k != "drawn"})
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await self.bot.prefs.update_user(user_id, dm_closed=True)
                return "closed"
            log.warning("DM to %s refused: %s", user_id, error)
            return "failed"
        except discord.HTTPException as error:
            log.warning("DM to %s failed: %s", user_id, error)
            return "failed"
        if known is not None:
            await self.delete_message(known[0], known[1])
        self.hands.dm_sent(table.id, user_id, message.channel.id, message.id, drawn)
        return "sent"

    async def retire_dm(self, table: Any, user_id: str, key: str) -> None:
        """Take the controls off a DM hand that would go stale (its player does not get a DM
        each turn) or whose game ended, with a line saying where to play now: the bot may edit
        its DMs, but a live-looking button from move 0 only misleads."""
        known = self.hands.dm_message(table.id, user_id)
        if known is None or (key == "dm.moved_on" and self.hands.dm_drawn(table.id, user_id) is None):
            return
        self.hands.dm_retired(table.id, user_id)
        prefs = await self.bot.prefs.user(user_id)
        lang = prefs.lang or self.bot.prefs.seen_lang(user_id) or await table_lang(self.bot, table)
        game = registry.get(table.game)
        channel = self.where(table, lang, lobby=key == "dm.ended")
        view = StaticLayout(discord.ui.Container(
            discord.ui.TextDisplay(f"### {t('hand.title', lang, game=game_name(game, lang), id=table.id)}"),
            discord.ui.TextDisplay(t(key, lang, channel=channel, version=table.version)), accent_colour=GREY))
        await self.edit_message(known[0], known[1], view=view, attachments=[], embed=None, content=None)

    def where(self, table: Any, lang: str, *, lobby: bool = False) -> str:
        """The table's place for a DM: its channel as a mention, or a link at a table played by
        clicks (a DM or group DM between people, where a channel mention shows nothing)."""
        if by_clicks(table):
            return f"[{t(f'dm.place.{table.settings.place}', lang)}]({where_link(table)})"
        return f"<#{self.lobby_channel(table) if lobby else self.board_channel(table)}>"

    def board_channel(self, table: Any) -> int:
        """Where the table's board lives: its own thread, or the channel of its lobby."""
        return table.channel_id

    def lobby_channel(self, table: Any) -> int:
        """Where the lobby was opened (and the result goes), also for a table in a thread."""
        return table.settings.parent_channel_id or table.channel_id

    async def open_thread(self, table: Any, lobby_message: int, lang: str) -> int | None:
        """A public thread on the lobby message for the game; None (play in the channel) when
        Discord refuses (permissions, the server's thread cap)."""
        game = registry.get(table.game)
        name = t("table.thread_name", lang, game=game_name(game, lang), id=table.id)
        try:
            channel = self.bot.get_channel(table.channel_id) or await self.bot.fetch_channel(table.channel_id)
            message = channel.get_partial_message(lobby_message)
            thread = await message.create_thread(name=name[:100], auto_archive_duration=10080)
        except discord.HTTPException as error:
            log.warning("could not open a thread for table %s: %s", table.id, error)
            return None
        return thread.id

    def board_payload(self, table: Any, lang: str, recent: list[Any] | None = None, *, ping: list[str] | None = None,
                      notes: list[str] | None = None, deadline: float | None = None) -> dict[str, Any]:
        """The board message of `table` (a table, or the read the service built: its last moves
        are then the board's `recent` ones, and those it pings are given their deadline)."""
        seen = table if isinstance(table, TableRead) else read(table)
        table = seen.table
        recent = seen.recent if recent is None else recent
        deadline = deadline if deadline is not None or not ping else seen.deadline(ping)
        name = board_filename(table)
        png = self.pictures.board_png(seen, lang)
        extra = list(notes or [])   # the phase is in the status line once (layouts.status_lines)
        thinking = self.bot.service.thinking(table.id) if table.status == "running" else None
        if thinking is not None:
            extra.append(t("turn.thinking", lang, name=names_of(table, lang).get(thinking, thinking)))
        if deadline and ping:
            extra.append(t("clock.deadline", lang, when=f"<t:{int(deadline)}:R>"))
        footnote = t("board.by_clicks", lang) if by_clicks(table) and table.status == "running" else None
        view = board_layout(seen, lang, recent, name, ping=ping, notes=extra, footnote=footnote)
        return {"view": view, "file": as_file(png, name)}

    async def show_board(self, table: Any, lang: str | None = None, *, ping: list[str] | None = None,
                         notes: list[str] | None = None, deadline: float | None = None, fresh: bool = False,
                         followup: discord.Webhook | None = None, silent: bool = False) -> None:
        """Bring the board up to date. It is posted again (and the old one deleted) when it
        names players to ping, has scrolled away, is older than Discord lets a bot edit, or
        was never posted; otherwise edited in place."""
        svc = self.bot.service
        lang = lang or await table_lang(self.bot, table)
        if table.state_json is None:
            return
        channel_id = self.board_channel(table)
        seen = await svc.read(table)  # its last moves: the channel's view, public events only
        await self.pictures.prepare(seen, lang)
        notes = [*(notes or []), *await watch.away_notes(self.bot, table, lang)]  # "away until …"
        payload = self.board_payload(seen, lang, ping=ping, notes=notes, deadline=deadline)
        now = discord.utils.utcnow().timestamp()
        too_old = self._too_old(table, now)
        scrolled = self._after_board.get(channel_id, 0) >= SCROLLED_AWAY_AFTER
        if by_clicks(table):  # only as a click's follow-up; an older board stays (its buttons redraw it)
            if followup is None:
                return
            message = await self.send(channel_id, silent=silent, mentions=ping, followup=followup, fallback=False,
                                      **payload)
            if message is not None:
                self._board_drawn(table.id)
                await svc.set_board_message(table.id, message.id)
            return
        if table.board_message_id and not (fresh or too_old or scrolled or ping):
            if await self.edit_message(channel_id, table.board_message_id, **for_edit(payload)):
                self._board_drawn(table.id)
                return
        message = await self.send(channel_id, silent=silent, mentions=ping, followup=followup, **payload)
        if message is not None:
            self._after_board[channel_id] = 0
            self._board_drawn(table.id)
            old = table.board_message_id
            await svc.set_board_message(table.id, message.id)
            if old and old != message.id:
                await self.delete_message(channel_id, old)

    async def update_board(self, table: Any, lang: str | None = None, *, fresh: bool = False,
                           silent: bool = False) -> None:
        """The board as it is now (an admin's skip or kick, a rematch of the clock)."""
        await self.show_board(table, lang, fresh=fresh, silent=silent)

    async def finish(self, table: Any, lang: str, ended_by: str, news: list[str], *, silent: bool = False,
                     actor: str | None = None, followup: discord.Webhook | None = None) -> None:
        """The game is over: the result (final picture, scores, Rematch) goes to the lobby's
        channel, the live board goes away, and open hands lose their controls (the `actor`'s
        already did: their click was answered with the final hand)."""
        self._board_drawn(table.id)  # nothing waits to redraw it any more
        seen = read(table)
        outcome = seen.outcome if ended_by == "rules" else None
        name = png = None
        if seen.has_state:
            await self.pictures.prepare(seen, lang)
            name, png = board_filename(table), self.pictures.board_png(seen, lang)
        rematch = ended_by in ("rules", "resign") and any(s.is_human for s in table.seats)
        view = result_layout(seen, outcome, lang, ended_by, name, rematch, notes=news)
        payload: dict[str, Any] = {"view": view}
        if png is not None and name is not None:
            payload["file"] = as_file(png, name)
        if by_clicks(table):
            await self._finish_by_clicks(table, payload, ended_by, actor, followup, silent=silent)
            return
        await self.send(self.lobby_channel(table), silent=silent, **payload)
        if table.board_message_id:
            if table.settings.parent_channel_id:  # the thread keeps its final board, without controls
                await self.edit_message(table.channel_id, table.board_message_id,
                                        **for_edit(self.board_payload(await self.bot.service.read(table), lang)))
            else:
                await self.delete_message(table.channel_id, table.board_message_id)
                await self.bot.service.set_board_message(table.id, None)
        for seat in table.seats:
            if seat.is_human and seat.user_id != actor:
                await self.refresh_hand(table, seat.user_id, always=True)
            if seat.is_human:
                await self.retire_dm(table, seat.user_id, "dm.ended")
        self.hands.forget_table(table.id)

    async def _finish_by_clicks(self, table: Any, payload: dict[str, Any], ended_by: str, actor: str | None,
                                followup: discord.Webhook | None, *, silent: bool) -> None:
        """The result at a table played by clicks: in its DM as the follow-up of the move that
        ended it, when it was made there; else by DM to each player (where Discord allows it).
        The old boards' buttons answer with the final board and hand."""
        posted = None
        if followup is not None:
            posted = await self.send(table.channel_id, silent=silent, followup=followup, fallback=False, **payload)
        for seat in table.seats:
            if not seat.is_human:
                continue
            if seat.user_id != actor:
                await self.refresh_hand(table, seat.user_id, always=True)
            await self.retire_dm(table, seat.user_id, "dm.ended")
            if posted is None:
                await self.dm_result(table, seat.user_id, ended_by)
        self.hands.forget_table(table.id)

    async def dm_result(self, table: Any, user_id: str, ended_by: str) -> None:
        """The final board and scores by DM (a table played by clicks whose end no click there
        showed); closed DMs are remembered and skipped."""
        prefs = await self.bot.prefs.user(user_id)
        if prefs.dm_closed or not user_id.isdigit():
            return
        lang = prefs.lang or self.bot.prefs.seen_lang(user_id) or await table_lang(self.bot, table)
        seen = read(table)
        outcome = seen.outcome if ended_by == "rules" else None
        name = board_filename(table)
        payload: dict[str, Any] = {}
        if seen.has_state:
            await self.pictures.prepare(seen, lang)
            payload["file"] = as_file(self.pictures.board_png(seen, lang), name)
        payload["view"] = result_layout(seen, outcome, lang, ended_by, name if seen.has_state else None,
                                        False, notes=[t("dm.where", lang, channel=self.where(table, lang))])
        try:
            user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
            await user.send(**payload)
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await self.bot.prefs.update_user(user_id, dm_closed=True)
            else:
                log.warning("result DM to %s refused: %s", user_id, error)
        except discord.HTTPException as error:
            log.warning("result DM to %s failed: %s", user_id, error)

    # ---- REST helpers -------------------------------------------------------------------
    async def send(self, channel_id: int, *, mentions: list[str] | None = None,
                   followup: discord.Webhook | None = None, silent: bool = False, fallback: bool = True,
                   **kwargs: Any) -> discord.Message | None:
        """Post in the channel (as the follow-up of a public interaction when one is given);
        `silent` posts without a push notification (quiet hours). Without `fallback` a failed
        follow-up is not posted in the channel instead (where the bot may not post on its own)."""
        channel = self.bot.get_partial_messageable(channel_id)
        allowed = discord.AllowedMentions(everyone=False, roles=False,
                                          users=[discord.Object(int(u)) for u in mentions or [] if u.isdigit()])
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        nonce = delivery.nonce()  # a retry of the same notices cannot post twice (enforce_nonce)
        try:
            if followup is not None:
                try:
                    return await followup.send(allowed_mentions=allowed, wait=True, silent=silent, **kwargs)
                except discord.HTTPException as error:  # token expired (15 min): post normally
                    if not fallback:
                        log.info("follow-up failed (%s); the next click there shows it", error)
                        return None
                    log.info("follow-up failed (%s); posting in the channel", error)
            if nonce is not None:
                kwargs["nonce"] = nonce
            return await channel.send(allowed_mentions=allowed, silent=silent, **kwargs)
        except discord.HTTPException as error:
            delivery.post_failed(error)  # the notices this post carries are not delivered
            await self._unless_channel_gone(channel_id, error, "could not post in channel %s: %s")
            return None

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.delete()
        except discord.HTTPException as error:
            log.info("could not delete message %s: %s", message_id, error)

    async def _unless_channel_gone(self, channel_id: int, error: discord.HTTPException, warning: str) -> None:
        """A post or edit failed: when the channel itself is gone (a deletion the bot missed,
        e.g. while offline), end its tables; otherwise log `warning`."""
        if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
            await channel_deleted(self.bot, channel_id)
        elif isinstance(error, discord.Forbidden) and error.code == MISSING_ACCESS and await access_lost(
                self.bot, channel_id):
            return
        elif warning:
            log.warning(warning, channel_id, error)

    async def edit_message(self, channel_id: int, message_id: int, **kwargs: Any) -> bool:
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(**kwargs)
        except (discord.NotFound, discord.Forbidden) as error:
            if error.code in (UNKNOWN_CHANNEL, MISSING_ACCESS):
                await self._unless_channel_gone(channel_id, error, "")
            elif isinstance(error, discord.Forbidden):
                log.warning("could not edit message %s: %s", message_id, error)
            return False
        except discord.HTTPException as error:
            log.warning("could not edit message %s: %s", message_id, error)
            return False
        return True
