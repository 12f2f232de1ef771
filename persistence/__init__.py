"""Storage behind one interface: SQLite (default: the standard library's sqlite3 on its own thread) and PostgreSQL (asyncpg).

    store = await persistence.open_store("sqlite:///data/bot.sqlite3")
    store.tables, store.actions, store.snapshots, store.guild_settings, store.user_prefs,
    store.results, store.timers; await store.append_action(...); await store.close()
"""
from .db import DEFAULT_URL, Database, open_database
from .errors import Conflict, SchemaTooNew, StaleWrite, StoreError, Unavailable
from .migrate import migrate
from .models import GuildSettings, LogEntry, Result, Seat, Table, TableSettings, Timer, UserPrefs
from .shards import Shards, shard_of
from .store import Store, open_store

__all__ = [
    "DEFAULT_URL", "Conflict", "Database", "GuildSettings", "LogEntry", "Result", "SchemaTooNew", "Seat", "Shards",
    "StaleWrite", "Store", "StoreError", "Table", "TableSettings", "Timer", "Unavailable", "UserPrefs", "migrate",
    "open_database", "open_store", "shard_of",
]
