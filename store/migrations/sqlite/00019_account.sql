-- +goose Up
-- Forgotten passwords: a reset link's token, kept only as its SHA-256. A token works once (used_at), until
-- expires_at, and only while it is the account's newest (a newer request sets replaced_at on the others).
CREATE TABLE password_resets (
    token_hash  TEXT PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  TIMESTAMP NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP,
    replaced_at TIMESTAMP
);
CREATE INDEX password_resets_user ON password_resets (user_id);
CREATE INDEX password_resets_expiry ON password_resets (expires_at);

-- The browser a session was signed in from, for the account page's list of devices.
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';

-- The secret part of a queued message (a reset link's token): needed to send it, cleared once the message
-- leaves the queue (sent, failed for good, skipped), so the outbox keeps no usable link.
ALTER TABLE outbox ADD COLUMN secret TEXT;

-- +goose Down
ALTER TABLE outbox DROP COLUMN secret;
ALTER TABLE sessions DROP COLUMN user_agent;
DROP TABLE password_resets;
