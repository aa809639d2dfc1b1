package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// poolRecord reads a pool's whole record page by page and checks it as a verifier would first: the chain
// from its start, and every checkpoint against the database's key. It returns the entries and checkpoints.
func poolRecord(t *testing.T, db *store.DB, poolID int64) ([]squares.RecordEntry, []squares.RecordCheckpoint) {
	t.Helper()
	var entries []squares.RecordEntry
	var checkpoints []squares.RecordCheckpoint
	var after int64
	for {
		page, err := db.ReadPoolRecord(context.Background(), poolID, after, 7)
		if err != nil {
			t.Fatal(err)
		}
		entries, checkpoints = append(entries, page.Entries...), page.Checkpoints
		if !page.More {
			if page.Seq != int64(len(entries)) || len(entries) > 0 && page.Head != entries[len(entries)-1].Hash {
				t.Fatalf("record head seq %d %s, %d entries read", page.Seq, page.Head, len(entries))
			}
			break
		}
		after = page.Entries[len(page.Entries)-1].Seq
	}
	if f := squares.CheckRecordChain(entries, squares.RecordZeroHash, 0); f != nil {
		t.Fatalf("record of pool %d: %v", poolID, f)
	}
	if f := squares.CheckCheckpoints(db.RecordPublicKey(), poolID, entries, checkpoints); f != nil {
		t.Fatalf("checkpoints of pool %d: %v", poolID, f)
	}
	if len(entries) == 0 || entries[0].Kind != squares.RecordOpened {
		t.Fatalf("record of pool %d does not open with its opening", poolID)
	}
	return entries, checkpoints
}

// recordKinds names the kinds of entries in order, runs of one kind written once with their count
// ("taken x3").
func recordKinds(entries []squares.RecordEntry) string {
	var out []string
	for i := 0; i < len(entries); {
		j := i
		for j < len(entries) && entries[j].Kind == entries[i].Kind {
			j++
		}
		if j-i > 1 {
			out = append(out, fmt.Sprintf("%s x%d", entries[i].Kind, j-i))
		} else {
			out = append(out, entries[i].Kind)
		}
		i = j
	}
	return strings.Join(out, ", ")
}

// entriesOf decodes the data of every entry of a kind.
func entriesOf[T any](t *testing.T, entries []squares.RecordEntry, kind string) []T {
	t.Helper()
	var out []T
	for _, e := range entries {
		if e.Kind != kind {
			continue
		}
		var d T
		if err := json.Unmarshal(e.Data, &d); err != nil {
			t.Fatalf("entry %d (%s): %v", e.Seq, kind, err)
		}
		out = append(out, d)
	}
	return out
}

// replayOwners replays the ownership of a grid from the taken and released entries, as a verifier does:
// a taken square must be free (except in a takeover or a join, which replace the owner named), a freed
// square must be the payment's owner's.
func replayOwners(t *testing.T, entries []squares.RecordEntry, grid squares.Grid) []string {
	t.Helper()
	owners := make([]string, grid.Squares())
	for _, e := range entries {
		switch e.Kind {
		case squares.RecordTaken:
			var d squares.RecordTakenData
			_ = json.Unmarshal(e.Data, &d)
			for _, c := range d.Squares {
				i := grid.Index(c)
				want := ""
				if d.By == squares.TakenTakeover || d.By == squares.TakenJoin {
					want = d.From
				}
				if owners[i] != want {
					t.Fatalf("entry %d (taken by %s): square %v is %q's, want %q", e.Seq, d.By, c, owners[i], want)
				}
				owners[i] = d.Owner
			}
		case squares.RecordReleased, squares.RecordRefunded:
			var d squares.RecordPaymentData
			_ = json.Unmarshal(e.Data, &d)
			if !d.Freed {
				continue
			}
			for _, c := range d.Squares {
				if owners[grid.Index(c)] != d.Owner {
					t.Fatalf("entry %d (%s): square %v is %q's, not %q's", e.Seq, e.Kind, c, owners[grid.Index(c)], d.Owner)
				}
				owners[grid.Index(c)] = ""
			}
		}
	}
	return owners
}

// buy checks out cells of a paid pool for a player and has the payment confirmed (held): the squares are
// theirs.
func buy(t *testing.T, db *store.DB, id string, u *squares.User, p *squares.PoolView, cells []squares.Cell) *store.ConfirmResult {
	t.Helper()
	ctx := context.Background()
	price := p.EntryFee * squares.Cents(len(cells))
	pay, err := db.BeginCheckout(ctx, store.Checkout{ID: id, Provider: "sandbox", User: u, PoolID: p.ID, Cells: cells, Amount: price})
	if err != nil {
		t.Fatalf("checkout %s: %v", id, err)
	}
	res, err := db.ConfirmPayment(ctx, pay.ID, &squares.ProviderPayment{ID: "pi_" + pay.ID,
		Status: squares.ProviderRequiresCapture, Amount: price, Currency: squares.Currency}, squares.Eligibility{})
	if err != nil {
		t.Fatalf("confirm %s: %v", id, err)
	}
	return res
}

// TestRecordOfAPlayedPool: a paid pool played from open to completed, with the development beacon, records
// every change in order (purchases held and taken, a payment released and its squares freed, the lock,
// the beacon, the draw, captures, every score, each prize and the fee, a claim and its payout), each
// checkpoint at its change, and what it records replays: the ownership, the draw, the prizes, the fee
// and the money.
func TestRecordOfAPlayedPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		signer := drand.DevSigner()
		chain := signer.Chain().Info()
		db.Beacon = store.BeaconConfig{Chain: &chain, Dev: true}
		g, pools := addGame(t, db, "W12", t0.Add(48*time.Hour))
		p := setStatus(t, db, pools[2].ID, squares.PoolActive) // $5 a square

		// A purchase released before the draw frees its squares; a later buyer takes them.
		first := addPlayer(t, db, "first")
		buy(t, db, "pay_rec_first", first, p, cellsFrom(0, 5))
		if _, err := db.ReleasePayment(ctx, "pay_rec_first", "The card was declined."); err != nil {
			t.Fatal(err)
		}
		var pays []string
		var res *store.ConfirmResult
		for i := 0; i < 100; i += 5 {
			id := fmt.Sprintf("pay_rec_%d", i)
			res = buy(t, db, id, addPlayer(t, db, "buyer"), p, cellsFrom(i, 5))
			pays = append(pays, id)
		}
		if !res.Drew || res.Pool.Beacon.Status != squares.BeaconPending {
			t.Fatalf("the last purchase locked nothing: drew %v, beacon %+v", res.Drew, res.Pool.Beacon)
		}
		entries, checkpoints := poolRecord(t, db, p.ID)
		if got := checkpoints[len(checkpoints)-1]; got.Reason != "full" || got.Seq != int64(len(entries)) ||
			entries[len(entries)-1].Kind != squares.RecordLocked {
			t.Fatalf("at the lock: checkpoint %+v, last entry %s", got, entries[len(entries)-1].Kind)
		}

		// The round comes; the beacon worker draws with it.
		round := res.Pool.Beacon.Round
		clock.Set(res.Pool.Beacon.DueAt.Add(time.Second))
		sig, err := signer.Sign(round)
		if err != nil {
			t.Fatal(err)
		}
		b, err := signer.Chain().Verify(round, sig)
		if err != nil {
			t.Fatal(err)
		}
		if drew, err := db.DrawWithBeacon(ctx, p.ID, round, b.Signature, b.Randomness); err != nil || !drew {
			t.Fatalf("draw with the beacon: %v, %v", drew, err)
		}
		for _, id := range pays {
			if err := db.MarkCaptured(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range game {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		// A report repeated changes nothing, in the record neither.
		before, _ := poolRecord(t, db, p.ID)
		if _, err := db.ApplyScore(ctx, g.ID, game[len(game)-1]); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CatchUpGame(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
		if after, _ := poolRecord(t, db, p.ID); len(after) != len(before) {
			t.Fatalf("a repeated report appended %s", recordKinds(after[len(before):]))
		}
		ws, err := db.ListWinners(ctx, p.ID)
		if err != nil || len(ws) != 4 {
			t.Fatalf("winners %d, %v", len(ws), err)
		}
		zs, err := db.ListUserPrizes(ctx, ws[0].UserID)
		if err != nil || len(zs) == 0 {
			t.Fatalf("prizes of Q1's winner: %v, %v", zs, err)
		}
		if _, err := db.ClaimPrize(ctx, ws[0].UserID, zs[len(zs)-1].ID, true); err != nil {
			t.Fatal(err)
		}

		entries, checkpoints = poolRecord(t, db, p.ID)
		// The admin's opening of the sale; the scores: the kickoff (0-0), 7-0, 7-3, then each period's end with
		// its prize (the first with the fee), 14-3 between Q2's start and end.
		want := "opened, action, held, taken, released, " + strings.Repeat("held, taken, ", 20) + "locked, beacon, drawn, " +
			"captured x20, score x4, fee, prize, score x2, prize, score, prize, score, prize, claim, payout"
		if got := recordKinds(entries); got != recordKinds(expand(want)) {
			t.Fatalf("record kinds:\n got %s\nwant %s", got, recordKinds(expand(want)))
		}
		var reasons []string
		for _, c := range checkpoints {
			reasons = append(reasons, c.Reason)
		}
		if got := strings.Join(reasons, ", "); got != "full, drawn, settled Q1, settled Q2, settled Q3, settled FINAL, completed" {
			t.Fatalf("checkpoints: %s", got)
		}

		// What the record says replays against the pool as the database holds it.
		pool, err := db.FindPool(ctx, p.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		owners := replayOwners(t, entries, pool.Grid())
		locked := entriesOf[squares.RecordLockData](t, entries, squares.RecordLocked)[0]
		if text := squares.GridOwnershipText(owners); locked.Ownership != text || text != pool.DrawInput ||
			locked.OwnershipSHA256 != pool.DrawInputSHA256 || locked.Round != round || locked.Beacon != squares.BeaconPending ||
			!locked.Dev || locked.ChainHash != chain.Hash {
			t.Fatalf("locked %+v; replayed ownership %s; pool's draw input %s", locked, text, pool.DrawInput)
		}
		beacon := entriesOf[squares.RecordBeaconData](t, entries, squares.RecordBeacon)[0]
		if beacon.Status != squares.BeaconVerified || beacon.Round != round || beacon.Signature != b.Signature ||
			beacon.Randomness != b.Randomness {
			t.Fatalf("beacon %+v", beacon)
		}
		drawn := entriesOf[squares.RecordDrawData](t, entries, squares.RecordDrawn)[0]
		sets := squares.DrawNumberSetsWithBeacon(pool.NumberSets, pool.ID, drawn.Ownership, drawn.Randomness)
		if drawn.Derivation != squares.DrawVersionBeacon || drawn.Randomness != b.Randomness || len(drawn.Sets) != len(sets) {
			t.Fatalf("drawn %+v", drawn)
		}
		open := entriesOf[squares.RecordOpenData](t, entries, squares.RecordOpened)[0]
		for i, s := range drawn.Sets {
			if squares.DrawCommitment(s.Seed) != open.NumberSets[i].SeedSHA256 || !slices.Equal(s.HomeNumbers, sets[i].HomeNumbers) ||
				!slices.Equal(s.AwayNumbers, sets[i].AwayNumbers) || !slices.Equal(s.HomeNumbers, pool.NumberSets[i].HomeNumbers) {
				t.Fatalf("drawn set %d %+v does not replay", i, s)
			}
		}
		// Each prize is a winner, with its square's owner; the fee is the pool's; money in = fee + prizes.
		prizes := entriesOf[squares.RecordPrizeData](t, entries, squares.RecordPrize)
		var paidOut squares.Cents
		for i, w := range ws {
			z := prizes[i]
			owner := owners[pool.Grid().Index(squares.Cell{Row: w.Row, Column: w.Column})]
			if z.Award != w.Award || z.Row != w.Row || z.Column != w.Column || z.Amount != w.Amount.String() ||
				z.Owner != strconv.FormatInt(w.UserID, 10) || z.Owner != owner || z.Period != w.PeriodCode {
				t.Fatalf("prize %+v, winner %+v (owner %s)", z, w, owner)
			}
			paidOut += w.Amount
		}
		fees := entriesOf[squares.RecordFeeData](t, entries, squares.RecordFee)
		if len(fees) != 1 || fees[0].Amount != pool.HouseFee().String() || fees[0].To != squares.AccountHouseFees {
			t.Fatalf("fee %+v, pool's %s", fees, pool.HouseFee())
		}
		var in squares.Cents
		for _, d := range entriesOf[squares.RecordPaymentData](t, entries, squares.RecordCaptured) {
			c, err := squares.ParseDollars(d.Amount)
			if err != nil {
				t.Fatal(err)
			}
			in += c
		}
		if in != pool.HouseFee()+paidOut || in != 100*p.EntryFee {
			t.Fatalf("money in %s, fee %s + prizes %s", in, pool.HouseFee(), paidOut)
		}
		claim := entriesOf[squares.RecordPrizeActData](t, entries, squares.RecordClaim)[0]
		payout := entriesOf[squares.RecordPrizeActData](t, entries, squares.RecordPayout)[0]
		if claim.Award != ws[0].Award || claim.Amount != ws[0].Amount.String() || payout.Status != squares.PrizePaid ||
			payout.Award != ws[0].Award || payout.Owner != claim.Owner {
			t.Fatalf("claim %+v, payout %+v", claim, payout)
		}
		scores := entriesOf[squares.RecordScoreData](t, entries, squares.RecordScore)
		if last := scores[len(scores)-1]; last.Status != squares.GameCompleted || last.HomeScore != 24 || len(last.Ends) != 4 {
			t.Fatalf("last score %+v", last)
		}
		// The pool as read carries its record's head.
		if pool.Record.Seq != int64(len(entries)) || pool.Record.Head != entries[len(entries)-1].Hash {
			t.Fatalf("pool's record head %+v, record %d entries", pool.Record, len(entries))
		}
	})
}

// expand writes "kind xN" as N kinds, for recordKinds to compare.
func expand(kinds string) []squares.RecordEntry {
	var out []squares.RecordEntry
	for _, k := range strings.Split(kinds, ", ") {
		n := 1
		if name, count, ok := strings.Cut(k, " x"); ok {
			k, n = name, atoi(count)
		}
		for range n {
			out = append(out, squares.RecordEntry{Kind: k})
		}
	}
	return out
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// TestRecordOfACancelledPool: a paid pool cancelled records the cancellation (and the admin's act), signs
// it, and then each payment's return: a held one released with its squares kept (the pool is over), the
// captured ones refunded; the refunds are the money that came in.
func TestRecordOfACancelledPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(48*time.Hour))
		p := setStatus(t, db, pools[1].ID, squares.PoolActive)
		for i := range 3 {
			buy(t, db, fmt.Sprintf("pay_cancel_%d", i), addPlayer(t, db, "buyer"), p, cellsFrom(5*i, 5))
		}
		for _, id := range []string{"pay_cancel_0", "pay_cancel_1"} {
			if err := db.MarkCaptured(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.CancelPool(ctx, p.ID, "The game moved to another day."); err != nil {
			t.Fatal(err)
		}
		entries, checkpoints := poolRecord(t, db, p.ID)
		if n := len(checkpoints); n != 1 || checkpoints[0].Reason != "cancelled" || entries[checkpoints[0].Seq-1].Kind != squares.RecordCancelled {
			t.Fatalf("checkpoints %+v", checkpoints)
		}
		if _, err := db.ReleasePayment(ctx, "pay_cancel_2", "The pool was cancelled."); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"pay_cancel_0", "pay_cancel_1"} {
			if err := db.MarkRefunded(ctx, id, "The pool was cancelled."); err != nil {
				t.Fatal(err)
			}
		}
		entries, _ = poolRecord(t, db, p.ID)
		want := "opened, action, held, taken, held, taken, held, taken, captured x2, cancelled, action, released, refunded x2"
		if got := recordKinds(entries); got != want {
			t.Fatalf("record kinds:\n got %s\nwant %s", got, want)
		}
		cancel := entriesOf[squares.RecordCancelData](t, entries, squares.RecordCancelled)[0]
		actions := entriesOf[squares.RecordActionData](t, entries, squares.RecordAction)
		if cancel.Reason != "The game moved to another day." || actions[1].Action != "pool.cancel" || actions[1].Reason != cancel.Reason {
			t.Fatalf("cancelled %+v, actions %+v", cancel, actions)
		}
		released := entriesOf[squares.RecordPaymentData](t, entries, squares.RecordReleased)[0]
		if released.Freed || released.Payment != "pay_cancel_2" || len(released.Squares) != 5 {
			t.Fatalf("released %+v", released)
		}
		var in, out squares.Cents
		for _, d := range entriesOf[squares.RecordPaymentData](t, entries, squares.RecordCaptured) {
			c, _ := squares.ParseDollars(d.Amount)
			in += c
		}
		for _, d := range entriesOf[squares.RecordPaymentData](t, entries, squares.RecordRefunded) {
			c, _ := squares.ParseDollars(d.Amount)
			out += c
			if d.Freed {
				t.Fatalf("refund of a cancelled pool frees squares: %+v", d)
			}
		}
		if in != out || in != 10*p.EntryFee {
			t.Fatalf("captured %s, refunded %s", in, out)
		}
	})
}

// TestRecordOfAHouseFill: the house fills a paid pool, paying for its squares (taken by house), which locks
// and draws it (beacon off: locked, drawn); a held payment released after the draw is taken over by the
// house (released, its squares kept, then taken by takeover from the buyer). Refused changes append
// nothing.
func TestRecordOfAHouseFill(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(48*time.Hour))
		p := setStatus(t, db, pools[1].ID, squares.PoolActive)
		buyers := make([]*squares.User, 4)
		for i := range buyers {
			buyers[i] = addPlayer(t, db, "buyer")
			buy(t, db, fmt.Sprintf("pay_fill_%d", i), buyers[i], p, cellsFrom(5*i, 5))
		}
		before, _ := poolRecord(t, db, p.ID)
		// Refused: a square taken, a house fill of the wrong count, a release of a captured payment.
		_, err := db.BeginCheckout(ctx, store.Checkout{ID: "pay_fill_x", Provider: "sandbox", User: addPlayer(t, db, "late"),
			PoolID: p.ID, Cells: cellsFrom(0, 1), Amount: p.EntryFee})
		wantCode(t, err, squares.ECONFLICT, "")
		_, err = db.HouseFill(ctx, p.ID, 79)
		wantCode(t, err, squares.ECONFLICT, "")
		if err := db.MarkCaptured(ctx, "pay_fill_3"); err != nil {
			t.Fatal(err)
		}
		_, err = db.ReleasePayment(ctx, "pay_fill_3", "no")
		wantCode(t, err, squares.ECONFLICT, "")
		if after, _ := poolRecord(t, db, p.ID); recordKinds(after) != recordKinds(before)+", captured" {
			t.Fatalf("refused changes appended: %s", recordKinds(after[len(before):]))
		}

		if _, err := db.HouseFill(ctx, p.ID, 80); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ReleasePayment(ctx, "pay_fill_0", "The authorisation lapsed."); err != nil {
			t.Fatal(err)
		}
		entries, checkpoints := poolRecord(t, db, p.ID)
		want := "opened, action, " + strings.Repeat("held, taken, ", 4) + "captured, taken, locked, drawn, action, released, taken"
		if got := recordKinds(entries); got != want {
			t.Fatalf("record kinds:\n got %s\nwant %s", got, want)
		}
		if len(checkpoints) != 2 || checkpoints[0].Reason != "full" || checkpoints[1].Reason != "drawn" {
			t.Fatalf("checkpoints %+v", checkpoints)
		}
		taken := entriesOf[squares.RecordTakenData](t, entries, squares.RecordTaken)
		house, takeover := taken[4], taken[5]
		if house.By != squares.TakenHouse || house.Owner != squares.HouseUserID || len(house.Squares) != 80 ||
			house.Amount != (80*p.EntryFee).String() {
			t.Fatalf("house fill %+v", house)
		}
		if takeover.By != squares.TakenTakeover || takeover.From != strconv.FormatInt(buyers[0].ID, 10) ||
			takeover.Owner != squares.HouseUserID || takeover.Amount != (5*p.EntryFee).String() {
			t.Fatalf("takeover %+v", takeover)
		}
		locked := entriesOf[squares.RecordLockData](t, entries, squares.RecordLocked)[0]
		pool, _ := db.FindPool(ctx, p.ID, 0)
		if locked.Beacon != squares.BeaconOff || locked.Round != 0 || locked.Ownership != pool.DrawInput {
			t.Fatalf("locked %+v", locked)
		}
		if drawn := entriesOf[squares.RecordDrawData](t, entries, squares.RecordDrawn)[0]; drawn.Derivation != squares.DrawVersion ||
			drawn.Randomness != "" || drawn.Ownership != pool.DrawInput {
			t.Fatalf("drawn %+v", drawn)
		}
		// The board as the database holds it is the record's replay, the takeover included.
		owners := replayOwners(t, entries, pool.Grid())
		_, board, err := db.FindBoard(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, sq := range board {
			if got := owners[pool.Grid().Index(squares.Cell{Row: sq.Row, Column: sq.Column})]; got != store.OwnerID(sq) {
				t.Fatalf("square %d,%d: record says %s, board %s", sq.Row, sq.Column, got, store.OwnerID(sq))
			}
		}
	})
}

// TestRecordOfAHostPool: a host-collected pool records the host's acts without an e-mail address (the
// creation with its invitations, a limit, a guest, payments recorded), each assignment as taken by host, a
// square taken back as released, the draw without a beacon, the prizes the host pays (no fee) and a prize
// marked paid as a payout.
func TestRecordOfAHostPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host := addPlayer(t, db, "Host")
		p := hostPool(t, db, host, g.ID, 1000, "invitee@example.com").Pool
		if _, err := db.SetPoolLimit(ctx, host, p.ID, 20); err != nil {
			t.Fatal(err)
		}
		guest, err := db.AddGuest(ctx, host, p.ID, squares.GuestInput{Name: "Gus", Email: "gus@example.com"}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{GuestID: guest.ID},
			Cells: cellsFrom(0, 3)}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: squares.Player{GuestID: guest.ID}, Amount: 2000}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.TakeBackSquare(ctx, host, p.ID, squares.Cell{Row: 0, Column: 2}); err != nil {
			t.Fatal(err)
		}
		var members []*squares.User
		for i := range 5 {
			m := addPlayer(t, db, fmt.Sprintf("Member%d", i))
			if _, err := db.JoinPool(ctx, m, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
				t.Fatal(err)
			}
			n := 20
			if i == 4 {
				n = 18
			}
			if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{UserID: m.ID},
				Random: n}); err != nil {
				t.Fatal(err)
			}
			members = append(members, m)
		}
		for _, u := range game {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		if _, err := db.MarkHostPrizePaid(ctx, host, p.ID, "period:Q1"); err != nil {
			t.Fatal(err)
		}
		entries, checkpoints := poolRecord(t, db, p.ID)
		want := "opened, action x3, taken, action, released, " + strings.Repeat("taken, ", 4) + "taken, locked, drawn, " +
			"score x4, prize, score x2, prize, score, prize, score, prize, payout"
		if got := recordKinds(entries); got != recordKinds(expand(want)) {
			t.Fatalf("record kinds:\n got %s\nwant %s", got, recordKinds(expand(want)))
		}
		if n := len(checkpoints); n != 7 || checkpoints[n-1].Reason != "completed" {
			t.Fatalf("checkpoints %+v", checkpoints)
		}
		var acts []string
		for _, a := range entriesOf[squares.RecordActionData](t, entries, squares.RecordAction) {
			acts = append(acts, fmt.Sprintf("%s by %s: %s", a.Action, a.By, a.Reason))
			if a.Action == squares.HostSetLimit && (a.Limit == nil || *a.Limit != 20) {
				t.Errorf("limit action %+v", a)
			}
		}
		guestOwner := "guest-" + strconv.FormatInt(guest.ID, 10)
		wantActs := []string{"pool.create by host: Created the pool and invited 1 player.", squares.HostSetLimit + " by host: ",
			squares.HostAddGuest + " by host: Added a guest and invited 1 player.",
			squares.HostRecordPayment + " by host: Recorded 20.00 from " + guestOwner + "."}
		if !slices.Equal(acts, wantActs) {
			t.Fatalf("actions:\n got %q\nwant %q", acts, wantActs)
		}
		for _, e := range entries {
			if strings.Contains(string(e.Data), "@") {
				t.Fatalf("entry %d (%s) holds an e-mail address: %s", e.Seq, e.Kind, e.Data)
			}
		}
		released := entriesOf[squares.RecordPaymentData](t, entries, squares.RecordReleased)[0]
		if !released.Freed || released.Owner != guestOwner || !slices.Equal(released.Squares, []squares.Cell{{Row: 0, Column: 2}}) {
			t.Fatalf("take-back %+v", released)
		}
		pool, _ := db.FindPool(ctx, p.ID, 0)
		owners := replayOwners(t, entries, pool.Grid())
		if squares.GridOwnershipText(owners) != pool.DrawInput {
			t.Fatalf("replayed ownership %s, drawn %s", squares.GridOwnershipText(owners), pool.DrawInput)
		}
		if fees := entriesOf[squares.RecordFeeData](t, entries, squares.RecordFee); len(fees) != 0 {
			t.Fatalf("a host pool's fee %+v", fees)
		}
		for _, z := range entriesOf[squares.RecordPrizeData](t, entries, squares.RecordPrize) {
			if z.Status != squares.WinnerHostPays || z.Owner != owners[pool.Grid().Index(squares.Cell{Row: z.Row, Column: z.Column})] {
				t.Fatalf("prize %+v", z)
			}
		}
		payout := entriesOf[squares.RecordPrizeActData](t, entries, squares.RecordPayout)[0]
		if payout.Award != "period:Q1" || payout.Status != squares.WinnerHostPaid {
			t.Fatalf("payout %+v", payout)
		}
	})
}
