package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
)

// fakeBoard is a pool server with an ETag per board; stale makes it cache the first board it answers
// and never invalidate it, as a snapshot cache that misses the event bus would.
type fakeBoard struct {
	mu       sync.Mutex
	cells    []squares.Cell
	stale    bool
	snapshot []squares.Cell
	snapped  bool
}

func (f *fakeBoard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Method == http.MethodPost {
		var c squares.Cell
		json.NewDecoder(r.Body).Decode(&c)
		f.cells = append(f.cells, c)
		w.WriteHeader(http.StatusCreated)
		return
	}
	board := f.cells
	if f.stale {
		if !f.snapped {
			f.snapshot, f.snapped = append([]squares.Cell(nil), f.cells...), true
		}
		board = f.snapshot
	}
	etag := `"` + strconv.Itoa(len(board)) + `"`
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if len(r.URL.Path) > len("/squares") && r.URL.Path[len(r.URL.Path)-len("/squares"):] == "/squares" {
		out := make([]map[string]int, 0, len(board))
		for _, c := range board {
			out = append(out, map[string]int{"row": c.Row, "column": c.Column})
		}
		json.NewEncoder(w).Encode(out)
		return
	}
	fmt.Fprintf(w, `{"currentParticipants":%d}`, len(board))
}

func TestFreshnessCheck(t *testing.T) {
	for _, stale := range []bool{false, true} {
		t.Run(fmt.Sprintf("stale=%v", stale), func(t *testing.T) {
			srv := httptest.NewServer(&fakeBoard{stale: stale})
			defer srv.Close()
			cfg := config{readers: 4, freshFor: 300 * time.Millisecond, seed: 1}
			players := []loadenv.Player{{Cookie: "squares_session=a"}}
			reads, staleReads, err := fresh(cfg, srv.Client(), srv.URL, []*squares.PoolView{{Pool: &squares.Pool{ID: 7}}}, players)
			if err != nil {
				t.Fatal(err)
			}
			if reads == 0 {
				t.Fatal("no reads")
			}
			if stale && staleReads == 0 {
				t.Errorf("a cache that is never invalidated passed the freshness check (%d reads)", reads)
			}
			if !stale && staleReads != 0 {
				t.Errorf("%d of %d reads of an up-to-date board counted stale", staleReads, reads)
			}
		})
	}
}
