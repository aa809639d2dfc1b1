-- +goose Up
-- The audit log: every admin action, written in the transaction that makes the change. admin_id is NULL
-- for the system (the automation, a score feed). Rows are never changed or deleted: the triggers refuse it.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    admin_id    INTEGER REFERENCES users (id),
    admin_name  TEXT NOT NULL,
    action      TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id   TEXT NOT NULL,
    pool_id     INTEGER,
    user_id     INTEGER,
    before_json TEXT,
    after_json  TEXT,
    reason      TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_admin ON audit_log (admin_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_pool ON audit_log (pool_id, id);
CREATE INDEX audit_log_user ON audit_log (user_id, id);
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
-- +goose StatementEnd

-- +goose Down
DROP TABLE audit_log;
