-- +goose Up
-- The prize a prize_won, prize_forfeit or prize_forfeited notification is about, so that the bell and the
-- win's toast can name it and link to its claim.
ALTER TABLE notifications ADD COLUMN prize_id INTEGER REFERENCES prizes (id);
-- Notifications written before: a win is told in the transaction that credits its prize (same time); a
-- warning or a forfeit names the prize when the player has only one in that pool.
UPDATE notifications SET prize_id = (SELECT z.id FROM prizes z JOIN winners w ON w.id = z.winner_id
    WHERE z.user_id = notifications.user_id AND w.pool_id = notifications.pool_id
    AND z.credited_at = notifications.created_at ORDER BY z.id LIMIT 1)
WHERE kind = 'prize_won';
UPDATE notifications SET prize_id = (SELECT MIN(z.id) FROM prizes z JOIN winners w ON w.id = z.winner_id
    WHERE z.user_id = notifications.user_id AND w.pool_id = notifications.pool_id HAVING COUNT(*) = 1)
WHERE kind IN ('prize_forfeit', 'prize_forfeited');

-- +goose Down
ALTER TABLE notifications DROP COLUMN prize_id;
