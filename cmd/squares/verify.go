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
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/store"
)

// publishedDraw is what a pool publishes about its draw, and who owns each square now.
type publishedDraw struct {
	PoolID      int64
	Commitment  string
	Seed        string
	HomeNumbers []int
	AwayNumbers []int
	// DrawInput is the ownership text the draw consumed, published with its SHA-256 (DrawInputSHA256);
	// empty for a pool drawn before draw inputs were stored.
	DrawInput       string
	DrawInputSHA256 string
	// Owners are the squares' owners now, in row-major order of a grid of Columns columns.
	Owners  []string
	Columns int
	// Sets are the pool's number sets when it draws one per paying period (the first is Seed's, with
	// HomeNumbers and AwayNumbers); nil for a pool drawn once.
	Sets []squares.NumberSet
	// Beacon is the drand round the draw mixed in (squares.BeaconOf); Chains are the chains the verifier
	// trusts besides quicknet and the development chain (SQUARES_DRAND_CHAIN's).
	Beacon squares.PoolBeacon
	Chains []*drand.Chain
}

// runVerifyDraw recomputes a pool's draw from its published seed and draw input, from the public API of a
// running server (--url) or from the database.
func runVerifyDraw(ctx context.Context, fs *flag.FlagSet, args []string, stdout io.Writer) error {
	t, err := parseVerifyArgs(fs, args, "verify-draw")
	if err != nil {
		return err
	}
	var d *publishedDraw
	if t.url != "" {
		d, err = fetchDraw(ctx, t.url, t.pool)
	} else {
		d, err = loadDraw(ctx, t.databaseURL, t.pool)
	}
	if err != nil {
		return err
	}
	d.Chains = append(d.Chains, t.chains...)
	return verifyDraw(d, stdout)
}

// verifyTarget is what verify-draw and verify-record are asked to check: a pool, read from the database or,
// with --url, from a running server's public API, and the beacon chain given in SQUARES_DRAND_CHAIN
// besides the ones a verifier knows (quicknet, the development chain).
type verifyTarget struct {
	pool        int64
	url         string // without a trailing slash; empty for the database
	databaseURL string
	chains      []*drand.Chain
}

// parseVerifyArgs reads a verify command's flags and its one argument, the pool id.
func parseVerifyArgs(fs *flag.FlagSet, args []string, command string) (*verifyTarget, error) {
	baseURL := fs.String("url", "", "verify through the public API of this server (https://...) instead of the database")
	cfg, err := parseConfig(fs, args)
	if err != nil {
		return nil, err
	}
	if fs.NArg() != 1 {
		return nil, fmt.Errorf("usage: squares %s [--url https://host] POOL_ID", command)
	}
	id, err := strconv.ParseInt(fs.Arg(0), 10, 64)
	if err != nil || id <= 0 {
		return nil, fmt.Errorf("pool id %q is not a positive number", fs.Arg(0))
	}
	t := &verifyTarget{pool: id, url: strings.TrimSuffix(*baseURL, "/"), databaseURL: cfg.DatabaseURL}
	if strings.TrimSpace(cfg.DrandChain) != "" {
		c, err := cfg.drandChain()
		if err != nil {
			return nil, err
		}
		t.chains = append(t.chains, c)
	}
	return t, nil
}

// verifyDraw checks the commitment, the draw input against its published hash, and the digits recomputed
// from the seed and the draw input, and says what it found. A pool drawn before draw inputs were stored is
// checked against the current owners, with a note. Squares that changed hands after the draw are reported,
// not failed: the draw consumed the ownership of its moment.
func verifyDraw(d *publishedDraw, w io.Writer) error {
	if d.Seed == "" {
		if d.Beacon.Status == squares.BeaconPending && d.Beacon.DueAt != nil {
			fmt.Fprintf(w, "beacon      pending round %d, due at %s\n", d.Beacon.Round, d.Beacon.DueAt.Format(time.RFC3339))
		}
		fmt.Fprintf(w, "pool %d: numbers not drawn yet; commitment %s\n", d.PoolID, d.Commitment)
		return fmt.Errorf("pool %d has no revealed seed yet", d.PoolID)
	}
	ok := true
	fail := func(format string, args ...any) {
		ok = false
		fmt.Fprintf(w, format+"\n", args...)
	}
	if got := squares.DrawCommitment(d.Seed); got == d.Commitment {
		fmt.Fprintf(w, "commitment  ok    sha256(seed) = %s\n", got)
	} else {
		fail("commitment  FAIL  sha256(seed) = %s, published %s", got, d.Commitment)
	}
	ownership := d.DrawInput
	var changes []squares.OwnerChange
	if ownership != "" {
		if got := squares.DrawInputSHA256(ownership); got == d.DrawInputSHA256 {
			fmt.Fprintf(w, "draw input  ok    sha256(drawInput) = %s\n", got)
		} else {
			fail("draw input  FAIL  sha256(drawInput) = %s, published %s", got, d.DrawInputSHA256)
		}
		if atDraw, err := squares.ParseGridOwnershipText(ownership, len(d.Owners)); err != nil {
			fail("draw input  FAIL  %v", err)
		} else {
			changes = squares.ChangedOwners(atDraw, d.Owners, d.Columns)
		}
	} else {
		ownership = squares.GridOwnershipText(d.Owners)
		fmt.Fprintf(w, "draw input  none  this pool was drawn before draw inputs were stored: checking against the\n"+
			"                  current owners, which match the draw only if no square changed hands since\n")
	}
	randomness := checkBeacon(d, w, fail)
	home, away := squares.DrawWithBeacon(d.Seed, d.PoolID, ownership, randomness)
	for _, c := range []struct {
		name           string
		got, published []int
	}{{"home (cols)", home, d.HomeNumbers}, {"away (rows)", away, d.AwayNumbers}} {
		if fmt.Sprint(c.got) == fmt.Sprint(c.published) {
			fmt.Fprintf(w, "%-11s ok    %s\n", c.name, squares.FormatDigits(c.got))
		} else {
			fail("%-11s FAIL  derived %s, published %s", c.name, squares.FormatDigits(c.got), squares.FormatDigits(c.published))
		}
	}
	if len(d.Sets) > 1 {
		var periods []string
		for _, s := range d.Sets {
			periods = append(periods, s.Period)
		}
		if d.Sets[0].SeedSHA256 != d.Commitment || d.Sets[0].Seed != d.Seed {
			fail("number sets FAIL  the first set is not the pool's committed seed")
		} else if err := squares.VerifyNumberSetsWithBeacon(d.Sets, d.PoolID, ownership, randomness); err != nil {
			fail("number sets FAIL  %v", err)
		} else {
			fmt.Fprintf(w, "number sets ok    %s: each seed against its commitment, each set's digits\n", strings.Join(periods, ", "))
		}
	}
	if len(changes) > 0 {
		fmt.Fprintf(w, "note        %s; the draw used the owners of its moment:\n", changedHands(changes))
		for _, c := range changes {
			how := ""
			if c.HouseTakeover() {
				how = " (house takeover)"
			}
			fmt.Fprintf(w, "            row %d column %d: %s at the draw, %s now%s\n", c.Row, c.Column, c.AtDraw, ownerOrNobody(c.Now), how)
		}
	}
	if !ok {
		if d.DrawInput == "" {
			return fmt.Errorf("pool %d: the published draw does not match its derivation from the current owners "+
				"(this pool has no stored draw input; a square that changed hands after the draw also gives this)", d.PoolID)
		}
		return fmt.Errorf("pool %d: the published draw does not match its derivation", d.PoolID)
	}
	fmt.Fprintf(w, "pool %d: the draw is verified\n", d.PoolID)
	return nil
}

// changedHands says how many squares changed hands, and how many of them the house took over.
func changedHands(changes []squares.OwnerChange) string {
	takeovers := 0
	for _, c := range changes {
		if c.HouseTakeover() {
			takeovers++
		}
	}
	s := fmt.Sprintf("%d squares changed hands after the draw", len(changes))
	if len(changes) == 1 {
		s = "1 square changed hands after the draw"
	}
	switch takeovers {
	case 0:
		return s
	case len(changes):
		return s + ": house takeover"
	}
	return fmt.Sprintf("%s (%d by house takeover)", s, takeovers)
}

func ownerOrNobody(id string) string {
	if id == "" {
		return "nobody"
	}
	return id
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
	grid := p.Grid()
	d := &publishedDraw{PoolID: p.ID, Commitment: p.DrawCommitment, HomeNumbers: p.HomeNumbers, AwayNumbers: p.AwayNumbers,
		Owners: make([]string, grid.Squares()), Columns: grid.Columns, Beacon: squares.BeaconOf(p.Pool)}
	if !p.NumbersGenerated() {
		return d, nil
	}
	d.Seed, d.DrawInput, d.DrawInputSHA256 = p.DrawSeed, p.DrawInput, p.DrawInputSHA256
	if len(p.NumberSets) > 1 {
		d.Sets = p.NumberSets
	}
	sqs, err := db.ListSquares(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, sq := range sqs {
		if sq.State == squares.SquareOwned {
			if c := (squares.Cell{Row: sq.Row, Column: sq.Column}); grid.Contains(c) {
				d.Owners[grid.Index(c)] = store.OwnerID(sq)
			}
		}
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
	var pool apiPool
	if err := get(fmt.Sprintf("/api/pools/%d", id), &pool); err != nil {
		return nil, err
	}
	if pool.DrawSeed == nil {
		return drawFromAPI(pool, nil)
	}
	var sqs []apiSquare
	if err := get(fmt.Sprintf("/api/pools/%d/squares", id), &sqs); err != nil {
		return nil, err
	}
	return drawFromAPI(pool, sqs)
}

// apiPool is what the verifier reads of GET /api/pools/{id}.
type apiPool struct {
	ID              int64               `json:"id"`
	DrawCommitment  string              `json:"drawCommitment"`
	DrawSeed        *string             `json:"drawSeed"`
	DrawInput       *string             `json:"drawInput"`
	DrawInputSHA256 *string             `json:"drawInputSha256"`
	HomeNumbers     []int               `json:"homeNumbers"`
	AwayNumbers     []int               `json:"awayNumbers"`
	Rows            int                 `json:"rows"`
	Columns         int                 `json:"columns"`
	NumberSets      []squares.NumberSet `json:"numberSets"`
	Beacon          *apiBeacon          `json:"beacon"`
}

// apiSquare is what the verifier reads of a square in GET /api/pools/{id}/squares.
type apiSquare struct {
	UserID string `json:"userId"`
	Row    int    `json:"row"`
	Column int    `json:"column"`
	Status string `json:"status"`
}

// drawFromAPI assembles a publication from the pool and its squares as the public API shows them.
func drawFromAPI(pool apiPool, sqs []apiSquare) (*publishedDraw, error) {
	grid, err := squares.GridOf(squares.Grid100)
	if pool.Rows > 0 && pool.Columns > 0 {
		grid, err = squares.GridOf(pool.Rows * pool.Columns)
	}
	if err != nil {
		return nil, fmt.Errorf("pool %d: %w", pool.ID, err)
	}
	d := &publishedDraw{PoolID: pool.ID, Commitment: pool.DrawCommitment, HomeNumbers: pool.HomeNumbers, AwayNumbers: pool.AwayNumbers,
		Owners: make([]string, grid.Squares()), Columns: grid.Columns, Beacon: pool.Beacon.domain()}
	if pool.DrawSeed == nil {
		return d, nil
	}
	if len(pool.NumberSets) > 1 {
		d.Sets = pool.NumberSets
		d.HomeNumbers, d.AwayNumbers = pool.NumberSets[0].HomeNumbers, pool.NumberSets[0].AwayNumbers
	}
	d.Seed = *pool.DrawSeed
	if pool.DrawInput != nil {
		d.DrawInput = *pool.DrawInput
	}
	if pool.DrawInputSHA256 != nil {
		d.DrawInputSHA256 = *pool.DrawInputSHA256
	}
	for _, sq := range sqs {
		c := squares.Cell{Row: sq.Row, Column: sq.Column}
		if !grid.Contains(c) {
			return nil, fmt.Errorf("square at %d,%d is off the grid", sq.Row, sq.Column)
		}
		if sq.Status == "" || sq.Status == squares.SquareOwned {
			d.Owners[grid.Index(c)] = sq.UserID
		}
	}
	return d, nil
}
