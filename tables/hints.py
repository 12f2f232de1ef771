"""Hints and guided first games.

A **hint** is the strong computer player's answer for the decision a person owes now, with
the search's reason (how often it chose the answer, how likely it thinks a win is). It is a
table setting, off by default; a table that allows hints is unrated from the start
(`results.is_rated`). A hint is searched from the person's information set only
(`games.kit.ai.advise`), in the computer players' worker processes after their own moves
(`cpu.CpuRunner.hint`), never on the event loop and with no table lock held, and there is
one per decision: the hint given is stored with the table (`TableSettings.hinted`), so a
second ask for the same decision is refused with the hint already given, also after a restart.

A **guided game** (`open_guided`) is a private table of one person against computer seats,
with hints and explanations on (`TableSettings.learn`), no turn clock, and its own thread
where the front end can open one.
"""
from __future__ import annotations

import asyncio
import json
import zlib
from typing import Any

from games.kit.agents import stable_salt
from persistence.models import GivenHint, Seat, Table

from .core import CPU_PREFIX, ServiceCore
from .errors import TableError, refuse
from .i18n import t
from .lobby import Lobby
from .watch import with_join_code

GUIDED_LEVEL = "greedy"  # a newcomer's opponent: plays sensibly, without the strong search


def decision_of(game: Any, state: Any, user_id: str) -> str:
    """A digest of the decision `user_id` owes in `state`: their open prompts and answers."""
    asked = [(p.id, p.min, p.max, [o.key for o in p.options]) for p in game.prompts(state) if p.player == user_id]
    return f"{zlib.crc32(json.dumps(asked).encode()):08x}" if asked else ""


def current_hint(table: Table, user_id: str, game: Any, state: Any) -> GivenHint | None:
    """The hint `user_id` was given for the decision they owe now, if any: the same decision
    (others may have moved since) within the same turn of theirs."""
    given = table.settings.hinted.get(user_id)
    seat = table.seat(user_id)
    if given is None or seat is None or table.status != "running":
        return None
    if given.version == table.version:
        return given
    if given.decision and given.turn == seat.turn_started_at and given.decision == decision_of(game, state, user_id):
        return given
    return None


class Hints:
    """Hints for the decision a person owes, and guided first games."""

    def __init__(self, core: ServiceCore, lobby: Lobby) -> None:
        self.core = core
        self.lobby = lobby
        self._hinting: dict[tuple[int, str, int], asyncio.Future] = {}  # searched now: (table, person, version)

    async def hint(self, table_id: int, user_id: str, *, again: bool = False) -> GivenHint:
        """The strong player's answer for `user_id`'s present decision with the search's figures.
        Refused (`hint_refused`) when the table does not allow hints, the person owes nothing,
        already had the hint for this decision or is waiting for it (the text says which);
        `out_of_date` when the table moved on while the search thought. `again`: the hint of
        this decision is given again (or awaited) instead of refused — a guided game's hand,
        drawn again, shows the same hint; it is never a second one."""
        table = await self.core.load(table_id)
        self.core.require(table, "running")
        seat = table.seat(user_id)
        if seat is None or seat.is_cpu:
            raise refuse("not_seated")
        if not table.settings.hints:
            raise TableError("hint_refused", "hint.off")
        game = self.core.game(table.game)
        state = table.state(game)
        given = current_hint(table, user_id, game, state)
        if given is not None:
            if again:
                return given
            raise TableError("hint_refused", "hint.used")
        if not any(p.player == user_id for p in game.prompts(state)):
            raise TableError("hint_refused", "hint.nothing_owed")
        asking = (table_id, user_id, table.version)
        task = self._hinting.get(asking)
        if task is not None and not again:
            raise TableError("hint_refused", "hint.thinking")
        if task is None:
            task = asyncio.ensure_future(self._search_hint(table, game, state, user_id))
            self._hinting[asking] = task
            task.add_done_callback(lambda _: self._hinting.pop(asking, None))
        return await asyncio.shield(task)

    async def _search_hint(self, table: Table, game: Any, state: Any, user_id: str) -> GivenHint:
        """Search (in the workers, no lock held), then keep the hint with the table, unless
        the table moved on meanwhile."""
        seed = stable_salt("hint", table.seed or 0, user_id)
        asked = decision_of(game, state, user_id)
        advice = await self.core.cpu.hint(game, state, user_id, seed, table_id=table.id)
        async with self.core.lock(table.id):
            current = await self.core.load(table.id)
            seat, asked_seat = current.seat(user_id), table.seat(user_id)  # (`hint` checked the latter)
            # others may have moved meanwhile (a computer's face-down card): the hint stands
            # while this person's decision is the one it was searched for
            if current.status != "running" or seat is None or asked_seat is None or (
                    current.version != table.version and (decision_of(game, current.state(game), user_id) != asked
                                                          or seat.turn_started_at != asked_seat.turn_started_at)):
                raise refuse("out_of_date")
            given = GivenHint(version=current.version, decision=asked, turn=seat.turn_started_at,
                              prompt_id=advice.prompt_id, choice=list(advice.choice),
                              simulations=advice.simulations, share=advice.share, win=advice.win,
                              only=advice.only)
            settings = current.settings.model_copy(update={"hinted": {**current.settings.hinted, user_id: given}})
            await self.core.save(current.model_copy(update={"settings": settings}), current)
        return given

    async def open_guided(self, guild_id: int | None, channel_id: int, user_id: str, name: str, game_key: str,
                          lang: str | None = None, *, parent_channel_id: int | None = None) -> Table:
        """A guided first game's lobby, ready to start: `user_id` against as many computer
        seats as the game needs, hints and explanations on, private, no turn clock, in the
        person's language. `parent_channel_id`: `channel_id` is the game's own thread, opened
        in that channel (in a server); without it (a DM with the bot) it plays right there."""
        table = await self.lobby.open_lobby(guild_id, channel_id, user_id, name, game_key,
                                            parent_channel_id=parent_channel_id)
        game = self.core.game(game_key)
        low, _ = game.player_range(game.parse_options(table.options))
        seats = [*table.seats]
        for n in range(1, max(0, low - 1) + 1):
            if not game.allows_random_seats:
                break
            seats.append(Seat(user_id=f"{CPU_PREFIX}{n}", display_name=t("service.cpu_name", "en", n=n), is_cpu=True,
                              level=GUIDED_LEVEL))
        settings = with_join_code(table.settings.model_copy(update={
            "hints": True, "learn": True, "private": True, "thread": False, "turn_limit_s": None,
            "reminders": []}))
        async with self.core.lock(table.id):
            current = await self.core.load(table.id)
            return await self.lobby.save_lobby(current.model_copy(update={
                "seats": seats, "settings": settings, "lang": lang or current.lang}), current)


__all__ = ["GUIDED_LEVEL", "Hints", "current_hint", "decision_of"]
