package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
)

// Demo accounts, printed in the log and the README.
const (
	demoPlayerEmail   = "demo@squares.test"
	demoPassword      = "squares-demo"
	demoAdminUsername = "admin"
	demoAdminPassword = "squares-admin"
	demoWeek          = "W12"
)

// demoGames are real matchups placed a few hours to a few days ahead of now.
// demoGames are real matchups: the first kicks off a few hours from now (so its pools are about to be
// decided), the others at the usual NFL kickoff times (US Eastern) over the next days.
var demoGames = []struct {
	away, home string
	day        int // days from today, Eastern time; 0 means "in about four hours"
	kickoff    string
}{
	{"Kansas City Chiefs", "Buffalo Bills", 0, ""},
	{"Dallas Cowboys", "Philadelphia Eagles", 1, "13:00"},
	{"San Francisco 49ers", "Seattle Seahawks", 1, "16:25"},
	{"Green Bay Packers", "Detroit Lions", 1, "20:20"},
	{"Baltimore Ravens", "Pittsburgh Steelers", 2, "20:15"},
	{"Miami Dolphins", "New York Jets", 4, "20:15"},
	{"Los Angeles Rams", "Los Angeles Chargers", 5, "16:05"},
}

// demoKickoff places a demo game: four hours from now on the half hour, or its day and time in Eastern.
func demoKickoff(now time.Time, day int, kickoff string) time.Time {
	if day == 0 {
		return now.UTC().Truncate(30 * time.Minute).Add(4 * time.Hour)
	}
	y, m, d := now.In(squares.Eastern).Date()
	var hour, minute int
	fmt.Sscanf(kickoff, "%d:%d", &hour, &minute)
	// time.Date carries day 32 into the next month.
	return time.Date(y, m, d+day, hour, minute, 0, 0, squares.Eastern).UTC()
}

var demoNames = [][2]string{
	{"Avery", "Brooks"}, {"Jordan", "Reyes"}, {"Taylor", "Nguyen"}, {"Morgan", "Patel"}, {"Riley", "Johnson"},
	{"Casey", "Kim"}, {"Jamie", "Garcia"}, {"Drew", "Miller"}, {"Quinn", "Davis"}, {"Rowan", "Lopez"},
	{"Skyler", "Wilson"}, {"Harper", "Moore"}, {"Reese", "Clark"}, {"Emerson", "Lewis"}, {"Finley", "Walker"},
	{"Hayden", "Hall"}, {"Parker", "Allen"}, {"Sawyer", "Young"}, {"Cameron", "King"}, {"Dakota", "Wright"},
	{"Logan", "Scott"}, {"Peyton", "Green"}, {"Blake", "Baker"}, {"Kendall", "Adams"},
}

// seedDemo fills an empty database with demo data: upcoming games with open pools, players and some
// squares taken, one free pool three squares short of full so a visitor can complete it, a party pool the
// demo player hosts and collects the money of, and a Pool of the Week. It does nothing when the database already has games.
func seedDemo(ctx context.Context, db *store.DB, now time.Time, withAdmin bool, logger *slog.Logger) (bool, error) {
	if n, err := db.CountGames(ctx, 0); err != nil || n > 0 {
		return false, err
	}
	if withAdmin {
		if err := ensureAdmin(ctx, db, demoAdminUsername, demoAdminPassword); err != nil {
			return false, err
		}
		logger.Info("demo admin ready", "username", demoAdminUsername, "password", demoAdminPassword)
	}
	hash, err := squares.HashPassword(demoPassword)
	if err != nil {
		return false, err
	}
	teams, err := db.ListTeams(ctx, squares.LeagueNFL)
	if err != nil {
		return false, err
	}
	colour := map[string]string{}
	for _, t := range teams {
		colour[t.Name] = t.PrimaryColor
	}
	if _, err := db.SetActiveWeek(ctx, squares.LeagueNFL, demoWeek); err != nil {
		return false, err
	}
	var pools []*squares.PoolView
	for i, dg := range demoGames {
		g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("demo_%d", i+1),
			Season: seasonYear(now), Week: demoWeek, HomeTeam: dg.home, AwayTeam: dg.away,
			HomeTeamColor: colour[dg.home], AwayTeamColor: colour[dg.away], GameDate: demoKickoff(now, dg.day, dg.kickoff),
			Status: squares.GameScheduled}
		if err := db.CreateGame(ctx, g); err != nil {
			return false, err
		}
		ps, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		if err != nil {
			return false, err
		}
		for _, p := range ps {
			if _, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive); err != nil {
				return false, err
			}
		}
		pools = append(pools, ps...)
	}

	dob := now.AddDate(-30, 0, 0).Format("2006-01-02")
	newPlayer := func(email, first, last string) (*squares.User, error) {
		u := &squares.User{Email: email, PasswordHash: hash, FirstName: first, LastName: last,
			Role: squares.RoleUser, DateOfBirth: dob, ResidenceState: "NY", ResidenceCountry: "US",
			IsAgeVerified: true, IsEligibleToBet: true}
		return u, db.CreateUser(ctx, u)
	}
	demo, err := newPlayer(demoPlayerEmail, "Dana", "Demo")
	if err != nil {
		return false, err
	}
	var players []*squares.User
	for i, n := range demoNames {
		u, err := newPlayer(fmt.Sprintf("player%02d@squares.test", i+1), n[0], n[1])
		if err != nil {
			return false, err
		}
		players = append(players, u)
	}

	rng := rand.New(rand.NewPCG(42, uint64(now.Unix()/86400)))
	for gi := range demoGames {
		free := pools[gi*len(squares.Tiers)] // the free pool of each game comes first
		target := 10 + rng.IntN(50)
		if gi == 0 {
			target = squares.SquaresPerPool - 3
		}
		if err := fillFree(ctx, db, free.ID, target, players, rng); err != nil {
			return false, err
		}
		if gi == 1 {
			// The demo player holds squares in a pool so My Pools has something to show.
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: demo,
				Cells: freeCells(ctx, db, free.ID, 3, rng)}); err != nil {
				return false, err
			}
		}
	}
	// Paid pools get squares bought the real way: checkout, the sandbox's test card, confirmation, so the
	// ledger holds every cent.
	sb := sandbox.New(db)
	esc := escrow.New(db, sb, logger)
	sb.OnEvent = esc.HandleEvent
	for gi := range demoGames[:4] {
		for ti := 1; ti < len(squares.Tiers); ti++ {
			pool := pools[gi*len(squares.Tiers)+ti]
			for _, u := range rng.Perm(len(players))[:2+rng.IntN(5)] {
				if err := buyDemoSquares(ctx, db, esc, sb, pool, players[u], 1+rng.IntN(3), rng); err != nil {
					return false, err
				}
			}
		}
	}
	// The demo player also holds paid squares, so My Pools shows card holds in its transactions.
	if err := buyDemoSquares(ctx, db, esc, sb, pools[len(squares.Tiers)+2], demo, 2, rng); err != nil {
		return false, err
	}
	// The demo player hosts a party pool whose money they collect themselves.
	if _, err := seedHostPool(ctx, db, pools[demoHostGame*len(squares.Tiers)].GameID, demo, players[:3]); err != nil {
		return false, err
	}
	featured := pools[2] // the $5 pool of the first game
	if _, err := db.FeaturePool(ctx, featured.ID, "Pool of the Week", now.Add(7*24*time.Hour)); err != nil {
		return false, err
	}
	return true, nil
}

// demoAccounts lists the demo accounts of the database that still sign in with their published
// passwords: the demo admin, the demo player and the demo players of seedDemo.
func demoAccounts(ctx context.Context, db *store.DB) ([]string, error) {
	type account struct {
		name, password string
		find           func(context.Context, string) (*squares.User, error)
	}
	accounts := []account{{demoAdminUsername, demoAdminPassword, db.FindUserByUsername},
		{demoPlayerEmail, demoPassword, db.FindUserByEmail}}
	for i := range demoNames {
		accounts = append(accounts, account{fmt.Sprintf("player%02d@squares.test", i+1), demoPassword, db.FindUserByEmail})
	}
	var found []string
	published := map[string]bool{} // seedDemo gives its players one hash: check it once
	for _, a := range accounts {
		u, err := a.find(ctx, a.name)
		if squares.ErrorCode(err) == squares.ENOTFOUND {
			continue
		} else if err != nil {
			return nil, err
		}
		if published[u.PasswordHash] || squares.CheckPassword(u.PasswordHash, a.password) {
			published[u.PasswordHash] = true
			found = append(found, a.name)
		}
	}
	return found, nil
}

// buyDemoSquares buys n random free squares of a paid pool for u with the sandbox's test card.
func buyDemoSquares(ctx context.Context, db *store.DB, esc *escrow.Escrow, sb *sandbox.Provider, pool *squares.PoolView,
	u *squares.User, n int, rng *rand.Rand) error {
	cells := freeCells(ctx, db, pool.ID, n, rng)
	pay, err := esc.Checkout(ctx, u, pool.ID, cells, pool.EntryFee*squares.Cents(len(cells)))
	if err != nil {
		return fmt.Errorf("demo checkout: %w", err)
	}
	if _, err := sb.Confirm(ctx, pay.ProviderPaymentID, sandbox.Card{Number: sandbox.CardApproved, Expiry: "12/40", CVC: "123"}); err != nil {
		return fmt.Errorf("demo card: %w", err)
	}
	if _, err := esc.Confirm(ctx, u, pay.ProviderPaymentID); err != nil {
		return fmt.Errorf("demo confirm: %w", err)
	}
	return nil
}

// fillFree has players claim squares of a free pool until target squares are taken, each within the
// per-player limit.
func fillFree(ctx context.Context, db *store.DB, poolID int64, target int, players []*squares.User, rng *rand.Rand) error {
	taken := 0
	for i, u := range rng.Perm(len(players)) {
		if taken >= target {
			break
		}
		left := len(players) - i
		need := (target - taken + left - 1) / left
		n := min(max(1+rng.IntN(squares.PublicSquaresPerPlayer), need), squares.PublicSquaresPerPlayer, target-taken)
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: poolID, User: players[u],
			Cells: freeCells(ctx, db, poolID, n, rng)}); err != nil {
			return err
		}
		taken += n
	}
	if taken < target {
		return fmt.Errorf("pool %d: only %d of %d demo squares placed", poolID, taken, target)
	}
	return nil
}

// freeCells picks n random free cells of a pool.
func freeCells(ctx context.Context, db *store.DB, poolID int64, n int, rng *rand.Rand) []squares.Cell {
	sqs, _ := db.ListSquares(ctx, poolID)
	taken := map[squares.Cell]bool{}
	for _, sq := range sqs {
		taken[squares.Cell{Row: sq.Row, Column: sq.Column}] = true
	}
	var out []squares.Cell
	for _, i := range rng.Perm(squares.SquaresPerPool) {
		c := squares.Cell{Row: i / squares.GridSize, Column: i % squares.GridSize}
		if !taken[c] && len(out) < n {
			out = append(out, c)
		}
	}
	return out
}

func seasonYear(t time.Time) int {
	if t.Month() < time.August {
		return t.Year() - 1
	}
	return t.Year()
}
