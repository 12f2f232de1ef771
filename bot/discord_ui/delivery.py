"""Every notice told exactly once: turn pings, reminders, results.

The outbox row of a notice is written with the change that caused it. Before posting, a
process *claims* it (owner and lease, as timers are claimed), so two live processes — a
rolling restart, overlapping shards — never post the same row, and it is marked delivered only
once Discord accepted the post:

- a transient error (5xx, 429, a timeout) keeps the claim and tries again with backoff while
  the bot runs; every post of a batch carries a nonce made from its notice ids, sent with
  `enforce_nonce`, so a retry after an unclear failure returns the first message instead of
  posting a second;
- a permanent error (403 / 50001, an archived or locked thread, a deleted channel) is not
  retried: the players are told by DM where they allow it, the server's admins in
  `/gameadmin tables`, and the log says so;
- a notice gone stale (a turn ping for a turn already played, a reminder past its deadline)
  is dropped, not posted late.

A loop catches up on pending rows (at start, then every POLL_S) in pages, and purges finished
rows after RETENTION_S.
"""
from __future__ import annotations

import asyncio
import contextvars
import hashlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import aiohttp
import discord

from bot.i18n import t
from persistence import Unavailable
from tables.models import Notice

from .desk import Served, Users

log = logging.getLogger(__name__)

LEASE_S = 300.0          # a claim outlives any one post; a crashed owner's rows are taken after it
BACKOFF_S = (30.0, 60.0, 120.0, 300.0, 900.0)  # transient failures (after discord.py's own 5 tries): the wait before each retry
MAX_UNKNOWN_TRIES = 8    # a failure that is neither Discord's nor the network's is not retried for ever
POLL_S = LEASE_S          # the catch-up loop's period: rows of a process that died are free after the lease anyway (its own retries are timed by their own tasks)
GRACE_S = 30.0           # a fresh row belongs to the process that wrote it (it posts it at once)
PAGE = 100
RETENTION_S = 7 * 86400.0
PURGE_EVERY_S = 3600.0

# Discord's JSON error codes that no retry will cure
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
ARCHIVED_THREAD = 50083
LOCKED_THREAD = 160005
NONCE_CHARS = 25         # Discord's limit on a message nonce


class Attempt:
    """One try at posting a batch of claimed notices: hands out the posts' nonces and records
    the first post Discord refused (`Announcer.send` reports to it through `current()`)."""

    def __init__(self, notice_ids: list[str]) -> None:
        self.key = ",".join(sorted(notice_ids))
        self.posts = 0
        self.error: BaseException | None = None
        self.open = True
        self.carried = False  # a newer update of the table was queued: it tells these (latest wins)

    def nonce(self) -> str | None:
        if not self.open:
            return None
        self.posts += 1
        return hashlib.sha256(f"{self.key}#{self.posts}".encode()).hexdigest()[:NONCE_CHARS]

    def failed(self, error: BaseException) -> None:
        if self.open and self.error is None:
            self.error = error


_attempt: contextvars.ContextVar[Attempt | None] = contextvars.ContextVar("notice_attempt", default=None)


def nonce() -> str | None:
    """The nonce for the next post of the notices being told now (None outside a delivery)."""
    attempt = _attempt.get()
    return attempt.nonce() if attempt is not None else None


def post_failed(error: BaseException) -> None:
    """A post carrying the notices being told now failed: they are not delivered."""
    attempt = _attempt.get()
    if attempt is not None:
        attempt.failed(error)


def carried() -> None:
    """The notices being told now ride on the table's next queued update: they are settled
    with it (delivered when its post is accepted, retried with it when not)."""
    attempt = _attempt.get()
    if attempt is not None:
        attempt.carried = True


def permanent(error: BaseException) -> bool:
    """Whether no retry will cure this failure (Discord said no, or the place is gone)."""
    if isinstance(error, discord.HTTPException):
        if error.status == 429 or error.status >= 500:
            return False
        return True  # 400 (archived / locked thread), 403 (missing access / permissions), 404 (deleted)
    return False


def transient_kind(error: BaseException) -> bool:
    return isinstance(error, (discord.HTTPException, asyncio.TimeoutError, aiohttp.ClientError, OSError))


def reason(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.code}: {error.text}"[:300]
    return f"{type(error).__name__}: {error}"[:300]


def reason_key(error: BaseException) -> str:
    """The catalogue key that says in words why Discord refused."""
    code = getattr(error, "code", 0)
    status = getattr(error, "status", 0)
    if code in (ARCHIVED_THREAD, LOCKED_THREAD):
        return "notice.refused.thread"
    if code == UNKNOWN_CHANNEL or status == 404:
        return "notice.refused.gone"
    if status == 403 or code in (MISSING_ACCESS, MISSING_PERMISSIONS):
        return "notice.refused.permission"
    return "notice.refused.other"


class DeliveryDesk(Served, Users, Protocol):
    """What delivery needs of the bot: the service (its outbox, the tables) and the users to DM."""


class Delivery:
    """Claims, retries, drops and gives up on notices for one process (its `owner` id)."""

    def __init__(self, bot: DeliveryDesk) -> None:
        self.bot = bot
        self.owner = f"{uuid.uuid4().hex[:12]}"
        self._loop: asyncio.Task | None = None
        self._retries: set[asyncio.Task] = set()
        self._riding: dict[int, list[Any]] = {}  # notices a skipped update carried to the next one
        self._last_purge = 0.0
        self._stopped = False

    @property
    def outbox(self) -> Any:
        return self.bot.service.store.outbox

    @staticmethod
    def now() -> float:
        return discord.utils.utcnow().timestamp()

    # ---- one batch ----------------------------------------------------------------------
    async def tell(self, table_id: int, notices: list[Any], publish: Callable[[list[Any]], Awaitable[None]],
                   retell: Callable[[int, list[Any]], Any], *, late: bool = True) -> None:
        """Claim `notices`, drop the stale ones (`late`: a retry or catch-up; a change's own
        notices, told right after it, cannot be stale yet), run `publish` with the rest and
        settle each by what Discord answered. Notices another process holds (or that were
        told) are left out; `publish` still runs (the board of a change is drawn either way)."""
        ids = [n.id for n in notices if n.id]
        held = set(await self.outbox.claim(ids, self.owner, self.now(), LEASE_S)) if ids else set()
        mine = [n for n in notices if not n.id or n.id in held]
        if late:
            mine = await self._drop_stale(table_id, mine)
        riders = self._riding.pop(table_id, [])
        claimed = [n.id for n in [*mine, *riders] if n.id]
        attempt = Attempt(claimed) if claimed else None
        token = _attempt.set(attempt)
        try:
            await publish(mine)
        except Exception as error:  # noqa: BLE001 - settled below (retried or given up), never lost
            if attempt is None:
                raise
            attempt.failed(error)
        finally:
            _attempt.reset(token)
            if attempt is not None:
                attempt.open = False
        if attempt is None:
            return
        if attempt.carried and attempt.error is None:
            self._riding[table_id] = [*riders, *mine]
            return
        if attempt.error is None:
            await self.outbox.finish(claimed, self.owner, "delivered", self.now())
            return
        await self._failed(table_id, [*riders, *mine], claimed, attempt.error, retell)

    async def _failed(self, table_id: int, notices: list[Any], ids: list[str], error: BaseException,
                      retell: Callable[[int, list[Any]], Any]) -> None:
        rows = {r.item.notice_id: r for r in await self.outbox.rows(ids)}
        tries = max((r.attempts for r in rows.values()), default=1)
        gave_up = permanent(error) or (not transient_kind(error) and tries >= MAX_UNKNOWN_TRIES)
        if gave_up:
            await self.refused(table_id, notices, ids, error)
            return
        wait = BACKOFF_S[min(tries - 1, len(BACKOFF_S) - 1)]
        # keep the claim through the wait: this process retries with the same nonces
        await self.outbox.claim(ids, self.owner, self.now(), wait + LEASE_S)
        log.info("notices %s of table %s: %s; retry %d in %.0f s", ids, table_id, reason(error), tries, wait)
        if not transient_kind(error):
            log.warning("announcing notices %s of table %s failed", ids, table_id, exc_info=error)

        async def later() -> None:
            await asyncio.sleep(wait)
            if not self._stopped:
                retell(table_id, notices)
        task = asyncio.create_task(later(), name=f"notice-retry-{table_id}")
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    # ---- stale notices ------------------------------------------------------------------
    async def _drop_stale(self, table_id: int, notices: list[Any]) -> list[Any]:
        """A turn ping or reminder only for those whose turn it still is (the turn that was
        announced: it began before the notice was written), a reminder only before its deadline.
        A notice left with nobody is marked stale (dropped, not posted late)."""
        timed = [n for n in notices if n.kind in ("turn_started", "reminder") and n.id]
        if not timed:
            return notices
        try:
            table = await self.bot.service.get(table_id)
        except Exception:  # noqa: BLE001 - the table is gone: nothing to tell about its turns
            table = None
        created = {r.item.notice_id: r.item.created_at for r in await self.outbox.rows([n.id for n in timed])}
        now = self.now()
        kept: list[Any] = []
        stale: list[str] = []
        for notice in notices:
            if notice.id not in created:
                kept.append(notice)
                continue
            written = created.get(notice.id, now)
            deadline = notice.data.get("deadline")
            users = [] if table is None or table.status != "running" else [
                u for u in notice.users
                if (seat := table.seat(u)) is not None and seat.turn_started_at is not None
                and seat.turn_started_at <= written + 1e-6]
            if notice.kind == "reminder" and deadline is not None and deadline <= now:
                users = []
            if users:
                kept.append(notice if users == notice.users else notice.model_copy(update={"users": users}))
            else:
                stale.append(notice.id)
        if stale:
            await self.outbox.finish(stale, self.owner, "stale", now)
            log.info("dropped stale notices %s of table %s", stale, table_id)
        return kept

    # ---- permanent errors ---------------------------------------------------------------
    async def refused(self, table_id: int, notices: list[Any], ids: list[str], error: BaseException) -> None:
        """Discord will not take these posts: stop, tell the players by DM (where they allow
        it) and the admins (`/gameadmin tables` lists it), and log it."""
        await self.outbox.finish(ids, self.owner, "refused", self.now(), reason(error))
        log.warning("Discord refused the notices %s of table %s (%s): not retried; players told by DM, "
                    "admins in /gameadmin tables", ids, table_id, reason(error))
        try:
            table = await self.bot.service.get(table_id)
        except Exception:  # noqa: BLE001
            return
        users: list[str] = []
        for notice in notices:
            told = notice.users if notice.kind not in ("game_over", "lobby_closed") else [
                s.user_id for s in table.seats if s.is_human]
            users += [u for u in told if u not in users]
        kinds = sorted({n.kind for n in notices})
        for user_id in users:
            await self._dm(table, user_id, kinds, error)

    async def _dm(self, table: Any, user_id: str, kinds: list[str], error: BaseException) -> None:
        if not user_id.isdigit():
            return
        prefs = await self.bot.prefs.user(user_id)
        if prefs.dm_closed:
            return
        lang = prefs.lang or self.bot.prefs.seen_lang(user_id) or "en"
        what = ", ".join(t(f"notice.kind.{k}", lang) for k in kinds)
        text = t("notice.refused.dm", lang, what=what, id=table.id, channel=f"<#{table.channel_id}>",
                 why=t(reason_key(error), lang))
        try:
            user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
            await user.send(content=text)
        except discord.HTTPException as dm_error:
            log.info("could not DM %s about refused notices either: %s", user_id, dm_error)

    # ---- catch-up and purge -------------------------------------------------------------
    async def catch_up(self, retell: Callable[[int, list[Any]], Any], *, grace_s: float = 0.0) -> int:
        """Claim every pending row nobody holds (and whose retry is due) and hand it to
        `retell`, one batch per table in order, reading in pages. Returns how many."""
        now = self.now()
        after, count = 0, 0
        while True:
            page = await self.outbox.claimable(now, after_seq=after, limit=PAGE, created_before=now - grace_s)
            if not page:
                return count
            after = page[-1].seq
            held = set(await self.outbox.claim([r.item.notice_id for r in page], self.owner, now, LEASE_S))
            by_table: dict[int, list[Any]] = {}
            for row in (r for r in page if r.item.notice_id in held):
                by_table.setdefault(row.item.table_id, []).append(Notice.model_validate_json(row.item.payload))
            for table_id, batch in by_table.items():
                retell(table_id, batch)
                count += len(batch)
            if len(page) < PAGE:
                return count

    async def purge(self) -> int:
        gone = await self.outbox.purge(self.now() - RETENTION_S)
        self._last_purge = self.now()
        return gone

    def start(self, retell: Callable[[int, list[Any]], Any]) -> None:
        self._stopped = False
        if self._loop is None or self._loop.done():
            self._loop = asyncio.create_task(self._run(retell), name="notice-delivery")

    async def _run(self, retell: Callable[[int, list[Any]], Any]) -> None:
        while not self._stopped:
            await asyncio.sleep(POLL_S)
            try:
                await self.catch_up(retell, grace_s=GRACE_S)
                if self.now() - self._last_purge >= PURGE_EVERY_S:
                    await self.purge()
            except asyncio.CancelledError:
                raise
            except Unavailable:  # the store logs an outage once; the next round catches up
                continue
            except Exception:
                log.exception("notice catch-up failed")

    async def release(self) -> None:
        """Closing: the notices this process holds (waiting for a retry) go back to the outbox,
        so the next process (a restart) tells them at once instead of after the lease."""
        try:
            await self.outbox.release(self.owner)
        except Exception:  # noqa: BLE001 - the lease frees them anyway
            log.warning("could not release notice claims", exc_info=True)

    def stop(self) -> None:
        self._stopped = True
        for task in [self._loop, *self._retries]:
            if task is not None:
                task.cancel()
        self._loop = None
        self._retries.clear()
