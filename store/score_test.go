package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// score applies a manual score update, failing the test on a refusal.
func score(t *testing.T, db *store.DB, gameID int64, home, away, quarter int, status string) *store.ScoreOutcome {
	t.Helper()
	out, err := db.ApplyScore(context.Background(), gameID, squares.ScoreUpdate{HomeScore: home, AwayScore: away,
		Quarter: quarter, Status: status})
	if err != nil {
		t.Fatalf("score %d-%d q%d %s: %v", home, away, quarter, status, err)
	}
	return out
}

// fullFreePool opens a game's free pool and fills it, returning it drawn and full.
func fullFreePool(t *testing.T, db *store.DB, pool *squares.PoolView) *squares.PoolView {
	t.Helper()
	setStatus(t, db, pool.ID, squares.PoolActive)
	res := fillPool(t, db, pool.ID)
	if !res.Drew || res.Pool.Status != squares.PoolFull {
		t.Fatalf("free pool not full and drawn: %s drew=%v", res.Pool.Status, res.Drew)
	}
	return res.Pool
}

// game is a whole NFL game as the manual feed reports it: Q1 ends 7-3, Q2 14-3, Q3 14-10, final 24-17.
var game = []squares.ScoreUpdate{
	{HomeScore: 0, AwayScore: 0, Quarter: 1, Status: "live"}, {HomeScore: 7, AwayScore: 0, Quarter: 1, Status: "1q"},
	{HomeScore: 7, AwayScore: 3, Quarter: 1, Status: "1q"}, {HomeScore: 10, AwayScore: 3, Quarter: 2, Status: "2q"},
	{HomeScore: 14, AwayScore: 3, Quarter: 2, Status: "2q"}, {HomeScore: 14, AwayScore: 10, Quarter: 3, Status: "3q"},
	{HomeScore: 21, AwayScore: 10, Quarter: 4, Status: "4q"}, {HomeScore: 24, AwayScore: 17, Quarter: 4, Status: "ft"},
}

func TestApplyScoreFreePool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*3600e9))
		free := fullFreePool(t, db, pools[0])
		for round := 0; round < 2; round++ {
			for _, u := range game {
				out, err := db.ApplyScore(ctx, g.ID, u)
				if round == 1 && squares.ErrorCode(err) == squares.EUNPROCESSABLE {
					continue // an update from before the final, refused: the game is completed
				}
				if err != nil {
					t.Fatalf("round %d %+v: %v", round, u, err)
				}
				if round == 1 && (out.Changed || len(out.Winners) > 0) {
					// The final replayed is a no-op.
					t.Fatalf("replay changed something: %+v", out)
				}
				if round == 0 && u.Status == "live" && free.Status == squares.PoolFull {
					if p, _ := db.FindPool(ctx, free.ID, 0); p.Status != squares.PoolStarted {
						t.Fatalf("pool %s after kickoff, want started", p.Status)
					}
				}
			}
		}
		ws, err := db.ListWinners(ctx, free.ID)
		if err != nil || len(ws) != 4 {
			t.Fatalf("winners %d, %v", len(ws), err)
		}
		ends := [][2]int{{7, 3}, {14, 3}, {14, 10}, {24, 17}}
		for i, w := range ws {
			cell, _ := squares.WinningCell(free.Pool, squares.PeriodScore{Home: ends[i][0], Away: ends[i][1]})
			if w.Period != i+1 || w.HomeScore != ends[i][0] || w.AwayScore != ends[i][1] || w.Amount != 0 ||
				w.Status != squares.WinnerFree || w.Row != cell.Row || w.Column != cell.Column || w.UserID == 0 ||
				w.FirstName != "filler" {
				t.Errorf("winner %d: %+v (cell %v)", i+1, w, cell)
			}
			// A free pool's win is no prize to claim.
			if zs, err := db.ListUserPrizes(ctx, w.UserID); err != nil || len(zs) != 0 {
				t.Errorf("winner %d's prizes: %v, %v", i+1, zs, err)
			}
		}
		p, _ := db.FindPool(ctx, free.ID, 0)
		g2, _ := db.FindGame(ctx, g.ID)
		if p.Status != squares.PoolCompleted || g2.Status != squares.GameCompleted || *g2.HomePeriod[3] != 24 {
			t.Fatalf("pool %s game %s", p.Status, g2.Status)
		}
		if txs, _ := db.ListLedgerTransactions(ctx); len(txs) != 0 {
			t.Fatalf("a free pool moved money: %d transactions", len(txs))
		}
		// A pool of the game never opened got its final decision as the game went live: cancelled.
		if p, _ := db.FindPool(ctx, pools[1].ID, 0); p.Status != squares.PoolCancelled {
			t.Fatalf("unfilled pool %s", p.Status)
		}
	})
}

func TestApplyScoreRefusals(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*3600e9))
		score(t, db, g.ID, 7, 3, 1, "1q")
		_, err := db.ApplyScore(ctx, g.ID, squares.ScoreUpdate{HomeScore: 6, AwayScore: 3, Quarter: 1, Status: "1q"})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		if g2, _ := db.FindGame(ctx, g.ID); *g2.HomeScore != 7 {
			t.Fatalf("a refused update changed the score to %d", *g2.HomeScore)
		}
		out, err := db.ApplyScore(ctx, g.ID, squares.ScoreUpdate{HomeScore: 6, AwayScore: 3, Quarter: 1, Status: "1q",
			Correction: true})
		if err != nil || *out.Game.HomeScore != 6 {
			t.Fatalf("correction: %v", err)
		}
		_, err = db.ApplyScore(ctx, g.ID+1000, squares.ScoreUpdate{Status: "live"})
		wantCode(t, err, squares.ENOTFOUND, "Game not found.")
		_, err = db.ApplyScore(ctx, g.ID, squares.ScoreUpdate{HomeScore: 6, AwayScore: 3, Status: "halfway"})
		wantCode(t, err, squares.EINVALID, "")
	})
}

func TestApplyScoreCollegeBasketballHalves(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g := &squares.Game{LeagueID: squares.LeagueNCAAB, ExternalID: fmt.Sprintf("ncaab_%s", engine), Season: 2026,
			Week: "W3", HomeTeam: "Duke", AwayTeam: "North Carolina", GameDate: t0.Add(72 * 3600e9)}
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		pools, _ := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		free := fullFreePool(t, db, pools[0])
		score(t, db, g.ID, 35, 31, 1, "live")
		out := score(t, db, g.ID, 38, 31, 2, "live")
		if len(out.Winners) != 1 || out.Winners[0].HomeScore != 35 {
			t.Fatalf("first half winners %+v", out.Winners)
		}
		score(t, db, g.ID, 70, 70, 3, "ot")
		out = score(t, db, g.ID, 79, 75, 3, "ft")
		if len(out.Winners) != 1 || out.Winners[0].Period != 2 || out.Winners[0].HomeScore != 79 {
			t.Fatalf("final winners %+v", out.Winners)
		}
		ws, _ := db.ListWinners(ctx, free.ID)
		if len(ws) != 2 {
			t.Fatalf("%d winners, want 2 halves", len(ws))
		}
		if p, _ := db.FindPool(ctx, free.ID, 0); p.Status != squares.PoolCompleted {
			t.Fatalf("pool %s", p.Status)
		}
	})
}

func TestApplyScoreCancelledGame(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*3600e9))
		fullFreePool(t, db, pools[0])
		setStatus(t, db, pools[1].ID, squares.PoolActive)
		out := score(t, db, g.ID, 0, 0, 0, "postponed")
		if out.Game.Status != squares.GamePostponed || len(out.CancelPools) != len(pools) {
			t.Fatalf("postponed: %s, pools to cancel %v", out.Game.Status, out.CancelPools)
		}
	})
}

// openBooks opens a fresh store of the engine on a clock at t0, with an auditor reading its books.
func openBooks(t *testing.T, engine string) (*store.DB, *storetest.Auditor) {
	t.Helper()
	url := storetest.URL(t, engine)
	db := store.New(url)
	db.Now = storetest.NewClock(t0).Now
	if err := db.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, storetest.NewAuditor(t, url)
}

// startedGame is a game kicking off in three days whose pools are as the issue found them when an admin's
// score entry put the game live: a free pool with 6 players (30 squares: house fill), a $1 pool with 8
// buyers (40 squares: house fill) and Zed's checkout still open, a $5 pool with 3 buyers (cancel) and Yan's
// checkout open, the $10 and $25 pools drafts, and a free private pool half full (cancel).
type startedGame struct {
	game                         *squares.Game
	free, one, five, ten, twenty *squares.PoolView
	private                      int64
	zed, yan                     *squares.Payment
	zedUser, yanUser             *squares.User
}

func newStartedGame(t *testing.T, db *store.DB) *startedGame {
	t.Helper()
	ctx := context.Background()
	g, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
	s := &startedGame{game: g, free: pools[0], one: pools[1], five: pools[2], ten: pools[3], twenty: pools[4]}
	for _, p := range pools[:3] {
		setStatus(t, db, p.ID, squares.PoolActive)
	}
	claimN(t, db, s.free.ID, 6, 5, 0)
	n := 0
	checkout := func(u *squares.User, p *squares.PoolView, start, count int) *squares.Payment {
		t.Helper()
		n++
		pay, err := db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_start_%d_%d", p.ID, n), Provider: "sandbox",
			User: u, PoolID: p.ID, Cells: cellsFrom(start, count), Amount: p.EntryFee * squares.Cents(count)})
		if err != nil {
			t.Fatal(err)
		}
		return pay
	}
	buy := func(p *squares.PoolView, players int) {
		t.Helper()
		for i := range players {
			pay := checkout(addPlayer(t, db, "buyer"), p, 5*i, 5)
			if _, err := db.ConfirmPayment(ctx, pay.ID, paidAtProvider(pay), squares.Eligibility{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	buy(s.one, 8)
	buy(s.five, 3)
	s.zedUser, s.yanUser = addPlayer(t, db, "Zed"), addPlayer(t, db, "Yan")
	s.zed = checkout(s.zedUser, s.one, 90, 2)
	s.yan = checkout(s.yanUser, s.five, 90, 2)
	creator := addPlayer(t, db, "Creator")
	var err error
	if s.private, err = db.InsertPrivatePool(ctx, g.ID, creator.ID, 0, 10); err != nil {
		t.Fatal(err)
	}
	claimN(t, db, s.private, 5, 10, 0)
	return s
}

// paidAtProvider is the provider's word that a checkout is paid: its card authorised for the amount.
func paidAtProvider(pay *squares.Payment) *squares.ProviderPayment {
	return &squares.ProviderPayment{ID: "pi_" + pay.ID, Status: squares.ProviderRequiresCapture, Amount: pay.Amount,
		Currency: squares.Currency}
}

// TestGameLiveBeforeKickoff: an admin's score entry (or the feed) puts a game live three days before its
// kickoff time. In the same transaction every pool not yet decided gets its final decision, as at 2 hours
// before kickoff: the free and $1 pools are house-filled and drawn (Zed's open checkout released, his
// squares the house's) and start; the $5 pool, the drafts and the private pool not full are cancelled.
// Each decision is logged once; sales are refused with a clear 422; Zed's and Yan's holds, taken before
// the start and confirmed after, are refused and not honoured; the books balance at every step, and the
// game's first period pays the started pools.
func TestGameLiveBeforeKickoff(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, audit := openBooks(t, engine)
		s := newStartedGame(t, db)
		audit.Snapshot(t, db).CheckBooks(t, db)

		out := score(t, db, s.game.ID, 0, 0, 1, "live")
		want := map[int64]string{s.free.ID: squares.DecideHouseFill, s.one.ID: squares.DecideHouseFill,
			s.five.ID: squares.DecideCancel, s.ten.ID: squares.DecideCancel, s.twenty.ID: squares.DecideCancel,
			s.private: squares.DecideCancel}
		if len(out.Decisions) != len(want) {
			t.Fatalf("decisions = %+v", out.Decisions)
		}
		for _, d := range out.Decisions {
			if want[d.PoolID] != d.Action {
				t.Errorf("pool %d decided %s (%s), want %s", d.PoolID, d.Action, d.Reason, want[d.PoolID])
			}
		}
		for id, status := range map[int64]string{s.free.ID: squares.PoolStarted, s.one.ID: squares.PoolStarted,
			s.five.ID: squares.PoolCancelled, s.ten.ID: squares.PoolCancelled, s.twenty.ID: squares.PoolCancelled,
			s.private: squares.PoolCancelled} {
			p, err := db.FindPool(ctx, id, 0)
			if err != nil || p.Status != status {
				t.Fatalf("pool %d = %+v, %v; want %s", id, p, err, status)
			}
			if status == squares.PoolStarted && (p.SquaresTaken != 100 || !p.NumbersGenerated()) {
				t.Fatalf("started pool %d: %d squares, drawn %v", id, p.SquaresTaken, p.NumbersGenerated())
			}
		}
		logged, err := db.ListDecisions(ctx, 20)
		if err != nil || len(logged) != len(want) || logged[0].DecidedBy != store.DecidedByAutomation ||
			logged[0].Reason == "" || logged[0].Reason[:38] != "Decided when the game was reported liv" {
			t.Fatalf("decision log = %+v, %v", logged, err)
		}
		// Zed's open checkout in the filled pool ended at the decision; he is told.
		if p, _ := db.FindPayment(ctx, s.zed.ID); p.Status != squares.PaymentReleased {
			t.Fatalf("Zed's checkout is %s", p.Status)
		}
		if ns, _ := db.ListNotifications(ctx, s.zedUser.ID, true); len(ns) != 1 || ns[0].Kind != squares.NotifyPaymentReleased {
			t.Fatalf("Zed's notifications = %+v", ns)
		}
		audit.Snapshot(t, db).CheckBooks(t, db)

		// No sale once the game has started: claims and checkouts, in every pool, answer 422.
		const closed = "Sales for this pool have closed: its game has started."
		late := addPlayer(t, db, "Late")
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: s.free.ID, User: late, Cells: cellsFrom(99, 1)})
		wantCode(t, err, squares.EUNPROCESSABLE, closed)
		for _, p := range []*squares.PoolView{s.one, s.five} {
			_, err = db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_late_%d", p.ID), Provider: "sandbox",
				User: late, PoolID: p.ID, Cells: cellsFrom(99, 1), Amount: p.EntryFee})
			wantCode(t, err, squares.EUNPROCESSABLE, closed)
		}
		// Holds taken before the start and paid after are refused, not honoured.
		for _, pay := range []*squares.Payment{s.zed, s.yan} {
			_, err = db.ConfirmPayment(ctx, pay.ID, paidAtProvider(pay), squares.Eligibility{})
			wantCode(t, err, squares.EUNPROCESSABLE, closed+" Your payment is released.")
		}
		if sqs, _ := db.ListSquares(ctx, s.one.ID); countOwnedBy(sqs, s.zedUser.ID) != 0 {
			t.Fatal("Zed owns squares of a pool whose game started before he paid")
		}

		// Replays decide nothing again; the first period pays the started pools.
		if out := score(t, db, s.game.ID, 0, 0, 1, "live"); len(out.Decisions) != 0 {
			t.Fatalf("replay decided %+v", out.Decisions)
		}
		score(t, db, s.game.ID, 7, 0, 1, "1q")
		out = score(t, db, s.game.ID, 7, 3, 2, "2q")
		if len(out.Winners) != 2 || len(out.Decisions) != 0 {
			t.Fatalf("Q1 winners %+v, decisions %+v", out.Winners, out.Decisions)
		}
		audit.Snapshot(t, db).CheckBooks(t, db)
	})
}

func countOwnedBy(sqs []*squares.Square, userID int64) int {
	n := 0
	for _, sq := range sqs {
		if sq.UserID == userID && sq.State == squares.SquareOwned {
			n++
		}
	}
	return n
}

// TestGameFinalBeforeDecisions: a feed's first report of a game is its final, with every period's end
// score, while its pools are undecided: each is decided, then the filled ones start, settle their four
// periods and complete, in the one transaction; the books balance once the escrow has captured the filled
// pool's holds (the prizes were credited before: the pool's escrow owes them until then, as when any
// period ends before its pool's captures).
func TestGameFinalBeforeDecisions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, audit := openBooks(t, engine)
		s := newStartedGame(t, db)
		out, err := db.ApplyScore(ctx, s.game.ID, squares.ScoreUpdate{HomeScore: 24, AwayScore: 17, Quarter: 4,
			Status: "ft", Correction: true, PeriodEnds: []squares.PeriodScore{{Period: 1, Home: 7, Away: 3},
				{Period: 2, Home: 14, Away: 3}, {Period: 3, Home: 14, Away: 10}, {Period: 4, Home: 24, Away: 17}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Decisions) != 6 || len(out.Winners) != 8 {
			t.Fatalf("decisions %+v, winners %d", out.Decisions, len(out.Winners))
		}
		for _, p := range []*squares.PoolView{s.free, s.one} {
			got, _ := db.FindPool(ctx, p.ID, 0)
			ws, _ := db.ListWinners(ctx, p.ID)
			if got.Status != squares.PoolCompleted || len(ws) != 4 {
				t.Fatalf("pool %d is %s with %d winners", p.ID, got.Status, len(ws))
			}
		}
		pays, err := db.ListPoolPayments(ctx, s.one.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, pay := range pays {
			if pay.Status == squares.PaymentHeld {
				if err := db.MarkCaptured(ctx, pay.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		audit.Snapshot(t, db).CheckBooks(t, db)
	})
}

// TestCatchUpGame: a game left live with its pools undecided and not started (what a score entry did
// before pools followed their game at once) is caught up: decided, started and settled as far as the
// game is; a second catch-up changes nothing.
func TestCatchUpGame(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, audit := openBooks(t, engine)
		s := newStartedGame(t, db)
		if err := db.SetGameScoreOnly(ctx, s.game.ID, squares.GameLive, 2, [2]int{7, 0}, [2]int{7, 0}); err != nil {
			t.Fatal(err)
		}
		due, err := db.ListUndecidedPools(ctx, t0)
		if err != nil || len(due) != 6 || due[0].GameStatus != squares.GameLive {
			t.Fatalf("undecided pools of the started game = %+v, %v", due, err)
		}
		out, err := db.CatchUpGame(ctx, s.game.ID)
		if err != nil || len(out.Decisions) != 6 || len(out.Winners) != 2 {
			t.Fatalf("catch-up = %+v, %v", out, err)
		}
		if p, _ := db.FindPool(ctx, s.one.ID, 0); p.Status != squares.PoolStarted {
			t.Fatalf("$1 pool is %s", p.Status)
		}
		if out, err := db.CatchUpGame(ctx, s.game.ID); err != nil || len(out.Decisions) != 0 || len(out.Winners) != 0 {
			t.Fatalf("second catch-up = %+v, %v", out, err)
		}
		if due, _ := db.ListUndecidedPools(ctx, t0); len(due) != 0 {
			t.Fatalf("still undecided: %+v", due)
		}
		audit.Snapshot(t, db).CheckBooks(t, db)
	})
}
