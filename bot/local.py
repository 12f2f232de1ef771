"""Play any registered game in a terminal, no Discord needed.

    python -m bot.local ganymede --mode coop --lang ja --seed 7

Seat 1 is you; the other seats are computer players (`--ai random|greedy|strong`, default
strong, thinking `--think` seconds a move) unless `--humans N` makes them hot-seat humans. Each decision lists numbered options; answer with the
number(s) separated by spaces (`0` or an empty line for "none" where allowed), `v` to see
the board again, `u` to take back your last move (offered only when the rules allow it:
nothing was drawn, shuffled or shown and the turn did not pass), `q` to quit.
"""
from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from typing import TextIO

from games import registry
from games.kit import Game, IllegalAction, Prompt, ai
from games.kit.undo import undo_refusal

SHORTCUT_OPTIONS = ("mode", "set")
CPU_ITERATIONS: int | None = None  # None: think for --think seconds; tests set a fixed count
DEFAULT_AI = ai.DEFAULT_LEVEL


class Quit(Exception):
    """The human typed q."""


class Undo(Exception):
    """The human typed u (only accepted when undo was offered)."""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m bot.local", description="Play a card game in the terminal.")
    ap.add_argument("game", choices=registry.KEYS, nargs="?")
    ap.add_argument("--replay", metavar="FILE", help="replay a finished game's log downloaded from the bot and print its result")
    ap.add_argument("--players", type=int, help="number of seats (default: the game's minimum for these options)")
    ap.add_argument("--humans", type=int, default=1, help="how many seats are humans at this keyboard (default 1)")
    ap.add_argument("--ai", choices=ai.LEVELS, default=DEFAULT_AI,
                    help="how the computer seats play (default strong)")
    ap.add_argument("--think", type=float, default=1.0, metavar="SECONDS",
                    help="the strong computer's thinking time per move (default 1)")
    ap.add_argument("--lang", choices=("en", "ja"), default="en")
    ap.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    ap.add_argument("--mode", help="game mode, for games that have one (ganymede: duel, coop, three)")
    ap.add_argument("--set", help="card set, for games that have one (guns-and-steel: base, renaissance, mixed)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="any other game option")
    args = ap.parse_args(argv)
    if args.game is None and args.replay is None:
        ap.error("name a game to play, or --replay FILE")
    return args


def build_options(game: Game, args: argparse.Namespace):
    raw: dict[str, object] = {}
    for name in SHORTCUT_OPTIONS:
        value = getattr(args, name)
        if value is not None:
            raw[name] = value
    for item in args.option:
        name, _, value = item.partition("=")
        raw[name] = {"true": True, "false": False}.get(value.lower(), int(value) if value.lstrip("-").isdigit() else value)
    unknown = set(raw) - set(game.Options.model_fields)
    if unknown:
        raise SystemExit(f"{game.key} has no option(s) {', '.join(sorted(unknown))}; "
                         f"options: {', '.join(game.Options.model_fields) or 'none'}")
    return game.Options.model_validate(raw)


def format_prompt(prompt: Prompt, lang: str) -> str:
    lines = [f"[{prompt.player}] {prompt.text.get(lang)}"]
    for i, option in enumerate(prompt.options, 1):
        detail = f" — {option.detail.get(lang)}" if option.detail else ""
        lines.append(f"  {i}. {option.label.get(lang)}{detail}")
    if prompt.max > 1 or prompt.min != 1:
        lines.append(("  Choose {lo}–{hi} numbers separated by spaces." if lang == "en"
                      else "  {lo}～{hi}個の番号を空白で区切って入力してください。").format(lo=prompt.min, hi=prompt.max))
    return "\n".join(lines)


def undo_hint(lang: str) -> str:
    return "  u. Take back your last move" if lang == "en" else "  u. 直前の自分の手を取り消す"


def read_choice(prompt: Prompt, ask: Callable[[str], str], lang: str, show_board: Callable[[], None],
                say: Callable[[str], None] = print, can_undo: bool = False) -> list[str]:
    """Ask until the answer names between min and max distinct listed options.

    `show_board` runs on `v` (it should show the board and the question again); `say`
    writes the "please enter" hint to the same place as everything else. `u` raises Undo
    when `can_undo`.
    """
    while True:
        answer = ask("> ").strip().lower()
        if answer == "q":
            raise Quit
        if answer == "u" and can_undo:
            raise Undo
        if answer == "v":
            show_board()
            continue
        tokens = [t for t in answer.replace(",", " ").split() if t != "0"]
        if all(t.isdigit() and 1 <= int(t) <= len(prompt.options) for t in tokens):
            picked = [prompt.options[int(t) - 1].key for t in tokens]
            if len(set(picked)) == len(picked) and prompt.min <= len(picked) <= prompt.max:
                return picked
        ask_again = ("Please enter {lo}–{hi} of the numbers listed." if lang == "en"
                     else "表示された番号を{lo}～{hi}個入力してください。")
        say(ask_again.format(lo=prompt.min, hi=prompt.max))


def play(args: argparse.Namespace, ask: Callable[[str], str] = input, out: TextIO = sys.stdout) -> int:
    game = registry.get(args.game)
    options = build_options(game, args)
    low, high = game.player_range(options)
    count = args.players or low
    if not low <= count <= high:
        raise SystemExit(f"{game.names['en']} with these options needs {low}–{high} players.")
    humans = max(1, min(args.humans, count))
    players = [f"P{i}" for i in range(1, count + 1)]
    human_seats = set(players[:humans])
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    lang = args.lang
    state = game.setup(players, options, seed)
    # states before the latest moves that may still be taken back, newest last: (player, state)
    undoable: list[tuple[str, object]] = []

    def say(text: str = "") -> None:
        print(text, file=out)

    def show_board(viewer: str | None = None) -> None:
        say(game.render(game.view(state, viewer), lang))

    say(f"== {game.names[lang]} (seed {seed}) ==")
    while True:
        prompts = game.prompts(state)
        if not prompts:
            break
        mine = [p for p in prompts if p.player in human_seats]
        prompt = mine[0] if mine else prompts[0]
        if prompt.player in human_seats:
            can_undo = bool(undoable) and undoable[-1][0] == prompt.player

            def board_and_question(p: Prompt = prompt, offer: bool = can_undo) -> None:
                show_board(p.player)
                say(format_prompt(p, lang))
                if offer:
                    say(undo_hint(lang))

            say()
            board_and_question()
            try:
                choice = read_choice(prompt, ask, lang, board_and_question, say, can_undo)
            except Undo:
                state = undoable.pop()[1]
                say("You took back your last move." if lang == "en" else "直前の手を取り消しました。")
                continue
            except (Quit, EOFError):
                say("Bye." if lang == "en" else "終了します。")
                return 1
        else:
            prompt_id, choice = ai.choose(game, state, prompt.player, level=args.ai, seed=seed, budget_s=args.think,
                                          iterations=CPU_ITERATIONS)
            prompt = next(p for p in prompts if p.id == prompt_id and p.player == prompt.player)
            say(f"[{prompt.player}] {', '.join(prompt.option(k).label.get(lang) for k in choice) or '—'}")
        try:
            before = state
            state, events = game.apply(state, prompt.player, prompt.id, choice)
        except IllegalAction as e:  # cannot happen for listed options, but never crash a game
            say(e.message(lang))
            continue
        if prompt.player in human_seats and undo_refusal(game, before, state, events, prompt.player) is None:
            undoable.append((prompt.player, before))
        else:
            undoable.clear()  # a computer moved or something irreversible happened: what came before stands
        for event in events:
            if event.to is None or any(p in human_seats for p in event.to):
                say(f"  · {event.text.get(lang)}")
    say()
    show_board(None)
    outcome = game.outcome(state)
    if outcome is not None:
        say(("Result: " if lang == "en" else "結果: ") + outcome.summary.get(lang))
    return 0


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    args = parse_args(argv)
    if args.replay:
        from bot.local_replay import print_replay
        return print_replay(args.replay, args.lang, out or sys.stdout)
    return play(args, out=out or sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
