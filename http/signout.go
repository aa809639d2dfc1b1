package http

import (
	"html/template"
	"mime"
	"net/http"
	"net/url"
)

// Sign-out is a state change like any other: POST only, refused cross-site (the CrossOriginProtection of
// Handler). The spec's GET /api/logout link still signs out a navigation from this site; from another
// site it changes nothing and asks first, so that no page can sign a player out with a link.

// handleLogout signs out: POST /api/logout (the web app's), /api/auth/logout and /api/admin/logout. It
// answers JSON, or, for the form of the sign-out page, goes home.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if err := s.endSession(w, r); err != nil {
		s.Error(w, r, err)
		return
	}
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/x-www-form-urlencoded" || ct == "multipart/form-data" {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	writeJSON(w, http.StatusOK, success("You have been successfully signed out."))
}

// signOutPage asks before signing out when another site sent the player to the sign-out link: its button
// POSTs to /api/logout from this site.
var signOutPage = template.Must(template.New("signout").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out? - Squares</title></head>
<body style="font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; margin: 0; padding: 48px 16px; color: #111827; background: #f9fafb;">
<main style="max-width: 420px; margin: 0 auto; padding: 24px; background: #fff; border: 1px solid #e5e7eb; border-radius: 12px;">
<h1 style="font-size: 22px; margin: 0 0 12px;">Sign out of Squares?</h1>
<p style="line-height: 1.5; margin: 0 0 20px;">A link from another site brought you here. You are still signed in: sign out only if you meant to.</p>
<form method="post" action="/api/logout" style="margin: 0 0 16px;"><button type="submit" style="font: inherit; font-weight: 600; padding: 10px 18px; min-height: 44px; color: #fff; background: #111827; border: 0; border-radius: 8px; cursor: pointer;">Sign out?</button></form>
<p style="margin: 0;"><a href="/" style="color: #1d4ed8;">Stay signed in and go to Squares</a></p>
</main>
</body></html>
`))

// handleLogoutLink is the spec's sign-out link, GET /api/logout: a navigation from this site signs out and
// goes home; one from another site, with a session, answers signOutPage and changes nothing.
func (s *Server) handleLogoutLink(w http.ResponseWriter, r *http.Request) {
	if !fromThisSite(r) && s.sessionHash(r) != "" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
		signOutPage.Execute(w, nil)
		return
	}
	if err := s.endSession(w, r); err != nil {
		s.Error(w, r, err)
		return
	}
	http.Redirect(w, r, "/", http.StatusFound)
}

// fromThisSite reports whether a navigation came from this site's own pages, or from the player: the
// browser's Sec-Fetch-Site says same-origin, or none (a typed address, a bookmark). A browser that sends
// no Fetch metadata is judged by its Referer, and a client with neither is no browser (as for
// CrossOriginProtection).
func fromThisSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return true
	case "":
		ref := r.Header.Get("Referer")
		if ref == "" {
			return true
		}
		u, err := url.Parse(ref)
		return err == nil && u.Host == r.Host
	}
	return false
}
