package store_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestRulesMigrationKeepsWinners: migration 00027 (pool rules) taken back and applied again keeps the
// winners of a pool settled before it, each keyed by its period's award (period:Q1 ... period:FINAL) with
// its label, so that a period paid before rules existed is never paid again.
func TestRulesMigrationKeepsWinners(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := fullFreePool(t, db, pools[0])
		for _, u := range game {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatal(err)
			}
		}
		driver, dsn, dialect := "pgx", db.URL, goose.DialectPostgres
		if path, ok := strings.CutPrefix(db.URL, "sqlite:"); ok {
			driver, dsn, dialect = "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)", goose.DialectSQLite3
		}
		conn, err := sql.Open(driver, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fsys, err := store.Migrations(engine)
		if err != nil {
			t.Fatal(err)
		}
		p, err := goose.NewProvider(dialect, conn, fsys)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.DownTo(ctx, 26); err != nil {
			t.Fatalf("down to 26: %v", err)
		}
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM winners WHERE pool_id = $1`, free.ID).Scan(&n); err != nil || n != 4 {
			t.Fatalf("winners before rules: %d, %v", n, err)
		}
		if _, err := p.Up(ctx); err != nil {
			t.Fatalf("up again: %v", err)
		}
		rows, err := conn.QueryContext(ctx, `SELECT period, kind, award, period_code, label FROM winners WHERE pool_id = $1
			ORDER BY period`, free.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []string
		for rows.Next() {
			var period int
			var kind, award, code, label string
			if err := rows.Scan(&period, &kind, &award, &code, &label); err != nil {
				t.Fatal(err)
			}
			got = append(got, strings.Join([]string{kind, award, code, label}, " "))
		}
		want := []string{"period period:Q1 Q1 Q1", "period period:Q2 Q2 Q2", "period period:Q3 Q3 Q3", "period period:FINAL FINAL Final"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("winners after the migration: %v, want %v", got, want)
		}
		// Settling the game again records nothing: each award is there already.
		out, err := db.CatchUpGame(ctx, g.ID)
		if err != nil || len(out.Winners) != 0 {
			t.Fatalf("catch up after the migration: %+v, %v", out, err)
		}
	})
}
