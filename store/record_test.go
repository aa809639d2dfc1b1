package store_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestPoolRecord(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		db := store.New(url)
		if err := db.Open(ctx); err != nil {
			t.Fatal(err)
		}
		_, pools := addGame(t, db, "W12", time.Now().Add(48*time.Hour))
		p := pools[0]

		// A pool's record opens with what it is sold on.
		r, err := db.ReadPoolRecord(ctx, p.ID, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Entries) != 1 || r.Entries[0].Kind != squares.RecordOpened || r.Seq != 1 || r.Head != r.Entries[0].Hash {
			t.Fatalf("record of a new pool: %+v", r)
		}
		var open squares.RecordOpenData
		if err := json.Unmarshal(r.Entries[0].Data, &open); err != nil || open.DrawCommitment != p.DrawCommitment ||
			open.EntryFee != p.EntryFee.String() || open.Rules.Grid != 100 {
			t.Fatalf("opening entry %s (%v), pool commits %s", r.Entries[0].Data, err, p.DrawCommitment)
		}

		// Entries chain; pages follow each other; checkpoints verify with the key the database keeps.
		for i := range 4 {
			if err := db.AppendRecordForTest(ctx, p.ID, squares.RecordScore, map[string]int{"period": i + 1, "home": 7 * i, "away": 3}); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.CheckpointRecordForTest(ctx, p.ID, "drawn"); err != nil {
			t.Fatal(err)
		}
		page, err := db.ReadPoolRecord(ctx, p.ID, 0, 3)
		if err != nil || len(page.Entries) != 3 || !page.More || page.Seq != 5 {
			t.Fatalf("first page: %+v, %v", page, err)
		}
		rest, err := db.ReadPoolRecord(ctx, p.ID, 3, 3)
		if err != nil || len(rest.Entries) != 2 || rest.More {
			t.Fatalf("second page: %+v, %v", rest, err)
		}
		if f := squares.CheckRecordChain(rest.Entries, page.Entries[2].Hash, 3); f != nil {
			t.Fatalf("second page: %v", f)
		}
		all := append(page.Entries, rest.Entries...)
		if f := squares.CheckRecordChain(all, squares.RecordZeroHash, 0); f != nil {
			t.Fatalf("record: %v", f)
		}
		if len(rest.Checkpoints) != 1 || rest.Checkpoints[0].Seq != 5 || rest.Checkpoints[0].Reason != "drawn" {
			t.Fatalf("checkpoints %+v", rest.Checkpoints)
		}
		if f := squares.CheckCheckpoints(db.RecordPublicKey(), p.ID, all, rest.Checkpoints); f != nil {
			t.Fatalf("checkpoint: %v", f)
		}

		// The key is the database's own: another instance on it signs with the same key.
		other := store.New(url)
		if err := other.Open(ctx); err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		if !other.RecordPublicKey().Equal(db.RecordPublicKey()) {
			t.Fatal("two instances on one database have different record keys")
		}
		given := store.New(url)
		given.RecordKey = ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
		if err := given.Open(ctx); err != nil {
			t.Fatal(err)
		}
		defer given.Close()
		if given.RecordPublicKey().Equal(db.RecordPublicKey()) {
			t.Fatal("a given record key was not used")
		}

		// One entry changed behind the server's back: the chain names it.
		if err := db.Exec(ctx, `UPDATE pool_records SET data = $1 WHERE pool_id = $2 AND seq = 3`, `{"away":3,"home":70,"period":2}`, p.ID); err != nil {
			t.Fatal(err)
		}
		tampered, err := db.ReadPoolRecord(ctx, p.ID, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		if f := squares.CheckRecordChain(tampered.Entries, squares.RecordZeroHash, 0); f == nil || f.Seq != 3 || !strings.Contains(f.Reason, "changed") {
			t.Fatalf("tampered entry: fault %v", f)
		}
		db.Close()
	})
}

func TestDeletePoolDeletesItsRecord(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		_, pools := addGame(t, db, "W12", time.Now().Add(48*time.Hour))
		if err := db.DeletePool(ctx, pools[1].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ReadPoolRecord(ctx, pools[1].ID, 0, 10); squares.ErrorCode(err) != squares.ENOTFOUND {
			t.Fatalf("record of a deleted pool: %v", err)
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pool_records WHERE pool_id = $1`, []any{pools[1].ID}, &n); err != nil || n != 0 {
			t.Fatalf("%d entries left, %v", n, err)
		}
	})
}
