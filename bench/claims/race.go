package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
)

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
			buf := make([]int, 0, len(pools))
			for open.Load() > 0 && time.Now().Before(deadline) {
				p, cell, ok := pickClaim(rng, pools, cfg.blind, buf)
				if !ok {
					// Every square left is being claimed by another client: wait for their answers
					// instead of spinning (a spinning client took the CPU the servers needed).
					time.Sleep(waitForClaims)
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
	filled := 0
	for _, p := range pools {
		if p.full.Load() {
			filled++
		}
	}
	total.elapsed, total.cpu, total.dbCPU = elapsed, cpu, dbCPU
	total.finish()
	name := "squares"
	if bare {
		name = "bare"
	}
	fmt.Printf("%s: ran %s; %d of %d pools seen full; this process (server and clients) used %.2f s of CPU (%.2f cores), PostgreSQL %.2f s; load average before %s\n",
		name, elapsed.Round(time.Millisecond), filled, len(pools), cpu.Seconds(), cpu.Seconds()/elapsed.Seconds(),
		dbCPU.Seconds(), loadBefore)
	return total, nil
}

// waitForClaims is how long a client waits when every square left is being claimed by others.
const waitForClaims = 200 * time.Microsecond

// pickClaim picks a pool at random among those not seen full with a square left to try, and the square
// (pickCell); open is the caller's buffer for the pools' indexes. It says false when no pool has one: their
// last squares are being claimed. A client once drew pools until it found one, thousands of times a claim
// near a round's end (in a CPU profile of the baseline's run, 40 % of all samples were the clients' draws
// and clock reads).
func pickClaim(rng *rand.Rand, pools []*poolState, blind bool, open []int) (*poolState, int, bool) {
	open = open[:0]
	for i, p := range pools {
		if !p.full.Load() {
			open = append(open, i)
		}
	}
	for len(open) > 0 {
		k := rng.IntN(len(open))
		p := pools[open[k]]
		if cell, ok := pickCell(rng, p, blind); ok {
			return p, cell, true
		}
		open[k] = open[len(open)-1]
		open = open[:len(open)-1]
	}
	return nil, 0, false
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
