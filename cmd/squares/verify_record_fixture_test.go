package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

var updateRecordFixture = flag.Bool("update", false, "write the web's record fixture (web/src/features/record-check/testdata/played.json)")

// recordFixturePath is the web record checker's fixture of a played pool.
const recordFixturePath = "../../web/src/features/record-check/testdata/played.json"

// recordFixture is a played pool as the public API serves it, for the web's record checker (vitest): the
// record (every page as one), the key that signs its checkpoints, the pool, its squares and its winners,
// and the chain of the local drand relay its beacon came from (the relay's /info JSON, what the server is
// given as SQUARES_DRAND_CHAIN), whose key the beacon's BLS signature is checked against.
type recordFixture struct {
	Record  json.RawMessage `json:"record"`
	Key     json.RawMessage `json:"key"`
	Pool    json.RawMessage `json:"pool"`
	Squares json.RawMessage `json:"squares"`
	Winners json.RawMessage `json:"winners"`
	Chain   json.RawMessage `json:"chain"`
}

// playedFixture plays a pool with its beacon from a local drand relay (playPoolOn) and reads it through a
// real server's public API, the server given the relay's chain.
func playedFixture(t *testing.T) *recordFixture {
	t.Helper()
	ctx := context.Background()
	url := storetest.URL(t, "sqlite")
	p, chainJSON := playPoolOn(t, url, true)
	chain, err := drand.ParseChain([]byte(chainJSON))
	if err != nil {
		t.Fatal(err)
	}
	db := openURL(t, url)
	info := chain.Info()
	db.Beacon = store.BeaconConfig{Chain: &info}
	srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close(ctx)
	get := func(path string) json.RawMessage {
		resp, err := http.Get(srv.URL() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s %s %v", path, resp.Status, b, err)
		}
		return bytes.TrimSpace(b)
	}
	f := &recordFixture{Record: get(fmt.Sprintf("/api/pools/%d/record", p.ID)), Key: get("/.well-known/squares-record-key"),
		Pool: get(fmt.Sprintf("/api/pools/%d", p.ID)), Squares: get(fmt.Sprintf("/api/pools/%d/squares", p.ID)),
		Winners: get(fmt.Sprintf("/api/pools/%d/winners", p.ID)), Chain: json.RawMessage(chainJSON)}
	var page apiRecordPage
	if err := json.Unmarshal(f.Record, &page); err != nil || page.More {
		t.Fatalf("the record is more than one page (%v): the fixture holds one", err)
	}
	return f
}

// verifyFixture checks a fixture as verify-record checks a pool served so, given the fixture's chain as
// SQUARES_DRAND_CHAIN: the chain, the checkpoints against its key, the replay, the beacon's round and its
// signature against the relay's key (not the development beacon's), the pool shown.
func verifyFixture(t *testing.T, f *recordFixture) {
	t.Helper()
	var page apiRecordPage
	var key apiRecordKey
	var pool apiRecordPool
	var sqs []apiRecordSquare
	var ws []apiRecordWinner
	for _, part := range []struct {
		raw json.RawMessage
		v   any
	}{{f.Record, &page}, {f.Key, &key}, {f.Pool, &pool}, {f.Squares, &sqs}, {f.Winners, &ws}} {
		if err := json.Unmarshal(part.raw, part.v); err != nil {
			t.Fatalf("fixture: %v", err)
		}
	}
	chain, err := drand.ParseChain(f.Chain)
	if err != nil {
		t.Fatalf("fixture chain: %v", err)
	}
	if chain.Hash() == drand.DevSigner().Chain().Hash() || chain.Hash() == drand.Quicknet().Hash() {
		t.Fatalf("fixture chain %s is not a local relay's", chain.Hash())
	}
	pub, err := hex.DecodeString(key.PublicKey)
	if err != nil || len(pub) != ed25519.PublicKeySize {
		t.Fatalf("fixture key %q", key.PublicKey)
	}
	rec := &publishedRecord{Pool: pool.ID, Entries: page.Entries, Checkpoints: page.Checkpoints, Seq: page.Seq, Head: page.Head,
		Key: pub, Shown: shownPool{Owners: make([]string, squares.SquaresPerPool)}, Chains: []*drand.Chain{chain}}
	rec.Shown.Fee, _ = squares.ParseDollars(pool.HouseFee)
	for _, sq := range sqs {
		rec.Shown.Owners[sq.Row*10+sq.Column] = ownerOf(sq.UserID, sq.GuestID)
	}
	for _, wn := range ws {
		amount, _ := squares.ParseDollars(wn.Amount)
		rec.Shown.Winners = append(rec.Shown.Winners, shownWinner{Award: wn.Award, Row: wn.Row, Column: wn.Column,
			Owner: ownerOf(wn.UserID, wn.GuestID), Amount: amount})
	}
	var out bytes.Buffer
	if err := verifyRecord(rec, &out); err != nil {
		t.Fatalf("the fixture does not verify: %v\n%s", err, out.String())
	}
	for _, want := range []string{"verifies against chain " + chain.Hash() + "'s public key", "replay      ok    completed: 100 squares taken",
		"pool shown  ok", "entries hold"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("the fixture's check lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "development beacon") {
		t.Fatalf("the fixture's beacon is the development beacon's:\n%s", out.String())
	}
}

// fixtureShape is what a fixture must share with a pool played now, whatever its seeds, ids and times:
// the record's kinds in order with each entry's data's keys, and the keys of the pool, a square and a
// winner as served.
func fixtureShape(t *testing.T, f *recordFixture) []string {
	t.Helper()
	keys := func(raw json.RawMessage) string {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("fixture: %v", err)
		}
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return strings.Join(out, ",")
	}
	first := func(raw json.RawMessage) json.RawMessage {
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil || len(list) == 0 {
			t.Fatalf("fixture: %v (%d)", err, len(list))
		}
		return list[0]
	}
	var page apiRecordPage
	if err := json.Unmarshal(f.Record, &page); err != nil {
		t.Fatal(err)
	}
	out := []string{"record " + keys(f.Record), "key " + keys(f.Key), "pool " + keys(f.Pool), "chain " + keys(f.Chain),
		"square " + keys(first(f.Squares)), "winner " + keys(first(f.Winners))}
	for _, e := range page.Entries {
		out = append(out, e.Kind+" "+keys(e.Data))
	}
	return out
}

// TestRecordFixture keeps the web's fixture of a played pool current: with -update it writes a pool played
// now, its beacon from a local drand relay; otherwise the fixture must verify, its beacon signature against
// the relay's chain it holds, and have the shape of a pool played now (regenerate it with
// `go test ./cmd/squares -run TestRecordFixture -update` when the record's entries change).
func TestRecordFixture(t *testing.T) {
	now := playedFixture(t)
	if *updateRecordFixture {
		b, err := json.MarshalIndent(now, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(recordFixturePath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(recordFixturePath, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(recordFixturePath)
	if err != nil {
		t.Fatalf("%v: run go test ./cmd/squares -run TestRecordFixture -update", err)
	}
	var f recordFixture
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	verifyFixture(t, &f)
	if got, want := fixtureShape(t, &f), fixtureShape(t, now); !slices.Equal(got, want) {
		t.Fatalf("%s is not the shape of a pool played now: run go test ./cmd/squares -run TestRecordFixture -update\n"+
			"fixture: %v\nnow:     %v", recordFixturePath, got, want)
	}
}
