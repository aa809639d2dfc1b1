package pubsub_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func receive(t *testing.T, ch <-chan squares.Event) squares.Event {
	t.Helper()
	select {
	case e := <-ch:
		return e
	case <-time.After(10 * time.Second):
		t.Fatal("no event")
	}
	return squares.Event{}
}

func TestLocal(t *testing.T) {
	bus := pubsub.NewLocal(quiet)
	ctx, cancel := context.WithCancel(context.Background())
	a, b := bus.Subscribe(ctx), bus.Subscribe(context.Background())
	e := squares.Event{Kind: squares.EventPool, PoolID: 7, Cells: []squares.Cell{{Row: 1, Column: 2}}}
	bus.Publish(context.Background(), e)
	for _, ch := range []<-chan squares.Event{a, b} {
		if got := receive(t, ch); got.PoolID != 7 || len(got.Cells) != 1 {
			t.Fatalf("got %+v", got)
		}
	}
	// Ending a subscription's context closes its channel.
	cancel()
	if _, open := <-a; open {
		t.Fatal("channel still open after its context ended")
	}
	// A subscriber that never reads does not block the publisher: its events are dropped past its buffer.
	done := make(chan struct{})
	go func() {
		for i := 0; i < 10000; i++ {
			bus.Publish(context.Background(), e)
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("publishing blocked on a subscriber that does not read")
	}
}

// TestPostgres: two buses on one database, as two instances: an event published on either reaches both.
func TestPostgres(t *testing.T) {
	url := storetest.URL(t, store.Postgres)
	ctx := context.Background()
	a, b := pubsub.NewPostgres(url, quiet), pubsub.NewPostgres(url, quiet)
	for _, bus := range []*pubsub.Postgres{a, b} {
		if err := bus.Open(ctx); err != nil {
			t.Fatal(err)
		}
		defer bus.Close()
	}
	subA, subB := a.Subscribe(ctx), b.Subscribe(ctx)
	if err := a.Publish(ctx, squares.Event{Kind: squares.EventGame, GameID: 42}); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan squares.Event{subA, subB} {
		if got := receive(t, ch); got.Kind != squares.EventGame || got.GameID != 42 {
			t.Fatalf("got %+v", got)
		}
	}
	if err := b.Publish(ctx, squares.Event{Kind: squares.EventUser, UserID: 9}); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, subA); got.UserID != 9 {
		t.Fatalf("got %+v", got)
	}
}

// TestPostgresResync: PostgreSQL restarted under two buses (two instances): each listens again without
// help, tells its own subscribers to resync (events sent meanwhile may be lost; none is announced at the
// first LISTEN), and events flow between them as before.
func TestPostgresResync(t *testing.T) {
	srv := storetest.StartServer(t)
	url := srv.Database(t)
	ctx := context.Background()
	a, b := pubsub.NewPostgres(url, quiet), pubsub.NewPostgres(url, quiet)
	for _, bus := range []*pubsub.Postgres{a, b} {
		if err := bus.Open(ctx); err != nil {
			t.Fatal(err)
		}
		defer bus.Close()
	}
	subA, subB := a.Subscribe(ctx), b.Subscribe(ctx)
	if err := a.Publish(ctx, squares.Event{Kind: squares.EventPool, PoolID: 1}); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan squares.Event{subA, subB} {
		if got := receive(t, ch); got.Kind != squares.EventPool || got.PoolID != 1 {
			t.Fatalf("before the restart: got %+v, want the pool event alone", got)
		}
	}
	for _, mode := range []string{"fast", "immediate"} {
		if err := srv.Stop(mode); err != nil {
			t.Fatal(err)
		}
		if err := a.Publish(ctx, squares.Event{Kind: squares.EventPool, PoolID: 2}); err == nil {
			t.Fatal("published with the database down")
		}
		time.Sleep(500 * time.Millisecond)
		if err := srv.Start(); err != nil {
			t.Fatal(err)
		}
		for name, ch := range map[string]<-chan squares.Event{"a": subA, "b": subB} {
			got := receive(t, ch)
			for got.Kind == squares.EventPool && got.PoolID == 3 { // a late copy from the round before
				got = receive(t, ch)
			}
			if got.Kind != squares.EventResync {
				t.Fatalf("%s after the %s restart: got %+v, want a resync", name, mode, got)
			}
		}
		// Publishing may race the other bus's new LISTEN: retry until it is heard.
		deadline := time.Now().Add(15 * time.Second)
	heard:
		for {
			if err := a.Publish(ctx, squares.Event{Kind: squares.EventPool, PoolID: 3}); err != nil && time.Now().After(deadline) {
				t.Fatalf("publish after the %s restart: %v", mode, err)
			}
			select {
			case got := <-subB:
				if got.Kind != squares.EventPool || got.PoolID != 3 {
					t.Fatalf("after the %s restart: got %+v", mode, got)
				}
				break heard
			case <-time.After(time.Second):
				if time.Now().After(deadline) {
					t.Fatalf("no event across instances after the %s restart", mode)
				}
			}
		}
	}
}

// TestPostgresPublishTx: an event sent within a transaction reaches the instances when it commits, and
// never when it rolls back.
func TestPostgresPublishTx(t *testing.T) {
	ctx := context.Background()
	bus, sub, conn := openPostgresBus(t)
	for _, commit := range []bool{false, true} {
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := bus.PublishTx(ctx, tx, squares.Event{Kind: squares.EventPool, PoolID: 5}); err != nil {
			t.Fatal(err)
		}
		select {
		case e := <-sub:
			t.Fatalf("event %+v before the transaction ended", e)
		case <-time.After(300 * time.Millisecond):
		}
		if commit {
			err = tx.Commit()
		} else {
			err = tx.Rollback()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := receive(t, sub); got.PoolID != 5 {
		t.Fatalf("got %+v", got)
	}
	select {
	case e := <-sub:
		t.Fatalf("a second event %+v: the rolled-back one went out", e)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestPostgresNotifications: the one statement that sends several events within a transaction sends each
// of them, in their order, when it commits.
func TestPostgresNotifications(t *testing.T) {
	ctx := context.Background()
	bus, sub, conn := openPostgresBus(t)
	var events []squares.Event
	for i := range 5 {
		events = append(events, squares.Event{Kind: squares.EventPool, PoolID: int64(10 + i),
			Cells: []squares.Cell{{Row: i, Column: i}}})
	}
	query, args, err := bus.Notifications(events)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	for i := range events {
		if got := receive(t, sub); got.PoolID != int64(10+i) || len(got.Cells) != 1 || got.Cells[0].Row != i {
			t.Fatalf("event %d: got %+v", i, got)
		}
	}
}

// openPostgresBus opens a bus on a throwaway PostgreSQL, subscribed, and a connection of the test's own to
// that database, both closed when the test ends.
func openPostgresBus(t *testing.T) (*pubsub.Postgres, <-chan squares.Event, *sql.DB) {
	t.Helper()
	url := storetest.URL(t, store.Postgres)
	ctx := context.Background()
	bus := pubsub.NewPostgres(url, quiet)
	if err := bus.Open(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bus.Close() })
	sub := bus.Subscribe(ctx)
	conn, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return bus, sub, conn
}
