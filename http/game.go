package http

import (
	"net/http"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Game is a game as the API shows it: its teams, kickoff, state and score by period.
type Game struct {
	ID            int64     `json:"id"`
	LeagueID      int64     `json:"leagueId"`
	HomeTeam      string    `json:"homeTeam"`
	AwayTeam      string    `json:"awayTeam"`
	HomeTeamColor string    `json:"homeTeamColor"`
	AwayTeamColor string    `json:"awayTeamColor"`
	GameDate      time.Time `json:"gameDate"`
	Status        string    `json:"status"`
	HomeScore     *int      `json:"homeScore"`
	AwayScore     *int      `json:"awayScore"`
	Quarter       int       `json:"quarter"`
	Week          *string   `json:"week"`
	Season        int       `json:"season"`
	Venue         string    `json:"venue"`
	HomeScoreQ1   *int      `json:"homeScoreQ1"`
	HomeScoreQ2   *int      `json:"homeScoreQ2"`
	HomeScoreQ3   *int      `json:"homeScoreQ3"`
	HomeScoreQ4   *int      `json:"homeScoreQ4"`
	AwayScoreQ1   *int      `json:"awayScoreQ1"`
	AwayScoreQ2   *int      `json:"awayScoreQ2"`
	AwayScoreQ3   *int      `json:"awayScoreQ3"`
	AwayScoreQ4   *int      `json:"awayScoreQ4"`
}

func toGameJSON(g *squares.Game) *Game {
	if g == nil {
		return nil
	}
	return &Game{
		ID: g.ID, LeagueID: g.LeagueID, HomeTeam: g.HomeTeam, AwayTeam: g.AwayTeam,
		HomeTeamColor: g.HomeTeamColor, AwayTeamColor: g.AwayTeamColor, GameDate: g.GameDate, Status: g.Status,
		HomeScore: g.HomeScore, AwayScore: g.AwayScore, Quarter: g.Quarter, Week: optional(g.Week),
		Season: g.Season, Venue: g.Venue,
		HomeScoreQ1: g.HomePeriod[0], HomeScoreQ2: g.HomePeriod[1], HomeScoreQ3: g.HomePeriod[2], HomeScoreQ4: g.HomePeriod[3],
		AwayScoreQ1: g.AwayPeriod[0], AwayScoreQ2: g.AwayPeriod[1], AwayScoreQ3: g.AwayPeriod[2], AwayScoreQ4: g.AwayPeriod[3],
	}
}

// recentGameWindow keeps games that kicked off this long ago in the default list: they may still be live.
const recentGameWindow = 6 * time.Hour

func (s *Server) handleListGames(w http.ResponseWriter, r *http.Request) {
	leagueID, err := queryID(r, "leagueId")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	f := store.GameFilter{LeagueID: leagueID, Week: queryWeek(r)}
	if includeAll := r.URL.Query().Get("includeAll"); includeAll != "true" && includeAll != "1" {
		from := s.now().Add(-recentGameWindow)
		f.From = &from
	}
	s.writeGames(w, r, f)
}

type createGameRequest struct {
	LeagueID      flexInt `json:"leagueId"`
	HomeTeam      string  `json:"homeTeam" text:"max=60"`
	AwayTeam      string  `json:"awayTeam" text:"max=60"`
	HomeTeamColor string  `json:"homeTeamColor" text:"max=32"`
	AwayTeamColor string  `json:"awayTeamColor" text:"max=32"`
	GameDate      string  `json:"gameDate" text:"max=64"`
	Status        string  `json:"status" text:"max=32"`
	HomeScore     *int    `json:"homeScore"`
	AwayScore     *int    `json:"awayScore"`
	Quarter       int     `json:"quarter"`
	Week          string  `json:"week" text:"max=32"`
}

// parseGameDate reads an RFC 3339 time, or a datetime-local value ("2026-11-29T13:00") taken as US
// Eastern time, the zone the admin screens show.
func parseGameDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), nil
	}
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02T15:04:05", "2006-01-02 15:04"} {
		if t, err := time.ParseInLocation(layout, s, squares.Eastern); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, squares.FieldError("gameDate", "Game date must be a date and time, such as 2026-11-29T13:00")
}

func (s *Server) handleCreateGame(w http.ResponseWriter, r *http.Request) {
	var req createGameRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	g := &squares.Game{LeagueID: int64(req.LeagueID), HomeTeam: req.HomeTeam, AwayTeam: req.AwayTeam,
		HomeTeamColor: req.HomeTeamColor, AwayTeamColor: req.AwayTeamColor, Status: req.Status,
		HomeScore: req.HomeScore, AwayScore: req.AwayScore, Quarter: req.Quarter}
	// The old console sends zero scores for a game not yet played; a scheduled game has no score.
	if g.Status == "" || strings.EqualFold(g.Status, squares.GameScheduled) {
		g.HomeScore, g.AwayScore = nil, nil
	}
	var v squares.Validation
	if req.GameDate == "" {
		v.Add("gameDate", "Game date is required")
	} else if t, err := parseGameDate(req.GameDate); err != nil {
		v.Add("gameDate", squares.ErrorMessage(err))
	} else {
		g.GameDate = t
	}
	v.Merge(g.Validate())
	if req.Week != "" && g.LeagueID > 0 {
		week, err := squares.NormalizeWeek(g.LeagueID, req.Week)
		if err != nil {
			v.Add("week", squares.ErrorMessage(err))
		}
		g.Week = week
	}
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	g.Season = seasonOf(g.GameDate)
	if err := s.Store.CreateGame(r.Context(), g); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toGameJSON(g))
}

// seasonOf is the season a kickoff belongs to: games from January to July close the previous year's
// season.
func seasonOf(t time.Time) int {
	t = t.In(squares.Eastern)
	if t.Month() < time.August {
		return t.Year() - 1
	}
	return t.Year()
}
