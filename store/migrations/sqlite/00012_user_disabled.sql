-- +goose Up
-- An admin may disable an account: it cannot sign in, and its sessions end when it is disabled.
ALTER TABLE users ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE users DROP COLUMN disabled;
