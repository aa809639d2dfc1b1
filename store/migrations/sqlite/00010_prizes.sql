-- +goose Up
-- A player's prize: a winner credited to a player (not the house, not a free pool's win), written with the
-- credit. status: unclaimed (claimable until claim_by, 30 days after the credit), payout_pending (claimed,
-- to be paid by the operator), paid, forfeited (kept by the house after claim_by). warned_at: the winner
-- was told a week before the deadline.
CREATE TABLE prizes (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    winner_id    INTEGER NOT NULL UNIQUE REFERENCES winners (id),
    user_id      INTEGER NOT NULL REFERENCES users (id),
    status       TEXT NOT NULL CHECK (status IN ('unclaimed', 'payout_pending', 'paid', 'forfeited')),
    credited_at  TIMESTAMP NOT NULL,
    claim_by     TIMESTAMP NOT NULL,
    claimed_at   TIMESTAMP,
    paid_at      TIMESTAMP,
    forfeited_at TIMESTAMP,
    warned_at    TIMESTAMP
);
CREATE INDEX prizes_user ON prizes (user_id);
CREATE INDEX prizes_status ON prizes (status);
-- Winners credited before this migration get their prize, claimable 30 days from the credit.
INSERT INTO prizes (winner_id, user_id, status, credited_at, claim_by)
SELECT id, user_id, 'unclaimed', created_at, strftime('%Y-%m-%d %H:%M:%f+00:00', created_at, '+30 days')
FROM winners WHERE status = 'credited' AND user_id IS NOT NULL AND amount_cents > 0;

-- +goose Down
DROP TABLE prizes;
