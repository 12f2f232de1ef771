"""Automatic moves: the moves of computer seats, of handed-over seats and the moves with one
answer, made as the table's own steps after the call that caused them (`start`), so the person
who moved is answered before any computer thinks, and no table's lock is held while a computer
thinks. Each is committed through the core's one write path, under the table's lock and the
version check.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from games.kit import Game, ai
from persistence.models import Seat, Table

from . import chains, cpu
from .core import MoveCommit, ServiceCore
from .errors import TableError
from .models import ActResult

log = logging.getLogger(__name__)
STEP_RETRIES, STEP_RETRY_S = 3, 1.0  # an automatic move that fails (not refused) is tried again


class Automatic:
    """The tables' automatic moves: started after a change, interrupted by an undo or an admin,
    awaited by `settle`, stopped when the process closes."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core
        self._stepping: dict[int, asyncio.Task] = {}  # per table: the task making them
        self._searching: set[int] = set()             # tables whose computer is thinking now
        self._dropped: dict[asyncio.Task, int] = {}   # steps cancelled (undo, admin) and not yet stopped
        self._thinking: dict[int, str] = {}           # ... and for which seat
        # front ends: told of each automatic move (its ActResult), and when a computer seat
        # starts thinking (player) or stops (None); called on the event loop, must not block
        self.on_automatic: Callable[[ActResult], Any] | None = None
        self.on_thinking: Callable[[int, str | None], Any] | None = None

    def _owed(self, table: Table, game: Game, state: Any) -> tuple[Any, Seat | None, list[str] | None] | None:
        """The automatic move owed now: (prompt, seat, None) for a computer or handed-over seat to
        think about, (prompt, None, answer) for a person's forced move (a public decision with one
        answer, `chains.forced`), or None when only people owe decisions."""
        robots = {s.user_id: s for s in table.seats if s.is_cpu or s.auto}
        open_now = self.core.prompts(game, state)
        prompt = next((p for p in open_now if p.player in robots), None)
        if prompt is not None:
            return prompt, robots[prompt.player], None
        return next(((p, None, answer) for p in open_now if (answer := chains.forced(p)) is not None), None)

    def start(self, table: Table, game: Game, state: Any) -> None:
        """After a change (the caller holds the table's lock): when a computer, a handed-over seat
        or a forced move is owed, the table's automatic steps run after this call returns, in a
        task of their own (`_steps`), so a person's move is answered before any computer thinks."""
        if table.status != "running" or table.id in self._stepping:
            return
        if self._owed(table, game, state) is None:
            return
        task = asyncio.create_task(self._steps(table.id), name=f"automatic-{table.id}")
        self._stepping[table.id] = task

    def is_stepping(self, table_id: int) -> bool:
        """Whether the table's automatic moves are being made now (`start`)."""
        return table_id in self._stepping

    def interrupt(self, table_id: int) -> None:
        """An undo or an admin action changed the table (the caller holds its lock): a search in
        progress is dropped, and `start` starts afresh from the new state."""
        task = self._stepping.get(table_id)
        if task is not None and table_id in self._searching:
            task.cancel()
            self._dropped[task] = table_id  # until it has stopped (`settle` waits for it too)
            task.add_done_callback(lambda t: self._dropped.pop(t, None))
            self._stepping.pop(table_id, None)
            self._searching.discard(table_id)
            self._set_thinking(table_id, None)

    def thinking(self, table_id: int) -> str | None:
        """The computer or handed-over seat whose move is being thought out now at the table."""
        return self._thinking.get(table_id)

    def _set_thinking(self, table_id: int, player: str | None) -> None:
        if player is None:
            if self._thinking.pop(table_id, None) is None:
                return
        else:
            self._thinking[table_id] = player
        if self.on_thinking is not None:
            try:
                self.on_thinking(table_id, player)
            except Exception:
                log.exception("on_thinking of table %s failed", table_id)

    def _tell(self, acc: ActResult) -> None:
        if self.on_automatic is not None and acc.actions:
            try:
                self.on_automatic(acc)
            except Exception:
                log.exception("on_automatic of table %s failed", acc.table.id)

    async def settle(self, table_id: int | None = None) -> None:
        """Wait until the automatic moves owed now (at `table_id`, or everywhere) are made: a
        front end without moves of its own to wait for (the terminal, tests, benches)."""
        while True:
            tasks = [t for k, t in self._stepping.items() if table_id is None or k == table_id]
            tasks += [t for t, k in self._dropped.items() if table_id is None or k == table_id]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)
            for k, t in list(self._stepping.items()):
                if t.done():
                    self._stepping.pop(k, None)

    async def stop(self) -> None:
        """Closing: automatic moves in progress stop (`recover` resumes them at the next start)."""
        tasks = list(self._stepping.values())
        self._stepping.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _steps(self, table_id: int) -> None:
        """The table's automatic moves, one step at a time until only people owe decisions."""
        me = asyncio.current_task()
        failures = 0
        try:
            for _ in range(self.core.max_auto_moves):
                try:
                    if not await self._step(table_id, me):
                        return
                    failures = 0
                except asyncio.CancelledError:
                    raise
                except Exception:  # a database hiccup: try again shortly, then leave it to the next change
                    failures += 1
                    log.exception("automatic move at table %s failed (%s in a row)", table_id, failures)
                    if failures >= STEP_RETRIES:
                        return
                    await asyncio.sleep(STEP_RETRY_S)
            log.warning("table %s: %s automatic moves in a row; stopping", table_id, self.core.max_auto_moves)
        finally:
            if self._stepping.get(table_id) is me:
                self._stepping.pop(table_id, None)
                self._searching.discard(table_id)
                self._set_thinking(table_id, None)

    async def _step(self, table_id: int, me: asyncio.Task | None) -> bool:
        """One automatic move. A forced move is made at once under the table's lock; a computer's
        is thought out with no lock held, then committed under the lock and the version check
        if the seat's own open decisions are still what it thought about (others' simultaneous
        choices meanwhile do not matter); otherwise it thinks again. False: nothing is owed."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            game = self.core.game(table.game)
            state = await self.core.state(table, game) if table.status == "running" else None
            owed = self._owed(table, game, state) if state is not None else None
            if owed is None:
                if state is not None:
                    self.core.remember(table, state)
                if self._stepping.get(table_id) is me:  # decided under the lock: a later `start` starts anew
                    self._stepping.pop(table_id, None)
                return False
            prompt, seat, forced = owed
            if forced is not None:
                acc = ActResult(table=table)
                # made for them like an expiry's move (it stands: nobody takes it back), but the
                # game still counts as played by its people
                said = [chains.forced_event(prompt.player)]
                await self.core._commit_move(MoveCommit(table, game, state, prompt.player, prompt.id, forced, acc,
                                                        auto=True, forced=True, said=said))
                self._tell(acc)
                return True
            assert seat is not None
            player = prompt.player
            mine = [p for p in self.core.prompts(game, state) if p.player == player]
            level = (seat.level or ai.DEFAULT_LEVEL) if seat.is_cpu else table.settings.auto_level
            self._searching.add(table_id)  # the state is the search's now: the next reader parses its own
        self._set_thinking(table_id, player)
        try:
            prompt_id, choice = await self.computer_choice(table, game, state, player, level)
        finally:
            self._searching.discard(table_id)
        async with self.core.lock(table_id):
            current = await self.core.load(table_id)
            if current.status != "running":
                return True  # the next step finds nothing owed
            seat = current.seat(player)
            if seat is None or not (seat.is_cpu or seat.auto):
                return True
            state = await self.core.state(current, game)
            now_mine = [p for p in self.core.prompts(game, state) if p.player == player]
            if current.version != table.version and now_mine != mine:
                self.core.remember(current, state)
                return True  # its own decision changed meanwhile: think again
            acc = ActResult(table=current)
            try:
                await self.core._commit_move(MoveCommit(current, game, state, player, prompt_id, choice, acc,
                                                        auto=not seat.is_cpu))
            except TableError as e:
                log.warning("computer move of %s at table %s refused (%s); thinking again", player, table_id, e.code)
                return True
            self._set_thinking(table_id, None)
            self._tell(acc)
            return True

    async def computer_choice(self, table: Table, game: Game, state: Any, player: str,
                              level: str) -> tuple[str, list[str]]:
        """The computer's answer for `player`; should the worker fail, a random legal move
        (the game goes on rather than hang on one seat)."""
        try:
            return await self.core.cpu.choose(game, state, player, level, seed=table.seed or 0, table_id=table.id,
                                              priority=cpu.MOVE)
        except Exception:
            log.exception("computer move of %s at table %s failed; playing a random move", player, table.id)
            return ai.choose(game, state, player, level="random", seed=table.seed or 0)

