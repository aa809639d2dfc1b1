package loadenv

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Side is one half of a row of the baseline table: Squares, or the bare baseline run in the same process
// right before or after it. Zero fields do not apply to the path.
type Side struct {
	PerSec   float64 `json:"perSec,omitempty"`   // successful claims or requests per second
	P50Ms    float64 `json:"p50Ms,omitempty"`    // latency; for the fan-out, claim sent -> each receipt
	P99Ms    float64 `json:"p99Ms,omitempty"`    // for the fan-out: claim sent -> last receipt, p99 over events
	CPUUs    float64 `json:"cpuUs,omitempty"`    // CPU microseconds per success (see the program for whose CPU)
	DBCPUUs  float64 `json:"dbCpuUs,omitempty"`  // PostgreSQL server processes' CPU microseconds per success
	RSSConnB float64 `json:"rssConnB,omitempty"` // RSS bytes per idle connection
	Missed   int     `json:"missed,omitempty"`   // fan-out receipts that never came
	N        int64   `json:"n,omitempty"`        // successes measured
	Note     string  `json:"note,omitempty"`
}

// Row is what each load program prints as its last line, "RESULT " and this as JSON; bench/report reads
// those lines and prints the table.
type Row struct {
	Path    string  `json:"path"`
	Squares Side    `json:"squares"`
	Bare    Side    `json:"bare"`
	Bench   string  `json:"bench"` // what the baseline is
	Ratio   float64 `json:"ratio"` // the target's ratio (throughput: Squares/bare; latency: Squares/bare)
	Ratio2  float64 `json:"ratio2,omitempty"`
	Target  string  `json:"target"` // e.g. ">= 0.5x req/s, p99 <= 3x"
	Met     bool    `json:"met"`
	// Reported marks a row the issue asks to report, not to meet (claims on PostgreSQL).
	Reported bool   `json:"reported,omitempty"`
	Checks   string `json:"checks"` // "ok" or what failed
	Load     string `json:"load"`   // 1/5/15 minute load average when the run started
	At       string `json:"at"`
}

// PrintRow prints the row as the program's RESULT line, and appends it to the file named by
// $SQUARES_BENCH_RESULTS when set.
func PrintRow(r Row) {
	if r.At == "" {
		r.At = time.Now().UTC().Format(time.RFC3339)
	}
	data, _ := json.Marshal(r)
	fmt.Printf("RESULT %s\n", data)
	if path := os.Getenv("SQUARES_BENCH_RESULTS"); path != "" {
		if dir := filepath.Dir(path); dir != "." {
			os.MkdirAll(dir, 0o755)
		}
		if f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintf(f, "%s\n", data)
			f.Close()
		}
	}
}

// MsOf is a duration in milliseconds as a float.
func MsOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Ratio is a/b, 0 when b is 0.
func Ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// PostgresCPU returns the CPU time used so far by the PostgreSQL server whose data directory is dir: the
// postmaster, its live children (backends and helpers), and its exited children (which the postmaster has
// waited for). It is 0 when there is no such server.
func PostgresCPU(dir string) time.Duration {
	if dir == "" {
		return 0
	}
	data, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(data), "\n", 2)[0]))
	if err != nil {
		return 0
	}
	total := procCPU(pid, true)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f := procStat(child); len(f) > 13 && f[1] == strconv.Itoa(pid) {
			total += procCPU(child, false)
		}
	}
	return total
}

// procStat returns the fields of /proc/PID/stat after the command name: f[0] is the state, f[1] the parent.
func procStat(pid int) []string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	s := string(data)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	return strings.Fields(s)
}

func procCPU(pid int, children bool) time.Duration {
	f := procStat(pid)
	if len(f) < 15 {
		return 0
	}
	n := 0
	last := 12
	if children {
		last = 14
	}
	for i := 11; i <= last; i++ {
		v, _ := strconv.Atoi(f[i])
		n += v
	}
	return time.Duration(n) * 10 * time.Millisecond
}
