package store_test

import (
	"context"
	"testing"

	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestReadyAndOpsStats: a fresh database is ready and its metrics read on both engines; a closed one is
// not ready.
func TestReadyAndOpsStats(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		if err := db.Ready(ctx); err != nil {
			t.Fatalf("ready: %v", err)
		}
		st, err := db.OpsStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Payments) != 0 || st.Failing != 0 || len(st.Decisions) != 0 || len(st.Backlog) != 4 ||
			st.Backlog[store.WorkCapture] != 0 {
			t.Errorf("fresh database: %+v", st)
		}
		db.Close()
		if err := db.Ready(ctx); err == nil {
			t.Error("closed database ready")
		}
	})
}
