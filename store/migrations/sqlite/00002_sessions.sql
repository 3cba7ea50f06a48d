-- Game sessions of the server: one row per session, its events (moves and
-- undos) in order, and the rules files users uploaded.

-- +goose Up
CREATE TABLE game_files (
    name       TEXT PRIMARY KEY,
    source     TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    variant    TEXT NOT NULL DEFAULT '',
    seats      TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE session_events (
    session_id TEXT    NOT NULL REFERENCES sessions (id),
    version    INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    seat       INTEGER NOT NULL,
    move       TEXT    NOT NULL DEFAULT '',
    note       TEXT    NOT NULL DEFAULT '',
    created_at TEXT    NOT NULL,
    PRIMARY KEY (session_id, version)
);

-- +goose Down
DROP TABLE session_events;
DROP TABLE sessions;
DROP TABLE game_files;
