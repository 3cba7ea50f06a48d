-- Sessions for other people and their fair use: the options a session was
-- created with (the creator's secret, a clock), the client that created it
-- (its live sessions are counted), whether the lobby lists it, how many of
-- its seats wait for a player, and when it was closed (the game ended, or
-- nobody played it for long). A closed session stays readable.

-- +goose Up
ALTER TABLE sessions ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
ALTER TABLE sessions ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN listed BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE sessions ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN closed_at TIMESTAMPTZ;

CREATE INDEX sessions_live_client ON sessions (client) WHERE closed_at IS NULL;

-- +goose Down
DROP INDEX sessions_live_client;
ALTER TABLE sessions DROP COLUMN closed_at;
ALTER TABLE sessions DROP COLUMN open_seats;
ALTER TABLE sessions DROP COLUMN listed;
ALTER TABLE sessions DROP COLUMN client;
ALTER TABLE sessions DROP COLUMN options;
