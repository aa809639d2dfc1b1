-- +goose Up
CREATE TABLE users (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    email              TEXT UNIQUE,
    username           TEXT UNIQUE,
    password_hash      TEXT NOT NULL,
    first_name         TEXT NOT NULL,
    last_name          TEXT NOT NULL DEFAULT '',
    profile_image_url  TEXT NOT NULL DEFAULT '',
    role               TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    date_of_birth      TEXT NOT NULL DEFAULT '',
    residence_state    TEXT NOT NULL DEFAULT '',
    residence_country  TEXT NOT NULL DEFAULT '',
    is_age_verified    BOOLEAN NOT NULL DEFAULT FALSE,
    is_eligible_to_bet BOOLEAN NOT NULL DEFAULT FALSE,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);

CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   TIMESTAMP NOT NULL,
    expires_at   TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

CREATE TABLE login_failures (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    throttle  TEXT NOT NULL,
    failed_at TIMESTAMP NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (throttle, failed_at);

CREATE TABLE leagues (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    sport        TEXT NOT NULL,
    is_active    BOOLEAN NOT NULL DEFAULT TRUE,
    active_week  TEXT NOT NULL DEFAULT ''
);

CREATE TABLE teams (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id       INTEGER NOT NULL REFERENCES leagues (id),
    name            TEXT NOT NULL,
    abbreviation    TEXT NOT NULL,
    code            TEXT NOT NULL,
    city            TEXT NOT NULL,
    primary_color   TEXT NOT NULL,
    secondary_color TEXT NOT NULL,
    UNIQUE (league_id, code),
    UNIQUE (league_id, name)
);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id       INTEGER NOT NULL REFERENCES leagues (id),
    external_id     TEXT,
    espn_id         TEXT NOT NULL DEFAULT '',
    season          INTEGER NOT NULL DEFAULT 0,
    week            TEXT NOT NULL DEFAULT '',
    home_team       TEXT NOT NULL,
    away_team       TEXT NOT NULL,
    home_team_color TEXT NOT NULL,
    away_team_color TEXT NOT NULL,
    game_date       TIMESTAMP NOT NULL,
    venue           TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL DEFAULT 'scheduled',
    home_score      INTEGER,
    away_score      INTEGER,
    quarter         INTEGER NOT NULL DEFAULT 0,
    home_q1 INTEGER, home_q2 INTEGER, home_q3 INTEGER, home_q4 INTEGER,
    away_q1 INTEGER, away_q2 INTEGER, away_q3 INTEGER, away_q4 INTEGER,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    UNIQUE (league_id, external_id)
);
CREATE INDEX games_league_date ON games (league_id, game_date);
CREATE INDEX games_week ON games (league_id, week);

CREATE TABLE pools (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id                INTEGER NOT NULL REFERENCES games (id),
    name                   TEXT NOT NULL,
    entry_fee_cents        INTEGER NOT NULL CHECK (entry_fee_cents >= 0),
    max_squares_per_player INTEGER NOT NULL CHECK (max_squares_per_player BETWEEN 1 AND 100),
    status                 TEXT NOT NULL DEFAULT 'draft',
    is_private             BOOLEAN NOT NULL DEFAULT FALSE,
    creator_id             INTEGER REFERENCES users (id),
    invite_code            TEXT UNIQUE,
    is_nonprofit           BOOLEAN NOT NULL DEFAULT FALSE,
    is_featured            BOOLEAN NOT NULL DEFAULT FALSE,
    featured_reason        TEXT NOT NULL DEFAULT '',
    featured_until         TIMESTAMP,
    payout_schedule        TEXT NOT NULL,
    draw_seed              TEXT NOT NULL,
    draw_commitment        TEXT NOT NULL,
    home_numbers           TEXT NOT NULL DEFAULT '',
    away_numbers           TEXT NOT NULL DEFAULT '',
    drawn_at               TIMESTAMP,
    squares_taken          INTEGER NOT NULL DEFAULT 0 CHECK (squares_taken BETWEEN 0 AND 100),
    created_at             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL
);
CREATE INDEX pools_game ON pools (game_id);
CREATE INDEX pools_status ON pools (status);
-- One public pool per game and tier.
CREATE UNIQUE INDEX pools_public_tier ON pools (game_id, entry_fee_cents) WHERE is_private = FALSE;

CREATE TABLE squares (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id              INTEGER NOT NULL REFERENCES pools (id),
    row_idx               INTEGER NOT NULL CHECK (row_idx BETWEEN 0 AND 9),
    col_idx               INTEGER NOT NULL CHECK (col_idx BETWEEN 0 AND 9),
    user_id              INTEGER REFERENCES users (id),
    is_house             BOOLEAN NOT NULL DEFAULT FALSE,
    state                TEXT NOT NULL CHECK (state IN ('held', 'owned')),
    purchase_price_cents INTEGER NOT NULL DEFAULT 0,
    purchased_at         TIMESTAMP,
    hold_expires_at      TIMESTAMP,
    payment_id           TEXT,
    created_at           TIMESTAMP NOT NULL,
    -- Two buyers can never own the same square.
    UNIQUE (pool_id, row_idx, col_idx),
    CHECK ((user_id IS NULL) = is_house)
);
CREATE INDEX squares_user ON squares (user_id, pool_id);

-- +goose Down
DROP TABLE squares;
DROP TABLE pools;
DROP TABLE games;
DROP TABLE teams;
DROP TABLE leagues;
DROP TABLE login_failures;
DROP TABLE sessions;
DROP TABLE users;
