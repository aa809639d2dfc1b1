package push

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

var t0 = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

var quiet = slog.New(slog.DiscardHandler)

const subject = "mailto:push@squares.example.com"

// device is a browser's side of a subscription: the keys it made (the private one never leaves it) and
// the endpoint its push service gave it.
type device struct {
	key      *ecdh.PrivateKey
	auth     []byte
	endpoint string
}

// delivery is a push as the push service received it, decrypted with the device's keys.
type delivery struct {
	endpoint string
	header   http.Header
	claims   map[string]any
	message  squares.PushMessage
}

// pushService is a local push service (RFC 8030) that checks each push's VAPID authorization (RFC 8292)
// and decrypts its aes128gcm payload (RFC 8291, RFC 8188) with the subscribed device's keys, as a browser
// does. It answers each endpoint with the statuses queued for it, then 201.
type pushService struct {
	t      *testing.T
	srv    *httptest.Server
	vapid  string // the VAPID public key pushes must be signed with
	mu     sync.Mutex
	dev    map[string]*device
	answer map[string][]int
	got    []delivery
	errs   []string
}

func newPushService(t *testing.T, vapidPublic string) *pushService {
	ps := &pushService{t: t, vapid: vapidPublic, dev: map[string]*device{}, answer: map[string][]int{}}
	ps.srv = httptest.NewServer(http.HandlerFunc(ps.serve))
	t.Cleanup(ps.srv.Close)
	return ps
}

// newDevice makes a device's keys, as a browser does when it subscribes, and its endpoint here.
func (ps *pushService) newDevice(name string) *device {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		ps.t.Fatal(err)
	}
	d := &device{key: key, auth: make([]byte, 16), endpoint: ps.srv.URL + "/push/" + name}
	rand.Read(d.auth)
	ps.mu.Lock()
	ps.dev["/push/"+name] = d
	ps.mu.Unlock()
	return d
}

// answerWith queues the statuses the endpoint answers its next pushes with.
func (ps *pushService) answerWith(d *device, statuses ...int) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	path := strings.TrimPrefix(d.endpoint, ps.srv.URL)
	ps.answer[path] = append(ps.answer[path], statuses...)
}

func (ps *pushService) deliveries() []delivery {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if len(ps.errs) > 0 {
		ps.t.Fatalf("the push service refused pushes: %s", strings.Join(ps.errs, "; "))
	}
	return append([]delivery(nil), ps.got...)
}

func (ps *pushService) serve(w http.ResponseWriter, r *http.Request) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	d := ps.dev[r.URL.Path]
	if d == nil || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	if q := ps.answer[r.URL.Path]; len(q) > 0 {
		ps.answer[r.URL.Path] = q[1:]
		if q[0] == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "600")
		}
		if q[0] >= 300 {
			http.Error(w, "not now", q[0])
			return
		}
	}
	claims, err := ps.checkVAPID(r)
	if err == nil {
		var msg squares.PushMessage
		var plain []byte
		if plain, err = decrypt(d, r.Header, body); err == nil {
			if err = json.Unmarshal(plain, &msg); err == nil {
				ps.got = append(ps.got, delivery{endpoint: ps.srv.URL + r.URL.Path, header: r.Header.Clone(), claims: claims, message: msg})
				w.WriteHeader(http.StatusCreated)
				return
			}
		}
	}
	ps.errs = append(ps.errs, err.Error())
	http.Error(w, err.Error(), http.StatusBadRequest)
}

// checkVAPID checks the Authorization header: "vapid t=JWT, k=KEY" with the expected key, and a JWT
// signed ES256 by it whose audience is this push service's origin, whose subject is the operator's and
// which expires within a day (RFC 8292).
func (ps *pushService) checkVAPID(r *http.Request) (map[string]any, error) {
	auth := r.Header.Get("Authorization")
	if !strings.HasPrefix(auth, "vapid ") {
		return nil, fmt.Errorf("authorization %q is not vapid", auth)
	}
	params := map[string]string{}
	for _, p := range strings.Split(strings.TrimPrefix(auth, "vapid "), ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		params[k] = v
	}
	if params["k"] != ps.vapid {
		return nil, fmt.Errorf("vapid key %q, want %q", params["k"], ps.vapid)
	}
	pub, err := base64.RawURLEncoding.DecodeString(params["k"])
	if err != nil || len(pub) != 65 {
		return nil, fmt.Errorf("vapid key %q", params["k"])
	}
	parts := strings.Split(params["t"], ".")
	if len(parts) != 3 {
		return nil, fmt.Errorf("jwt %q", params["t"])
	}
	head, _ := base64.RawURLEncoding.DecodeString(parts[0])
	var h map[string]any
	if err := json.Unmarshal(head, &h); err != nil || h["alg"] != "ES256" {
		return nil, fmt.Errorf("jwt header %s", head)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return nil, fmt.Errorf("jwt signature %q", parts[2])
	}
	key := &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).SetBytes(pub[1:33]), Y: new(big.Int).SetBytes(pub[33:])}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(key, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return nil, fmt.Errorf("the jwt is not signed by the vapid key")
	}
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	var claims map[string]any
	if err := json.Unmarshal(payload, &claims); err != nil {
		return nil, fmt.Errorf("jwt claims %s", payload)
	}
	exp, _ := claims["exp"].(float64)
	if claims["aud"] != ps.srv.URL || claims["sub"] != subject ||
		time.Unix(int64(exp), 0).Before(time.Now()) || time.Unix(int64(exp), 0).After(time.Now().Add(24*time.Hour)) {
		return nil, fmt.Errorf("jwt claims %s", payload)
	}
	return claims, nil
}

// decrypt reads an aes128gcm body (RFC 8188: salt, record size, the sender's key as key id, records) and
// decrypts it with the device's private key and secret (RFC 8291).
func decrypt(d *device, h http.Header, body []byte) ([]byte, error) {
	if h.Get("Content-Encoding") != "aes128gcm" {
		return nil, fmt.Errorf("content encoding %q", h.Get("Content-Encoding"))
	}
	if len(body) < 21 {
		return nil, fmt.Errorf("body of %d bytes", len(body))
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen || rs < 18 {
		return nil, fmt.Errorf("key id of %d bytes, record size %d", idlen, rs)
	}
	asPublic, records := body[21:21+idlen], body[21+idlen:]
	if len(records) > int(rs) {
		return nil, fmt.Errorf("%d bytes of records: a push is one record of at most %d", len(records), rs)
	}
	as, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		return nil, fmt.Errorf("sender key: %w", err)
	}
	secret, err := d.key.ECDH(as)
	if err != nil {
		return nil, err
	}
	info := append(append([]byte("WebPush: info\x00"), d.key.PublicKey().Bytes()...), asPublic...)
	prkKey, err := hkdf.Extract(sha256.New, secret, d.auth)
	if err != nil {
		return nil, err
	}
	ikm, err := hkdf.Expand(sha256.New, prkKey, string(info), 32)
	if err != nil {
		return nil, err
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, records, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypt: %w", err)
	}
	// The last record ends with the delimiter 2, then zero padding.
	end := len(plain)
	for end > 0 && plain[end-1] == 0 {
		end--
	}
	if end == 0 || plain[end-1] != 2 {
		return nil, fmt.Errorf("no last-record delimiter")
	}
	return plain[:end-1], nil
}

// fixture is a store with a game, a player signed in, and a local push service.
type fixture struct {
	db     *store.DB
	clock  *storetest.Clock
	keys   Keys
	ps     *pushService
	game   *squares.Game
	pools  []*squares.PoolView
	player *squares.User
	friend *squares.User
	n      int
}

var counter int

func newFixture(t *testing.T, engine string) *fixture {
	t.Helper()
	ctx := context.Background()
	db := storetest.Open(t, engine)
	clock := storetest.NewClock(t0)
	db.Now = clock.Now
	keys, err := LoadKeys(ctx, db, "", "")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: db, clock: clock, keys: keys, ps: newPushService(t, keys.Public)}
	counter++
	f.game = &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("push_%d", counter), Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D", AwayTeamColor: "#E31837",
		GameDate: time.Date(2026, 11, 23, 18, 0, 0, 0, time.UTC), Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, f.game); err != nil {
		t.Fatal(err)
	}
	if f.pools, err = db.ListPools(ctx, squares.PoolFilter{GameID: f.game.ID}); err != nil {
		t.Fatal(err)
	}
	f.player, f.friend = f.addPlayer(t, "pat"), f.addPlayer(t, "lee")
	return f
}

func (f *fixture) addPlayer(t *testing.T, first string) *squares.User {
	t.Helper()
	counter++
	u := &squares.User{Email: fmt.Sprintf("%s%d@example.com", first, counter), PasswordHash: "x",
		FirstName: strings.ToUpper(first[:1]) + first[1:], LastName: "Tester", DateOfBirth: "1990-01-01",
		ResidenceState: "NY", ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	if err := f.db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// subscribe signs the player in and subscribes a new device of the push service, as the web app does.
func (f *fixture) subscribe(t *testing.T, u *squares.User) (*device, *squares.PushSubscription) {
	t.Helper()
	return f.subscribeFor(t, u, squares.PlayerSessionIdle)
}

// subscribeFor is subscribe with a session that ends after d.
func (f *fixture) subscribeFor(t *testing.T, u *squares.User, d time.Duration) (*device, *squares.PushSubscription) {
	t.Helper()
	ctx := context.Background()
	f.n++
	session := fmt.Sprintf("session-%d-%d", counter, f.n)
	if err := f.db.CreateSession(ctx, &store.Session{TokenHash: session, UserID: u.ID,
		ExpiresAt: f.clock.Now().Add(d)}, ""); err != nil {
		t.Fatal(err)
	}
	dev := f.ps.newDevice(fmt.Sprintf("%d-%d", counter, f.n))
	s := &squares.PushSubscription{UserID: u.ID, Endpoint: dev.endpoint,
		P256dh: base64.RawURLEncoding.EncodeToString(dev.key.PublicKey().Bytes()), Auth: base64.RawURLEncoding.EncodeToString(dev.auth),
		ServerKey: f.keys.Public}
	if err := squares.CheckPushSubscription(s, true); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.SavePushSubscription(ctx, s, session); err != nil {
		t.Fatal(err)
	}
	return dev, s
}

// invite has the friend create a private pool inviting the player: an invitation push.
func (f *fixture) invite(t *testing.T) *store.PrivatePool {
	t.Helper()
	out, err := f.db.CreatePrivatePool(context.Background(), f.friend, squares.PrivatePoolInput{GameID: f.game.ID,
		Name: "Office Pool", MaxSquaresPerPlayer: 10, InviteEmails: []string{f.player.Email}}, squares.PrivatePoolRules{})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (f *fixture) pusher(t *testing.T, cfg Config) *Pusher {
	t.Helper()
	cfg.Keys, cfg.Subject, cfg.AllowPrivate = f.keys, subject, true
	p, err := New(f.db, cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func wantPass(t *testing.T, p *Pusher, want Pass) {
	t.Helper()
	got, err := p.RunOnce(context.Background())
	if err != nil || got != want {
		t.Fatalf("pass = %+v, %v; want %+v", got, err, want)
	}
}

func (f *fixture) pushes(t *testing.T) []*squares.Push {
	t.Helper()
	ps, err := f.db.ListPushes(context.Background(), "", 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// TestPushDecryptedByTheDevice: an invitation reaches both of the player's devices through a push
// service that checks the VAPID signature, audience and subject and decrypts the payload with each
// device's own keys: the title, the text, the join link. Each push is then sent, once.
func TestPushDecryptedByTheDevice(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		phone, _ := f.subscribe(t, f.player)
		laptop, _ := f.subscribe(t, f.player)
		out := f.invite(t)
		p := f.pusher(t, Config{})
		wantPass(t, p, Pass{Claimed: 2, Sent: 2})
		wantPass(t, p, Pass{})

		got := f.ps.deliveries()
		if len(got) != 2 || got[0].endpoint == got[1].endpoint {
			t.Fatalf("deliveries %+v", got)
		}
		want := squares.PushMessage{Title: "Lee T. invited you to Office Pool",
			Body: "A squares pool for Kansas City Chiefs @ Buffalo Bills, kicking off Mon Nov 23, 1:00 PM ET.",
			URL:  "/join/" + out.Invitations[0].Code, Tag: fmt.Sprintf("invite-%d", out.Pool.ID)}
		for _, d := range got {
			if d.endpoint != phone.endpoint && d.endpoint != laptop.endpoint {
				t.Errorf("pushed to %s", d.endpoint)
			}
			if d.message != want {
				t.Errorf("decrypted %+v, want %+v", d.message, want)
			}
			if d.header.Get("TTL") != fmt.Sprint(squares.PushTTL) || d.header.Get("Urgency") != "normal" ||
				d.header.Get("Topic") != want.Tag {
				t.Errorf("headers %v", d.header)
			}
		}
		for _, ps := range f.pushes(t) {
			if ps.Status != squares.PushSent || ps.Attempts != 1 || ps.SentAt == nil || !ps.SentAt.Equal(t0) {
				t.Errorf("push %+v", ps)
			}
		}
	})
}

// TestPushGoneEndsTheSubscription: a push service answering 410 (or 404) says the subscription is gone:
// it is deleted with its pushes, and the next event queues nothing for it.
func TestPushGoneEndsTheSubscription(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		gone, _ := f.subscribe(t, f.player)
		lost, _ := f.subscribe(t, f.player)
		kept, _ := f.subscribe(t, f.player)
		f.ps.answerWith(gone, http.StatusGone)
		f.ps.answerWith(lost, http.StatusNotFound)
		f.invite(t)
		p := f.pusher(t, Config{})
		wantPass(t, p, Pass{Claimed: 3, Sent: 1, Gone: 2})
		subs, _ := f.db.ListPushSubscriptions(ctx, f.player.ID)
		if len(subs) != 1 || subs[0].Endpoint != kept.endpoint {
			t.Fatalf("subscriptions left %+v", subs)
		}
		if ps := f.pushes(t); len(ps) != 1 || ps[0].Status != squares.PushSent {
			t.Fatalf("pushes %+v", ps)
		}
		f.invite(t)
		wantPass(t, p, Pass{Claimed: 1, Sent: 1})
	})
}

// TestPushRetried: a push service failing (500) or busy (429 with Retry-After) has the push tried again
// after the backoff, or the wait it asked for; it is failed after MaxAttempts; a payload refused as too
// large is failed at once.
func TestPushRetried(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		d, _ := f.subscribe(t, f.player)
		f.ps.answerWith(d, http.StatusInternalServerError, http.StatusTooManyRequests)
		f.invite(t)
		p := f.pusher(t, Config{MaxAttempts: 3})
		wantPass(t, p, Pass{Claimed: 1, Retrying: 1})
		ps := f.pushes(t)
		if ps[0].Status != squares.PushQueued || ps[0].Attempts != 1 || !ps[0].NextAttemptAt.Equal(t0.Add(time.Minute)) ||
			!strings.HasPrefix(ps[0].LastError, "push service answered 500") {
			t.Fatalf("after a 500: %+v", ps[0])
		}
		wantPass(t, p, Pass{}) // not due yet
		f.clock.Add(time.Minute)
		wantPass(t, p, Pass{Claimed: 1, Retrying: 1})
		if ps := f.pushes(t); !ps[0].NextAttemptAt.Equal(t0.Add(11 * time.Minute)) {
			t.Fatalf("after a 429 asking for 600 s: due %s", ps[0].NextAttemptAt)
		}
		f.clock.Add(10 * time.Minute)
		wantPass(t, p, Pass{Claimed: 1, Sent: 1})
		if got := f.ps.deliveries(); len(got) != 1 {
			t.Fatalf("delivered %d times", len(got))
		}

		// Three 503s: failed for good at the third attempt.
		f.ps.answerWith(d, 503, 503, 503)
		f.invite(t)
		for i, want := range []Pass{{Claimed: 1, Retrying: 1}, {Claimed: 1, Retrying: 1}, {Claimed: 1, Failed: 1}} {
			f.clock.Add(time.Hour)
			if got, err := p.RunOnce(context.Background()); err != nil || got != want {
				t.Fatalf("attempt %d: %+v, %v", i+1, got, err)
			}
		}
		f.clock.Add(time.Hour)
		wantPass(t, p, Pass{})
		if ps := f.pushes(t); ps[0].Status != squares.PushFailed || ps[0].Attempts != 3 {
			t.Fatalf("after 3 failures: %+v", ps[0])
		}

		// 413: failed at once.
		f.ps.answerWith(d, http.StatusRequestEntityTooLarge)
		f.invite(t)
		wantPass(t, p, Pass{Claimed: 1, Failed: 1})
	})
}

// TestPushCrashBetweenSendAndMark: an instance that claimed a push and stopped before it marked it (it
// may have sent it) holds it until its lease runs out; then another sends it. Nothing is lost.
func TestPushCrashBetweenSendAndMark(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		f.subscribe(t, f.player)
		f.invite(t)
		p := f.pusher(t, Config{Lease: 2 * time.Minute})
		claimed, err := f.db.ClaimPushes(ctx, "crashed", 2*time.Minute, 10)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claimed %d, %v", len(claimed), err)
		}
		wantPass(t, p, Pass{}) // the lease holds
		f.clock.Add(2 * time.Minute)
		wantPass(t, p, Pass{Claimed: 1, Sent: 1})
		if ok, err := f.db.MarkPushSent(ctx, claimed[0].ID, "crashed"); ok || err != nil {
			t.Fatalf("the crashed sender marked it: %v %v", ok, err)
		}
		if ps := f.pushes(t); ps[0].Status != squares.PushSent || ps[0].Attempts != 2 || len(f.ps.deliveries()) != 1 {
			t.Fatalf("push %+v, %d deliveries", ps[0], len(f.ps.deliveries()))
		}
	})
}

// TestPushSkipped: a push for a device signed out since it was queued, or a day old, is not sent; a
// subscription made with another key is ended.
func TestPushSkipped(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		// The session that subscribed ends (it expires, or a password change or a disabled account ends
		// it) without the sign-out that deletes the subscription.
		f.subscribeFor(t, f.player, time.Minute)
		f.invite(t)
		f.clock.Add(2 * time.Minute)
		p := f.pusher(t, Config{})
		wantPass(t, p, Pass{})
		if ps := f.pushes(t); len(ps) != 1 || ps[0].Status != squares.PushSkipped || ps[0].LastError != "The device signed out." {
			t.Fatalf("pushes %+v", ps)
		}
		// The subscription goes once its pushes are old enough to go.
		f.clock.Add(31 * 24 * time.Hour)
		wantPass(t, p, Pass{})
		if subs, _ := f.db.ListPushSubscriptions(ctx, f.player.ID); len(subs) != 0 || len(f.pushes(t)) != 0 {
			t.Fatalf("left: %+v", subs)
		}

		g := newFixture(t, engine)
		g.subscribe(t, g.player)
		g.invite(t)
		g.clock.Add(squares.PushMaxAge)
		wantPass(t, g.pusher(t, Config{}), Pass{})
		if ps := g.pushes(t); ps[0].Status != squares.PushSkipped || !strings.HasPrefix(ps[0].LastError, "Expired") {
			t.Fatalf("push %+v", ps[0])
		}

		h := newFixture(t, engine)
		_, old := h.subscribe(t, h.player)
		old.ServerKey = "another key"
		if _, err := h.db.SavePushSubscription(ctx, old, fmt.Sprintf("session-%d-%d", counter, h.n)); err != nil {
			t.Fatal(err)
		}
		h.invite(t)
		wantPass(t, h.pusher(t, Config{}), Pass{Claimed: 1, Gone: 1})
		if subs, _ := h.db.ListPushSubscriptions(ctx, h.player.ID); len(subs) != 0 || len(h.ps.deliveries()) != 0 {
			t.Fatalf("subscriptions %+v", subs)
		}
	})
}

// TestPushRefusesPrivateAddresses: outside development mode a push endpoint that resolves to this
// machine is never called.
func TestPushRefusesPrivateAddresses(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		f := newFixture(t, engine)
		f.subscribe(t, f.player)
		f.invite(t)
		p, err := New(f.db, Config{Keys: f.keys, Subject: subject}, quiet)
		if err != nil {
			t.Fatal(err)
		}
		wantPass(t, p, Pass{Claimed: 1, Retrying: 1})
		if ps := f.pushes(t); !strings.Contains(ps[0].LastError, "not a public address") || len(f.ps.deliveries()) != 0 {
			t.Fatalf("push %+v", ps[0])
		}
	})
}

func TestKeys(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		a, err := LoadKeys(ctx, db, "", "")
		if err != nil {
			t.Fatal(err)
		}
		b, err := LoadKeys(ctx, db, "", "")
		if err != nil || a != b {
			t.Fatalf("generated keys changed: %+v, %+v, %v", a, b, err)
		}
		if pub, _ := base64.RawURLEncoding.DecodeString(a.Public); len(pub) != 65 || pub[0] != 4 {
			t.Fatalf("public key %q", a.Public)
		}
		// Configured keys win, padded or not; half a pair, or a mismatched pair, is refused.
		key, _ := ecdh.P256().GenerateKey(rand.Reader)
		pub, priv := base64.URLEncoding.EncodeToString(key.PublicKey().Bytes()), base64.URLEncoding.EncodeToString(key.Bytes())
		c, err := LoadKeys(ctx, db, pub, priv)
		if err != nil || c.Public != strings.TrimRight(pub, "=") || c.Private != strings.TrimRight(priv, "=") {
			t.Fatalf("configured %+v, %v", c, err)
		}
		if _, err := LoadKeys(ctx, db, pub, ""); err == nil {
			t.Fatal("half a pair accepted")
		}
		if _, err := LoadKeys(ctx, db, a.Public, priv); err == nil || !strings.Contains(err.Error(), "is not the public key") {
			t.Fatalf("mismatched pair: %v", err)
		}
		if _, err := ParseKeys(pub, "AAAA"); err == nil {
			t.Fatal("a short private key accepted")
		}
	})
	// About one seed in 2^32 is no P-256 scalar: the key is then derived from it.
	ones := []byte(strings.Repeat("\xff", 32))
	if k := keysFromSeed(ones); k.Private == "" || k != keysFromSeed(ones) {
		t.Fatalf("keys from an invalid seed: %+v", k)
	}
}

func TestSubject(t *testing.T) {
	for _, c := range []struct{ explicit, public, from, want string }{
		{"", "https://squares.example.com", "", "https://squares.example.com"},
		{"", "https://squares.example.com:8443/", "Squares <noreply@example.com>", "https://squares.example.com:8443"},
		{"", "http://127.0.0.1:8080", "Squares <noreply@example.com>", "mailto:noreply@example.com"},
		{"", "http://squares.test:8080", "", "mailto:push@squares.test"},
		{"mailto:ops@example.com", "https://squares.example.com", "", "mailto:ops@example.com"},
		{"https://example.com/contact", "", "", "https://example.com/contact"},
	} {
		if got, err := Subject(c.explicit, c.public, c.from); err != nil || got != c.want {
			t.Errorf("Subject(%q, %q, %q) = %q, %v; want %q", c.explicit, c.public, c.from, got, err, c.want)
		}
	}
	for _, bad := range []string{"ops@example.com", "mailto:", "http://example.com", "https://"} {
		if _, err := Subject(bad, "", ""); err == nil {
			t.Errorf("subject %q accepted", bad)
		}
	}
	if subscriber("mailto:ops@example.com") != "ops@example.com" || subscriber("https://x.example") != "https://x.example" {
		t.Error("subscriber")
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{"": 0, "120": 2 * time.Minute, "x": 0, "-5": 0,
		now.Add(time.Hour).Format(http.TimeFormat): time.Hour, now.Add(-time.Hour).Format(http.TimeFormat): 0} {
		if got := retryAfter(v, now); got != want {
			t.Errorf("retryAfter(%q) = %s, want %s", v, got, want)
		}
	}
}
