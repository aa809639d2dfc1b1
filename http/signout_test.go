package http_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/squaresapp/squares/store/storetest"
)

// Sign-out cannot be forced (issue 19 item 4): GET /api/logout signs out only a navigation from this site
// (or a client that is no browser); one from another site changes nothing and answers a page whose "Sign
// out?" button POSTs to /api/logout. POST /api/logout signs out, and is refused cross-site like every
// state change. Both engines: the session is stored.
func TestSignOutCannotBeForced(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c, _ := s.register(t, "1990-01-01", "NY")
		signedIn := func(when string) {
			t.Helper()
			if r := c.get("/api/auth/user"); r.Status != http.StatusOK {
				t.Fatalf("%s: signed out (%d)", when, r.Status)
			}
		}

		// A link or a redirect from another site, as browsers mark it, or as its Referer shows when a
		// browser sends no Fetch metadata.
		for _, h := range [][]string{
			{"Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "navigate", "Sec-Fetch-Dest", "document"},
			{"Sec-Fetch-Site", "same-site", "Sec-Fetch-Mode", "navigate"},
			{"Referer", "https://evil.example/page"},
			{"Sec-Fetch-Site", "cross-site", "Referer", s.URL() + "/"},
		} {
			r := c.do("GET", "/api/logout", nil, h...)
			if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("GET /api/logout %v = %d %s, want the sign-out page", h, r.Status, r.Header.Get("Content-Type"))
			}
			body := string(r.Body)
			for _, want := range []string{`<form method="post" action="/api/logout"`, `<button type="submit"`, `Sign out?</button>`, `href="/"`} {
				if !strings.Contains(body, want) {
					t.Errorf("GET /api/logout %v: page lacks %s:\n%s", h, want, body)
				}
			}
			if r.Header.Get("Set-Cookie") != "" {
				t.Errorf("GET /api/logout %v sets a cookie: %s", h, r.Header.Get("Set-Cookie"))
			}
			if r.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("GET /api/logout %v: Cache-Control %q", h, r.Header.Get("Cache-Control"))
			}
			signedIn("after a cross-site GET /api/logout")
		}

		// POST /api/logout from another site is refused, as every state change is.
		c.do("POST", "/api/logout", nil, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site").
			wantError(http.StatusForbidden, "forbidden", "Cross-site requests are not allowed.")
		c.do("POST", "/api/logout", "", "Origin", "https://evil.example", "Content-Type", "application/x-www-form-urlencoded").
			wantError(http.StatusForbidden, "forbidden", "")
		signedIn("after a cross-site POST /api/logout")

		// The page's button: a form posted from this site signs out and goes home.
		r := c.do("POST", "/api/logout", "", "Origin", s.URL(), "Sec-Fetch-Site", "same-origin",
			"Content-Type", "application/x-www-form-urlencoded")
		if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/" {
			t.Errorf("the page's form = %d %q, want 303 to /", r.Status, r.Header.Get("Location"))
		}
		if k := r.cookie(); k == nil || k.MaxAge >= 0 || k.Value != "" {
			t.Errorf("the page's form: cookie %+v, want it cleared", k)
		}
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		// The web app's sign-out: POST /api/logout from this site, answered in JSON.
		c, _ = s.register(t, "1990-01-01", "NY")
		out := c.do("POST", "/api/logout", nil, "Origin", s.URL(), "Sec-Fetch-Site", "same-origin").want(http.StatusOK)
		if out.obj()["success"] != true {
			t.Errorf("POST /api/logout = %s", out.Body)
		}
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		// The spec's link still signs out a navigation from this site, a typed or bookmarked address,
		// and a client that is no browser.
		for _, h := range [][]string{
			{"Sec-Fetch-Site", "same-origin", "Sec-Fetch-Mode", "navigate", "Referer", s.URL() + "/create-pool"},
			{"Sec-Fetch-Site", "none", "Sec-Fetch-Mode", "navigate"},
			{"Referer", s.URL() + "/create-pool"},
			{},
		} {
			c, _ = s.register(t, "1990-01-01", "NY")
			r := c.do("GET", "/api/logout", nil, h...)
			if r.Status != http.StatusFound || r.Header.Get("Location") != "/" {
				t.Errorf("GET /api/logout %v = %d %q, want 302 to /", h, r.Status, r.Header.Get("Location"))
			}
			c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		}

		// Without a session, another site's link has nothing to ask about: home.
		r = s.client(t).do("GET", "/api/logout", nil, "Sec-Fetch-Site", "cross-site")
		if r.Status != http.StatusFound || r.Header.Get("Location") != "/" {
			t.Errorf("GET /api/logout signed out, cross-site = %d %q, want 302 to /", r.Status, r.Header.Get("Location"))
		}
	})
}
