package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
	"github.com/squaresapp/squares/store"
)

// TestPoolCounts fills a real pool through the real server and checks that the clients' reading of each
// 201 (poolCounts) agrees with decoding the whole answer, through the claim that draws the numbers.
func TestPoolCounts(t *testing.T) {
	ctx := context.Background()
	env, err := loadenv.New(ctx, store.SQLite, "")
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	if err := env.Serve(ctx, nil); err != nil {
		t.Fatal(err)
	}
	pools, err := env.OpenFreePools(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	players, err := env.CreatePlayers(ctx, squares.SquaresPerPool/squares.PublicSquaresPerPlayer)
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for cell := 0; cell < squares.SquaresPerPool; cell++ {
		body := fmt.Sprintf(`{"row":%d,"column":%d}`, cell/squares.GridSize, cell%squares.GridSize)
		req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/pools/%d/squares", env.Server.URL(), pools[0].ID),
			bytes.NewReader([]byte(body)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", players[cell/squares.PublicSquaresPerPlayer].Cookie)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusCreated {
			t.Fatalf("claim %d: %d %s %v", cell, resp.StatusCode, data, err)
		}
		var ans claimAnswer
		if err := json.Unmarshal(data, &ans); err != nil {
			t.Fatal(err)
		}
		n, d := poolCounts(data)
		if n != ans.Pool.CurrentParticipants || d != ans.Pool.NumbersGenerated {
			t.Fatalf("claim %d: poolCounts = %d, %v; the answer says %d, %v", cell, n, d,
				ans.Pool.CurrentParticipants, ans.Pool.NumbersGenerated)
		}
		if n != cell+1 {
			t.Fatalf("claim %d: %d squares taken, want %d", cell, n, cell+1)
		}
		if d {
			drawn++
		}
	}
	if drawn != 1 {
		t.Errorf("%d answers showed the numbers drawn, want 1 (the last)", drawn)
	}
}

// TestPickClaim checks a client finds the one pool with a square left among full ones and pools whose last
// squares are being claimed, says there is none when no pool has one (it then waits, not spins), and picks
// among open pools evenly.
func TestPickClaim(t *testing.T) {
	pools := make([]*poolState, 20)
	for i := range pools {
		pools[i] = &poolState{id: int64(i + 1)}
		if i%2 == 0 {
			pools[i].full.Store(true)
		}
		for c := range pools[i].taken {
			pools[i].taken[c].Store(true)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	if p, _, ok := pickClaim(rng, pools, false, nil); ok {
		t.Fatalf("picked pool %d, whose squares are all taken or being claimed", p.id)
	}
	pools[13].taken[42].Store(false)
	for range 100 {
		p, cell, ok := pickClaim(rng, pools, false, nil)
		if !ok || p != pools[13] || cell != 42 {
			t.Fatalf("picked pool %v cell %d ok %v, want pool 14 cell 42", p, cell, ok)
		}
	}
	pools[13].full.Store(true)
	if _, _, ok := pickClaim(rng, pools, false, nil); ok {
		t.Fatal("picked a pool seen full")
	}
	// Pools 2, 3 and 4 open, behind one, two and three full ones: each picked about a third of the time.
	for i := range pools {
		pools[i].full.Store(i != 2 && i != 5 && i != 9)
		pools[i].taken[0].Store(false)
	}
	counts := map[int64]int{}
	for range 3000 {
		p, _, ok := pickClaim(rng, pools, false, nil)
		if !ok {
			t.Fatal("found no open pool")
		}
		counts[p.id]++
	}
	for _, id := range []int64{3, 6, 10} {
		if counts[id] < 800 || counts[id] > 1200 {
			t.Errorf("picks of the open pools: %v, want about 1,000 each", counts)
		}
	}
}
