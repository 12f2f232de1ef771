"""A game move as one statement: PostgreSQL's function `cardbot_move` (migration 0005) does
the log entry, the table's compare-and-set, the seats, turn timers, snapshot and notices in
one round trip, prepared once per connection. Only the common shape of a move fits (the
table's state, version and log counter change, its seats keep their places); anything else
(a game's end with its result, an undo, a lobby change) takes the general transaction, or
`cardbot_commit` (migration 0011): a game's start in one statement, its end in one beside its
result."""
from __future__ import annotations

import json

from ..db import Statement, fetch
from ..models import LogEntry, Table, Timer
from .log import _EVENTS
from .outbox import OutboxItem
from .tables import _SEAT_COLUMNS, _table_changes, seat_row
from .timers import _values

# columns a move may change and the function writes (rev always)
_MOVE_COLUMNS = frozenset({"state", "version", "updated_at", "auto_played", "log_seq", "rev"})
MOVE_ARGS = 44
CLAIM_ARG = 37  # p_claim's place among them (0-based): a timer claimed first, or NULL
CALL = f"SELECT cardbot_move({', '.join(f'${i}' for i in range(1, MOVE_ARGS + 1))}) AS code"
# columns a game's start or end may change as well, which `cardbot_commit` writes (migration 0011)
_COMMIT_COLUMNS = _MOVE_COLUMNS | {"status", "seed", "lobby_version", "finished_at"}
COMMIT_CALL = f"SELECT cardbot_commit({', '.join(f'${i}' for i in range(1, MOVE_ARGS + 6))}) AS code"
STALE_PREFIX = "cardbot: stale"


def move_call(table: Table, expected_rev: int, expected_version: int | None, before: Table | None,
              entry: LogEntry | None, timers: dict[str, list[Timer]] | None, clear: bool, claim: int | None,
              snapshot: bool, outbox: list[OutboxItem] | None, has_result: bool, undone: bool) -> Statement | None:
    """The one statement of this commit, or None when it is not a plain move."""
    if (entry is None or before is None or expected_version is None or clear or has_result or undone
            or len(table.seats) != len(before.seats) or table.state_json is None):
        return None
    saved = table.model_copy(update={"rev": expected_rev + 1})
    if not set(_table_changes(saved, before)) <= _MOVE_COLUMNS:
        return None
    return fetch(CALL, *_arguments(table, saved, expected_rev, expected_version, before, entry, timers, claim,
                                   snapshot, outbox))


def commit_call(table: Table, expected_rev: int, expected_version: int | None, before: Table | None,
                entry: LogEntry | None, timers: dict[str, list[Timer]] | None, clear: bool, claim: int | None,
                snapshot: bool, outbox: list[OutboxItem] | None, undone: bool) -> Statement | None:
    """`cardbot_commit` (migration 0011) for what `move_call` leaves: a game's start (no log
    entry, timers cleared) or end (its result is written beside it, in the same transaction),
    or None when the commit changes what the function does not write (seats added or removed,
    an undo, the lobby's columns)."""
    if before is None or undone or len(table.seats) != len(before.seats) or table.state_json is None:
        return None
    saved = table.model_copy(update={"rev": expected_rev + 1})
    if not set(_table_changes(saved, before)) <= _COMMIT_COLUMNS:
        return None
    return fetch(COMMIT_CALL, *_arguments(table, saved, expected_rev, expected_version, before, entry, timers, claim,
                                          snapshot, outbox),
                 table.status, table.seed, table.lobby_version,
                 None if table.finished_at is None else float(table.finished_at), clear)


def _arguments(table: Table, saved: Table, expected_rev: int, expected_version: int | None, before: Table,
               entry: LogEntry | None, timers: dict[str, list[Timer]] | None, claim: int | None, snapshot: bool,
               outbox: list[OutboxItem] | None) -> tuple:
    """`cardbot_move`'s arguments (the first MOVE_ARGS of `cardbot_commit`'s)."""
    seats = [(position, seat_row(seat)) for position, seat in enumerate(table.seats) if seat != before.seats[position]]
    by_seat = timers or {}
    rows = [_values(table.id, seat, t) for seat, listed in by_seat.items() for t in listed]
    items = outbox or []
    logged = (entry.seq, entry.player, entry.prompt_id, json.dumps(entry.choice), entry.auto,
              _EVENTS.dump_json(entry.events).decode(), float(entry.created_at), entry.version, entry.undoable,
              entry.undo_refusal, entry.undone) if entry is not None else (None,) * 11
    return (table.id, expected_rev, expected_version,
            saved.rev, table.version, table.state_json, float(table.updated_at), table.auto_played, table.log_seq,
            *logged,
            [p for p, _ in seats], *([row[c] for _, row in seats] for c in _SEAT_COLUMNS),
            list(by_seat), *([r[i] for r in rows] for i in range(1, 7)),
            claim, bool(snapshot),
            [i.notice_id for i in items], [i.table_id for i in items], [i.guild_id for i in items],
            [i.payload for i in items], [float(i.created_at) for i in items])
