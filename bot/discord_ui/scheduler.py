"""The loop that drives the service's timers (reminders, deadlines, lobby timeouts).

Timers live in the database; the loop only asks the service when the next one is due,
sleeps until then (at most `scheduler_max_sleep_s`), lets the service claim and apply what is
due, and hands the notices to the announcer. `poke()` wakes it after any change that may
have added an earlier timer. Time comes from `discord.utils.utcnow()` and the sleep is
`asyncio.sleep`, so SimCord's virtual time drives it in tests; a restart simply starts the
loop again from what the database holds.
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Protocol

import discord

from persistence import Unavailable

from .desk import Announced, Served

if TYPE_CHECKING:
    from bot.settings import Settings

log = logging.getLogger(__name__)
MIN_SLEEP_S = 1.0
OUTAGE_RETRY_S = 10.0  # while the database is away, the clock looks again this often


class ClockDesk(Served, Announced, Protocol):
    """What the clock needs of the bot: the service's timers, its settings, and the announcer
    that tells what they did."""

    settings: Settings


class Scheduler:
    def __init__(self, bot: ClockDesk) -> None:
        self.bot = bot
        self._task: asyncio.Task | None = None
        self._sleeping = False
        self._stopped = False
        self._dirty = False

    def start(self) -> None:
        self._stopped = False
        self._spawn()

    def _spawn(self) -> None:
        self._task = asyncio.create_task(self._run(), name="turn-clock")

    def poke(self) -> None:
        """Something changed: recompute the next due time now (only interrupts a sleep)."""
        if self._stopped or self._task is None:
            return
        self._dirty = True
        if self._sleeping and not self._task.done():
            self._task.cancel()
            self._spawn()

    async def stop(self) -> None:
        self._stopped = True
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass

    async def _run(self) -> None:
        """Sleep until the next timer is due, fire what is due, repeat. A poke restarts this
        at the top: it only looks at the next due time again and fires nothing early."""
        while not self._stopped:
            self._dirty = False
            try:
                due = await self.bot.service.next_due_at()
                now = discord.utils.utcnow().timestamp()
                if due is not None and due <= now:
                    fired = await self.tick()
                    if fired or self._dirty:
                        continue
                    delay = MIN_SLEEP_S  # still due but nothing fired (claimed elsewhere): never spin
                else:
                    delay = self.bot.settings.scheduler_max_sleep_s if due is None else due - now
            except asyncio.CancelledError:
                raise
            except Unavailable:  # the store logged the outage; the clocks wait for the database
                delay = OUTAGE_RETRY_S
            except Exception:
                log.exception("turn clock tick failed")
                delay = MIN_SLEEP_S
            if self._dirty:
                continue  # a change arrived while we were busy: look again before sleeping
            self._sleeping = True
            try:
                await asyncio.sleep(min(delay, self.bot.settings.scheduler_max_sleep_s))
            finally:
                self._sleeping = False

    async def tick(self) -> int:
        """Fire everything due now and announce it, one batch per table (a reminder and the
        expiry that follows it are told in order). Returns how many notices there were."""
        now = discord.utils.utcnow().timestamp()
        notices = await self.bot.service.fire_due(now)
        by_table: dict[int, list] = {}
        for notice in notices:
            by_table.setdefault(notice.table_id, []).append(notice)
        for table_id, batch in by_table.items():
            changed = any(n.kind != "reminder" for n in batch)
            self.bot.announcer.publish(table_id, batch, board=changed)
        return len(notices)
