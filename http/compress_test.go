package http_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"

	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWebAppEncodings: the build's Brotli and gzip copies of a file are sent to a browser that accepts
// them, by its weights (q-values), the file as it is otherwise; every answer of a file that has copies
// says Vary: Accept-Encoding, keeps the file's type and caching, and has its own ETag per coding.
func TestWebAppEncodings(t *testing.T) {
	s := startAPI(t, store.SQLite)
	js := []byte(strings.Repeat("console.log('squares');", 50))
	index := []byte("<!doctype html><title>Squares</title>" + strings.Repeat("<p>board</p>", 40))
	// Brotli's bytes are not read by the server, only sent: a marker stands in for them.
	brJS, brIndex := []byte("BROTLI-JS"), []byte("BROTLI-INDEX")
	s.Assets = fstest.MapFS{
		"index.html":             {Data: index},
		"index.html.br":          {Data: brIndex},
		"index.html.gz":          {Data: gzipped(t, index)},
		"assets/index-abc.js":    {Data: js},
		"assets/index-abc.js.br": {Data: brJS},
		"assets/index-abc.js.gz": {Data: gzipped(t, js)},
		"icons/icon-192.png":     {Data: []byte("\x89PNG\r\n\x1a\n")},
	}
	c := s.client(t)
	const jsPath = "/assets/index-abc.js"
	for _, tc := range []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"br", "br"},
		{"gzip", "gzip"},
		{"x-gzip", "gzip"},
		{"gzip;q=1.0, br;q=0.5", "gzip"},
		{"br;q=0.8, gzip;q=0.8", "br"},
		{"br;q=0, gzip", "gzip"},
		{"BR;Q=0, GZIP;Q=0.1", "gzip"},
		{"br;q=0, gzip;q=0", ""},
		{"identity", ""},
		{"deflate, zstd", ""},
		{"*", "br"},
		{"*;q=0.5, br;q=0", "gzip"},
		{"br;q=nonsense, gzip;q=0.1", "gzip"},
	} {
		r := c.do("GET", jsPath, nil, "Accept-Encoding", tc.accept).want(http.StatusOK)
		if got := r.Header.Get("Content-Encoding"); got != tc.want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tc.accept, got, tc.want)
			continue
		}
		var body []byte
		switch tc.want {
		case "br":
			body = brJS
		case "gzip":
			body = gunzip(t, r.Body)
		default:
			body = r.Body
		}
		if tc.want != "gzip" && !bytes.Equal(r.Body, body) || !bytes.Equal(body, map[string][]byte{"br": brJS, "gzip": js, "": js}[tc.want]) {
			t.Errorf("Accept-Encoding %q: wrong body %.40q", tc.accept, r.Body)
		}
		if got := r.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", tc.accept, got)
		}
		if got := r.Header.Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", tc.accept, got)
		}
		if got := r.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
			t.Errorf("Accept-Encoding %q: Cache-Control %q", tc.accept, got)
		}
		if got := r.Header.Get("Content-Length"); got != "" && got != itoa(len(r.Body)) {
			t.Errorf("Accept-Encoding %q: Content-Length %s for %d bytes", tc.accept, got, len(r.Body))
		}
	}

	// The app's pages are index.html, compressed too, revalidated each load.
	r := c.do("GET", "/pools/12", nil, "Accept-Encoding", "gzip, br").want(http.StatusOK)
	if r.Header.Get("Content-Encoding") != "br" || !bytes.Equal(r.Body, brIndex) || r.Header.Get("Content-Type") != "text/html; charset=utf-8" ||
		r.Header.Get("Cache-Control") != "no-cache" || r.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("/pools/12 with br: %v %.30q", r.Header, r.Body)
	}
	r = c.do("GET", "/", nil, "Accept-Encoding", "gzip").want(http.StatusOK)
	if r.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, r.Body), index) {
		t.Errorf("/ with gzip: %v", r.Header)
	}

	// A file without copies (an image) is sent as it is, and varies on nothing.
	r = c.do("GET", "/icons/icon-192.png", nil, "Accept-Encoding", "br, gzip").want(http.StatusOK)
	if r.Header.Get("Content-Encoding") != "" || r.Header.Get("Vary") != "" || r.Header.Get("Content-Type") != "image/png" {
		t.Errorf("png: %v", r.Header)
	}

	// Revalidation: each coding has its own ETag; the right one answers 304 (with Vary), another 200.
	etags := map[string]string{}
	for _, enc := range []string{"br", "gzip", "identity"} {
		etags[enc] = c.do("GET", jsPath, nil, "Accept-Encoding", enc).want(http.StatusOK).Header.Get("ETag")
	}
	if etags["br"] == "" || etags["br"] == etags["gzip"] || etags["br"] == etags["identity"] || etags["gzip"] == etags["identity"] {
		t.Fatalf("ETags per coding not distinct: %v", etags)
	}
	r = c.do("GET", jsPath, nil, "Accept-Encoding", "br", "If-None-Match", etags["br"]).want(http.StatusNotModified)
	if len(r.Body) != 0 || r.Header.Get("Vary") != "Accept-Encoding" || r.Header.Get("ETag") != etags["br"] {
		t.Errorf("304: %v %q", r.Header, r.Body)
	}
	c.do("GET", jsPath, nil, "Accept-Encoding", "br", "If-None-Match", etags["identity"]).want(http.StatusOK)
	idx := c.do("GET", "/", nil, "Accept-Encoding", "br").want(http.StatusOK).Header.Get("ETag")
	c.do("GET", "/how-to-play", nil, "Accept-Encoding", "br", "If-None-Match", idx).want(http.StatusNotModified)

	// HEAD: the headers of the coding chosen, no body.
	r = c.do("HEAD", jsPath, nil, "Accept-Encoding", "br").want(http.StatusOK)
	if r.Header.Get("Content-Encoding") != "br" || r.Header.Get("Content-Length") != itoa(len(brJS)) || len(r.Body) != 0 {
		t.Errorf("HEAD: %v %q", r.Header, r.Body)
	}
	// Range: over the bytes of the coding sent.
	r = c.do("GET", jsPath, nil, "Accept-Encoding", "br", "Range", "bytes=0-5").want(http.StatusPartialContent)
	if r.Header.Get("Content-Encoding") != "br" || !bytes.Equal(r.Body, brJS[:6]) || r.Header.Get("Content-Range") != "bytes 0-5/"+itoa(len(brJS)) {
		t.Errorf("Range br: %v %q", r.Header, r.Body)
	}
	r = c.do("GET", jsPath, nil, "Accept-Encoding", "identity", "Range", "bytes=8-11").want(http.StatusPartialContent)
	if r.Header.Get("Content-Encoding") != "" || !bytes.Equal(r.Body, js[8:12]) {
		t.Errorf("Range identity: %v %q", r.Header, r.Body)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestAnswersCompressed: JSON answers of 4 KiB and more are gzip-compressed for a client that accepts it
// (with Vary), smaller ones (a pool, a claim's answer) and clients that do not accept it get them as they
// are, and a websocket upgrade asking for gzip still opens.
func TestAnswersCompressed(t *testing.T) {
	s := startAPI(t, store.SQLite)
	_, pools := s.game(t, "Week 12", time.Now().Add(72*time.Hour))
	c := s.admin(t)
	// The admin's list of five pools: a large answer.
	plain := c.do("GET", "/api/admin/pools", nil, "Accept-Encoding", "identity").want(http.StatusOK)
	if len(plain.Body) < squareshttp.AnswerMinSize {
		t.Fatalf("pool list is %d bytes: pick a larger answer for this test", len(plain.Body))
	}
	if plain.Header.Get("Content-Encoding") != "" {
		t.Errorf("identity: Content-Encoding %q", plain.Header.Get("Content-Encoding"))
	}
	r := c.do("GET", "/api/admin/pools", nil, "Accept-Encoding", "gzip").want(http.StatusOK)
	if r.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(r.Header.Get("Vary"), "Accept-Encoding") ||
		r.Header.Get("Content-Type") != plain.Header.Get("Content-Type") {
		t.Fatalf("gzip: %v", r.Header)
	}
	if got := gunzip(t, r.Body); !bytes.Equal(got, plain.Body) {
		t.Errorf("gzip body differs: %q", got)
	}
	if len(r.Body) >= len(plain.Body) {
		t.Errorf("gzip %d bytes, plain %d", len(r.Body), len(plain.Body))
	}
	small := c.do("GET", "/api/config", nil, "Accept-Encoding", "gzip").want(http.StatusOK)
	if small.Header.Get("Content-Encoding") != "" || len(small.Body) >= squareshttp.AnswerMinSize || !strings.HasPrefix(string(small.Body), "{") {
		t.Errorf("small answer: %v %q", small.Header, small.Body)
	}
	// A pool, read far more often than anything else, stays under the minimum and goes as it is.
	pool := c.do("GET", "/api/pools/"+strconv.FormatInt(pools[0].ID, 10), nil, "Accept-Encoding", "gzip").want(http.StatusOK)
	if pool.Header.Get("Content-Encoding") != "" || len(pool.Body) < 1024 || len(pool.Body) >= squareshttp.AnswerMinSize {
		t.Errorf("a pool's answer (%d bytes): %v", len(pool.Body), pool.Header)
	}

	live := startLive(t, storetest.URL(t, store.SQLite))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	h := http.Header{}
	h.Set("Accept-Encoding", "gzip, deflate, br")
	ws, resp, err := websocket.Dial(ctx, wsURL(live.URL()), &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("websocket with Accept-Encoding: %v", err)
	}
	defer ws.CloseNow()
	if resp.StatusCode != http.StatusSwitchingProtocols || resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("upgrade: %d %v", resp.StatusCode, resp.Header)
	}
}
