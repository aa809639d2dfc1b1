-- +goose Up
-- The outbox: e-mail written in the transaction that causes it and sent later by the mail worker. A row
-- is claimed by one sender at a time (lease_owner until lease_until); a failed attempt waits until
-- next_attempt_at; after the last attempt the row is 'failed'. data holds what the message says (JSON),
-- rendered when it is sent; token is the Message-ID's left part, fixed here so a resend keeps it.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    kind            TEXT NOT NULL,
    to_email        TEXT NOT NULL,
    user_id         INTEGER REFERENCES users (id) ON DELETE SET NULL,
    pool_id         INTEGER,
    data            TEXT NOT NULL,
    essential       BOOLEAN NOT NULL,
    token           TEXT NOT NULL UNIQUE,
    status          TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    last_error      TEXT NOT NULL DEFAULT '',
    lease_owner     TEXT,
    lease_until     TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    sent_at         TIMESTAMP,
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

-- A player's choice about e-mail: opt_out turns off the non-essential messages.
CREATE TABLE email_preferences (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    opt_out    BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE email_preferences;
DROP TABLE outbox;
