-- +goose Up
-- An admin's two-factor sign-in (TOTP): pending from the secret's creation until confirmed with a code
-- (enabled_at set). last_step is the last time step whose code was accepted: no code is accepted twice.
CREATE TABLE two_factor (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret     TEXT NOT NULL,
    enabled_at TIMESTAMPTZ,
    last_step  BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL
);

-- One-time recovery codes, kept as hashes; a used code keeps its row with used_at set.
CREATE TABLE recovery_codes (
    id        BIGSERIAL PRIMARY KEY,
    user_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at   TIMESTAMPTZ,
    UNIQUE (user_id, code_hash)
);

-- Sign-ins waiting for their second factor: a short-lived token (kept hashed) given after the password.
CREATE TABLE login_challenges (
    token_hash TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_challenges_expires ON login_challenges (expires_at);

-- +goose Down
DROP TABLE login_challenges;
DROP TABLE recovery_codes;
DROP TABLE two_factor;
