"""`python -m bot`: run the Discord bot (or explain how to get a token, or play in the terminal).

    python -m bot           run with DISCORD_TOKEN from the environment or .env
    python -m bot --sync    upload the slash commands now, then run
"""
from __future__ import annotations

import argparse
import logging
import sys

from pydantic import ValidationError

from bot.i18n import t

from .settings import Settings


def no_token_message() -> str:
    return "\n\n".join([t("main.no_token", "en"), t("main.no_token", "ja")])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bot", description="Run the card-table Discord bot.")
    ap.add_argument("--sync", action="store_true", help="upload the slash commands on this start")
    args = ap.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:  # one clear line per problem, no traceback
        for problem in error.errors():
            where = ".".join(str(part) for part in problem["loc"]).upper()
            message = problem["msg"].removeprefix("Value error, ")
            print(f"Invalid setting {where}: {message}" if where else f"Invalid settings: {message}", file=sys.stderr)
        return 2
    if not settings.token:
        print(no_token_message(), file=sys.stderr)
        return 2
    if args.sync:
        settings = settings.model_copy(update={"sync_commands": "always"})
    logging.basicConfig(level=settings.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from .discord_ui.client import create_bot

    bot = create_bot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
