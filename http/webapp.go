package http

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// prerendered are the pages the web build prerenders for a visitor (web/src/prerender.tsx,
// web/scripts/prerender.mjs): the app's path, as webApp cleans it, and the page's file in the assets.
var prerendered = map[string]string{
	"":            "prerender/index.html",
	"how-to-play": "prerender/how-to-play.html",
}

// webApp serves the built web app: its files when they exist, and index.html for every other path so
// the browser's router decides the screen; a visitor's landing page and How to Play come prerendered.
func (s *Server) webApp() http.Handler {
	var etags sync.Map // file name -> its ETag
	var chunks routeChunks
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if s.Assets == nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			io.WriteString(w, "Squares API server. The web app is not built into this binary: run `make build`.\n")
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		// The prerendered pages are answers to their paths, not files of their own.
		if name != "" && name != "index.html" && !strings.HasPrefix(name, "prerender/") {
			if f, err := fs.Stat(s.Assets, name); err == nil && !f.IsDir() {
				switch {
				case strings.HasPrefix(name, "assets/"):
					// Vite fingerprints these file names: they never change.
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				case name == "sw.js" || name == "manifest.webmanifest":
					// The service worker and the manifest keep their names: a browser must ask for the new
					// ones after a deploy.
					w.Header().Set("Cache-Control", "no-cache")
					if name == "manifest.webmanifest" {
						w.Header().Set("Content-Type", "application/manifest+json")
					}
				}
				serveFile(w, r, s.Assets, name, &etags)
				return
			}
			// A missing file with an extension is a 404, not the app.
			if path.Ext(name) != "" && strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r)
				return
			}
		}
		if _, err := fs.Stat(s.Assets, "index.html"); err != nil {
			http.Error(w, "web app missing index.html", http.StatusInternalServerError)
			return
		}
		page := "index.html"
		if file, ok := prerendered[name]; ok {
			// The page depends on the session cookie: a cache must not give a visitor's page to a player.
			w.Header().Add("Vary", "Cookie")
			if s.visitorPage(r) {
				if f, err := fs.Stat(s.Assets, file); err == nil && !f.IsDir() {
					page = file
				}
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// A prerendered page names what it needs in its own HTML, and paints before any of it: requests started
		// beside it would only hold the connections its first paint waits on.
		if page == "index.html" {
			v := s.viewerOf(w, r)
			screens, data := screenPreloads(r.URL.Path, r.URL.Query(), v)
			if v != visitor && r.Method == http.MethodGet {
				if body, answers, ok := s.pageWithData(r, data); ok {
					s.preloadLinks(w, &chunks, screens, without(data, answers))
					// The page carries the player's own data: no cache keeps it, and it is sent compressed.
					w.Header().Set("Cache-Control", "no-store")
					w.Header().Add("Vary", "Cookie")
					writePage(w, r, body)
					return
				}
			}
			s.preloadLinks(w, &chunks, screens, data)
		}
		serveFile(w, r, s.Assets, page, &etags)
	})
}

// pageWithData is index.html with the API's answers to the calls data of the page request r in its data
// block (pageData, withPageData), and those answers; not ok when there is none to carry.
func (s *Server) pageWithData(r *http.Request, data []string) ([]byte, map[string]json.RawMessage, bool) {
	page, err := fs.ReadFile(s.Assets, "index.html")
	if err != nil || !bytes.Contains(page, []byte("</body>")) {
		return nil, nil, false
	}
	answers := s.pageData(r, data)
	body, ok := withPageData(page, answers)
	return body, answers, ok
}

// without is urls less those answered.
func without(urls []string, answered map[string]json.RawMessage) []string {
	var out []string
	for _, u := range urls {
		if _, ok := answered[u]; !ok {
			out = append(out, u)
		}
	}
	return out
}

// visitorPage reports whether a prerendered page may answer r: the browser has no session cookie (a
// signed-in player's app starts from index.html and asks who they are), and the address has no query,
// which the page was rendered without (How to Play reads ?pool=).
func (s *Server) visitorPage(r *http.Request) bool {
	c, err := r.Cookie(s.cookieName())
	return (err != nil || c.Value == "") && r.URL.RawQuery == ""
}

// serveFile sends a file of the web app in the best content coding the browser accepts among the copies
// the build wrote (name.br, name.gz), else as it is, with an ETag per coding (If-None-Match answers 304;
// index.html and the service worker are revalidated on every load) and Range and HEAD as
// http.ServeContent does them, over the bytes sent.
func serveFile(w http.ResponseWriter, r *http.Request, assets fs.FS, name string, etags *sync.Map) {
	var available []string
	for _, p := range precompressed {
		if f, err := fs.Stat(assets, name+p.suffix); err == nil && !f.IsDir() {
			available = append(available, p.coding)
		}
	}
	file, coding := name, ""
	if len(available) > 0 {
		w.Header().Add("Vary", "Accept-Encoding")
		if coding = chooseCoding(r.Header.Get("Accept-Encoding"), available); coding != "" {
			for _, p := range precompressed {
				if p.coding == coding {
					file = name + p.suffix
				}
			}
		}
	}
	data, err := fs.ReadFile(assets, file)
	if err != nil {
		http.Error(w, "web app file unreadable", http.StatusInternalServerError)
		return
	}
	if coding != "" {
		// Content-Encoding is set as the status is written: ServeContent leaves out Content-Length (of the
		// whole file or of a range) when it finds it set before.
		w = encodedWriter{w, coding}
		if w.Header().Get("Content-Type") == "" {
			// ServeContent would otherwise sniff the compressed bytes.
			ct := mime.TypeByExtension(path.Ext(name))
			if ct == "" {
				ct = "application/octet-stream"
			}
			w.Header().Set("Content-Type", ct)
		}
	}
	// The same file is the same bytes for the life of the binary: its hash is worked out once.
	tag, ok := etags.Load(file)
	if !ok {
		sum := sha256.Sum256(data)
		tag = `"` + hex.EncodeToString(sum[:12]) + `"`
		etags.Store(file, tag)
	}
	w.Header().Set("ETag", tag.(string))
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
}

// encodedWriter adds Content-Encoding to a file's answer that carries its bytes (200, 206).
type encodedWriter struct {
	http.ResponseWriter
	coding string
}

func (w encodedWriter) WriteHeader(status int) {
	if status == http.StatusOK || status == http.StatusPartialContent {
		w.Header().Set("Content-Encoding", w.coding)
	}
	w.ResponseWriter.WriteHeader(status)
}
