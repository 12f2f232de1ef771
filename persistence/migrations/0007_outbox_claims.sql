-- Notices told exactly once (issue 26). A process claims a notice before posting it (owner and
-- lease, as timers are claimed), so two live processes never post the same row; `outcome` says
-- how it ended: 'delivered' (Discord accepted the post), 'stale' (dropped: the turn was played
-- or the deadline passed), 'refused' (a permanent error: players and admins were told another
-- way). A transient error leaves it pending with `next_at` set by the backoff.
ALTER TABLE outbox ADD COLUMN owner TEXT;
ALTER TABLE outbox ADD COLUMN lease_until DOUBLE PRECISION;
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_at DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN outcome TEXT;
ALTER TABLE outbox ADD COLUMN error TEXT;
UPDATE outbox SET outcome = 'delivered' WHERE delivered = TRUE;
-- the refused notices of a table, for /gameadmin tables
CREATE INDEX outbox_refused ON outbox (guild_id, seq) WHERE outcome = 'refused';
-- delivered rows by age, for the purge
CREATE INDEX outbox_done ON outbox (delivered_at) WHERE delivered = TRUE
