package http_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/squaresapp/squares/store"
)

// pageDataBlock reads a page's data block, or nil when it has none.
func pageDataBlock(t *testing.T, page []byte) map[string]json.RawMessage {
	t.Helper()
	m := regexp.MustCompile(`<script type="application/json" id="page-data">(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		return nil
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(m[1], &out); err != nil {
		t.Fatalf("data block %q: %v", m[1], err)
	}
	return out
}

// jsonEqual reports whether two JSON texts hold the same value.
func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return string(xs) == string(ys)
}

// TestPageData: a player's page carries in its data block the API's own answers to the calls its screen
// opens with (and no longer preloads them), is neither cached nor shared; an answer that is not a 200
// stays out and preloaded; a visitor's page carries nothing.
func TestPageData(t *testing.T) {
	s := startAPI(t, store.SQLite)
	s.Assets = fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html><html><head><title>Squares</title></head><body><div id="root"></div></body></html>`)},
		"route-chunks.json": {Data: []byte(`{"index.html": ["/assets/index-abc.css", "/assets/index-abc.js"],
			"src/features/pools/components/pool-detail-page.tsx": ["/assets/pool-detail-page-4.js"]}`)},
	}
	_, pools := s.game(t, "Week 1", time.Now().Add(72*time.Hour))
	s.activate(t, pools[0])
	id := strconv.FormatInt(pools[0].ID, 10)
	player, _ := s.register(t, "", "")

	page := player.get("/pools/" + id).want(http.StatusOK)
	if got := page.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control = %q, want no-store: the page carries the player's data", got)
	}
	if !strings.Contains(strings.Join(page.Header.Values("Vary"), ","), "Cookie") {
		t.Errorf("Vary = %q, want Cookie", page.Header.Values("Vary"))
	}
	data := pageDataBlock(t, page.Body)
	want := []string{"/api/auth/user", "/api/config", "/api/leagues", "/api/notifications", "/api/pools/" + id, "/api/pools/" + id + "/squares"}
	for _, u := range want {
		got, ok := data[u]
		if !ok {
			t.Errorf("the data block lacks %s (has %d answers)", u, len(data))
			continue
		}
		// The API's own answer to the same call with the same session.
		if api := player.get(u).want(http.StatusOK); !jsonEqual(t, got, api.Body) {
			t.Errorf("%s in the page: %s\nfrom the API: %s", u, got, api.Body)
		}
	}
	links := page.Header.Get("Link")
	for _, u := range want {
		if strings.Contains(links, "<"+u+">") {
			t.Errorf("Link %q preloads %s, which the page carries", links, u)
		}
	}
	for _, f := range []string{"</assets/index-abc.js>; rel=modulepreload", "</assets/pool-detail-page-4.js>; rel=modulepreload"} {
		if !strings.Contains(links, f) {
			t.Errorf("Link %q lacks %s", links, f)
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(string(page.Body)), "</script></body></html>") {
		t.Errorf("the data block is not at the end of the body: %s", page.Body)
	}

	// An answer that is not a 200 stays out, and stays preloaded: the app asks for it as before.
	checkout := player.get("/checkout?poolId=999999").want(http.StatusOK)
	if _, ok := pageDataBlock(t, checkout.Body)["/api/pools/999999"]; ok {
		t.Error("a missing pool's 404 is in the checkout's data block")
	}
	if links := checkout.Header.Get("Link"); !strings.Contains(links, "</api/pools/999999>; rel=preload") {
		t.Errorf("Link %q lacks the preload of the call not carried", links)
	}

	// A visitor's page carries nothing: the app starts signed out, and asks.
	if data := pageDataBlock(t, s.client(t).get("/pools/"+id).want(http.StatusOK).Body); data != nil {
		t.Errorf("a visitor's page carries %v", data)
	}
	// HEAD answers as the file does: no calls run, the answers preloaded.
	if head := player.do("HEAD", "/pools/"+id, nil).want(http.StatusOK); !strings.Contains(head.Header.Get("Link"), "</api/pools/"+id+">; rel=preload") {
		t.Errorf("HEAD's Link %q does not preload the pool", head.Header.Get("Link"))
	}
}
