"""`python -m bot`: run the Discord bot (or explain how to get a token, or play in the terminal).

    python -m bot           run with DISCORD_TOKEN from the environment or .env
    python -m bot --sync    upload the slash commands now, then run
"""
from __future__ import annotations

import argparse
import logging
import sys

from bot.i18n import t

from .startup import EXIT_INTERRUPTED, StartupError, check_database, check_token, load_settings, run_bot, say


def no_token_message() -> str:
    return "\n\n".join([t("main.no_token", "en"), t("main.no_token", "ja")])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bot", description="Run the card-table Discord bot.")
    ap.add_argument("--sync", action="store_true", help="upload the slash commands on this start")
    args = ap.parse_args(argv)
    try:
        settings = load_settings()
        if not settings.token:
            print(no_token_message(), file=sys.stderr)
            return 2
        check_token(settings.token)
        if args.sync:
            settings = settings.model_copy(update={"sync_commands": "always"})
        logging.basicConfig(level=settings.log_level,
                            format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        check_database(settings.database_url)
        run_bot(settings)
    except StartupError as error:
        say(error.lines())
        return error.code
    except KeyboardInterrupt:
        say([t("operator.interrupted", "en"), t("operator.interrupted", "ja")])
        return EXIT_INTERRUPTED
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
