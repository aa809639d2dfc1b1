package main

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/squaresapp/squares/bench/internal/loadenv"
)

// tally is what one side's race got and cost: its answers, latencies, time and CPU.
type tally struct {
	attempted, created, conflicts, limit, other int64
	status5xx                                   int64
	latencies                                   loadenv.Durations
	firstOther                                  string
	elapsed, cpu, dbCPU                         time.Duration
	perSec, p99                                 float64
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
	t.finish()
	return t
}

// finish sorts t's latencies and works out its rate and p99 once its answers and time are in.
func (t *tally) finish() {
	t.latencies.Sort()
	if t.elapsed > 0 {
		t.perSec = float64(t.created) / t.elapsed.Seconds()
	}
	t.p99 = loadenv.MsOf(t.latencies.Percentile(0.99))
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
		t.perSec, float64(t.attempted)/secs, loadenv.Ms(lat.Percentile(0.5)),
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
