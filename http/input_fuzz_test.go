package http_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// textSeeds are strings a client may send where text goes: names, codes, filters, path values.
var textSeeds = []string{
	"Ann", "Zoë", "José 🏈", "O'Brien", "Robert'); DROP TABLE users;--", "", " ", "\ufffd", "%00", `\u0000`,
	"A\x00B", "bo\x00ss", "a\tb", "a\nb", "a\r\nb", "\x7f", "\u0085", "\u2028", "\u202eevil", "\xff", "\xed\xa0\x80",
	"nfl", "NFL", "a/b", "..", "W12", strings.Repeat("x", 50), strings.Repeat("x", 51), strings.Repeat("é", 65),
	strings.Repeat("y", 201), strings.Repeat("z", 1001),
}

// badText says whether s is not text for a field of at most max characters: an oracle written apart
// from the server's check.
func badText(s string, max int) bool {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
		return true
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') {
			return true
		}
	}
	return false
}

// jsonString quotes s as a JSON string, keeping bytes that are not UTF-8 as they are (json.Marshal would
// replace them), so that the server sees exactly s.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// textServer is a server for FuzzTextInput: started once per engine for the whole run, with a player's
// and an admin's session.
type textServer struct {
	*edgeAPI
	player, admin string // session tokens
}

var textEmails atomic.Int64

func startTextServer(tb testing.TB, engine string) *textServer {
	tb.Helper()
	s := startEdgeTB(tb, engine)
	ctx := context.Background()
	token := func(u *squares.User) string {
		tok := "fuzz-session-" + strconv.FormatInt(u.ID, 10)
		sum := sha256.Sum256([]byte(tok))
		if err := s.db.CreateSession(ctx, &store.Session{TokenHash: hex.EncodeToString(sum[:]), UserID: u.ID,
			ExpiresAt: time.Now().Add(24 * time.Hour)}, ""); err != nil {
			tb.Fatal(err)
		}
		return tok
	}
	p := &squares.User{Email: "fuzz-player@example.com", PasswordHash: "not-a-hash", FirstName: "Fuzz", LastName: "Player",
		Role: squares.RoleUser}
	if err := s.db.CreateUser(ctx, p); err != nil {
		tb.Fatal(err)
	}
	a, err := s.db.EnsureAdmin(ctx, "fuzz-admin", "not-a-hash")
	if err != nil {
		tb.Fatal(err)
	}
	return &textServer{edgeAPI: s, player: token(p), admin: token(a)}
}

// FuzzTextInput sends each input where text goes, on SQLite and on PostgreSQL: a registration's first
// name (at most 50), an invite code (64), the audit log's action filter (a query parameter, 1,000) and a
// league in a path (200). What is not text (badText) is refused with 400 invalid_input naming the field;
// anything else is never a server error, and a first name taken is stored as sent. Nothing is logged as an
// error. `go test` runs the seeds; run longer with `go test -run '^$' -fuzz FuzzTextInput -fuzztime 60s ./http`.
func FuzzTextInput(f *testing.F) {
	for _, s := range textSeeds {
		f.Add(s)
	}
	servers := map[string]*textServer{}
	for _, e := range storetest.Engines {
		servers[e] = startTextServer(f, e)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, e := range storetest.Engines {
			srv := servers[e]
			anon := srv.client(t)
			player, admin := srv.clientWithToken(t, srv.player), srv.clientWithToken(t, srv.admin)
			check := func(r *apiResponse, field string, max int) {
				t.Helper()
				if badText(s, max) {
					r.wantInvalidInput(field)
				} else if r.Status >= 500 || strings.Contains(string(r.Body), "invalid_input") {
					t.Errorf("%s: %q (%s) = %d %s", e, s, r.what, r.Status, r.Body)
				}
			}
			email := fmt.Sprintf("fuzz%d@example.com", textEmails.Add(1))
			r := anon.post("/api/auth/register", `{"email":"`+email+`","password":"correct-horse","lastName":"Lee","firstName":`+jsonString(s)+`}`)
			check(r, "firstName", 50)
			if r.Status == http.StatusCreated {
				u := r.obj()["user"].(map[string]any)
				if u["firstName"] != strings.TrimSpace(s) {
					t.Errorf("%s: first name %q stored as %q", e, s, u["firstName"])
				}
			}
			check(player.post("/api/pools/join", `{"inviteCode":`+jsonString(s)+`}`), "inviteCode", 64)
			check(admin.get("/api/admin/audit?action="+url.QueryEscape(s)), "action", 1000)
			if s != "" && s != "." && s != ".." {
				check(player.get("/api/schedule/"+url.PathEscape(s)), "league", 200)
			}
			srv.wantNoErrorLogged(t)
		}
	})
}

// startEdgeTB is startEdge for a fuzz target's setup: the server lasts as long as tb.
func startEdgeTB(tb testing.TB, engine string) *edgeAPI {
	tb.Helper()
	return newEdge(tb, engine, func(srv *squareshttp.Server) {
		if err := srv.Open(); err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			srv.Close(ctx)
		})
	})
}
