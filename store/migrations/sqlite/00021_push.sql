-- +goose Up
-- Devices subscribed to push notifications (a browser's PushSubscription): one row per push endpoint,
-- owned by the player who subscribed it last. server_key is the VAPID public key the browser subscribed
-- with; session_hash the session that subscribed it, whose sign-out ends the subscription.
CREATE TABLE push_subscriptions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint     TEXT NOT NULL UNIQUE,
    p256dh       TEXT NOT NULL,
    auth         TEXT NOT NULL,
    server_key   TEXT NOT NULL,
    session_hash TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);

-- The push outbox: one row per notification and device, written in the transaction that causes it and
-- sent by the push worker with the e-mail outbox's leases, attempts and backoff. A subscription that
-- ends (signed out, or gone at the push service) takes its pushes with it.
CREATE TABLE push_outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    kind            TEXT NOT NULL,
    pool_id         INTEGER,
    payload         TEXT NOT NULL,
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
CREATE INDEX push_outbox_due ON push_outbox (status, next_attempt_at);
CREATE INDEX push_outbox_subscription ON push_outbox (subscription_id);
CREATE INDEX push_outbox_updated ON push_outbox (updated_at);

-- +goose Down
DROP TABLE push_outbox;
DROP TABLE push_subscriptions;
