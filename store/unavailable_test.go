package store_test

import (
	"context"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestUnavailable: with PostgreSQL stopped under an open store, its calls fail as Unavailable; once it
// is back they succeed again, and a request's own fault (a conflict) is not Unavailable.
func TestUnavailable(t *testing.T) {
	srv := storetest.StartServer(t)
	ctx := context.Background()
	db := store.New(srv.Database(t))
	if err := db.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u := &squares.User{Email: "a@example.com", PasswordHash: "x", FirstName: "A", LastName: "B", Role: squares.RoleUser}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	dup := *u
	if err := db.CreateUser(ctx, &dup); err == nil || store.Unavailable(err) {
		t.Fatalf("duplicate e-mail: %v, unavailable %v", err, store.Unavailable(err))
	}
	for _, mode := range []string{"fast", "immediate"} {
		if err := srv.Stop(mode); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FindUserByID(ctx, u.ID); !store.Unavailable(err) {
			t.Fatalf("with PostgreSQL stopped (%s): %v, want unavailable", mode, err)
		}
		if err := srv.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FindUserByID(ctx, u.ID); err != nil {
			t.Fatalf("after PostgreSQL started again: %v", err)
		}
	}
}
