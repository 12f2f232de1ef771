"""Which guilds a process serves: Discord's shard of a guild is (guild_id >> 22) % shard_count.
Tables outside a server (DMs, the terminal) belong to shard 0, so exactly one process
(the one running shard 0) fires their timers and delivers their notices."""
from __future__ import annotations

from dataclasses import dataclass

from .db import params


def shard_of(guild_id: int | None, count: int) -> int:
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids {sorted(self.ids)} must lie within 0..{self.count - 1}")

    def where(self, column: str, start: int) -> tuple[str, list[int]]:
        """An SQL condition on a guild id column, its parameters numbered from `start`."""
        ids = sorted(self.ids)
        marks = params(len(ids), start + 1)
        return f"COALESCE(({column} >> 22) % ${start}, 0) IN ({', '.join(marks)})", [self.count, *ids]
