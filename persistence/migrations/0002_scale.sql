-- Scale-out: look-ups every command makes get an index, per-guild stats and Elo are kept
-- up to date as results are written, and notices wait in an outbox until delivered.

-- the latest table of a channel (/game log, /game replay after a game ended)
CREATE INDEX game_tables_channel ON game_tables (channel_id, id);
-- the open tables a user hosts (the per-user cap, /game hand)
CREATE INDEX game_tables_host ON game_tables (host, status);
-- pending timers by due time, without the fired ones (which stay for the record)
DROP INDEX timers_due;
CREATE INDEX timers_pending ON timers (due_at) WHERE fired = FALSE;

-- One row per (guild, game, player): what /game stats and /game leaderboard read.
-- guild_key is the guild id, 0 for games outside a server.
CREATE TABLE player_stats (
    guild_key BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    rated_games INTEGER NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    turn_seconds DOUBLE PRECISION NOT NULL,
    turns INTEGER NOT NULL,
    PRIMARY KEY (guild_key, game, user_id)
);
CREATE INDEX player_stats_user ON player_stats (guild_key, user_id);
CREATE INDEX player_stats_board ON player_stats (guild_key, game, rated_games, rating);

-- What the front end must announce, written in the same transaction as the change that
-- caused it and marked delivered once sent (at-least-once; notice_id de-duplicates).
CREATE TABLE outbox (
    seq {{AUTO_ID}},
    notice_id TEXT NOT NULL UNIQUE,
    table_id BIGINT NOT NULL,
    guild_id BIGINT,
    payload TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    delivered BOOLEAN NOT NULL,
    delivered_at DOUBLE PRECISION
);
CREATE INDEX outbox_pending ON outbox (delivered, seq);
