package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPrivatePoolMembership: CreatePrivatePool makes the creator a member and queues one e-mail per
// invitation, each with its own code, in its transaction; a refused creation writes nothing; a stranger
// cannot take squares (not found) until they join; joining twice changes nothing; a member stays within
// the creator's limit; My Pools lists a joined pool without squares; a revoked code no longer joins.
func TestPrivatePoolMembership(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		creator, friend, stranger := addPlayer(t, db, "Creator"), addPlayer(t, db, "Friend"), addPlayer(t, db, "Stranger")

		in := squares.PrivatePoolInput{GameID: g.ID, Name: "Office", MaxSquaresPerPlayer: 7,
			InviteEmails: []string{friend.Email, "x@example.com"}, PayoutSchedule: "40/60"}
		_, err := db.CreatePrivatePool(ctx, creator, in, squares.PrivatePoolRules{})
		wantCode(t, err, squares.EINVALID, "Payout schedule must be 25/25/25/25 or 20/30/20/30")
		if all, _ := db.ListMail(ctx, "", 10); len(all) != 0 {
			t.Fatalf("a refused creation queued %d mails", len(all))
		}
		in.PayoutSchedule = ""
		out, err := db.CreatePrivatePool(ctx, creator, in, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		p := out.Pool
		if !p.IsPrivate || p.Status != squares.PoolActive || p.CreatorID != creator.ID || p.MaxSquaresPerPlayer != 7 ||
			squares.FormatPayoutSchedule(p.PayoutSchedule) != "25/25/25/25" || len(out.Invitations) != 2 {
			t.Fatalf("created %+v %+v", p.Pool, out.Invitations)
		}
		if v, _ := db.FindPoolViewer(ctx, p.ID, creator.ID); !v.Member || v.Owned != 0 {
			t.Fatal("the creator is no member")
		}
		ms := mailTo(t, db, squares.NormalizeEmail(friend.Email))
		if len(ms) != 1 || ms[0].Data["code"] != out.Invitations[0].Code || ms[0].Data["code"] == p.InviteCode {
			t.Fatalf("friend's mail %+v, invitation %+v", ms, out.Invitations[0])
		}

		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: stranger, Cells: cellsFrom(0, 1)})
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.")
		for range 2 {
			if _, err := db.JoinPool(ctx, friend, out.Invitations[0].Code, squares.PrivatePoolRules{}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: friend, Cells: cellsFrom(0, 8)}); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
			t.Fatalf("8 squares of 7: %v", err)
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: friend, Cells: cellsFrom(0, 7)}); err != nil {
			t.Fatal(err)
		}
		mine, err := db.ListPools(ctx, squares.PoolFilter{Viewer: creator.ID, OwnedBy: creator.ID})
		if err != nil || len(mine) != 1 || mine[0].ID != p.ID {
			t.Fatalf("creator's pools = %v, %v", mine, err)
		}
		if listed, _ := db.ListPools(ctx, squares.PoolFilter{Listed: true}); len(listed) != 0 {
			t.Fatalf("listed %d pools", len(listed))
		}

		if _, err := db.RevokeInvitation(ctx, friend, p.ID, out.Invitations[1].ID); squares.ErrorCode(err) != squares.EFORBIDDEN {
			t.Fatalf("a member revoked: %v", err)
		}
		if _, err := db.RevokeInvitation(ctx, creator, p.ID, out.Invitations[1].ID); err != nil {
			t.Fatal(err)
		}
		_, err = db.JoinPool(ctx, stranger, out.Invitations[1].Code, squares.PrivatePoolRules{})
		wantCode(t, err, squares.EUNPROCESSABLE, "This invitation was revoked by the pool's creator.")
		if v, _ := db.FindPoolViewer(ctx, p.ID, stranger.ID); v.Member {
			t.Fatal("a revoked code joined")
		}
		ms2, err := db.ListMembers(ctx, p.ID)
		if err != nil || len(ms2) != 2 || !ms2[0].IsCreator || ms2[1].UserID != friend.ID || ms2[1].Squares != 7 {
			t.Fatalf("members = %+v, %v", ms2, err)
		}
	})
}

// TestPrivatePoolDailyLimitsInTheTransaction: the daily limits are taken in the transaction that creates
// the pool, so a creation refused for any other reason (an unknown game) takes no slot, a refused one
// queues nothing, and creations at once never pass a limit's last slot together. A resend takes an
// invitation; an admin's resend takes none of the creator's.
func TestPrivatePoolDailyLimitsInTheTransaction(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host := addPlayer(t, db, "Host")
		rules := squares.PrivatePoolRules{PoolsPerDay: 4, InvitesPerDay: 5}
		in := func(gameID int64, emails ...string) squares.PrivatePoolInput {
			return squares.PrivatePoolInput{GameID: gameID, Name: "Office", MaxSquaresPerPlayer: 5, InviteEmails: emails}
		}
		for range 6 {
			_, err := db.CreatePrivatePool(ctx, host, in(99999, "a@example.com"), rules)
			wantCode(t, err, squares.EINVALID, "Please select a game")
		}
		// Four at once, each inviting two: two pass the invitations' limit; the other two wait.
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for i := range 4 {
			wg.Go(func() {
				_, err := db.CreatePrivatePool(ctx, host, in(g.ID, fmt.Sprintf("x%d@example.com", i), fmt.Sprintf("y%d@example.com", i)), rules)
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		made := 0
		for err := range errs {
			switch squares.ErrorCode(err) {
			case "":
				made++
			case squares.ETOOMANY:
				var e *squares.Error
				if !errors.As(err, &e) || e.RetryAfter != 24*time.Hour {
					t.Errorf("refused without the wait: %+v", err)
				}
			default:
				t.Errorf("creation at once: %v", err)
			}
		}
		if all, _ := db.ListMail(ctx, "", 100); made != 2 || len(all) != 4 {
			t.Fatalf("%d pools made, %d mails queued; want 2 and 4", made, len(all))
		}
		// One invitation left: a pool with one address, then none.
		clock.Add(time.Hour)
		last, err := db.CreatePrivatePool(ctx, host, in(g.ID, "z@example.com"), rules)
		if err != nil {
			t.Fatal(err)
		}
		clock.Add(time.Hour)
		_, err = db.ResendInvitation(ctx, host, last.Pool.ID, last.Invitations[0].ID, rules)
		wantCode(t, err, squares.ETOOMANY, "You can send at most 5 invitations a day: try again in 22 hours.")
		admin := addPlayer(t, db, "Admin")
		admin.Role = squares.RoleAdmin
		if _, err := db.AdminResendInvitation(ctx, admin, last.Pool.ID, last.Invitations[0].ID); err != nil {
			t.Fatalf("an admin's resend: %v", err)
		}
		// The fourth pool of the day, without invitations; the fifth is refused.
		if _, err := db.CreatePrivatePool(ctx, host, in(g.ID), rules); err != nil {
			t.Fatal(err)
		}
		_, err = db.CreatePrivatePool(ctx, host, in(g.ID), rules)
		wantCode(t, err, squares.ETOOMANY, "You can create at most 4 private pools a day: try again in 22 hours.")
		if n, _ := db.CountAttempts(ctx, "invite:"+fmt.Sprint(host.ID), time.Time{}); n != 5 {
			t.Fatalf("%d invitations counted, want 5", n)
		}
	})
}

// TestFindInvitedPool: an invite code, the pool's own or an invitation's (as typed: any case, spaces),
// shows the pool with its host's name and its free squares (neither owned nor held in a live checkout);
// a revoked invitation's code, an unknown code and the code of a pool that can no longer be joined all
// answer as unknown.
func TestFindInvitedPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		creator, friend := addPlayer(t, db, "Casey"), addPlayer(t, db, "Frankie")
		out, err := db.CreatePrivatePool(ctx, creator, squares.PrivatePoolInput{GameID: g.ID, Name: "Office Pool",
			EntryFee: 1000, MaxSquaresPerPlayer: 7, InviteEmails: []string{friend.Email, "other@example.com"}}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		p := out.Pool
		check := func(code string, free int) {
			t.Helper()
			ip, err := db.FindInvitedPool(ctx, code)
			if err != nil {
				t.Fatalf("%q: %v", code, err)
			}
			if ip.Pool.ID != p.ID || ip.Pool.Name != "Office Pool" || ip.Pool.EntryFee != 1000 || ip.Pool.MaxSquaresPerPlayer != 7 ||
				ip.Pool.Status != squares.PoolActive || ip.Pool.Game == nil || ip.Pool.Game.AwayTeam != "Kansas City Chiefs" ||
				ip.HostFirst != "Casey" || ip.HostLast != "Tester" || ip.SquaresFree != free {
				t.Fatalf("%q: %+v %+v, want %d free", code, ip, ip.Pool, free)
			}
		}
		check(p.InviteCode, 100)
		check(" "+strings.ToLower(out.Invitations[0].Code)+" ", 100)

		if _, err := db.JoinPool(ctx, friend, out.Invitations[0].Code, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.BeginCheckout(ctx, store.Checkout{ID: "pay_invited", Provider: "sandbox", User: friend,
			PoolID: p.ID, Cells: cellsFrom(0, 2), Amount: 2000}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: friend, Cells: cellsFrom(10, 3), Paid: true}); err != nil {
			t.Fatal(err)
		}
		check(out.Invitations[0].Code, 95) // an accepted invitation still shows its pool
		clock.Add(squares.CheckoutHold + time.Second)
		check(p.InviteCode, 97) // the checkout's hold ran out

		if _, err := db.RevokeInvitation(ctx, creator, p.ID, out.Invitations[1].ID); err != nil {
			t.Fatal(err)
		}
		for _, code := range []string{out.Invitations[1].Code, "ZZZZ2345", "", "   "} {
			_, err := db.FindInvitedPool(ctx, code)
			wantCode(t, err, squares.ENOTFOUND, "No pool has this invite code.")
		}
		setStatus(t, db, p.ID, squares.PoolCancelled)
		for _, code := range []string{p.InviteCode, out.Invitations[0].Code} {
			_, err := db.FindInvitedPool(ctx, code)
			wantCode(t, err, squares.ENOTFOUND, "No pool has this invite code.")
		}
	})
}
