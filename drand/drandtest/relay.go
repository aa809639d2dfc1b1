// Package drandtest runs a drand HTTP relay for tests: an httptest server signing the rounds of a chain of
// its own with a test BLS key (drand.Signer), serving /info, /{chainhash}/info and /{chainhash}/public/
// {round} as drand's relays do. Give the server its chain with SQUARES_DRAND_CHAIN = InfoJSON.
package drandtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/squaresapp/squares/drand"
)

// Relay is a test relay. Down makes it answer 503 to every request; Tamper makes it serve a signature of
// another round.
type Relay struct {
	*httptest.Server
	Signer *drand.Signer
	now    func() time.Time

	mu     sync.Mutex
	down   bool
	tamper bool
	// Requests counts the round requests served or refused.
	Requests atomic.Int64
}

// New starts a relay whose chain began at genesis with a round every period, on the clock now (time.Now
// when nil). Close it when done.
func New(genesis time.Time, period time.Duration, now func() time.Time) *Relay {
	if now == nil {
		now = time.Now
	}
	s, err := drand.NewSigner(fmt.Sprintf("drandtest %d", time.Now().UnixNano()), "drandtest", genesis, period)
	if err != nil {
		panic(err)
	}
	r := &Relay{Signer: s, now: now}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	return r
}

// Chain is the relay's chain.
func (r *Relay) Chain() *drand.Chain { return r.Signer.Chain() }

// InfoJSON is the relay's /info JSON.
func (r *Relay) InfoJSON() string { return string(r.Signer.Chain().InfoJSON()) }

// SetDown makes the relay fail (503) or serve again.
func (r *Relay) SetDown(down bool) {
	r.mu.Lock()
	r.down = down
	r.mu.Unlock()
}

// SetTamper makes the relay serve wrong signatures (another round's) or right ones again.
func (r *Relay) SetTamper(tamper bool) {
	r.mu.Lock()
	r.tamper = tamper
	r.mu.Unlock()
}

func (r *Relay) serve(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	down, tamper := r.down, r.tamper
	r.mu.Unlock()
	hash := r.Chain().Hash()
	path := strings.Trim(req.URL.Path, "/")
	if path == "info" || path == hash+"/info" {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(r.Chain().InfoJSON())
		return
	}
	rest, ok := strings.CutPrefix(path, hash+"/public/")
	if !ok {
		http.NotFound(w, req)
		return
	}
	r.Requests.Add(1)
	if down {
		http.Error(w, "relay down", http.StatusServiceUnavailable)
		return
	}
	round, err := strconv.ParseUint(rest, 10, 64)
	if err != nil || round == 0 {
		http.NotFound(w, req)
		return
	}
	if r.Chain().Info().RoundTime(round).After(r.now()) {
		// drand's relays answer a round from the future with 425 Too Early.
		http.Error(w, "round not yet available", http.StatusTooEarly)
		return
	}
	signed := round
	if tamper {
		signed = round + 1
	}
	sig, err := r.Signer.Sign(signed)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	b, err := r.Chain().Verify(signed, sig)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"round": round, "signature": b.Signature, "randomness": b.Randomness})
}
