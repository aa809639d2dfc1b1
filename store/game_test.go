package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func intp(n int) *int { return &n }

func TestCreateGame(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		kickoff := t0.Add(72 * time.Hour)
		g, pools := addGame(t, db, "W12", kickoff)
		if g.ID <= 0 || !g.CreatedAt.Equal(t0) {
			t.Errorf("game = %+v", g)
		}
		got, err := db.FindGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.HomeTeam != "Buffalo Bills" || got.AwayTeam != "Kansas City Chiefs" || got.Week != "W12" ||
			!got.GameDate.Equal(kickoff) || got.GameDate.Location() != time.UTC || got.Status != squares.GameScheduled ||
			got.HomeScore != nil || got.AwayScore != nil || got.HomePeriod != [4]*int{} || got.ExternalID != g.ExternalID {
			t.Errorf("FindGame = %+v", got)
		}

		// Five public tier pools, as drafts, each with its own committed seed.
		seeds := map[string]bool{}
		for i, p := range pools {
			fee := squares.Tiers[i]
			if p.EntryFee != fee || p.Name != squares.TierName(fee) || p.Status != squares.PoolDraft || p.GameID != g.ID ||
				p.IsPrivate || p.MaxSquaresPerPlayer != 5 || p.SquaresTaken != 0 || p.NumbersGenerated() ||
				!slices.Equal(p.PayoutSchedule, squares.PayoutQuarters) || p.Game == nil || p.Game.ID != g.ID {
				t.Errorf("tier pool %d = %+v", i, p.Pool)
			}
			if len(p.DrawSeed) != 64 || p.DrawCommitment != squares.DrawCommitment(p.DrawSeed) || seeds[p.DrawSeed] {
				t.Errorf("pool %d: seed %q commitment %q", p.ID, p.DrawSeed, p.DrawCommitment)
			}
			seeds[p.DrawSeed] = true
		}

		// College basketball pays halves.
		hoops := &squares.Game{LeagueID: squares.LeagueNCAAB, HomeTeam: "Duke", AwayTeam: "UNC",
			HomeTeamColor: "#001A57", AwayTeamColor: "#7BAFD4", GameDate: kickoff, Status: squares.GameScheduled}
		if err := db.CreateGame(ctx, hoops); err != nil {
			t.Fatal(err)
		}
		hp, err := db.ListPools(ctx, squares.PoolFilter{GameID: hoops.ID})
		if err != nil || len(hp) != 5 || !slices.Equal(hp[0].PayoutSchedule, squares.PayoutHalves) {
			t.Errorf("NCAAB pools = %d, %v (schedule %v)", len(hp), err, hp[0].PayoutSchedule)
		}

		wantCode(t, db.CreateGame(ctx, &squares.Game{LeagueID: 99, HomeTeam: "A", AwayTeam: "B",
			HomeTeamColor: "#000000", AwayTeamColor: "#FFFFFF", GameDate: kickoff, Status: squares.GameScheduled}),
			squares.ENOTFOUND, "League not found.")
		// The same external id twice in a league is a conflict.
		again := *g
		again.ID = 0
		wantCode(t, db.CreateGame(ctx, &again), squares.ECONFLICT, "")
		_, err = db.FindGame(ctx, 99999)
		wantCode(t, err, squares.ENOTFOUND, "Game not found.")
		if n, err := db.CountGames(ctx, squares.LeagueNFL); err != nil || n != 1 {
			t.Errorf("NFL games = %d, %v", n, err)
		}
		if n, err := db.CountGames(ctx, 0); err != nil || n != 2 {
			t.Errorf("all games = %d, %v", n, err)
		}
	})
}

func TestListGames(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		late, _ := addGame(t, db, "W13", t0.Add(8*24*time.Hour))
		past, _ := addGame(t, db, "W11", t0.Add(-3*24*time.Hour))
		soon, _ := addGame(t, db, "W12", t0.Add(26*time.Hour))
		ids := func(gs []*squares.Game) []int64 {
			var out []int64
			for _, g := range gs {
				out = append(out, g.ID)
			}
			return out
		}
		all, err := db.ListGames(ctx, store.GameFilter{LeagueID: squares.LeagueNFL})
		if err != nil || !slices.Equal(ids(all), []int64{past.ID, soon.ID, late.ID}) {
			t.Errorf("games by kickoff = %v, %v", ids(all), err)
		}
		from := t0
		upcoming, err := db.ListGames(ctx, store.GameFilter{From: &from})
		if err != nil || !slices.Equal(ids(upcoming), []int64{soon.ID, late.ID}) {
			t.Errorf("upcoming = %v, %v", ids(upcoming), err)
		}
		week, err := db.ListGames(ctx, store.GameFilter{LeagueID: squares.LeagueNFL, Week: "W11"})
		if err != nil || !slices.Equal(ids(week), []int64{past.ID}) {
			t.Errorf("week W11 = %v, %v", ids(week), err)
		}
		first, err := db.ListGames(ctx, store.GameFilter{Limit: 1})
		if err != nil || !slices.Equal(ids(first), []int64{past.ID}) {
			t.Errorf("limit 1 = %v, %v", ids(first), err)
		}
		if nba, err := db.ListGames(ctx, store.GameFilter{LeagueID: squares.LeagueNBA}); err != nil || len(nba) != 0 {
			t.Errorf("NBA games = %v, %v", ids(nba), err)
		}
	})
}

func TestUpsertGame(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		kickoff := t0.Add(5 * 24 * time.Hour)
		schedule := func() *squares.Game {
			return &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: "2026_12_KC_BUF", ESPNID: "401", Season: 2026,
				Week: "W12", HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D",
				AwayTeamColor: "#E31837", GameDate: kickoff, Venue: "Highmark Stadium", Status: squares.GameScheduled}
		}
		g := schedule()
		created, changed, err := db.UpsertGame(ctx, g)
		if err != nil || !created || !changed || g.ID <= 0 {
			t.Fatalf("first upsert = %v %v %v (id %d)", created, changed, err, g.ID)
		}
		pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		if err != nil || len(pools) != 5 {
			t.Fatalf("pools after the first upsert = %d, %v", len(pools), err)
		}

		// The same schedule again changes nothing and keeps the same five pools.
		clock.Add(time.Hour)
		same := schedule()
		created, changed, err = db.UpsertGame(ctx, same)
		if err != nil || created || changed || same.ID != g.ID {
			t.Fatalf("second upsert = %v %v %v (id %d, want %d)", created, changed, err, same.ID, g.ID)
		}
		if got, _ := db.FindGame(ctx, g.ID); !got.UpdatedAt.Equal(t0) {
			t.Errorf("an unchanged game was touched: updated %v", got.UpdatedAt)
		}
		again, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		if err != nil || !slices.Equal(poolIDs(again), poolIDs(pools)) {
			t.Errorf("pools after the second upsert = %v, want %v", poolIDs(again), poolIDs(pools))
		}

		// A moved kickoff is an update.
		moved := schedule()
		moved.GameDate = kickoff.Add(3 * time.Hour)
		created, changed, err = db.UpsertGame(ctx, moved)
		if err != nil || created || !changed {
			t.Fatalf("moved kickoff = %v %v %v", created, changed, err)
		}
		got, err := db.FindGame(ctx, g.ID)
		if err != nil || !got.GameDate.Equal(kickoff.Add(3*time.Hour)) || !got.UpdatedAt.Equal(clock.Now()) {
			t.Errorf("after the move: %+v, %v", got, err)
		}

		// A final score from the schedule completes a scheduled game.
		final := schedule()
		final.GameDate = moved.GameDate
		final.HomeScore, final.AwayScore = intp(27), intp(24)
		final.HomePeriod[3], final.AwayPeriod[3] = intp(27), intp(24)
		final.Status, final.Quarter = squares.GameCompleted, 4
		if _, changed, err := db.UpsertGame(ctx, final); err != nil || !changed {
			t.Fatalf("final score upsert: %v %v", changed, err)
		}
		got, _ = db.FindGame(ctx, g.ID)
		if got.Status != squares.GameCompleted || *got.HomeScore != 27 || *got.AwayScore != 24 ||
			*got.HomePeriod[3] != 27 || *got.AwayPeriod[3] != 24 || got.Quarter != 4 {
			t.Errorf("completed game = %+v", got)
		}
		// A schedule without scores leaves the result in place.
		noScore := schedule()
		noScore.GameDate = moved.GameDate
		if _, changed, err := db.UpsertGame(ctx, noScore); err != nil || changed {
			t.Errorf("schedule without scores over a result: changed %v, %v", changed, err)
		}
		got, _ = db.FindGame(ctx, g.ID)
		if got.Status != squares.GameCompleted || got.HomeScore == nil || *got.HomeScore != 27 {
			t.Errorf("the result was lost: %+v", got)
		}
	})
}

func TestUpsertKeepsLiveScore(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		live := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: "2026_12_DAL_PHI", Season: 2026, Week: "W12",
			HomeTeam: "Philadelphia Eagles", AwayTeam: "Dallas Cowboys", HomeTeamColor: "#004C54",
			AwayTeamColor: "#003594", GameDate: t0.Add(-time.Hour), Status: squares.GameLive,
			HomeScore: intp(10), AwayScore: intp(7), Quarter: 2}
		live.HomePeriod[0], live.AwayPeriod[0] = intp(3), intp(7)
		if err := db.CreateGame(ctx, live); err != nil {
			t.Fatal(err)
		}
		// A schedule file taken later carries a final score; the live game keeps its own.
		file := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: "2026_12_DAL_PHI", Season: 2026, Week: "W12",
			HomeTeam: "Philadelphia Eagles", AwayTeam: "Dallas Cowboys", HomeTeamColor: "#004C54",
			AwayTeamColor: "#003594", GameDate: t0.Add(-time.Hour), Status: squares.GameCompleted,
			HomeScore: intp(31), AwayScore: intp(21), Quarter: 4}
		file.HomePeriod[3], file.AwayPeriod[3] = intp(31), intp(21)
		created, changed, err := db.UpsertGame(ctx, file)
		if err != nil || created || changed {
			t.Fatalf("upsert over a live game = %v %v %v", created, changed, err)
		}
		got, err := db.FindGame(ctx, live.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != squares.GameLive || *got.HomeScore != 10 || *got.AwayScore != 7 || got.Quarter != 2 ||
			got.HomePeriod[0] == nil || *got.HomePeriod[0] != 3 || got.HomePeriod[3] != nil {
			t.Errorf("live game after the import = %+v", got)
		}
		// Its schedule still follows the file.
		file.Venue = "Lincoln Financial Field"
		if _, changed, err := db.UpsertGame(ctx, file); err != nil || !changed {
			t.Fatalf("venue change = %v, %v", changed, err)
		}
		got, _ = db.FindGame(ctx, live.ID)
		if got.Venue != "Lincoln Financial Field" || got.Status != squares.GameLive || *got.HomeScore != 10 {
			t.Errorf("live game after a venue change = %+v", got)
		}
	})
}
