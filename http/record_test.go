package http_test

import (
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPoolRecordAPI: anyone who may see a pool reads its record, paged by ?after=, with the head; a pool
// they may not see is 404; the key of the checkpoints is at /.well-known/squares-record-key.
func TestPoolRecordAPI(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		g, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		visitor := s.client(t)

		var rec struct {
			Pool    int64 `json:"pool"`
			Entries []squares.RecordEntry
			Seq     int64  `json:"seq"`
			Head    string `json:"head"`
			More    bool   `json:"more"`
		}
		visitor.get(fmt.Sprintf("/api/pools/%d/record", pools[0].ID)).want(http.StatusOK).decode(&rec)
		if rec.Pool != pools[0].ID || len(rec.Entries) != 1 || rec.Entries[0].Kind != squares.RecordOpened || rec.Seq != 1 ||
			rec.Head != rec.Entries[0].Hash || rec.More {
			t.Fatalf("record %+v", rec)
		}
		if f := squares.CheckRecordChain(rec.Entries, squares.RecordZeroHash, 0); f != nil {
			t.Fatal(f)
		}
		visitor.get(fmt.Sprintf("/api/pools/%d/record?after=1", pools[0].ID)).want(http.StatusOK).decode(&rec)
		if len(rec.Entries) != 0 || rec.Seq != 1 {
			t.Fatalf("after the last entry: %+v", rec)
		}
		visitor.get(fmt.Sprintf("/api/pools/%d/record?after=-1", pools[0].ID)).wantError(http.StatusBadRequest, squares.EINVALID, "Invalid after: must be a seq, 0 or more.", "after", "Invalid after: must be a seq, 0 or more.")
		visitor.get(fmt.Sprintf("/api/pools/%d/record?after=x", pools[0].ID)).wantError(http.StatusBadRequest, squares.EINVALID, "Invalid after: must be a seq, 0 or more.", "after", "Invalid after: must be a seq, 0 or more.")

		// A private pool is seen by its members only; a draft by admins only.
		_, private := s.privatePoolOf(t, g)
		if r := visitor.get(fmt.Sprintf("/api/pools/%d/record", private.Pool.ID)); r.Status != http.StatusNotFound {
			t.Fatalf("a visitor read a private pool's record: %d %s", r.Status, r.Body)
		}
		if r := visitor.get(fmt.Sprintf("/api/pools/%d/record", pools[1].ID)); r.Status != http.StatusNotFound {
			t.Fatalf("a visitor read a draft pool's record: %d %s", r.Status, r.Body)
		}
		s.admin(t).get(fmt.Sprintf("/api/pools/%d/record", pools[1].ID)).want(http.StatusOK)

		var key struct{ Algorithm, PublicKey string }
		visitor.get("/.well-known/squares-record-key").want(http.StatusOK).decode(&key)
		pub, err := hex.DecodeString(key.PublicKey)
		if err != nil || key.Algorithm != "Ed25519" || !ed25519.PublicKey(pub).Equal(s.db.RecordPublicKey()) {
			t.Fatalf("record key %+v", key)
		}
	})
}
