// Package bench holds Go benchmarks of the hot paths; the load programs are in its subfolders. The
// benchmarks run only with -bench (there are no tests here), for example:
//
//	go test -run '^$' -bench . -benchmem ./bench
//	go test -run '^$' -bench Fanout ./bench -fanout.n 100,1000,5000
package bench

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

var fanoutSizes = flag.String("fanout.n", "100,1000", "subscriber counts for BenchmarkFanout, comma-separated")

func TestMain(m *testing.M) { storetest.Main(m) }

// openPool makes a game three days out and opens its free pool.
func openPool(tb testing.TB, db *store.DB, i int) *squares.PoolView {
	tb.Helper()
	ctx := context.Background()
	g := &squares.Game{LeagueID: squares.LeagueNFL, HomeTeam: "Detroit Lions", AwayTeam: "Green Bay Packers",
		HomeTeamColor: "#0076B6", AwayTeamColor: "#203731",
		GameDate: time.Now().Add(72*time.Hour + time.Duration(i)*time.Minute), Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		tb.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range pools {
		if p.IsFree() {
			p, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive)
			if err != nil {
				tb.Fatal(err)
			}
			return p
		}
	}
	tb.Fatal("no free pool")
	return nil
}

// players makes the 20 players that fill a pool, five squares each.
func players(tb testing.TB, db *store.DB) []*squares.User {
	tb.Helper()
	users := make([]*squares.User, squares.SquaresPerPool/squares.PublicSquaresPerPlayer)
	for i := range users {
		users[i] = &squares.User{Email: fmt.Sprintf("bench%d@example.com", i), PasswordHash: "x", FirstName: "Bench",
			Role: squares.RoleUser, IsAgeVerified: true}
		if err := db.CreateUser(context.Background(), users[i]); err != nil {
			tb.Fatal(err)
		}
	}
	return users
}

// claimN makes the i-th claim of a run: square i%100 of pool i/100, by the player whose five squares
// these are. Every claim succeeds; every hundredth fills its pool and draws its numbers.
func claimN(db *store.DB, pools []*squares.PoolView, users []*squares.User, i int) error {
	k := i % squares.SquaresPerPool
	_, err := db.ClaimSquares(context.Background(), store.Claim{PoolID: pools[i/squares.SquaresPerPool].ID,
		User: users[k/squares.PublicSquaresPerPlayer], Cells: []squares.Cell{{Row: k / squares.GridSize, Column: k % squares.GridSize}}})
	return err
}

// reportCPU reports the CPU time this process used since before, per operation: on a shared machine the
// wall time per operation swings with the neighbours' load; the CPU time much less.
func reportCPU(b *testing.B, before time.Duration) {
	b.ReportMetric(float64(loadenv.SelfCPU()-before)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
}

// BenchmarkClaim is store.ClaimSquares of one square, one claim at a time.
func BenchmarkClaim(b *testing.B) {
	for _, engine := range storetest.Engines {
		b.Run(engine, func(b *testing.B) {
			db := storetest.Open(b, engine)
			users := players(b, db)
			pools := make([]*squares.PoolView, 0, b.N/squares.SquaresPerPool+1)
			for len(pools)*squares.SquaresPerPool < b.N {
				pools = append(pools, openPool(b, db, len(pools)))
			}
			b.ResetTimer()
			cpu := loadenv.SelfCPU()
			for i := 0; i < b.N; i++ {
				if err := claimN(db, pools, users, i); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkClaimParallel is store.ClaimSquares from 8 goroutines per core filling pools one after the
// other, so that claims on one pool contend: SQLite has one writer; PostgreSQL locks the pool's row.
func BenchmarkClaimParallel(b *testing.B) {
	for _, engine := range storetest.Engines {
		b.Run(engine, func(b *testing.B) {
			db := storetest.Open(b, engine)
			users := players(b, db)
			pools := make([]*squares.PoolView, 0, b.N/squares.SquaresPerPool+1)
			for len(pools)*squares.SquaresPerPool < b.N {
				pools = append(pools, openPool(b, db, len(pools)))
			}
			var next atomic.Int64
			b.SetParallelism(8)
			b.ResetTimer()
			cpu := loadenv.SelfCPU()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if err := claimN(db, pools, users, int(next.Add(1)-1)); err != nil {
						b.Error(err)
						return
					}
				}
			})
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkDraw is the draw of a full pool's digits from its seed and final ownership.
func BenchmarkDraw(b *testing.B) {
	seed, err := squares.NewDrawSeed()
	if err != nil {
		b.Fatal(err)
	}
	var owners [squares.SquaresPerPool]string
	for i := range owners {
		owners[i] = strconv.Itoa(1000 + i/squares.PublicSquaresPerPlayer)
	}
	for b.Loop() {
		squares.Draw(seed, 42, owners)
	}
}

// BenchmarkFanout is one pool event reaching N real websocket subscribers of a live server (SQLite,
// in-process events): the hub reads the pool once, and every subscriber receives the poolUpdate. The
// subscribers run in the same process, so their reads share the CPU; bench/wsfanout measures with the
// subscribers in another process.
func BenchmarkFanout(b *testing.B) {
	loadenv.RaiseFileLimit()
	for _, f := range strings.Split(*fanoutSizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			b.Fatalf("bad -fanout.n %q", *fanoutSizes)
		}
		benchmarkFanout(b, n)
	}
}

func benchmarkFanout(b *testing.B, n int) {
	ctx := context.Background()
	env, err := loadenv.New(ctx, store.SQLite, "")
	if err != nil {
		b.Fatal(err)
	}
	defer env.Close()
	if err := env.Serve(ctx, nil); err != nil {
		b.Fatal(err)
	}
	p := openPool(b, env.DB, 0)
	// Let the hub see the pool's activation event before anyone subscribes.
	time.Sleep(50 * time.Millisecond)

	var received, target atomic.Int64
	done := make(chan struct{}, 1)
	url := "ws" + strings.TrimPrefix(env.Server.URL(), "http") + "/ws"
	subscribe := []byte(fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, p.ID))
	conns := make([]*websocket.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.CloseNow()
		}
	}()
	for len(conns) < n {
		dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		c, _, err := websocket.Dial(dctx, url, nil)
		if err == nil {
			err = c.Write(dctx, websocket.MessageText, subscribe)
		}
		if err == nil {
			_, _, err = c.Read(dctx) // "subscribed"
		}
		cancel()
		if err != nil {
			b.Fatalf("subscriber %d: %v", len(conns), err)
		}
		conns = append(conns, c)
		go func() {
			for {
				_, data, err := c.Read(ctx)
				if err != nil {
					return
				}
				if strings.Contains(string(data), `"type":"poolUpdate"`) && received.Add(1) == target.Load() {
					done <- struct{}{}
				}
			}
		}()
	}
	event := squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID}
	b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) {
		for b.Loop() {
			target.Store(received.Load() + int64(n))
			if err := env.Events.Publish(ctx, event); err != nil {
				b.Fatal(err)
			}
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				b.Fatalf("%d of %d subscribers got the event", received.Load()-target.Load()+int64(n), n)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/subscriber")
	})
}
