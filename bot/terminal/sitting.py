"""One sitting at the terminal: the game loop of `python -m bot.local`, played through the
table service like any front end. The service deals, checks and commits every move, plays
the computer seats and the moves that have one answer, takes moves back and gives hints;
this loop shows a person what their seat may see, asks them, and hands their answer in.

Every automatic move (a computer's, a forced one) is made before the person is asked
(`settle`), so a seeded game plays the same every time. The loop runs on an event loop of
its own and blocks it while it waits for the keyboard: nothing else runs at this table.

What it shows comes from the table's read model (`tables.read_model`): a seat's view, the
decisions it owes, the game's lines beside the board and the result; the rules are asked
nothing here but the text of a view (`Game.render`) and of the rules (`help`)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from bot.hints import choice_text, explanation, hint_lines
from bot.i18n import t
from games.kit import Event, Game, Prompt
from tables import ActResult, Table, TableError, TableService
from tables.chains import FORCED_EVENT
from tables.read_model import TableRead, read

from .help import help_text
from .plain import plain, with_names
from .questions import (
    AskHint,
    Quit,
    Undo,
    confirm_prompt,
    format_prompt,
    needs_confirming,
    only_choice,
    read_choice,
    undo_hint,
)

EXIT_DONE = 0  # the game ended, or the player quit with q or end of input


class Sitting:
    """The people at this keyboard (`humans`) playing table `table` of `svc`."""

    def __init__(self, svc: TableService, game: Game, table: Table, humans: set[str], names: dict[str, str],
                 lang: str, learn: bool, ask: Callable[[str], str], out: TextIO) -> None:
        self.svc, self.game, self.table = svc, game, table
        self.humans, self.names, self.lang, self.learn = humans, names, lang, learn
        self.ask, self.out = ask, out
        self.said_notes: dict[str | None, list[str]] = {}
        self.lone: set[int] = set()  # log entries of answers the terminal made as a person's only one
        svc.on_automatic = self.automatic

    # ---- what is printed -------------------------------------------------------
    def say(self, text: str = "") -> None:
        """A line as the terminal prints it: seats by their names (P1, P2, …), never by id."""
        print(with_names(text, self.names), file=self.out)

    def show_board(self, seen: TableRead, viewer: str | None, everything: bool = False) -> None:
        """The board and its status lines, then the notes this viewer has not seen yet (all
        of them again when asked with `v`)."""
        lang = self.lang
        sight = seen.seen_by(viewer)
        self.say(plain(self.game.render(sight.view, lang)))
        for status in sight.status:
            self.say(status.get(lang))
        lines = [note.get(lang) for note in sight.notes]
        for line in lines:
            if everything or line not in self.said_notes.get(viewer, []):
                self.say(line)
        self.said_notes[viewer] = lines

    def show_events(self, events: list[Event]) -> None:
        """What happened, as far as anyone at this keyboard may know."""
        for event in events:
            if event.kind != FORCED_EVENT and (event.to is None or any(p in self.humans for p in event.to)):
                self.say(f"  · {plain(event.text.get(self.lang))}")

    def automatic(self, result: ActResult) -> None:
        """The service made a move by itself (a computer's, or a person's only possible one):
        said as the terminal says a move, a person's lone answer with the board they had."""
        before, self.table = self.table, result.table
        for entry in result.actions:
            if entry.player in self.humans and any(e.kind == FORCED_EVENT for e in entry.events):
                seen = read(before)
                self.say()
                self.show_board(seen, entry.player)
                self.say_only_choice(seen.owed(entry.player), entry.prompt_id, entry.choice)
        self.show_events(result.events)

    def say_only_choice(self, prompts: list[Prompt], prompt_id: str, choice: list[str]) -> None:
        prompt = next(p for p in prompts if p.id == prompt_id)
        self.say(t("terminal.only_choice", self.lang, question=plain(prompt.text.get(self.lang)),
                   option=plain(choice_text(prompts, prompt_id, choice, self.lang))))

    # ---- hints -----------------------------------------------------------------
    async def hint_line(self, prompt: Prompt, again: bool) -> str | None:
        """The table's hint for the decision on screen (the strong player's choice and why,
        from the seat's own information), or None when it was given already and not `again`."""
        try:
            given = await self.svc.hint(self.table.id, prompt.player, again=again)
        except TableError as error:
            if error.key == "hint.used":
                return None
            raise
        line, why = hint_lines(read(self.table).owed(prompt.player), given, self.lang)
        return plain(line) + (f"（{why}）" if self.lang == "ja" else f"  ({why})")

    async def give_hint(self, prompt: Prompt) -> None:
        line = await self.hint_line(prompt, again=False)
        self.say(line if line is not None else t("terminal.hint_used", self.lang))

    async def guide(self, prompt: Prompt) -> list[str]:
        """A guided game's lines under a question: the rules' words about it, and its hint."""
        line = await self.hint_line(prompt, again=True)
        return [plain(t("learn.explain", self.lang, text=explanation(self.game, [prompt], self.lang))),
                *([line] if line is not None else [])]

    # ---- undo ------------------------------------------------------------------
    async def undoable(self, player: str) -> int:
        """How many moves `u` takes back for `player` now: the table's latest moves while they
        are answers the terminal made for them (their only one, which it would make again at
        once), then their own last choice; 0 when the table would not take them all back."""
        seen = await self.svc.read(self.table)
        last = seen.last_move
        if last is None or not seen.undo_offered(player):
            return 0
        if last.seq not in self.lone:
            return 1
        count = 0
        for entry in reversed(await self.svc.log(self.table.id, limit=50, viewer=player)):
            if entry.undone:
                continue
            if entry.player != player or entry.auto or not entry.undoable:
                return 0
            count += 1
            if entry.seq not in self.lone:
                return count
        return 0

    async def undo(self, player: str, count: int) -> None:
        for _ in range(count):
            self.table = (await self.svc.undo(self.table.id, player, self.table.version)).table

    # ---- the game --------------------------------------------------------------
    async def run(self) -> int:
        """Ask the people at the keyboard until the game ends or they quit."""
        while True:
            await self.svc.settle(self.table.id)
            self.table = await self.svc.get(self.table.id)
            if self.table.status != "running":
                break
            seen = read(self.table)
            mine = [p for player in seen.owing if player in self.humans for p in seen.owed(player)]
            if not mine:  # (the service owes a move it could not make: nothing to ask)
                break
            if not await self.turn(seen, mine[0]):
                self.say(t("terminal.bye", self.lang))
                return EXIT_DONE
        self.say()
        final = read(self.table)
        self.show_board(final, None)
        outcome = final.outcome
        if outcome is not None:
            self.say(t("terminal.result", self.lang, summary=plain(outcome.summary.get(self.lang))))
        return EXIT_DONE

    async def turn(self, seen: TableRead, prompt: Prompt) -> bool:
        """Show the board, ask `prompt` and hand the answer in (or take the last move back).
        False: the person quit."""
        lang, say = self.lang, self.say
        say()
        self.show_board(seen, prompt.player)
        choice = only_choice(prompt)
        lone = choice is not None
        if choice is not None:
            say(t("terminal.only_choice", lang, question=plain(prompt.text.get(lang)),
                  option=plain(prompt.options[0].label.get(lang))))
        else:
            moves_back = await self.undoable(prompt.player)
            offer = moves_back > 0
            guide = await self.guide(prompt) if self.learn else []

            def question() -> None:
                say(format_prompt(prompt, lang))
                if offer:
                    say(undo_hint(lang))
                for line in guide:
                    say(line)

            def board_and_question() -> None:
                self.show_board(seen, prompt.player, everything=True)
                question()

            def rules_and_question() -> None:
                say(help_text(self.game, lang))
                say()
                question()

            question()
            try:
                while True:
                    try:
                        choice = read_choice(prompt, self.ask, lang, board_and_question, say, rules_and_question,
                                             offer, hints=True)
                        break
                    except AskHint:
                        await self.give_hint(prompt)
                drastic = needs_confirming(prompt, choice)
                if drastic is not None:
                    confirm = confirm_prompt(prompt, drastic)
                    say(format_prompt(confirm, lang))
                    if read_choice(confirm, self.ask, lang, lambda: say(format_prompt(confirm, lang)), say) != ["yes"]:
                        say(t("terminal.not_confirmed", lang))
                        return True
            except Undo:
                try:
                    await self.undo(prompt.player, moves_back)
                except TableError as error:  # (nobody else moves here: the table would refuse only a bug)
                    say(error.message(lang))
                    return True
                say(t("terminal.took_back", lang))
                return True
            except (Quit, EOFError):
                return False
        try:
            result = await self.svc.act(self.table.id, prompt.player, self.table.version, prompt.id, choice)
        except TableError as error:  # cannot happen for listed options, but never crash a game
            say(error.message(lang))
            return True
        self.table = result.table
        if lone:
            self.lone.update(entry.seq for entry in result.actions)
        self.show_events(result.events)
        return True
