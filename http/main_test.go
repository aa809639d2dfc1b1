package http_test

import (
	"testing"

	"github.com/squaresapp/squares/store/storetest"
)

// TestMain runs each test's engines at once, and stops the throwaway PostgreSQL server the tests may
// start. The tests share nothing between engines: their servers listen on ports of their own, their
// fixtures number rows with atomic counters, and the one test that sets the process's decode hook runs
// its engines in turn.
func TestMain(m *testing.M) {
	storetest.ParallelEngines()
	storetest.Main(m)
}
