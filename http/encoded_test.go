package http_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// rawRead is one GET with an explicit Accept-Encoding (so the client decompresses nothing) and the body
// decoded by the test.
type rawRead struct {
	status           int
	coding, vary     string
	etag, length     string
	wire, body       []byte
	chunkedOrUnknown bool
}

func getCoded(t *testing.T, url, cookie, accept, etag string) rawRead {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	hc := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	wire, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	r := rawRead{status: resp.StatusCode, coding: resp.Header.Get("Content-Encoding"), vary: strings.Join(resp.Header.Values("Vary"), ", "),
		etag: resp.Header.Get("ETag"), length: resp.Header.Get("Content-Length"), wire: wire, body: wire, chunkedOrUnknown: resp.ContentLength < 0}
	switch r.coding {
	case "gzip":
		r.body = gunzip(t, wire)
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(wire))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		if r.body, err = io.ReadAll(zr); err != nil {
			t.Fatalf("not zstd: %v", err)
		}
	}
	return r
}

// A full board's squares are sent compressed from copies made once per snapshot: in the coding the client
// asks for (zstd preferred on a tie, as gzhttp chooses for every other answer), with Vary and a
// Content-Length, the same ETag and, decoded, the same bytes as sent plain; a 304 carries no coding; and
// after a claim every coding carries the new board at once, to every viewer alike.
func TestBoardSquaresCompressedOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		ctx := context.Background()
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		id := pools[0].ID
		var cookies []string
		for k := range 4 {
			u := storeUser(t, s.db, fmt.Sprint("Player", k))
			cookies = append(cookies, sessionFor(t, s.db, u))
			for c := range squares.PublicSquaresPerPlayer {
				cell := squares.Cell{Row: k, Column: c}
				if _, err := s.db.ClaimSquares(ctx, store.Claim{PoolID: id, User: u, Cells: []squares.Cell{cell}}); err != nil {
					t.Fatal(err)
				}
			}
		}
		url := fmt.Sprintf("%s/api/pools/%d/squares", s.URL(), id)

		check := func(want int) []byte {
			t.Helper()
			plain := getCoded(t, url, "", "identity", "")
			if plain.status != http.StatusOK || plain.coding != "" || strings.Count(string(plain.body), `"row"`) != want {
				t.Fatalf("plain: %d %q, %d squares, want %d", plain.status, plain.coding, strings.Count(string(plain.body), `"row"`), want)
			}
			if len(plain.body) < 4096 {
				t.Fatalf("the board is %d bytes: too small to be compressed", len(plain.body))
			}
			for _, c := range []struct{ accept, coding string }{
				{"gzip", "gzip"},
				{"zstd", "zstd"},
				{"gzip, deflate, br, zstd", "zstd"},
				{"gzip;q=1, zstd;q=0.5", "gzip"},
				{"zstd;q=0, gzip;q=0.1", "gzip"},
				{"br", ""},
				{"", ""},
			} {
				for _, cookie := range append([]string{""}, cookies...) {
					r := getCoded(t, url, cookie, c.accept, "")
					if r.status != http.StatusOK || r.coding != c.coding || !strings.Contains(r.vary, "Accept-Encoding") ||
						r.etag != plain.etag || r.length != fmt.Sprint(len(r.wire)) {
						t.Fatalf("Accept-Encoding %q: %d, coding %q (want %q), Vary %q, ETag %q (plain %q), Content-Length %q of %d bytes",
							c.accept, r.status, r.coding, c.coding, r.vary, r.etag, plain.etag, r.length, len(r.wire))
					}
					if !bytes.Equal(r.body, plain.body) {
						t.Fatalf("Accept-Encoding %q decodes to other bytes: %.200s", c.accept, r.body)
					}
					if c.coding != "" && len(r.wire) >= len(plain.body) {
						t.Errorf("%s: %d bytes, plain %d", c.coding, len(r.wire), len(plain.body))
					}
				}
				if nm := getCoded(t, url, cookies[0], c.accept, plain.etag); nm.status != http.StatusNotModified || nm.coding != "" || len(nm.wire) != 0 {
					t.Fatalf("304 with Accept-Encoding %q: %d, coding %q, %d bytes", c.accept, nm.status, nm.coding, len(nm.wire))
				}
			}
			return plain.body
		}
		before := check(20)
		// A claim through the API: the very next read, in any coding, has it.
		u := storeUser(t, s.db, "Late")
		c := s.clientWithToken(t, strings.TrimPrefix(sessionFor(t, s.db, u), "squares_session="))
		c.post(fmt.Sprintf("/api/pools/%d/squares", id), map[string]int{"row": 9, "column": 9}).want(http.StatusCreated)
		if after := check(21); bytes.Equal(after, before) {
			t.Fatal("the board did not change")
		}
	})
}
