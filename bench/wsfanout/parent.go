package main

import (
	"bufio"
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/squaresapp/squares/bench/internal/loadenv"
)

type runConfig struct {
	engine                 string
	n, events, batch       int
	interval, settle       time.Duration
	cpuProfile, memProfile string
	childProfile           string
}

type result struct {
	n, events, retries           int
	connectTime                  time.Duration
	heapStackPerConn, rssPerConn float64
	heapBefore, heapAfter        uint64
	stackBefore, stackAfter      uint64
	heapPerConn, stackPerConn    float64
	rssBefore, rssAfter          int64
	goroutinesPerConn            float64
	missing                      int
	eventsWall                   time.Duration
	serverCPU, clientCPU         time.Duration     // per event
	load                         string            // load average before the run
	sub                          loadenv.Durations // every subscriber's latency, every event
	last, first                  loadenv.Durations // per event
	lastFromSend                 loadenv.Durations // per event: claim sent -> last receipt
	name                         string            // squares or bare
}

// gcStats reads the process's garbage collections so far and the CPU seconds they took.
func gcStats() (uint64, float64) {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/cpu/classes/gc/total:cpu-seconds"}}
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Float64()
}

func runParent(cfg runConfig, t target) (result, error) {
	r := result{n: cfg.n, events: cfg.events, load: loadenv.LoadAverage()}
	defer t.close()
	r.heapBefore, r.stackBefore, r.rssBefore = memory()
	goroutinesBefore := runtime.NumGoroutine()

	dir, err := os.MkdirTemp("", "wsfanout-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(dir)
	outPath := filepath.Join(dir, "receipts.gob")
	self, err := os.Executable()
	if err != nil {
		return r, err
	}
	cmd := exec.Command(self, "-child", "-url", t.url(), "-pool", strconv.FormatInt(t.poolID(), 10),
		"-n", strconv.Itoa(cfg.n), "-events", strconv.Itoa(cfg.events), "-batch", strconv.Itoa(cfg.batch), "-out", outPath,
		"-clientcpuprofile", cfg.childProfile)
	cmd.Stderr = os.Stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	connectStart := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	defer func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}()
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	expect := func(prefix string, timeout time.Duration) ([]string, error) {
		select {
		case l, ok := <-lines:
			if !ok {
				return nil, fmt.Errorf("child ended while waiting for %q", prefix)
			}
			f := strings.Fields(l)
			if len(f) == 0 || f[0] != prefix {
				return nil, fmt.Errorf("child said %q, want %q", l, prefix)
			}
			return f[1:], nil
		case <-time.After(timeout):
			return nil, fmt.Errorf("no %q from the child within %s", prefix, timeout)
		}
	}
	f, err := expect("ready", 5*time.Minute)
	if err != nil {
		return r, err
	}
	r.connectTime = time.Since(connectStart)
	r.retries, _ = strconv.Atoi(f[0])
	time.Sleep(cfg.settle)
	r.heapAfter, r.stackAfter, r.rssAfter = memory()
	r.goroutinesPerConn = float64(runtime.NumGoroutine()-goroutinesBefore) / float64(cfg.n)
	r.heapPerConn = float64(int64(r.heapAfter)-int64(r.heapBefore)) / float64(cfg.n)
	r.stackPerConn = float64(int64(r.stackAfter)-int64(r.stackBefore)) / float64(cfg.n)
	r.heapStackPerConn = r.heapPerConn + r.stackPerConn
	r.rssPerConn = float64(r.rssAfter-r.rssBefore) / float64(cfg.n)
	if cfg.memProfile != "" {
		if f, err := os.Create(cfg.memProfile); err == nil {
			pprof.Lookup("heap").WriteTo(f, 0)
			f.Close()
		}
	}
	fmt.Printf("%d subscribers connected in %s (%d dial retries): %.0f B heap+stack and %.0f B RSS per connection, %.2f goroutines per connection\n",
		cfg.n, r.connectTime.Round(time.Millisecond), r.retries, r.heapStackPerConn, r.rssPerConn, r.goroutinesPerConn)

	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			return r, err
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
	}
	published := make([]int64, cfg.events)
	sent := make([]int64, cfg.events)
	serverCPU, clientCPU := loadenv.SelfCPU(), loadenv.ProcessCPU(cmd.Process.Pid)
	gcs, gcCPU := gcStats()
	eventsStart := time.Now()
	for k := 0; k < cfg.events; k++ {
		s, p, err := t.fire(k)
		if err != nil {
			return r, err
		}
		sent[k], published[k] = s.UnixNano(), p.UnixNano()
		// Wait until every subscriber has it (stragglers show up as missing), then pause.
		waitDone(lines, k, 30*time.Second)
		time.Sleep(cfg.interval)
	}
	r.eventsWall = time.Since(eventsStart)
	gcs2, gcCPU2 := gcStats()
	name := "squares"
	if _, ok := t.(*bareHub); ok {
		name = "bare"
	}
	fmt.Printf("%s, %d subscribers: %d garbage collections in the server's process during the %d events, %.1f ms of GC CPU\n",
		name, cfg.n, gcs2-gcs, cfg.events, (gcCPU2-gcCPU)*1000)
	r.serverCPU = (loadenv.SelfCPU() - serverCPU) / time.Duration(cfg.events)
	r.clientCPU = (loadenv.ProcessCPU(cmd.Process.Pid) - clientCPU) / time.Duration(cfg.events)
	if cfg.cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	fmt.Fprintln(stdin, "report")
	if _, err := expect("reported", time.Minute); err != nil {
		return r, err
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		return r, err
	}
	var rec receipts
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&rec); err != nil {
		return r, err
	}
	for k := 0; k < cfg.events; k++ {
		var first, last int64
		for _, at := range rec.At[k] {
			if at == 0 {
				r.missing++
				continue
			}
			r.sub = append(r.sub, time.Duration(at-published[k]))
			if first == 0 || at < first {
				first = at
			}
			if at > last {
				last = at
			}
		}
		if last != 0 {
			r.lastFromSend = append(r.lastFromSend, time.Duration(last-sent[k]))
		}
		if verbose {
			fmt.Printf("event %d: first %s ms, last %s ms\n", k, loadenv.Ms(time.Duration(first-published[k])),
				loadenv.Ms(time.Duration(last-published[k])))
		}
		r.first = append(r.first, time.Duration(first-published[k]))
		r.last = append(r.last, time.Duration(last-published[k]))
	}
	r.sub.Sort()
	r.first.Sort()
	r.last.Sort()
	r.lastFromSend.Sort()
	fmt.Fprintln(stdin, "quit")
	return r, nil
}

// receipts is what the child reports: At[event][subscriber] is the wall-clock receipt time in Unix
// nanoseconds, 0 when the subscriber never got it.
type receipts struct {
	At [][]int64
}

// stdoutMu keeps the child's status lines whole.
var stdoutMu sync.Mutex

func say(format string, args ...any) {
	stdoutMu.Lock()
	fmt.Printf(format+"\n", args...)
	stdoutMu.Unlock()
}

// waitDone waits for the child's "done K", skipping the late "done" of earlier events.
func waitDone(lines <-chan string, k int, timeout time.Duration) bool {
	deadline := time.After(timeout)
	want := "done " + strconv.Itoa(k)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				return false
			}
			if l == want {
				return true
			}
		case <-deadline:
			fmt.Fprintf(os.Stderr, "wsfanout: event %d has not reached every subscriber within %s\n", k, timeout)
			return false
		}
	}
}
