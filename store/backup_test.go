package store_test

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestBackupAndRestoreWhileWriting backs a database up while a writer keeps creating games, house-filling
// their paid pools (a ledger stake each) and claiming squares, then restores the backup as an operator
// would (docs/operations.md, Backups and restores): SQLite with store.Backup (`squares backup`, VACUUM
// INTO) and a file copy, PostgreSQL with pg_dump -Fc and pg_restore into a new database. The restored
// database opens, migrates, is ready, holds a snapshot of one moment (every house-filled pool with its
// stake) and its books balance.
func TestBackupAndRestoreWhileWriting(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		w := startWriter(t, db, clock.Now().Add(72*time.Hour))
		w.waitFor(t, 3)
		before := w.done.Load()
		backup := filepath.Join(t.TempDir(), "backup.db")
		var restoredURL string
		switch engine {
		case store.SQLite:
			if err := store.Backup(ctx, db.URL, backup); err != nil {
				t.Fatalf("backup: %v", err)
			}
		case store.Postgres:
			pgTool(t, "pg_dump", "--format=custom", "--file="+backup, db.URL)
		}
		w.waitFor(t, w.done.Load()+3) // the writer went on after the backup
		after := w.stop(t)

		switch engine {
		case store.SQLite:
			// Restore: with every server stopped, put the backup in the database's place and drop the old
			// database's WAL and shared-memory files, which belong to it and not to the backup.
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			live := strings.TrimPrefix(db.URL, "sqlite:")
			for _, f := range []string{live, live + "-wal", live + "-shm"} {
				if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
					t.Fatal(err)
				}
			}
			copyFile(t, backup, live)
			restoredURL = db.URL
		case store.Postgres:
			restoredURL = ownedDatabase(t, db)
			pgTool(t, "pg_restore", "--no-owner", "--exit-on-error", "--single-transaction", "--dbname="+restoredURL, backup)
		}

		restored := store.New(restoredURL)
		if err := restored.Open(ctx); err != nil {
			t.Fatalf("open the restored database: %v", err)
		}
		defer restored.Close()
		if err := restored.Ready(ctx); err != nil {
			t.Fatalf("restored database not ready: %v", err)
		}
		storetest.Books(t, restored)
		var games, stakes, filled int64
		restored.QueryRow(ctx, `SELECT COUNT(*) FROM games`, nil, &games)
		restored.QueryRow(ctx, `SELECT COUNT(*) FROM ledger_transactions WHERE kind = 'stake'`, nil, &stakes)
		restored.QueryRow(ctx, `SELECT COUNT(DISTINCT pool_id) FROM squares WHERE is_house`, nil, &filled)
		if games < before || games > after {
			t.Errorf("restored %d games; %d were written before the backup began, %d by the end", games, before, after)
		}
		if stakes != filled || filled < 4*before {
			t.Errorf("restored %d stakes for %d house-filled pools (%d games before the backup)", stakes, filled, before)
		}
		t.Logf("%s: %d games restored of %d written (%d before the backup)", engine, games, after, before)
	})
}

// writer writes games with their pools filled until stopped; done counts the games it finished.
type writer struct {
	done   atomic.Int64
	quit   chan struct{}
	result chan error
}

// startWriter starts a writer on db whose games kick off at kickoff (within their sales window).
func startWriter(t *testing.T, db *store.DB, kickoff time.Time) *writer {
	w := &writer{quit: make(chan struct{}), result: make(chan error, 1)}
	go func() {
		for i := 1; ; i++ {
			select {
			case <-w.quit:
				w.result <- nil
				return
			default:
			}
			if err := writeGame(db, i, kickoff); err != nil {
				w.result <- fmt.Errorf("game %d: %w", i, err)
				return
			}
			w.done.Add(1)
		}
	}()
	t.Cleanup(func() {
		select {
		case <-w.quit:
		default:
			close(w.quit)
			<-w.result
		}
	})
	return w
}

// waitFor waits until the writer has finished n games.
func (w *writer) waitFor(t *testing.T, n int64) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); w.done.Load() < n; time.Sleep(5 * time.Millisecond) {
		select {
		case err := <-w.result:
			t.Fatalf("writer stopped: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("writer finished %d games, want %d", w.done.Load(), n)
		}
	}
}

// stop stops the writer and returns how many games it finished.
func (w *writer) stop(t *testing.T) int64 {
	t.Helper()
	close(w.quit)
	if err := <-w.result; err != nil {
		t.Fatalf("writer: %v", err)
	}
	return w.done.Load()
}

// writeGame creates a game, opens its pools, has the house fill the paid ones and a player claim five
// squares of the free one.
func writeGame(db *store.DB, i int, kickoff time.Time) error {
	ctx := context.Background()
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("backup_%d", i), Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: kickoff, Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		return err
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		return err
	}
	for _, p := range pools {
		if _, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive); err != nil {
			return err
		}
		if p.EntryFee > 0 {
			if _, err := db.HouseFill(ctx, p.ID, squares.SquaresPerPool); err != nil {
				return err
			}
			continue
		}
		u := &squares.User{Email: fmt.Sprintf("backup%d@example.com", i), PasswordHash: "not-a-hash", FirstName: "Backup",
			LastName: "Writer", DateOfBirth: "1990-01-01", ResidenceState: "NY", ResidenceCountry: "US",
			IsAgeVerified: true, IsEligibleToBet: true}
		if err := db.CreateUser(ctx, u); err != nil {
			return err
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: cellsFrom(0, 5)}); err != nil {
			return err
		}
	}
	return nil
}

// ownedDatabase makes a new, empty database on db's server owned by a role of its own that is not a
// superuser, as an operator's squares role is (createdb --owner squares), and returns its URL as that role.
func ownedDatabase(t *testing.T, db *store.DB) string {
	t.Helper()
	u, err := url.Parse(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	role := fmt.Sprintf("restore_%d_%d", os.Getpid(), time.Now().UnixNano())
	name := role + "_db"
	ctx := context.Background()
	for _, q := range []string{"CREATE ROLE " + role + " LOGIN", "CREATE DATABASE " + name + " OWNER " + role} {
		if err := db.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() {
		db.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		db.Exec(ctx, "DROP ROLE IF EXISTS "+role)
	})
	u.User, u.Path = url.User(role), "/"+name
	return u.String()
}

// pgTool runs one of PostgreSQL's client programs from storetest.PostgresBin.
func pgTool(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := exec.Command(filepath.Join(storetest.PostgresBin, name), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}
