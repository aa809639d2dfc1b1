-- +goose Up
-- The drand beacon of each pool's draw (issue 24, squares.PoolBeacon): '' for a pool without one (waiting
-- before its draw; drawn before beacons existed after it), 'pending' from the lock (the grid complete:
-- round fixed, due at beacon_due_at) until the round is fetched, then 'verified' (signature and randomness
-- stored, the digits drawn from them), or 'unavailable' (no relay answered 15 minutes before kickoff) or
-- 'off' (the server ran without the beacon): drawn without one. beacon_failures, beacon_next_try_at and
-- beacon_error are the worker's retries.
ALTER TABLE pools ADD COLUMN beacon_status TEXT NOT NULL DEFAULT ''
    CHECK (beacon_status IN ('', 'pending', 'verified', 'unavailable', 'off'));
ALTER TABLE pools ADD COLUMN beacon_round BIGINT NOT NULL DEFAULT 0 CHECK (beacon_round >= 0);
ALTER TABLE pools ADD COLUMN beacon_locked_at TIMESTAMPTZ;
ALTER TABLE pools ADD COLUMN beacon_due_at TIMESTAMPTZ;
ALTER TABLE pools ADD COLUMN beacon_chain_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE pools ADD COLUMN beacon_signature TEXT NOT NULL DEFAULT '';
ALTER TABLE pools ADD COLUMN beacon_randomness TEXT NOT NULL DEFAULT '';
ALTER TABLE pools ADD COLUMN beacon_dev BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE pools ADD COLUMN beacon_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pools ADD COLUMN beacon_next_try_at TIMESTAMPTZ;
ALTER TABLE pools ADD COLUMN beacon_error TEXT NOT NULL DEFAULT '';
CREATE INDEX pools_beacon_pending ON pools (beacon_due_at) WHERE beacon_status = 'pending';

-- +goose Down
DROP INDEX pools_beacon_pending;
ALTER TABLE pools DROP COLUMN beacon_error;
ALTER TABLE pools DROP COLUMN beacon_next_try_at;
ALTER TABLE pools DROP COLUMN beacon_failures;
ALTER TABLE pools DROP COLUMN beacon_dev;
ALTER TABLE pools DROP COLUMN beacon_randomness;
ALTER TABLE pools DROP COLUMN beacon_signature;
ALTER TABLE pools DROP COLUMN beacon_chain_hash;
ALTER TABLE pools DROP COLUMN beacon_due_at;
ALTER TABLE pools DROP COLUMN beacon_locked_at;
ALTER TABLE pools DROP COLUMN beacon_round;
ALTER TABLE pools DROP COLUMN beacon_status;
