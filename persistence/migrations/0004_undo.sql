-- Undo (issue 12): a move may be taken back, so the log's sequence no longer equals the
-- game version. `log_seq` counts a table's log entries (the next entry is log_seq + 1);
-- every entry records the game version after it, whether it could be undone (and why not)
-- and whether it was undone (it then stays for the record but is left out of replays).
ALTER TABLE game_tables ADD COLUMN log_seq INTEGER NOT NULL DEFAULT 0;
UPDATE game_tables SET log_seq = version;
ALTER TABLE actions ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
UPDATE actions SET version = seq;
ALTER TABLE actions ADD COLUMN undoable BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE actions ADD COLUMN undo_refusal TEXT;
ALTER TABLE actions ADD COLUMN undone BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX actions_live ON actions (table_id, undone, version);
