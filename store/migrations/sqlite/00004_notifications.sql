-- +goose Up
-- Messages for a player about their money and squares: a released hold, a refund, a prize.
CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    message    TEXT NOT NULL,
    pool_id    INTEGER REFERENCES pools (id),
    created_at TIMESTAMP NOT NULL,
    read_at    TIMESTAMP
);
CREATE INDEX notifications_user ON notifications (user_id, read_at);

-- +goose Down
DROP TABLE notifications;
