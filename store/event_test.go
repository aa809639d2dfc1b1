package store_test

import (
	"context"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// listen puts an in-process bus on db and returns a function giving the events published since its last
// call (the store publishes before its write returns).
func listen(t *testing.T, db *store.DB) func() []squares.Event {
	t.Helper()
	bus := pubsub.NewLocal(slog.New(slog.DiscardHandler))
	db.Events = bus
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ch := bus.Subscribe(ctx)
	return func() []squares.Event {
		var out []squares.Event
		for {
			select {
			case e := <-ch:
				out = append(out, e)
			default:
				return out
			}
		}
	}
}

func accountEvents(ids ...int64) []squares.Event {
	out := []squares.Event{}
	for _, id := range ids {
		out = append(out, squares.Event{Kind: squares.EventAccount, UserID: id})
	}
	return out
}

// Every end of a user's sessions and every change of their account is published as EventAccount, so that
// the instances that keep sessions forget theirs; nothing is published when nothing changed.
func TestAccountEvents(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		boss, bossCtx := addAdmin(t, db, "boss")
		player := addPlayer(t, db, "pat")
		other := addPlayer(t, db, "bo")
		events := listen(t, db)
		want := func(what string, wantEvents []squares.Event) {
			t.Helper()
			if got := events(); !slices.EqualFunc(got, wantEvents, func(a, b squares.Event) bool {
				return a.Kind == b.Kind && a.UserID == b.UserID
			}) {
				t.Errorf("%s: events = %+v, want %+v", what, got, wantEvents)
			}
		}

		addSession(t, db, "pat-1", player, t0)
		addSession(t, db, "pat-2", player, t0)
		addSession(t, db, "bo-1", other, t0)
		want("new sessions", accountEvents())

		// Sign-out: the session's user.
		if err := db.DeleteSession(ctx, "pat-1"); err != nil {
			t.Fatal(err)
		}
		want("sign-out", accountEvents(player.ID))
		if err := db.DeleteSession(ctx, "no-such-session"); err != nil {
			t.Fatal(err)
		}
		want("sign-out of an unknown session", accountEvents())

		// A sign-in replacing the browser's session ends that session: its user is told.
		s := &store.Session{TokenHash: "pat-3", UserID: player.ID, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := db.CreateSession(ctx, s, "bo-1"); err != nil {
			t.Fatal(err)
		}
		want("sign-in replacing another's session", accountEvents(other.ID))

		// An admin's changes: flags, demotion, disabling; a change to the same values publishes nothing.
		if _, err := db.UpdateUser(bossCtx, player.ID, squares.UserUpdate{IsEligibleToBet: ref(false)}); err != nil {
			t.Fatal(err)
		}
		want("eligibility changed", accountEvents(player.ID))
		if _, err := db.UpdateUser(bossCtx, player.ID, squares.UserUpdate{IsEligibleToBet: ref(false)}); err != nil {
			t.Fatal(err)
		}
		want("the same eligibility", accountEvents())
		if _, err := db.UpdateUser(bossCtx, player.ID, squares.UserUpdate{Disabled: ref(true)}); err != nil {
			t.Fatal(err)
		}
		want("disabled", accountEvents(player.ID))
		deputy, _ := addAdmin(t, db, "deputy")
		events()
		if _, err := db.UpdateUser(bossCtx, deputy.ID, squares.UserUpdate{Role: ref(squares.RoleUser)}); err != nil {
			t.Fatal(err)
		}
		want("demoted", accountEvents(deputy.ID))

		// The player's own verification.
		if _, err := db.VerifyAge(ctx, other.ID, "1990-01-01", "NY", "US", true, true); err != nil {
			t.Fatal(err)
		}
		want("verified", accountEvents(other.ID))

		// An admin's password reset from the command line ends their sessions; the same password changes nothing.
		if _, err := db.EnsureAdmin(ctx, "boss", "hash-boss"); err != nil {
			t.Fatal(err)
		}
		want("same admin password", accountEvents())
		if _, err := db.EnsureAdmin(ctx, "boss", "new-hash"); err != nil {
			t.Fatal(err)
		}
		want("new admin password", accountEvents(boss.ID))
	})
}

// A schedule change of a game publishes EventGame (its pools show the game); an unchanged game publishes nothing.
func TestUpsertGameEvent(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "12", t0.Add(72*time.Hour))
		events := listen(t, db)
		same := *g
		if _, changed, err := db.UpsertGame(ctx, &same); err != nil || changed {
			t.Fatalf("upsert unchanged = %v, %v", changed, err)
		}
		if got := events(); len(got) != 0 {
			t.Errorf("unchanged game: events = %+v", got)
		}
		moved := *g
		moved.GameDate = g.GameDate.Add(time.Hour)
		if _, changed, err := db.UpsertGame(ctx, &moved); err != nil || !changed {
			t.Fatalf("upsert moved = %v, %v", changed, err)
		}
		if got := events(); len(got) != 1 || got[0].Kind != squares.EventGame || got[0].GameID != g.ID {
			t.Errorf("moved game: events = %+v", got)
		}
	})
}

// FindBoard reads a pool as a visitor sees it with its squares.
func TestFindBoard(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "12", t0.Add(72*time.Hour))
		p := setStatus(t, db, pools[0].ID, squares.PoolActive)
		pat := addPlayer(t, db, "pat")
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: pat, Cells: cellsFrom(0, 3)}); err != nil {
			t.Fatal(err)
		}
		view, sqs, err := db.FindBoard(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if view.ID != p.ID || view.SquaresTaken != 3 || view.DistinctPlayers != 1 || view.ViewerSquares != 0 || len(sqs) != 3 ||
			sqs[0].UserID != pat.ID || sqs[0].OwnerFirst != "pat" {
			t.Errorf("board = %+v, %d squares", view.Pool, len(sqs))
		}
		_, _, err = db.FindBoard(ctx, p.ID+1000)
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.")
	})
}
