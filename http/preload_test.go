package http_test

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/squaresapp/squares/store"
)

// TestPagePreloads: a page names in Link headers the API answers its screen reads as it opens and the
// screen's code (from the build's route-chunks.json), as the viewer opening it will use them: a visitor's
// landing page its code and no player's data, a player's dashboard their pools and prizes, an admin no
// player's data, a pool page its pool; a prerendered page (which names its needs in its HTML and paints
// before them), files and API answers carry none.
func TestPagePreloads(t *testing.T) {
	s := startAPI(t, store.SQLite)
	s.Assets = fstest.MapFS{
		"index.html":          {Data: []byte("<!doctype html><title>Squares</title>")},
		"assets/index-abc.js": {Data: []byte("console.log(1)")},
		// How to Play prerendered (the landing not, here): a visitor's copy names what it needs in its HTML.
		"prerender/how-to-play.html": {Data: []byte(`<!doctype html><title>How to Play</title><link rel="modulepreload" href="/assets/how-to-play-5.js">`)},
		"route-chunks.json": {Data: []byte(`{
			"index.html": ["/assets/index-abc.css", "/assets/index-abc.js", "/assets/icons-2.js"],
			"src/features/landing/components/landing-page.tsx": ["/assets/landing-page-1.js", "/assets/icons-2.js"],
			"src/features/dashboard/components/dashboard-page.tsx": ["/assets/dashboard-page-3.js", "/assets/icons-2.js"],
			"src/features/pools/components/pool-detail-page.tsx": ["/assets/pool-detail-page-4.js", "/assets/x.css"]
		}`)},
	}
	visitor := s.client(t)
	player, _ := s.register(t, "", "")
	admin := s.admin(t)

	const credentialed = "; rel=preload; as=fetch; crossorigin=use-credentials"
	const shell = "</assets/index-abc.css>; rel=preload; as=style; crossorigin, </assets/index-abc.js>; rel=modulepreload, " +
		"</assets/icons-2.js>; rel=modulepreload, </api/auth/user>"
	for _, tc := range []struct {
		name      string
		c         *apiClient
		path      string
		want, not []string
	}{
		{"visitor's landing page", visitor, "/",
			[]string{"</api/auth/user>" + credentialed, "</api/config>" + credentialed, "</api/leagues>" + credentialed,
				"</assets/landing-page-1.js>; rel=modulepreload", "</assets/icons-2.js>; rel=modulepreload"},
			[]string{"/api/user/pools", "/api/notifications", "dashboard-page"}},
		{"player's home", player, "/",
			[]string{"</api/pools?leagueId=1>" + credentialed, "</api/user/pools>" + credentialed, "</api/user/prizes>" + credentialed,
				"</api/notifications>" + credentialed, "</assets/dashboard-page-3.js>; rel=modulepreload"},
			[]string{"landing-page"}},
		{"player's dashboard", player, "/dashboard", []string{"</api/user/prizes>" + credentialed}, nil},
		{"admin's home", admin, "/", []string{"</api/auth/user>" + credentialed},
			[]string{"/api/user/pools", "/api/pools?", "/api/notifications", "landing-page", "dashboard-page"}},
		{"visitor's dashboard", visitor, "/dashboard", []string{"</api/pools?leagueId=1>" + credentialed},
			[]string{"/api/user/"}},
		{"pool page", visitor, "/pools/42",
			[]string{"</api/pools/42>" + credentialed, "</api/pools/42/squares>" + credentialed, "</api/pools/42/winners>" + credentialed,
				"</assets/pool-detail-page-4.js>; rel=modulepreload"},
			[]string{"x.css"}},
		{"visitor's prerendered How to Play", visitor, "/how-to-play", nil, []string{"/api/", "/assets/"}},
		{"player's How to Play", player, "/how-to-play", []string{"</api/auth/user>" + credentialed}, nil},
		{"checkout", player, "/checkout?poolId=7&squares=%5B%5D", []string{"</api/pools/7>" + credentialed}, nil},
		{"checkout of no pool id", player, "/checkout?poolId=7%3Cx", nil, []string{"/api/pools/"}},
	} {
		links := tc.c.get(tc.path).want(http.StatusOK).Header.Get("Link")
		for _, w := range tc.want {
			if !strings.Contains(links, w) {
				t.Errorf("%s: Link %q lacks %q", tc.name, links, w)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(links, n) {
				t.Errorf("%s: Link %q names %q", tc.name, links, n)
			}
		}
		if strings.Count(links, "icons-2.js") > 1 {
			t.Errorf("%s: a chunk named twice: %q", tc.name, links)
		}
		// A page drawn by the app names the shell's own files first, its stylesheet before all: the browser
		// starts the header's requests in its order, and the first paint waits on the stylesheet.
		if links != "" && !strings.HasPrefix(links, shell) {
			t.Errorf("%s: Link %q does not start with the shell's files %q", tc.name, links, shell)
		}
	}
	for _, path := range []string{"/assets/index-abc.js", "/api/config"} {
		if links := visitor.get(path).want(http.StatusOK).Header.Get("Link"); links != "" {
			t.Errorf("%s: Link %q", path, links)
		}
	}
}
