package store_test

import (
	"context"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// PostgreSQL refuses a NUL in text, and BadText names that refusal; SQLite stores it: the HTTP edge keeps
// such text out of both.
func TestBadText(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db := storetest.Open(t, engine)
		u := &squares.User{Email: "nul@example.com", PasswordHash: "x", FirstName: "A\x00B", LastName: "Lee", Role: squares.RoleUser}
		err := db.CreateUser(context.Background(), u)
		switch engine {
		case store.Postgres:
			if err == nil || !store.BadText(err) {
				t.Errorf("NUL in a name on PostgreSQL: %v, BadText %v", err, store.BadText(err))
			}
		default:
			if err != nil {
				t.Errorf("NUL in a name on SQLite: %v", err)
			}
		}
		if store.BadText(context.Canceled) || store.BadText(nil) {
			t.Error("BadText of other errors")
		}
	})
}
