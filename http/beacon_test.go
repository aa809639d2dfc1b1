package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand/drandtest"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPoolBeaconJSON: the pool's beacon as the API shows it, in the pool and in the list: waiting before
// the pool is full, pending with its round from the lock, verified with the round's signature and
// randomness after the draw; a server without the beacon says off.
func TestPoolBeaconJSON(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startAPI(t, engine)
		relay := drandtest.New(time.Now().Add(-time.Hour).Truncate(time.Second), 3*time.Second, nil)
		defer relay.Close()
		info := relay.Chain().Info()
		s.db.Beacon = store.BeaconConfig{Chain: &info}
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		c := s.client(t)
		path := fmt.Sprintf("/api/pools/%d", pools[0].ID)

		waiting := c.get(path).want(http.StatusOK).obj()["beacon"].(map[string]any)
		if waiting["status"] != "waiting" || waiting["round"] != nil || waiting["dueAt"] != nil || waiting["chainHash"] != nil ||
			waiting["signature"] != nil || waiting["randomness"] != nil || waiting["dev"] != false {
			t.Fatalf("waiting beacon = %v", waiting)
		}

		lockedAt := time.Now()
		fillAPI(t, s, pools[0].ID, "beaconjson")
		p := c.get(path).want(http.StatusOK).obj()
		b := p["beacon"].(map[string]any)
		round := uint64(num(t, b["round"]))
		due, err := time.Parse(time.RFC3339, b["dueAt"].(string))
		if err != nil {
			t.Fatalf("dueAt %v: %v", b["dueAt"], err)
		}
		if b["status"] != "pending" || round < info.LockRound(lockedAt) || !due.Equal(info.RoundTime(round)) ||
			b["chainHash"] != info.Hash || b["signature"] != nil || b["randomness"] != nil || b["lockedAt"] == nil {
			t.Fatalf("pending beacon = %v", b)
		}
		if p["status"] != "full" || p["numbersGenerated"] != false || p["drawSeed"] != nil || p["homeNumbers"] != nil {
			t.Fatalf("pending pool shows a draw: %v", p)
		}
		listed := false
		for _, lp := range c.get("/api/pools").want(http.StatusOK).list() {
			if num(t, lp["id"]) == pools[0].ID {
				listed = lp["beacon"].(map[string]any)["status"] == "pending"
			}
		}
		if !listed {
			t.Error("the list does not show the pending beacon")
		}

		sig, err := relay.Signer.Sign(round)
		if err != nil {
			t.Fatal(err)
		}
		beacon, err := relay.Chain().Verify(round, sig)
		if err != nil {
			t.Fatal(err)
		}
		if drew, err := s.db.DrawWithBeacon(ctx, pools[0].ID, round, beacon.Signature, beacon.Randomness); err != nil || !drew {
			t.Fatalf("draw: %v, %v", drew, err)
		}
		p = c.get(path).want(http.StatusOK).obj()
		b = p["beacon"].(map[string]any)
		if b["status"] != "verified" || uint64(num(t, b["round"])) != round || b["signature"] != beacon.Signature ||
			b["randomness"] != beacon.Randomness || p["numbersGenerated"] != true {
			t.Fatalf("verified beacon = %v", b)
		}

		// The same server without the beacon: drawn at once, "off".
		s.db.Beacon = store.BeaconConfig{}
		_, other := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, other[0])
		fillAPI(t, s, other[0].ID, "beaconoff")
		off := c.get(fmt.Sprintf("/api/pools/%d", other[0].ID)).want(http.StatusOK).obj()
		if ob := off["beacon"].(map[string]any); ob["status"] != "off" || ob["round"] != nil || off["numbersGenerated"] != true {
			t.Fatalf("beacon off = %v", off)
		}
	})
}

// fillAPI has 20 new players take the 100 squares of a free pool through the store.
func fillAPI(t *testing.T, s *apiServer, poolID int64, name string) {
	t.Helper()
	ctx := context.Background()
	for i := 0; i < 100; i += 5 {
		u := &squares.User{Email: fmt.Sprintf("%s%d@example.com", name, i), PasswordHash: "x", FirstName: "Fill",
			LastName: fmt.Sprint(i), IsAgeVerified: true, IsEligibleToBet: true}
		if err := s.db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		var cells []squares.Cell
		for k := i; k < i+5; k++ {
			cells = append(cells, squares.Cell{Row: k / 10, Column: k % 10})
		}
		if _, err := s.db.ClaimSquares(ctx, store.Claim{PoolID: poolID, User: u, Cells: cells}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWebsocketBeacon: the pool's websocket message publishes the round fixed at the lock (pending, no
// digits), and again the draw with the verified round.
func TestWebsocketBeacon(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		srv := startLive(t, storetest.URL(t, engine))
		relay := drandtest.New(time.Now().Add(-time.Hour).Truncate(time.Second), 3*time.Second, nil)
		defer relay.Close()
		info := relay.Chain().Info()
		srv.db.Beacon = store.BeaconConfig{Chain: &info}
		p := openFreePool(t, srv.db)
		ws := dialWS(t, srv.URL())
		sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": p.ID})
		readUntil(t, ws, "subscribed")
		for i := 0; i < 100; i += 5 {
			u := &squares.User{Email: fmt.Sprintf("wsbeacon%d@example.com", i), PasswordHash: "x", FirstName: "W",
				LastName: fmt.Sprint(i), IsAgeVerified: true, IsEligibleToBet: true}
			if err := srv.db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			var cells []squares.Cell
			for k := i; k < i+5; k++ {
				cells = append(cells, squares.Cell{Row: k / 10, Column: k % 10})
			}
			if _, err := srv.db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		beaconOf := func(m map[string]any) map[string]any { return m["pool"].(map[string]any)["beacon"].(map[string]any) }
		m := readMatching(t, ws, "poolUpdate", func(m map[string]any) bool { return beaconOf(m)["status"] != "waiting" })
		b := beaconOf(m)
		if b["status"] != "pending" || b["round"] == nil || b["dueAt"] == nil || m["pool"].(map[string]any)["numbersGenerated"] != false {
			t.Fatalf("the lock's poolUpdate: %v", m["pool"])
		}
		round := uint64(b["round"].(float64))
		sig, _ := relay.Signer.Sign(round)
		verified, err := relay.Chain().Verify(round, sig)
		if err != nil {
			t.Fatal(err)
		}
		if drew, err := srv.db.DrawWithBeacon(ctx, p.ID, round, verified.Signature, verified.Randomness); err != nil || !drew {
			t.Fatalf("draw: %v, %v", drew, err)
		}
		m = readMatching(t, ws, "poolUpdate", func(m map[string]any) bool { return beaconOf(m)["status"] == "verified" })
		if m["pool"].(map[string]any)["numbersGenerated"] != true || beaconOf(m)["randomness"] != verified.Randomness {
			t.Fatalf("the draw's poolUpdate: %v", m["pool"])
		}
	})
}
