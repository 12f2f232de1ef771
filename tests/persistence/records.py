"""Small builders of stored records for the contract tests."""
from __future__ import annotations

from persistence.models import LogEntry, Seat, Table

T0 = 1_767_225_600.0


def new_table(channel_id: int = 10, guild_id: int | None = 1, status: str = "lobby", host: str = "u1",
              players: tuple[str, ...] = ("u1",)) -> Table:
    return Table(id=0, guild_id=guild_id, channel_id=channel_id, game="sutosute", status=status, host=host,
                 seats=[Seat(user_id=p, display_name=p.upper()) for p in players], options={"a": 1},
                 created_at=T0, updated_at=T0)


def entry(seq: int, player: str = "u1", auto: bool = False) -> LogEntry:
    return LogEntry(seq=seq, player=player, prompt_id="place", choice=[f"c{seq}"], auto=auto, created_at=T0 + seq)


def running(table: Table, version: int = 0, state: str = '{"v": 0}') -> Table:
    return table.model_copy(update={"status": "running", "version": version, "state_json": state, "seed": 7})
