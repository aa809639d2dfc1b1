package http_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store/storetest"
)

const testVAPIDKey = "BOtestvapidpublickey"

// pushDevices numbers the browsers' push subscriptions, unique across tests run at once.
var pushDevices atomic.Int64

// browserSubscription is a PushSubscription as a browser's toJSON() writes it: a fresh endpoint and keys.
func browserSubscription(t *testing.T) map[string]any {
	t.Helper()
	seq := pushDevices.Add(1)
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	return map[string]any{"endpoint": fmt.Sprintf("https://fcm.googleapis.com/fcm/send/device-%d", seq),
		"expirationTime": nil, "keys": map[string]string{"p256dh": base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
			"auth": base64.RawURLEncoding.EncodeToString(auth)}}
}

// TestPushSubscriptionCalls: /api/config and /api/push/key give the VAPID key; a signed-in player
// subscribes a device (201, then 200 for the same endpoint), sees it listed, and deletes it (204, twice);
// bad subscriptions are 400s naming the field; signed out, the calls are 401s; another account on the
// same browser takes the endpoint over; signing out ends the subscription; an invitation to a player
// queues a push for their device.
func TestPushSubscriptionCalls(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startAPIWith(t, engine, func(c *squareshttp.Config) { c.VAPIDPublicKey = testVAPIDKey })
		anon := s.client(t)
		if k := anon.get("/api/config").want(http.StatusOK).obj()["vapidPublicKey"]; k != testVAPIDKey {
			t.Fatalf("config vapidPublicKey = %v", k)
		}
		if k := anon.get("/api/push/key").want(http.StatusOK).obj()["publicKey"]; k != testVAPIDKey {
			t.Fatalf("push key = %v", k)
		}
		sub := browserSubscription(t)
		anon.post("/api/push/subscriptions", sub).want(http.StatusUnauthorized)
		anon.do("DELETE", "/api/push/subscriptions", map[string]any{"endpoint": sub["endpoint"]}).want(http.StatusUnauthorized)

		pat, patUser := s.register(t, "1990-01-01", "NY")
		got := pat.post("/api/push/subscriptions", sub).want(http.StatusCreated).obj()
		if got["endpoint"] != sub["endpoint"] || got["id"] == nil {
			t.Fatalf("subscribed %v", got)
		}
		again := browserSubscription(t)
		again["endpoint"] = sub["endpoint"]
		if pat.post("/api/push/subscriptions", again).want(http.StatusOK).obj()["id"] != got["id"] {
			t.Fatal("resubscribing made another subscription")
		}
		if l := pat.get("/api/push/subscriptions").want(http.StatusOK).list(); len(l) != 1 || l[0]["endpoint"] != sub["endpoint"] {
			t.Fatalf("devices %v", l)
		}

		// Bad subscriptions.
		keys := sub["keys"].(map[string]string)
		for _, c := range []struct {
			body  any
			field string
		}{
			{map[string]any{"keys": keys}, "endpoint"},
			{map[string]any{"endpoint": "ftp://push.example.com/x", "keys": keys}, "endpoint"},
			{map[string]any{"endpoint": "https://push.example.com/x", "keys": map[string]string{"p256dh": "AAAA", "auth": keys["auth"]}}, "keys.p256dh"},
			{map[string]any{"endpoint": "https://push.example.com/x", "keys": map[string]string{"p256dh": keys["p256dh"], "auth": "%%%"}}, "keys.auth"},
			{map[string]any{"endpoint": "https://push.example.com/x", "keys": map[string]string{"p256dh": keys["p256dh"]}}, "keys.auth"},
		} {
			r := pat.post("/api/push/subscriptions", c.body)
			r.want(http.StatusBadRequest)
			var e struct {
				Code   string            `json:"code"`
				Fields map[string]string `json:"fields"`
			}
			r.decode(&e)
			if e.Code != "invalid" || e.Fields[c.field] == "" {
				t.Errorf("%v: %s", c.body, r.Body)
			}
		}
		// Past the endpoint's length: refused at the edge, as any text past its field's length.
		pat.post("/api/push/subscriptions", map[string]any{"endpoint": "https://push.example.com/" + strings.Repeat("x", 2100),
			"keys": keys}).wantInvalidInput("endpoint")
		pat.post("/api/push/subscriptions", `{"endpoint": 7}`).want(http.StatusBadRequest)
		pat.do("DELETE", "/api/push/subscriptions", map[string]any{}).wantError(http.StatusBadRequest, "invalid", "endpoint is required.",
			"endpoint", "endpoint is required.")
		if l := pat.get("/api/push/subscriptions").list(); len(l) != 1 {
			t.Fatalf("a refused subscription changed the devices: %v", l)
		}

		// An invitation to pat queues a push for pat's device.
		g, _ := s.game(t, "W12", time.Now().Add(72*time.Hour))
		lee, _ := s.register(t, "1990-01-01", "NY")
		lee.post("/api/pools/private", map[string]any{"gameId": g.ID, "name": "Office", "maxSquaresPerPlayer": 10,
			"entryFee": "0.00", "inviteEmails": []string{patUser["email"].(string)}}).want(http.StatusCreated)
		ps, err := s.db.ListPushes(ctx, "", userIDOf(t, patUser), 10)
		if err != nil || len(ps) != 1 || ps[0].Kind != squares.PushInvitation || ps[0].Message.Title != "Pat L. invited you to Office" {
			t.Fatalf("pat's pushes %+v, %v", ps, err)
		}

		// Admins see the outbox.
		l := s.admin(t).get("/api/admin/push").want(http.StatusOK).list()
		if len(l) != 1 || l[0]["kind"] != squares.PushInvitation || l[0]["status"] != squares.PushQueued ||
			l[0]["url"] != ps[0].Message.URL {
			t.Fatalf("admin's outbox %v", l)
		}

		// Another account on the same browser takes the endpoint over, and pat's pushes for it go.
		lee.post("/api/push/subscriptions", again).want(http.StatusCreated)
		if ps, _ := s.db.ListPushes(ctx, "", 0, 10); len(ps) != 0 {
			t.Fatalf("pushes for pat left on lee's device: %+v", ps)
		}
		if l := pat.get("/api/push/subscriptions").list(); len(l) != 0 {
			t.Fatalf("pat kept a device lee took over: %v", l)
		}
		if l := lee.get("/api/push/subscriptions").list(); len(l) != 1 {
			t.Fatalf("lee's devices %v", l)
		}
		// Pat deleting it changes nothing; lee deletes it, twice.
		pat.do("DELETE", "/api/push/subscriptions", map[string]any{"endpoint": again["endpoint"]}).want(http.StatusNoContent)
		if l := lee.get("/api/push/subscriptions").list(); len(l) != 1 {
			t.Fatalf("pat deleted lee's device: %v", l)
		}
		for range 2 {
			lee.do("DELETE", "/api/push/subscriptions?endpoint="+again["endpoint"].(string), nil).want(http.StatusNoContent)
		}
		if l := lee.get("/api/push/subscriptions").list(); len(l) != 0 {
			t.Fatalf("lee's devices after delete %v", l)
		}

		// Signing out ends the subscriptions of the session.
		pat.post("/api/push/subscriptions", browserSubscription(t)).want(http.StatusCreated)
		pat.post("/api/auth/logout", nil).want(http.StatusOK)
		if subs, _ := s.db.ListPushSubscriptions(ctx, userIDOf(t, patUser)); len(subs) != 0 {
			t.Fatalf("pat's devices after sign-out: %+v", subs)
		}

	})
}

// userIDOf reads a user's id from its JSON (a string).
func userIDOf(t *testing.T, u map[string]any) int64 {
	t.Helper()
	id, err := strconv.ParseInt(fmt.Sprint(u["id"]), 10, 64)
	if err != nil {
		t.Fatalf("user id %v", u["id"])
	}
	return id
}

// TestPushOff: a server without a VAPID key says so and takes no subscription.
func TestPushOff(t *testing.T) {
	s := startAPI(t, "sqlite")
	c, _ := s.register(t, "", "")
	if k, ok := s.client(t).get("/api/config").obj()["vapidPublicKey"]; !ok || k != nil {
		t.Fatalf("vapidPublicKey = %v", k)
	}
	s.client(t).get("/api/push/key").wantError(http.StatusNotFound, "not_found", "Push notifications are not set up on this server.")
	c.post("/api/push/subscriptions", browserSubscription(t)).wantError(http.StatusNotFound, "not_found", "")
}

// TestPushEndpointsOnThisMachine: outside development mode a subscription must name an https push service
// on the internet, unless the operator allows local ones (SQUARES_PUSH_ALLOW_LOCAL: tests, an on-premises
// push service).
func TestPushEndpointsOnThisMachine(t *testing.T) {
	for _, allow := range []bool{false, true} {
		s := startAPIWith(t, "sqlite", func(c *squareshttp.Config) {
			c.Dev, c.VAPIDPublicKey, c.PushAllowLocal = false, testVAPIDKey, allow
		})
		c := s.client(t)
		seq := emailCounter.Add(1)
		r := c.post("/api/auth/register", map[string]any{"email": fmt.Sprintf("player%d@example.com", seq),
			"password": "correct-horse", "firstName": "Pat", "lastName": "Lee"}).want(http.StatusCreated)
		var session string
		for _, k := range r.resp.Cookies() {
			if k.Name == "__Host-squares_session" {
				session = k.Name + "=" + k.Value
			}
		}
		if session == "" {
			t.Fatal("no session cookie")
		}
		for _, endpoint := range []string{"http://127.0.0.1:9/push/1", "https://10.0.0.1/push/2", "https://localhost/push/3"} {
			sub := browserSubscription(t)
			sub["endpoint"] = endpoint
			resp := c.do("POST", "/api/push/subscriptions", sub, "Cookie", session)
			if allow {
				resp.want(http.StatusCreated)
			} else {
				resp.want(http.StatusBadRequest)
			}
		}
		c.do("POST", "/api/push/subscriptions", browserSubscription(t), "Cookie", session).want(http.StatusCreated)
	}
}
