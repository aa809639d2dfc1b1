package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// wholeGame is an NFL game as an admin enters it: Q1 ends 7-3, Q2 14-3, Q3 14-10, final 24-17.
var wholeGame = []map[string]any{
	{"homeScore": 0, "awayScore": 0, "quarter": 1, "status": "live"},
	{"homeScore": 7, "awayScore": 0, "quarter": 1, "status": "1q"},
	{"homeScore": 7, "awayScore": 3, "quarter": 1, "status": "1q"},
	{"homeScore": 10, "awayScore": 3, "quarter": 2, "status": "2q"},
	{"homeScore": 14, "awayScore": 3, "quarter": 2, "status": "2q"},
	{"homeScore": 14, "awayScore": 10, "quarter": 3, "status": "3q"},
	{"homeScore": 21, "awayScore": 10, "quarter": 4, "status": "4q"},
	{"homeScore": 24, "awayScore": 17, "quarter": 4, "status": "ft"},
}

// TestScoreFeedPaysAFullTenDollarPool replays a whole game through the admin's score entry for a full
// $10 pool: GET /api/pools/{id}/winners lists four winners of 225.00, the house has its 100.00, the
// ledger balances; replaying every update again changes nothing and never answers a 500.
func TestScoreFeedPaysAFullTenDollarPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		ten := s.paidGame(t)[3]
		s.activate(t, ten)
		s.fillInStore(t, ten)
		if err := s.esc.RunOnce(context.Background()); err != nil {
			t.Fatal(err)
		}
		admin := s.admin(t)
		path := fmt.Sprintf("/api/admin/games/%d/score", ten.GameID)
		for _, u := range wholeGame {
			admin.post(path, u).want(http.StatusOK)
		}
		winners := s.client(t).get(fmt.Sprintf("/api/pools/%d/winners", ten.ID)).want(http.StatusOK).list()
		labels := []string{"Q1", "Q2", "Q3", "Final"}
		ends := [][2]float64{{7, 3}, {14, 3}, {14, 10}, {24, 17}}
		if len(winners) != 4 {
			t.Fatalf("winners = %v", winners)
		}
		for i, w := range winners {
			if w["period"] != float64(i+1) || w["periodLabel"] != labels[i] || w["amount"] != "225.00" ||
				w["status"] != "credited" || w["homeScore"] != ends[i][0] || w["awayScore"] != ends[i][1] ||
				w["firstName"] != "Buyer" || w["userId"] == "" {
				t.Errorf("winner %d = %v", i+1, w)
			}
		}
		summary := func() map[string]any {
			sum := admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj()
			if sum["total"] != "0.00" || sum["balanced"] != true {
				t.Fatalf("ledger summary = %v", sum)
			}
			return sum
		}
		sum := summary()
		balances := map[string]any{}
		for _, a := range sum["accounts"].([]any) {
			a := a.(map[string]any)
			balances[a["account"].(string)] = a["balance"]
		}
		if balances[squares.AccountHouseFees] != "100.00" || balances[squares.PoolEscrowAccount(ten.ID)] != "0.00" {
			t.Fatalf("balances = %v", balances)
		}
		for _, u := range wholeGame {
			r := admin.post(path, u)
			if r.Status != http.StatusOK && r.Status != http.StatusUnprocessableEntity {
				t.Fatalf("replay %v: %d", u, r.Status)
			}
			if r.Status == http.StatusOK && (r.obj()["changed"] != false || len(r.obj()["winners"].([]any)) != 0) {
				t.Fatalf("replay %v changed something", u)
			}
		}
		if fmt.Sprint(summary()) != fmt.Sprint(sum) {
			t.Fatal("the replay moved money")
		}
		if again := s.client(t).get(fmt.Sprintf("/api/pools/%d/winners", ten.ID)).want(http.StatusOK).list(); fmt.Sprint(again) != fmt.Sprint(winners) {
			t.Fatalf("winners after the replay = %v", again)
		}
		if p, _ := s.db.FindPool(context.Background(), ten.ID, 0); p.Status != squares.PoolCompleted {
			t.Fatalf("pool %s", p.Status)
		}
	})
}

// TestScoreEntryInput: bad input is a 400 with a clear message, a refused rule a 422, an unknown game a
// 404; only admins enter scores; the simulator's call needs a game id; a free pool records its winners
// with amount 0.00; a postponed game cancels its pools.
func TestScoreEntryInput(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		g, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		for i := 0; i < squares.SquaresPerPool; i += 5 {
			seq := emailCounter.Add(1)
			u := &squares.User{Email: fmt.Sprintf("free%d@example.com", seq), PasswordHash: "not-a-hash",
				FirstName: "Free", LastName: "Player", DateOfBirth: "1990-01-01", ResidenceState: "NY",
				ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
			if err := s.db.CreateUser(context.Background(), u); err != nil {
				t.Fatal(err)
			}
			var cells []squares.Cell
			for j := i; j < i+5; j++ {
				cells = append(cells, squares.Cell{Row: j / 10, Column: j % 10})
			}
			if _, err := s.db.ClaimSquares(context.Background(), store.Claim{PoolID: pools[0].ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		admin := s.admin(t)
		path := fmt.Sprintf("/api/admin/games/%d/score", g.ID)
		player, _ := s.register(t, "", "")
		player.post(path, wholeGame[1]).want(http.StatusForbidden)
		s.client(t).post(path, wholeGame[1]).want(http.StatusUnauthorized)
		admin.post(path, map[string]any{"awayScore": 1, "status": "1q"}).wantError(http.StatusBadRequest, "invalid", "Home score is required", "homeScore", "Home score is required")
		admin.post(path, map[string]any{"homeScore": 1, "awayScore": 1, "status": "halfway"}).want(http.StatusBadRequest)
		admin.post(path, map[string]any{"homeScore": -1, "awayScore": 1, "status": "1q"}).want(http.StatusBadRequest)
		admin.post(path, map[string]any{"homeScore": "seven", "awayScore": 1, "status": "1q"}).want(http.StatusBadRequest)
		admin.post("/api/admin/games/99999/score", wholeGame[1]).want(http.StatusNotFound)
		admin.post("/api/admin/games/x/score", wholeGame[1]).want(http.StatusBadRequest)

		// A draft pool is not found by players; an admin sees its (empty) winners.
		s.client(t).get(fmt.Sprintf("/api/pools/%d/winners", pools[4].ID)).want(http.StatusNotFound)
		if ws := admin.get(fmt.Sprintf("/api/pools/%d/winners", pools[4].ID)).want(http.StatusOK).list(); len(ws) != 0 {
			t.Fatalf("draft pool winners %v", ws)
		}

		admin.post(path, wholeGame[2]).want(http.StatusOK)
		admin.post(path, wholeGame[1]).want(http.StatusUnprocessableEntity) // 7-0 after 7-3: down
		r := admin.post(path, map[string]any{"homeScore": 7, "awayScore": 0, "quarter": 1, "status": "1q", "correction": true}).
			want(http.StatusOK).obj()
		if r["game"].(map[string]any)["awayScore"] != float64(0) {
			t.Fatalf("correction = %v", r)
		}
		admin.post("/api/simulate-score-update", map[string]any{"homeScore": 7, "awayScore": 3, "status": "2q"}).
			wantError(http.StatusBadRequest, "invalid", "Please enter a game ID", "gameId", "Please enter a game ID")
		player.post("/api/simulate-score-update", map[string]any{"gameId": g.ID, "homeScore": 7, "awayScore": 3, "quarter": 2, "status": "2q"}).
			want(http.StatusForbidden)
		r = admin.post("/api/simulate-score-update", map[string]any{"gameId": fmt.Sprint(g.ID), "homeScore": 7, "awayScore": 3,
			"quarter": 2, "status": "2q"}).want(http.StatusOK).obj()
		if ended := r["endedPeriods"].([]any); len(ended) != 1 || len(r["winners"].([]any)) != 1 {
			t.Fatalf("Q1 ended %v, winners %v", ended, r["winners"])
		}
		// The spec's call sends no status: a quarter means the game is live.
		r = admin.post("/api/simulate-score-update", map[string]any{"gameId": g.ID, "homeScore": 7, "awayScore": 3,
			"quarter": 2}).want(http.StatusOK).obj()
		if gm := r["game"].(map[string]any); gm["status"] != squares.GameLive || r["changed"] != false {
			t.Fatalf("simulate without a status = %v", r)
		}
		ws := s.client(t).get(fmt.Sprintf("/api/pools/%d/winners", pools[0].ID)).want(http.StatusOK).list()
		if len(ws) != 1 || ws[0]["amount"] != "0.00" || ws[0]["status"] != "free" || ws[0]["homeScore"] != float64(7) ||
			ws[0]["awayScore"] != float64(0) {
			t.Fatalf("free pool winners = %v", ws)
		}
		// The game's draft pool got its final decision as the game went live: cancelled, with no winners.
		if ws := s.client(t).get(fmt.Sprintf("/api/pools/%d/winners", pools[4].ID)).want(http.StatusOK).list(); len(ws) != 0 {
			t.Fatalf("cancelled pool winners %v", ws)
		}
		if p, _ := s.db.FindPool(context.Background(), pools[4].ID, 0); p.Status != squares.PoolCancelled {
			t.Fatalf("draft pool of a live game %s", p.Status)
		}

		g2, pools2 := s.game(t, "W13", time.Now().Add(96*time.Hour))
		s.activate(t, pools2[0])
		r = admin.post(fmt.Sprintf("/api/admin/games/%d/score", g2.ID), map[string]any{"homeScore": 0, "awayScore": 0,
			"status": "postponed"}).want(http.StatusOK).obj()
		if len(r["cancelledPools"].([]any)) != 5 {
			t.Fatalf("cancelled pools = %v", r["cancelledPools"])
		}
		if p, _ := s.db.FindPool(context.Background(), pools2[0].ID, 0); p.Status != squares.PoolCancelled {
			t.Fatalf("pool of a postponed game %s", p.Status)
		}
		// Each score the admin entered that changed a game is in the audit log, the correction named.
		es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "game.score"})
		if len(es) != 4 || es[2].Reason != "correction" || es[3].Reason != "" || es[0].TargetID != fmt.Sprint(g2.ID) ||
			len(es[2].Before) == 0 || len(es[2].After) == 0 {
			t.Fatalf("game.score entries = %+v", es)
		}
	})
}

// TestScoreBroadcastsLive: a score update reaches a browser watching the game as a gameUpdate with the
// new score, and one watching a pool of the game as a poolUpdate carrying it, on both engines (in-process
// events for SQLite, LISTEN/NOTIFY for PostgreSQL).
func TestScoreBroadcastsLive(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		srv := startLive(t, storetest.URL(t, engine))
		p := openFreePool(t, srv.db)
		ws := dialWS(t, srv.URL())
		sendWS(t, ws, map[string]any{"type": "subscribeToGame", "gameId": p.GameID})
		readUntil(t, ws, "subscribed")
		sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": p.ID})
		readUntil(t, ws, "subscribed")
		if _, err := srv.db.ApplyScore(context.Background(), p.GameID, squares.ScoreUpdate{HomeScore: 7, AwayScore: 3,
			Quarter: 1, Status: "1q"}); err != nil {
			t.Fatal(err)
		}
		g := readMatching(t, ws, "gameUpdate", func(m map[string]any) bool { return m["homeScore"] == float64(7) })
		if g["awayScore"] != float64(3) || g["status"] != squares.GameLive || g["quarter"] != float64(1) {
			t.Fatalf("gameUpdate = %v", g)
		}
		pu := readMatching(t, ws, "poolUpdate", func(m map[string]any) bool { return m["gameUpdate"] != nil })
		if gu := pu["gameUpdate"].(map[string]any); pu["poolId"] != float64(p.ID) || gu["homeScore"] != float64(7) {
			t.Fatalf("poolUpdate = %v", pu)
		}
	})
}

// TestPostponedGameReturnsThePayments: an admin's "postponed" cancels the game's pools and the escrow
// returns every payment (a hold released, nothing charged), the books balanced.
func TestPostponedGameReturnsThePayments(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		five := s.paidGame(t)[2]
		ann, _ := s.storePlayer(t, squares.RoleUser)
		pay := buy(t, ann, five, at(0, 0), at(0, 1))
		admin := s.admin(t)
		r := admin.post(fmt.Sprintf("/api/admin/games/%d/score", five.GameID),
			map[string]any{"homeScore": 0, "awayScore": 0, "status": "postponed"}).want(http.StatusOK).obj()
		if len(r["cancelledPools"].([]any)) != 5 {
			t.Fatalf("cancelled pools = %v", r["cancelledPools"])
		}
		pays, err := s.db.ListPoolPayments(context.Background(), five.ID)
		if err != nil || len(pays) != 1 || pays[0].Status != squares.PaymentReleased {
			t.Fatalf("payments after the postponement = %v, %v (purchase %v)", pays, err, pay)
		}
		if sum := admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj(); sum["total"] != "0.00" {
			t.Fatalf("ledger = %v", sum)
		}
		// A postponed game's update again cancels nothing more and answers no error.
		admin.post(fmt.Sprintf("/api/admin/games/%d/score", five.GameID),
			map[string]any{"homeScore": 0, "awayScore": 0, "status": "postponed"}).want(http.StatusOK)
	})
}

// buyInStore has players new players buy five squares each of a paid pool through the escrow and the
// sandbox's good card, from square start.
func (s *payAPI) buyInStore(t *testing.T, pool *squares.PoolView, players, start int) {
	t.Helper()
	ctx := context.Background()
	for range players {
		_, u := s.storePlayer(t, squares.RoleUser)
		var cells []squares.Cell
		for i := start; i < start+squares.PublicSquaresPerPlayer; i++ {
			cells = append(cells, squares.Cell{Row: i / 10, Column: i % 10})
		}
		start += squares.PublicSquaresPerPlayer
		pay, err := s.esc.Checkout(ctx, u, pool.ID, cells, pool.EntryFee*squares.Cents(len(cells)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.sb.Confirm(ctx, pay.ProviderPaymentID, sandbox.Card{Number: goodCardNumber, Expiry: "12/30", CVC: "123"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.esc.Confirm(ctx, u, pay.ProviderPaymentID); err != nil {
			t.Fatal(err)
		}
	}
}

// startPayAPIAudited is startPayAPI on a database an auditor reads too.
func startPayAPIAudited(t *testing.T, engine string, opt payOptions) (*payAPI, *storetest.Auditor) {
	t.Helper()
	url := storetest.URL(t, engine)
	db := store.New(url)
	if err := db.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	opt.db = db
	return startPayAPI(t, engine, opt), storetest.NewAuditor(t, url)
}

// TestScoreEntryBeforeKickoffClosesSales: three days before kickoff, with a free pool of 6 players, a $1
// pool of 8 buyers and a $5 pool of 3, an admin's score entry puts the game live. At once: the free and $1
// pools are house-filled, drawn and started, the $5 pool and the two drafts cancelled and the $5 pool's
// holds released, every decision logged; a claim and a checkout answer 422 "Sales for this pool have
// closed: its game has started."; Zed and Yan, whose cards were authorised before the start but whose
// browsers confirm after it, are refused (422) and their holds released, never honoured, and they are
// told; the books balance and agree with the provider; "Run automation now" finds nothing left; the
// first period pays the started pools.
func TestScoreEntryBeforeKickoffClosesSales(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s, audit := startPayAPIAudited(t, engine, payOptions{}) // no webhooks: the browser confirms
		pools := s.paidGame(t)
		free, one, five := pools[0], pools[1], pools[2]
		claimPlayers(t, s.apiServer, free.ID, 6, 0)
		s.buyInStore(t, one, 8, 0)
		s.buyInStore(t, five, 3, 0)
		// Zed and Yan check out and their cards are authorised; their browsers have not confirmed yet.
		zed, zedUser := s.storePlayer(t, squares.RoleUser)
		yan, _ := s.storePlayer(t, squares.RoleUser)
		started := map[*apiClient]string{}
		for c, pool := range map[*apiClient]*squares.PoolView{zed: one, yan: five} {
			co := c.post("/api/create-escrow-payment", checkoutBody(pool.ID, pool.EntryFee.String(), at(9, 9))).
				want(http.StatusCreated).obj()
			started[c] = co["paymentIntentId"].(string)
			card(c, started[c], goodCardNumber).want(http.StatusOK)
		}

		admin := s.admin(t)
		r := admin.post(fmt.Sprintf("/api/admin/games/%d/score", free.GameID),
			map[string]any{"homeScore": 0, "awayScore": 0, "quarter": 1, "status": "live"}).want(http.StatusOK).obj()

		// No sale once the game has started.
		const closed = "Sales for this pool have closed: its game has started."
		late, _ := s.storePlayer(t, squares.RoleUser)
		late.post(fmt.Sprintf("/api/pools/%d/squares", free.ID), at(9, 9)).wantError(http.StatusUnprocessableEntity, "unprocessable", closed)
		for _, p := range []*squares.PoolView{one, five} {
			late.post("/api/create-escrow-payment", checkoutBody(p.ID, p.EntryFee.String(), at(9, 8))).
				wantError(http.StatusUnprocessableEntity, "unprocessable", closed)
		}
		// Every pool got its final decision at once.
		want := map[float64]string{float64(free.ID): "house_fill", float64(one.ID): "house_fill", float64(five.ID): "cancel",
			float64(pools[3].ID): "cancel", float64(pools[4].ID): "cancel"}
		ds, _ := r["decisions"].([]any)
		if len(ds) != len(want) {
			t.Fatalf("decisions = %v", ds)
		}
		for _, d := range ds {
			d := d.(map[string]any)
			if want[d["poolId"].(float64)] != d["action"] {
				t.Errorf("decision %v, want %s", d, want[d["poolId"].(float64)])
			}
		}
		for _, p := range pools {
			got := s.client(t).get(fmt.Sprintf("/api/pools/%d", p.ID)).want(http.StatusOK).obj()
			status := map[bool]string{true: "started", false: "cancelled"}[p == free || p == one]
			if got["status"] != status || (status == "started" && (num(t, got["currentParticipants"]) != 100 || got["numbersGenerated"] != true)) {
				t.Errorf("pool %d = %v %v drawn %v, want %s", p.ID, got["status"], got["currentParticipants"], got["numbersGenerated"], status)
			}
		}

		// A hold taken before the start and confirmed after it is released, not honoured.
		for c, pi := range started {
			c.post("/api/purchase-squares", map[string]any{"paymentIntentId": pi}).
				wantError(http.StatusUnprocessableEntity, "unprocessable", closed+" Your payment is released.")
			pays := c.get("/api/user/payments").want(http.StatusOK).list()
			if len(pays) != 1 || pays[0]["status"] != "released" {
				t.Errorf("payments after the start = %v", pays)
			}
			if pp, err := s.sb.Get(ctx, pi); err != nil || pp.Status != squares.ProviderCanceled {
				t.Errorf("provider payment %s = %+v, %v; want its hold cancelled", pi, pp, err)
			}
			if ns := c.get("/api/notifications").want(http.StatusOK).list(); len(ns) == 0 || ns[0]["kind"] != squares.NotifyPaymentReleased {
				t.Errorf("notifications = %v", ns)
			}
		}
		if sqs, _ := s.db.ListSquares(ctx, one.ID); countOwned(sqs, zedUser.ID) != 0 {
			t.Error("Zed owns squares he paid for after the game started")
		}
		snap := audit.Snapshot(t, s.db)
		snap.CheckBooks(t, s.db)
		snap.CheckProvider(t, s.sb)
		snap.CheckSettled(t)

		// Nothing is left for the automation.
		if ds := admin.post("/api/admin/automation/run", nil).want(http.StatusOK).obj()["decisions"].([]any); len(ds) != 0 {
			t.Fatalf("automation decided %v", ds)
		}
		// The first period pays the started pools.
		path := fmt.Sprintf("/api/admin/games/%d/score", free.GameID)
		admin.post(path, map[string]any{"homeScore": 7, "awayScore": 0, "quarter": 1, "status": "1q"}).want(http.StatusOK)
		r = admin.post(path, map[string]any{"homeScore": 7, "awayScore": 3, "quarter": 2, "status": "2q"}).want(http.StatusOK).obj()
		if len(r["winners"].([]any)) != 2 || len(r["decisions"].([]any)) != 0 {
			t.Fatalf("Q1 = %v", r)
		}
		audit.Snapshot(t, s.db).CheckBooks(t, s.db)
	})
}

func countOwned(sqs []*squares.Square, userID int64) int {
	n := 0
	for _, sq := range sqs {
		if sq.UserID == userID && sq.State == squares.SquareOwned {
			n++
		}
	}
	return n
}
