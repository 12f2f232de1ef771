"""Storage behind one interface: SQLite (aiosqlite, default) and PostgreSQL (asyncpg)."""
