package store

import (
	"context"
	"database/sql"
	"time"
)

// scanner is a *sql.Row or *sql.Rows.
type scanner interface {
	Scan(dest ...any) error
}

// queryAll runs a query and reads every row with scan.
func queryAll[T any](ctx context.Context, tx *Tx, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// nullTime converts a nullable time.
func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

func timeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

func nullInt(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

func intArg(p *int) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}
