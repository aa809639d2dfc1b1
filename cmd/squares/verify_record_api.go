package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
)

// apiRecordPage is a page of GET /api/pools/{id}/record.
type apiRecordPage struct {
	Pool        int64                      `json:"pool"`
	Entries     []squares.RecordEntry      `json:"entries"`
	Seq         int64                      `json:"seq"`
	Head        string                     `json:"head"`
	Checkpoints []squares.RecordCheckpoint `json:"checkpoints"`
	More        bool                       `json:"more"`
}

// apiRecordKey is GET /.well-known/squares-record-key.
type apiRecordKey struct {
	Algorithm string `json:"algorithm"`
	PublicKey string `json:"publicKey"`
}

// apiRecordPool is what verify-record reads of GET /api/pools/{id}.
type apiRecordPool struct {
	ID       int64  `json:"id"`
	Rows     int    `json:"rows"`
	Columns  int    `json:"columns"`
	HouseFee string `json:"houseFee"`
}

// apiRecordSquare is a square of GET /api/pools/{id}/squares: a player's (userId, "admin" for the house)
// or a host's guest's (guestId).
type apiRecordSquare struct {
	UserID  *string `json:"userId"`
	GuestID *int64  `json:"guestId"`
	Row     int     `json:"row"`
	Column  int     `json:"column"`
	Status  string  `json:"status"`
}

// apiRecordWinner is a winner of GET /api/pools/{id}/winners.
type apiRecordWinner struct {
	Award   string  `json:"award"`
	Row     int     `json:"row"`
	Column  int     `json:"column"`
	UserID  *string `json:"userId"`
	GuestID *int64  `json:"guestId"`
	Amount  string  `json:"amount"`
}

// ownerOf names the owner of a square or a winner as the record does.
func ownerOf(user *string, guest *int64) string {
	switch {
	case user != nil:
		return *user
	case guest != nil:
		return fmt.Sprintf("guest-%d", *guest)
	}
	return ""
}

// fetchRecord reads a pool's whole record (every page), the key that signs its checkpoints and the pool as
// shown through the public API of a running server.
func fetchRecord(ctx context.Context, base string, id int64) (*publishedRecord, error) {
	client := &http.Client{Timeout: 15 * time.Second}
	get := func(path string, v any) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
			return fmt.Errorf("GET %s: %s: %s", path, resp.Status, b)
		}
		return json.NewDecoder(resp.Body).Decode(v)
	}
	rec := &publishedRecord{Pool: id}
	for after := int64(0); ; {
		var page apiRecordPage
		if err := get(fmt.Sprintf("/api/pools/%d/record?after=%d", id, after), &page); err != nil {
			return nil, err
		}
		rec.Entries = append(rec.Entries, page.Entries...)
		rec.Seq, rec.Head, rec.Checkpoints = page.Seq, page.Head, page.Checkpoints
		if !page.More || len(page.Entries) == 0 {
			break
		}
		after = page.Entries[len(page.Entries)-1].Seq
	}
	var key apiRecordKey
	if err := get("/.well-known/squares-record-key", &key); err != nil {
		return nil, err
	}
	pub, err := hex.DecodeString(key.PublicKey)
	if err != nil || key.Algorithm != "Ed25519" || len(pub) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("the record key %q (%s) is not an Ed25519 public key", key.PublicKey, key.Algorithm)
	}
	rec.Key = pub
	var pool apiRecordPool
	if err := get(fmt.Sprintf("/api/pools/%d", id), &pool); err != nil {
		return nil, err
	}
	grid, err := squares.GridOf(squares.Grid100)
	if pool.Rows > 0 && pool.Columns > 0 {
		grid, err = squares.GridOf(pool.Rows * pool.Columns)
	}
	if err != nil {
		return nil, fmt.Errorf("pool %d: %w", id, err)
	}
	if rec.Shown.Fee, err = squares.ParseDollars(pool.HouseFee); err != nil {
		return nil, fmt.Errorf("pool %d: house fee: %w", id, err)
	}
	rec.Shown.Owners = make([]string, grid.Squares())
	var sqs []apiRecordSquare
	if err := get(fmt.Sprintf("/api/pools/%d/squares", id), &sqs); err != nil {
		return nil, err
	}
	for _, sq := range sqs {
		c := squares.Cell{Row: sq.Row, Column: sq.Column}
		if !grid.Contains(c) {
			return nil, fmt.Errorf("square at %d,%d is off the grid", sq.Row, sq.Column)
		}
		if sq.Status == "" || sq.Status == squares.SquareOwned {
			rec.Shown.Owners[grid.Index(c)] = ownerOf(sq.UserID, sq.GuestID)
		}
	}
	var ws []apiRecordWinner
	if err := get(fmt.Sprintf("/api/pools/%d/winners", id), &ws); err != nil {
		return nil, err
	}
	for _, wn := range ws {
		amount, err := squares.ParseDollars(wn.Amount)
		if err != nil {
			return nil, fmt.Errorf("winner of %s: %w", wn.Award, err)
		}
		rec.Shown.Winners = append(rec.Shown.Winners, shownWinner{Award: wn.Award, Row: wn.Row, Column: wn.Column,
			Owner: ownerOf(wn.UserID, wn.GuestID), Amount: amount})
	}
	return rec, nil
}
