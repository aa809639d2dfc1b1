-- +goose Up
-- A host-collected pool's payment deadline: when each automatic reminder went (a day and two hours before
-- pay_by, each once), when the host last sent one (at most one every 6 hours), and when the squares still
-- unpaid at pay_by were released (once).
ALTER TABLE pools ADD COLUMN reminded_day_at TIMESTAMP;
ALTER TABLE pools ADD COLUMN reminded_hours_at TIMESTAMP;
ALTER TABLE pools ADD COLUMN host_reminded_at TIMESTAMP;
ALTER TABLE pools ADD COLUMN unpaid_released_at TIMESTAMP;
-- When the host of a host-collected pool marked a winner's prize paid (status host_paid).
ALTER TABLE winners ADD COLUMN paid_at TIMESTAMP;

-- +goose Down
ALTER TABLE winners DROP COLUMN paid_at;
ALTER TABLE pools DROP COLUMN unpaid_released_at;
ALTER TABLE pools DROP COLUMN host_reminded_at;
ALTER TABLE pools DROP COLUMN reminded_hours_at;
ALTER TABLE pools DROP COLUMN reminded_day_at;
