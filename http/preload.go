package http

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
)

// A screen's page names, in Link headers, what the screen asks for first: its code (the route's chunks,
// which the entry would only ask for once it ran and knew the screen) and the API answers it reads as it
// opens (which the app would only ask for once its code ran, and some only once the session's answer was
// in). On a phone's network each of those waves is a round trip or more; preloaded, they come beside the
// entry script. The app's own requests then take the preloaded answers (same address, same credentials).
// A signed-in player's page carries those answers in its HTML instead (pagedata.go), and preloads only the
// ones it could not carry.

// routeChunksFile is written by the web build (web/scripts/route-chunks.mjs): for each route module, the
// chunks its first render needs beyond what index.html loads.
const routeChunksFile = "route-chunks.json"

// Route modules, as the build names them (React.lazy imports in web/src/app).
const (
	landingScreen     = "src/features/landing/components/landing-page.tsx"
	dashboardScreen   = "src/features/dashboard/components/dashboard-page.tsx"
	pushCardScreen    = "src/features/push/components/push-notifications-card.tsx"
	howToPlayScreen   = "src/features/how-to-play/components/how-to-play-page.tsx"
	poolScreen        = "src/features/pools/components/pool-detail-page.tsx"
	poolInvitesScreen = "src/features/private-pools/components/pool-invitations-card.tsx"
	checkoutScreen    = "src/features/checkout/components/checkout-page.tsx"
)

// viewer is who opens a page: a visitor, a player, an admin.
type viewer int

const (
	visitor viewer = iota
	player
	adminViewer
)

var (
	poolPagePath = regexp.MustCompile(`^/pools?/([0-9]{1,18})$`)
	poolIDParam  = regexp.MustCompile(`^[0-9]{1,18}$`)
)

// screenPreloads is what the page at path opens with for v: route modules and API paths. The paths and the
// order of the API's query parameters are the ones the app's own requests use (web/src/lib/api.ts keyToUrl),
// so that they take the preloaded answers.
func screenPreloads(path string, query url.Values, v viewer) (screens, data []string) {
	// Every screen: the session, the server's settings and the leagues (the top bar's selector).
	data = []string{"/api/auth/user", "/api/config", "/api/leagues"}
	if v == player {
		data = append(data, "/api/notifications")
	}
	playerHome := []string{"/api/pools?leagueId=1", "/api/user/pools", "/api/user/prizes"}
	switch {
	case path == "/" && v == visitor:
		screens = []string{landingScreen}
	case (path == "/" || path == "/dashboard") && v == player:
		screens = []string{dashboardScreen, pushCardScreen}
		data = append(data, playerHome...)
	case path == "/dashboard" && v == visitor:
		screens = []string{dashboardScreen}
		data = append(data, "/api/pools?leagueId=1")
	case path == "/how-to-play":
		screens = []string{howToPlayScreen}
	case path == "/checkout" && v != visitor:
		screens = []string{checkoutScreen}
		if id := query.Get("poolId"); poolIDParam.MatchString(id) {
			data = append(data, "/api/pools/"+id)
		}
	default:
		if m := poolPagePath.FindStringSubmatch(path); m != nil {
			screens = []string{poolScreen, poolInvitesScreen}
			data = append(data, "/api/pools/"+m[1], "/api/pools/"+m[1]+"/squares", "/api/pools/"+m[1]+"/winners")
		}
	}
	return screens, data
}

// routeChunks reads the build's route-chunks.json once; a build without it preloads no code.
type routeChunks struct {
	once   sync.Once
	chunks map[string][]string
}

// shellFiles is route-chunks.json's entry for the files index.html itself loads: its stylesheet first, then
// its entry script and that script's imports.
const shellFiles = "index.html"

// shellLink is the Link entry of a file index.html loads, or "" for one that is not preloaded. The shell's
// files come first in a page's Link header: the browser starts the header's requests in its order before it
// reads the HTML, and a phone's browser has six connections to the server; named after the screen's code and
// data, the stylesheet the page's first paint waits on and the entry script everything else waits on queued
// behind two dozen requests (Lighthouse's simulated phone: the first paint of a signed-in page at 2 s).
// index.html asks for them with crossorigin (Vite writes it on every tag), which the stylesheet's preload
// must match to be used.
func shellLink(f string) string {
	switch {
	case !strings.HasPrefix(f, "/assets/"):
		return ""
	case strings.HasSuffix(f, ".css"):
		return "<" + f + ">; rel=preload; as=style; crossorigin"
	case strings.HasSuffix(f, ".js"):
		return "<" + f + ">; rel=modulepreload"
	}
	return ""
}

func (rc *routeChunks) of(assets fs.FS, screen string) []string {
	rc.once.Do(func() {
		b, err := fs.ReadFile(assets, routeChunksFile)
		if err != nil {
			return
		}
		var m map[string][]string
		if json.Unmarshal(b, &m) == nil {
			rc.chunks = m
		}
	})
	return rc.chunks[screen]
}

// viewerOf tells who opens a page, from the session (the session cache, else one read). A session that
// cannot be read now preloads as a visitor's page: the app asks for what it needs anyway.
func (s *Server) viewerOf(w http.ResponseWriter, r *http.Request) viewer {
	u, err := s.requestUser(w, r)
	switch {
	case err != nil || u == nil:
		return visitor
	case u.HasAdminRole():
		return adminViewer
	default:
		return player
	}
}

// preloadLinks adds the Link headers of a page: the shell's files, the API answers data it does not carry
// (pageData), and the screens' code.
func (s *Server) preloadLinks(w http.ResponseWriter, rc *routeChunks, screens, data []string) {
	shell := rc.of(s.Assets, shellFiles)
	links := make([]string, 0, len(shell)+len(data)+16)
	seen := map[string]bool{}
	for _, f := range shell {
		if l := shellLink(f); l != "" {
			links = append(links, l)
			seen[f] = true
		}
	}
	for _, p := range data {
		links = append(links, "<"+p+">; rel=preload; as=fetch; crossorigin=use-credentials")
	}
	for _, screen := range screens {
		for _, f := range rc.of(s.Assets, screen) {
			if !seen[f] && strings.HasPrefix(f, "/assets/") && strings.HasSuffix(f, ".js") {
				seen[f] = true
				links = append(links, "<"+f+">; rel=modulepreload")
			}
		}
	}
	if len(links) > 0 {
		w.Header().Set("Link", strings.Join(links, ", "))
	}
}
