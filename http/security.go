package http

import (
	"net/http"
	"strings"
)

// contentSecurityPolicy is the CSP of every answer. Scripts come from this server and Stripe.js only (no
// inline script: the built index.html has none); Stripe's card fields are frames from js.stripe.com and
// hooks.stripe.com (3-D Secure), and Stripe.js talks to api.stripe.com. 'self' in connect-src covers the
// websocket to this host (ws: and wss:, CSP level 3). Styles allow inline style attributes, which React
// and the UI components set; no page may frame this one.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://js.stripe.com; " +
	"style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: https://*.stripe.com; " +
	"font-src 'self' data:; " +
	"connect-src 'self' https://api.stripe.com; " +
	"frame-src https://js.stripe.com https://hooks.stripe.com; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// permissionsPolicy gives no page of ours the camera, microphone or location; Stripe.js (framed from
// js.stripe.com) may use the Payment Request API.
const permissionsPolicy = `camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")`

// hstsValue asks browsers to use HTTPS only for a year; sent only on answers that went out over TLS.
const hstsValue = "max-age=31536000; includeSubDomains"

// Header values are shared, never modified, slices: setting them costs no allocation per request. A
// response's header map holds 8 entries before it grows (about 1.5 KiB more per request): with the request
// id, Content-Type and Cache-Control a JSON answer now has 9, the price of the two headers
// docs/security.md promises (Cross-Origin-Opener-Policy, Permissions-Policy). Add no more lightly.
var (
	hdrCSP       = []string{contentSecurityPolicy}
	hdrNosniff   = []string{"nosniff"}
	hdrFrameDeny = []string{"DENY"}
	hdrReferrer  = []string{"strict-origin-when-cross-origin"}
	hdrCOOP      = []string{"same-origin"}
	hdrPerms     = []string{permissionsPolicy}
	hdrHSTS      = []string{hstsValue}
)

// securityHeaders sets the security headers of every answer, and HSTS when the request came over TLS:
// directly, or as a trusted proxy says in X-Forwarded-Proto.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Content-Security-Policy"] = hdrCSP
		h["X-Content-Type-Options"] = hdrNosniff
		h["X-Frame-Options"] = hdrFrameDeny
		h["Referrer-Policy"] = hdrReferrer
		h["Cross-Origin-Opener-Policy"] = hdrCOOP
		h["Permissions-Policy"] = hdrPerms
		if s.overTLS(r) {
			h["Strict-Transport-Security"] = hdrHSTS
		}
		next.ServeHTTP(w, r)
	})
}

// overTLS reports whether the browser's connection is TLS: this server's own, or behind trusted proxies
// the scheme the nearest proxy reports (the last X-Forwarded-Proto entry, which the client cannot choose).
func (s *Server) overTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if s.Config.TrustedProxies <= 0 {
		return false
	}
	v := r.Header.Values("X-Forwarded-Proto")
	if len(v) == 0 {
		return false
	}
	last := v[len(v)-1]
	if i := strings.LastIndexByte(last, ','); i >= 0 {
		last = last[i+1:]
	}
	return strings.EqualFold(strings.TrimSpace(last), "https")
}
