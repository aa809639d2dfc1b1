// Command report reads the RESULT lines of the load programs under bench/ (JSON, one per line, from the
// files named or from standard input; lines may carry the "RESULT " prefix) and prints the baseline
// table: each path with Squares' figures, the bare baseline's from the same run, and the ratio, then which
// targets were missed. It exits 1 when any row's correctness checks failed, else 3 when any row missed its
// target (so that make bench fails on either), 0 when every target was met.
//
//	go run ./bench/report /tmp/squares-bench/results.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/squaresapp/squares/bench/internal/loadenv"
)

func main() {
	var rows []loadenv.Row
	read := func(r io.Reader) {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := strings.TrimPrefix(strings.TrimSpace(sc.Text()), "RESULT ")
			if !strings.HasPrefix(line, "{") {
				continue
			}
			var row loadenv.Row
			if err := json.Unmarshal([]byte(line), &row); err == nil && row.Path != "" {
				rows = append(rows, row)
			}
		}
	}
	if len(os.Args) > 1 {
		for _, name := range os.Args[1:] {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintln(os.Stderr, "report:", err)
				os.Exit(2)
			}
			read(f)
			f.Close()
		}
	} else {
		read(os.Stdin)
	}
	failed, missed := print(os.Stdout, rows)
	if len(missed) > 0 {
		fmt.Printf("\ntargets missed: %s\n", strings.Join(missed, "; "))
	} else if len(rows) > 0 {
		fmt.Println("\nevery target met")
	}
	switch {
	case failed:
		os.Exit(1)
	case len(missed) > 0:
		os.Exit(3)
	}
}

// print writes the table of rows to w and tells whether any row's checks failed and which rows (a target
// neither met nor only reported) missed their targets.
func print(w io.Writer, rows []loadenv.Row) (failed bool, missed []string) {
	fmt.Fprintln(w, "| path | Squares | bare baseline, same run | ratio | target | met | checks | load at start |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		ratio := fmt.Sprintf("%.2fx", r.Ratio)
		if r.Ratio2 != 0 {
			ratio += fmt.Sprintf("; %.2fx", r.Ratio2)
		}
		met := "no"
		switch {
		case r.Reported:
			met = "reported"
		case r.Met:
			met = "yes"
		}
		if r.Checks != "ok" {
			failed = true
		}
		if met == "no" && r.Target != "" {
			missed = append(missed, fmt.Sprintf("%s (%.2fx, %s)", r.Path, r.Ratio, r.Target))
		}
		fmt.Fprintf(w, "| %s | %s | %s: %s | %s | %s | %s | %s | %s |\n", r.Path, side(r.Squares), r.Bench, side(r.Bare),
			ratio, r.Target, met, r.Checks, r.Load)
	}
	return failed, missed
}

// side formats one side's figures as the table does.
func side(s loadenv.Side) string {
	var parts []string
	if s.PerSec != 0 {
		parts = append(parts, fmt.Sprintf("%s/s", thousands(s.PerSec)))
	}
	if s.P99Ms != 0 {
		parts = append(parts, fmt.Sprintf("p99 %s ms", trim(s.P99Ms)))
	}
	if s.RSSConnB != 0 && s.P50Ms != 0 {
		parts = append(parts, fmt.Sprintf("p50 %s ms", trim(s.P50Ms)))
	}
	if s.RSSConnB != 0 {
		parts = append(parts, fmt.Sprintf("%.1f KiB RSS per idle connection", s.RSSConnB/1024))
		parts = append(parts, fmt.Sprintf("%d missed", s.Missed))
		if s.CPUUs != 0 {
			parts = append(parts, fmt.Sprintf("%s ms server CPU per event", trim(s.CPUUs/1000)))
		}
	} else if s.CPUUs != 0 {
		cpu := fmt.Sprintf("%s µs CPU", thousands(s.CPUUs))
		if s.DBCPUUs != 0 {
			cpu += fmt.Sprintf(" + %s µs PostgreSQL", thousands(s.DBCPUUs))
		}
		parts = append(parts, cpu)
	}
	if s.Note != "" {
		parts = append(parts, s.Note)
	}
	return strings.Join(parts, ", ")
}

func trim(v float64) string {
	if v >= 100 {
		return thousands(v)
	}
	return fmt.Sprintf("%.1f", v)
}

// thousands formats v rounded, with commas: 22519 -> "22,519".
func thousands(v float64) string {
	s := fmt.Sprintf("%.0f", v)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
