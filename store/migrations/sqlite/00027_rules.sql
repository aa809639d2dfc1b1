-- +goose Up
-- A pool's rules (issue 22): the JSON of squares.Rules, '' for a pool made before rules existed (today's
-- rules with its payout schedule); number_sets: the JSON of its committed number sets (seeds secret until
-- the draw), '' for a pool whose numbers are drawn once from draw_seed.
ALTER TABLE pools ADD COLUMN rules TEXT NOT NULL DEFAULT '';
ALTER TABLE pools ADD COLUMN number_sets TEXT NOT NULL DEFAULT '';

-- Every score a game reported, in order (squares.ReportedScore): a manual entry or a feed's scoreboard
-- (source 'report'), or one of ESPN's scoring plays (source 'play', which replace the reports once read).
CREATE TABLE game_scores (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    source     TEXT NOT NULL CHECK (source IN ('report', 'play')),
    quarter    INTEGER NOT NULL CHECK (quarter >= 0),
    home_score INTEGER NOT NULL CHECK (home_score >= 0),
    away_score INTEGER NOT NULL CHECK (away_score >= 0),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX game_scores_game ON game_scores (game_id, source, id);

-- A pool's prizes are its rules' awards (squares.Award): kind period, reverse or score, award its key
-- (unique in the pool, so each pays once), period_code the paying period (Q1 ... FINAL, H1), label what
-- the winners list names. period is the paying period's place in the pool's payouts (1 ... 5).
PRAGMA defer_foreign_keys = ON;
CREATE TABLE winners_old AS SELECT * FROM winners;
DROP TABLE winners;
CREATE TABLE winners (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id      INTEGER NOT NULL REFERENCES pools (id),
    period       INTEGER NOT NULL CHECK (period BETWEEN 1 AND 5),
    home_score   INTEGER NOT NULL CHECK (home_score >= 0),
    away_score   INTEGER NOT NULL CHECK (away_score >= 0),
    row_idx      INTEGER NOT NULL CHECK (row_idx BETWEEN 0 AND 9),
    col_idx      INTEGER NOT NULL CHECK (col_idx BETWEEN 0 AND 9),
    user_id      INTEGER REFERENCES users (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
    status       TEXT NOT NULL CHECK (status IN ('credited', 'house', 'free', 'host_pays', 'host_paid')),
    created_at   TIMESTAMP NOT NULL,
    guest_id     INTEGER REFERENCES pool_guests (id),
    paid_at      TIMESTAMP,
    kind         TEXT NOT NULL DEFAULT 'period' CHECK (kind IN ('period', 'reverse', 'score')),
    award        TEXT NOT NULL,
    period_code  TEXT NOT NULL,
    label        TEXT NOT NULL,
    UNIQUE (pool_id, award)
);
INSERT INTO winners (id, pool_id, period, home_score, away_score, row_idx, col_idx, user_id, amount_cents, status,
    created_at, guest_id, paid_at, kind, award, period_code, label)
    SELECT w.id, w.pool_id, w.period, w.home_score, w.away_score, w.row_idx, w.col_idx, w.user_id, w.amount_cents,
    w.status, w.created_at, w.guest_id, w.paid_at, 'period',
    'period:' || CASE WHEN g.league_id = 6 AND w.period = 1 THEN 'H1' WHEN g.league_id = 6 OR w.period = 4 THEN 'FINAL'
        ELSE 'Q' || w.period END,
    CASE WHEN g.league_id = 6 AND w.period = 1 THEN 'H1' WHEN g.league_id = 6 OR w.period = 4 THEN 'FINAL'
        ELSE 'Q' || w.period END,
    CASE WHEN g.league_id = 6 AND w.period = 1 THEN '1st Half' WHEN g.league_id = 6 OR w.period = 4 THEN 'Final'
        ELSE 'Q' || w.period END
    FROM winners_old w JOIN pools p ON p.id = w.pool_id JOIN games g ON g.id = p.game_id;
DROP TABLE winners_old;
CREATE INDEX winners_user ON winners (user_id);

-- A private pool whose rules play a board not full is drawn as it stands: its final decision is "play".
CREATE TABLE pool_decisions_old AS SELECT * FROM pool_decisions;
DROP TABLE pool_decisions;
CREATE TABLE pool_decisions (
    pool_id    INTEGER PRIMARY KEY REFERENCES pools (id),
    decided_at TIMESTAMP NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('continue', 'cancel', 'house_fill', 'play')),
    reason     TEXT NOT NULL,
    decided_by TEXT NOT NULL,
    details    TEXT NOT NULL
);
INSERT INTO pool_decisions SELECT pool_id, decided_at, action, reason, decided_by, details FROM pool_decisions_old;
DROP TABLE pool_decisions_old;

-- +goose Down
PRAGMA defer_foreign_keys = ON;
CREATE TABLE winners_new AS SELECT * FROM winners;
DROP TABLE winners;
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
    status       TEXT NOT NULL CHECK (status IN ('credited', 'house', 'free', 'host_pays', 'host_paid')),
    created_at   TIMESTAMP NOT NULL,
    guest_id     INTEGER REFERENCES pool_guests (id),
    paid_at      TIMESTAMP,
    UNIQUE (pool_id, period)
);
INSERT INTO winners SELECT id, pool_id, period, home_score, away_score, row_idx, col_idx, user_id, amount_cents,
    status, created_at, guest_id, paid_at FROM winners_new WHERE kind = 'period' AND period <= 4;
DROP TABLE winners_new;
CREATE INDEX winners_user ON winners (user_id);
CREATE TABLE pool_decisions_new AS SELECT * FROM pool_decisions WHERE action <> 'play';
DROP TABLE pool_decisions;
CREATE TABLE pool_decisions (
    pool_id    INTEGER PRIMARY KEY REFERENCES pools (id),
    decided_at TIMESTAMP NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('continue', 'cancel', 'house_fill')),
    reason     TEXT NOT NULL,
    decided_by TEXT NOT NULL,
    details    TEXT NOT NULL
);
INSERT INTO pool_decisions SELECT pool_id, decided_at, action, reason, decided_by, details FROM pool_decisions_new;
DROP TABLE pool_decisions_new;
DROP TABLE game_scores;
ALTER TABLE pools DROP COLUMN number_sets;
ALTER TABLE pools DROP COLUMN rules;
