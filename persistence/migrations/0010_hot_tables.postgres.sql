-- A move rewrites its table's row (state, version, revision). With the default fillfactor the
-- row's page is full, so the new version goes to another page and every index of game_tables
-- (six) gets an entry for it: only ~21 % of the bench's updates were HOT (heap-only), and the
-- table grew to 30 MB for 430 rows in ten seconds. Leaving 60 % of each page free keeps the new
-- version beside the old one: ~94 % HOT, 5 MB, and 0.25 ms of server CPU per move instead of
-- 0.33 (bench/interactions.py, 32 tables as fast as answers come). An older database's rows move to
-- roomier pages as they are next rewritten. States over ~2 KB are stored
-- compressed; lz4 compresses them several times faster than the default pglz, where the server
-- has it (PostgreSQL 14 and newer, built with lz4; else the columns keep pglz).
ALTER TABLE game_tables SET (fillfactor = 40);
DO $$
BEGIN
    ALTER TABLE game_tables ALTER COLUMN state SET COMPRESSION lz4;
    ALTER TABLE snapshots ALTER COLUMN state SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR syntax_error OR invalid_parameter_value THEN
    NULL;
END
$$;
