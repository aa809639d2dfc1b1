package storetest

import (
	"context"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Books fails the test unless the ledger sums to zero, and returns every account's balance.
func Books(t testing.TB, db *store.DB) map[string]squares.Cents {
	t.Helper()
	bs, total, err := db.LedgerSummary(context.Background())
	if err != nil || total != 0 {
		t.Fatalf("ledger total %s, %v", total, err)
	}
	out := map[string]squares.Cents{}
	for _, b := range bs {
		out[b.Account] = b.Balance
	}
	return out
}
