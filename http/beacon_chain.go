package http

import (
	"net/http"

	"github.com/squaresapp/squares"
)

// BeaconChain is the drand chain this server draws with (GET /api/beacon/chain): its hash, its public key
// (hex, on G2 for quicknet's scheme), the time of its first round (Unix seconds), the seconds between
// rounds, its signature scheme, and dev for the built-in development beacon (a local key, not drand).
// Verifiers check a pool's beacon signature against this key when the pool's chain is not one they know.
type BeaconChain struct {
	ChainHash string `json:"chainHash"`
	PublicKey string `json:"publicKey"`
	Genesis   int64  `json:"genesis"`
	Period    int64  `json:"period"`
	Scheme    string `json:"scheme"`
	Dev       bool   `json:"dev"`
}

// handleBeaconChain answers the chain the server's draws wait for; 404 when the beacon is off.
func (s *Server) handleBeaconChain(w http.ResponseWriter, r *http.Request) {
	cfg := s.Store.Beacon
	if cfg.Chain == nil {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "This server draws without a randomness beacon."))
		return
	}
	c := *cfg.Chain
	writeJSON(w, http.StatusOK, BeaconChain{ChainHash: c.Hash, PublicKey: c.PublicKey, Genesis: c.Genesis,
		Period: int64(c.Period.Seconds()), Scheme: c.Scheme, Dev: cfg.Dev})
}
