"""Lobby operations: open, join, leave, computer seats, options, cancel and start."""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from games.kit import IllegalAction, ai
from games.kit.options_words import option_words
from persistence import Conflict
from persistence.models import TABLE_TIMER, GuildSettings, Seat, Table, Timer

from .automatic import Automatic
from .core import CPU_PREFIX, ServiceCore, owing
from .errors import TableError, refuse
from .i18n import Span, t
from .models import ActResult
from .watch import check_may_join

DM_SEATS = 2  # a table in a DM or group DM between people seats two (TableSettings.place)


class Lobby:
    """Lobbies: open, join, leave, computer seats, options, cancel, rematch and start."""

    def __init__(self, core: ServiceCore, automatic: Automatic) -> None:
        self.core = core
        self.automatic = automatic

    async def open_lobby(self, guild_id: int | None, channel_id: int, host_id: str, host_name: str,
                         game_key: str, place: str | None = None, lang: str | None = None, *,
                         parent_channel_id: int | None = None) -> Table:
        """A new lobby in this channel with the host seated. Refused when the channel is busy,
        not allowed, or the host already sits at too many open tables. `place` ("dm",
        "group_dm"): a DM or group DM between people, where a table seats two at most (a game
        that needs more is refused). `lang`: the table's own language for its public messages
        (else the server's). `parent_channel_id`: `channel_id` is a thread opened for this
        table in that channel (which the server's allowed channels are checked against)."""
        game = self.core.game(game_key)
        if place is not None and game.min_players > DM_SEATS:
            raise refuse("dm_two_players")
        guild = await self.check_may_open(guild_id, parent_channel_id or channel_id, host_id)
        if await self.core.store.tables.open_in_channel(channel_id) is not None:
            raise refuse("channel_busy")
        now = self.core.clock()
        table = Table(id=0, guild_id=guild_id, channel_id=channel_id, game=game.key, status="lobby", host=host_id,
                      seats=[Seat(user_id=host_id, display_name=host_name)],
                      options=game.Options().model_dump(mode="json"),
                      settings=guild.table_settings().model_copy(update={
                          "place": place, "parent_channel_id": parent_channel_id}),
                      lang=lang,
                      created_at=now, updated_at=now)
        try:
            table = await self.core.store.create_table(table, [self._lobby_timer(table, guild.lobby_timeout_s)])
        except Conflict as e:  # another lobby won the race for this channel
            raise refuse("channel_busy") from e
        self.core.keep(table)  # as stored: the next look-up checks it instead of reading it
        return table

    async def check_may_open(self, guild_id: int | None, channel_id: int, host_id: str) -> GuildSettings:
        """Refused when the server does not allow tables in this channel or the host already
        sits at too many open tables (checked before anything is made for a new table, such
        as its thread); else the server's settings."""
        guild = await self.core.guild_settings(guild_id)
        if guild.allowed_channels and channel_id not in guild.allowed_channels:
            raise refuse("channel_not_allowed")
        await self._check_cap(host_id, guild.max_open_tables_per_user)
        return guild

    def _lobby_timer(self, table: Table, timeout_s: int) -> Timer:
        return Timer(table_id=table.id, kind="lobby", due_at=self.core.clock() + timeout_s, seat=TABLE_TIMER)

    async def _check_cap(self, user_id: str, limit: int) -> None:
        count = await self.core.store.tables.count_open_for_user(user_id)
        if count >= limit:
            raise refuse("too_many_tables", count=count, limit=limit)

    async def save_lobby(self, table: Table, before: Table) -> Table:
        """Persist a lobby change: bump the lobby counter and restart the abandonment timer."""
        guild = await self.core.guild_settings(table.guild_id)
        table = table.model_copy(update={"lobby_version": before.lobby_version + 1, "updated_at": self.core.clock()})
        return await self.core.save(table, before, timers={TABLE_TIMER: [self._lobby_timer(table, guild.lobby_timeout_s)]})

    def _max_players(self, table: Table) -> tuple[int, int]:
        game = self.core.game(table.game)
        low, high = game.player_range(game.parse_options(table.options))
        return (low, min(high, DM_SEATS)) if table.settings.place is not None else (low, high)

    def _check_seat_free(self, table: Table) -> None:
        """Refused when every seat is taken (at a DM table: it seats two, said so)."""
        _, high = self._max_players(table)
        if len(table.seats) >= high:
            raise refuse("dm_two_players") if table.settings.place is not None else refuse("table_full", max=high)

    async def join(self, table_id: int, user_id: str, display_name: str, code: str | None = None) -> Table:
        """`code`: a private table's join code (its invitees need none; tables/watch.py)."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "lobby")
            if table.user_seated(user_id):
                raise refuse("already_seated")
            check_may_join(table, user_id, code)
            self._check_seat_free(table)
            guild = await self.core.guild_settings(table.guild_id)
            await self._check_cap(user_id, guild.max_open_tables_per_user)
            seats = [*table.seats, Seat(user_id=user_id, display_name=display_name)]
            return await self.save_lobby(table.model_copy(update={"seats": seats}), table)

    async def leave(self, table_id: int, user_id: str) -> Table:
        """Leave a lobby. A leaving host passes the table to the next person; the last
        person leaving cancels it. (A running game is left with `resign`.)"""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "lobby")
            if not table.user_seated(user_id):
                raise refuse("not_seated")
            return await self.remove_from_lobby(table, user_id)

    async def remove_from_lobby(self, table: Table, user_id: str) -> Table:
        """Free `user_id`'s seat (the caller holds the lock): the host passes on, and a lobby
        left without people is cancelled."""
        seats = [s for s in table.seats if s.user_id != user_id]
        people = [s for s in seats if s.is_human]
        if not people:
            now = self.core.clock()
            return await self.core.save(table.model_copy(update={
                "seats": seats, "status": "cancelled", "updated_at": now, "finished_at": now,
                "lobby_version": table.lobby_version + 1}), table, clear_timers=True)
        host = table.host if table.host != user_id else people[0].user_id
        return await self.save_lobby(table.model_copy(update={"seats": seats, "host": host}), table)

    def _host_lobby(self, table: Table, by_user: str) -> None:
        self.core.require(table, "lobby")
        if table.host != by_user:
            raise refuse("not_host")

    async def add_cpu(self, table_id: int, by_user: str, level: str = ai.DEFAULT_LEVEL) -> Table:
        """The host adds a computer seat ("cpu:N") playing at `level` (random, greedy or
        strong) where the game allows it."""
        if level not in ai.LEVELS:
            raise refuse("bad_level", level=level)
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self._host_lobby(table, by_user)
            if not self.core.game(table.game).allows_random_seats:
                raise refuse("no_random_seats")
            self._check_seat_free(table)
            taken = {s.user_id for s in table.seats}
            n = next(i for i in range(1, 100) if f"{CPU_PREFIX}{i}" not in taken)
            seat = Seat(user_id=f"{CPU_PREFIX}{n}", display_name=t("service.cpu_name", "en", n=n), is_cpu=True,
                        level=level)
            return await self.save_lobby(table.model_copy(update={"seats": [*table.seats, seat]}), table)

    async def remove_cpu(self, table_id: int, by_user: str, cpu_id: str) -> Table:
        """The host takes a computer seat away again."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self._host_lobby(table, by_user)
            seat = table.seat(cpu_id)
            if seat is None or not seat.is_cpu:
                raise refuse("not_cpu")
            return await self.save_lobby(table.model_copy(
                update={"seats": [s for s in table.seats if s.user_id != cpu_id]}), table)

    async def set_option(self, table_id: int, by_user: str, name: str, value: Any) -> Table:
        """Host only, lobby only; the game's Options model validates the value."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self._host_lobby(table, by_user)
            game = self.core.game(table.game)
            if name not in game.Options.model_fields:
                raise refuse("bad_option", name=name, value=value)
            try:
                options = game.Options.model_validate({**table.options, name: value})
            except ValidationError as e:  # named in the game's own words
                raise refuse("bad_option", name=option_words(game.Options, name).label_text(), value=value) from e
            if table.settings.place is not None and game.player_range(options)[0] > DM_SEATS:
                raise refuse("dm_two_players")  # e.g. Ganymede's three-player mode in a DM
            return await self.save_lobby(table.model_copy(update={"options": options.model_dump(mode="json")}), table)

    async def cancel(self, table_id: int, by_user: str) -> Table:
        """The host closes a lobby. (Admins end any table with `end_table`.)"""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self._host_lobby(table, by_user)
            now = self.core.clock()
            return await self.core.save(table.model_copy(update={
                "status": "cancelled", "updated_at": now, "finished_at": now,
                "lobby_version": table.lobby_version + 1}), table, clear_timers=True)

    async def rematch(self, table_id: int, by_user: str) -> Table:
        """A player of a finished table opens its rematch: a new lobby in the same channel with
        the same game, options, clock and seats (the asker hosts; the others may Leave)."""
        old = await self.core.load(table_id)
        seat = old.seat(by_user)
        if seat is None or seat.is_cpu:
            raise refuse("not_seated")
        if old.status != "finished":
            raise refuse("not_finished" if old.status == "running" else "out_of_date")
        table = await self.open_lobby(old.guild_id, old.channel_id, by_user, seat.display_name, old.game)
        seats = [Seat(user_id=by_user, display_name=seat.display_name)] + [
            Seat(user_id=s.user_id, display_name=s.display_name, is_cpu=s.is_cpu)
            for s in old.seats if s.user_id != by_user]
        async with self.core.lock(table.id):
            current = await self.core.load(table.id)
            return await self.save_lobby(current.model_copy(update={
                "seats": seats, "options": old.options, "settings": old.settings.model_copy(update={"hinted": {}}),
                "lang": old.lang}), current)

    async def start(self, table_id: int, by_user: str, seed: int | None = None) -> ActResult:
        """The host starts the game: player-count check, setup, then computer seats move."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self._host_lobby(table, by_user)
            game = self.core.game(table.game)
            options = game.parse_options(table.options)
            low, high = game.player_range(options)
            if not low <= len(table.seats) <= high:
                raise refuse("wrong_player_count", min=low, max=high, players=Span(low, high), count=len(table.seats))
            seed = self.core.seed_source() if seed is None else seed
            try:
                state = game.setup(table.players, options, seed)
            except IllegalAction as e:
                raise TableError("illegal", params={"text": e.text, "code": e.code}) from e
            now = self.core.clock()
            seats = [s.model_copy() for s in table.seats]
            running = table.model_copy(update={
                "status": "running", "seed": seed, "state_json": state.model_dump_json(), "version": state.version,
                "lobby_version": table.lobby_version + 1, "updated_at": now, "seats": seats})
            timers, started = await self.core.turn_changes(running, seats, set(), owing(game, state), set(), now,
                                                           state.version)
            told = self.core.turn_notices(running, started, timers)
            saved = await self.core.save(running, table, told, clear_timers=True, timers=timers, snapshot=True)
            self.core.remember(saved, state)
            self.automatic.start(saved, game, state)  # computer seats that begin move as their own steps
            return ActResult(table=saved, notices=told)
