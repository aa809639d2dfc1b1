-- +goose Up
-- The number of players owning squares of a pool (the house is none), kept up to date in the transaction
-- of every change of ownership: reading a pool no longer counts its squares.
ALTER TABLE pools ADD COLUMN distinct_players INTEGER NOT NULL DEFAULT 0 CHECK (distinct_players BETWEEN 0 AND 100);
UPDATE pools SET distinct_players = (SELECT COUNT(DISTINCT s.user_id) FROM squares s
    WHERE s.pool_id = pools.id AND s.state = 'owned' AND s.user_id IS NOT NULL);

-- +goose Down
ALTER TABLE pools DROP COLUMN distinct_players;
