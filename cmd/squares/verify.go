package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// publishedDraw is what a pool publishes about its draw, and who owned each square.
type publishedDraw struct {
	PoolID      int64
	Commitment  string
	Seed        string
	HomeNumbers []int
	AwayNumbers []int
	Owners      [squares.SquaresPerPool]string
}

// runVerifyDraw recomputes a pool's draw from its published seed and final ownership, from the public API
// of a running server (--url) or from the database.
func runVerifyDraw(ctx context.Context, fs *flag.FlagSet, args []string, stdout io.Writer) error {
	baseURL := fs.String("url", "", "verify through the public API of this server (https://...) instead of the database")
	cfg, err := parseConfig(fs, args)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: squares verify-draw [--url https://host] POOL_ID")
	}
	id, err := strconv.ParseInt(fs.Arg(0), 10, 64)
	if err != nil || id <= 0 {
		return fmt.Errorf("pool id %q is not a positive number", fs.Arg(0))
	}
	var d *publishedDraw
	if *baseURL != "" {
		d, err = fetchDraw(ctx, strings.TrimSuffix(*baseURL, "/"), id)
	} else {
		d, err = loadDraw(ctx, cfg.DatabaseURL, id)
	}
	if err != nil {
		return err
	}
	return verifyDraw(d, stdout)
}

// verifyDraw checks the commitment and the digits and says what it found.
func verifyDraw(d *publishedDraw, w io.Writer) error {
	if d.Seed == "" {
		fmt.Fprintf(w, "pool %d: numbers not drawn yet; commitment %s\n", d.PoolID, d.Commitment)
		return fmt.Errorf("pool %d has no revealed seed yet", d.PoolID)
	}
	ok := true
	if got := squares.DrawCommitment(d.Seed); got == d.Commitment {
		fmt.Fprintf(w, "commitment  ok    sha256(seed) = %s\n", got)
	} else {
		ok = false
		fmt.Fprintf(w, "commitment  FAIL  sha256(seed) = %s, published %s\n", got, d.Commitment)
	}
	home, away := squares.Draw(d.Seed, d.PoolID, d.Owners)
	for _, c := range []struct {
		name           string
		got, published []int
	}{{"home (cols)", home, d.HomeNumbers}, {"away (rows)", away, d.AwayNumbers}} {
		if fmt.Sprint(c.got) == fmt.Sprint(c.published) {
			fmt.Fprintf(w, "%-11s ok    %s\n", c.name, squares.FormatDigits(c.got))
		} else {
			ok = false
			fmt.Fprintf(w, "%-11s FAIL  derived %s, published %s\n", c.name, squares.FormatDigits(c.got), squares.FormatDigits(c.published))
		}
	}
	if !ok {
		return fmt.Errorf("pool %d: the published draw does not match its derivation", d.PoolID)
	}
	fmt.Fprintf(w, "pool %d: the draw is verified\n", d.PoolID)
	return nil
}

func loadDraw(ctx context.Context, url string, id int64) (*publishedDraw, error) {
	db := store.New(url)
	if err := db.Open(ctx); err != nil {
		return nil, err
	}
	defer db.Close()
	p, err := db.FindPool(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	d := &publishedDraw{PoolID: p.ID, Commitment: p.DrawCommitment, HomeNumbers: p.HomeNumbers, AwayNumbers: p.AwayNumbers}
	if !p.NumbersGenerated() {
		return d, nil
	}
	d.Seed = p.DrawSeed
	sqs, err := db.ListSquares(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, sq := range sqs {
		d.Owners[sq.Row*squares.GridSize+sq.Column] = store.OwnerID(sq)
	}
	return d, nil
}

func fetchDraw(ctx context.Context, base string, id int64) (*publishedDraw, error) {
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
	var pool struct {
		ID             int64   `json:"id"`
		DrawCommitment string  `json:"drawCommitment"`
		DrawSeed       *string `json:"drawSeed"`
		HomeNumbers    []int   `json:"homeNumbers"`
		AwayNumbers    []int   `json:"awayNumbers"`
	}
	if err := get(fmt.Sprintf("/api/pools/%d", id), &pool); err != nil {
		return nil, err
	}
	d := &publishedDraw{PoolID: pool.ID, Commitment: pool.DrawCommitment, HomeNumbers: pool.HomeNumbers, AwayNumbers: pool.AwayNumbers}
	if pool.DrawSeed == nil {
		return d, nil
	}
	d.Seed = *pool.DrawSeed
	var sqs []struct {
		UserID string `json:"userId"`
		Row    int    `json:"row"`
		Column int    `json:"column"`
	}
	if err := get(fmt.Sprintf("/api/pools/%d/squares", id), &sqs); err != nil {
		return nil, err
	}
	for _, sq := range sqs {
		if !squares.ValidCell(sq.Row, sq.Column) {
			return nil, fmt.Errorf("square at %d,%d is off the grid", sq.Row, sq.Column)
		}
		d.Owners[sq.Row*squares.GridSize+sq.Column] = sq.UserID
	}
	return d, nil
}
