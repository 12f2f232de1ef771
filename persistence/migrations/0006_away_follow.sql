-- Time away and watching (issue 30).
-- `away`: one row per player: the current (or last) time away [since, until) and the days of
-- the yearly allowance used in `year` (a new year starts from nothing).
CREATE TABLE away (
    user_id TEXT PRIMARY KEY,
    since DOUBLE PRECISION,
    until DOUBLE PRECISION,
    year INTEGER NOT NULL,
    used_days INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);

-- `follows`: who watches a table by DM. `told_round` is the last round the follower was told
-- of and `told_end` whether the end was told: a claim (UPDATE … WHERE it was not yet told)
-- wins once, so no process tells a follower twice.
CREATE TABLE follows (
    table_id BIGINT NOT NULL REFERENCES game_tables (id),
    user_id TEXT NOT NULL,
    told_round INTEGER NOT NULL,
    told_end BOOLEAN NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX follows_user ON follows (user_id);
