package drand_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/drand/drandtest"
)

type recordedRounds struct {
	Chain  string `json:"chain"`
	Rounds []struct {
		Round     uint64 `json:"round"`
		Signature string `json:"signature"`
		Source    struct {
			Repo, Path, Commit string
		} `json:"source"`
	} `json:"rounds"`
}

func loadRounds(t *testing.T) recordedRounds {
	t.Helper()
	b, err := os.ReadFile("testdata/quicknet-rounds.json")
	if err != nil {
		t.Fatal(err)
	}
	var rr recordedRounds
	if err := json.Unmarshal(b, &rr); err != nil {
		t.Fatal(err)
	}
	if len(rr.Rounds) < 2 {
		t.Fatalf("%d recorded rounds", len(rr.Rounds))
	}
	return rr
}

// TestQuicknetRecordedRounds verifies real quicknet rounds, recorded by drand's own repositories, against
// quicknet's real public key; a changed signature or another round number fails.
func TestQuicknetRecordedRounds(t *testing.T) {
	q := drand.Quicknet()
	if got := q.Hash(); got != squares.QuicknetHash {
		t.Fatalf("quicknet hash = %s", got)
	}
	if q.Info() != squares.Quicknet {
		t.Fatalf("quicknet info = %+v, want %+v", q.Info(), squares.Quicknet)
	}
	rr := loadRounds(t)
	if rr.Chain != squares.QuicknetHash {
		t.Fatalf("recorded chain %s", rr.Chain)
	}
	for _, r := range rr.Rounds {
		if r.Source.Repo == "" || r.Source.Path == "" || len(r.Source.Commit) != 40 {
			t.Errorf("round %d: source %+v", r.Round, r.Source)
		}
		b, err := q.Verify(r.Round, r.Signature)
		if err != nil {
			t.Errorf("round %d: %v", r.Round, err)
			continue
		}
		if err := squares.CheckBeaconRandomness(b.Signature, b.Randomness); err != nil {
			t.Errorf("round %d: %v", r.Round, err)
		}
		// Tampered: one bit of the signature, or the round it claims.
		flipped := []byte(r.Signature)
		flipped[len(flipped)-1] ^= 1
		if _, err := q.Verify(r.Round, string(flipped)); err == nil {
			t.Errorf("round %d: a signature with one bit changed verifies", r.Round)
		}
		if _, err := q.Verify(r.Round+1, r.Signature); err == nil {
			t.Errorf("round %d: its signature verifies as round %d", r.Round, r.Round+1)
		}
	}
	// Another chain's key does not verify quicknet's rounds.
	if _, err := drand.DevSigner().Chain().Verify(rr.Rounds[0].Round, rr.Rounds[0].Signature); err == nil {
		t.Error("a quicknet round verifies against the development key")
	}
}

func TestParseChain(t *testing.T) {
	// drand's v1 /info form of quicknet (drand/drand common/chain/info_test.go).
	v1 := `{"public_key":"83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a","period":3,"genesis_time":1692803367,"hash":"52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971","groupHash":"f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e","schemeID":"bls-unchained-g1-rfc9380","metadata":{"beaconID":"quicknet"}}`
	c, err := drand.ParseChain([]byte(v1))
	if err != nil || c.Hash() != squares.QuicknetHash {
		t.Fatalf("v1 info: %v, %v", c, err)
	}
	again, err := drand.ParseChain(c.InfoJSON())
	if err != nil || again.Info() != squares.Quicknet {
		t.Fatalf("round trip: %+v, %v", again, err)
	}
	// A stated hash that is not the hash of the rest is refused.
	bad := strings.Replace(string(c.InfoJSON()), `"genesis_time":1692803367`, `"genesis_time":1692803368`, 1)
	if _, err := drand.ParseChain([]byte(bad)); err == nil {
		t.Error("info with a wrong chain hash parses")
	}
	// A chained scheme cannot be verified round by round.
	chained := `{"public_key":"868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31","period":30,"genesis_time":1595431050,"genesis_seed":"176f93498eac9ca337150b46d21dd58673ea4e3581185f869672e59fa4cb390a","chain_hash":"8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce","scheme":"pedersen-bls-chained","beacon_id":"default"}`
	if _, err := drand.ParseChain([]byte(chained)); err == nil {
		t.Error("a chained scheme is accepted")
	}
}

func TestDevBeacon(t *testing.T) {
	now := time.Date(2026, 9, 13, 12, 0, 0, 0, time.UTC)
	d := drand.NewDev(func() time.Time { return now })
	info := d.Chain().Info()
	if err := info.Check(); err != nil {
		t.Fatal(err)
	}
	// The same chain in every process: a draw on one development server verifies on another.
	if drand.DevSigner().Chain().Hash() != d.Chain().Hash() {
		t.Fatal("the development chain differs between two signers")
	}
	due := info.RoundAt(now)
	b, err := d.Fetch(context.Background(), due)
	if err != nil || b.Round != due {
		t.Fatalf("due round: %+v, %v", b, err)
	}
	if _, err := d.Chain().Verify(due, b.Signature); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Fetch(context.Background(), due+1); err == nil {
		t.Error("a round not due yet is served")
	}
}

// TestClientRelays fetches through drand's HTTP client from test relays: a relay down is passed over for
// the next; a round not out yet, a relay serving a wrong signature, or every relay down fail.
func TestClientRelays(t *testing.T) {
	genesis := time.Now().Add(-time.Hour).Truncate(time.Second)
	good := drandtest.New(genesis, 3*time.Second, nil)
	defer good.Close()
	// A second relay of the same chain: the same signer.
	second := drandtest.New(genesis, 3*time.Second, nil)
	defer second.Close()
	second.Signer = good.Signer
	ctx := context.Background()
	chain, err := drand.ParseChain([]byte(good.InfoJSON()))
	if err != nil {
		t.Fatal(err)
	}
	c, err := drand.NewClient(chain, []string{second.URL, good.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Tries, c.Backoff = 1, time.Millisecond
	round := chain.Info().RoundAt(time.Now().Add(-time.Minute))
	b, err := c.Fetch(ctx, round)
	if err != nil || b.Round != round {
		t.Fatalf("fetch: %+v, %v", b, err)
	}
	if err := squares.CheckBeaconRandomness(b.Signature, b.Randomness); err != nil {
		t.Fatal(err)
	}

	second.SetDown(true)
	before := good.Requests.Load()
	if b2, err := c.Fetch(ctx, round); err != nil || b2 != b {
		t.Fatalf("first relay down: %+v, %v", b2, err)
	}
	if good.Requests.Load() != before+1 {
		t.Error("the second relay was not asked")
	}

	good.SetTamper(true)
	if _, err := c.Fetch(ctx, round); err == nil {
		t.Error("a wrong signature is accepted")
	}
	good.SetTamper(false)

	if _, err := c.Fetch(ctx, chain.Info().RoundAt(time.Now().Add(time.Hour))); err == nil {
		t.Error("a round from the future is served")
	}

	good.SetDown(true)
	c.Tries = 2
	n := good.Requests.Load()
	if _, err := c.Fetch(ctx, round); err == nil {
		t.Error("every relay down, yet a round")
	}
	if got := good.Requests.Load() - n; got != 2 {
		t.Errorf("relay asked %d times over 2 tries", got)
	}
}
