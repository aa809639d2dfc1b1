// Command claims is a load test of square claims: it starts a real Squares server in-process on a fresh
// database, opens free pools, signs players in, and has concurrent HTTP clients race to claim squares
// through POST /api/pools/{id}/squares until the time is up or every pool is full. It reports the answers
// and latencies, then checks the database: no square sold twice, nobody over the per-player limit, pool
// counters equal to the rows, and every full pool drawn exactly once. It exits 1 when a check fails or
// when any answer is other than 201, 409 or the limit's 422.
//
// In the same run it races the same clients and players against a bare baseline (bare.go): net/http and one
// INSERT with the same unique key, on a second database of the same engine. The two sides take turns over
// -rounds rounds, each on fresh pools, alternating which goes first. It prints both, each round's ratio,
// their median (the ratio reported), and a last line "RESULT {json}" that bench/report turns into the
// baseline table.
//
//	go run ./bench/claims -engine sqlite
//	go run ./bench/claims -engine postgres -pools 50 -players 1000 -clients 64 -duration 60s
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/squaresapp/squares/bench/internal/loadenv"
	"github.com/squaresapp/squares/store"
)

func main() {
	engine := flag.String("engine", store.SQLite, "database engine: sqlite or postgres (a throwaway server)")
	databaseURL := flag.String("database-url", "", "use this empty PostgreSQL database instead of a throwaway server")
	nPools := flag.Int("pools", 200, "free pools to fill")
	nPlayers := flag.Int("players", 100, "verified players with a session each")
	nClients := flag.Int("clients", 64, "concurrent HTTP clients")
	duration := flag.Duration("duration", 60*time.Second, "stop after this long even if pools are not full")
	blind := flag.Bool("blind", false, "pick any of the 100 squares, not only those not yet seen taken")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the load phase (server and clients) here")
	bareCPUProfile := flag.String("barecpuprofile", "", "write a CPU profile of the bare baseline's load phase here")
	noBare := flag.Bool("nobare", false, "skip the bare baseline")
	mutexProfile := flag.String("mutexprofile", "", "write a mutex contention profile here")
	seed := flag.Uint64("seed", 0, "random seed (0: from the clock)")
	rounds := flag.Int("rounds", 5, "rounds of each side, alternating which goes first, each on pools of its own; the ratio is the median of the rounds'")
	flag.Parse()
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	if err := run(config{engine: *engine, databaseURL: *databaseURL, pools: *nPools, players: *nPlayers,
		clients: *nClients, duration: *duration, blind: *blind, cpuProfile: *cpuProfile,
		mutexProfile: *mutexProfile, seed: *seed, bareCPUProfile: *bareCPUProfile, noBare: *noBare,
		rounds: max(*rounds, 1)}); err != nil {
		fmt.Fprintln(os.Stderr, "claims:", err)
		os.Exit(1)
	}
}

type config struct {
	engine, databaseURL      string
	pools, players, clients  int
	duration                 time.Duration
	blind                    bool
	cpuProfile, mutexProfile string
	bareCPUProfile           string
	noBare                   bool
	seed                     uint64
	rounds                   int
}

func run(cfg config) error {
	ctx := context.Background()
	env, err := loadenv.New(ctx, cfg.engine, cfg.databaseURL)
	if err != nil {
		return err
	}
	defer env.Close()
	if err := env.Serve(ctx, nil); err != nil {
		return err
	}
	setupStart := time.Now()
	views, err := env.OpenFreePools(ctx, cfg.pools*cfg.rounds)
	if err != nil {
		return fmt.Errorf("pools: %w", err)
	}
	players, err := env.CreatePlayers(ctx, cfg.players)
	if err != nil {
		return fmt.Errorf("players: %w", err)
	}
	pools := make([]*poolState, len(views))
	for i, v := range views {
		pools[i] = &poolState{id: v.ID}
	}
	var b *bareServer
	if !cfg.noBare {
		bareURL, err := env.BareURL(ctx)
		if err != nil {
			return fmt.Errorf("bare database: %w", err)
		}
		if b, err = startBare(ctx, bareURL, players); err != nil {
			return fmt.Errorf("bare server: %w", err)
		}
		defer b.close()
	}
	load := loadenv.LoadAverage()
	fmt.Printf("machine: %s\n", loadenv.Machine())
	fmt.Printf("engine %s, %d rounds of %d pools each side, %d players, %d clients, duration %s, blind %v, seed %d (setup %s)\n",
		env.DB.Engine(), cfg.rounds, cfg.pools, cfg.players, cfg.clients, cfg.duration, cfg.blind, cfg.seed,
		time.Since(setupStart).Round(time.Millisecond))

	// The rounds alternate which side goes first, so that neither always runs on the warmer (or the
	// busier) machine: on a shared machine the CPU time of the same work swings by half from one second
	// to the next.
	var sqRounds, bareRounds []tally
	var ratios []float64
	for r := 0; r < cfg.rounds; r++ {
		sqPools := pools[r*cfg.pools : (r+1)*cfg.pools]
		barePools := make([]*poolState, cfg.pools)
		for i := range barePools {
			barePools[i] = &poolState{id: int64(r*cfg.pools + i + 1)}
		}
		profile, bareProfile := "", ""
		if r == 0 {
			profile, bareProfile = cfg.cpuProfile, cfg.bareCPUProfile
		}
		var sq, bare tally
		for _, side := range sides(r, cfg.noBare) {
			if side == "bare" {
				if bare, err = race(cfg, env, b.url, barePools, players, true, bareProfile); err != nil {
					return err
				}
				bareRounds = append(bareRounds, bare)
			} else {
				if sq, err = race(cfg, env, env.Server.URL(), sqPools, players, false, profile); err != nil {
					return err
				}
				sqRounds = append(sqRounds, sq)
			}
		}
		if !cfg.noBare {
			ratios = append(ratios, loadenv.Ratio(sq.perSec, bare.perSec))
			fmt.Printf("round %d: squares %.0f claims/s, bare %.0f claims/s, ratio %.2f\n", r+1, sq.perSec, bare.perSec,
				ratios[len(ratios)-1])
		}
	}
	sq := sum(sqRounds)
	failures := verify(ctx, env, pools, sq.created)
	if sq.other > 0 {
		failures = append(failures, fmt.Sprintf("%d answers other than 201, 409 or the limit's 422 (%d of them 5xx); first: %s",
			sq.other, sq.status5xx, sq.firstOther))
	}
	var bare tally
	if !cfg.noBare {
		bare = sum(bareRounds)
		if err := verifyBare(ctx, b, bare.created); err != nil {
			failures = append(failures, err.Error())
		}
		if bare.other > 0 {
			failures = append(failures, fmt.Sprintf("bare: %d answers other than 201 or 409; first: %s", bare.other, bare.firstOther))
		}
	}

	fmt.Println("| server | engine | clients | attempted | 201 | 409 | 422 limit | other | claims/s | requests/s | p50 ms | p90 ms | p99 ms | max ms | process CPU µs/claim | PostgreSQL CPU µs/claim |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	sq.print("squares", env.DB.Engine(), cfg.clients)
	if !cfg.noBare {
		bare.print("bare", env.DB.Engine(), cfg.clients)
	}
	fmt.Println()

	checks := "ok"
	if len(failures) > 0 {
		for _, f := range failures {
			fmt.Println("FAIL:", f)
		}
		checks = strings.Join(failures, "; ")
	} else {
		fmt.Println("all checks passed")
	}
	if !cfg.noBare {
		// The ratio is the median of the rounds' ratios: one round on a busy second moves it little.
		ratio := median(ratios)
		fmt.Printf("claims/s ratio per round: %s; median %.2f; of the totals %.2f\n", formatRatios(ratios), ratio,
			loadenv.Ratio(sq.perSec, bare.perSec))
		row := loadenv.Row{Path: fmt.Sprintf("free claims, %s (%d concurrent, %d pools)", env.DB.Engine(), cfg.clients, cfg.pools),
			Squares: sq.side(), Bare: bare.side(), Bench: "net/http + one INSERT with the unique key",
			Ratio: ratio, Ratio2: loadenv.Ratio(sq.p99, bare.p99), Checks: checks, Load: load}
		row.Squares.Note = fmt.Sprintf("median of %d rounds: %s", len(ratios), formatRatios(ratios))
		t := claimTargets[env.DB.Engine()]
		row.Target = fmt.Sprintf(">= %.1fx claims/s, p99 <= %gx", t.ratio, t.p99)
		row.Met = row.Ratio >= t.ratio && row.Ratio2 <= t.p99 && checks == "ok"
		loadenv.PrintRow(row)
	}
	if len(failures) > 0 {
		return fmt.Errorf("%d checks failed", len(failures))
	}
	return nil
}

// claimTargets are issue 23's targets for each engine: successful claims per second at least ratio times
// the bare baseline's, p99 at most p99 times its.
var claimTargets = map[string]struct{ ratio, p99 float64 }{
	store.SQLite:   {0.8, 3},
	store.Postgres: {0.7, 2},
}

// sides is the order the two sides run in round r: squares first in even rounds, the bare baseline first in
// odd ones.
func sides(r int, noBare bool) []string {
	switch {
	case noBare:
		return []string{"squares"}
	case r%2 == 0:
		return []string{"squares", "bare"}
	default:
		return []string{"bare", "squares"}
	}
}
