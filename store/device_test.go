package store_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/squaresapp/squares/store/storetest"
)

// A browser is known to the accounts it signed in to, by the hash of its random id, for its lifetime; it
// keeps its id for another account; an unknown id gets the fresh one; an account remembers its 20 most
// recent browsers.
func TestDevices(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		const year = 365 * 24 * time.Hour
		known := func(hash, account string, want bool) {
			t.Helper()
			if got, err := db.KnownDevice(ctx, hash, account); err != nil || got != want {
				t.Errorf("KnownDevice(%s, %s) = %v, %v; want %v", hash, account, got, err, want)
			}
		}
		remember := func(presented, fresh, account, want string) {
			t.Helper()
			if got, err := db.RememberDevice(ctx, presented, fresh, account, year); err != nil || got != want {
				t.Errorf("RememberDevice(%q, %q, %s) = %q, %v; want %q", presented, fresh, account, got, err, want)
			}
		}

		known("h1", "email:ann@example.com", false)
		remember("", "h1", "email:ann@example.com", "h1")
		known("h1", "email:ann@example.com", true)
		known("h1", "email:bo@example.com", false)
		known("h2", "email:ann@example.com", false)
		// The same browser signs in to another account: its id is kept.
		remember("h1", "h2", "admin:boss", "h1")
		known("h1", "admin:boss", true)
		known("h2", "admin:boss", false)
		// An id nobody knows (forged, or forgotten) is replaced.
		remember("forged", "h3", "email:bo@example.com", "h3")
		known("forged", "email:bo@example.com", false)
		known("h3", "email:bo@example.com", true)

		// Its lifetime, renewed by each sign-in.
		clock.Add(200 * 24 * time.Hour)
		remember("h1", "h4", "email:ann@example.com", "h1")
		clock.Add(200 * 24 * time.Hour)
		known("h1", "email:ann@example.com", true)
		known("h1", "admin:boss", false)
		known("h3", "email:bo@example.com", false)

		// 25 more browsers for one account: the 20 most recent stay.
		for i := range 25 {
			clock.Add(time.Minute)
			h := "many" + strconv.Itoa(i)
			remember("", h, "email:cy@example.com", h)
		}
		for i := range 25 {
			known("many"+strconv.Itoa(i), "email:cy@example.com", i >= 5)
		}
		known("h1", "email:ann@example.com", true)
	})
}
