package store

import (
	"context"
	"errors"
	"fmt"
)

// ErrSchemaBehind is Ready's error when the database's schema is older than this binary's newest
// migration (or newer: another version of the binary migrated it).
var ErrSchemaBehind = errors.New("database schema is not at the binary's latest migration")

// Ready checks that the database answers and that its schema is at the newest migration embedded in the
// binary, for /readyz.
func (db *DB) Ready(ctx context.Context) error {
	if err := db.Ping(ctx); err != nil {
		return fmt.Errorf("ping: %w", err)
	}
	current, latest, err := db.migrationVersions(ctx)
	if err != nil {
		return err
	}
	if current != latest {
		return fmt.Errorf("%w: at %d, latest %d", ErrSchemaBehind, current, latest)
	}
	return nil
}

// OpsStats is what the metrics read from the database at each scrape.
type OpsStats struct {
	Payments  map[string]int // payments by status
	Backlog   map[string]int // payments the escrow has to act on now, by step (at most 1000 a step)
	Failing   int            // payments whose escrow step failed and waits for a retry
	Decisions []DecisionCount
}

// DecisionCount is how many pools got one final decision from one decider.
type DecisionCount struct {
	Action, DecidedBy string
	Count             int
}

// OpsStats reads the counts the metrics report: payments by status, the escrow's backlog and failures,
// and the pools' decisions.
func (db *DB) OpsStats(ctx context.Context) (*OpsStats, error) {
	st := &OpsStats{Payments: map[string]int{}, Backlog: map[string]int{}}
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT status, COUNT(*) FROM payments GROUP BY status`)
		if err != nil {
			return fmt.Errorf("count payments: %w", err)
		}
		for rows.Next() {
			var s string
			var n int
			if err := rows.Scan(&s, &n); err != nil {
				rows.Close()
				return err
			}
			st.Payments[s] = n
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM payment_work`).Scan(&st.Failing); err != nil {
			return fmt.Errorf("count payment work: %w", err)
		}
		st.Decisions, err = queryAll(ctx, tx, func(s scanner) (DecisionCount, error) {
			var d DecisionCount
			return d, s.Scan(&d.Action, &d.DecidedBy, &d.Count)
		}, `SELECT action, decided_by, COUNT(*) FROM pool_decisions
			GROUP BY action, decided_by ORDER BY action, decided_by`)
		return err
	})
	if err != nil {
		return nil, err
	}
	work, err := db.ListPaymentWork(ctx, 1000)
	if err != nil {
		return nil, err
	}
	for _, s := range workSteps {
		st.Backlog[s.action] = 0
	}
	for _, w := range work {
		st.Backlog[w.Action]++
	}
	return st, nil
}
