-- The first schema: runs (one row per generator, match or benchmark run) and
-- puzzles (one row per finished puzzle of any game). Later artefacts (games,
-- layouts, tile sets) get tables of their own that refer to runs.

-- +goose Up
CREATE TABLE runs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL,
    settings    TEXT    NOT NULL DEFAULT '{}',
    seed        INTEGER NOT NULL DEFAULT 0,
    status      TEXT    NOT NULL DEFAULT 'running',
    started_at  TEXT    NOT NULL,
    finished_at TEXT
);

CREATE TABLE puzzles (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game       TEXT    NOT NULL,
    height     INTEGER NOT NULL,
    width      INTEGER NOT NULL,
    body       TEXT    NOT NULL,
    difficulty TEXT    NOT NULL DEFAULT '',
    score      REAL    NOT NULL DEFAULT 0,
    rating     TEXT    NOT NULL DEFAULT '{}',
    trace      TEXT    NOT NULL DEFAULT '[]',
    solution   TEXT    NOT NULL DEFAULT '[]',
    seed       INTEGER NOT NULL DEFAULT 0,
    settings   TEXT    NOT NULL DEFAULT '{}',
    run_id     INTEGER REFERENCES runs (id),
    created_at TEXT    NOT NULL,
    UNIQUE (game, body)
);

CREATE INDEX puzzles_by_difficulty ON puzzles (game, difficulty, score);
CREATE INDEX puzzles_by_seed ON puzzles (game, seed);

-- +goose Down
DROP TABLE puzzles;
DROP TABLE runs;
