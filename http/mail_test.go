package http_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/mail"
	"github.com/squaresapp/squares/store"
)

// queueInvitation queues an invitation to the server's first free pool of a new game.
func queueInvitation(t *testing.T, s *apiServer, email string) *squares.Mail {
	t.Helper()
	_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
	m, err := s.db.QueueInvitation(context.Background(), squares.Invitation{PoolID: pools[0].ID, Email: email, Code: "JOINME42"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestAdminMail: admins list the outbox, newest first, filtered by status, with each message's subject,
// attempts and next attempt; players may not; a bad filter is a clear error.
func TestAdminMail(t *testing.T) {
	s := startAPI(t, store.SQLite)
	m, err := mail.New(s.db, mail.Config{Dev: true, BaseURL: s.URL()}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	s.Mail = m
	queued := queueInvitation(t, s, "friend@example.com")
	admin := s.admin(t)
	list := admin.get("/api/admin/mail").want(http.StatusOK).list()
	if len(list) != 1 || list[0]["id"] != float64(queued.ID) || list[0]["kind"] != "invitation" || list[0]["to"] != "friend@example.com" ||
		list[0]["status"] != "queued" || list[0]["attempts"] != float64(0) || list[0]["nextAttemptAt"] == nil ||
		list[0]["lastError"] != "" || list[0]["essential"] != true || list[0]["subject"] != "You're invited to a squares pool: Kansas City Chiefs @ Buffalo Bills" {
		t.Fatalf("outbox = %v", list)
	}
	if l := admin.get("/api/admin/mail?status=failed").want(http.StatusOK).list(); len(l) != 0 {
		t.Fatalf("failed = %v", l)
	}
	admin.get("/api/admin/mail?status=lost").wantError(http.StatusBadRequest, "invalid", "", "status", "Status must be queued, sent, failed or skipped.")
	admin.get("/api/admin/mail?limit=0").wantError(http.StatusBadRequest, "invalid", "", "limit", "Limit must be a number from 1 to 500.")
	player, _ := s.register(t, "", "")
	player.get("/api/admin/mail").want(http.StatusForbidden)
}

// TestEmailPreferences: a player reads and changes their choice; the value is required.
func TestEmailPreferences(t *testing.T) {
	s := startAPI(t, store.SQLite)
	c, _ := s.register(t, "", "")
	if got := c.get("/api/user/email-preferences").want(http.StatusOK).obj(); got["optOut"] != false {
		t.Fatalf("preferences = %v", got)
	}
	if got := c.post("/api/user/email-preferences", map[string]any{"optOut": true}).want(http.StatusOK).obj(); got["optOut"] != true {
		t.Fatalf("set = %v", got)
	}
	if got := c.get("/api/user/email-preferences").want(http.StatusOK).obj(); got["optOut"] != true {
		t.Fatalf("preferences = %v", got)
	}
	c.post("/api/user/email-preferences", map[string]any{}).wantError(http.StatusBadRequest, "invalid", "", "optOut", "optOut is required: true or false.")
	c.post("/api/user/email-preferences", map[string]any{"optOut": "yes"}).want(http.StatusBadRequest)
	s.client(t).get("/api/user/email-preferences").want(http.StatusUnauthorized)
}

// TestUnsubscribeLink: the signed link of List-Unsubscribe works without a sign-in: GET only asks, POST
// (one-click) turns the player's optional e-mail off; a link with a wrong token or for another player
// changes nothing.
func TestUnsubscribeLink(t *testing.T) {
	s := startAPI(t, store.SQLite)
	ctx := context.Background()
	_, u := s.register(t, "", "")
	id, _ := strconv.ParseInt(u["id"].(string), 10, 64)
	s.register(t, "", "") // another player: id+1
	m, err := mail.New(s.db, mail.Config{BaseURL: ""}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	key, err := mail.UnsubscribeKey(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	link := m.UnsubscribeURL(key, id) // a path: BaseURL is empty
	anon := s.client(t)
	page := anon.get(link).want(http.StatusOK)
	if !strings.Contains(string(page.Body), `<form method="post">`) {
		t.Fatalf("page:\n%s", page.Body)
	}
	if off, _ := s.db.EmailOptOut(ctx, id); off {
		t.Fatal("a GET turned e-mail off")
	}
	for _, bad := range []string{strings.Replace(link, "t=", "t=x", 1), strings.Replace(link, "u="+strconv.FormatInt(id, 10), "u="+strconv.FormatInt(id+1, 10), 1)} {
		if !strings.Contains(string(anon.do("POST", bad, "List-Unsubscribe=One-Click").want(http.StatusBadRequest).Body), "not valid") {
			t.Fatalf("%s: no refusal", bad)
		}
	}
	if off, _ := s.db.EmailOptOut(ctx, id); off {
		t.Fatal("a bad link turned e-mail off")
	}
	done := anon.do("POST", link, "List-Unsubscribe=One-Click", "Content-Type", "application/x-www-form-urlencoded").want(http.StatusOK)
	if !strings.Contains(string(done.Body), "You will no longer get optional e-mail") {
		t.Fatalf("page:\n%s", done.Body)
	}
	if off, _ := s.db.EmailOptOut(ctx, id); !off {
		t.Fatal("the link did not turn e-mail off")
	}
	if off, _ := s.db.EmailOptOut(ctx, id+1); off {
		t.Fatal("another player's e-mail was turned off")
	}
}

// TestDevMailPage: in development mode /dev/mail shows the outbox with each message's text and HTML.
func TestDevMailPage(t *testing.T) {
	s := startAPI(t, store.SQLite)
	queueInvitation(t, s, "friend@example.com")
	page := s.client(t).get("/dev/mail").want(http.StatusOK)
	body := string(page.Body)
	for _, want := range []string{`data-page="dev-mail"`, "friend@example.com", "A player invited you to their pool", "Invite code: JOINME42",
		"/join/JOINME42", "<iframe sandbox", "queued and shown at /dev/mail"} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(body)
	}
}
