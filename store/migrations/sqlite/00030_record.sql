-- +goose Up
-- The hash-chained record of every pool (squares.RecordEntry, docs/fairness.md "The record"): one entry per
-- change, appended in the change's transaction. The pool keeps its record's head (the last seq and hash) so
-- that the next entry needs no extra read of the record where the pool is already locked.
ALTER TABLE pools ADD COLUMN record_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pools ADD COLUMN record_head TEXT NOT NULL DEFAULT '0000000000000000000000000000000000000000000000000000000000000000';

CREATE TABLE pool_records (
    pool_id   INTEGER NOT NULL REFERENCES pools (id),
    seq       INTEGER NOT NULL CHECK (seq >= 1),
    at        TEXT NOT NULL,
    kind      TEXT NOT NULL,
    data      TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL,
    PRIMARY KEY (pool_id, seq)
);

-- The server's Ed25519 signatures on a pool's record as it stood at a change of the pool's state.
CREATE TABLE pool_checkpoints (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id   INTEGER NOT NULL REFERENCES pools (id),
    seq       INTEGER NOT NULL CHECK (seq >= 1),
    head      TEXT NOT NULL,
    at        TEXT NOT NULL,
    reason    TEXT NOT NULL,
    signature TEXT NOT NULL
);
CREATE INDEX pool_checkpoints_pool ON pool_checkpoints (pool_id, seq);

-- +goose Down
DROP TABLE pool_checkpoints;
DROP TABLE pool_records;
ALTER TABLE pools DROP COLUMN record_head;
ALTER TABLE pools DROP COLUMN record_seq;
