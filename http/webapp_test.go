package http_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/squaresapp/squares/store"
)

// TestWebAppCaching: fingerprinted assets are cached for good; the service worker, the manifest and the
// pages are asked for again after a deploy (no-cache), and the manifest has its own content type.
func TestWebAppCaching(t *testing.T) {
	s := startAPI(t, store.SQLite)
	s.Assets = fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><title>Squares</title>")},
		"sw.js":                {Data: []byte("self.addEventListener('push', () => {})")},
		"manifest.webmanifest": {Data: []byte(`{"name":"Squares"}`)},
		"assets/index-abc.js":  {Data: []byte("console.log(1)")},
		"icons/icon-192.png":   {Data: []byte("\x89PNG\r\n\x1a\n")},
	}
	c := s.client(t)
	for _, tc := range []struct{ path, cache, contentType string }{
		{"/sw.js", "no-cache", "text/javascript; charset=utf-8"},
		{"/manifest.webmanifest", "no-cache", "application/manifest+json"},
		{"/assets/index-abc.js", "public, max-age=31536000, immutable", "text/javascript; charset=utf-8"},
		{"/icons/icon-192.png", "", "image/png"},
		{"/pools/12", "no-cache", "text/html; charset=utf-8"},
	} {
		r := c.get(tc.path).want(http.StatusOK)
		if got := r.Header.Get("Cache-Control"); got != tc.cache {
			t.Errorf("%s: Cache-Control %q, want %q", tc.path, got, tc.cache)
		}
		if got := r.Header.Get("Content-Type"); got != tc.contentType {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.contentType)
		}
	}
}

// TestWebAppPrerendered: a visitor (no session cookie) asking for the landing page or How to Play gets the
// page the build prerendered, in the coding it accepts; a browser with the session cookie, an address with
// a query and every other path get index.html as before; without a prerendered page the visitor gets
// index.html too. The answers that depend on the cookie say so (Vary: Cookie) and are revalidated.
func TestWebAppPrerendered(t *testing.T) {
	s := startAPI(t, store.SQLite)
	index := []byte("<!doctype html><title>Squares</title><div id=\"root\"></div>" + strings.Repeat("<p>shell</p>", 40))
	landing := []byte("<!doctype html><title>Squares</title><div id=\"root\" data-prerendered=\"visitor\"><h1>Pick your squares.</h1></div>")
	howTo := []byte("<!doctype html><title>How to Play</title><div id=\"root\" data-prerendered=\"visitor\"><h1>How to Play</h1></div>")
	assets := fstest.MapFS{
		"index.html":                    {Data: index},
		"index.html.gz":                 {Data: gzipped(t, index)},
		"prerender/index.html":          {Data: landing},
		"prerender/index.html.br":       {Data: []byte("BROTLI-LANDING")},
		"prerender/index.html.gz":       {Data: gzipped(t, landing)},
		"prerender/how-to-play.html":    {Data: howTo},
		"prerender/how-to-play.html.br": {Data: []byte("BROTLI-HOW-TO-PLAY")},
	}
	s.Assets = assets
	c := s.client(t)
	session := "squares_session=some-token"
	if !s.Config.Dev {
		session = "__Host-" + session
	}
	for _, tc := range []struct {
		name, path string
		headers    []string
		want       []byte
		coding     string
		varyCookie bool
	}{
		{"visitor, landing", "/", nil, landing, "", true},
		{"visitor, landing, br", "/", []string{"Accept-Encoding", "gzip, br"}, []byte("BROTLI-LANDING"), "br", true},
		{"visitor, landing, gzip", "/", []string{"Accept-Encoding", "gzip"}, landing, "gzip", true},
		{"visitor, How to Play", "/how-to-play", nil, howTo, "", true},
		{"visitor, How to Play, trailing slash", "/how-to-play/", nil, howTo, "", true},
		{"visitor, How to Play, br", "/how-to-play", []string{"Accept-Encoding", "br"}, []byte("BROTLI-HOW-TO-PLAY"), "br", true},
		{"visitor, a pool's rules", "/how-to-play?pool=12", nil, index, "", true},
		{"visitor, another page", "/pools/12", nil, index, "", false},
		{"visitor, the file itself", "/prerender/index.html", nil, index, "", false},
		{"player, landing", "/", []string{"Cookie", session}, index, "", true},
		{"player, landing, gzip", "/", []string{"Cookie", session, "Accept-Encoding", "gzip"}, index, "gzip", true},
		{"player, How to Play", "/how-to-play", []string{"Cookie", session}, index, "", true},
		{"visitor with another cookie", "/", []string{"Cookie", "theme=dark"}, landing, "", true},
	} {
		r := c.do("GET", tc.path, nil, tc.headers...).want(http.StatusOK)
		body := r.Body
		if tc.coding == "gzip" {
			body = gunzip(t, body)
		}
		if !bytes.Equal(body, tc.want) {
			t.Errorf("%s: body %.60q, want %.60q", tc.name, body, tc.want)
		}
		if got := r.Header.Get("Content-Encoding"); got != tc.coding {
			t.Errorf("%s: Content-Encoding %q, want %q", tc.name, got, tc.coding)
		}
		if got := strings.Contains(strings.Join(r.Header.Values("Vary"), ","), "Cookie"); got != tc.varyCookie {
			t.Errorf("%s: Vary %q, want Cookie in it: %v", tc.name, r.Header.Values("Vary"), tc.varyCookie)
		}
		if r.Header.Get("Cache-Control") != "no-cache" || r.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("%s: Cache-Control %q, Content-Type %q", tc.name, r.Header.Get("Cache-Control"), r.Header.Get("Content-Type"))
		}
	}
	// HEAD: the prerendered page's headers, no body.
	r := c.do("HEAD", "/", nil, "Accept-Encoding", "br").want(http.StatusOK)
	if r.Header.Get("Content-Encoding") != "br" || r.Header.Get("Content-Length") != itoa(len("BROTLI-LANDING")) || len(r.Body) != 0 {
		t.Errorf("HEAD /: %v %q", r.Header, r.Body)
	}

	// A build without prerendered pages: the visitor gets index.html.
	delete(assets, "prerender/index.html")
	delete(assets, "prerender/index.html.br")
	delete(assets, "prerender/index.html.gz")
	if r := c.do("GET", "/", nil).want(http.StatusOK); !bytes.Equal(r.Body, index) {
		t.Errorf("/ without a prerendered page: %.60q", r.Body)
	}
}
