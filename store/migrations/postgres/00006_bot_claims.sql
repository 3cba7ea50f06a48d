-- Several servers on one PostgreSQL store: a bot's move is thought about
-- by one of them, the one that claimed the session's version (bot_version)
-- until a time (bot_until); a server that stops before it moves lets
-- another claim it then.

-- +goose Up
ALTER TABLE sessions ADD COLUMN bot_version INTEGER NOT NULL DEFAULT -1;
ALTER TABLE sessions ADD COLUMN bot_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN bot_until TIMESTAMPTZ;

-- +goose Down
ALTER TABLE sessions DROP COLUMN bot_until;
ALTER TABLE sessions DROP COLUMN bot_owner;
ALTER TABLE sessions DROP COLUMN bot_version;
