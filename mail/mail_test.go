package mail

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
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

// fixture is a store with a game, its tier pools and a player.
type fixture struct {
	db     *store.DB
	clock  *storetest.Clock
	game   *squares.Game
	pools  []*squares.PoolView
	player *squares.User
}

var counter int

func newFixture(t *testing.T, engine string) *fixture {
	t.Helper()
	ctx := context.Background()
	db := storetest.Open(t, engine)
	clock := storetest.NewClock(t0)
	db.Now = clock.Now
	counter++
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("mail_%d", counter), Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D", AwayTeamColor: "#E31837",
		GameDate: time.Date(2026, 11, 23, 18, 0, 0, 0, time.UTC), Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: db, clock: clock, game: g, pools: pools}
	f.player = f.addPlayer(t, "Pat")
	return f
}

func (f *fixture) addPlayer(t *testing.T, first string) *squares.User {
	t.Helper()
	counter++
	u := &squares.User{Email: fmt.Sprintf("%s%d@example.com", strings.ToLower(first), counter), PasswordHash: "x",
		FirstName: first, LastName: "Tester", DateOfBirth: "1990-01-01", ResidenceState: "NY", ResidenceCountry: "US",
		IsAgeVerified: true, IsEligibleToBet: true}
	if err := f.db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func (f *fixture) invite(t *testing.T, email string) *squares.Mail {
	t.Helper()
	m, err := f.db.QueueInvitation(context.Background(), squares.Invitation{PoolID: f.pools[0].ID, Email: email,
		Code: "ABCD2345", InviterID: f.player.ID})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// releaseHold has the player start a checkout in the $1 pool and lose it: a non-essential message.
func (f *fixture) releaseHold(t *testing.T, u *squares.User, cell int) {
	t.Helper()
	ctx := context.Background()
	f.db.SetPoolStatus(ctx, f.pools[1].ID, squares.PoolActive) // refused when it is active already
	pay, err := f.db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_%d_%d", u.ID, cell), Provider: "sandbox", User: u,
		PoolID: f.pools[1].ID, Cells: []squares.Cell{{Row: cell / 10, Column: cell % 10}}, Amount: 100})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.ReleasePayment(ctx, pay.ID, "Your checkout expired; the square was released."); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) mailer(t *testing.T, in *inbox, cfg Config) *Mailer {
	t.Helper()
	if in != nil && cfg.SMTPURL == "" {
		cfg.SMTPURL = "smtp://" + in.addr
	}
	cfg.BaseURL = "https://squares.example.com"
	cfg.From = "Squares <noreply@squares.example.com>"
	m, err := New(f.db, cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// parsed is a received message read back: its headers and its text and HTML parts, decoded.
type parsed struct {
	header mail.Header
	text   string
	html   string
}

func parse(t *testing.T, r received) parsed {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(r.Data))
	if err != nil {
		t.Fatalf("read message: %v\n%s", err, r.Data)
	}
	out := parsed{header: msg.Header}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("content type %q, %v", msg.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var body io.Reader = p
		if strings.EqualFold(p.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
			body = quotedprintable.NewReader(p)
		}
		b, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		switch ct {
		case "text/plain":
			out.text = string(b)
		case "text/html":
			out.html = string(b)
		}
	}
	return out
}

func wantPass(t *testing.T, m *Mailer, want Pass) {
	t.Helper()
	got, err := m.RunOnce(context.Background())
	if err != nil || got != want {
		t.Fatalf("pass = %+v, %v; want %+v", got, err, want)
	}
}

// TestInvitationOverSMTP: an invitation reaches a real SMTP server over STARTTLS, authenticated, with
// Date, Message-ID, both parts, the pool, the game, the kickoff in Eastern time, the code and the join
// link, and no List-Unsubscribe (it is essential). A released hold (not essential) carries a signed
// List-Unsubscribe link with one-click unsubscribing.
func TestInvitationOverSMTP(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		in := startInbox(t, inboxOptions{startTLS: true, user: "squares", password: "p@ss word"})
		m := f.mailer(t, in, Config{SMTPURL: "smtp://squares:p%40ss%20word@" + in.addr})
		m.smtp.tls = in.tlsConfig()
		queued := f.invite(t, "friend@example.com")
		f.clock.Add(time.Minute) // sent a minute after it was queued: Date is when it was queued
		wantPass(t, m, Pass{Claimed: 1, Sent: 1})

		got := in.messages()
		if len(got) != 1 || got[0].From != "noreply@squares.example.com" || len(got[0].To) != 1 ||
			got[0].To[0] != "friend@example.com" || !got[0].TLS {
			t.Fatalf("received %+v", got)
		}
		p := parse(t, got[0])
		if date, err := p.header.Date(); err != nil || !date.Equal(t0) {
			t.Errorf("Date = %q (%v), want %s", p.header.Get("Date"), err, t0)
		}
		if id := p.header.Get("Message-ID"); id != "<"+queued.Token+"."+fmt.Sprint(queued.ID)+"@squares.example.com>" {
			t.Errorf("Message-ID = %q", id)
		}
		if p.header.Get("List-Unsubscribe") != "" {
			t.Errorf("an invitation has List-Unsubscribe %q", p.header.Get("List-Unsubscribe"))
		}
		dec := new(mime.WordDecoder)
		subject, _ := dec.DecodeHeader(p.header.Get("Subject"))
		if subject != "You're invited to a squares pool: Kansas City Chiefs @ Buffalo Bills" {
			t.Errorf("Subject = %q", subject)
		}
		for name, body := range map[string]string{"text": p.text, "html": p.html} {
			for _, want := range []string{"ABCD2345", "https://squares.example.com/join/ABCD2345",
				"Kansas City Chiefs @ Buffalo Bills", "Mon Nov 23, 1:00 PM ET", "Pat T. invited you to their pool, which they named: \u201cFree Pool\u201d"} {
				if !strings.Contains(body, want) {
					t.Errorf("%s part lacks %q:\n%s", name, want, body)
				}
			}
		}
		if !strings.Contains(p.html, `href="https://squares.example.com/join/ABCD2345"`) {
			t.Errorf("html part has no join link:\n%s", p.html)
		}
		if sent, _ := f.db.ListMail(ctx, squares.MailSent, 10); len(sent) != 1 || sent[0].Attempts != 1 {
			t.Fatalf("sent = %+v", sent)
		}

		// A non-essential message: List-Unsubscribe with the player's signed link.
		f.releaseHold(t, f.player, 0)
		wantPass(t, m, Pass{Claimed: 1, Sent: 1})
		got = in.messages()
		p = parse(t, got[1])
		key, err := UnsubscribeKey(ctx, f.db)
		if err != nil {
			t.Fatal(err)
		}
		link := m.UnsubscribeURL(key, f.player.ID)
		if !strings.HasPrefix(link, "https://squares.example.com/api/mail/unsubscribe?t=") ||
			p.header.Get("List-Unsubscribe") != "<"+link+">" ||
			p.header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
			t.Fatalf("List-Unsubscribe = %q, -Post = %q; link %s", p.header.Get("List-Unsubscribe"),
				p.header.Get("List-Unsubscribe-Post"), link)
		}
		if !strings.Contains(p.text, "Your checkout expired; the square was released.") || !strings.Contains(p.text, link) ||
			!strings.Contains(p.html, "Turn these e-mails off") || !strings.Contains(p.text, "Hi Pat,") {
			t.Fatalf("hold released:\n%s\n%s", p.text, p.html)
		}
	})
}

// TestInvitationQuotesThePlayersWords (issue 19, item 2): a pool's name and the inviter's name are a
// player's words. The subject carries neither (a spammer's pool name is never the subject); the body
// quotes the pool's name as what the inviter named it, says that Squares did not write it, and the HTML
// part escapes both.
func TestInvitationQuotesThePlayersWords(t *testing.T) {
	f := newFixture(t, store.SQLite)
	m := f.mailer(t, nil, Config{})
	const pool = `FREE $500 at <b>evil.example</b> & "more"`
	msg, err := m.Render(context.Background(), &squares.Mail{ID: 1, Kind: squares.MailInvitation, To: "x@example.com",
		Essential: true, PoolID: 7, Data: map[string]string{"pool": pool, "inviter": "Dana <i>Doe</i>", "code": "ABCD2345",
			"game": "Kansas City Chiefs @ Buffalo Bills", "kickoff": "2026-11-23T18:00:00Z"}})
	if err != nil {
		t.Fatal(err)
	}
	if msg.Subject != "You're invited to a squares pool: Kansas City Chiefs @ Buffalo Bills" {
		t.Errorf("Subject = %q", msg.Subject)
	}
	for _, want := range []string{
		"Dana <i>Doe</i> invited you to their pool, which they named: \u201c" + pool + "\u201d",
		"The pool's name was written by Dana <i>Doe</i>, not by Squares.",
	} {
		if !strings.Contains(msg.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, msg.Text)
		}
	}
	for _, want := range []string{
		"Dana &lt;i&gt;Doe&lt;/i&gt; invited you to their pool, which they named: \u201cFREE $500 at &lt;b&gt;evil.example&lt;/b&gt; &amp; &#34;more&#34;\u201d",
		"The pool&#39;s name was written by Dana &lt;i&gt;Doe&lt;/i&gt;, not by Squares.",
	} {
		if !strings.Contains(msg.HTML, want) {
			t.Errorf("HTML part lacks %q:\n%s", want, msg.HTML)
		}
	}
	for _, bad := range []string{"<b>evil", "<i>Doe"} {
		if strings.Contains(msg.HTML, bad) {
			t.Errorf("HTML part carries the player's markup %q:\n%s", bad, msg.HTML)
		}
	}
	// Without a known inviter the body still attributes the name to a player.
	msg, err = m.Render(context.Background(), &squares.Mail{ID: 2, Kind: squares.MailInvitation, To: "x@example.com",
		Essential: true, PoolID: 7, Data: map[string]string{"pool": pool, "code": "ABCD2345", "game": "A @ B"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "A player invited you to their pool, which they named: \u201c" + pool + "\u201d"; !strings.Contains(msg.Text, want) ||
		!strings.Contains(msg.Text, "The pool's name was written by the player who invited you, not by Squares.") {
		t.Errorf("text part without an inviter:\n%s", msg.Text)
	}
}

// TestImplicitTLS: smtps:// speaks TLS from the first byte.
func TestImplicitTLS(t *testing.T) {
	f := newFixture(t, store.SQLite)
	in := startInbox(t, inboxOptions{implicit: true})
	m := f.mailer(t, in, Config{SMTPURL: "smtps://" + in.addr})
	m.smtp.tls = in.tlsConfig()
	f.invite(t, "friend@example.com")
	wantPass(t, m, Pass{Claimed: 1, Sent: 1})
	if got := in.messages(); len(got) != 1 || !got[0].TLS {
		t.Fatalf("received %+v", got)
	}
}

// TestOutboxSurvivesRestart: a message queued by one process is sent by the next one, after the database
// was closed and opened again.
func TestOutboxSurvivesRestart(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		f.invite(t, "friend@example.com")
		if err := f.db.Close(); err != nil {
			t.Fatal(err)
		}
		db := store.New(f.db.URL)
		if err := db.Open(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		in := startInbox(t, inboxOptions{})
		f.db = db
		m := f.mailer(t, in, Config{})
		wantPass(t, m, Pass{Claimed: 1, Sent: 1})
		if got := in.messages(); len(got) != 1 || !strings.Contains(string(got[0].Data), "ABCD2345") {
			t.Fatalf("received %d messages", len(got))
		}
		wantPass(t, m, Pass{})
	})
}

// TestRetryWithBackoff: the server refusing a message (451) leaves it queued with the error, due again
// after MailRetryDelay; an unreachable server too; it is sent once the server takes it; after MaxAttempts
// a message is failed for good.
func TestRetryWithBackoff(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		in := startInbox(t, inboxOptions{})
		m := f.mailer(t, in, Config{})
		f.invite(t, "friend@example.com")
		in.refuseNext(1)
		wantPass(t, m, Pass{Claimed: 1, Retrying: 1})
		q, _ := f.db.ListMail(ctx, squares.MailQueued, 10)
		if len(q) != 1 || q[0].Attempts != 1 || !strings.Contains(q[0].LastError, "451") ||
			!q[0].NextAttemptAt.Equal(t0.Add(squares.MailRetryDelay(1))) {
			t.Fatalf("after a refusal: %+v", q)
		}
		wantPass(t, m, Pass{}) // not due yet

		// The server is unreachable at the next attempt.
		f.clock.Add(squares.MailRetryDelay(1))
		down := f.mailer(t, nil, Config{SMTPURL: "smtp://127.0.0.1:1"})
		wantPass(t, down, Pass{Claimed: 1, Retrying: 1})
		q, _ = f.db.ListMail(ctx, squares.MailQueued, 10)
		if len(q) != 1 || q[0].Attempts != 2 || !strings.Contains(q[0].LastError, "connect to smtp://127.0.0.1:1") {
			t.Fatalf("after a refused connection: %+v", q)
		}
		f.clock.Add(squares.MailRetryDelay(2))
		wantPass(t, m, Pass{Claimed: 1, Sent: 1})
		if got := in.messages(); len(got) != 1 {
			t.Fatalf("received %d messages", len(got))
		}
		sent, _ := f.db.ListMail(ctx, squares.MailSent, 10)
		if len(sent) != 1 || sent[0].Attempts != 3 || sent[0].LastError != "" {
			t.Fatalf("sent = %+v", sent)
		}

		// Two attempts at most: the second refusal fails it for good.
		f.invite(t, "other@example.com")
		two := f.mailer(t, in, Config{MaxAttempts: 2})
		in.refuseNext(2)
		wantPass(t, two, Pass{Claimed: 1, Retrying: 1})
		f.clock.Add(squares.MailRetryDelay(1))
		wantPass(t, two, Pass{Claimed: 1, Failed: 1})
		f.clock.Add(24 * time.Hour)
		wantPass(t, two, Pass{})
		if failed, _ := f.db.ListMail(ctx, squares.MailFailed, 10); len(failed) != 1 || failed[0].To != "other@example.com" {
			t.Fatalf("failed = %+v", failed)
		}
	})
}

// TestTwoMailersNeverSendTwice: two mailers on one database (two instances, each with its own
// connections) running passes at the same time send every message exactly once.
func TestTwoMailersNeverSendTwice(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		const n = 40
		for i := range n {
			f.invite(t, fmt.Sprintf("friend%d@example.com", i))
		}
		other := store.New(f.db.URL)
		if err := other.Open(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { other.Close() })
		other.Now = f.clock.Now
		in := startInbox(t, inboxOptions{})
		a := f.mailer(t, in, Config{Batch: 3})
		b := f.mailer(t, in, Config{Batch: 3})
		b.Store = other
		var wg sync.WaitGroup
		for _, m := range []*Mailer{a, b, a, b} {
			wg.Go(func() {
				for {
					p, err := m.RunOnce(ctx)
					if err != nil {
						t.Error(err)
						return
					}
					if p.Claimed == 0 {
						return
					}
				}
			})
		}
		wg.Wait()
		seen := map[string]int{}
		for _, r := range in.messages() {
			seen[r.To[0]]++
		}
		if len(seen) != n {
			t.Errorf("%d addresses received mail, want %d", len(seen), n)
		}
		for to, k := range seen {
			if k != 1 {
				t.Errorf("%s received %d messages", to, k)
			}
		}
	})
}

// TestOptOut: a player who turned e-mail off gets the essential messages (a cancelled pool) and not the
// others, even one queued before they opted out.
func TestOptOut(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		in := startInbox(t, inboxOptions{})
		m := f.mailer(t, in, Config{})
		f.releaseHold(t, f.player, 0) // queued while the player still wanted it
		if err := f.db.SetEmailOptOut(ctx, f.player.ID, true); err != nil {
			t.Fatal(err)
		}
		f.releaseHold(t, f.player, 1) // not queued at all
		free, err := f.db.SetPoolStatus(ctx, f.pools[0].ID, squares.PoolActive)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: f.player, Cells: []squares.Cell{{Row: 1, Column: 1}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.db.CancelPool(ctx, free.ID, "The game was postponed."); err != nil {
			t.Fatal(err)
		}
		wantPass(t, m, Pass{Claimed: 1, Sent: 1})
		got := in.messages()
		if len(got) != 1 || got[0].To[0] != f.player.Email {
			t.Fatalf("received %+v", got)
		}
		p := parse(t, got[0])
		if !strings.Contains(p.text, "The game was postponed.") || p.header.Get("List-Unsubscribe") != "" {
			t.Fatalf("cancelled pool: %v\n%s", p.header, p.text)
		}
		if skipped, _ := f.db.ListMail(ctx, squares.MailSkipped, 10); len(skipped) != 1 || skipped[0].Kind != squares.MailHoldReleased {
			t.Fatalf("skipped = %+v", skipped)
		}
	})
}

// TestWithoutSMTP: in development mode messages stay queued (for /dev/mail); outside it they are skipped.
func TestWithoutSMTP(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, store.SQLite)
	f.invite(t, "friend@example.com")
	dev := f.mailer(t, nil, Config{Dev: true})
	wantPass(t, dev, Pass{})
	if q, _ := f.db.ListMail(ctx, squares.MailQueued, 10); len(q) != 1 {
		t.Fatalf("queued = %+v", q)
	}
	prod := f.mailer(t, nil, Config{})
	wantPass(t, prod, Pass{Skipped: 1})
	if s, _ := f.db.ListMail(ctx, squares.MailSkipped, 10); len(s) != 1 || !strings.Contains(s[0].LastError, "SQUARES_SMTP_URL") {
		t.Fatalf("skipped = %+v", s)
	}
}

func TestParseSMTPURL(t *testing.T) {
	for _, tc := range []struct {
		url, want, user, password, err string
	}{
		{url: "smtp://mail.example.com", want: "smtp://mail.example.com:587"},
		{url: "smtp://u:p%40x@mail.example.com:2525", want: "smtp://mail.example.com:2525", user: "u", password: "p@x"},
		{url: "smtps://u@mail.example.com", want: "smtps://mail.example.com:465", user: "u"},
		{url: "http://mail.example.com", err: `scheme "http" is not smtp or smtps`},
		{url: "smtp://", err: "no host"},
		{url: "smtp://mail.example.com:0", err: `port "0" is not a port number`},
	} {
		s, err := parseSMTPURL(tc.url)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.url, err, tc.err)
			}
			continue
		}
		if err != nil || s.String() != tc.want || s.user != tc.user || s.password != tc.password {
			t.Errorf("%s: %+v, %v", tc.url, s, err)
		}
	}
}
