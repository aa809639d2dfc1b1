package squares

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"net"
	"strings"
	"testing"
	"time"
)

func testSubscription(t *testing.T) *PushSubscription {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	return &PushSubscription{Endpoint: "https://fcm.googleapis.com/fcm/send/abc:def",
		P256dh: base64.URLEncoding.EncodeToString(key.PublicKey().Bytes()), Auth: base64.StdEncoding.EncodeToString(auth)}
}

// offCurve returns the public key with the last bit of its y changed: a point not on the curve. (Changing its
// first characters instead left it unchanged, and valid, for one key in 16.)
func offCurve(t *testing.T, key string) string {
	b, err := base64.URLEncoding.DecodeString(key)
	if err != nil || len(b) != 65 {
		t.Fatalf("test key %q: %v", key, err)
	}
	b[64] ^= 1
	return base64.URLEncoding.EncodeToString(b)
}

func TestCheckPushSubscription(t *testing.T) {
	s := testSubscription(t)
	if err := CheckPushSubscription(s, false); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(s.P256dh+s.Auth, "=+/") || len(s.P256dh) != 87 || len(s.Auth) != 22 {
		t.Fatalf("keys not normalised to unpadded base64url: %q %q", s.P256dh, s.Auth)
	}
	for _, c := range []struct {
		change   func(*PushSubscription)
		insecure bool
		field    string
	}{
		{func(s *PushSubscription) { s.Endpoint = "" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "http://updates.push.services.mozilla.com/wpush/v2/x" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "https://localhost/push" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "https://127.0.0.1:8443/push" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "https://10.0.0.5/push" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "https://[::1]/push" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "https://169.254.169.254/latest/meta-data" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "https://metadata/computeMetadata" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "https://user:pw@fcm.googleapis.com/x" }, false, "endpoint"},
		{func(s *PushSubscription) { s.Endpoint = "javascript:alert(1)" }, true, "endpoint"},
		{func(s *PushSubscription) {
			s.Endpoint = "https://fcm.googleapis.com/" + strings.Repeat("a", MaxPushEndpoint)
		}, false, "endpoint"},
		{func(s *PushSubscription) { s.P256dh = "" }, false, "keys.p256dh"},
		{func(s *PushSubscription) { s.P256dh = s.P256dh[:40] }, false, "keys.p256dh"},
		{func(s *PushSubscription) { s.P256dh = offCurve(t, s.P256dh) }, false, "keys.p256dh"},
		{func(s *PushSubscription) { s.Auth = "" }, false, "keys.auth"},
		{func(s *PushSubscription) { s.Auth = base64.RawURLEncoding.EncodeToString(make([]byte, 15)) }, false, "keys.auth"},
		{func(s *PushSubscription) { s.Auth = "!!!!" }, false, "keys.auth"},
	} {
		s := testSubscription(t)
		c.change(s)
		err := CheckPushSubscription(s, c.insecure)
		e, ok := err.(*Error)
		if !ok || e.Code != EINVALID || e.Fields[c.field] == "" {
			t.Errorf("%+v (insecure %v): %v, want a field error on %s", s.Endpoint, c.insecure, err, c.field)
		}
	}
	// Development mode and tests: a push service on this machine, over http.
	s = testSubscription(t)
	s.Endpoint = "http://127.0.0.1:9000/push/1"
	if err := CheckPushSubscription(s, true); err != nil {
		t.Fatal(err)
	}
	s.UserAgent = strings.Repeat("é", MaxPushUserAgent)
	if CheckPushSubscription(s, true); len(s.UserAgent) > MaxPushUserAgent || !strings.HasPrefix(s.UserAgent, "é") {
		t.Fatalf("user agent cut to %d bytes", len(s.UserAgent))
	}
}

func TestPublicIP(t *testing.T) {
	for ip, want := range map[string]bool{"8.8.8.8": true, "142.250.72.10": true, "2607:f8b0:4005::200e": true,
		"127.0.0.1": false, "10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false, "169.254.169.254": false,
		"100.64.0.1": false, "0.0.0.0": false, "::1": false, "fe80::1": false, "fd00::1": false, "224.0.0.1": false,
		"::ffff:127.0.0.1": false} {
		if got := PublicIP(net.ParseIP(ip)); got != want {
			t.Errorf("PublicIP(%s) = %v", ip, got)
		}
	}
}

func TestPushMessages(t *testing.T) {
	credited := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	paid := Winner{PoolID: 12, Period: 4, HomeScore: 24, AwayScore: 17, UserID: 3, Amount: 45000, Status: WinnerCredited}
	if got := WinPush(paid, "Sunday $25", 4, PrizeClaimBy(credited)); got != (PushMessage{Title: "You won $450.00 in Sunday $25",
		Body: "Your square won Final (17-24). Claim your prize by Dec 23, 2026.", URL: "/my-pools", Tag: "win-12-4"}) {
		t.Errorf("paid win: %+v", got)
	}
	free := Winner{PoolID: 7, Period: 1, HomeScore: 7, AwayScore: 3, UserID: 3, Status: WinnerFree}
	if got := WinPush(free, "Free Pool", 2, time.Time{}); got != (PushMessage{Title: "You won 1st Half in Free Pool",
		Body: "Your square won 1st Half (3-7).", URL: "/pools/7", Tag: "win-7-1"}) {
		t.Errorf("free win: %+v", got)
	}
	if got := PoolCancelledPush(9, "Office", false); got.Body != "The pool will not be played." || got.URL != "/pools/9" || got.Tag != "pool-9" {
		t.Errorf("free pool cancelled: %+v", got)
	}
	inv := InvitationPush(Invitation{PoolID: 5, Code: "AB CD"}, "Office", "", "A @ B", credited)
	if inv.Title != "A friend invited you to Office" || inv.URL != "/join/AB%20CD" ||
		inv.Body != "A squares pool for A @ B, kicking off Mon Nov 23, 3:00 PM ET." {
		t.Errorf("invitation: %+v", inv)
	}
}
