-- +goose Up
-- The winning square of each ended period of each pool, written with its prize's ledger transaction in
-- one database transaction; one row per pool and period, so each period pays once. user_id is NULL for a
-- house square. status: credited (a player's prize), house (kept by the house), free (a free pool's win).
CREATE TABLE winners (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id      INTEGER NOT NULL REFERENCES pools (id),
    period       INTEGER NOT NULL CHECK (period BETWEEN 1 AND 4),
    home_score   INTEGER NOT NULL CHECK (home_score >= 0),
    away_score   INTEGER NOT NULL CHECK (away_score >= 0),
    row_idx      INTEGER NOT NULL CHECK (row_idx BETWEEN 0 AND 9),
    col_idx      INTEGER NOT NULL CHECK (col_idx BETWEEN 0 AND 9),
    user_id      INTEGER REFERENCES users (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
    status       TEXT NOT NULL CHECK (status IN ('credited', 'house', 'free')),
    created_at   TIMESTAMP NOT NULL,
    UNIQUE (pool_id, period)
);
CREATE INDEX winners_user ON winners (user_id);

-- +goose Down
DROP TABLE winners;
