package http_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/drand/drandtest"
	"github.com/squaresapp/squares/store"
)

// TestBeaconChain: GET /api/beacon/chain answers the chain the server draws with, as the relay's own /info
// states it (a test relay's chain given as SQUARES_DRAND_CHAIN), quicknet's, or the development beacon's
// marked dev; 404 not_found with the beacon off.
func TestBeaconChain(t *testing.T) {
	s := startAPI(t, "sqlite")
	c := s.client(t)

	s.db.Beacon = store.BeaconConfig{}
	c.get("/api/beacon/chain").wantError(http.StatusNotFound, "not_found", "This server draws without a randomness beacon.")

	relay := drandtest.New(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC), 3*time.Second, nil)
	defer relay.Close()
	info := relay.Chain().Info()
	s.db.Beacon = store.BeaconConfig{Chain: &info}
	got := c.get("/api/beacon/chain").want(http.StatusOK).obj()
	// What the relay itself publishes at /info (drand's field names).
	res, err := http.Get(relay.URL + "/info")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var published struct {
		PublicKey string `json:"public_key"`
		Period    int64  `json:"period"`
		Genesis   int64  `json:"genesis_time"`
		Hash      string `json:"chain_hash"`
		Scheme    string `json:"scheme"`
	}
	if err := json.NewDecoder(res.Body).Decode(&published); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"chainHash": published.Hash, "publicKey": published.PublicKey, "genesis": float64(published.Genesis),
		"period": float64(published.Period), "scheme": published.Scheme, "dev": false}
	if len(got) != len(want) {
		t.Errorf("chain = %v, want the fields of %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("chain %s = %v, want %v (the relay's /info)", k, got[k], v)
		}
	}
	if published.Genesis != 1740830400 || published.Period != 3 || published.Scheme != "bls-unchained-g1-rfc9380" || len(published.PublicKey) != 192 {
		t.Errorf("relay /info = %+v", published)
	}

	q := drand.Quicknet().Info()
	s.db.Beacon = store.BeaconConfig{Chain: &q}
	got = c.get("/api/beacon/chain").want(http.StatusOK).obj()
	if got["chainHash"] != squares.QuicknetHash || got["publicKey"] != squares.QuicknetPublicKey || got["genesis"] != float64(1692803367) ||
		got["period"] != float64(3) || got["scheme"] != squares.QuicknetScheme || got["dev"] != false {
		t.Errorf("quicknet chain = %v", got)
	}

	d := drand.DevSigner().Chain().Info()
	s.db.Beacon = store.BeaconConfig{Chain: &d, Dev: true}
	got = c.get("/api/beacon/chain").want(http.StatusOK).obj()
	if got["chainHash"] != d.Hash || got["publicKey"] != d.PublicKey || got["dev"] != true || got["chainHash"] == squares.QuicknetHash {
		t.Errorf("development chain = %v", got)
	}
}
