package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestOlderBinaryOnNewerSchema: once a newer binary has migrated the database (here: a migration version
// beyond this binary's), this binary is not ready (/readyz 503, docs/operations.md, Upgrading); it still
// opens the database, as an old instance restarting mid-upgrade does, and leaves the newer schema alone.
func TestOlderBinaryOnNewerSchema(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		if err := db.Exec(ctx, `INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, true)`); err != nil {
			t.Fatal(err)
		}
		if err := db.Ready(ctx); !errors.Is(err, store.ErrSchemaBehind) {
			t.Fatalf("ready on a newer schema: %v, want ErrSchemaBehind", err)
		}
		again := store.New(db.URL)
		if err := again.Open(ctx); err != nil {
			t.Fatalf("open a newer schema: %v", err)
		}
		defer again.Close()
		if err := again.Ready(ctx); !errors.Is(err, store.ErrSchemaBehind) {
			t.Errorf("reopened: ready %v, want ErrSchemaBehind", err)
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM goose_db_version WHERE version_id = 99999`, nil, &n); err != nil || n != 1 {
			t.Errorf("the newer version's row: %d, %v", n, err)
		}
	})
}
