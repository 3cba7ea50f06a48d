-- Every result in the store: a run says how it was made (command, flags,
-- seed, ludus version, how many jobs it has), and each of its jobs (a game,
-- a puzzle, a layout, a tile set, a 2048 game, a GA island) writes one
-- result row, unique by run and index, so no job's result is kept twice.

-- +goose Up
ALTER TABLE runs ADD COLUMN command TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN version TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN jobs INTEGER NOT NULL DEFAULT 0;

CREATE TABLE run_results (
    run_id     BIGINT           NOT NULL REFERENCES runs (id),
    idx        INTEGER          NOT NULL,
    seed       BIGINT           NOT NULL DEFAULT 0,
    kind       TEXT             NOT NULL,
    data       JSONB            NOT NULL DEFAULT '{}',
    elapsed_ms DOUBLE PRECISION NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ      NOT NULL,
    PRIMARY KEY (run_id, idx)
);

CREATE TABLE run_files (
    run_id  BIGINT NOT NULL REFERENCES runs (id),
    name    TEXT   NOT NULL,
    content BYTEA  NOT NULL,
    PRIMARY KEY (run_id, name)
);

-- +goose Down
DROP TABLE run_files;
DROP TABLE run_results;
ALTER TABLE runs DROP COLUMN jobs;
ALTER TABLE runs DROP COLUMN version;
ALTER TABLE runs DROP COLUMN command;
