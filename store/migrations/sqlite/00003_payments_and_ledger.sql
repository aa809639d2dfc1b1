-- +goose Up
CREATE TABLE payments (
    id                  TEXT PRIMARY KEY,
    provider            TEXT NOT NULL,
    provider_payment_id TEXT UNIQUE,
    client_secret       TEXT NOT NULL DEFAULT '',
    user_id             INTEGER NOT NULL REFERENCES users (id),
    pool_id             INTEGER NOT NULL REFERENCES pools (id),
    amount_cents        INTEGER NOT NULL CHECK (amount_cents > 0),
    currency            TEXT NOT NULL,
    cells               TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'held', 'captured', 'released', 'refunded', 'failed')),
    provider_status     TEXT NOT NULL DEFAULT '',
    failure_message     TEXT NOT NULL DEFAULT '',
    hold_expires_at     TIMESTAMP NOT NULL,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);
CREATE INDEX payments_pool ON payments (pool_id, status);
CREATE INDEX payments_user ON payments (user_id);
CREATE INDEX payments_status ON payments (status, hold_expires_at);

-- Each ledger transaction is written once (its key) and balances (checked on insert); the sum over all
-- entries is zero.
CREATE TABLE ledger_transactions (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    idempotency_key TEXT NOT NULL UNIQUE,
    kind            TEXT NOT NULL,
    pool_id         INTEGER REFERENCES pools (id),
    user_id         INTEGER REFERENCES users (id),
    payment_id      TEXT REFERENCES payments (id),
    amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
    memo            TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX ledger_transactions_user ON ledger_transactions (user_id, id);
CREATE INDEX ledger_transactions_pool ON ledger_transactions (pool_id);

CREATE TABLE ledger_entries (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    transaction_id INTEGER NOT NULL REFERENCES ledger_transactions (id),
    account        TEXT NOT NULL,
    amount_cents   INTEGER NOT NULL CHECK (amount_cents <> 0)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);

-- Provider events (webhooks) already processed.
CREATE TABLE provider_events (
    id          TEXT PRIMARY KEY,
    provider    TEXT NOT NULL,
    type        TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);

-- The built-in sandbox card processor keeps its payments here.
CREATE TABLE sandbox_payments (
    id                TEXT PRIMARY KEY,
    client_secret     TEXT NOT NULL,
    idempotency_key   TEXT NOT NULL UNIQUE,
    amount_cents      INTEGER NOT NULL,
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL,
    amount_capturable INTEGER NOT NULL DEFAULT 0,
    amount_received   INTEGER NOT NULL DEFAULT 0,
    amount_refunded   INTEGER NOT NULL DEFAULT 0,
    last_error        TEXT NOT NULL DEFAULT '',
    metadata          TEXT NOT NULL DEFAULT '{}',
    authorized_at     TIMESTAMP,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE sandbox_payments;
DROP TABLE provider_events;
DROP TABLE ledger_entries;
DROP TABLE ledger_transactions;
DROP TABLE payments;
