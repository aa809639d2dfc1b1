package http_test

import (
	"testing"

	"github.com/squaresapp/squares/store/storetest"
)

// TestMain stops the throwaway PostgreSQL server the tests may start.
func TestMain(m *testing.M) { storetest.Main(m) }
