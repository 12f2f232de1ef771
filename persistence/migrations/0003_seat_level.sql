-- The playing strength of a computer seat (random / greedy / strong); NULL = the default.
ALTER TABLE seats ADD COLUMN level TEXT;
