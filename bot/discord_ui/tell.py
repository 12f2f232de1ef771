"""Telling what the table service's notices say, once each: the turn pings, reminders, the
clock's notices and the game's result, through the board and the players' hands and DMs.

Notices come from the service's outbox; the delivery (delivery.py) claims them, and they are
marked delivered only when Discord took the post that carries them. A notice already told by
this process is dropped (the outbox delivers at least once), and a game's result is posted
once. Updates of a table run one at a time (table_work.py) and always draw the newest state:
one skipped because a newer one is queued hands its pings and news to that one (latest wins),
and an update that comes less than `board_edit_every_s` after the board's last one waits its
turn, joined by those that come meanwhile. While a table is being started (`hold`) the
computers' moves wait for the first board. The decisions are announce_rules.py's."""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any, Protocol

import discord

from bot.i18n import t
from games import registry
from tables import clock
from tables.read_model import read

from . import announce_rules, delivery, watch
from .board import Board
from .channel_watch import UNKNOWN_MEMBER
from .desk import Clocked, Guilds, Served, Users
from .hands import Hands
from .places import by_clicks
from .presenters import game_name, mention, names_of
from .replies import table_lang

log = logging.getLogger(__name__)
SEEN_NOTICES = 10_000


class TellingDesk(Served, Users, Clocked, Guilds, Protocol):
    """What telling needs of the bot: the service and its outbox, the users' and servers'
    preferences, the clock to wake, and the servers (whether a player is still in one)."""


class Teller:
    def __init__(self, desk: TellingDesk, board: Board, hands: Hands) -> None:
        self.desk = desk
        self.board = board
        self.hands = hands
        self.work = board.work
        self.delivery = delivery.Delivery(desk)        # claims, retries and gives up on notices
        self._queued: dict[int, int] = {}            # publishes waiting per table (latest wins)
        self._carried: dict[int, dict[str, Any]] = {}  # pings and news of a skipped board update
        self._seen: OrderedDict[str, None] = OrderedDict()  # notice ids announced (or on their way)
        self._results: OrderedDict[int, None] = OrderedDict()  # tables whose result this process posted
        self._held: dict[int, list[Any]] = {}         # tables being started: their automatic moves' notices
        self._paced: dict[int, dict[str, Any]] = {}   # an update waiting for the board's next turn, per table

    def stop(self) -> None:
        self.delivery.stop()
        for waiting in self._paced.values():
            waiting["task"].cancel()
        self._paced.clear()

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
        if followup is None and not first_turn and (table_id in self._paced or self.board.too_soon(table_id)):
            return self._pace(table_id, notices, actor, board, undone, automatic)
        if board:  # this update may draw the board: one that comes within the next second waits its turn
            self.board.reserve(table_id)
        fresh = [n for n in notices if self._first_time(n)]
        self._queued[table_id] = self._queued.get(table_id, 0) + 1
        return self.work.spawn(table_id, self._deliver(table_id, fresh, actor, first_turn, board, followup, undone,
                                                       automatic))

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
        delay = self.board.turn_in(table_id)

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
        return self.work.spawn(table_id, self._deliver(table_id, notices, None, False, True, None, False, late=True))

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
        svc = self.desk.service
        table = await svc.get(table_id)
        await self.hands.tell_followers(table)
        lang = await table_lang(self.desk, table)
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
                await self.board.close_lobby(table, lang, silent=silent)
            elif kind == "game_over":
                over = data.get("ended_by", "rules")
            elif kind in ("away", "back", "away_day_spent"):  # time away: the board says it (watch.py)
                away_line = watch.notice_line(notice, table, lang)
                if away_line:
                    news.append(away_line)
                else:
                    redraw.append(kind)
        # news (an expiry, a hand-over) stays on the board while computers move on, until a person moves
        news = self.board.with_kept_news(table_id, news, automatic=automatic)
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
            self.desk.scheduler.poke()
            return
        playing = {s.user_id for s in table.seats if not s.is_cpu and not s.auto}
        seen = read(table)
        owing = [u for u in seen.owing if u in playing]
        turn_users = [u for u in turn_users if u in owing]
        deadlines = [n.data.get("deadline") for n in notices if n.kind == "turn_started" and n.data.get("deadline")]
        # Everyone whose decisions changed sees their open hand redrawn; a hand whose controls
        # still answer the same decisions is left alone (they still work).
        refreshed = [u for u in owing if u != actor and await self.hands.refresh(table, u)]
        closed = []
        # DM hands: everyone's on the first turn, then those who opted in, whenever their
        # decisions changed (the actor too, when they moved from the channel)
        dm_sent = []
        clicks = by_clicks(table)
        for user_id in announce_rules.dm_hand_to(owing, turn_users, actor, followup=followup is not None,
                                                 by_clicks=clicks):
            sent = await self.hands.dm(table, user_id, first_turn=first_turn or clicks, silent=silent,
                                       fresh=clicks and user_id in turn_users)  # a new DM notifies: the ping
            if sent == "closed":
                closed.append(user_id)
            dm_sent += [user_id] if sent == "sent" else []
        await self.hands.retire_stale(table, playing, dm_sent)
        now = discord.utils.utcnow().timestamp()
        ping = announce_rules.whom_to_ping(turn_users, refreshed, first_turn=first_turn, remind=remind,
                                           last_seen=lambda u: self.hands.open.last_seen(table.id, u), now=now)
        if table.state_json is None or table.status != "running":
            return
        if clicks:  # nothing is posted there but a click's follow-up: the board of a move made there
            if followup is not None and (first_turn or news or undone or turn_users):
                named = [u for u in ping if u not in dm_sent]  # those the DM did not reach are named here
                notes = news + [t("turn.dm_closed", lang, who=mention(u, names)) for u in closed]
                await self.board.show(table, lang, ping=named, notes=notes,
                                      deadline=min(deadlines) if deadlines else None, followup=followup, fresh=True)
            self.desk.scheduler.poke()
            return
        if newer_queued and not first_turn:
            # latest wins: the queued update draws the board; it carries these pings and news
            self._carried[table_id] = {"ping": ping, "news": news, "remind": remind, "undone": undone}
            delivery.carried()  # these notices are settled with that update
            return
        if announce_rules.board_now(news=bool(news), redraw=bool(redraw), board=board,
                                    posted=table.board_message_id is not None, too_old=self.board.too_old(table, now),
                                    waits=lambda: self.board.waits(table_id, actor, ping, undone=undone, now=now)):
            notes = news + [t("turn.dm_closed", lang, who=mention(u, names)) for u in closed]
            if news:
                self.board.keep_news(table_id, news)
            await self.board.show(table, lang, ping=ping, notes=notes, deadline=min(deadlines) if deadlines else None,
                                  followup=followup, silent=silent)
        self.desk.scheduler.poke()

    async def finish(self, table: Any, lang: str, ended_by: str, news: list[str], *, silent: bool = False,
                     actor: str | None = None, followup: discord.Webhook | None = None) -> None:
        """The game is over: the result (final picture, scores, Rematch) goes to the lobby's
        channel, the live board goes away, and open hands lose their controls (the `actor`'s
        already did: their click was answered with the final hand). At a table played by
        clicks the result is the follow-up of the move that ended it, when it was made there;
        else it goes by DM to each player (where Discord allows it); the old boards' buttons
        answer with the final board and hand."""
        self.board.drawn(table.id)  # nothing waits to redraw it any more
        payload = await self.board.result_payload(table, lang, ended_by, news)
        if by_clicks(table):
            posted = None
            if followup is not None:
                posted = await self.board.posts.send(table.channel_id, silent=silent, followup=followup,
                                                     fallback=False, **payload)
            await self.hands.game_over(table, ended_by, actor=actor, results_by_dm=posted is None)
            return
        await self.board.post_result(table, lang, payload, silent=silent)
        await self.hands.game_over(table, ended_by, actor=actor, results_by_dm=False)

    async def quiet_now(self, table: Any) -> bool:
        """Whether it is the table's quiet hours (its own, else its server's): messages then still arrive
        (a move or a deadline does not wait), but silently — no push notification."""
        if table.guild_id is None:
            return False
        guild = await self.desk.prefs.guild(table.guild_id)
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
                    prefs = await self.desk.prefs.user(user_id)
                    reader = prefs.lang or self.desk.prefs.seen_lang(user_id) or lang
                    lead = "⏰ " + t("clock.reminder", reader, who=mention(user_id, names), game=game_name(game, reader),
                                    id=table.id)
                await self.hands.dm(table, user_id, first_turn=False, silent=silent, fresh=True, lead=lead)
        if notice.data.get("final") and deadline:
            return users, "⏰ " + t("clock.final_reminder", lang, who=who, game=game_name(game, lang), id=table.id,
                                     when=f"<t:{int(deadline)}:R>", then=t(f"clock.then_{table.settings.idle_policy}", lang))
        return users, t("clock.reminder", lang, who=who, game=game_name(game, lang), id=table.id)

    async def left_server(self, table: Any, users: list[str]) -> list[str]:
        """Those of `users` no longer in the table's server. The bot asks for no member intent,
        so it learns of it lazily: when it is about to remind them (a table with no turn limit
        would otherwise wait for them for ever), Discord answers Unknown Member. Their seats
        go to the computer and the others are told."""
        guild = self.desk.get_guild(table.guild_id) if table.guild_id is not None else None
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
            self.publish(table.id, (await self.desk.service.member_left(table.id, user_id)).notices)
        return gone
