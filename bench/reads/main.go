// Command reads is a load test of board reads: GET /api/pools/{id} and GET /api/pools/{id}/squares of a
// full pool, by concurrent readers signed in (a random player each request) and as visitors, against a
// real Squares server in-process. In the same run it serves the very bytes and headers Squares answered, per
// viewer, as they came on the wire (compressed where Squares compressed them), from a bare net/http handler
// and reads them with the same client, and prints requests per second, p99, CPU per request and the ratio.
// Every answer is checked: status 200, the pool full, and the viewer's
// userSquareCount (each of the first 20 players holds 5 squares, the others none, a visitor none).
//
// With -fresh (on by default) it then checks freshness under writes: one client claims the squares of
// fresh pools in order through the API while the readers read the pool being filled; a reader notes how
// many claims had been answered 201 before it sent its request and fails the run if the board it gets
// (or the cached body a 304 stands for, when the server sends an ETag) lacks any of them.
//
//	go run ./bench/reads                        # 64 readers, 5 s per phase, SQLite
//	go run ./bench/reads -engine postgres -duration 10s -cpuprofile reads.out
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
	"github.com/squaresapp/squares/store"
)

type config struct {
	engine              string
	readers, players    int
	duration, freshFor  time.Duration
	cpuProfile, bareCPU string
	only                string
	freshPools          int
	seed                uint64
}

func main() {
	var cfg config
	flag.StringVar(&cfg.engine, "engine", store.SQLite, "database engine: sqlite or postgres (a throwaway server)")
	flag.IntVar(&cfg.readers, "readers", 64, "concurrent readers")
	flag.IntVar(&cfg.players, "players", 100, "signed-in players (the first 20 own the full pool, 5 squares each)")
	flag.DurationVar(&cfg.duration, "duration", 5*time.Second, "length of each measured phase")
	flag.DurationVar(&cfg.freshFor, "fresh", 5*time.Second, "length of the freshness check under claims (0: skip it)")
	flag.IntVar(&cfg.freshPools, "freshpools", 20, "pools the freshness check may fill")
	flag.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write CPU profiles of the Squares phases to PATH.{pool,squares}.{user,visitor}")
	flag.StringVar(&cfg.bareCPU, "barecpuprofile", "", "write CPU profiles of the bare phases to PATH.{pool,squares}.{user,visitor}")
	flag.StringVar(&cfg.only, "only", "", "measure only this endpoint: pool or squares")
	flag.Uint64Var(&cfg.seed, "seed", 0, "random seed (0: from the clock)")
	flag.Parse()
	if cfg.seed == 0 {
		cfg.seed = uint64(time.Now().UnixNano())
	}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "reads:", err)
		os.Exit(1)
	}
}

// readTarget is issue 23's target for every read: at least this many times the bare handler's requests
// per second.
const readTarget = 0.8

// endpoint is one of the two reads.
type endpoint struct {
	name, suffix string
}

var endpoints = []endpoint{{"pool", ""}, {"squares", "/squares"}}

func run(cfg config) error {
	ctx := context.Background()
	env, err := loadenv.New(ctx, cfg.engine, "")
	if err != nil {
		return err
	}
	defer env.Close()
	if err := env.Serve(ctx, nil); err != nil {
		return err
	}
	views, err := env.OpenFreePools(ctx, 1+cfg.freshPools)
	if err != nil {
		return err
	}
	players, err := env.CreatePlayers(ctx, max(cfg.players, 20))
	if err != nil {
		return err
	}
	full := views[0].ID
	owned := map[string]int{} // cookie -> squares held in the full pool
	for k := 0; k < squares.SquaresPerPool; k++ {
		pl := players[k/squares.PublicSquaresPerPlayer]
		if _, err := env.DB.ClaimSquares(ctx, store.Claim{PoolID: full, User: pl.User,
			Cells: []squares.Cell{{Row: k / squares.GridSize, Column: k % squares.GridSize}}}); err != nil {
			return fmt.Errorf("fill pool: %w", err)
		}
		owned[pl.Cookie]++
	}
	load := loadenv.LoadAverage()
	fmt.Printf("machine: %s\n", loadenv.Machine())
	fmt.Printf("engine %s, %d readers, %d players, %s per phase, load average %s\n", env.DB.Engine(), cfg.readers,
		len(players), cfg.duration, load)

	transport := &http.Transport{MaxIdleConns: cfg.readers * 2, MaxIdleConnsPerHost: cfg.readers * 2}
	client := &http.Client{Transport: transport, Timeout: 30 * time.Second}
	base := env.Server.URL()

	// The bytes and headers Squares answers each viewer ("" is the visitor), as they come on the wire
	// (compressed as for the readers' client, which asks for gzip), served as they are by the bare handler.
	cookies := []string{""}
	for _, p := range players {
		cookies = append(cookies, p.Cookie)
	}
	answers := map[string]map[string]answer{}
	for _, ep := range endpoints {
		answers[ep.name] = map[string]answer{}
		for _, c := range cookies {
			a, err := record(client, fmt.Sprintf("%s/api/pools/%d%s", base, full, ep.suffix), c)
			if err != nil {
				return fmt.Errorf("GET %s as %q: %w", ep.name, c, err)
			}
			answers[ep.name][c] = a
		}
	}
	for _, ep := range endpoints {
		a := answers[ep.name][""]
		fmt.Printf("%s: a visitor's answer is %d bytes on the wire, Content-Encoding %q\n", ep.name, len(a.body),
			a.header.Get("Content-Encoding"))
	}
	bare, err := startBare(answers)
	if err != nil {
		return err
	}
	defer bare.Close()

	// A profile per phase: PATH.pool.user, PATH.pool.visitor, PATH.squares.user, PATH.squares.visitor.
	profile := func(path, ep string, signedIn bool) func() {
		if path == "" {
			return func() {}
		}
		f, err := os.Create(path + "." + ep + map[bool]string{true: ".user", false: ".visitor"}[signedIn])
		if err != nil {
			return func() {}
		}
		pprof.StartCPUProfile(f)
		return func() { pprof.StopCPUProfile(); f.Close() }
	}

	// Warm up both servers (connection pools, PostgreSQL backends, lazily built state) before measuring.
	warm := cfg
	warm.duration = 500 * time.Millisecond
	for _, srv := range []string{base, bare.url} {
		for _, ep := range endpoints {
			readPhase(warm, client, fmt.Sprintf("%s/api/pools/%d%s", srv, full, ep.suffix), ep.name, players, owned, true)
		}
	}

	var rows []loadenv.Row
	var failures []string
	fmt.Println("| endpoint | viewer | server | requests | req/s | p50 ms | p99 ms | max ms | process CPU µs/req | PostgreSQL CPU µs/req | bad answers |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	for _, ep := range endpoints {
		if cfg.only != "" && cfg.only != ep.name {
			continue
		}
		for _, signedIn := range []bool{true, false} {
			viewer := "visitor"
			if signedIn {
				viewer = "signed in"
			}
			var res [2]phase
			for i, srv := range []string{base, bare.url} {
				stop := profile([]string{cfg.cpuProfile, cfg.bareCPU}[i], ep.name, signedIn)
				db0 := loadenv.PostgresCPU(env.PostgresDir())
				res[i] = readPhase(cfg, client, fmt.Sprintf("%s/api/pools/%d%s", srv, full, ep.suffix), ep.name, players, owned, signedIn)
				res[i].dbCPUUs = float64(loadenv.PostgresCPU(env.PostgresDir())-db0) / float64(time.Microsecond) / float64(max(res[i].n, 1))
				stop()
				fmt.Printf("| %s | %s | %s | %d | %.0f | %s | %s | %s | %.0f | %.0f | %d |\n", ep.name, viewer,
					[]string{"squares", "bare"}[i], res[i].n, res[i].perSec, loadenv.Ms(res[i].lat.Percentile(0.5)),
					loadenv.Ms(res[i].lat.Percentile(0.99)), loadenv.Ms(res[i].lat.Percentile(1)), res[i].cpuUs, res[i].dbCPUUs, res[i].bad)
				if res[i].bad > 0 {
					failures = append(failures, fmt.Sprintf("%s %s %s: %d bad answers, first: %s", []string{"squares", "bare"}[i],
						ep.name, viewer, res[i].bad, res[i].firstBad))
				}
			}
			rows = append(rows, loadenv.Row{Path: fmt.Sprintf("GET /api/pools/{id}%s (%d readers, %s, %s)", ep.suffix, cfg.readers, viewer, env.DB.Engine()),
				Squares: res[0].side(), Bare: res[1].side(), Bench: "net/http writing the same bytes",
				Ratio: loadenv.Ratio(res[0].perSec, res[1].perSec), Target: fmt.Sprintf(">= %.1fx req/s", readTarget), Load: load})
		}
	}
	fmt.Println()

	freshNote := "freshness not checked"
	if cfg.freshFor > 0 {
		n, stale, err := fresh(cfg, client, base, views[1:], players)
		if err != nil {
			failures = append(failures, err.Error())
		}
		freshNote = fmt.Sprintf("%d reads under claims, %d stale", n, stale)
		fmt.Println("freshness:", freshNote)
		if stale > 0 {
			failures = append(failures, fmt.Sprintf("%d stale reads", stale))
		}
	}
	checks := "ok"
	if len(failures) > 0 {
		for _, f := range failures {
			fmt.Println("FAIL:", f)
		}
		checks = strings.Join(failures, "; ")
	} else {
		fmt.Println("all checks passed")
	}
	for _, r := range rows {
		r.Checks = checks
		r.Squares.Note = freshNote
		r.Met = r.Ratio >= readTarget && checks == "ok"
		loadenv.PrintRow(r)
	}
	if len(failures) > 0 {
		return fmt.Errorf("%d checks failed", len(failures))
	}
	return nil
}

// get reads url as the viewer with cookie ("" for a visitor), sending If-None-Match when etag is set.
func get(client *http.Client, url, cookie, etag string) (body []byte, newETag string, status int, err error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, "", 0, err
	}
	body, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	return body, resp.Header.Get("ETag"), resp.StatusCode, err
}

// answer is one answer as Squares sent it: the body on the wire and the headers but the per-response ones.
type answer struct {
	body   []byte
	header http.Header
}

// record reads url as the viewer with cookie as the readers' client does (asking for gzip), keeping the
// body as it came (an explicit Accept-Encoding turns off the client's transparent decompression).
func record(client *http.Client, url, cookie string) (answer, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := client.Do(req)
	if err != nil {
		return answer{}, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("status %d", resp.StatusCode)
	}
	h := resp.Header.Clone()
	for _, k := range []string{"Date", "Set-Cookie"} {
		h.Del(k)
	}
	return answer{body: body, header: h}, err
}

type phase struct {
	n, bad   int64
	firstBad string
	perSec   float64
	cpuUs    float64
	dbCPUUs  float64 // PostgreSQL's processes, per request
	lat      loadenv.Durations
}

func (p phase) side() loadenv.Side {
	return loadenv.Side{PerSec: p.perSec, P50Ms: loadenv.MsOf(p.lat.Percentile(0.5)), P99Ms: loadenv.MsOf(p.lat.Percentile(0.99)),
		CPUUs: p.cpuUs, DBCPUUs: p.dbCPUUs, N: p.n}
}

// readPhase has cfg.readers readers GET url for cfg.duration and checks every answer cheaply (without
// decoding it, so that the client costs little next to the server).
func readPhase(cfg config, client *http.Client, url, ep string, players []loadenv.Player, owned map[string]int, signedIn bool) phase {
	var wg sync.WaitGroup
	results := make([]phase, cfg.readers)
	deadline := time.Now().Add(cfg.duration)
	cpu0 := loadenv.SelfCPU()
	start := time.Now()
	for w := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(cfg.seed, uint64(w)))
			r := &results[w]
			r.lat = make(loadenv.Durations, 0, 4096)
			for time.Now().Before(deadline) {
				cookie := ""
				if signedIn {
					cookie = players[rng.IntN(len(players))].Cookie
				}
				t := time.Now()
				body, _, status, err := get(client, url, cookie, "")
				r.lat = append(r.lat, time.Since(t))
				r.n++
				if msg := checkAnswer(ep, body, status, err, owned[cookie]); msg != "" {
					r.bad++
					if r.firstBad == "" {
						r.firstBad = msg
					}
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := loadenv.SelfCPU() - cpu0
	var total phase
	for _, r := range results {
		total.n += r.n
		total.bad += r.bad
		if total.firstBad == "" {
			total.firstBad = r.firstBad
		}
		total.lat = append(total.lat, r.lat...)
	}
	total.lat.Sort()
	total.perSec = float64(total.n) / elapsed.Seconds()
	total.cpuUs = float64(cpu) / float64(time.Microsecond) / float64(max(total.n, 1))
	return total
}

func checkAnswer(ep string, body []byte, status int, err error, want int) string {
	switch {
	case err != nil:
		return err.Error()
	case status != http.StatusOK:
		return fmt.Sprintf("status %d: %.200s", status, body)
	case ep == "squares":
		if n := bytes.Count(body, []byte(`"row":`)); n != squares.SquaresPerPool {
			return fmt.Sprintf("%d squares, want 100", n)
		}
	default:
		if !bytes.Contains(body, []byte(`"currentParticipants":100,`)) {
			return "pool not full: " + string(body[:min(len(body), 200)])
		}
		if !bytes.Contains(body, []byte(`"userSquareCount":`+strconv.Itoa(want)+`,`)) &&
			!bytes.Contains(body, []byte(`"userSquareCount":`+strconv.Itoa(want)+`}`)) {
			return fmt.Sprintf("userSquareCount is not %d", want)
		}
	}
	return ""
}

type bareServer struct {
	*http.Server
	url string
}

// startBare serves the recorded answers: the bytes Squares sent the request's cookie, with the headers it
// sent them with (Content-Encoding, Content-Length, ETag among them), nothing else.
func startBare(answers map[string]map[string]answer) (*bareServer, error) {
	serve := func(ep string) http.HandlerFunc {
		byCookie := answers[ep]
		return func(w http.ResponseWriter, r *http.Request) {
			a, ok := byCookie[r.Header.Get("Cookie")]
			if !ok {
				http.NotFound(w, r)
				return
			}
			h := w.Header()
			for k, v := range a.header {
				h[k] = v
			}
			w.Write(a.body)
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/pools/{id}", serve("pool"))
	mux.HandleFunc("GET /api/pools/{id}/squares", serve("squares"))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &bareServer{Server: &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}, url: "http://" + l.Addr().String()}
	go s.Serve(l)
	return s, nil
}
