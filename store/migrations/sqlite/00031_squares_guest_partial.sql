-- +goose Up
-- Squares held by a guest of a host's pool are few; every other square has no guest. The full index on
-- guest_id took one index entry for every square sold, NULL included (one more index write in every
-- claim's transaction), where a lookup by guest only ever wants the guests' squares.
DROP INDEX squares_guest;
CREATE INDEX squares_guest ON squares (guest_id) WHERE guest_id IS NOT NULL;

-- +goose Down
DROP INDEX squares_guest;
CREATE INDEX squares_guest ON squares (guest_id);
