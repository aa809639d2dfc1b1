// Command wsfanout measures the websocket hub: what an idle subscriber costs the server, and how long a
// pool event takes to reach every subscriber.
//
// The parent process runs a real Squares server (SQLite with in-process events by default, or a
// throwaway PostgreSQL with LISTEN/NOTIFY) with one open free pool. It re-executes itself as a child
// process that opens N websockets to /ws and subscribes each to the pool, so that the server's memory
// figures hold only the server's side of the connections; the child is a lean epoll-driven client (see
// child.go) that leaves as much CPU as it can to the server. The parent reads its runtime.MemStats
// (HeapInuse and StackInuse after runtime.GC) and its RSS before and after the N idle connections. Then it
// claims K squares through the HTTP API, one at a time; the store publishes one pool event per claim after
// commit, and the parent stamps the wall-clock time of that publish. The child stamps each subscriber's
// receipt of the matching poolUpdate; the parent reports per-subscriber latency, the latency of the last
// receipt of each event, and the CPU time each process spent per event.
//
//	go run ./bench/wsfanout                    # 1,000 then 10,000 subscribers, 20 events each
//	go run ./bench/wsfanout -n 10000 -events 50 -cpuprofile cpu.out -memprofile heap.out -clientcpuprofile client.out
//
// For each count it then runs the same child against a bare hub (bare.go: net/http + coder/websocket, wired
// the chat-example way) in the same process, sending the very poolUpdate bytes Squares sent, and prints the
// ratios of the p99 from the claim's send to the last receipt and of RSS per idle connection ("RESULT" line).
// With -rounds R it measures R times, Squares then the bare hub each round (with -cross, one instance then
// two), and the RESULT line is the round with the median ratio (or added p99), listing every round's: the
// p99 of 20 events is nearly their slowest, and one busy second of this shared machine moves it by 30 ms.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
	"github.com/squaresapp/squares/store"
)

func main() {
	child := flag.Bool("child", false, "internal: run as the subscribers' process")
	url := flag.String("url", "", "internal (child): the server's base URL")
	pool := flag.Int64("pool", 0, "internal (child): the pool to subscribe to")
	out := flag.String("out", "", "internal (child): where to write the receipts")
	engine := flag.String("engine", store.SQLite, "database engine: sqlite (in-process events) or postgres (a throwaway server; events through LISTEN/NOTIFY)")
	ns := flag.String("n", "1000,10000", "subscriber counts to measure, comma-separated")
	events := flag.Int("events", 20, "pool events (claims) per run, at most 99")
	interval := flag.Duration("interval", 100*time.Millisecond, "pause between one event's last receipt and the next claim")
	batch := flag.Int("batch", 250, "connections dialled at once while ramping up")
	settle := flag.Duration("settle", time.Second, "wait after the last connection before measuring memory")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the server during the events of the largest run")
	memProfile := flag.String("memprofile", "", "write a heap profile of the server with the largest run's connections idle")
	childProfile := flag.String("clientcpuprofile", "", "write a CPU profile of the subscribers' process during the events of the largest run")
	bareCPUProfile := flag.String("barecpuprofile", "", "write a CPU profile of the bare hub during the events of the largest run")
	noBare := flag.Bool("nobare", false, "skip the bare hub")
	rounds := flag.Int("rounds", 1, "rounds of the whole measurement at each size; the table shows the round with the median ratio (or added p99)")
	cross := flag.Bool("cross", false, "also run with the subscribers on a second instance on the same PostgreSQL (claims on the first)")
	flag.BoolVar(&verbose, "v", false, "print every event's first and last receipt")
	flag.Parse()

	if *memProfile != "" {
		runtime.MemProfileRate = 1 // every allocation, so that per-connection objects show exactly
	}
	if *child {
		n, _ := strconv.Atoi(*ns)
		if err := runChild(*url, *pool, n, *events, *batch, *out, *childProfile); err != nil {
			fmt.Fprintln(os.Stderr, "wsfanout child:", err)
			os.Exit(1)
		}
		return
	}
	var counts []int
	for _, f := range strings.Split(*ns, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "wsfanout: bad -n %q\n", *ns)
			os.Exit(2)
		}
		counts = append(counts, n)
	}
	if *events < 1 || *events > squares.SquaresPerPool-1 {
		fmt.Fprintln(os.Stderr, "wsfanout: -events must be 1 to 99")
		os.Exit(2)
	}
	limit := loadenv.RaiseFileLimit()
	fmt.Printf("machine: %s; open files limit %d; engine %s\n", loadenv.Machine(), limit, *engine)
	var results []result
	failed := false
	var row, crossRow *loadenv.Row
	for i, n := range counts {
		last := i == len(counts)-1
		var fanouts, crosses []roundRow
		for round := 0; round < *rounds; round++ {
			profiles := last && round == 0
			cfg := runConfig{engine: *engine, n: n, events: *events, interval: *interval, batch: *batch, settle: *settle}
			if profiles {
				cfg.cpuProfile, cfg.memProfile, cfg.childProfile = *cpuProfile, *memProfile, *childProfile
			}
			sq, err := newSquaresTarget(*engine, *events, false)
			if err != nil {
				fmt.Fprintf(os.Stderr, "wsfanout: %v\n", err)
				os.Exit(1)
			}
			r, err := runParent(cfg, sq)
			r.name = "squares"
			if err != nil {
				fmt.Fprintf(os.Stderr, "wsfanout: %d subscribers: %v\n", n, err)
				failed = true
				continue
			}
			results = append(results, r)
			if *cross {
				two, err := newSquaresTarget(*engine, *events, true)
				if err != nil {
					fmt.Fprintf(os.Stderr, "wsfanout: second instance: %v\n", err)
					os.Exit(1)
				}
				c, err := runParent(runConfig{engine: *engine, n: n, events: *events, interval: *interval, batch: *batch, settle: *settle}, two)
				c.name = "squares, 2 instances"
				if err != nil {
					fmt.Fprintf(os.Stderr, "wsfanout: two instances, %d subscribers: %v\n", n, err)
					failed = true
				} else {
					results = append(results, c)
					added := loadenv.MsOf(c.lastFromSend.Percentile(0.99) - r.lastFromSend.Percentile(0.99))
					cr := loadenv.Row{Path: fmt.Sprintf("two instances on one PostgreSQL: claim on A -> last of %d subscribers of B, p99", n),
						Squares: c.side(), Bare: r.side(), Bench: "one instance, same run",
						Ratio:  loadenv.Ratio(c.lastFromSend.Percentile(0.99).Seconds(), r.lastFromSend.Percentile(0.99).Seconds()),
						Target: "added p99 <= 20 ms", Load: c.load, Checks: "ok", Met: added <= 20 && c.missing == 0}
					cr.Squares.Note = fmt.Sprintf("added p99 %.1f ms", added)
					if c.missing > 0 {
						cr.Checks = fmt.Sprintf("%d receipts missed", c.missing)
					}
					crosses = append(crosses, roundRow{row: cr, by: added})
					fmt.Printf("round %d: %d subscribers, added p99 across instances %.1f ms\n", round+1, n, added)
				}
			}
			if *noBare {
				continue
			}
			msgs, err := sq.recorder.messages()
			if err != nil {
				fmt.Fprintf(os.Stderr, "wsfanout: %v\n", err)
				failed = true
				continue
			}
			lo, hi := len(msgs[0]), len(msgs[0])
			for _, m := range msgs {
				lo, hi = min(lo, len(m)), max(hi, len(m))
			}
			fmt.Printf("poolUpdate messages the bare hub sends: %d-%d bytes\n", lo, hi)
			hub, err := newBareHub(msgs)
			if err != nil {
				fmt.Fprintf(os.Stderr, "wsfanout: bare hub: %v\n", err)
				os.Exit(1)
			}
			bcfg := cfg
			if profiles {
				bcfg.cpuProfile, bcfg.memProfile, bcfg.childProfile = *bareCPUProfile, "", ""
			}
			b, err := runParent(bcfg, hub)
			b.name = "bare"
			if err != nil {
				fmt.Fprintf(os.Stderr, "wsfanout: bare hub, %d subscribers: %v\n", n, err)
				failed = true
				continue
			}
			results = append(results, b)
			fr := loadenv.Row{Path: fmt.Sprintf("websocket fan-out, %d subscribers of one pool, claim sent -> last receipt, p99 (%s)", n, *engine),
				Squares: r.side(), Bare: b.side(), Bench: "net/http + coder/websocket hub, same message",
				Ratio:  loadenv.Ratio(r.lastFromSend.Percentile(0.99).Seconds(), b.lastFromSend.Percentile(0.99).Seconds()),
				Ratio2: loadenv.Ratio(r.rssPerConn, b.rssPerConn), Target: fmt.Sprintf("p99 <= %.1fx, 0 missed, RSS <= 8 KiB/conn", fanoutTarget),
				Load: r.load, Checks: "ok"}
			if r.missing > 0 || hub.dropped.Load() > 0 {
				fr.Checks = fmt.Sprintf("%d receipts missed (bare hub dropped %d)", r.missing, hub.dropped.Load())
			}
			fr.Met = fr.Ratio <= fanoutTarget && r.missing == 0 && r.rssPerConn <= 8192
			fanouts = append(fanouts, roundRow{row: fr, by: fr.Ratio})
			fmt.Printf("round %d: %d subscribers, p99 ratio to the bare hub %.2f\n", round+1, n, fr.Ratio)
		}
		if last {
			row, crossRow = medianRow(fanouts, "p99 ratio"), medianRow(crosses, "added p99 ms")
		}
	}
	printResults(results)
	if row != nil {
		loadenv.PrintRow(*row)
	}
	if crossRow != nil {
		loadenv.PrintRow(*crossRow)
	}
	if failed {
		os.Exit(1)
	}
}

var verbose bool

// fanoutTarget is issue 23's target for the fan-out: the p99 from a claim to its last receipt at most this
// many times the bare hub's.
const fanoutTarget = 0.5

// roundRow is one round's row of the table and the figure the rounds are ranked by.
type roundRow struct {
	row loadenv.Row
	by  float64
}

// medianRow returns the row of the round with the median figure (the lower middle one of an even count),
// noting every round's figure; nil when there are none. A round that missed receipts fails the row
// whatever the median: checks are not averaged.
func medianRow(rs []roundRow, what string) *loadenv.Row {
	if len(rs) == 0 {
		return nil
	}
	sorted := append([]roundRow(nil), rs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].by < sorted[j].by })
	row := sorted[(len(sorted)-1)/2].row
	if len(rs) > 1 {
		figures := make([]string, len(rs))
		for i, r := range rs {
			figures[i] = fmt.Sprintf("%.2f", r.by)
			if r.row.Checks != "ok" {
				row.Checks, row.Met = r.row.Checks, false
			}
		}
		note := fmt.Sprintf("median of %d rounds' %s: %s", len(rs), what, strings.Join(figures, ", "))
		if row.Squares.Note != "" {
			note = row.Squares.Note + "; " + note
		}
		row.Squares.Note = note
	}
	return &row
}

func printResults(rs []result) {
	fmt.Println()
	fmt.Println("| server | subscribers | connect s | dial retries | heap B/conn | stack B/conn | heap+stack B/conn | RSS B/conn | goroutines/conn |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		fmt.Printf("| %s | %d | %.1f | %d | %.0f | %.0f | %.0f | %.0f | %.2f |\n", r.name, r.n, r.connectTime.Seconds(), r.retries,
			r.heapPerConn, r.stackPerConn, r.heapStackPerConn, r.rssPerConn, r.goroutinesPerConn)
	}
	fmt.Println()
	fmt.Println("| server | subscribers | events | missing | per-subscriber p50 ms | p99 ms | max ms | first receipt p50 ms | last receipt p50 ms | last p99 ms | last max ms | claim sent -> last p99 ms | server CPU ms/event | client CPU ms/event | load before |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		fmt.Printf("| %s | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.name, r.n, r.events, r.missing,
			loadenv.Ms(r.sub.Percentile(0.5)), loadenv.Ms(r.sub.Percentile(0.99)), loadenv.Ms(r.sub.Percentile(1)),
			loadenv.Ms(r.first.Percentile(0.5)), loadenv.Ms(r.last.Percentile(0.5)), loadenv.Ms(r.last.Percentile(0.99)),
			loadenv.Ms(r.last.Percentile(1)), loadenv.Ms(r.lastFromSend.Percentile(0.99)), loadenv.Ms(r.serverCPU), loadenv.Ms(r.clientCPU), r.load)
	}
}

func (r result) side() loadenv.Side {
	return loadenv.Side{P50Ms: loadenv.MsOf(r.lastFromSend.Percentile(0.5)), P99Ms: loadenv.MsOf(r.lastFromSend.Percentile(0.99)),
		CPUUs: float64(r.serverCPU) / float64(time.Microsecond), RSSConnB: r.rssPerConn, Missed: r.missing, N: int64(r.n)}
}
