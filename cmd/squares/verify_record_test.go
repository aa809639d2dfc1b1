package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store/storetest"
)

// builtRecord builds the record of a paid pool played to the end on the development beacon, signed with
// a key of its own, and the pool as a server would show it.
func builtRecord(t *testing.T) *publishedRecord {
	t.Helper()
	const pool = 5
	pub, key, _ := ed25519.GenerateKey(nil)
	rec := &publishedRecord{Pool: pool, Key: pub}
	start := time.Date(2026, 11, 26, 18, 0, 0, 0, time.UTC)
	add := func(kind string, data any, checkpoint string) {
		var prev *squares.RecordEntry
		if n := len(rec.Entries); n > 0 {
			prev = &rec.Entries[n-1]
		}
		e, err := squares.NextRecordEntry(prev, start.Add(time.Duration(len(rec.Entries))*time.Second), kind, data)
		if err != nil {
			t.Fatal(err)
		}
		rec.Entries = append(rec.Entries, e)
		rec.Seq, rec.Head = e.Seq, e.Hash
		if checkpoint != "" {
			rec.Checkpoints = append(rec.Checkpoints, squares.SignCheckpoint(key, pool, e.Seq, e.Hash, start, checkpoint))
		}
	}
	seed := strings.Repeat("5a", 32)
	rules := squares.DefaultRules(squares.LeagueNFL)
	add(squares.RecordOpened, squares.RecordOpenData{Name: "Thanksgiving", GameID: 1, LeagueID: squares.LeagueNFL, EntryFee: "10.00",
		MaxSquaresPerPlayer: 50, Collection: squares.CollectionCard, FeePercent: 10, Rules: rules,
		DrawCommitment: squares.DrawCommitment(seed), NumberSets: []squares.RecordSetCommitment{{SeedSHA256: squares.DrawCommitment(seed)}}}, "")
	owners := make([]string, 100)
	for _, buyer := range []struct {
		id       string
		from, to int
	}{{"7", 0, 50}, {"12", 50, 100}} {
		var cells []squares.Cell
		for i := buyer.from; i < buyer.to; i++ {
			cells = append(cells, squares.Cell{Row: i / 10, Column: i % 10})
			owners[i] = buyer.id
		}
		pay := squares.RecordPaymentData{Payment: "pay_" + buyer.id, Owner: buyer.id, Amount: "500.00", Squares: cells}
		add(squares.RecordHeld, pay, "")
		add(squares.RecordTaken, squares.RecordTakenData{Squares: cells, Owner: buyer.id, By: squares.TakenPurchase,
			Payment: pay.Payment, Amount: "500.00"}, "")
	}
	ownership := squares.GridOwnershipText(owners)
	chain := drand.DevSigner().Chain().Info()
	lockedAt := start.Add(time.Duration(len(rec.Entries)) * time.Second)
	round := chain.LockRound(lockedAt)
	add(squares.RecordLocked, squares.RecordLockData{Ownership: ownership, OwnershipSHA256: squares.DrawInputSHA256(ownership),
		Beacon: squares.BeaconPending, Round: round, DueAt: chain.RoundTime(round).Format(time.RFC3339), ChainHash: chain.Hash, Dev: true}, "full")
	sig, err := drand.DevSigner().Sign(round)
	if err != nil {
		t.Fatal(err)
	}
	randomness, _ := squares.BeaconRandomness(sig)
	add(squares.RecordBeacon, squares.RecordBeaconData{Status: squares.BeaconVerified, Round: round, Signature: sig, Randomness: randomness}, "")
	set := squares.DrawNumberSetsWithBeacon([]squares.NumberSet{{Seed: seed, SeedSHA256: squares.DrawCommitment(seed)}}, pool, ownership, randomness)[0]
	add(squares.RecordDrawn, squares.RecordDrawData{Derivation: squares.DrawVersionBeacon, Ownership: ownership, Randomness: randomness,
		Sets: []squares.RecordDrawSet{{Seed: seed, HomeNumbers: set.HomeNumbers, AwayNumbers: set.AwayNumbers}}}, "drawn")
	for _, id := range []string{"7", "12"} {
		add(squares.RecordCaptured, squares.RecordPaymentData{Payment: "pay_" + id, Owner: id, Amount: "500.00"}, "")
	}
	ends := []squares.PeriodEnd{{Period: "Q1", Home: 7, Away: 0}, {Period: "Q2", Home: 14, Away: 3},
		{Period: "Q3", Home: 21, Away: 10}, {Period: "FINAL", Home: 27, Away: 24}}
	add(squares.RecordScore, squares.RecordScoreData{Status: squares.GameCompleted, Quarter: 4, HomeScore: 27, AwayScore: 24, Ends: ends}, "")
	taken := make([]bool, 100)
	for i := range taken {
		taken[i] = true
	}
	awards, err := squares.Awards(squares.AwardInput{Rules: rules, LeagueID: squares.LeagueNFL, PrizePool: 900_00, Taken: taken,
		NumberSets: []squares.NumberSet{set}, Ends: ends})
	if err != nil {
		t.Fatal(err)
	}
	rec.Shown = shownPool{Owners: owners, Fee: 100_00}
	for i, a := range awards {
		o := owners[a.Row*10+a.Column]
		add(squares.RecordPrize, squares.RecordPrizeData{Award: a.Key(), Kind: a.Kind, Period: a.Period, Row: a.Row, Column: a.Column,
			HomeScore: a.HomeScore, AwayScore: a.AwayScore, Owner: o, Amount: a.Amount.String(), Status: squares.WinnerCredited}, "")
		if i == 0 {
			add(squares.RecordFee, squares.RecordFeeData{Amount: "100.00", To: squares.AccountHouseFees}, "")
		}
		rec.Shown.Winners = append(rec.Shown.Winners, shownWinner{Award: a.Key(), Row: a.Row, Column: a.Column, Owner: o, Amount: a.Amount})
	}
	rec.Checkpoints = append(rec.Checkpoints, squares.SignCheckpoint(key, pool, rec.Seq, rec.Head, start, "completed"))
	return rec
}

// TestVerifyRecordBuilt: a good record of a played pool verifies, beacon signature included; the pool shown
// differing from its record (a square's owner, a winner's amount, a winner unrecorded or not shown, the fee)
// and a beacon signature of another round are named.
func TestVerifyRecordBuilt(t *testing.T) {
	var out bytes.Buffer
	if err := verifyRecord(builtRecord(t), &out); err != nil {
		t.Fatalf("a good record: %v\n%s", err, out.String())
	}
	t.Log(out.String())
	for _, want := range []string{"chain       ok    16 entries", "checkpoints ok    3 signed", "signature   ok", "round       ok",
		"totals      ok    money in $1000.00 = fee $100.00 + prizes $900.00 + refunds $0.00", "pool shown  ok",
		"pool 5: all 16 entries hold"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	tests := []struct {
		name   string
		change func(*publishedRecord)
		want   string
	}{
		{"a square's owner", func(r *publishedRecord) { r.Shown.Owners[34] = "12" },
			"square row 4, column 5: the pool shows owner 12; the record (entry 3, taken) says 7"},
		{"a square freed", func(r *publishedRecord) { r.Shown.Owners[99] = "" },
			"square row 10, column 10: the pool shows nobody; the record (entry 5, taken) says 12"},
		{"a prize amount", func(r *publishedRecord) { r.Shown.Winners[1].Amount = 250_00 },
			"winner of period:Q2: the pool shows row"},
		{"a winner not recorded", func(r *publishedRecord) {
			r.Shown.Winners = append(r.Shown.Winners, shownWinner{Award: "reverse:Q1", Amount: 1})
		}, "the pool shows a winner of reverse:Q1"},
		{"a winner not shown", func(r *publishedRecord) { r.Shown.Winners = r.Shown.Winners[1:] },
			"records a winner of period:Q1 that the pool does not show"},
		{"the fee", func(r *publishedRecord) { r.Shown.Fee = 90_00 },
			"the pool shows a fee of $90.00; the record (entry 13, fee) says $100.00"},
		{"a chain it does not know", func(r *publishedRecord) {
			r.Entries = rebuilt(t, r.Entries, 6, func(d map[string]any) { d["chainHash"] = strings.Repeat("ab", 32) })
			r.Head, r.Checkpoints = "", nil
		}, "is not one this verifier knows"},
	}
	// A record rewritten whole on another round's signature (its randomness, digits and prizes redone)
	// replays; only the signature's check against the chain's key catches it.
	rec := builtRecord(t)
	r, f := squares.ReplayRecord(squares.RecordReplayInput{Pool: rec.Pool, Entries: rec.Entries, Checkpoints: rec.Checkpoints, PublicKey: rec.Key})
	if f != nil {
		t.Fatal(f)
	}
	r.Beacon.Signature, _ = drand.DevSigner().Sign(r.Beacon.Round + 1)
	out.Reset()
	fail := func(what, format string, args ...any) error { return fmt.Errorf(what+": "+format, args...) }
	if err := checkRecordBeacon(r, nil, &out, fail); err == nil || !strings.HasPrefix(err.Error(), "signature: entry 7 (beacon): ") {
		t.Fatalf("another round's signature: %v\n%s", err, out.String())
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := builtRecord(t)
			tt.change(r)
			out.Reset()
			err := verifyRecord(r, &out)
			if err == nil || !strings.Contains(out.String(), tt.want) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\n%s\nwant ...%s...", err, out.String(), tt.want)
			}
		})
	}
}

// rebuilt is entries with entry seq's data changed and every hash from it on recomputed: a record
// rewritten whole, whose chain holds.
func rebuilt(t *testing.T, entries []squares.RecordEntry, seq int64, change func(map[string]any)) []squares.RecordEntry {
	t.Helper()
	out := make([]squares.RecordEntry, 0, len(entries))
	for _, e := range entries {
		var data any = e.Data
		if e.Seq == seq {
			var d map[string]any
			if err := json.Unmarshal(e.Data, &d); err != nil {
				t.Fatal(err)
			}
			change(d)
			data = d
		}
		var prev *squares.RecordEntry
		if len(out) > 0 {
			prev = &out[len(out)-1]
		}
		at, _ := time.Parse(time.RFC3339Nano, e.At)
		n, err := squares.NextRecordEntry(prev, at, e.Kind, data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}

// tamper runs a statement on the database at url behind the server's back.
func tamper(t *testing.T, url, query string, args ...any) {
	t.Helper()
	driver, dsn := "pgx", url
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		driver, dsn = "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)"
	}
	conn, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	res, err := conn.Exec(query, args...)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		t.Fatalf("%s changed nothing", query)
	}
}

// TestVerifyRecordOpened: a pool's record read from the database and through the public API verifies; an
// entry changed in the database behind the server's back is named; a bad pool id is refused.
func TestVerifyRecordOpened(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		db := openURL(t, url)
		p := storetest.OpenFreePool(t, db, time.Now().Add(96*time.Hour))
		id := strconv.FormatInt(p.ID, 10)
		var out bytes.Buffer
		if err := run(ctx, []string{"verify-record", "--database-url", url, id}, nil, &out, io.Discard); err != nil ||
			!strings.Contains(out.String(), "pool "+id+": all ") {
			t.Fatalf("verify from the database: %v\n%s", err, out.String())
		}
		srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err := srv.Open(); err != nil {
			t.Fatal(err)
		}
		defer srv.Close(ctx)
		out.Reset()
		if err := run(ctx, []string{"verify-record", "--url", srv.URL(), id}, nil, &out, io.Discard); err != nil ||
			!strings.Contains(out.String(), "pool "+id+": all ") {
			t.Fatalf("verify through the API: %v\n%s", err, out.String())
		}
		tamper(t, url, `UPDATE pool_records SET data = REPLACE(data, '"entryFee":"0.00"', '"entryFee":"1.00"') WHERE pool_id = $1 AND seq = 1`, p.ID)
		for _, args := range [][]string{{"--database-url", url}, {"--url", srv.URL()}} {
			out.Reset()
			err := run(ctx, append(append([]string{"verify-record"}, args...), id), nil, &out, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "entry 1 (opened): its hash does not match its content: the entry was changed") {
				t.Fatalf("%v: a changed entry: %v\n%s", args, err, out.String())
			}
		}
		for _, bad := range []string{"0", "x"} {
			if err := run(ctx, []string{"verify-record", "--database-url", url, bad}, nil, io.Discard, io.Discard); err == nil {
				t.Fatalf("pool id %q accepted", bad)
			}
		}
	})
}

// TestVerifyRecordPages: through the API, the record is read page after page (?after= the last seq read)
// and the squares and winners of a host's guest are named as the record names them.
func TestVerifyRecordPages(t *testing.T) {
	rec := builtRecord(t)
	// Square 0 is shown as a host's guest's is (guestId, no userId).
	guest := int64(3)
	var afters []string
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/pools/5/record", func(w http.ResponseWriter, r *http.Request) {
		after, _ := strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
		afters = append(afters, r.URL.Query().Get("after"))
		end := min(int(after)+4, len(rec.Entries))
		writeTestJSON(w, apiRecordPage{Pool: 5, Entries: rec.Entries[after:end], Seq: rec.Seq, Head: rec.Head,
			Checkpoints: rec.Checkpoints, More: end < len(rec.Entries)})
	})
	mux.HandleFunc("GET /.well-known/squares-record-key", func(w http.ResponseWriter, r *http.Request) {
		writeTestJSON(w, apiRecordKey{Algorithm: "Ed25519", PublicKey: hex.EncodeToString(rec.Key)})
	})
	mux.HandleFunc("GET /api/pools/5", func(w http.ResponseWriter, r *http.Request) {
		writeTestJSON(w, apiRecordPool{ID: 5, Rows: 10, Columns: 10, HouseFee: rec.Shown.Fee.String()})
	})
	mux.HandleFunc("GET /api/pools/5/squares", func(w http.ResponseWriter, r *http.Request) {
		var out []apiRecordSquare
		for i, o := range rec.Shown.Owners {
			sq := apiRecordSquare{UserID: &o, Row: i / 10, Column: i % 10, Status: squares.SquareOwned}
			if i == 0 {
				sq.UserID, sq.GuestID = nil, &guest
			}
			out = append(out, sq)
		}
		writeTestJSON(w, out)
	})
	mux.HandleFunc("GET /api/pools/5/winners", func(w http.ResponseWriter, r *http.Request) {
		var out []apiRecordWinner
		for _, wn := range rec.Shown.Winners {
			out = append(out, apiRecordWinner{Award: wn.Award, Row: wn.Row, Column: wn.Column, UserID: &wn.Owner, Amount: wn.Amount.String()})
		}
		writeTestJSON(w, out)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	got, err := fetchRecord(context.Background(), srv.URL, 5)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(afters, ",") != "0,4,8,12" || len(got.Entries) != len(rec.Entries) || got.Head != rec.Head {
		t.Fatalf("pages after %v: %d entries", afters, len(got.Entries))
	}
	if got.Shown.Owners[0] != "guest-3" || got.Shown.Owners[1] != rec.Shown.Owners[1] || got.Shown.Fee != rec.Shown.Fee ||
		len(got.Shown.Winners) != len(rec.Shown.Winners) || got.Shown.Winners[0] != rec.Shown.Winners[0] {
		t.Fatalf("shown %+v", got.Shown)
	}
	// The guest's square is not the record's player's: named.
	if err := verifyRecord(got, io.Discard); err == nil || !strings.Contains(err.Error(),
		"square row 1, column 1: the pool shows owner guest-3; the record (entry 3, taken) says 7") {
		t.Fatalf("a guest's square: %v", err)
	}
}

func writeTestJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}
