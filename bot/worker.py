"""`python -m bot.worker`: think for the computer seats of bots that queue their decisions in
PostgreSQL (`SEARCH_QUEUE=postgres` on the bots). Run it on any machine that reaches the
database, as many as the queue needs (README: Running at scale).

It reads the bot's settings (environment or `.env`): `DATABASE_URL` (the bots' PostgreSQL),
`SEARCH_WORKERS` (searches at once, one process each; default one per core), `SEARCH_CEILING_S`,
`SEARCH_LEASE_S`
and `LOG_LEVEL`; it needs no Discord token. SIGTERM or Ctrl-C stops it: the jobs in hand go
back to the queue for another worker.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal

from bot.i18n import t
from persistence.db import check_url

from .settings import Settings
from .startup import EXIT_CONFIG, EXIT_INTERRUPTED, StartupError, check_database, hide_password, load_settings, say


async def serve(settings: Settings, stop: asyncio.Event | None = None) -> None:
    from tables.remote_search import open_worker

    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform, or not the main thread
            pass
    worker = await open_worker(settings.database_url, slots=settings.search_workers, lease_s=settings.search_lease_s,
                                 ceiling_s=settings.search_ceiling_s)
    try:
        await worker.run(stop)
    finally:
        await worker.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bot.worker",
                                 description="Think for the computer seats of bots that share this PostgreSQL "
                                             "database (SEARCH_QUEUE=postgres).")
    ap.parse_args(argv)
    try:
        settings = load_settings()
        logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        try:
            postgres = check_url(settings.database_url) == "postgres"
        except ValueError:
            postgres = False
        if not postgres:
            raise StartupError("operator.worker_needs_postgres", EXIT_CONFIG, url=hide_password(settings.database_url))
        check_database(settings.database_url)  # reachable, and its job table migrated
        from tables import runtime
        runtime.tune_gc()
        asyncio.run(serve(settings))
    except StartupError as error:
        say(error.lines())
        return error.code
    except KeyboardInterrupt:
        say([t("operator.interrupted", "en"), t("operator.interrupted", "ja")])
        return EXIT_INTERRUPTED
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
