package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// schedulePath is the 2025 NFL schedule (public nflverse data) kept with the nflverse package's tests.
const schedulePath = "../../nflverse/testdata/nfl-2025-schedule.csv"

func readScheduleFile(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(schedulePath)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestImportSchedule(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		file := readScheduleFile(t)

		created, updated, unchanged, err := importSchedule(ctx, db, "NFL", bytes.NewReader(file))
		if err != nil || created != 272 || updated != 0 || unchanged != 0 {
			t.Fatalf("first import = %d created, %d updated, %d unchanged, %v", created, updated, unchanged, err)
		}
		if n, err := db.CountGames(ctx, squares.LeagueNFL); err != nil || n != 272 {
			t.Fatalf("games = %d, %v", n, err)
		}
		stats, err := db.Stats(ctx, time.Now())
		if err != nil || stats.TotalPools != 1360 || stats.DraftPools != 1360 || stats.ActivePools != 0 {
			t.Fatalf("pools after the import = %+v, %v", stats, err)
		}
		opener, err := db.ListGames(ctx, store.GameFilter{LeagueID: squares.LeagueNFL, Week: "W1", Limit: 1})
		if err != nil || len(opener) != 1 {
			t.Fatalf("week 1 = %v, %v", opener, err)
		}
		g := opener[0]
		if g.ExternalID != "2025_01_DAL_PHI" || !g.GameDate.Equal(time.Date(2025, 9, 5, 0, 20, 0, 0, time.UTC)) ||
			g.HomeTeam != "Philadelphia Eagles" || g.AwayTeam != "Dallas Cowboys" || g.HomeTeamColor != "#004C54" ||
			g.Status != squares.GameCompleted || g.HomeScore == nil || *g.HomeScore != 24 || g.Season != 2025 {
			t.Errorf("season opener = %+v", g)
		}

		// The same file again creates and changes nothing.
		created, updated, unchanged, err = importSchedule(ctx, db, "NFL", bytes.NewReader(file))
		if err != nil || created != 0 || updated != 0 || unchanged != 272 {
			t.Fatalf("second import = %d created, %d updated, %d unchanged, %v", created, updated, unchanged, err)
		}

		// A moved kickoff in a newer copy is an update of that game alone.
		moved := bytes.Replace(file, []byte("2025_01_DAL_PHI,2025,REG,1,2025-09-04,Thursday,20:20,"),
			[]byte("2025_01_DAL_PHI,2025,REG,1,2025-09-04,Thursday,20:50,"), 1)
		if bytes.Equal(moved, file) {
			t.Fatal("the opener's line was not found to change")
		}
		created, updated, unchanged, err = importSchedule(ctx, db, "NFL", bytes.NewReader(moved))
		if err != nil || created != 0 || updated != 1 || unchanged != 271 {
			t.Fatalf("import with a moved kickoff = %d created, %d updated, %d unchanged, %v", created, updated, unchanged, err)
		}
		got, err := db.FindGame(ctx, g.ID)
		if err != nil || !got.GameDate.Equal(time.Date(2025, 9, 5, 0, 50, 0, 0, time.UTC)) {
			t.Errorf("moved opener = %+v, %v", got, err)
		}
		if stats, _ := db.Stats(ctx, time.Now()); stats.TotalPools != 1360 {
			t.Errorf("pools after the update = %d, want 1360", stats.TotalPools)
		}

		// A broken file imports nothing: it is read whole before any game is written.
		broken := append(bytes.Clone(file), []byte("2025_19_XX_YY,2025,REG,18,2026-01-04,Sunday,13:00,XX,,YY,,,Home,Nowhere,1\n")...)
		if _, _, _, err := importSchedule(ctx, db, "NFL", bytes.NewReader(broken)); err == nil ||
			!strings.Contains(err.Error(), "line 274") {
			t.Errorf("broken file: %v, want an error naming line 274", err)
		}
		if n, _ := db.CountGames(ctx, 0); n != 272 {
			t.Errorf("games after a broken import = %d", n)
		}

		// Only NFL schedules in this format, and only leagues that exist.
		if _, _, _, err := importSchedule(ctx, db, "NBA", bytes.NewReader(file)); err == nil || !strings.Contains(err.Error(), "only NFL") {
			t.Errorf("NBA import: %v", err)
		}
		if _, _, _, err := importSchedule(ctx, db, "XFL", bytes.NewReader(file)); squares.ErrorCode(err) != squares.ENOTFOUND {
			t.Errorf("unknown league: %v", err)
		}
	})
}
