-- +goose Up
-- What the draw consumed, stored at the draw: the ownership text of the 100 squares and its SHA-256, so that
-- a draw stays verifiable after squares change hands (the house takes over a square whose hold lapsed).
-- Pools drawn before this migration keep NULL: their ownership at the draw cannot be rebuilt truthfully.
ALTER TABLE pools ADD COLUMN draw_input TEXT;
ALTER TABLE pools ADD COLUMN draw_input_sha256 TEXT;

-- +goose Down
ALTER TABLE pools DROP COLUMN draw_input_sha256;
ALTER TABLE pools DROP COLUMN draw_input;
