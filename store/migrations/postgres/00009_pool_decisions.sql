-- +goose Up
-- Each pool's final decision, made once (the key) 2 hours before kickoff by the automation or earlier by an
-- admin: continue, cancel or house_fill, why, and what it did (JSON: players, house squares, refund).
CREATE TABLE pool_decisions (
    pool_id    BIGINT PRIMARY KEY REFERENCES pools (id),
    decided_at TIMESTAMPTZ NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('continue', 'cancel', 'house_fill')),
    reason     TEXT NOT NULL,
    decided_by TEXT NOT NULL,
    details    TEXT NOT NULL
);

-- +goose Down
DROP TABLE pool_decisions;
