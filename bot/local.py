"""Play any registered game in a terminal, no Discord needed.

    python -m bot.local ganymede --mode coop --lang ja --seed 7

Seat 1 is you; the other seats are computer players (`--ai random|greedy|strong`, default
strong, thinking `--think` seconds a move) unless `--humans N` makes them hot-seat humans.
Each decision lists numbered options; answer with the number(s) separated by spaces (an empty
line for "none" where that is allowed), `v` to see the board again, `h` for a hint (the strong
computer's choice and why, one per decision), `help` for the rules and what the symbols mean,
`q` to quit. `--learn` plays a guided game: each decision is explained in the rules' own words
and comes with its hint, against a computer that plays sensibly (`greedy` unless `--ai` says). A decision with one possible answer is made for the player
(and said); an answer that ends the game for them (Concede) is confirmed first.

Exit codes: 0 when the game ends or the player quits (`q`, end of input), 2 for options or a
replay file that cannot be used, 130 for Ctrl-C.
"""
from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from typing import TextIO

from bot.hints import explanation, hint_lines
from bot.i18n import Span, t
from bot.terminal.errors import TerminalError
from bot.terminal.help import HELP_WORDS, help_text
from bot.terminal.options import SHORTCUT_OPTIONS, BadOptions, RegistryHelp, build_options
from bot.terminal.plain import plain
from bot.terminal.status import notes, status_lines
from games import registry
from games.kit import Game, IllegalAction, Option, Prompt, T, Text, ai
from games.kit.undo import undo_refusal

CPU_ITERATIONS: int | None = None  # None: think for --think seconds; tests set a fixed count
DEFAULT_AI = ai.DEFAULT_LEVEL
EXIT_DONE = 0            # the game ended, or the player quit with q or end of input
EXIT_BAD_OPTIONS = 2
EXIT_INTERRUPTED = 130
CONFIRM_KEYS = ("concede", "resign")   # answers that end the game for the player: asked twice


class Quit(Exception):
    """The human typed q."""


class Undo(Exception):
    """The human typed u (only accepted when undo was offered)."""


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


def format_prompt(prompt: Prompt, lang: str) -> str:
    lines = [f"[{prompt.player}] {plain(prompt.text.get(lang))}"]
    for i, option in enumerate(prompt.options, 1):
        detail = f" — {plain(option.detail.get(lang))}" if option.detail else ""
        lines.append(f"  {i}. {plain(option.label.get(lang))}{detail}")
    hint = how_to_answer(prompt, lang)
    if hint:
        lines.append(hint)
    return "\n".join(lines)


def how_to_answer(prompt: Prompt, lang: str) -> str:
    """The line under the options when the answer is not simply one number: how many, whether
    order counts, and what an empty line means where it is allowed."""
    lo, hi = prompt.min, min(prompt.max, len(prompt.options))
    if lo == hi == 1:
        return ""
    if lo == 0 and hi == 1:
        hint = t("terminal.choose_one_or_none", lang)
    elif lo == 0:
        hint = t("terminal.choose_up_to", lang, hi=hi)
    elif lo == hi:
        hint = t("terminal.choose_exact", lang, n=lo)
    else:
        hint = t("terminal.choose_range", lang, count=Span(lo, hi))
    return hint + (t("terminal.in_order", lang) if prompt.ordered and hi > 1 else "")


def retry_text(prompt: Prompt, lang: str) -> str:
    """What to type instead, naming the numbers actually on screen (never "1–1")."""
    count = len(prompt.options)
    lo, hi = prompt.min, min(prompt.max, count)
    numbers = Span(1, count)
    if lo == hi == 1:
        return t("terminal.retry_only", lang) if count == 1 else t("terminal.retry_one", lang, numbers=numbers)
    if lo == 0:
        return t("terminal.retry_up_to", lang, hi=hi, numbers=numbers)
    if lo == hi:
        return t("terminal.retry_exact", lang, n=lo, numbers=numbers)
    return t("terminal.retry_range", lang, count=Span(lo, hi), numbers=numbers)


def undo_hint(lang: str) -> str:
    return t("terminal.undo_hint", lang)


def read_choice(prompt: Prompt, ask: Callable[[str], str], lang: str, show_board: Callable[[], None],
                say: Callable[[str], None] = print, show_help: Callable[[], None] | None = None,
                can_undo: bool = False, show_hint: Callable[[], None] | None = None) -> list[str]:
    """Ask until the answer names between min and max distinct listed options.

    `show_board` runs on `v` (it should show the board and the question again), `show_help`
    on `help`, `show_hint` on `h`; `say` writes the "please enter" hint to the same place as
    everything else. `u` raises Undo when `can_undo`.
    """
    while True:
        answer = ask("> ").strip().lower()
        if answer == "q":
            raise Quit
        if answer == "u" and can_undo:
            raise Undo
        if answer == "h" and show_hint is not None:
            show_hint()
            continue
        if answer == "v":
            show_board()
            continue
        if answer in HELP_WORDS and show_help is not None:
            show_help()
            continue
        tokens = [t for t in answer.replace(",", " ").split() if t != "0"]
        if all(t.isascii() and t.isdigit() and 1 <= int(t) <= len(prompt.options) for t in tokens):
            picked = [prompt.options[int(t) - 1].key for t in tokens]
            if len(set(picked)) == len(picked) and prompt.min <= len(picked) <= prompt.max:
                return picked
        say(retry_text(prompt, lang))


def only_choice(prompt: Prompt) -> list[str] | None:
    """The answer when there is exactly one ("1. Done" alone): nothing to ask."""
    if len(prompt.options) == 1 and prompt.min >= 1:
        return [prompt.options[0].key]
    return None


def confirm_prompt(prompt: Prompt, option: Option) -> Prompt:
    """A yes/no question before an answer that ends the game for the player (Concede), asked
    like any other question (numbered options), so a slip of the finger changes nothing."""
    def both(key: str) -> Text:
        return T(t(key, "en", option=option.label.get("en")), t(key, "ja", option=option.label.get("ja")))
    return Prompt(id="confirm", player=prompt.player, text=both("terminal.confirm"),
                  options=[Option(key="yes", label=both("terminal.confirm_yes")),
                           Option(key="no", label=both("terminal.confirm_no"))])


def needs_confirming(prompt: Prompt, choice: list[str]) -> Option | None:
    picked = [prompt.option(key) for key in choice]
    return next((o for o in picked if o is not None and (o.key in CONFIRM_KEYS or o.group in CONFIRM_KEYS)), None)


def player_count(game: Game, options: object, asked: int | None, lang: str) -> int:
    low, high = game.player_range(options)
    count = asked or low
    if not low <= count <= high:
        raise BadOptions(t("terminal.players_range", lang, game=game.names[lang], players=Span(low, high),
                           count=count))
    return count


def play(args: argparse.Namespace, ask: Callable[[str], str] = input, out: TextIO = sys.stdout) -> int:
    game = registry.get(args.game)
    lang = args.lang
    options = build_options(game, args, lang)
    count = player_count(game, options, args.players, lang)
    humans = max(1, min(args.humans, count))
    players = [f"P{i}" for i in range(1, count + 1)]
    human_seats = set(players[:humans])
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    state = game.setup(players, options, seed)
    # states before the latest moves that may still be taken back, newest last: (player, state)
    undoable: list[tuple[str, object]] = []

    def say(text: str = "") -> None:
        print(text, file=out)

    said_notes: dict[str | None, list[str]] = {}

    def show_board(viewer: str | None = None, everything: bool = False) -> None:
        """The board and its status lines, then the notes this viewer has not seen yet (all
        of them again when asked with `v`)."""
        view = game.view(state, viewer)
        say(plain(game.render(view, lang)))
        for line in status_lines(game, view, viewer, lang):
            say(line)
        lines = notes(game, view, viewer, lang)
        for line in lines:
            if everything or line not in said_notes.get(viewer, []):
                say(line)
        said_notes[viewer] = lines

    hinted: dict[int, str] = {}  # state version -> the hint given there: one per decision

    def give_hint(p: Prompt) -> None:
        """The strong player's choice for the decision on screen, with the search's reason
        (from the seat's information set only: `ai.advise`)."""
        if state.version in hinted:
            say(t("terminal.hint_used", lang))
            return
        advice = ai.advise(game, state, p.player, seed=seed, budget_s=args.think, iterations=CPU_ITERATIONS)
        line, why = hint_lines([q for q in game.prompts(state) if q.player == p.player], advice, lang)
        hinted[state.version] = plain(line) + (f"（{why}）" if lang == "ja" else f"  ({why})")
        say(hinted[state.version])

    def guide(p: Prompt) -> None:
        """A guided game's lines under a question: the rules' words about it, and its hint."""
        say(plain(t("learn.explain", lang, text=explanation(game, [p], lang))))
        if state.version in hinted:
            say(hinted[state.version])
        else:
            give_hint(p)

    learn = bool(getattr(args, "learn", False))
    say(t("terminal.title", lang, game=game.names[lang], seed=seed))
    if getattr(args, "preset", None):
        say(t("terminal.preset_line", lang, preset=args.preset))
    say(t("terminal.keys", lang))
    say(t("terminal.hint_key", lang))
    if learn:
        say(t("terminal.learn_intro", lang))
    while True:
        prompts = game.prompts(state)
        if not prompts:
            break
        mine = [p for p in prompts if p.player in human_seats]
        prompt = mine[0] if mine else prompts[0]
        forced = None
        if prompt.player in human_seats:
            can_undo = bool(undoable) and undoable[-1][0] == prompt.player

            def board_and_question(p: Prompt = prompt, offer: bool = can_undo) -> None:
                show_board(p.player, everything=True)
                say(format_prompt(p, lang))
                if offer:
                    say(undo_hint(lang))
                if learn:
                    guide(p)

            def rules_and_question(p: Prompt = prompt, offer: bool = can_undo) -> None:
                say(help_text(game, lang))
                say()
                say(format_prompt(p, lang))
                if offer:
                    say(undo_hint(lang))
                if learn:
                    guide(p)

            say()
            show_board(prompt.player)
            forced = only_choice(prompt)
            if forced is not None:
                say(t("terminal.only_choice", lang, question=plain(prompt.text.get(lang)),
                      option=plain(prompt.options[0].label.get(lang))))
                choice = forced
            else:
                say(format_prompt(prompt, lang))
                if can_undo:
                    say(undo_hint(lang))
                if learn:  # a guided game: the rules' words about this decision, and its hint
                    guide(prompt)
                try:
                    choice = read_choice(prompt, ask, lang, board_and_question, say, rules_and_question, can_undo,
                                         show_hint=lambda p=prompt: give_hint(p))
                    drastic = needs_confirming(prompt, choice)
                    if drastic is not None:
                        confirm = confirm_prompt(prompt, drastic)
                        say(format_prompt(confirm, lang))
                        if read_choice(confirm, ask, lang, lambda c=confirm: say(format_prompt(c, lang)), say) != ["yes"]:
                            say(t("terminal.not_confirmed", lang))
                            continue
                except Undo:
                    state = undoable.pop()[1]
                    say(t("terminal.took_back", lang))
                    continue
                except (Quit, EOFError):
                    say(t("terminal.bye", lang))
                    return EXIT_DONE
        else:  # a computer seat: its choice is its own (a face-down card, a resource's front);
            # what the table may learn of it comes from the public events below
            prompt_id, choice = ai.choose(game, state, prompt.player, level=args.ai, seed=seed, budget_s=args.think,
                                          iterations=CPU_ITERATIONS)
            prompt = next(p for p in prompts if p.id == prompt_id and p.player == prompt.player)
        try:
            before = state
            state, events = game.apply(state, prompt.player, prompt.id, choice)
        except IllegalAction as e:  # cannot happen for listed options, but never crash a game
            say(e.message(lang))
            continue
        if prompt.player in human_seats and undo_refusal(game, before, state, events, prompt.player) is None:
            if forced is None:  # `u` takes back the player's own answer, with what followed from it
                undoable.append((prompt.player, before))
        else:
            undoable.clear()  # a computer moved or something irreversible happened: what came before stands
        for event in events:
            if event.to is None or any(p in human_seats for p in event.to):
                say(f"  · {plain(event.text.get(lang))}")
    say()
    show_board(None)
    outcome = game.outcome(state)
    if outcome is not None:
        say(t("terminal.result", lang, summary=plain(outcome.summary.get(lang))))
    return EXIT_DONE


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
    raise SystemExit(main())
