package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// replayPoolRecord reads a pool's whole record (poolRecord: the chain and the checkpoints) and replays it as
// verify-record does (squares.ReplayRecord: the chain, the checkpoints against the database's key, the
// head the server states, then every entry).
func replayPoolRecord(t *testing.T, db *store.DB, poolID int64) []squares.RecordEntry {
	t.Helper()
	entries, checkpoints := poolRecord(t, db, poolID)
	page, err := db.ReadPoolRecord(context.Background(), poolID, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, f := squares.ReplayRecord(squares.RecordReplayInput{Pool: poolID, Entries: entries, Checkpoints: checkpoints,
		PublicKey: db.RecordPublicKey(), Seq: page.Seq, Head: page.Head}); f != nil {
		t.Fatalf("record of pool %d does not replay: %s", poolID, squares.RecordFaultText(entries, f))
	}
	return entries
}

// TestRecordOfAdminAndHostActions: every admin or host action on a pool appends, in its transaction, exactly
// one action entry to the pool's record, naming the action and who acted (and, for new rules, the rules
// with their seed commitments), beside the entries of the change itself; the record still replays.
func TestRecordOfAdminAndHostActions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		bg := context.Background()
		db, clock := openAt(t, engine)
		admin := addPlayer(t, db, "Admin")
		admin.Role, admin.Username = squares.RoleAdmin, "admin"
		ctx := squares.NewContextWithUser(bg, admin)
		week := 0
		// publicPool is a new game's public pool of tier i (0 the free one), in status to ("" leaves it a
		// draft).
		publicPool := func(i int, to string) *squares.PoolView {
			t.Helper()
			week++
			_, pools := addGame(t, db, fmt.Sprintf("W%d", week), t0.Add(72*time.Hour))
			if to == "" {
				return pools[i]
			}
			return setStatus(t, db, pools[i].ID, to)
		}
		// hosted is a new game's host-collected private pool of a new host, $10 a square, its creator having
		// invited one player.
		hosted := func() (*squares.User, *store.PrivatePool) {
			t.Helper()
			g, _ := addGame(t, db, "W1", t0.Add(72*time.Hour))
			host := addPlayer(t, db, "Host")
			return host, hostPool(t, db, host, g.ID, 1000, fmt.Sprintf("invitee%d@example.com", host.ID))
		}
		var correctedReason string

		for _, c := range []struct {
			name string
			// setup makes the pool the act is on, and returns the pool whose record is read and the act.
			setup  func(t *testing.T) (int64, func() error)
			action string
			by     string
			reason string
			// kinds are the entries the act appends, in order: exactly one action among them.
			kinds string
			check func(t *testing.T, pool *squares.PoolView, d squares.RecordActionData)
		}{
			{name: "rules", action: "pool.rules", by: squares.ActedByAdmin, kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					p := publicPool(2, "")
					rules := squares.Rules{Payouts: []squares.PayoutShare{{Period: squares.PeriodQ1, Percent: 10},
						{Period: squares.PeriodQ2, Percent: 20}, {Period: squares.PeriodQ3, Percent: 10}, {Period: squares.PeriodQ4, Percent: 10},
						{Period: squares.PeriodFinal, Percent: 20}}, EveryScorePercent: 30, ReversePercent: 20}
					return p.ID, func() error { _, err := db.SetPoolRules(ctx, p.ID, rules); return err }
				},
				check: func(t *testing.T, pool *squares.PoolView, d squares.RecordActionData) {
					if d.Reason != "" {
						t.Errorf("reason %q", d.Reason)
					}
					// The new rules as the pool keeps them, with the commitments to their new seeds.
					if d.Rules == nil || !slices.Equal(d.Rules.Payouts, pool.Rules.Payouts) || d.Rules.EveryScorePercent != 30 ||
						d.Rules.ReversePercent != 20 || d.Rules.Grid != pool.Rules.Grid {
						t.Errorf("rules %+v, the pool's %+v", d.Rules, pool.Rules)
					}
					commitments := squares.RecordCommitments(pool.Pool)
					if d.DrawCommitment == "" || d.DrawCommitment != pool.DrawCommitment || len(d.NumberSets) == 0 ||
						!slices.Equal(d.NumberSets, commitments) {
						t.Errorf("commitments %s %+v, the pool's %s %+v", d.DrawCommitment, d.NumberSets, pool.DrawCommitment, commitments)
					}
				}},
			{name: "hide", action: "pool.status", by: squares.ActedByAdmin, reason: "Hidden while the line moves.", kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					p := publicPool(1, squares.PoolActive)
					return p.ID, func() error {
						res := db.SetPoolsStatus(ctx, []int64{p.ID}, squares.PoolInactive, "Hidden while the line moves.")
						if res.Changed != 1 || len(res.Refused) != 0 {
							return fmt.Errorf("hide: %+v", res)
						}
						return nil
					}
				}},
			{name: "feature", action: "pool.feature", by: squares.ActedByAdmin, reason: "Game of the week", kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					p := publicPool(1, squares.PoolActive)
					return p.ID, func() error {
						_, err := db.FeaturePool(ctx, p.ID, "Game of the week", t0.Add(48*time.Hour))
						return err
					}
				}},
			{name: "unfeature", action: "pool.unfeature", by: squares.ActedByAdmin, kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					p := publicPool(1, squares.PoolActive)
					if _, err := db.FeaturePool(ctx, p.ID, "Game of the week", t0.Add(48*time.Hour)); err != nil {
						t.Fatal(err)
					}
					return p.ID, func() error { _, err := db.UnfeaturePool(ctx, p.ID); return err }
				}},
			{name: "unfeatured by another featured", action: "pool.unfeature", by: squares.ActedByAdmin,
				reason: "another pool was featured", kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					p, other := publicPool(1, squares.PoolActive), publicPool(2, squares.PoolActive)
					if _, err := db.FeaturePool(ctx, p.ID, "Game of the week", t0.Add(48*time.Hour)); err != nil {
						t.Fatal(err)
					}
					return p.ID, func() error {
						_, err := db.FeaturePool(ctx, other.ID, "A better game", t0.Add(48*time.Hour))
						return err
					}
				}},
			{name: "refund", action: "pool.refund", by: squares.ActedByAdmin, kinds: "cancelled, action",
				setup: func(t *testing.T) (int64, func() error) {
					p := publicPool(1, squares.PoolActive)
					buy(t, db, fmt.Sprintf("pay_act_refund_%d", p.ID), addPlayer(t, db, "buyer"), p, cellsFrom(0, 5))
					return p.ID, func() error { _, err := db.RefundPool(ctx, p.ID); return err }
				}},
			{name: "house fill", action: "pool.house_fill", by: squares.ActedByAdmin, reason: "An admin house-filled 80 squares (4 players).",
				kinds: "taken, locked, drawn, action",
				setup: func(t *testing.T) (int64, func() error) {
					p := publicPool(1, squares.PoolActive)
					for i := range 4 {
						buy(t, db, fmt.Sprintf("pay_act_fill_%d_%d", p.ID, i), addPlayer(t, db, "buyer"), p, cellsFrom(5*i, 5))
					}
					return p.ID, func() error { _, err := db.HouseFill(ctx, p.ID, 80); return err }
				}},
			{name: "payout paid", action: "payout.paid", by: squares.ActedByAdmin, kinds: "payout, action",
				setup: func(t *testing.T) (int64, func() error) {
					// A paid pool sold out (drawn at once: no beacon), captured, its game played; a winner claims
					// to be paid outside Squares.
					p := publicPool(2, squares.PoolActive)
					var pays []string
					for i := 0; i < squares.SquaresPerPool; i += 5 {
						id := fmt.Sprintf("pay_act_payout_%d_%d", p.ID, i)
						buy(t, db, id, addPlayer(t, db, "buyer"), p, cellsFrom(i, 5))
						pays = append(pays, id)
					}
					for _, id := range pays {
						if err := db.MarkCaptured(bg, id); err != nil {
							t.Fatal(err)
						}
					}
					for _, u := range game {
						if _, err := db.ApplyScore(bg, p.GameID, u); err != nil {
							t.Fatalf("%+v: %v", u, err)
						}
					}
					ws, err := db.ListWinners(bg, p.ID)
					if err != nil || len(ws) == 0 {
						t.Fatalf("winners %v, %v", ws, err)
					}
					zs, err := db.ListUserPrizes(bg, ws[0].UserID)
					if err != nil || len(zs) == 0 {
						t.Fatalf("prizes of %d: %v, %v", ws[0].UserID, zs, err)
					}
					z, err := db.ClaimPrize(bg, ws[0].UserID, zs[0].ID, false)
					if err != nil || z.Status != squares.PrizePayoutPending {
						t.Fatalf("claim %+v, %v", z, err)
					}
					return p.ID, func() error { _, err := db.MarkPayoutPaid(ctx, z.ID); return err }
				}},
			{name: "escrow retry", action: "escrow.retry", by: squares.ActedByAdmin, kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					p := publicPool(1, squares.PoolActive)
					id := fmt.Sprintf("pay_act_retry_%d", p.ID)
					buy(t, db, id, addPlayer(t, db, "buyer"), p, cellsFrom(0, 5))
					if err := db.RecordWorkFailure(bg, id, store.WorkCapture, "the provider timed out"); err != nil {
						t.Fatal(err)
					}
					return p.ID, func() error { return db.RetryWorkNow(ctx, id) }
				}},
			{name: "payment corrected", action: squares.HostCorrectPayment, by: squares.ActedByHost, kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					host, hp := hosted()
					p := hp.Pool
					guest, err := db.AddGuest(bg, host, p.ID, squares.GuestInput{Name: "Gus"}, squares.PrivatePoolRules{})
					if err != nil {
						t.Fatal(err)
					}
					if _, err := db.AssignSquares(bg, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{GuestID: guest.ID},
						Cells: cellsFrom(0, 2)}); err != nil {
						t.Fatal(err)
					}
					pay, err := db.RecordPayment(bg, host, p.ID, squares.PaymentInput{Player: squares.Player{GuestID: guest.ID}, Amount: 2000})
					if err != nil {
						t.Fatal(err)
					}
					correctedReason = fmt.Sprintf("Cancelled a payment of 20.00 from guest-%d.", guest.ID)
					return p.ID, func() error { _, err := db.CorrectPayment(bg, host, p.ID, pay.ID); return err }
				},
				check: func(t *testing.T, pool *squares.PoolView, d squares.RecordActionData) {
					if d.Reason != correctedReason {
						t.Errorf("reason %q, want %q", d.Reason, correctedReason)
					}
				}},
			{name: "reminder", action: squares.HostSendReminder, by: squares.ActedByHost, kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					host, hp := hosted()
					p := hp.Pool
					member := addPlayer(t, db, "Member")
					if _, err := db.JoinPool(bg, member, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
						t.Fatal(err)
					}
					if _, err := db.ClaimSquares(bg, store.Claim{PoolID: p.ID, User: member, Cells: cellsFrom(0, 2)}); err != nil {
						t.Fatal(err)
					}
					return p.ID, func() error {
						sent, err := db.SendReminder(bg, host, p.ID)
						if err == nil && sent != 1 {
							err = fmt.Errorf("%d reminders sent, want 1", sent)
						}
						return err
					}
				}},
			{name: "invitation resent by the host", action: "invitation.resend", by: squares.ActedByHost,
				reason: "Sent 1 invitation again.", kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					host, hp := hosted()
					clock.Add(time.Minute) // an invitation is sent again a minute after it was last
					return hp.Pool.ID, func() error {
						_, err := db.ResendInvitation(bg, host, hp.Pool.ID, hp.Invitations[0].ID, squares.PrivatePoolRules{})
						return err
					}
				}},
			{name: "invitation revoked by the host", action: "invitation.revoke", by: squares.ActedByHost,
				reason: "Revoked 1 invitation.", kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					host, hp := hosted()
					return hp.Pool.ID, func() error {
						_, err := db.RevokeInvitation(bg, host, hp.Pool.ID, hp.Invitations[0].ID)
						return err
					}
				}},
			{name: "invitation resent by an admin", action: "pool.invitation.resend", by: squares.ActedByAdmin, kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					_, hp := hosted()
					clock.Add(time.Minute)
					return hp.Pool.ID, func() error {
						_, err := db.AdminResendInvitation(ctx, admin, hp.Pool.ID, hp.Invitations[0].ID)
						return err
					}
				}},
			{name: "invitation revoked by an admin", action: "pool.invitation.revoke", by: squares.ActedByAdmin, kinds: "action",
				setup: func(t *testing.T) (int64, func() error) {
					_, hp := hosted()
					return hp.Pool.ID, func() error {
						_, err := db.AdminRevokeInvitation(ctx, admin, hp.Pool.ID, hp.Invitations[0].ID)
						return err
					}
				}},
		} {
			t.Run(c.name, func(t *testing.T) {
				poolID, act := c.setup(t)
				before := replayPoolRecord(t, db, poolID)
				if err := act(); err != nil {
					t.Fatalf("%s: %v", c.action, err)
				}
				after := replayPoolRecord(t, db, poolID)
				if len(after) < len(before) || after[len(before)-1].Hash != before[len(before)-1].Hash {
					t.Fatalf("the record before %s is not the start of the record after it", c.action)
				}
				added := after[len(before):]
				if got := recordKinds(added); got != c.kinds {
					t.Fatalf("%s appended %q, want %q", c.action, got, c.kinds)
				}
				acts := entriesOf[squares.RecordActionData](t, added, squares.RecordAction)
				if len(acts) != 1 {
					t.Fatalf("%s appended %d action entries, want 1", c.action, len(acts))
				}
				d := acts[0]
				// A case with a check checks the reason there.
				if d.Action != c.action || d.By != c.by || (c.check == nil && d.Reason != c.reason) {
					t.Fatalf("action entry %+v, want action %s by %s, reason %q", d, c.action, c.by, c.reason)
				}
				for _, e := range added {
					if e.Kind == squares.RecordAction && e.At != squares.RecordTime(clock.Now()) {
						t.Errorf("action entry at %v, the act's time %v", e.At, clock.Now())
					}
				}
				if c.check != nil {
					pool, err := db.FindPool(bg, poolID, 0)
					if err != nil {
						t.Fatal(err)
					}
					c.check(t, pool, d)
				}
			})
		}
	})
}
