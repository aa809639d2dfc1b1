package http_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// invitedPool is the answer of GET /api/invitations/{code}.
type invitedPool struct {
	InviteCode          string    `json:"inviteCode"`
	Name                string    `json:"name"`
	Game                string    `json:"game"`
	AwayTeam            string    `json:"awayTeam"`
	HomeTeam            string    `json:"homeTeam"`
	Kickoff             time.Time `json:"kickoff"`
	EntryFee            string    `json:"entryFee"`
	Host                string    `json:"host"`
	SpotsLeft           int       `json:"spotsLeft"`
	MaxSquaresPerPlayer int       `json:"maxSquaresPerPlayer"`
	Status              string    `json:"status"`
}

// privatePoolOf creates a player named Casey Tester and their $10 private pool (7 squares each) on g, with
// one invitation to friend@example.com.
func (s *apiServer) privatePoolOf(t *testing.T, g *squares.Game) (*squares.User, *store.PrivatePool) {
	t.Helper()
	ctx := context.Background()
	seq := emailCounter.Add(1)
	creator := &squares.User{Email: fmt.Sprintf("casey%d@example.com", seq), PasswordHash: "not-a-hash",
		FirstName: "Casey", LastName: "Tester", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
		ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	if err := s.db.CreateUser(ctx, creator); err != nil {
		t.Fatal(err)
	}
	out, err := s.db.CreatePrivatePool(ctx, creator, squares.PrivatePoolInput{GameID: g.ID, Name: "Office Pool",
		EntryFee: 1000, MaxSquaresPerPlayer: 7, InviteEmails: []string{"friend@example.com", "other@example.com"}}, squares.PrivatePoolRules{})
	if err != nil {
		t.Fatal(err)
	}
	return creator, out
}

// TestReadInvitation: anyone holding an invite code, signed out or in, reads its pool's name, game,
// kickoff, fee, host (first name and last initial, never an e-mail), spots left, limit and status; a
// revoked invitation's code, an unknown code and the code of a cancelled pool are 404 alike.
func TestReadInvitation(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		g, _ := s.game(t, "W12", time.Now().Add(72*time.Hour).Truncate(time.Second))
		creator, out := s.privatePoolOf(t, g)
		p := out.Pool
		anon := s.client(t)
		player, _ := s.register(t, "1990-01-01", "NY")

		for _, c := range []struct {
			who  *apiClient
			code string
		}{{anon, p.InviteCode}, {anon, " " + strings.ToLower(out.Invitations[0].Code)}, {player, out.Invitations[0].Code}} {
			resp := c.who.get("/api/invitations/" + strings.ReplaceAll(c.code, " ", "%20")).want(http.StatusOK)
			var got invitedPool
			resp.decode(&got)
			want := invitedPool{InviteCode: squares.NormalizeInviteCode(c.code), Name: "Office Pool",
				Game: "Kansas City Chiefs @ Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeam: "Buffalo Bills",
				Kickoff: g.GameDate.UTC(), EntryFee: "10.00", Host: "Casey T.", SpotsLeft: 100, MaxSquaresPerPlayer: 7, Status: "active"}
			got.Kickoff = got.Kickoff.UTC()
			if !got.Kickoff.Equal(want.Kickoff) {
				t.Errorf("%q: kickoff %v, want %v", c.code, got.Kickoff, want.Kickoff)
			}
			got.Kickoff = want.Kickoff
			if got != want {
				t.Errorf("%q: %+v\nwant %+v", c.code, got, want)
			}
			// Nothing that is not the reader's: no address, and an invitation's code does not give the pool's own.
			body := string(resp.Body)
			for _, secret := range []string{creator.Email, "friend@example.com", "example.com"} {
				if strings.Contains(body, secret) {
					t.Errorf("%q: the answer holds %q: %s", c.code, secret, body)
				}
			}
			if c.code != p.InviteCode && strings.Contains(body, p.InviteCode) {
				t.Errorf("an invitation's code tells the pool's own code: %s", body)
			}
		}

		// A player's squares leave fewer spots.
		friend, _ := s.register(t, "1990-01-01", "NY")
		friend.post("/api/pools/join", map[string]string{"inviteCode": out.Invitations[0].Code}).want(http.StatusOK)
		if _, err := s.db.ClaimSquares(context.Background(), store.Claim{PoolID: p.ID, User: userByEmail(t, s, friend),
			Cells: []squares.Cell{{Row: 1, Column: 1}, {Row: 1, Column: 2}}, Paid: true}); err != nil {
			t.Fatal(err)
		}
		var got invitedPool
		anon.get("/api/invitations/" + p.InviteCode).want(http.StatusOK).decode(&got)
		if got.SpotsLeft != 98 {
			t.Errorf("spots left %d, want 98", got.SpotsLeft)
		}

		if _, err := s.db.RevokeInvitation(context.Background(), creator, p.ID, out.Invitations[1].ID); err != nil {
			t.Fatal(err)
		}
		for _, code := range []string{out.Invitations[1].Code, "ZZZZ2345", "%20"} {
			anon.get("/api/invitations/"+code).wantError(http.StatusNotFound, "not_found", "No pool has this invite code.")
		}
		if _, err := s.db.SetPoolStatus(context.Background(), p.ID, squares.PoolCancelled); err != nil {
			t.Fatal(err)
		}
		for _, code := range []string{p.InviteCode, out.Invitations[0].Code} {
			anon.get("/api/invitations/"+code).wantError(http.StatusNotFound, "not_found", "No pool has this invite code.")
		}
	})
}

// userByEmail reads the user a client registered as.
func userByEmail(t *testing.T, s *apiServer, c *apiClient) *squares.User {
	t.Helper()
	var me struct {
		Email string `json:"email"`
	}
	c.get("/api/auth/user").want(http.StatusOK).decode(&me)
	u, err := s.db.FindUserByEmail(context.Background(), me.Email)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestInviteCodeThrottle: an address may try 20 codes that lead nowhere in 15 minutes; then every code it
// sends, right or wrong, is 429 with Retry-After, while another address reads on. Codes that lead
// somewhere do not count. Forty wrong codes at once from one address: exactly 20 are looked up.
func TestInviteCodeThrottle(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPIWith(t, engine, func(c *squareshttp.Config) { c.TrustedProxies = 1 })
		g, _ := s.game(t, "W12", time.Now().Add(72*time.Hour))
		_, out := s.privatePoolOf(t, g)
		right := "/api/invitations/" + out.Pool.InviteCode
		c := s.client(t)
		from := func(addr string) []string { return []string{"X-Forwarded-For", addr} }

		// Right codes, however many, spend nothing.
		for range 30 {
			c.do("GET", right, nil, from("198.51.100.7")...).want(http.StatusOK)
		}
		for i := range 20 {
			c.do("GET", fmt.Sprintf("/api/invitations/WRONG%03d", i), nil, from("198.51.100.7")...).
				wantError(http.StatusNotFound, "not_found", "No pool has this invite code.")
		}
		for _, path := range []string{"/api/invitations/WRONG999", right} {
			resp := c.do("GET", path, nil, from("198.51.100.7")...)
			resp.wantError(http.StatusTooManyRequests, "too_many_requests", "Too many invite codes tried. Please wait a few minutes and try again.")
			wantRetryAfter(t, resp.Header.Get("Retry-After"), 15*60)
		}
		c.do("GET", right, nil, from("198.51.100.8")...).want(http.StatusOK)

		statuses := make([]int, 40)
		var wg sync.WaitGroup
		for i := range statuses {
			wg.Go(func() {
				req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/invitations/GUESS%03d", s.URL(), i), nil)
				req.Header.Set("X-Forwarded-For", "203.0.113.9")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					return
				}
				resp.Body.Close()
				statuses[i] = resp.StatusCode
			})
		}
		wg.Wait()
		n := map[int]int{}
		for _, st := range statuses {
			n[st]++
		}
		if n[http.StatusNotFound] != 20 || n[http.StatusTooManyRequests] != 20 {
			t.Errorf("40 guesses at once: %v, want 20 looked up (404) and 20 refused (429)", n)
		}
	})
}
