package http_test

import (
	"net/http"
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
