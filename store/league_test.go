package store_test

import (
	"context"
	"regexp"
	"slices"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

func TestLeagues(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)

		leagues, err := db.ListLeagues(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		var names []string
		for _, l := range leagues {
			ids = append(ids, l.ID)
			names = append(names, l.Name)
			if !l.IsActive || l.ActiveWeek != "" {
				t.Errorf("seeded league %+v", l)
			}
		}
		if !slices.Equal(ids, []int64{1, 2, 5, 6}) || !slices.Equal(names, []string{"NFL", "NBA", "NCAAF", "NCAAB"}) {
			t.Fatalf("seeded leagues = %v %v", ids, names)
		}
		nfl, err := db.FindLeagueByName(ctx, "NFL")
		if err != nil || nfl.ID != squares.LeagueNFL || nfl.DisplayName != "National Football League" || nfl.Sport != "football" {
			t.Errorf("NFL = %+v, %v", nfl, err)
		}
		_, err = db.FindLeagueByName(ctx, "XFL")
		wantCode(t, err, squares.ENOTFOUND, "League not found.")

		// New leagues continue after the highest seeded id on both engines.
		xfl := &squares.League{Name: "XFL", DisplayName: "XFL", Sport: "football", IsActive: true}
		if err := db.CreateLeague(ctx, xfl); err != nil {
			t.Fatal(err)
		}
		if xfl.ID != 7 {
			t.Errorf("new league id = %d, want 7", xfl.ID)
		}
		mls := &squares.League{Name: "MLB", DisplayName: "Major League Baseball", Sport: "baseball"}
		if err := db.CreateLeague(ctx, mls); err != nil || mls.ID != 8 {
			t.Errorf("second new league: id %d, %v", mls.ID, err)
		}
		got, err := db.FindLeague(ctx, 8)
		if err != nil || got.Name != "MLB" || got.IsActive || got.Sport != "baseball" {
			t.Errorf("FindLeague(8) = %+v, %v", got, err)
		}
		wantCode(t, db.CreateLeague(ctx, &squares.League{Name: "NFL", DisplayName: "Again", Sport: "football"}),
			squares.ECONFLICT, "A league with code NFL already exists.")
		_, err = db.FindLeague(ctx, 99)
		wantCode(t, err, squares.ENOTFOUND, "League not found.")

		// The active week.
		l, err := db.SetActiveWeek(ctx, squares.LeagueNFL, "W12")
		if err != nil || l.ActiveWeek != "W12" || l.ID != squares.LeagueNFL {
			t.Fatalf("SetActiveWeek = %+v, %v", l, err)
		}
		if l, err := db.FindLeague(ctx, squares.LeagueNFL); err != nil || l.ActiveWeek != "W12" {
			t.Errorf("after SetActiveWeek: %+v, %v", l, err)
		}
		if l, err := db.FindLeague(ctx, squares.LeagueNBA); err != nil || l.ActiveWeek != "" {
			t.Errorf("another league's week changed: %+v, %v", l, err)
		}
		_, err = db.SetActiveWeek(ctx, 99, "W1")
		wantCode(t, err, squares.ENOTFOUND, "")
	})
}

func TestTeams(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		teams, err := db.ListTeams(ctx, squares.LeagueNFL)
		if err != nil {
			t.Fatal(err)
		}
		if len(teams) != 32 {
			t.Fatalf("%d NFL teams, want 32", len(teams))
		}
		colour := regexp.MustCompile(`^#[0-9A-F]{6}$`)
		names, codes := map[string]bool{}, map[string]bool{}
		for i, tm := range teams {
			if i > 0 && teams[i-1].Name >= tm.Name {
				t.Errorf("teams not sorted by name: %q before %q", teams[i-1].Name, tm.Name)
			}
			if tm.LeagueID != squares.LeagueNFL || tm.Abbreviation == "" || tm.City == "" ||
				!colour.MatchString(tm.PrimaryColor) || !colour.MatchString(tm.SecondaryColor) {
				t.Errorf("team %+v", tm)
			}
			names[tm.Name], codes[tm.Code] = true, true
		}
		if len(names) != 32 || len(codes) != 32 {
			t.Errorf("%d names and %d codes, want 32 distinct of each", len(names), len(codes))
		}
		for _, tm := range teams {
			if tm.Name == "Los Angeles Rams" && (tm.Code != "LA" || tm.Abbreviation != "LAR") {
				t.Errorf("Rams = %+v, want code LA (nflverse) and abbreviation LAR", tm)
			}
			if tm.Name == "Buffalo Bills" && tm.PrimaryColor != "#00338D" {
				t.Errorf("Bills = %+v", tm)
			}
		}
		if nba, err := db.ListTeams(ctx, squares.LeagueNBA); err != nil || len(nba) != 0 {
			t.Errorf("NBA teams = %d, %v", len(nba), err)
		}
	})
}
