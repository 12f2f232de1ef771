-- Tables (a game in a channel), seats, the append-only action log, snapshots,
-- guild settings, user preferences, results and timers. JSON lives in TEXT columns.

CREATE TABLE game_tables (
    id {{AUTO_ID}},
    guild_id BIGINT,
    channel_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    host TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT,
    version INTEGER NOT NULL,
    lobby_version INTEGER NOT NULL,
    rev INTEGER NOT NULL,
    state TEXT,
    board_message_id BIGINT,
    board_posted_at DOUBLE PRECISION,
    lang TEXT,
    settings TEXT NOT NULL,
    auto_played BOOLEAN NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION
);

-- One lobby or running table per channel, enforced by the database itself.
CREATE UNIQUE INDEX game_tables_one_open_per_channel ON game_tables (channel_id)
    WHERE status IN ('lobby', 'running');
CREATE INDEX game_tables_guild_status ON game_tables (guild_id, status);
CREATE INDEX game_tables_status ON game_tables (status);

CREATE TABLE seats (
    table_id BIGINT NOT NULL REFERENCES game_tables (id),
    position INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    is_cpu BOOLEAN NOT NULL,
    auto BOOLEAN NOT NULL,
    idle_expiries INTEGER NOT NULL,
    turn_started_at DOUBLE PRECISION,
    turn_seconds DOUBLE PRECISION NOT NULL,
    turns INTEGER NOT NULL,
    PRIMARY KEY (table_id, position)
);
CREATE INDEX seats_user ON seats (user_id);

-- The (table_id, seq) key is also a second compare-and-set: two writers of one seq cannot both win.
CREATE TABLE actions (
    table_id BIGINT NOT NULL REFERENCES game_tables (id),
    seq INTEGER NOT NULL,
    player TEXT NOT NULL,
    prompt_id TEXT NOT NULL,
    choice TEXT NOT NULL,
    auto BOOLEAN NOT NULL,
    events TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE snapshots (
    table_id BIGINT NOT NULL REFERENCES game_tables (id),
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, version)
);

CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    data TEXT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE user_prefs (
    user_id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE results (
    table_id BIGINT PRIMARY KEY REFERENCES game_tables (id),
    guild_id BIGINT,
    game TEXT NOT NULL,
    ended_by TEXT NOT NULL,
    rated BOOLEAN NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX results_guild_game ON results (guild_id, game, finished_at);

CREATE TABLE timers (
    id {{AUTO_ID}},
    table_id BIGINT NOT NULL REFERENCES game_tables (id),
    kind TEXT NOT NULL,
    seat TEXT NOT NULL,
    due_at DOUBLE PRECISION NOT NULL,
    version INTEGER NOT NULL,
    fired BOOLEAN NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX timers_due ON timers (fired, due_at);
CREATE INDEX timers_table_seat ON timers (table_id, seat);
