-- +goose Up
-- The browsers each account signed in from (device cookies, against online guessing: http/device.go). A
-- browser's cookie holds an opaque random id, kept here only as its SHA-256; account is the sign-in
-- throttle's name of the account ("email:..." or "admin:..."). One id serves every account signed in from
-- that browser.
CREATE TABLE devices (
    token_hash TEXT NOT NULL,
    account    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    last_used  TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (token_hash, account)
);
CREATE INDEX devices_account ON devices (account, last_used);
CREATE INDEX devices_expires ON devices (expires_at);

-- +goose Down
DROP TABLE devices;
