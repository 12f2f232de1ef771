"""Tables and their seats. A write changes only the columns and seats that differ from the
table as it was read, with a compare-and-set on `rev` (and the game version for a move)."""
from __future__ import annotations

import json
from typing import Any

from ..db import Database, Row, Statement, Unit, each, execute, fetch, many, params
from ..errors import StaleWrite
from ..models import Seat, Table, TableSettings

_SEAT_COLUMNS = ("user_id", "display_name", "is_cpu", "auto", "idle_expiries", "turn_started_at", "turn_seconds",
                 "turns", "level")
_OPEN = "status IN ('lobby', 'running')"  # models.OPEN_STATUSES
_ROBOT_SEAT = "EXISTS (SELECT 1 FROM seats s WHERE s.table_id = game_tables.id AND (s.is_cpu OR s.auto))"


def _float(x: float | None) -> float | None:
    return None if x is None else float(x)


_TABLE_COLUMNS = ("guild_id", "channel_id", "game", "status", "host", "options", "seed", "version", "lobby_version",
                  "rev", "state", "board_message_id", "board_posted_at", "lang", "settings", "auto_played",
                  "created_at", "updated_at", "finished_at", "log_seq")
_ATTRIBUTE = {"state": "state_json"}  # column -> Table attribute, where the names differ
_ENCODE: dict[str, Any] = {  # column -> how its value is stored, where it is not stored as is
    "options": json.dumps, "board_posted_at": _float, "settings": lambda s: s.model_dump_json(),
    "created_at": float, "updated_at": float, "finished_at": _float}


def _column(t: Table, column: str) -> Any:
    value = getattr(t, _ATTRIBUTE.get(column, column))
    encode = _ENCODE.get(column)
    return value if encode is None else encode(value)


def table_row(t: Table) -> dict[str, Any]:
    """The stored columns of a table (without its id and seats)."""
    return {column: _column(t, column) for column in _TABLE_COLUMNS}


def _table_changes(new: Table, before: Table) -> dict[str, Any]:
    """The stored columns whose value differs between `new` and `before`, encoded; only
    those are encoded (the state JSON, settings and options are compared, not rebuilt)."""
    changes = {}
    for column in _TABLE_COLUMNS:
        attribute = _ATTRIBUTE.get(column, column)
        value, old = getattr(new, attribute), getattr(before, attribute)
        if value is not old and value != old:
            changes[column] = _column(new, column)
    return changes


def seat_row(s: Seat) -> dict[str, Any]:
    return {"user_id": s.user_id, "display_name": s.display_name, "is_cpu": s.is_cpu, "auto": s.auto,
            "idle_expiries": s.idle_expiries, "turn_started_at": _float(s.turn_started_at),
            "turn_seconds": float(s.turn_seconds), "turns": s.turns, "level": s.level}


def _table(row: Row, seats: list[Seat]) -> Table:
    return Table(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
        status=row["status"], host=row["host"], seats=seats, options=json.loads(row["options"]),
        seed=row["seed"], version=row["version"], lobby_version=row["lobby_version"], rev=row["rev"],
        state_json=row["state"], board_message_id=row["board_message_id"],
        board_posted_at=row["board_posted_at"], lang=row["lang"],
        settings=TableSettings.model_validate_json(row["settings"]), auto_played=bool(row["auto_played"]),
        created_at=row["created_at"], updated_at=row["updated_at"], finished_at=row["finished_at"],
        log_seq=row["log_seq"])


def _seat(row: Row) -> Seat:
    return Seat(user_id=row["user_id"], display_name=row["display_name"], is_cpu=bool(row["is_cpu"]),
                auto=bool(row["auto"]), idle_expiries=row["idle_expiries"], turn_started_at=row["turn_started_at"],
                turn_seconds=row["turn_seconds"], turns=row["turns"], level=row["level"])


def _changes(new: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in new.items() if old.get(k) != v}


def insert_table(table: Table) -> Unit[int]:
    """Insert a new table and its seats (its `id` is ignored); the id assigned. Conflict if its channel is busy."""
    row = table_row(table)
    rows = yield fetch(f"INSERT INTO game_tables ({', '.join(row)}) VALUES ({', '.join(params(len(row)))}) "
                       "RETURNING id", *row.values())
    new_id = rows[0]["id"]
    yield from _write_seats(new_id, table.seats, [])
    return new_id


def save_table(table: Table, expected_rev: int, expected_version: int | None = None,
               before: Table | None = None) -> Unit[Table]:
    """Write `table` if nobody wrote it since `expected_rev` (and, for a game action, the
    stored game version is `expected_version`); StaleWrite otherwise. With `before` (the
    table as read) only what changed is written. The statements are built when called, not
    in the transaction (`db.each`)."""
    saved = table.model_copy(update={"rev": expected_rev + 1})
    changes = table_row(saved) if before is None else _table_changes(saved, before)
    changes["rev"] = saved.rev
    where = {"id": table.id, "rev": expected_rev}
    if expected_version is not None:
        where["version"] = expected_version
    sets = [f"{column} = ${i}" for i, column in enumerate(changes, 1)]
    tests = [f"{column} = ${i}" for i, column in enumerate(where, len(changes) + 1)]
    update = execute(f"UPDATE game_tables SET {', '.join(sets)} WHERE {' AND '.join(tests)}",
                     *changes.values(), *where.values())
    seats = _seat_statements(table.id, table.seats, before.seats if before is not None else None)
    return _compare_and_set(update, seats, saved, f"table {table.id} changed since revision {expected_rev}")


def _compare_and_set(update: Statement, then: list[Statement], saved: Table, stale: str) -> Unit[Table]:
    if (yield update) != 1:
        raise StaleWrite(stale)
    yield from each(then)
    return saved


def _write_seats(table_id: int, seats: list[Seat], before: list[Seat] | None) -> Unit[None]:
    return each(_seat_statements(table_id, seats, before))


def _seat_statements(table_id: int, seats: list[Seat], before: list[Seat] | None) -> list[Statement]:
    """Seats are keyed by position: changed columns are updated, new places inserted, places
    beyond the new count deleted. Without `before` every seat is written afresh."""
    statements = []
    if before is None:
        statements.append(execute("DELETE FROM seats WHERE table_id = $1", table_id))
        before = []
    inserts = []
    updates: dict[str, list[tuple]] = {}  # seats changed alike go in one statement (one round trip)
    for position, seat in enumerate(seats):
        if position >= len(before):
            inserts.append((table_id, position, *seat_row(seat).values()))
            continue
        if seat == before[position]:
            continue
        changes = _changes(seat_row(seat), seat_row(before[position]))
        if changes:
            sets = [f"{column} = ${i}" for i, column in enumerate(changes, 1)]
            sql = f"UPDATE seats SET {', '.join(sets)} WHERE table_id = ${len(changes) + 1} AND position = ${len(changes) + 2}"
            updates.setdefault(sql, []).append((*changes.values(), table_id, position))
    statements += [execute(sql, *rows[0]) if len(rows) == 1 else many(sql, rows) for sql, rows in updates.items()]
    if len(seats) < len(before):
        statements.append(execute("DELETE FROM seats WHERE table_id = $1 AND position >= $2", table_id, len(seats)))
    if inserts:
        columns = ("table_id", "position", *_SEAT_COLUMNS)
        statements.append(many(f"INSERT INTO seats ({', '.join(columns)}) VALUES ({', '.join(params(len(columns)))})",
                               inserts))
    return statements


def select_tables(where: str, *args: Any) -> Unit[list[Table]]:
    """Tables matching `where` (over game_tables) and their seats: two statements, the state
    read once per table (not once per seat as a join would)."""
    rows = yield fetch(f"SELECT * FROM game_tables WHERE {where} ORDER BY id", *args)
    if not rows:
        return []
    seat_rows = yield fetch(f"SELECT * FROM seats WHERE table_id IN (SELECT id FROM game_tables WHERE {where}) "
                            "ORDER BY table_id, position", *args)
    seats: dict[int, list[Seat]] = {}
    for r in seat_rows:
        seats.setdefault(r["table_id"], []).append(_seat(r))
    return [_table(r, seats.get(r["id"], [])) for r in rows]


class TableRepo:
    def __init__(self, db: Database):
        self.db = db

    async def create(self, table: Table) -> Table:
        new_id = await self.db.run(insert_table(table))
        return table.model_copy(update={"id": new_id})

    async def save(self, table: Table, expected_rev: int, expected_version: int | None = None,
                   before: Table | None = None) -> Table:
        return await self.db.run(save_table(table, expected_rev, expected_version, before))

    async def set_board_message(self, table_id: int, message_id: int | None, posted_at: float | None) -> None:
        """The board message is presentation only: no compare-and-set, no revision bump."""
        await self.db.execute("UPDATE game_tables SET board_message_id = $1, board_posted_at = $2 WHERE id = $3",
                              message_id, _float(posted_at), table_id)

    async def current(self, table_id: int) -> tuple[int, int | None, float | None] | None:
        """What tells whether a table held in memory is still the stored one: its `rev` and
        the board columns (written without a revision bump); None when it is gone."""
        rows = await self.db.peek("SELECT rev, board_message_id, board_posted_at FROM game_tables WHERE id = $1",
                                  table_id)
        return None if not rows else (rows[0]["rev"], rows[0]["board_message_id"], rows[0]["board_posted_at"])

    async def _select(self, where: str, *args: Any) -> list[Table]:
        return await self.db.read(select_tables(where, *args))

    async def get(self, table_id: int) -> Table | None:
        tables = await self._select("id = $1", table_id)
        return tables[0] if tables else None

    async def open_in_channel(self, channel_id: int) -> Table | None:
        tables = await self._select(f"channel_id = $1 AND {_OPEN}", channel_id)
        return tables[0] if tables else None

    async def latest_in_channel(self, channel_id: int) -> Table | None:
        """The channel's most recent table, open or not (the log of a game that just ended)."""
        tables = await self._select("id = (SELECT MAX(id) FROM game_tables WHERE channel_id = $1)", channel_id)
        return tables[0] if tables else None

    async def open_in_guild(self, guild_id: int | None) -> list[Table]:
        if guild_id is None:
            return await self._select(f"guild_id IS NULL AND {_OPEN}")
        return await self._select(f"guild_id = $1 AND {_OPEN}", guild_id)

    async def open_for_user(self, user_id: str) -> list[Table]:
        return await self._select(
            f"id IN (SELECT id FROM game_tables WHERE host = $1 AND {_OPEN} "
            f"UNION SELECT table_id FROM seats WHERE user_id = $1) AND {_OPEN}", user_id)

    async def count_open_for_user(self, user_id: str) -> int:
        return int(await self.db.fetchval(
            f"SELECT COUNT(*) AS n FROM game_tables WHERE id IN (SELECT id FROM game_tables WHERE host = $1 AND "
            f"{_OPEN} UNION SELECT table_id FROM seats WHERE user_id = $1) AND {_OPEN}", user_id))

    async def all_open(self) -> list[Table]:
        return await self._select(_OPEN)

    async def running_with_robots(self) -> list[Table]:
        """Running tables with a computer or auto-played seat: the only ones a crash can leave owing a robot move."""
        return await self._select(f"status = 'running' AND {_ROBOT_SEAT}")
