// The freshness check: reads never older than a claim already answered.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
)

// freshPool is the pool the freshness check's claimer is filling: acked squares 0..acked-1 have been
// answered 201.
type freshPool struct {
	id    int64
	acked atomic.Int64
}

// fresh runs the freshness check: one claimer fills the pools square by square (0, 1, 2, ...) through
// the API, a player taking five in a row; the readers read the pool being filled, alternating the two
// endpoints and viewers, keep each URL's last ETag and body, and count a read stale when it lacks a
// square whose claim had been answered before the read was sent.
func fresh(cfg config, client *http.Client, base string, pools []*squares.PoolView, players []loadenv.Player) (reads, stale int64, err error) {
	var cur atomic.Pointer[freshPool]
	cur.Store(&freshPool{id: pools[0].ID})
	deadline := time.Now().Add(cfg.freshFor)
	var stop atomic.Bool
	var firstStale atomic.Value
	var claimErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer stop.Store(true)
		for i, pv := range pools {
			fp := &freshPool{id: pv.ID}
			if i > 0 {
				cur.Store(fp)
			} else {
				fp = cur.Load()
			}
			for k := 0; k < squares.SquaresPerPool; k++ {
				if time.Now().After(deadline) {
					return
				}
				pl := players[(k/squares.PublicSquaresPerPlayer+i)%len(players)]
				body := fmt.Sprintf(`{"row":%d,"column":%d}`, k/squares.GridSize, k%squares.GridSize)
				req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/pools/%d/squares", base, fp.id), strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Cookie", pl.Cookie)
				resp, err := client.Do(req)
				if err != nil {
					claimErr = err
					return
				}
				data, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusCreated {
					claimErr = fmt.Errorf("freshness claim %d of pool %d: %d %s", k, fp.id, resp.StatusCode, data)
					return
				}
				fp.acked.Store(int64(k + 1))
			}
		}
	}()
	var nReads, nStale atomic.Int64
	for w := 0; w < cfg.readers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			type cached struct {
				etag string
				body []byte
			}
			cache := map[string]cached{}
			rng := rand.New(rand.NewPCG(cfg.seed, uint64(w)))
			for !stop.Load() {
				fp := cur.Load()
				want := fp.acked.Load()
				ep := endpoints[rng.IntN(2)]
				cookie := ""
				if rng.IntN(2) == 0 {
					cookie = players[rng.IntN(len(players))].Cookie
				}
				url := fmt.Sprintf("%s/api/pools/%d%s", base, fp.id, ep.suffix)
				key := url + "\x00" + cookie
				c := cache[key]
				body, etag, status, err := get(client, url, cookie, c.etag)
				if err != nil {
					continue
				}
				switch status {
				case http.StatusNotModified:
					body = c.body
				case http.StatusOK:
					if etag != "" {
						cache[key] = cached{etag, body}
					}
				default:
					continue
				}
				nReads.Add(1)
				if msg := staleness(ep.name, body, want); msg != "" {
					nStale.Add(1)
					firstStale.CompareAndSwap(nil, fmt.Sprintf("pool %d %s (status %d): %s", fp.id, ep.name, status, msg))
				}
			}
		}()
	}
	wg.Wait()
	if v := firstStale.Load(); v != nil {
		fmt.Println("first stale read:", v)
	}
	return nReads.Load(), nStale.Load(), claimErr
}

// staleness says what the board lacks of the first want squares, "" when it has them all.
func staleness(ep string, body []byte, want int64) string {
	if ep == "pool" {
		var p struct {
			CurrentParticipants int64 `json:"currentParticipants"`
		}
		if err := json.Unmarshal(body, &p); err != nil {
			return err.Error()
		}
		if p.CurrentParticipants < want {
			return fmt.Sprintf("currentParticipants %d, but %d claims were answered before the read", p.CurrentParticipants, want)
		}
		return ""
	}
	var sqs []struct{ Row, Column int }
	if err := json.Unmarshal(body, &sqs); err != nil {
		return err.Error()
	}
	var have [squares.SquaresPerPool]bool
	for _, s := range sqs {
		have[s.Row*squares.GridSize+s.Column] = true
	}
	for k := int64(0); k < want; k++ {
		if !have[k] {
			return fmt.Sprintf("square %d missing, but %d claims were answered before the read", k, want)
		}
	}
	return ""
}
