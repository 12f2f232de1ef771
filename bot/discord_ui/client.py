"""The discord.py client: opens the store, builds the table service and wires the front end.

`create_bot(Settings(token=..., database_url=...))` is what `python -m bot` and the tests use.
No privileged intents: the bot works from interactions only.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

import persistence
from bot.settings import Settings
from tables import TableService, cpu, runtime
from tables.remote_search import RemoteRunner

from . import channel_watch, items
from .announce import Announcer
from .cogs.admin import AdminCog
from .cogs.game import GameCog
from .errors import install_tree_error_handler
from .live_hands import LiveHands
from .pictures_cache import PictureCache
from .prefs_cache import PrefsCache
from .replies import install_deadline_guard
from .router import Router
from .scheduler import Scheduler
from .sync import sync_commands
from .translator import CatalogueTranslator

if TYPE_CHECKING:
    from .desk import Desk

log = logging.getLogger(__name__)
QUEUE_REPORT_S = 60.0  # how often the log says how computer players' decisions wait


def virtual_clock() -> float:
    """Epoch seconds from discord.utils.utcnow(), which SimCord's virtual time drives."""
    return discord.utils.utcnow().timestamp()


class CardTableBot(commands.AutoShardedBot):
    """Sharded from the start: one process runs every shard (Discord's recommended count) unless
    SHARD_COUNT / SHARD_IDS split them over several processes sharing one PostgreSQL."""

    def __init__(self, settings: Settings, freeze_gc: bool = False) -> None:
        # a card table never joins voice: no "PyNaCl / davey is not installed" warning on every start
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.default()  # no privileged intents: no members, presences or message content
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                         shard_count=settings.shard_count,
                         # discord.py's hints say list[int]; it documents and takes None (every shard)
                         shard_ids=settings.shard_ids)  # type: ignore[arg-type]
        self.settings = settings
        # `python -m bot` freezes what start-up built; tests, which build many bots in one process, do not
        self.freeze_gc = freeze_gc
        self._caches_frozen = False
        # both made in `setup_hook`, before the bot connects: no command, click or event comes sooner
        self.store: persistence.Store | None = None
        self._service: TableService | None = None
        self._queue_report: asyncio.Task | None = None
        self.router = Router(self)
        self.pictures = PictureCache(workers=settings.picture_workers)
        self.hands = LiveHands(virtual_clock)
        self.announcer = Announcer(self)
        self.scheduler = Scheduler(self)
        self.prefs = PrefsCache(self)
        channel_watch.install(self)

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise RuntimeError("the table service is made in setup_hook")
        return self._service

    @staticmethod
    async def _warm(store: persistence.Store) -> None:
        """The pool's connections opened and their move statement prepared before Discord's first
        events (PostgreSQL; SQLite has nothing to open): the first burst after a restart would
        otherwise queue behind connecting (README, throughput). A server that refuses that many
        connections now only slows the first moves, as before: a warning, not a failed start."""
        try:
            await store.db.warm()
        except Exception as exc:  # noqa: BLE001 - an optimisation; the pool opens connections as moves need them
            log.warning("the database pool was not warmed at start (%s: %s); connections open as moves need them",
                        type(exc).__name__, exc)

    async def setup_hook(self) -> None:
        # with SHARD_IDS, timers and undelivered notices are those of this process's shards only
        cpu.configure_pool(self.settings.search_workers, ceiling_s=self.settings.search_ceiling_s)
        self.pictures.start()  # the picture workers spawn while the bot connects
        shards = self.settings.shards()
        self.store = store = await persistence.open_store(self.settings.database_url, shards=shards)
        await self._warm(store)
        runner = None
        if self.settings.search_queue == "postgres":  # no search workers here: `python -m bot.worker` thinks
            runner = await RemoteRunner.open(store.db, self.settings.database_url)
        # one process serving every shard is the only writer of its tables (no check read before a move)
        self._service = TableService(store, clock=virtual_clock, sole_writer=shards is None, cpu_runner=runner)
        # computer seats move after the click is answered: the board follows them
        self.service.on_automatic = self.announcer.automatic
        self.service.on_thinking = self.announcer.thinking
        self.add_dynamic_items(*items.ALL)
        await self.add_cog(GameCog(self))
        await self.add_cog(AdminCog(self))
        await self.tree.set_translator(CatalogueTranslator())
        install_tree_error_handler(self)
        install_deadline_guard(self.tree)
        await sync_commands(self, self.tree, self.settings.sync_commands, self.settings.dev_guild_id)
        await self.service.recover()  # robot moves a crash interrupted (their notices are in the outbox)
        await self.announcer.deliver_pending()  # whatever a crash kept from being told
        self.scheduler.start()
        self._queue_report = asyncio.create_task(self._report_search_queue(), name="search-queue-report")
        if self.freeze_gc:  # modules, schemas, card data: never walked by a collection again (tables/runtime.py)
            runtime.freeze_startup_objects()

    async def _report_search_queue(self, every_s: float = QUEUE_REPORT_S) -> None:
        """One log line a minute while computer seats think: decisions answered, waiting now,
        and how long they waited for a worker. Operators add workers when the wait grows."""
        while True:
            await asyncio.sleep(every_s)
            figures = self.service.cpu.stats.recent(since=time.time() - every_s)
            if figures.answered or figures.waiting:
                log.info("computer players: %d decisions in the last minute, %d waiting now, waited p50 %.1f s, "
                         "p95 %.1f s for one of %d search workers; %d searches cut short by the %.0f s ceiling",
                         figures.answered, figures.waiting, figures.wait_p50_s, figures.wait_p95_s,
                         self.service.cpu.search_processes(), figures.cut_short, self.service.cpu.ceiling_s)
            if figures.cut_short:
                log.warning("computer players: %d searches hit the %.0f s ceiling before their iterations and played "
                            "weaker; add search workers (SEARCH_WORKERS) or cores", figures.cut_short,
                            self.service.cpu.ceiling_s)

    async def on_ready(self) -> None:
        """Once every shard is ready the guild caches are built: they live as long as the
        process, so the collector stops walking them too (the first time only)."""
        if self.freeze_gc and not self._caches_frozen:
            self._caches_frozen = True
            runtime.freeze_startup_objects()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click whose custom_id no control class accepts (forged, cut short, oversized, from
        an older bot) is refused here; the matching ones are answered by their classes."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(interaction.data.get("custom_id", "") if interaction.data else "")
        if not items.matches_any(custom_id):
            await self.router.invalid_control(interaction)

    async def on_message(self, message: discord.Message) -> None:
        """Count messages below a table's board (no message content is read), so a board that
        has scrolled away moves down on the next turn."""
        self.announcer.seen_message(message.channel.id, message.id)

    async def close(self) -> None:
        if self._queue_report is not None:
            self._queue_report.cancel()
        await self.scheduler.stop()
        if self._service is not None:
            await self._service.stop_automatic()  # resumed at the next start (`recover`)
            close_runner = getattr(self._service.cpu, "close", None)
            if close_runner is not None:  # the job table's runner: its listening connection
                await close_runner()
        self.announcer.stop()
        await self.announcer.drain()
        if self.store is not None and self._service is not None:
            await self.announcer.delivery.release()  # notices waiting for a retry: the next process tells them
        await super().close()
        self.pictures.close()
        if self.store is not None:
            store, self.store = self.store, None
            await store.close()


def create_bot(settings: Settings, freeze_gc: bool = False) -> CardTableBot:
    """The bot for these settings; nothing is opened until it logs in. `freeze_gc`: the
    process is this bot's own (`python -m bot`), see tables/runtime.py."""
    return CardTableBot(settings, freeze_gc=freeze_gc)


if TYPE_CHECKING:
    def _a_desk(bot: CardTableBot) -> Desk:
        """For mypy only: the bot offers everything the desk names (`desk_of` takes it on trust)."""
        return bot
