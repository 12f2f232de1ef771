"""Tables and their seats. A table row is written whole with a compare-and-set on `rev`."""
from __future__ import annotations

import json
from typing import Any

from ..db import Database, Row
from ..errors import StaleWrite
from ..models import Seat, Table, TableSettings

_COLUMNS = ("guild_id, channel_id, game, status, host, options, seed, version, lobby_version, rev, state, "
            "board_message_id, board_posted_at, lang, settings, auto_played, created_at, updated_at, finished_at")
_SEAT_COLUMNS = ("user_id", "display_name", "is_cpu", "auto", "idle_expiries", "turn_started_at", "turn_seconds",
                 "turns", "level")
_OPEN = "t.status IN ('lobby', 'running')"  # models.OPEN_STATUSES


def _values(t: Table) -> list[Any]:
    return [t.guild_id, t.channel_id, t.game, t.status, t.host, json.dumps(t.options), t.seed, t.version,
            t.lobby_version, t.rev, t.state_json, t.board_message_id, _float(t.board_posted_at), t.lang,
            t.settings.model_dump_json(), t.auto_played, float(t.created_at), float(t.updated_at),
            _float(t.finished_at)]


def _float(x: float | None) -> float | None:
    return None if x is None else float(x)


def _table(row: Row, seats: list[Seat]) -> Table:
    return Table(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
        status=row["status"], host=row["host"], seats=seats, options=json.loads(row["options"]),
        seed=row["seed"], version=row["version"], lobby_version=row["lobby_version"], rev=row["rev"],
        state_json=row["state"], board_message_id=row["board_message_id"],
        board_posted_at=row["board_posted_at"], lang=row["lang"],
        settings=TableSettings.model_validate_json(row["settings"]), auto_played=bool(row["auto_played"]),
        created_at=row["created_at"], updated_at=row["updated_at"], finished_at=row["finished_at"])


def _seat(row: Row) -> Seat:
    return Seat(user_id=row["user_id"], display_name=row["display_name"], is_cpu=bool(row["is_cpu"]),
                auto=bool(row["auto"]), idle_expiries=row["idle_expiries"], turn_started_at=row["turn_started_at"],
                turn_seconds=row["turn_seconds"], turns=row["turns"], level=row["level"])


class TableRepo:
    def __init__(self, db: Database):
        self.db = db

    async def create(self, table: Table) -> Table:
        """Insert a new table (its `id` is ignored and assigned); Conflict if its channel is busy."""
        placeholders = ", ".join(f"${i}" for i in range(1, 20))
        async with self.db.transaction():
            new_id = await self.db.fetchval(
                f"INSERT INTO game_tables ({_COLUMNS}) VALUES ({placeholders}) RETURNING id", *_values(table))
            await self._write_seats(new_id, table.seats)
        return table.model_copy(update={"id": new_id})

    async def save(self, table: Table, expected_rev: int, expected_version: int | None = None) -> Table:
        """Write the whole table if nobody wrote it since `expected_rev` (and, for a game
        action, the stored game version is `expected_version`); StaleWrite otherwise."""
        saved = table.model_copy(update={"rev": expected_rev + 1})
        sets = ", ".join(f"{c.strip()} = ${i}" for i, c in enumerate(_COLUMNS.split(","), 1))
        where = "id = $20 AND rev = $21" + (" AND version = $22" if expected_version is not None else "")
        args = [*_values(saved), table.id, expected_rev]
        if expected_version is not None:
            args.append(expected_version)
        async with self.db.transaction():
            if await self.db.execute(f"UPDATE game_tables SET {sets} WHERE {where}", *args) != 1:
                raise StaleWrite(f"table {table.id} changed since revision {expected_rev}")
            await self._write_seats(table.id, table.seats)
        return saved

    async def _write_seats(self, table_id: int, seats: list[Seat]) -> None:
        await self.db.execute("DELETE FROM seats WHERE table_id = $1", table_id)
        await self.db.executemany(
            "INSERT INTO seats (table_id, position, user_id, display_name, is_cpu, auto, idle_expiries, "
            "turn_started_at, turn_seconds, turns, level) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            [(table_id, i, s.user_id, s.display_name, s.is_cpu, s.auto, s.idle_expiries,
              _float(s.turn_started_at), float(s.turn_seconds), s.turns, s.level) for i, s in enumerate(seats)])

    async def set_board_message(self, table_id: int, message_id: int | None, posted_at: float | None) -> None:
        """The board message is presentation only: no compare-and-set, no revision bump."""
        await self.db.execute("UPDATE game_tables SET board_message_id = $1, board_posted_at = $2 WHERE id = $3",
                              message_id, _float(posted_at), table_id)

    async def get(self, table_id: int) -> Table | None:
        tables = await self._select("t.id = $1", table_id)
        return tables[0] if tables else None

    async def open_in_channel(self, channel_id: int) -> Table | None:
        tables = await self._select(f"t.channel_id = $1 AND {_OPEN}", channel_id)
        return tables[0] if tables else None

    async def latest_in_channel(self, channel_id: int) -> Table | None:
        """The channel's most recent table, open or not (the log of a game that just ended)."""
        tables = await self._select("t.id = (SELECT MAX(id) FROM game_tables WHERE channel_id = $1)", channel_id)
        return tables[0] if tables else None

    async def open_in_guild(self, guild_id: int | None) -> list[Table]:
        if guild_id is None:
            return await self._select(f"t.guild_id IS NULL AND {_OPEN}")
        return await self._select(f"t.guild_id = $1 AND {_OPEN}", guild_id)

    async def open_for_user(self, user_id: str) -> list[Table]:
        return await self._select(
            f"{_OPEN} AND (t.host = $1 OR t.id IN (SELECT table_id FROM seats WHERE user_id = $1))", user_id)

    async def all_open(self) -> list[Table]:
        return await self._select(_OPEN)

    async def _select(self, where: str, *args: Any) -> list[Table]:
        """Tables with their seats in one query (one round trip per look-up)."""
        seat_columns = ", ".join(f"s.{c} AS seat_{c}" for c in _SEAT_COLUMNS)
        table_columns = ", ".join(f"t.{c.strip()}" for c in ("id", *_COLUMNS.split(",")))
        rows = await self.db.fetch(
            f"SELECT {table_columns}, {seat_columns} FROM game_tables t "
            f"LEFT JOIN seats s ON s.table_id = t.id WHERE {where} ORDER BY t.id, s.position", *args)
        tables: dict[int, tuple[Row, list[Seat]]] = {}
        for r in rows:
            _, seats = tables.setdefault(r["id"], (r, []))
            if r["seat_user_id"] is not None:
                seats.append(_seat({c: r[f"seat_{c}"] for c in _SEAT_COLUMNS}))
        return [_table(row, seats) for row, seats in tables.values()]
