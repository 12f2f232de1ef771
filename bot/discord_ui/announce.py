"""Everything the bot tells a channel or a player after the interaction was answered:
the live board, turn pings, hand DMs (with the closed-DM fallback), results and the turn
clock's notices.

Work runs in background tasks, one table at a time (a per-table lock), and always draws the
newest state, so two quick moves never leave an older board on top.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from games import registry
from tables import clock

from . import ids
from .components import button, detached_view
from .play import hand_message, owed
from .presenters import board_embed, game_name, mention, names_of, result_embed
from .replies import table_lang

if TYPE_CHECKING:
    from .client import CardTableBot

log = logging.getLogger(__name__)
DM_CLOSED = 50007
SEEN_NOTICES = 10_000


def board_view(table: Any, lang: str) -> discord.ui.View | None:
    """The public board's only control: My hand (no version: it always shows the present)."""
    if table.status != "running":
        return None
    return detached_view([button(ids.hand(table.id), t("board.my_hand", lang), discord.ButtonStyle.primary)])


class Announcer:
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self._seen: OrderedDict[str, None] = OrderedDict()  # notice ids announced (or on their way)

    # ---- scheduling ---------------------------------------------------------------------
    def spawn(self, table_id: int, coro: Any) -> asyncio.Task:
        async def run() -> None:
            lock = self._locks.setdefault(table_id, asyncio.Lock())
            async with lock:
                try:
                    await coro
                except Exception:
                    log.exception("announcing for table %s failed", table_id)
        task = asyncio.create_task(run(), name=f"announce-{table_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self) -> None:
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # ---- entry points -------------------------------------------------------------------
    def publish(self, table_id: int, notices: list[Any], *, actor: str | None = None,
                first_turn: bool = False, board: bool = True,
                followup: discord.Webhook | None = None) -> asyncio.Task:
        """After a change (a move, a start, the turn clock): redraw the board, then tell people
        what the service's notices say. `actor` just saw their own update and is not pinged;
        on the first turn everyone gets their hand by DM. With `followup` (a public
        interaction's webhook) the turn ping is its follow-up, which costs no rate limit.
        Notices come from the service's outbox: once told they are marked delivered; a notice
        already told by this process is dropped (the outbox delivers at least once)."""
        fresh = [n for n in notices if self._first_time(n)]
        return self.spawn(table_id, self._deliver(table_id, fresh, actor, first_turn, board, followup))

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

    async def _deliver(self, table_id: int, notices: list[Any], *args: Any) -> None:
        await self._publish(table_id, notices, *args)
        await self.bot.service.mark_delivered(notices)  # not reached on failure: told again at start

    async def deliver_pending(self) -> None:
        """At start: announce what was committed but not told before the last stop (a crash
        between a move and its ping), one table at a time, in order."""
        by_table: dict[int, list[Any]] = {}
        for notice in await self.bot.service.pending_notices():
            by_table.setdefault(notice.table_id, []).append(notice)
        for table_id, batch in by_table.items():
            self.publish(table_id, batch)

    # ---- the work -----------------------------------------------------------------------
    async def _publish(self, table_id: int, notices: list[Any], actor: str | None, first_turn: bool,
                       board: bool, followup: discord.Webhook | None = None) -> None:
        svc = self.bot.service
        table = await svc.get(table_id)
        lang = await table_lang(self.bot, table)
        silent = await self.quiet_now(table)
        if board and table.state_json is not None:
            await self.update_board(table, lang, silent=silent)
        names = names_of(table, lang)
        turn_users: list[str] = []
        for notice in notices:
            who = ", ".join(mention(u, names) for u in notice.users)
            kind, data = notice.kind, notice.data
            if kind == "turn_started":
                turn_users += [u for u in notice.users if u != actor and u not in turn_users]
            elif kind == "reminder":
                await self.remind(table, notice, lang, silent=silent)
            elif kind == "expired":
                key = "service.notice.expired_skip" if data.get("passed") else "service.notice.expired"
                await self.send(table.channel_id, content="⌛ " + t(key, lang, users=who), silent=silent)
            elif kind in ("handed_over", "resigned", "kicked"):
                text = t(f"service.notice.{kind}", lang, users=who, count=data.get("count", ""))
                await self.send(table.channel_id, content="🤖 " + text, silent=silent)
            elif kind == "lobby_closed":
                await self.close_lobby(table, lang, silent=silent)
            elif kind == "game_over":
                await self.post_result(table, lang, data.get("ended_by", "rules"), silent=silent)
        playing = {s.user_id for s in table.seats if not s.is_cpu and not s.auto}
        turn_users = [u for u in turn_users if u in playing]
        if turn_users and table.status == "running":
            deadlines = [n.data.get("deadline") for n in notices if n.kind == "turn_started" and n.data.get("deadline")]
            await self.turn_started(table, turn_users, lang, first_turn=first_turn,
                                    deadline=min(deadlines) if deadlines else None, followup=followup,
                                    silent=silent)
        self.bot.scheduler.poke()

    async def quiet_now(self, table: Any) -> bool:
        """Whether it is the table's quiet hours (its own, else its server's): messages then still arrive
        (a move or a deadline does not wait), but silently — no push notification."""
        if table.guild_id is None:
            return False
        guild = await self.bot.prefs.guild(table.guild_id)
        now = discord.utils.utcnow().timestamp()
        return clock.is_quiet_for(now, table.settings, guild)

    async def remind(self, table: Any, notice: Any, lang: str, *, silent: bool = False) -> None:
        names = names_of(table, lang)
        # the reminder was planned a while ago: only those who still owe a decision now
        users = [u for u in notice.users if table.user_seated(u) and owed(table, u)]
        if not users or table.status != "running":
            return
        game = registry.get(table.game)
        who = ", ".join(mention(u, names) for u in users)
        deadline = notice.data.get("deadline")
        if notice.data.get("final") and deadline:
            # the last one before the deadline says what will happen, and DMs those who opted in
            text = "⏰ " + t("clock.final_reminder", lang, who=who, game=game_name(game, lang), id=table.id,
                             when=f"<t:{int(deadline)}:R>", then=t(f"clock.then_{table.settings.idle_policy}", lang))
            for user_id in users:
                await self.dm_hand(table, user_id, first_turn=False, silent=silent)
        else:
            text = t("clock.reminder", lang, who=who, game=game_name(game, lang), id=table.id)  # starts with ⏰
            if deadline:
                text += " " + t("clock.deadline", lang, when=f"<t:{int(deadline)}:R>")
        await self.send(table.channel_id, content=text, view=board_view(table, lang), mentions=users, silent=silent)

    async def close_lobby(self, table: Any, lang: str, *, silent: bool = False) -> None:
        from .lobby import render as render_lobby
        if table.board_message_id:
            embed, view = render_lobby(table, lang)
            await self.edit_message(table.channel_id, table.board_message_id, embed=embed, view=view)
        await self.send(table.channel_id, content=t("service.notice.lobby_closed", lang) + f" (#{table.id})",
                        silent=silent)

    async def turn_started(self, table: Any, users: list[str], lang: str, *, first_turn: bool,
                           deadline: float | None = None, followup: discord.Webhook | None = None,
                           silent: bool = False) -> None:
        """DM the hands of those who want it (and everyone on the first turn), then one ping."""
        closed = [u for u in users
                  if await self.dm_hand(table, u, first_turn=first_turn, silent=silent) == "closed"]
        names = names_of(table, lang)
        game = registry.get(table.game)
        ping = t("turn.ping", lang, who=", ".join(mention(u, names) for u in users), game=game_name(game, lang),
                 id=table.id)
        if deadline:
            ping += " " + t("clock.deadline", lang, when=f"<t:{int(deadline)}:R>")
        lines = [ping]
        for user_id in closed:
            lines.append(t("turn.dm_closed", lang, who=mention(user_id, names)))
        await self.send(table.channel_id, content="\n".join(lines), view=board_view(table, lang),
                        mentions=users, followup=followup, silent=silent)

    async def dm_hand(self, table: Any, user_id: str, *, first_turn: bool, silent: bool = False) -> str:
        """DM the hand and controls to a user who wants it (everyone on the first turn).
        Returns "sent", "unwanted", "closed" (DMs refused, now or before: 50007) or "failed"."""
        prefs = await self.bot.prefs.user(user_id)
        if not (prefs.notify_dm or first_turn) or not user_id.isdigit():
            return "unwanted"
        if prefs.dm_closed:
            return "closed"  # remembered: never retried until `/game notify on`
        lang = prefs.lang or self.bot.prefs.seen_lang(user_id) or await table_lang(self.bot, table)
        prompts = owed(table, user_id)
        payload = hand_message(table, user_id, prompts, lang, note=t("dm.where", lang, channel=f"<#{table.channel_id}>"))
        try:
            user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
            await user.send(silent=silent, **{k: v for k, v in payload.items() if v is not None})
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await self.bot.prefs.update_user(user_id, dm_closed=True)
                return "closed"
            log.warning("DM to %s refused: %s", user_id, error)
            return "failed"
        except discord.HTTPException as error:
            log.warning("DM to %s failed: %s", user_id, error)
            return "failed"
        return "sent"

    async def update_board(self, table: Any, lang: str | None = None, *, fresh: bool = False,
                           silent: bool = False) -> None:
        """Edit the live board, or post a new one when it is older than the refresh limit
        (Discord caps edits of old messages) or was never posted."""
        svc = self.bot.service
        lang = lang or await table_lang(self.bot, table)
        game = registry.get(table.game)
        state = table.state(game)
        if state is None:
            return
        recent = await svc.log(table.id, limit=3)  # the channel's view: public events only
        payload = {"embed": board_embed(game, table, state, lang, recent), "view": board_view(table, lang)}
        now = discord.utils.utcnow().timestamp()
        posted = getattr(table, "board_posted_at", None)
        too_old = posted is not None and now - posted > self.bot.settings.board_refresh_after_s
        if table.board_message_id and not fresh and not too_old:
            if await self.edit_message(table.channel_id, table.board_message_id, **payload):
                return
        message = await self.send(table.channel_id, silent=silent, **payload)
        if message is not None:
            if table.board_message_id and table.board_message_id != message.id:
                await self.edit_message(table.channel_id, table.board_message_id, view=None)
            await svc.set_board_message(table.id, message.id)

    async def post_result(self, table: Any, lang: str, ended_by: str = "rules", *, silent: bool = False) -> None:
        game = registry.get(table.game)
        state = table.state(game)
        outcome = game.outcome(state) if state is not None and ended_by == "rules" else None
        embed = result_embed(game, table, outcome, lang, ended_by)
        embed.set_footer(text=t("result.replay_hint", lang, id=table.id))
        await self.send(table.channel_id, embed=embed, silent=silent)

    # ---- REST helpers -------------------------------------------------------------------
    async def send(self, channel_id: int, *, mentions: list[str] | None = None,
                   followup: discord.Webhook | None = None, silent: bool = False,
                   **kwargs: Any) -> discord.Message | None:
        """Post in the channel (as the follow-up of a public interaction when one is given);
        `silent` posts without a push notification (quiet hours)."""
        channel = self.bot.get_partial_messageable(channel_id)
        allowed = discord.AllowedMentions(everyone=False, roles=False,
                                          users=[discord.Object(int(u)) for u in mentions or [] if u.isdigit()])
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        try:
            if followup is not None:
                try:
                    return await followup.send(allowed_mentions=allowed, wait=True, silent=silent, **kwargs)
                except discord.HTTPException as error:  # token expired (15 min): post normally
                    log.info("follow-up failed (%s); posting in the channel", error)
            return await channel.send(allowed_mentions=allowed, silent=silent, **kwargs)
        except discord.HTTPException as error:
            log.warning("could not post in channel %s: %s", channel_id, error)
            return None

    async def edit_message(self, channel_id: int, message_id: int, **kwargs: Any) -> bool:
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(**kwargs)
        except discord.NotFound:
            return False
        except discord.HTTPException as error:
            log.warning("could not edit message %s: %s", message_id, error)
            return False
        return True
