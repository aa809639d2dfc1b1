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
// issue-11 table.
//
//	go run ./bench/claims -engine sqlite
//	go run ./bench/claims -engine postgres -pools 50 -players 1000 -clients 64 -duration 60s
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/squaresapp/squares"
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

// poolState is what the clients have learnt about a pool from the answers, as a browser learns it from
// the grid it shows.
type poolState struct {
	id    int64
	full  atomic.Bool
	taken [squares.SquaresPerPool]atomic.Bool
	// hundred counts the 201 answers that showed the pool with its 100th square taken: the claim that drew.
	hundred atomic.Int64
	drawnIn atomic.Int64 // of those, how many showed the numbers drawn
	created atomic.Int64 // 201 answers, counted by the clients (the baseline's answers carry no pool)
}

type tally struct {
	attempted, created, conflicts, limit, other int64
	status5xx                                   int64
	latencies                                   loadenv.Durations
	firstOther                                  string
	elapsed, cpu, dbCPU                         time.Duration
	perSec, p99                                 float64
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
			Ratio: ratio, Ratio2: loadenv.Ratio(sq.p99, bare.p99),
			Target: ">= 0.5x claims/s, p99 <= 3x", Checks: checks, Load: load}
		row.Squares.Note = fmt.Sprintf("median of %d rounds: %s", len(ratios), formatRatios(ratios))
		row.Met = row.Ratio >= 0.5 && row.Ratio2 <= 3 && checks == "ok"
		loadenv.PrintRow(row)
	}
	if len(failures) > 0 {
		return fmt.Errorf("%d checks failed", len(failures))
	}
	return nil
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

// sum adds up the rounds of one side: their answers, latencies, times and CPU.
func sum(rounds []tally) tally {
	var t tally
	for i := range rounds {
		r := &rounds[i]
		t.add(r)
		t.elapsed += r.elapsed
		t.cpu += r.cpu
		t.dbCPU += r.dbCPU
	}
	t.latencies.Sort()
	if t.elapsed > 0 {
		t.perSec = float64(t.created) / t.elapsed.Seconds()
	}
	t.p99 = loadenv.MsOf(t.latencies.Percentile(0.99))
	return t
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func formatRatios(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%.2f", x)
	}
	return strings.Join(parts, ", ")
}

// race has cfg.clients HTTP clients claim squares of the pools at base until every pool is full or the
// time is up, and measures it. bare is the baseline: its answers carry no pool, so the clients count
// a pool's 201s themselves to know when it is full.
func race(cfg config, env *loadenv.Env, base string, pools []*poolState, players []loadenv.Player, bare bool, cpuProfile string) (tally, error) {
	transport := &http.Transport{MaxIdleConns: cfg.clients * 2, MaxIdleConnsPerHost: cfg.clients * 2,
		IdleConnTimeout: 90 * time.Second}
	client := &http.Client{Transport: transport, Timeout: 30 * time.Second}
	defer transport.CloseIdleConnections()

	if cfg.mutexProfile != "" && !bare {
		runtime.SetMutexProfileFraction(5)
	}
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return tally{}, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return tally{}, err
		}
		defer f.Close()
	}

	loadBefore, cpuBefore, dbBefore := loadenv.LoadAverage(), loadenv.SelfCPU(), loadenv.PostgresCPU(env.PostgresDir())
	var open atomic.Int64
	open.Store(int64(len(pools)))
	deadline := time.Now().Add(cfg.duration)
	tallies := make([]tally, cfg.clients)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < cfg.clients; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(cfg.seed, uint64(w)))
			t := &tallies[w]
			t.latencies = make(loadenv.Durations, 0, 4096)
			for open.Load() > 0 && time.Now().Before(deadline) {
				p := pools[rng.IntN(len(pools))]
				if p.full.Load() {
					continue
				}
				cell, ok := pickCell(rng, p, cfg.blind)
				if !ok {
					continue
				}
				pl := players[rng.IntN(len(players))]
				claimOnce(client, base, p, pl, cell, t, &open, bare)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := loadenv.SelfCPU() - cpuBefore
	dbCPU := loadenv.PostgresCPU(env.PostgresDir()) - dbBefore
	if cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	if cfg.mutexProfile != "" && !bare {
		if f, err := os.Create(cfg.mutexProfile); err == nil {
			pprof.Lookup("mutex").WriteTo(f, 0)
			f.Close()
		}
		runtime.SetMutexProfileFraction(0)
	}

	var total tally
	for i := range tallies {
		total.add(&tallies[i])
	}
	total.latencies.Sort()
	filled := 0
	for _, p := range pools {
		if p.full.Load() {
			filled++
		}
	}
	total.elapsed, total.cpu, total.dbCPU = elapsed, cpu, dbCPU
	total.perSec = float64(total.created) / elapsed.Seconds()
	total.p99 = loadenv.MsOf(total.latencies.Percentile(0.99))
	name := "squares"
	if bare {
		name = "bare"
	}
	fmt.Printf("%s: ran %s; %d of %d pools seen full; this process (server and clients) used %.2f s of CPU (%.2f cores), PostgreSQL %.2f s; load average before %s\n",
		name, elapsed.Round(time.Millisecond), filled, len(pools), cpu.Seconds(), cpu.Seconds()/elapsed.Seconds(),
		dbCPU.Seconds(), loadBefore)
	return total, nil
}

// add counts r's answers and latencies into t.
func (t *tally) add(r *tally) {
	t.attempted += r.attempted
	t.created += r.created
	t.conflicts += r.conflicts
	t.limit += r.limit
	t.other += r.other
	t.status5xx += r.status5xx
	t.latencies = append(t.latencies, r.latencies...)
	if t.firstOther == "" {
		t.firstOther = r.firstOther
	}
}

func (t *tally) print(name, engine string, clients int) {
	lat := t.latencies
	secs := t.elapsed.Seconds()
	fmt.Printf("| %s | %s | %d | %d | %d | %d | %d | %d | %.0f | %.0f | %s | %s | %s | %s | %.0f | %.0f |\n", name, engine,
		clients, t.attempted, t.created, t.conflicts, t.limit, t.other,
		float64(t.created)/secs, float64(t.attempted)/secs, loadenv.Ms(lat.Percentile(0.5)),
		loadenv.Ms(lat.Percentile(0.9)), loadenv.Ms(lat.Percentile(0.99)), loadenv.Ms(lat.Percentile(1)),
		t.cpuPer(t.cpu), t.cpuPer(t.dbCPU))
}

// cpuPer is d in microseconds per successful claim.
func (t *tally) cpuPer(d time.Duration) float64 {
	return float64(d) / float64(time.Microsecond) / float64(max(t.created, 1))
}

func (t *tally) side() loadenv.Side {
	return loadenv.Side{PerSec: t.perSec, P50Ms: loadenv.MsOf(t.latencies.Percentile(0.5)), P99Ms: t.p99,
		CPUUs: t.cpuPer(t.cpu), DBCPUUs: t.cpuPer(t.dbCPU), N: t.created}
}

// pickCell picks a random square of the pool, among those not yet seen taken unless blind.
func pickCell(rng *rand.Rand, p *poolState, blind bool) (int, bool) {
	if blind {
		return rng.IntN(squares.SquaresPerPool), true
	}
	var free [squares.SquaresPerPool]int
	n := 0
	for i := range p.taken {
		if !p.taken[i].Load() {
			free[n] = i
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return free[rng.IntN(n)], true
}

type claimAnswer struct {
	Message string `json:"message"`
	Pool    struct {
		CurrentParticipants int  `json:"currentParticipants"`
		NumbersGenerated    bool `json:"numbersGenerated"`
	} `json:"pool"`
}

// poolCounts reads the two fields the clients use from a 201's pool without decoding the whole answer (a
// pool of 1.5 KB): a load generator should leave the machine to the server. The pool's fields come before
// the square's (claimAnswer in http/square.go); TestPoolCounts checks this against a real answer.
func poolCounts(data []byte) (participants int, drawn bool) {
	if i := bytes.Index(data, []byte(`"currentParticipants":`)); i >= 0 {
		for _, c := range data[i+len(`"currentParticipants":`):] {
			if c < '0' || c > '9' {
				break
			}
			participants = participants*10 + int(c-'0')
		}
	}
	if i := bytes.Index(data, []byte(`"numbersGenerated":`)); i >= 0 && i+len(`"numbersGenerated":`) < len(data) {
		drawn = data[i+len(`"numbersGenerated":`)] == 't'
	}
	return participants, drawn
}

func claimOnce(client *http.Client, base string, p *poolState, pl loadenv.Player, cell int, t *tally, open *atomic.Int64, bare bool) {
	body := fmt.Sprintf(`{"row":%d,"column":%d}`, cell/squares.GridSize, cell%squares.GridSize)
	req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/pools/%d/squares", base, p.id), bytes.NewReader([]byte(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", pl.Cookie)
	t.attempted++
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		t.latencies = append(t.latencies, time.Since(start))
		t.other++
		if t.firstOther == "" {
			t.firstOther = err.Error()
		}
		return
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	t.latencies = append(t.latencies, time.Since(start))
	var ans claimAnswer
	if resp.StatusCode == http.StatusCreated && !bare {
		ans.Pool.CurrentParticipants, ans.Pool.NumbersGenerated = poolCounts(data)
	} else {
		json.Unmarshal(data, &ans)
	}
	switch {
	case err != nil:
		t.other++
		if t.firstOther == "" {
			t.firstOther = err.Error()
		}
	case resp.StatusCode == http.StatusCreated:
		t.created++
		p.taken[cell].Store(true)
		if n := p.created.Add(1); bare && n == squares.SquaresPerPool {
			p.full.Store(true)
			open.Add(-1)
		}
		if ans.Pool.CurrentParticipants == squares.SquaresPerPool {
			p.hundred.Add(1)
			if ans.Pool.NumbersGenerated {
				p.drawnIn.Add(1)
			}
			if !p.full.Swap(true) {
				open.Add(-1)
			}
		}
	case resp.StatusCode == http.StatusConflict:
		t.conflicts++
		if strings.Contains(ans.Message, "pool is full") {
			if !p.full.Swap(true) {
				open.Add(-1)
			}
		} else {
			p.taken[cell].Store(true)
		}
	case resp.StatusCode == http.StatusUnprocessableEntity && strings.Contains(ans.Message, "You can only select"):
		t.limit++
	default:
		t.other++
		if resp.StatusCode >= 500 {
			t.status5xx++
		}
		if t.firstOther == "" {
			t.firstOther = fmt.Sprintf("%d %s", resp.StatusCode, data)
		}
	}
}
