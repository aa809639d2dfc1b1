-- +goose Up
-- Escrow steps that failed: the payment, the step (expire, capture, unwind, settle), how many times in a
-- row it failed, when it is tried next and the last error. The step's success deletes the row.
CREATE TABLE payment_work (
    payment_id      TEXT PRIMARY KEY REFERENCES payments (id),
    action          TEXT NOT NULL,
    attempts        INTEGER NOT NULL CHECK (attempts > 0),
    next_attempt_at TIMESTAMP NOT NULL,
    last_error      TEXT NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX payment_work_next ON payment_work (next_attempt_at);

-- +goose Down
DROP TABLE payment_work;
