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

func TestSetPoolStatus(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free, one := pools[0], pools[1]

		_, err := db.SetPoolStatus(ctx, free.ID, squares.PoolFull)
		wantCode(t, err, squares.EUNPROCESSABLE, "A pool cannot go from draft to full.")
		_, err = db.SetPoolStatus(ctx, free.ID, squares.PoolInactive)
		wantCode(t, err, squares.EUNPROCESSABLE, "A pool cannot go from draft to inactive.")

		clock.Add(time.Minute)
		p := setStatus(t, db, free.ID, squares.PoolActive)
		if p.Status != squares.PoolActive || !p.UpdatedAt.Equal(clock.Now()) {
			t.Errorf("activated = %+v", p.Pool)
		}
		// The same status again is no change and no error.
		if p := setStatus(t, db, free.ID, squares.PoolActive); p.Status != squares.PoolActive {
			t.Errorf("active again = %s", p.Status)
		}
		_, err = db.SetPoolStatus(ctx, free.ID, squares.PoolFull)
		wantCode(t, err, squares.EUNPROCESSABLE, "Free Pool cannot be full: 0 of 100 squares are taken.")
		_, err = db.SetPoolStatus(ctx, free.ID, squares.PoolStarted)
		wantCode(t, err, squares.EUNPROCESSABLE, "A pool cannot go from active to started.")
		_, err = db.SetPoolStatus(ctx, free.ID, squares.PoolDraft)
		wantCode(t, err, squares.EUNPROCESSABLE, "A pool cannot go from active to draft.")

		setStatus(t, db, free.ID, squares.PoolInactive)
		setStatus(t, db, free.ID, squares.PoolActive)
		setStatus(t, db, free.ID, squares.PoolInactive)
		setStatus(t, db, free.ID, squares.PoolCancelled)
		for _, to := range []string{squares.PoolActive, squares.PoolDraft, squares.PoolCompleted} {
			_, err = db.SetPoolStatus(ctx, free.ID, to)
			wantCode(t, err, squares.EUNPROCESSABLE, "A pool cannot go from cancelled to "+to+".")
		}
		if p, err := db.FindPool(ctx, free.ID, 0); err != nil || p.Status != squares.PoolCancelled {
			t.Errorf("after refusals: %v, %v", p.Status, err)
		}

		setStatus(t, db, one.ID, squares.PoolCancelled) // draft -> cancelled
		_, err = db.SetPoolStatus(ctx, 99999, squares.PoolActive)
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.")

		// Less than 2 hours before kickoff a pool cannot open; a second before the line it can.
		_, late := addGame(t, db, "W12", clock.Now().Add(2*time.Hour-time.Second))
		_, err = db.SetPoolStatus(ctx, late[0].ID, squares.PoolActive)
		wantCode(t, err, squares.EUNPROCESSABLE, "Free Pool cannot open: its game kicks off in less than 2 hours.")
		_, exact := addGame(t, db, "W12", clock.Now().Add(2*time.Hour))
		_, err = db.SetPoolStatus(ctx, exact[0].ID, squares.PoolActive)
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		_, ok := addGame(t, db, "W12", clock.Now().Add(2*time.Hour+time.Second))
		setStatus(t, db, ok[0].ID, squares.PoolActive)
		// Reopening an inactive pool is refused as late too.
		setStatus(t, db, ok[1].ID, squares.PoolActive)
		setStatus(t, db, ok[1].ID, squares.PoolInactive)
		clock.Add(2 * time.Second)
		_, err = db.SetPoolStatus(ctx, ok[1].ID, squares.PoolActive)
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		// Hiding and cancelling are still allowed.
		setStatus(t, db, ok[0].ID, squares.PoolInactive)
		setStatus(t, db, ok[0].ID, squares.PoolCancelled)
	})
}

func TestFullPoolLifecycle(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		res := fillPool(t, db, free.ID)
		if res.Pool.Status != squares.PoolFull {
			t.Fatalf("status after the 100th square = %s", res.Pool.Status)
		}
		// Full pools cannot reopen or be hidden; they start, then complete, with their game and never by hand.
		for _, to := range []string{squares.PoolActive, squares.PoolInactive, squares.PoolCompleted, squares.PoolDraft} {
			_, err := db.SetPoolStatus(ctx, free.ID, to)
			wantCode(t, err, squares.EUNPROCESSABLE, "A pool cannot go from full to "+to+".")
		}
		const byHand = "A pool starts and completes with its game; it cannot be set by hand."
		_, err := db.SetPoolStatus(ctx, free.ID, squares.PoolStarted)
		wantCode(t, err, squares.EUNPROCESSABLE, byHand)
		res2 := db.SetPoolsStatus(ctx, []int64{free.ID}, squares.PoolStarted, "")
		if res2.Changed != 0 || len(res2.Refused) != 1 || res2.Refused[0].Message != byHand {
			t.Errorf("bulk start = %+v", res2)
		}
		_, err = db.FollowGame(ctx, free.ID, squares.PoolCancelled)
		wantCode(t, err, squares.EUNPROCESSABLE, "A pool cannot go from full to cancelled.")
		followGame(t, db, free.ID, squares.PoolStarted)
		_, err = db.SetPoolStatus(ctx, free.ID, squares.PoolCancelled)
		wantCode(t, err, squares.EUNPROCESSABLE, "A pool cannot go from started to cancelled.")
		_, err = db.SetPoolStatus(ctx, free.ID, squares.PoolCompleted)
		wantCode(t, err, squares.EUNPROCESSABLE, byHand)
		p := followGame(t, db, free.ID, squares.PoolCompleted)
		if p.Status != squares.PoolCompleted || !p.NumbersGenerated() || p.SquaresTaken != 100 {
			t.Errorf("completed pool = %+v", p.Pool)
		}
	})
}

func TestSetPoolsStatus(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		setStatus(t, db, pools[4].ID, squares.PoolActive)

		res := db.SetPoolsStatus(ctx, []int64{pools[0].ID, pools[1].ID, 99999, pools[4].ID}, squares.PoolActive, "")
		if res.Changed != 2 || len(res.Refused) != 2 || res.Refused[0] != (store.Refusal{PoolID: 99999, Message: "Pool not found."}) ||
			res.Refused[1] != (store.Refusal{PoolID: pools[4].ID, Message: "$25 Pool is already active."}) {
			t.Errorf("activate = %+v", res)
		}
		for _, p := range pools[:2] {
			if got, _ := db.FindPool(ctx, p.ID, 0); got.Status != squares.PoolActive {
				t.Errorf("pool %d is %s", p.ID, got.Status)
			}
		}
		res = db.SetPoolsStatus(ctx, []int64{pools[0].ID, pools[2].ID}, squares.PoolInactive, "")
		if res.Changed != 1 || len(res.Refused) != 1 || res.Refused[0].Message != "A pool cannot go from draft to inactive." {
			t.Errorf("deactivate = %+v", res)
		}
	})
}

func TestListPools(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g11, w11 := addGame(t, db, "W11", t0.Add(30*time.Hour))
		g12, w12 := addGame(t, db, "W12", t0.Add(5*24*time.Hour))
		nba := &squares.Game{LeagueID: squares.LeagueNBA, HomeTeam: "Boston Celtics", AwayTeam: "New York Knicks",
			HomeTeamColor: "#007A33", AwayTeamColor: "#006BB6", GameDate: t0.Add(48 * time.Hour), Week: "2026-11-22",
			Status: squares.GameScheduled}
		if err := db.CreateGame(ctx, nba); err != nil {
			t.Fatal(err)
		}
		nbaPools, _ := db.ListPools(ctx, squares.PoolFilter{GameID: nba.ID})

		// Week 11: free full then started, $1 active, $5 inactive, $10 cancelled, $25 draft.
		setStatus(t, db, w11[0].ID, squares.PoolActive)
		fillPool(t, db, w11[0].ID)
		followGame(t, db, w11[0].ID, squares.PoolStarted)
		setStatus(t, db, w11[1].ID, squares.PoolActive)
		setStatus(t, db, w11[2].ID, squares.PoolActive)
		setStatus(t, db, w11[2].ID, squares.PoolInactive)
		setStatus(t, db, w11[3].ID, squares.PoolCancelled)
		// Week 12: free and $5 active, the rest drafts. NBA: $1 active.
		setStatus(t, db, w12[0].ID, squares.PoolActive)
		setStatus(t, db, w12[2].ID, squares.PoolActive)
		setStatus(t, db, nbaPools[1].ID, squares.PoolActive)

		list := func(f squares.PoolFilter) []int64 {
			t.Helper()
			ps, err := db.ListPools(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, p := range ps {
				ids = append(ids, p.ID)
			}
			return ids
		}
		// No active week: listed pools of every week, by kickoff then fee.
		want := []int64{w11[0].ID, w11[1].ID, nbaPools[1].ID, w12[0].ID, w12[2].ID}
		if got := list(squares.PoolFilter{Listed: true}); !slices.Equal(got, want) {
			t.Errorf("listed without an active week = %v, want %v", got, want)
		}
		// Week 12 active in the NFL: only its pools there; the NBA has no active week yet.
		if _, err := db.SetActiveWeek(ctx, squares.LeagueNFL, "W12"); err != nil {
			t.Fatal(err)
		}
		want = []int64{nbaPools[1].ID, w12[0].ID, w12[2].ID}
		if got := list(squares.PoolFilter{Listed: true}); !slices.Equal(got, want) {
			t.Errorf("listed in W12 = %v, want %v", got, want)
		}
		if got := list(squares.PoolFilter{Listed: true, LeagueID: squares.LeagueNFL}); !slices.Equal(got, want[1:]) {
			t.Errorf("listed NFL pools in W12 = %v, want %v", got, want[1:])
		}
		if got := list(squares.PoolFilter{Listed: true, LeagueID: squares.LeagueNBA}); !slices.Equal(got, want[:1]) {
			t.Errorf("listed NBA pools = %v", got)
		}
		// Admin filters: everything, by game, week or status.
		if got := list(squares.PoolFilter{}); len(got) != 15 {
			t.Errorf("all pools = %d, want 15", len(got))
		}
		if got := list(squares.PoolFilter{GameID: g11.ID}); !slices.Equal(got, poolIDs(w11)) {
			t.Errorf("game 11 pools = %v", got)
		}
		if got := list(squares.PoolFilter{LeagueID: squares.LeagueNFL, Week: "W12"}); !slices.Equal(got, poolIDs(w12)) {
			t.Errorf("W12 pools = %v", got)
		}
		if got := list(squares.PoolFilter{LeagueID: squares.LeagueNFL, Status: squares.PoolDraft}); !slices.Equal(got,
			[]int64{w11[4].ID, w12[1].ID, w12[3].ID, w12[4].ID}) {
			t.Errorf("NFL drafts = %v", got)
		}
		_ = g12

		// OwnedBy: the pools a player holds squares in, with their count.
		u := addPlayer(t, db, "owner")
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: w12[0].ID, User: u, Cells: cellsFrom(0, 3)}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: w12[2].ID, User: u, Cells: cellsFrom(10, 1), Paid: true}); err != nil {
			t.Fatal(err)
		}
		mine, err := db.ListPools(ctx, squares.PoolFilter{Viewer: u.ID, OwnedBy: u.ID})
		if err != nil || len(mine) != 2 || mine[0].ID != w12[0].ID || mine[0].ViewerSquares != 3 ||
			mine[1].ID != w12[2].ID || mine[1].ViewerSquares != 1 || mine[0].DistinctPlayers != 1 {
			t.Errorf("owned pools = %v, %v", mine, err)
		}
		// Another viewer sees the same pools with none of their own.
		other := addPlayer(t, db, "other")
		if ps, _ := db.ListPools(ctx, squares.PoolFilter{Viewer: other.ID, OwnedBy: u.ID}); len(ps) != 2 || ps[0].ViewerSquares != 0 {
			t.Errorf("viewed by another = %v", ps)
		}
		if ps, _ := db.ListPools(ctx, squares.PoolFilter{Viewer: other.ID, OwnedBy: other.ID}); len(ps) != 0 {
			t.Errorf("pools of a player without squares = %v", ps)
		}
		if p, err := db.FindPool(ctx, w12[0].ID, u.ID); err != nil || p.ViewerSquares != 3 || p.SquaresTaken != 3 {
			t.Errorf("FindPool as the owner = %+v, %v", p, err)
		}
		_, err = db.FindPool(ctx, 99999, 0)
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.")
	})
}

func TestFeaturedPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		a := setStatus(t, db, pools[2].ID, squares.PoolActive)
		b := setStatus(t, db, pools[3].ID, squares.PoolActive)
		featured := func(at time.Time) []int64 {
			t.Helper()
			ps, err := db.ListPools(ctx, squares.PoolFilter{Listed: true, FeaturedAt: &at})
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, p := range ps {
				ids = append(ids, p.ID)
			}
			return ids
		}
		if got := featured(clock.Now()); len(got) != 0 {
			t.Fatalf("featured before any = %v", got)
		}
		until := t0.Add(7 * 24 * time.Hour)
		p, err := db.FeaturePool(ctx, a.ID, "Pool of the Week", until)
		if err != nil || !p.IsFeatured || p.FeaturedReason != "Pool of the Week" || p.FeaturedUntil == nil || !p.FeaturedUntil.Equal(until) {
			t.Fatalf("FeaturePool = %+v, %v", p, err)
		}
		if got := featured(clock.Now()); !slices.Equal(got, []int64{a.ID}) {
			t.Errorf("featured now = %v", got)
		}
		if got := featured(until.Add(-time.Second)); !slices.Equal(got, []int64{a.ID}) {
			t.Errorf("featured a second before it ends = %v", got)
		}
		if got := featured(until); len(got) != 0 {
			t.Errorf("featured when it ends = %v", got)
		}
		// Featuring another pool replaces the first.
		if _, err := db.FeaturePool(ctx, b.ID, "Biggest pot", until); err != nil {
			t.Fatal(err)
		}
		if got := featured(clock.Now()); !slices.Equal(got, []int64{b.ID}) {
			t.Errorf("featured after replacing = %v", got)
		}
		if old, _ := db.FindPool(ctx, a.ID, 0); old.IsFeatured || old.FeaturedReason != "" || old.FeaturedUntil != nil {
			t.Errorf("the replaced pool = %+v", old.Pool)
		}
		// A featured pool that players cannot see is not the Pool of the Week.
		setStatus(t, db, b.ID, squares.PoolInactive)
		if got := featured(clock.Now()); len(got) != 0 {
			t.Errorf("featured inactive pool listed: %v", got)
		}
		setStatus(t, db, b.ID, squares.PoolActive)
		if p, err := db.UnfeaturePool(ctx, b.ID); err != nil || p.IsFeatured {
			t.Fatalf("UnfeaturePool = %+v, %v", p, err)
		}
		if got := featured(clock.Now()); len(got) != 0 {
			t.Errorf("featured after unfeaturing = %v", got)
		}
		_, err = db.FeaturePool(ctx, 99999, "x", until)
		wantCode(t, err, squares.ENOTFOUND, "")
		_, err = db.UnfeaturePool(ctx, 99999)
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.")
	})
}

// TestFindPoolViewer: the one read the rule of who may see a pool needs of a viewer counts the squares
// they own in that pool only, and says whether they joined it; a hidden pool keeps its owners' count.
func TestFindPoolViewer(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free, other := pools[0], pools[1]
		setStatus(t, db, free.ID, squares.PoolActive)
		owner, stranger, friend := addPlayer(t, db, "Owner"), addPlayer(t, db, "Stranger"), addPlayer(t, db, "Friend")
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: owner, Cells: cellsFrom(0, 2)}); err != nil {
			t.Fatal(err)
		}
		setStatus(t, db, free.ID, squares.PoolInactive)
		priv, err := db.CreatePrivatePool(ctx, owner, squares.PrivatePoolInput{GameID: g.ID, Name: "Friends", MaxSquaresPerPlayer: 5}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.JoinPool(ctx, friend, priv.Pool.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			pool int64
			user *squares.User
			want squares.PoolViewer
		}{
			{free.ID, owner, squares.PoolViewer{Owned: 2}},
			{free.ID, stranger, squares.PoolViewer{}},
			{other.ID, owner, squares.PoolViewer{}},
			{priv.Pool.ID, owner, squares.PoolViewer{Member: true}},
			{priv.Pool.ID, friend, squares.PoolViewer{Member: true}},
			{priv.Pool.ID, stranger, squares.PoolViewer{}},
			{99999, owner, squares.PoolViewer{}},
		} {
			got, err := db.FindPoolViewer(ctx, c.pool, c.user.ID)
			if err != nil || got != c.want {
				t.Errorf("pool %d, %s: %+v, %v; want %+v", c.pool, c.user.FirstName, got, err, c.want)
			}
		}
	})
}
