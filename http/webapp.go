package http

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// webApp serves the built web app: its files when they exist, and index.html for every other path so
// the browser's router decides the screen.
func (s *Server) webApp() http.Handler {
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
		if name != "" && name != "index.html" {
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
				http.ServeFileFS(w, r, s.Assets, name)
				return
			}
			// A missing file with an extension is a 404, not the app.
			if path.Ext(name) != "" && strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r)
				return
			}
		}
		index, err := fs.ReadFile(s.Assets, "index.html")
		if err != nil {
			http.Error(w, "web app missing index.html", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	})
}
