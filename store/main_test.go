package store_test

import (
	"context"
	"testing"

	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) {
	// The store's tests share nothing between engines: their fixtures number rows with atomic counters.
	storetest.ParallelEngines()
	storetest.Main(m)
}

func TestOpenBothEngines(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db := storetest.Open(t, engine)
		ls, err := db.ListLeagues(context.Background())
		if err != nil || len(ls) != 4 {
			t.Fatalf("leagues = %v, %v", ls, err)
		}
	})
}
