-- +goose Up
-- Host-collected private pools: the host collects the money outside Squares, adds guests
-- (people without an account) by name, gives them squares and records who paid.
-- collection: card (through Squares' escrow, as every public pool) or host. pay_by: when a host pool's
-- payment is due (NULL for a card pool).
ALTER TABLE pools ADD COLUMN collection TEXT NOT NULL DEFAULT 'card' CHECK (collection IN ('card', 'host'));
ALTER TABLE pools ADD COLUMN payment_instructions TEXT NOT NULL DEFAULT '';
ALTER TABLE pools ADD COLUMN pay_by TIMESTAMP;

-- A guest of a host pool: a name, and an e-mail whose invitation, once accepted, makes the guest's
-- squares and payments the account's (user_id, merged_at).
CREATE TABLE pool_guests (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id       INTEGER NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL DEFAULT '',
    invitation_id INTEGER REFERENCES pool_invitations (id) ON DELETE SET NULL,
    user_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    merged_at     TIMESTAMP,
    created_by    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX pool_guests_pool ON pool_guests (pool_id);
CREATE INDEX pool_guests_invitation ON pool_guests (invitation_id);

-- The money a host pool's host says they received, append-only (the store never changes an entry's
-- amount nor deletes one): a correction is a new entry with the
-- opposite amount that names the entry it cancels (corrects, once: UNIQUE). A player is a member
-- (user_id) or a guest (guest_id); a guest's entries keep guest_id and gain the account's user_id once
-- the guest joins.
CREATE TABLE host_payments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id      INTEGER NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
    user_id      INTEGER REFERENCES users (id),
    guest_id     INTEGER REFERENCES pool_guests (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
    note         TEXT NOT NULL DEFAULT '',
    corrects     INTEGER UNIQUE REFERENCES host_payments (id),
    recorded_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at   TIMESTAMP NOT NULL,
    CHECK (user_id IS NOT NULL OR guest_id IS NOT NULL)
);
CREATE INDEX host_payments_pool ON host_payments (pool_id, id);

-- What happened in a private pool, for its host (GET /api/pools/{id}/history): who, what, when.
CREATE TABLE pool_history (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id    INTEGER NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
    actor_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_name TEXT NOT NULL DEFAULT '',
    action     TEXT NOT NULL,
    user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    guest_id   INTEGER REFERENCES pool_guests (id) ON DELETE SET NULL,
    summary    TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX pool_history_pool ON pool_history (pool_id, id);

-- A square is owned by a member, a guest (guest_id; kept beside user_id once the guest joins) or the
-- house. SQLite changes a CHECK only by making the table again; foreign keys are deferred to the commit
-- (prizes refer to winners), and the rows go back under the same name.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE squares_old AS SELECT * FROM squares;
DROP TABLE squares;
CREATE TABLE squares (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id              INTEGER NOT NULL REFERENCES pools (id),
    row_idx              INTEGER NOT NULL CHECK (row_idx BETWEEN 0 AND 9),
    col_idx              INTEGER NOT NULL CHECK (col_idx BETWEEN 0 AND 9),
    user_id              INTEGER REFERENCES users (id),
    is_house             BOOLEAN NOT NULL DEFAULT FALSE,
    state                TEXT NOT NULL CHECK (state IN ('held', 'owned')),
    purchase_price_cents INTEGER NOT NULL DEFAULT 0,
    purchased_at         TIMESTAMP,
    hold_expires_at      TIMESTAMP,
    payment_id           TEXT,
    created_at           TIMESTAMP NOT NULL,
    guest_id             INTEGER REFERENCES pool_guests (id),
    -- Two buyers can never own the same square.
    UNIQUE (pool_id, row_idx, col_idx),
    CHECK (is_house = (user_id IS NULL AND guest_id IS NULL))
);
INSERT INTO squares (id, pool_id, row_idx, col_idx, user_id, is_house, state, purchase_price_cents, purchased_at,
    hold_expires_at, payment_id, created_at)
    SELECT id, pool_id, row_idx, col_idx, user_id, is_house, state, purchase_price_cents, purchased_at,
    hold_expires_at, payment_id, created_at FROM squares_old;
DROP TABLE squares_old;
CREATE INDEX squares_user ON squares (user_id, pool_id);
CREATE INDEX squares_guest ON squares (guest_id);

-- A host pool's winner: the host pays the prize (host_pays, then host_paid), to a member or a guest.
CREATE TABLE winners_old AS SELECT * FROM winners;
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
    UNIQUE (pool_id, period)
);
INSERT INTO winners (id, pool_id, period, home_score, away_score, row_idx, col_idx, user_id, amount_cents, status,
    created_at)
    SELECT id, pool_id, period, home_score, away_score, row_idx, col_idx, user_id, amount_cents, status,
    created_at FROM winners_old;
DROP TABLE winners_old;
CREATE INDEX winners_user ON winners (user_id);

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
    status       TEXT NOT NULL CHECK (status IN ('credited', 'house', 'free')),
    created_at   TIMESTAMP NOT NULL,
    UNIQUE (pool_id, period)
);
INSERT INTO winners SELECT id, pool_id, period, home_score, away_score, row_idx, col_idx, user_id, amount_cents,
    status, created_at FROM winners_new;
DROP TABLE winners_new;
CREATE INDEX winners_user ON winners (user_id);

CREATE TABLE squares_new AS SELECT * FROM squares;
DROP TABLE squares;
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
    UNIQUE (pool_id, row_idx, col_idx),
    CHECK ((user_id IS NULL) = is_house)
);
INSERT INTO squares SELECT id, pool_id, row_idx, col_idx, user_id, is_house, state, purchase_price_cents,
    purchased_at, hold_expires_at, payment_id, created_at FROM squares_new;
DROP TABLE squares_new;
CREATE INDEX squares_user ON squares (user_id, pool_id);

DROP TABLE pool_history;
DROP TABLE host_payments;
DROP TABLE pool_guests;
ALTER TABLE pools DROP COLUMN pay_by;
ALTER TABLE pools DROP COLUMN payment_instructions;
ALTER TABLE pools DROP COLUMN collection;
