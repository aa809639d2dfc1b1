package http

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"

	"github.com/gobwas/ws"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/live"
)

// handleWebsocket upgrades to a websocket (same origin, or an allowed one) and serves the connection
// until it closes. A refusal before the upgrade is a JSON error: 403 for another origin, 429 past the
// per-address cap.
func (s *Server) handleWebsocket(w http.ResponseWriter, r *http.Request) {
	if s.live == nil {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "Live updates are not enabled."))
		return
	}
	if !s.originAllowed(r) {
		if s.metrics != nil {
			s.metrics.wsRefused.WithLabelValues("origin").Inc()
		}
		s.Error(w, r, squares.Errorf(squares.EFORBIDDEN, "Live updates are not allowed from origin %q.", r.Header.Get("Origin")))
		return
	}
	h := s.live
	addr := s.clientIP(r)
	if !h.ReserveAddr(addr) {
		if s.metrics != nil {
			s.metrics.wsRefused.WithLabelValues("address_cap").Inc()
		}
		w.Header().Set("Retry-After", "30")
		s.Error(w, r, squares.Errorf(squares.ETOOMANY, "Too many live connections from your address (at most %d): close other tabs.", h.PerAddr()))
		return
	}
	// The origin was checked above, with the allowed origins and development mode's localhost. No
	// extension is negotiated (no compression), as before.
	conn, rw, _, err := ws.HTTPUpgrader{}.Upgrade(r, w)
	if err != nil {
		h.ReleaseAddr(addr)
		if conn != nil {
			conn.Close() // the upgrade has answered the request
		}
		return
	}
	v := live.Viewer{User: userFrom(r.Context())}
	if ck, err := r.Cookie(s.cookieName()); err == nil && v.User != nil {
		v.Session, v.SecondFactor = hashToken(ck.Value), passedSecondFactor(ck.Value)
	}
	var pending []byte
	if n := rw.Reader.Buffered(); n > 0 {
		p, _ := rw.Reader.Peek(n)
		pending = bytes.Clone(p)
	}
	// net/http's buffers (rw) are not kept: an idle connection would hold their 8 KiB for its whole life.
	h.Serve(conn, pending, v, addr)
	// The handler returns, so that net/http lets go of the request, the response and the deep stack of its
	// goroutine; a fresh goroutine reads the connection for as long as it lives.
}

// originAllowed reports whether a websocket may be opened from the request's Origin: none (not a
// browser), this server's host, one of Config.AllowedOrigins, or in development mode localhost on any
// port.
func (s *Server) originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, o := range s.Config.AllowedOrigins {
		if strings.EqualFold(strings.TrimRight(o, "/"), origin) {
			return true
		}
	}
	if s.Config.Dev {
		switch u.Hostname() {
		case "localhost", "127.0.0.1", "::1":
			return true
		}
	}
	return false
}
