-- The first schema: runs (one row per generator, match or benchmark run) and
-- puzzles (one row per finished puzzle of any game). Later artefacts (games,
-- layouts, tile sets) get tables of their own that refer to runs.

-- +goose Up
CREATE TABLE runs (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind        TEXT        NOT NULL,
    settings    JSONB       NOT NULL DEFAULT '{}',
    seed        BIGINT      NOT NULL DEFAULT 0,
    status      TEXT        NOT NULL DEFAULT 'running',
    started_at  TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ
);

CREATE TABLE puzzles (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game       TEXT             NOT NULL,
    height     INTEGER          NOT NULL,
    width      INTEGER          NOT NULL,
    body       TEXT             NOT NULL,
    difficulty TEXT             NOT NULL DEFAULT '',
    score      DOUBLE PRECISION NOT NULL DEFAULT 0,
    rating     JSONB            NOT NULL DEFAULT '{}',
    trace      JSONB            NOT NULL DEFAULT '[]',
    solution   JSONB            NOT NULL DEFAULT '[]',
    seed       BIGINT           NOT NULL DEFAULT 0,
    settings   JSONB            NOT NULL DEFAULT '{}',
    run_id     BIGINT REFERENCES runs (id),
    created_at TIMESTAMPTZ      NOT NULL,
    UNIQUE (game, body)
);

CREATE INDEX puzzles_by_difficulty ON puzzles (game, difficulty, score);
CREATE INDEX puzzles_by_seed ON puzzles (game, seed);

-- +goose Down
DROP TABLE puzzles;
DROP TABLE runs;
