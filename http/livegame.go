package http

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// The developer calls about our games as the score feed leaves them (development mode only): the games
// live now, one game with its period scores, and a season's completed games.

// GameDetails is a game with the end score of each period it has ended.
type GameDetails struct {
	*Game         `tstype:",extends,required"`
	DisplayStatus string        `json:"displayStatus" tstype:"'SCHEDULED' | 'LIVE' | 'COMPLETED'"`
	PeriodCount   int           `json:"periodCount"`
	Periods       []PeriodScore `json:"periods"`
}

func toGameDetailsJSON(g *squares.Game) GameDetails {
	periods := (&squares.League{ID: g.LeagueID}).Periods()
	out := GameDetails{Game: toGameJSON(g), DisplayStatus: squares.DisplayStatus(g.Status),
		PeriodCount: periods, Periods: []PeriodScore{}}
	for _, p := range g.PeriodScores(periods) {
		out.Periods = append(out.Periods, PeriodScore{Period: p.Period,
			PeriodLabel: squares.PeriodLabel(p.Period, periods), HomeScore: p.Home, AwayScore: p.Away})
	}
	return out
}

// gamesWhere lists every game the filter keeps, with its period scores.
func (s *Server) gamesWhere(r *http.Request, f store.GameFilter, keep func(*squares.Game) bool) ([]GameDetails, error) {
	games, err := s.Store.ListGames(r.Context(), f)
	if err != nil {
		return nil, err
	}
	out := []GameDetails{}
	for _, g := range games {
		if keep(g) {
			out = append(out, toGameDetailsJSON(g))
		}
	}
	return out, nil
}

// handleLiveGames lists our games that are live now, with their scores: GET /api/live-games. The feed
// decides what is live, whatever the scheduled kickoff, so every game is looked at.
func (s *Server) handleLiveGames(w http.ResponseWriter, r *http.Request) {
	out, err := s.gamesWhere(r, store.GameFilter{}, func(g *squares.Game) bool { return g.Status == squares.GameLive })
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// handleGameDetails answers one game with its period scores: GET /api/game-details/{id}. The developer
// page's spec asks for a game id when none is given.
func (s *Server) handleGameDetails(w http.ResponseWriter, r *http.Request) {
	raw := strings.TrimSpace(r.PathValue("id"))
	if raw == "" {
		s.Error(w, r, squares.FieldError("id", "Please enter a game ID"))
		return
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		s.Error(w, r, squares.FieldError("id", "Game ID must be a positive number."))
		return
	}
	g, err := s.Store.FindGame(r.Context(), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toGameDetailsJSON(g))
}

// Seasons the historical call accepts.
const (
	firstSeason = 1920
	lastSeason  = 2100
)

// handleHistoricalGames lists the completed games of a season, by kickoff: GET
// /api/historical-games/{season}.
func (s *Server) handleHistoricalGames(w http.ResponseWriter, r *http.Request) {
	season, err := strconv.Atoi(strings.TrimSpace(r.PathValue("season")))
	if err != nil || season < firstSeason || season > lastSeason {
		s.Error(w, r, squares.FieldError("season", "Season must be a year such as 2025."))
		return
	}
	out, err := s.gamesWhere(r, store.GameFilter{}, func(g *squares.Game) bool {
		return g.Season == season && g.Status == squares.GameCompleted
	})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
