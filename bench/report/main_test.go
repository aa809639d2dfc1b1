package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/squaresapp/squares/bench/internal/loadenv"
)

func TestThousands(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 999.4: "999", 1000: "1,000", 22519.3: "22,519", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := thousands(v); got != want {
			t.Errorf("thousands(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestPrintRow(t *testing.T) {
	var buf bytes.Buffer
	failed, missed := print(&buf, []loadenv.Row{
		{Path: "free claims", Squares: loadenv.Side{PerSec: 838, P99Ms: 343, CPUUs: 1415}, Bare: loadenv.Side{PerSec: 6722, P99Ms: 32, CPUUs: 138},
			Bench: "bare", Ratio: 0.12466, Ratio2: 10.7, Checks: "ok", Load: "1.0"},
		{Path: "fan-out", Squares: loadenv.Side{P99Ms: 295, P50Ms: 200, RSSConnB: 10.8 * 1024}, Bare: loadenv.Side{P99Ms: 308, RSSConnB: 29.9 * 1024},
			Bench: "hub", Ratio: 0.96, Checks: "2 receipts missed", Load: "1.0"},
		{Path: "claims, postgres", Squares: loadenv.Side{PerSec: 100}, Bare: loadenv.Side{PerSec: 300}, Bench: "bare",
			Ratio: 0.33, Target: ">= 0.5x", Reported: true, Checks: "ok", Load: "1.0"},
		{Path: "claims, sqlite", Squares: loadenv.Side{PerSec: 400}, Bare: loadenv.Side{PerSec: 1000}, Bench: "bare",
			Ratio: 0.4, Target: ">= 0.8x", Checks: "ok", Load: "1.0"},
		{Path: "reads", Squares: loadenv.Side{PerSec: 900}, Bare: loadenv.Side{PerSec: 1000}, Bench: "bare",
			Ratio: 0.9, Target: ">= 0.8x", Met: true, Checks: "ok", Load: "1.0"},
	})
	out := buf.String()
	for _, want := range []string{"| free claims | 838/s, p99 343 ms, 1,415 µs CPU | bare: 6,722/s, p99 32.0 ms, 138 µs CPU | 0.12x; 10.70x |",
		"p99 295 ms, p50 200 ms, 10.8 KiB RSS per idle connection, 0 missed", "| 0.96x |",
		"| 0.33x | >= 0.5x | reported | ok |"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if !failed {
		t.Error("a row whose checks failed did not fail the report")
	}
	// The rows without a target, the one only reported and the one met are not missed.
	if want := []string{"claims, sqlite (0.40x, >= 0.8x)"}; strings.Join(missed, "|") != strings.Join(want, "|") {
		t.Errorf("missed = %q, want %q", missed, want)
	}
}
