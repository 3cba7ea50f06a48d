-- Uploaded rules files have versions: a replacement is a new version, and
-- a session records the version it was created with, so that a running
-- game keeps its rules. The uploader holds a key (only its hash is kept)
-- that replaces or deletes the upload; a deleted upload leaves the list of
-- games, its versions stay for the sessions that use them.

-- +goose Up
CREATE TABLE game_file_versions (
    name       TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    source     TEXT    NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (name, version)
);

INSERT INTO game_file_versions (name, version, source, created_at)
    SELECT name, 1, source, created_at FROM game_files;

ALTER TABLE game_files ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE game_files ADD COLUMN key_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN game_version INTEGER NOT NULL DEFAULT 0;

UPDATE sessions SET game_version = 1 WHERE game IN (SELECT name FROM game_files);

-- +goose Down
ALTER TABLE sessions DROP COLUMN game_version;
ALTER TABLE game_files DROP COLUMN key_hash;
ALTER TABLE game_files DROP COLUMN version;
DROP TABLE game_file_versions;
