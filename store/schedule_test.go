package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestListSeasons: a league's seasons come latest first; the current one is the season of the next game
// to kick off (a game kicked off within the live window counts), else the latest; a league without games
// has none, and other leagues' games do not count.
func TestListSeasons(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		const live = 6 * time.Hour
		if s, err := db.ListSeasons(ctx, squares.LeagueNFL, live); err != nil || len(s.Seasons) != 0 || s.Current != 0 {
			t.Fatalf("no games: %+v, %v", s, err)
		}
		add := func(league int64, season int, kickoff time.Time) {
			t.Helper()
			n := userCounter.Add(1)
			g := &squares.Game{LeagueID: league, ExternalID: fmt.Sprintf("season_%d", n), Season: season, Week: "W1",
				HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: kickoff, Status: squares.GameScheduled}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		add(squares.LeagueNFL, 2024, t0.Add(-400*24*time.Hour))
		add(squares.LeagueNFL, 2025, t0.Add(-30*24*time.Hour))
		add(squares.LeagueNFL, 2025, t0.Add(48*time.Hour))
		add(squares.LeagueNFL, 2026, t0.Add(200*24*time.Hour))
		add(squares.LeagueNBA, 2030, t0.Add(time.Hour))
		want := func(seasons []int, current int) {
			t.Helper()
			s, err := db.ListSeasons(ctx, squares.LeagueNFL, live)
			if err != nil || !slices.Equal(s.Seasons, seasons) || s.Current != current {
				t.Fatalf("at %v: %+v, %v; want %v current %d", clock.Now(), s, err, seasons, current)
			}
		}
		want([]int{2026, 2025, 2024}, 2025)
		clock.Add(48*time.Hour + 5*time.Hour) // the 2025 game is 5 hours in: it may still be played
		want([]int{2026, 2025, 2024}, 2025)
		clock.Add(2 * time.Hour)
		want([]int{2026, 2025, 2024}, 2026)
		clock.Add(365 * 24 * time.Hour) // nothing to come: the latest
		want([]int{2026, 2025, 2024}, 2026)
	})
}
