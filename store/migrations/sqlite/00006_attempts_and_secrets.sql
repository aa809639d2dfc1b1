-- +goose Up
-- Throttled attempts (sign-ins, registrations): a row is reserved before a password is checked and stays
-- as a failure unless given back, so the table now holds more than failures.
ALTER TABLE login_failures RENAME TO attempts;
ALTER TABLE attempts RENAME COLUMN failed_at TO attempted_at;
DROP INDEX login_failures_key;
CREATE INDEX attempts_key ON attempts (throttle, attempted_at);
CREATE INDEX attempts_at ON attempts (attempted_at);

-- Secrets the server generates once and shares between instances (the device cookies' signing key).
CREATE TABLE secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE secrets;
DROP INDEX attempts_at;
DROP INDEX attempts_key;
ALTER TABLE attempts RENAME COLUMN attempted_at TO failed_at;
ALTER TABLE attempts RENAME TO login_failures;
CREATE INDEX login_failures_key ON login_failures (throttle, failed_at);
