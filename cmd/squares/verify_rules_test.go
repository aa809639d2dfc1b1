package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestVerifyDrawPerPeriod: a 25-square public pool drawing new numbers for each paying period is verified
// set by set, from the database and through the public API; a set whose digits were changed fails.
func TestVerifyDrawPerPeriod(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		db := openURL(t, url)
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		if _, err := seedDemo(ctx, db, time.Now(), false, logger); err != nil {
			t.Fatal(err)
		}
		// A public free pool whose admin chose a 25-square board with numbers per period while it was a draft.
		listed, _ := db.ListPools(ctx, squares.PoolFilter{Listed: true})
		week := listed[0].Game // a game of the active week
		g := &squares.Game{LeagueID: week.LeagueID, ExternalID: "verify_rules", Season: week.Season, Week: week.Week,
			HomeTeam: "Detroit Lions", AwayTeam: "Green Bay Packers", GameDate: week.GameDate.Add(time.Hour),
			Status: squares.GameScheduled}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		gamePools, _ := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		free := gamePools[0]
		rules := squares.RulesPresets(squares.LeagueNFL)[0].Rules
		rules.Grid, rules.Numbers = squares.Grid25, squares.NumbersPerPeriod
		if _, err := db.SetPoolRules(ctx, free.ID, rules); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetPoolStatus(ctx, free.ID, squares.PoolActive); err != nil {
			t.Fatal(err)
		}
		var res *store.ClaimResult
		for i := range 5 {
			u := &squares.User{Email: "verify" + strconv.Itoa(i) + "@example.com", PasswordHash: "x", FirstName: "V",
				LastName: "Tester", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
				ResidenceCountry: "US", IsAgeVerified: true}
			if err := db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			var cells []squares.Cell
			for j := 5 * i; j < 5*i+5; j++ {
				cells = append(cells, squares.Cell{Row: j / 5, Column: j % 5})
			}
			var err error
			if res, err = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		if !res.Drew {
			t.Fatal("the 25-square pool was not drawn when full")
		}
		id := strconv.FormatInt(free.ID, 10)
		var out bytes.Buffer
		if err := run(ctx, []string{"verify-draw", "--database-url", url, id}, nil, &out, io.Discard); err != nil ||
			!strings.Contains(out.String(), "number sets ok    Q1, Q2, Q3, FINAL") {
			t.Fatalf("verify from database: %v\n%s", err, out.String())
		}
		srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}, db, logger)
		if err := srv.Open(); err != nil {
			t.Fatal(err)
		}
		defer srv.Close(ctx)
		out.Reset()
		if err := run(ctx, []string{"verify-draw", "--url", srv.URL(), id}, nil, &out, io.Discard); err != nil ||
			!strings.Contains(out.String(), "number sets ok") {
			t.Fatalf("verify through the API: %v\n%s", err, out.String())
		}
		d, err := loadDraw(ctx, url, free.ID)
		if err != nil || len(d.Sets) != 4 || len(d.Owners) != 25 {
			t.Fatalf("draw %+v, %v", d, err)
		}
		d.Sets[2].HomeNumbers[0], d.Sets[2].HomeNumbers[1] = d.Sets[2].HomeNumbers[1], d.Sets[2].HomeNumbers[0]
		out.Reset()
		if err := verifyDraw(d, &out); err == nil || !strings.Contains(out.String(), "number sets FAIL") {
			t.Fatalf("a changed Q3 set verified: %v\n%s", err, out.String())
		}
	})
}
