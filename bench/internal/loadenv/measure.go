// Measuring helpers of the load programs: latencies, memory, CPU and the machine.

package loadenv

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Durations summarises latencies.
type Durations []time.Duration

// Percentile returns the q-th quantile (0..1) by nearest rank; d must be sorted.
func (d Durations) Percentile(q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := int(q*float64(len(d))+0.5) - 1
	if i < 0 {
		i = 0
	}
	if i >= len(d) {
		i = len(d) - 1
	}
	return d[i]
}

// Sort sorts d in place and returns it.
func (d Durations) Sort() Durations {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d
}

// Ms formats a duration in milliseconds with two decimals.
func Ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64)
}

// RSS returns the process's resident set size in bytes, from /proc/self/status (0 when unavailable).
func RSS() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	return rssFrom(f)
}

func rssFrom(r io.Reader) int64 {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// RaiseFileLimit raises the soft limit on open files to the hard limit and returns the new soft limit.
func RaiseFileLimit() uint64 {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0
	}
	if l.Cur < l.Max {
		l.Cur = l.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
	syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l)
	return l.Cur
}

// Machine describes where the figures were taken.
func Machine() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s, %d CPUs (GOMAXPROCS %d), %s %s/%s, %s", host, runtime.NumCPU(), runtime.GOMAXPROCS(0),
		runtime.Version(), runtime.GOOS, runtime.GOARCH, time.Now().UTC().Format(time.RFC3339))
}

// SelfCPU returns the CPU time (user and system) this process has used.
func SelfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ProcessCPU returns the CPU time (user and system) process pid has used, from /proc/PID/stat in clock
// ticks of 10 ms.
func ProcessCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name, in parentheses, may hold spaces: count fields after its closing parenthesis.
	s := string(data)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	f := strings.Fields(s)
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// LoadAverage returns the 1, 5 and 15 minute load averages from /proc/loadavg.
func LoadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
