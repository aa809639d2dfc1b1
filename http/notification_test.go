package http_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// drawnTenDollarPool fills the $10 pool of a paid game through checkouts and captures it: it is full and
// drawn, its game three days out. It returns the pool and the player whose square wins Q1 when it ends
// 7-3, as wholeGame has it.
func (s *payAPI) drawnTenDollarPool(t *testing.T) (poolID, gameID, q1Winner int64) {
	t.Helper()
	ctx := context.Background()
	ten := s.paidGame(t)[3]
	s.activate(t, ten)
	s.fillInStore(t, ten)
	if err := s.esc.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	p, err := s.db.FindPool(ctx, ten.ID, 0)
	if err != nil || !p.NumbersGenerated() {
		t.Fatalf("pool %+v not drawn: %v", p, err)
	}
	cell, err := squares.WinningCell(p.Pool, squares.PeriodScore{Period: 1, Home: 7, Away: 3})
	if err != nil {
		t.Fatal(err)
	}
	sqs, err := s.db.ListSquares(ctx, ten.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, sq := range sqs {
		if sq.Row == cell.Row && sq.Column == cell.Column {
			return ten.ID, ten.GameID, sq.UserID
		}
	}
	t.Fatalf("nobody owns the Q1 square %v", cell)
	return 0, 0, 0
}

// dialAs opens a websocket signed in as the client's session.
func (s *payAPI) dialAs(t *testing.T, c *apiClient) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ct := c.hc.Transport.(cookieTransport)
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL(), "http")+"/ws", &websocket.DialOptions{
		HTTPHeader: http.Header{"Cookie": {ct.name + "=" + ct.value}}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

func unreadHeader(t *testing.T, r *apiResponse) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(r.Header.Get("X-Unread-Count"), &n); err != nil {
		t.Fatalf("X-Unread-Count %q: %v", r.Header.Get("X-Unread-Count"), err)
	}
	return n
}

// TestWinToldLiveThenClaimed: a player watching with the app open hears of their win over the websocket
// the moment the period ends: a prize_won notification naming the period, the pool, the game, the amount
// and the deadline, tied to the prize, with the unread count. The bell's calls list it (unread only when
// asked, the count in X-Unread-Count) and mark it read, one or all, never another player's. The prize
// names its game, pool and period and counts the days left to claim; the claim says the money is paid now
// (the sandbox).
func TestWinToldLiveThenClaimed(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true, live: true})
		poolID, gameID, winnerID := s.drawnTenDollarPool(t)
		winner := s.clientAs(t, fmt.Sprint(winnerID))
		before := unreadHeader(t, winner.get("/api/notifications").want(http.StatusOK))
		ws := s.dialAs(t, winner)
		// The socket binds its user when it connects: wait until the server has it.
		sendWS(t, ws, map[string]any{"type": "ping"})
		readUntil(t, ws, "pong")

		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		for _, u := range wholeGame[:4] { // Q2 begins: Q1 ended 7-3
			admin.post(fmt.Sprintf("/api/admin/games/%d/score", gameID), u).want(http.StatusOK)
		}
		pool := s.client(t).get(fmt.Sprintf("/api/pools/%d", poolID)).want(http.StatusOK).obj()
		wantMsg := fmt.Sprintf("You won Q1 of %s (Kansas City Chiefs @ Buffalo Bills): $225.00. Claim it by Dec 20, 2026.", pool["name"])
		var won map[string]any
		msg := readMatching(t, ws, "notification", func(m map[string]any) bool {
			for _, n := range m["notifications"].([]any) {
				if n := n.(map[string]any); n["kind"] == squares.NotifyPrizeWon {
					won = n
					return true
				}
			}
			return false
		})
		if won["message"] != wantMsg || won["poolId"] != float64(poolID) || won["prizeId"] == nil || won["readAt"] != nil ||
			won["read"] != false || msg["unreadCount"] != float64(before+1) {
			t.Fatalf("live notification %v (unread %v), want message %q", won, msg["unreadCount"], wantMsg)
		}

		// The bell's list: the win first, unread; the count of all unread in the header.
		list := winner.get("/api/notifications").want(http.StatusOK)
		if ns := list.list(); len(ns) != before+1 || ns[0]["id"] != won["id"] || ns[0]["prizeId"] != won["prizeId"] {
			t.Fatalf("notifications %v", ns)
		}
		if n := unreadHeader(t, list); n != before+1 {
			t.Fatalf("X-Unread-Count %d, want %d", n, before+1)
		}
		for _, q := range []string{"?unread=1", "?unread=true"} {
			for _, n := range winner.get("/api/notifications" + q).want(http.StatusOK).list() {
				if n["read"] != false {
					t.Fatalf("%s lists a read notification %v", q, n)
				}
			}
		}
		winner.get("/api/notifications?unread=maybe").want(http.StatusBadRequest)

		// The prize names its game, pool and period; 30 days to claim it, then 1 with an hour left.
		var z map[string]any
		for _, p := range winner.get("/api/user/prizes").want(http.StatusOK).list() {
			if p["id"] == won["prizeId"] {
				z = p
			}
		}
		if z == nil || z["game"] != "Kansas City Chiefs @ Buffalo Bills" || z["awayTeam"] != "Kansas City Chiefs" ||
			z["homeTeam"] != "Buffalo Bills" || z["gameId"] != float64(gameID) || z["poolName"] != pool["name"] ||
			z["periodLabel"] != "Q1" || z["amount"] != "225.00" || z["daysLeft"] != float64(30) ||
			z["kickoff"] != payT0.Add(72*time.Hour).Format(time.RFC3339) {
			t.Fatalf("prize %v", z)
		}
		credited, _ := time.Parse(time.RFC3339, z["creditedAt"].(string))
		s.clock.Set(credited.Add(29*24*time.Hour + time.Hour))
		winner = s.clientAs(t, fmt.Sprint(winnerID))
		if z := prizeOf(t, winner, 1); z["daysLeft"] != float64(1) {
			t.Fatalf("prize with a day left %v", z)
		}
		if c := s.client(t).get("/api/config").want(http.StatusOK).obj(); c["payoutText"] != squares.SandboxPayoutText {
			t.Fatalf("config %v", c)
		}
		paid := winner.post(fmt.Sprintf("/api/user/prizes/%v/claim", z["id"]), nil).want(http.StatusOK).obj()
		if paid["status"] != squares.PrizePaid || paid["daysLeft"] != float64(0) || paid["payoutText"] != squares.SandboxPayoutText ||
			paid["message"] != fmt.Sprintf("Paid: $225.00 for Q1 of %s has been paid out to you.", pool["name"]) {
			t.Fatalf("claimed %v", paid)
		}

		// Read: one, then the rest; another player's ids mark nothing of the winner's.
		other, _ := s.storePlayer(t, squares.RoleUser)
		if r := other.post("/api/notifications/read", map[string]any{"ids": []any{won["id"]}}).want(http.StatusOK).obj(); r["marked"] != float64(0) {
			t.Fatalf("another player marked %v", r)
		}
		unread := unreadHeader(t, winner.get("/api/notifications").want(http.StatusOK))
		r := winner.post("/api/notifications/read", map[string]any{"ids": []any{won["id"]}}).want(http.StatusOK).obj()
		if r["marked"] != float64(1) || r["unreadCount"] != float64(unread-1) {
			t.Fatalf("read one %v (unread before %d)", r, unread)
		}
		if ns := winner.get("/api/notifications").want(http.StatusOK).list(); ns[len(ns)-1-before]["readAt"] == nil {
			t.Fatalf("the win is not read: %v", ns)
		}
		if r := winner.post("/api/notifications/read", nil).want(http.StatusOK).obj(); r["unreadCount"] != float64(0) {
			t.Fatalf("read all %v", r)
		}
		if n := unreadHeader(t, winner.get("/api/notifications").want(http.StatusOK)); n != 0 {
			t.Fatalf("unread after reading all: %d", n)
		}
		// The player's other tabs hear that nothing is left unread.
		readMatching(t, ws, "notification", func(m map[string]any) bool { return m["unreadCount"] == float64(0) })
	})
}

// TestClaimWithStripeSaysWhereTheMoneyGoes: with Stripe a claim answers "Claimed — payout pending" and
// the operator's SQUARES_PAYOUT_TEXT, which GET /api/config serves too; without it, a default that says
// the operator pays outside Squares.
func TestClaimWithStripeSaysWhereTheMoneyGoes(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		const text = "Prizes are sent by bank transfer within 5 business days of the claim."
		s := startPayAPI(t, engine, payOptions{webhooks: true, providerName: "stripe", payoutText: text})
		if c := s.client(t).get("/api/config").want(http.StatusOK).obj(); c["payoutText"] != text {
			t.Fatalf("config %v", c)
		}
		ws := s.settledTenDollarPool(t)
		winner := s.clientAs(t, ws[0]["userId"].(string))
		z := prizeOf(t, winner, 1)
		got := winner.post(fmt.Sprintf("/api/user/prizes/%v/claim", z["id"]), nil).want(http.StatusOK).obj()
		if got["status"] != squares.PrizePayoutPending || got["payoutText"] != text || got["message"] != "Claimed — payout pending. "+text {
			t.Fatalf("claimed %v", got)
		}

		plain := startPayAPI(t, engine, payOptions{providerName: "stripe"})
		if c := plain.client(t).get("/api/config").want(http.StatusOK).obj(); c["payoutText"] != squares.DefaultPayoutText {
			t.Fatalf("config without SQUARES_PAYOUT_TEXT %v", c)
		}
	})
}
