package squares

import (
	"regexp"
	"strings"
	"time"
)

// Game statuses stored on games.
const (
	GameScheduled = "scheduled"
	GameLive      = "live"
	GameCompleted = "completed"
	GameCancelled = "cancelled"
	GamePostponed = "postponed"
)

// Default team colours when a game gives none.
const (
	DefaultHomeColor = "#3b82f6"
	DefaultAwayColor = "#ef4444"
)

// Game is one game of a league, with its score as it stands and the cumulative score at the end of each
// period (Q4 is the final, overtime included).
type Game struct {
	ID            int64
	LeagueID      int64
	ExternalID    string // the schedule source's id, such as nflverse's 2025_01_DAL_PHI
	ESPNID        string
	Season        int
	Week          string
	HomeTeam      string
	AwayTeam      string
	HomeTeamColor string
	AwayTeamColor string
	GameDate      time.Time
	Venue         string
	Status        string
	HomeScore     *int
	AwayScore     *int
	Quarter       int
	HomePeriod    [4]*int
	AwayPeriod    [4]*int
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Started reports whether the game has begun: live or completed. A started game's pools sell no more
// and get their final decision at once (FollowGame).
func (g *Game) Started() bool { return g.Status == GameLive || g.Status == GameCompleted }

// GameRef names the game of a row in an admin list (a pool, an audit entry, a ledger transaction): its
// teams, shown away @ home, its kickoff and its week.
type GameRef struct {
	ID       int64     `json:"id"`
	HomeTeam string    `json:"homeTeam"`
	AwayTeam string    `json:"awayTeam"`
	GameDate time.Time `json:"gameDate"`
	Week     string    `json:"week,omitempty" tstype:"string | undefined"`
}

// DisplayStatus maps a provider's status code, case-insensitively, to SCHEDULED, LIVE or COMPLETED.
func DisplayStatus(code string) string {
	switch strings.ToLower(strings.TrimSpace(code)) {
	case "1q", "2q", "3q", "4q", "ot", "ht", "live":
		return "LIVE"
	case "ft", "aet", "completed":
		return "COMPLETED"
	default:
		return "SCHEDULED"
	}
}

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// Validate checks a game to be created and fills in default colours and status.
func (g *Game) Validate() error {
	var v Validation
	g.HomeTeam = strings.TrimSpace(g.HomeTeam)
	g.AwayTeam = strings.TrimSpace(g.AwayTeam)
	if g.LeagueID <= 0 {
		v.Add("leagueId", "League is required")
	}
	if g.HomeTeam == "" || len(g.HomeTeam) > 60 {
		v.Add("homeTeam", "Home team is required (at most 60 characters)")
	}
	if g.AwayTeam == "" || len(g.AwayTeam) > 60 {
		v.Add("awayTeam", "Away team is required (at most 60 characters)")
	}
	if g.HomeTeam != "" && strings.EqualFold(g.HomeTeam, g.AwayTeam) {
		v.Add("awayTeam", "Away team must differ from the home team")
	}
	if g.HomeTeamColor == "" {
		g.HomeTeamColor = DefaultHomeColor
	}
	if g.AwayTeamColor == "" {
		g.AwayTeamColor = DefaultAwayColor
	}
	if !hexColor.MatchString(g.HomeTeamColor) {
		v.Add("homeTeamColor", "Colour must look like #3b82f6")
	}
	if !hexColor.MatchString(g.AwayTeamColor) {
		v.Add("awayTeamColor", "Colour must look like #ef4444")
	}
	if g.GameDate.IsZero() {
		v.Add("gameDate", "Game date is required")
	}
	switch g.Status = strings.ToLower(strings.TrimSpace(g.Status)); g.Status {
	case "":
		g.Status = GameScheduled
	case GameScheduled, GameLive, GameCompleted, GameCancelled, GamePostponed:
	default:
		v.Add("status", "Status must be scheduled, live, completed, cancelled or postponed")
	}
	if g.Quarter < 0 || g.Quarter > 5 {
		v.Add("quarter", "Quarter must be 0 to 5")
	}
	for _, s := range []*int{g.HomeScore, g.AwayScore} {
		if s != nil && (*s < 0 || *s > 999) {
			v.Add("score", "Scores must be 0 to 999")
		}
	}
	return v.Err()
}
