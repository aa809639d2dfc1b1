package http_test

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
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
		// Opened, then opened for sale (the action of activate).
		visitor.get(fmt.Sprintf("/api/pools/%d/record", pools[0].ID)).want(http.StatusOK).decode(&rec)
		if rec.Pool != pools[0].ID || len(rec.Entries) != 2 || rec.Entries[0].Kind != squares.RecordOpened ||
			rec.Entries[1].Kind != squares.RecordAction || rec.Seq != 2 || rec.Head != rec.Entries[1].Hash || rec.More {
			t.Fatalf("record %+v", rec)
		}
		if f := squares.CheckRecordChain(rec.Entries, squares.RecordZeroHash, 0); f != nil {
			t.Fatal(f)
		}
		visitor.get(fmt.Sprintf("/api/pools/%d/record?after=2", pools[0].ID)).want(http.StatusOK).decode(&rec)
		if len(rec.Entries) != 0 || rec.Seq != 2 {
			t.Fatalf("after the last entry: %+v", rec)
		}

		// The pool's JSON (and the lists') carries where its record stands: no checkpoint before the lock, then
		// the drawn one, signed by the server's key.
		type head struct {
			ID     int64              `json:"id"`
			Record squares.RecordHead `json:"record"`
		}
		var pool head
		visitor.get(fmt.Sprintf("/api/pools/%d", pools[0].ID)).want(http.StatusOK).decode(&pool)
		if pool.Record.Seq != 2 || pool.Record.Head != rec.Head || pool.Record.Checkpoint != nil {
			t.Fatalf("pool's record before the lock: %+v", pool.Record)
		}
		for i := 0; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
			u := &squares.User{Email: fmt.Sprintf("rec%d-%d@example.com", pools[0].ID, i), PasswordHash: "x", FirstName: "Rec",
				LastName: "Tester", DateOfBirth: "1990-01-01", ResidenceState: "NY", ResidenceCountry: "US",
				IsAgeVerified: true, IsEligibleToBet: true}
			if err := s.db.CreateUser(context.Background(), u); err != nil {
				t.Fatal(err)
			}
			cells := make([]squares.Cell, 0, squares.PublicSquaresPerPlayer)
			for j := i; j < i+squares.PublicSquaresPerPlayer; j++ {
				cells = append(cells, squares.Cell{Row: j / 10, Column: j % 10})
			}
			if _, err := s.db.ClaimSquares(context.Background(), store.Claim{PoolID: pools[0].ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		visitor.get(fmt.Sprintf("/api/pools/%d/record", pools[0].ID)).want(http.StatusOK).decode(&rec)
		visitor.get(fmt.Sprintf("/api/pools/%d", pools[0].ID)).want(http.StatusOK).decode(&pool)
		c := pool.Record.Checkpoint
		if pool.Record.Seq != rec.Seq || pool.Record.Head != rec.Head || c == nil || c.Reason != "drawn" || c.Seq != rec.Seq ||
			c.Head != rec.Head || c.Pool != pools[0].ID || !squares.VerifyCheckpoint(s.db.RecordPublicKey(), *c) {
			t.Fatalf("pool's record once drawn: %+v (checkpoint %+v), record seq %d", pool.Record, c, rec.Seq)
		}
		var list []head
		visitor.get("/api/pools").want(http.StatusOK).decode(&list)
		for _, p := range list {
			if p.ID == pools[0].ID && (p.Record.Seq != rec.Seq || p.Record.Checkpoint == nil || *p.Record.Checkpoint != *c) {
				t.Fatalf("listed pool's record %+v", p.Record)
			}
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
