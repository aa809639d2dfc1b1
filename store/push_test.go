package store_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// deviceCounter numbers sessions and devices, unique across tests run at once.
var deviceCounter atomic.Int64

// signIn starts a session of the player, as a sign-in would, and returns its token hash.
func signIn(t *testing.T, db *store.DB, u *squares.User) string {
	t.Helper()
	hash := fmt.Sprintf("session-%d", deviceCounter.Add(1))
	if err := db.CreateSession(context.Background(), &store.Session{TokenHash: hash, UserID: u.ID,
		ExpiresAt: db.Now().Add(squares.PlayerSessionIdle)}, ""); err != nil {
		t.Fatal(err)
	}
	return hash
}

// newDevice is a browser's fresh push subscription for the player: a new endpoint and keys.
func newDevice(t *testing.T, u *squares.User) *squares.PushSubscription {
	t.Helper()
	n := deviceCounter.Add(1)
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	s := &squares.PushSubscription{UserID: u.ID, Endpoint: fmt.Sprintf("https://push.example.com/send/%d", n),
		P256dh: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()), Auth: base64.RawURLEncoding.EncodeToString(auth),
		ServerKey: "server-key"}
	if err := squares.CheckPushSubscription(s, false); err != nil {
		t.Fatal(err)
	}
	return s
}

// subscribe signs the player in on a new device and subscribes it.
func subscribe(t *testing.T, db *store.DB, u *squares.User) (*squares.PushSubscription, string) {
	t.Helper()
	s, session := newDevice(t, u), signIn(t, db, u)
	if created, err := db.SavePushSubscription(context.Background(), s, session); err != nil || !created {
		t.Fatalf("subscribe: %v, created %v", err, created)
	}
	return s, session
}

// pushesOf returns the pushes queued for a player, oldest first.
func pushesOf(t *testing.T, db *store.DB, u *squares.User) []*squares.Push {
	t.Helper()
	ps, err := db.ListPushes(context.Background(), "", u.ID, 100)
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(ps)
	return ps
}

func TestPushSubscriptions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		pat, sam := addPlayer(t, db, "Pat"), addPlayer(t, db, "Sam")
		phone, phoneSession := subscribe(t, db, pat)

		// The same endpoint again updates it: new keys, another session of the same player.
		clock.Add(time.Minute)
		again := newDevice(t, pat)
		again.Endpoint = phone.Endpoint
		created, err := db.SavePushSubscription(ctx, again, signIn(t, db, pat))
		if err != nil || created || again.ID != phone.ID || again.P256dh == phone.P256dh || !again.UpdatedAt.After(again.CreatedAt) {
			t.Fatalf("resubscribe: %+v created %v, %v", again, created, err)
		}
		subs, _ := db.ListPushSubscriptions(ctx, pat.ID)
		if len(subs) != 1 || subs[0].P256dh != again.P256dh {
			t.Fatalf("pat's devices %+v", subs)
		}
		// The session that subscribed first no longer holds it: its sign-out leaves it alone.
		if err := db.DeleteSession(ctx, phoneSession); err != nil {
			t.Fatal(err)
		}
		if subs, _ := db.ListPushSubscriptions(ctx, pat.ID); len(subs) != 1 {
			t.Fatalf("an old session's sign-out ended the subscription: %+v", subs)
		}

		// Another player on the same browser takes the endpoint over.
		taken := newDevice(t, sam)
		taken.Endpoint = phone.Endpoint
		if created, err := db.SavePushSubscription(ctx, taken, signIn(t, db, sam)); err != nil || !created || taken.UserID != sam.ID {
			t.Fatalf("take over: %+v created %v, %v", taken, created, err)
		}
		if subs, _ := db.ListPushSubscriptions(ctx, pat.ID); len(subs) != 0 {
			t.Fatalf("pat kept a device sam took over: %+v", subs)
		}
		// Pat cannot delete Sam's subscription; Sam can, once.
		if ok, err := db.DeletePushSubscription(ctx, pat.ID, phone.Endpoint); ok || err != nil {
			t.Fatalf("pat deleted sam's subscription: %v %v", ok, err)
		}
		if ok, err := db.DeletePushSubscription(ctx, sam.ID, phone.Endpoint); !ok || err != nil {
			t.Fatalf("delete: %v %v", ok, err)
		}
		if ok, _ := db.DeletePushSubscription(ctx, sam.ID, phone.Endpoint); ok {
			t.Fatal("deleted twice")
		}

		// Signing out ends the subscriptions the session made.
		_, session := subscribe(t, db, sam)
		laptop, _ := subscribe(t, db, sam)
		if err := db.DeleteSession(ctx, session); err != nil {
			t.Fatal(err)
		}
		subs, _ = db.ListPushSubscriptions(ctx, sam.ID)
		if len(subs) != 1 || subs[0].Endpoint != laptop.Endpoint {
			t.Fatalf("after sign-out sam's devices are %+v", subs)
		}

		// At most MaxPushDevices devices: the least recently subscribed goes.
		var first *squares.PushSubscription
		for i := range squares.MaxPushDevices + 1 {
			clock.Add(time.Second)
			s, _ := subscribe(t, db, pat)
			if i == 0 {
				first = s
			}
		}
		subs, _ = db.ListPushSubscriptions(ctx, pat.ID)
		if len(subs) != squares.MaxPushDevices || slices.ContainsFunc(subs, func(s *squares.PushSubscription) bool { return s.ID == first.ID }) {
			t.Fatalf("%d devices, the oldest kept: %v", len(subs), slices.ContainsFunc(subs, func(s *squares.PushSubscription) bool { return s.ID == first.ID }))
		}
	})
}

func TestEventsQueuePushes(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		// Accounts keep their address normalised (lower case), as registration does.
		pat, sam, lee := addPlayer(t, db, "pat"), addPlayer(t, db, "Sam"), addPlayer(t, db, "Lee")
		patPhone, _ := subscribe(t, db, pat)
		patLaptop, _ := subscribe(t, db, pat)
		// Sam's session ends (as it does when it expires, or when a password change or a disabled account
		// ends it) without a sign-out; Lee has no device.
		if err := db.CreateSession(ctx, &store.Session{TokenHash: "sam-short", UserID: sam.ID, ExpiresAt: t0.Add(time.Minute)}, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SavePushSubscription(ctx, newDevice(t, sam), "sam-short"); err != nil {
			t.Fatal(err)
		}
		clock.Add(2 * time.Minute)

		// A pool filled and drawn: every device of its players with squares.
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		for i, u := range []*squares.User{pat, sam, lee} {
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: u, Cells: cellsFrom(i*5, 5)}); err != nil && u != sam {
				t.Fatal(err)
			}
		}
		if ps := pushesOf(t, db, pat); len(ps) != 0 {
			t.Fatalf("pushes before the pool filled: %+v", ps)
		}
		for i := 15; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: addPlayer(t, db, "filler"),
				Cells: cellsFrom(i, squares.PublicSquaresPerPlayer)}); err != nil {
				t.Fatal(err)
			}
		}
		ps := pushesOf(t, db, pat)
		if len(ps) != 2 || ps[0].SubscriptionID != patPhone.ID || ps[1].SubscriptionID != patLaptop.ID {
			t.Fatalf("pat's pushes for the draw: %+v", ps)
		}
		want := squares.PushMessage{Title: free.Name + " is full", Body: "All 100 squares are taken and the numbers are drawn. " +
			"See which numbers your squares got.", URL: fmt.Sprintf("/pools/%d", free.ID), Tag: fmt.Sprintf("pool-%d", free.ID)}
		for _, p := range ps {
			if p.Kind != squares.PushPoolDrawn || p.PoolID != free.ID || p.Message != want || p.Status != squares.PushQueued ||
				!p.NextAttemptAt.Equal(t0.Add(2*time.Minute)) || p.UserID != pat.ID {
				t.Fatalf("draw push %+v", p)
			}
		}
		if ps := pushesOf(t, db, sam); len(ps) != 0 {
			t.Fatalf("a signed-out device got %+v", ps)
		}
		if ps := pushesOf(t, db, lee); len(ps) != 0 {
			t.Fatalf("lee has no device, yet %+v", ps)
		}

		// A win: pat's square at the winning cell.
		var won squares.PeriodScore
		sqs, _ := db.ListSquares(ctx, free.ID)
		p, _ := db.FindPool(ctx, free.ID, 0)
		for h := 0; h < 10 && won == (squares.PeriodScore{}); h++ {
			for a := 0; a < 10; a++ {
				c, _ := squares.WinningCell(p.Pool, squares.PeriodScore{Home: h, Away: a})
				if slices.ContainsFunc(sqs, func(s *squares.Square) bool {
					return s.Row == c.Row && s.Column == c.Column && s.UserID == pat.ID
				}) {
					won = squares.PeriodScore{Period: 1, Home: h, Away: a}
					break
				}
			}
		}
		score(t, db, g.ID, 0, 0, 1, "live")
		score(t, db, g.ID, won.Home, won.Away, 1, "1q")
		score(t, db, g.ID, won.Home, won.Away, 2, "2q")
		ps = pushesOf(t, db, pat)
		if len(ps) != 4 {
			t.Fatalf("pat's pushes after Q1: %+v", ps)
		}
		wantWin := squares.PushMessage{Title: "You won Q1 in " + free.Name, Body: fmt.Sprintf("Your square won Q1 (%d-%d).",
			won.Away, won.Home),
			URL: fmt.Sprintf("/pools/%d", free.ID), Tag: fmt.Sprintf("win-%d-1", free.ID)}
		for _, p := range ps[2:] {
			if p.Kind != squares.PushWin || p.Message != wantWin {
				t.Fatalf("win push %+v, want %+v", p.Message, wantWin)
			}
		}

		// A pool cancelled: its players' devices, those holding squares of a checkout too.
		// (Another game's pool: the first game's undecided pools were decided when it went live.)
		clock.Add(time.Minute)
		_, later := addGame(t, db, "W12", t0.Add(96*time.Hour))
		other := setStatus(t, db, later[1].ID, squares.PoolActive)
		if _, err := db.BeginCheckout(ctx, store.Checkout{ID: "pay_push_1", Provider: "sandbox", User: pat, PoolID: other.ID,
			Cells: cellsFrom(0, 2), Amount: other.EntryFee * 2}); err != nil {
			t.Fatalf("checkout: %v", err)
		}
		if _, err := db.CancelPool(ctx, other.ID, "Not enough players."); err != nil {
			t.Fatal(err)
		}
		ps = pushesOf(t, db, pat)
		if len(ps) != 6 || ps[4].Kind != squares.PushPoolCancelled || ps[4].Message != (squares.PushMessage{
			Title: other.Name + " was cancelled", Body: "The pool will not be played. Any money you paid for squares is returned to your card.",
			URL: fmt.Sprintf("/pools/%d", other.ID), Tag: fmt.Sprintf("pool-%d", other.ID)}) {
			t.Fatalf("cancel pushes %+v", ps[4:])
		}

		// An invitation to a private pool: the invited player's devices; not an address that is no player's.
		next, _ := addGame(t, db, "W13", t0.Add(9*24*time.Hour))
		out, err := db.CreatePrivatePool(ctx, lee, squares.PrivatePoolInput{GameID: next.ID, Name: "Office",
			MaxSquaresPerPlayer: 10, InviteEmails: []string{pat.Email, "nobody@example.com"}}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		ps = pushesOf(t, db, pat)
		code := out.Invitations[0].Code
		wantInvite := squares.PushMessage{Title: "Lee T. invited you to Office",
			Body: "A squares pool for Kansas City Chiefs @ Buffalo Bills, kicking off " + squares.FormatEastern(next.GameDate) + ".",
			URL:  "/join/" + code, Tag: fmt.Sprintf("invite-%d", out.Pool.ID)}
		if len(ps) != 8 || ps[6].Kind != squares.PushInvitation || ps[6].Message != wantInvite || ps[7].Message != wantInvite {
			t.Fatalf("invitation pushes %+v, want %+v", ps[6:], wantInvite)
		}
		if all, _ := db.ListPushes(ctx, "", 0, 100); len(all) != 8 {
			t.Fatalf("%d pushes in all, want pat's 8", len(all))
		}
	})
}
