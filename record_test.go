package squares_test

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

var recordStart = time.Date(2026, 11, 28, 7, 0, 0, 123456789, time.UTC)

// chain builds a record of a few entries of a pool's life.
func chain(t *testing.T) []squares.RecordEntry {
	t.Helper()
	steps := []struct {
		kind string
		data any
	}{
		{squares.RecordOpened, map[string]any{"entryFee": "10.00", "grid": 100, "seedSha256": []string{strings.Repeat("ab", 32)}}},
		{squares.RecordTaken, map[string]any{"owner": "17", "squares": []map[string]int{{"row": 0, "column": 1}}, "paid": "10.00"}},
		{squares.RecordTaken, map[string]any{"owner": "guest-3", "squares": []map[string]int{{"row": 4, "column": 4}}, "paid": "0.00"}},
		{squares.RecordScore, map[string]any{"period": 1, "home": 7, "away": 3}},
	}
	var out []squares.RecordEntry
	for i, s := range steps {
		var prev *squares.RecordEntry
		if i > 0 {
			prev = &out[i-1]
		}
		e, err := squares.NextRecordEntry(prev, recordStart.Add(time.Duration(i)*time.Minute), s.kind, s.data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

func TestRecordEntryHash(t *testing.T) {
	// The first entry's hash by hand: SHA-256 of 32 zero bytes and the canonical JSON of its body.
	e, err := squares.NextRecordEntry(nil, recordStart, squares.RecordScore, map[string]any{"period": 1, "away": 3, "home": 7})
	if err != nil {
		t.Fatal(err)
	}
	body := `{"at":"2026-11-28T07:00:00.123456Z","data":{"away":3,"home":7,"period":1},"kind":"score","seq":1}`
	sum := sha256.Sum256(append(make([]byte, 32), body...))
	if want := hex.EncodeToString(sum[:]); e.Hash != want {
		t.Fatalf("hash %s, want %s", e.Hash, want)
	}
	if e.PrevHash != squares.RecordZeroHash || e.Seq != 1 || string(e.Data) != `{"away":3,"home":7,"period":1}` {
		t.Fatalf("entry %+v", e)
	}
	// The same data in another key order and spacing hashes the same.
	h, err := squares.RecordEntryHash(squares.RecordZeroHash, 1, e.At, "score", json.RawMessage(`{ "period": 1, "home": 7, "away": 3 }`))
	if err != nil || h != e.Hash {
		t.Fatalf("reordered data hashed %s (%v), want %s", h, err, e.Hash)
	}
	if _, err := squares.NextRecordEntry(nil, recordStart, "renamed", nil); err == nil {
		t.Fatal("an unknown kind was accepted")
	}
	if _, err := squares.RecordEntryHash("zz", 1, e.At, "score", nil); err == nil {
		t.Fatal("a previous hash that is not hex was accepted")
	}
}

// The server writes its own entries' canonical body directly; it must hash as the general way does (a
// marshal and RFC 8785's transform), for every kind and for data with whatever JSON escapes or sorts.
func TestOwnEntryBodyIsCanonical(t *testing.T) {
	kinds := []string{squares.RecordOpened, squares.RecordTaken, squares.RecordHeld, squares.RecordCaptured,
		squares.RecordReleased, squares.RecordRefunded, squares.RecordLocked, squares.RecordBeacon, squares.RecordDrawn,
		squares.RecordScore, squares.RecordPrize, squares.RecordFee, squares.RecordClaim, squares.RecordPayout,
		squares.RecordCancelled, squares.RecordAction}
	data := []any{
		squares.RecordTakenData{Squares: []squares.Cell{{Row: 9, Column: 0}}, Owner: "12", By: squares.TakenClaim, Amount: "0.00"},
		squares.RecordActionData{By: "admin", Action: `say "<hi>" & go`, Reason: "tab\tnew\nline \u2028 é 🏈 \u0007 \\ end"},
		map[string]any{"z": 1, "a": []any{1.5, 1e21, -0.0, "x"}, "é": map[string]any{"b": nil, "a": true}},
		[]int{}, "text", 12345678901, nil,
	}
	times := []time.Time{recordStart, time.Date(2027, 2, 7, 23, 59, 59, 999999999, time.FixedZone("PT", -8*3600))}
	for _, kind := range kinds {
		for i, d := range data {
			for _, at := range times {
				prev := &squares.RecordEntry{Seq: int64(i * 1000), Hash: strings.Repeat("ab", 32)}
				e, err := squares.NextRecordEntry(prev, at, kind, d)
				if err != nil {
					t.Fatalf("%s %d: %v", kind, i, err)
				}
				h, err := squares.RecordEntryHash(prev.Hash, e.Seq, e.At, kind, e.Data)
				if err != nil || h != e.Hash {
					t.Fatalf("%s data %d at %s: own body hashed %s, the general way %s (%v)", kind, i, e.At, e.Hash, h, err)
				}
			}
		}
	}
}

func TestCheckRecordChain(t *testing.T) {
	if f := squares.CheckRecordChain(chain(t), squares.RecordZeroHash, 0); f != nil {
		t.Fatalf("an untouched record fails: %v", f)
	}
	// A page read after an entry checks from that entry on.
	c := chain(t)
	if f := squares.CheckRecordChain(c[2:], c[1].Hash, 2); f != nil {
		t.Fatalf("a page fails: %v", f)
	}
	tests := []struct {
		name   string
		tamper func([]squares.RecordEntry) []squares.RecordEntry
		seq    int64
		reason string
	}{
		{"data changed", func(c []squares.RecordEntry) []squares.RecordEntry {
			c[1].Data = json.RawMessage(strings.Replace(string(c[1].Data), `"17"`, `"18"`, 1))
			return c
		}, 2, "was changed"},
		{"time changed", func(c []squares.RecordEntry) []squares.RecordEntry {
			c[2].At = squares.RecordTime(recordStart)
			return c
		}, 3, "was changed"},
		{"kind changed", func(c []squares.RecordEntry) []squares.RecordEntry { c[3].Kind = squares.RecordPrize; return c }, 4, "was changed"},
		{"entry removed", func(c []squares.RecordEntry) []squares.RecordEntry { return append(c[:1], c[2:]...) }, 3, "missing"},
		{"entries swapped", func(c []squares.RecordEntry) []squares.RecordEntry { c[1], c[2] = c[2], c[1]; return c }, 3, "missing or out of order"},
		{"entry rehashed", func(c []squares.RecordEntry) []squares.RecordEntry {
			// Whoever changes an entry and recomputes its hash breaks the next entry's link.
			c[1].Data = json.RawMessage(`{"owner":"18"}`)
			c[1].Hash, _ = squares.RecordEntryHash(c[1].PrevHash, c[1].Seq, c[1].At, c[1].Kind, c[1].Data)
			return c
		}, 3, "previous hash"},
		{"unknown kind", func(c []squares.RecordEntry) []squares.RecordEntry { c[0].Kind = "gift"; return c }, 1, "unknown kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := squares.CheckRecordChain(tt.tamper(chain(t)), squares.RecordZeroHash, 0)
			if f == nil || f.Seq != tt.seq || !strings.Contains(f.Reason, tt.reason) {
				t.Fatalf("fault %v, want entry %d: ...%s...", f, tt.seq, tt.reason)
			}
		})
	}
}

func TestRecordCheckpoints(t *testing.T) {
	pub, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := chain(t)
	cp := []squares.RecordCheckpoint{
		squares.SignCheckpoint(key, 9, 2, c[1].Hash, recordStart, "full"),
		squares.SignCheckpoint(key, 9, 4, c[3].Hash, recordStart, "drawn"),
	}
	if string(squares.CheckpointMessage(9, 2, c[1].Hash)) != `{"head":"`+c[1].Hash+`","pool":9,"seq":2}` {
		t.Fatalf("message %s", squares.CheckpointMessage(9, 2, c[1].Hash))
	}
	if f := squares.CheckCheckpoints(pub, 9, c, cp); f != nil {
		t.Fatalf("checkpoints fail: %v", f)
	}
	otherPub, otherKey, _ := ed25519.GenerateKey(nil)
	tests := []struct {
		name   string
		pub    ed25519.PublicKey
		pool   int64
		record []squares.RecordEntry
		cps    func() []squares.RecordCheckpoint
		seq    int64
		reason string
	}{
		{"another key", otherPub, 9, c, func() []squares.RecordCheckpoint { return cp }, 2, "signature"},
		{"signed by another key", pub, 9, c, func() []squares.RecordCheckpoint {
			return []squares.RecordCheckpoint{squares.SignCheckpoint(otherKey, 9, 2, c[1].Hash, recordStart, "full")}
		}, 2, "signature"},
		{"another pool", pub, 8, c, func() []squares.RecordCheckpoint { return cp }, 2, "pool 9"},
		{"record cut short", pub, 9, c[:3], func() []squares.RecordCheckpoint { return cp }, 4, "cut short"},
		{"record rewritten", pub, 9, func() []squares.RecordEntry {
			// The whole record rebuilt from a changed entry on: its chain holds, the signed head does not.
			r := chain(t)
			next, _ := squares.NextRecordEntry(&r[2], recordStart, squares.RecordScore, map[string]any{"period": 1, "home": 0, "away": 0})
			return append(r[:3], next)
		}(), func() []squares.RecordCheckpoint { return cp }, 4, "rewritten"},
		{"head changed in the checkpoint", pub, 9, c, func() []squares.RecordCheckpoint {
			bad := cp[1]
			bad.Head = c[2].Hash
			return []squares.RecordCheckpoint{bad}
		}, 4, "signature"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := squares.CheckCheckpoints(tt.pub, tt.pool, tt.record, tt.cps())
			if f == nil || f.Seq != tt.seq || !strings.Contains(f.Reason, tt.reason) {
				t.Fatalf("fault %v, want entry %d: ...%s...", f, tt.seq, tt.reason)
			}
		})
	}
}
