"""Play any registered game in a terminal, no Discord needed.

    python -m bot.local ganymede --mode coop --lang ja --seed 7

Seat 1 is you; the other seats are computer players (`--ai random|greedy|strong`, default
strong, thinking `--think` seconds a move) unless `--humans N` makes them hot-seat humans.
Each decision lists numbered options; answer with the number(s) separated by spaces (an empty
line for "none" where that is allowed), `v` to see the board again, `h` for a hint (the strong
computer's choice and why, one per decision), `help` for the rules and what the symbols mean,
`q` to quit. `--learn` plays a guided game: each decision is explained in the rules' own words
and comes with its hint, against a computer that plays sensibly (`greedy` unless `--ai` says).
A decision with one possible answer is made for the player (and said); an answer that ends the
game for them (Concede) is confirmed first.

The game is a table of the table service (`tables`), over an in-memory store: the service deals,
checks every move, plays the computer seats, takes moves back and gives the hints, as it does on
Discord (`bot/terminal/sitting.py`).

Exit codes: 0 when the game ends or the player quits (`q`, end of input), 2 for options or a
replay file that cannot be used, 130 for Ctrl-C.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
from collections.abc import Callable
from typing import TextIO

from pydantic import BaseModel

from bot.i18n import Span, t
from bot.terminal.errors import TerminalError
from bot.terminal.options import SHORTCUT_OPTIONS, BadOptions, RegistryHelp, build_options
from bot.terminal.questions import format_prompt, read_choice  # noqa: F401 (how a question is asked and read)
from bot.terminal.sitting import EXIT_DONE, Sitting  # noqa: F401 (EXIT_DONE: one of the exit codes)
from bot.terminal.table import MEMORY_STORE, open_table, person, seat_names
from games import registry
from games.kit import Game, ai
from persistence import open_store
from tables import TableService
from tables.cpu import CpuRunner

CPU_ITERATIONS: int | None = None  # None: think for --think seconds; tests set a fixed count
DEFAULT_AI = ai.DEFAULT_LEVEL
EXIT_BAD_OPTIONS = 2
EXIT_INTERRUPTED = 130
STOP_WAIT_S = 5.0  # after a Ctrl-C: how long the table may take to close


LEARN_AI = "greedy"  # a guided game's computer seats, unless --ai names a level


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m bot.local", description="Play a card game in the terminal.",
                                 formatter_class=RegistryHelp)
    ap.add_argument("game", choices=registry.KEYS, nargs="?")
    ap.add_argument("--replay", metavar="FILE", help="replay a finished game's log downloaded from the bot and print its result")
    ap.add_argument("--players", type=int, help="number of seats (default: the game's minimum for these options)")
    ap.add_argument("--humans", type=int, default=1, help="how many seats are humans at this keyboard (default 1)")
    ap.add_argument("--ai", choices=ai.LEVELS, default=None,
                    help="how the computer seats play (default strong; greedy in a --learn game)")
    ap.add_argument("--learn", action="store_true",
                    help="a guided game: each decision explained from the rules, with a hint")
    ap.add_argument("--think", type=float, default=1.0, metavar="SECONDS",
                    help="the strong computer's thinking time per move (default 1)")
    ap.add_argument("--lang", choices=("en", "ja"), default="en")
    ap.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    for name in SHORTCUT_OPTIONS:  # their help comes from the registry (RegistryHelp)
        ap.add_argument(f"--{name}", help=name)
    ap.add_argument("--preset", help="preset")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="any other game option")
    args = ap.parse_args(argv)
    if args.game is None and args.replay is None:
        ap.error("name a game to play, or --replay FILE")
    if args.ai is None:
        args.ai = LEARN_AI if args.learn else DEFAULT_AI
    return args


def player_count(game: Game, options: BaseModel, asked: int | None, lang: str) -> int:
    low, high = game.player_range(options)
    count = asked or low
    if not low <= count <= high:
        raise BadOptions(t("terminal.players_range", lang, game=game.names[lang], players=Span(low, high),
                           count=count))
    return count


def play(args: argparse.Namespace, ask: Callable[[str], str] = input, out: TextIO = sys.stdout) -> int:
    """One game at this keyboard, through the table service over an in-memory store (its own
    event loop, blocked while the keyboard is read: a Ctrl-C there stops the game at once)."""
    game = registry.get(args.game)
    lang = args.lang
    options = build_options(game, args, lang)
    count = player_count(game, options, args.players, lang)
    humans = max(1, min(args.humans, count))
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(_sitting(args, game, options, count, humans, seed, ask, out))
    except KeyboardInterrupt:  # (at the keyboard, or while a computer thought): the table closes first
        _stop(loop)
        raise
    finally:
        loop.close()


def _stop(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what still runs on `loop` and let it finish (the sitting closes its store)."""
    tasks = asyncio.all_tasks(loop)
    if not tasks:  # (interrupted at the keyboard: the sitting has closed already)
        return
    for task in tasks:
        task.cancel()
    done, _ = loop.run_until_complete(asyncio.wait(tasks, timeout=STOP_WAIT_S))
    for task in done:  # (their interrupt or cancellation: nothing left to report)
        if not task.cancelled():
            task.exception()


async def _sitting(args: argparse.Namespace, game: Game, options: BaseModel, count: int, humans: int, seed: int,
                   ask: Callable[[str], str], out: TextIO) -> int:
    lang = args.lang
    learn = bool(getattr(args, "learn", False))
    store = await open_store(MEMORY_STORE)
    svc = TableService(store, cpu_runner=CpuRunner(budget_s=args.think, iterations=CPU_ITERATIONS, inline=True),
                       sole_writer=True)  # (nobody else writes this store: no check before each read)
    try:
        table = await open_table(svc, game, options, humans, count - humans, args.ai, learn)
        sitting = Sitting(svc, game, table, {person(n) for n in range(1, humans + 1)}, seat_names(table), lang,
                          learn, ask, out)
        sitting.say(t("terminal.title", lang, game=game.names[lang], seed=seed))
        if getattr(args, "preset", None):
            sitting.say(t("terminal.preset_line", lang, preset=args.preset))
        sitting.say(t("terminal.keys", lang))
        sitting.say(t("terminal.hint_key", lang))
        if learn:
            sitting.say(t("terminal.learn_intro", lang))
        sitting.table = (await svc.start(table.id, person(1), seed=seed)).table
        return await sitting.run()
    finally:
        await svc.stop_automatic()
        await store.close()


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    args = parse_args(argv)
    try:
        if args.replay:
            from bot.local_replay import print_replay
            return print_replay(args.replay, args.lang, out or sys.stdout)
        return play(args, out=out or sys.stdout)
    except TerminalError as error:
        print(error.text, file=sys.stderr)
        return EXIT_BAD_OPTIONS
    except KeyboardInterrupt:
        print("\n" + t("terminal.interrupted", args.lang), file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    code = main()
    if code == EXIT_INTERRUPTED:
        # a Ctrl-C may land anywhere, also in the middle of the store's thread hand-over: the
        # command ends now rather than wait for a thread it may have left stuck (the table was
        # only in memory)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    raise SystemExit(code)
