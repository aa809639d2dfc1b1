-- +goose Up
-- The players who joined a private pool (its creator among them): only they, and admins, see it.
CREATE TABLE pool_members (
    pool_id       INTEGER NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    invitation_id INTEGER,
    joined_at     TIMESTAMP NOT NULL,
    PRIMARY KEY (pool_id, user_id)
);
CREATE INDEX pool_members_user ON pool_members (user_id);

-- An invitation of one address to a private pool, with its own code (the link /join/{code}): revoking
-- it stops that link only. One invitation per address and pool.
CREATE TABLE pool_invitations (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    pool_id      INTEGER NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
    email        TEXT NOT NULL,
    code         TEXT NOT NULL UNIQUE,
    inviter_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
    sent_count   INTEGER NOT NULL DEFAULT 1,
    last_sent_at TIMESTAMP NOT NULL,
    accepted_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    accepted_at  TIMESTAMP,
    revoked_at   TIMESTAMP,
    created_at   TIMESTAMP NOT NULL,
    UNIQUE (pool_id, email)
);

-- Private pools made before members were kept: their creators are members.
INSERT INTO pool_members (pool_id, user_id, joined_at)
    SELECT id, creator_id, created_at FROM pools WHERE is_private = TRUE AND creator_id IS NOT NULL;

-- +goose Down
DROP TABLE pool_invitations;
DROP INDEX pool_members_user;
DROP TABLE pool_members;
