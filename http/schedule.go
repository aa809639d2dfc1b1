package http

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
)

// ScheduleGame is an item of a schedule: the spec's NFL schedule item (id, week, date, time, home,
// away, homeScore, awayScore, status) with what the schedule screens draw and link to besides.
type ScheduleGame struct {
	ID        int64          `json:"id"`
	LeagueID  int64          `json:"leagueId"`
	Season    int            `json:"season"`
	Week      string         `json:"week"`      // the week code, W1
	WeekLabel string         `json:"weekLabel"` // Week 1
	Date      string         `json:"date"`      // kickoff day in US Eastern time, 2025-09-04
	Time      string         `json:"time"`      // kickoff in US Eastern time, 20:20
	GameDate  time.Time      `json:"gameDate"`
	Home      string         `json:"home"`
	Away      string         `json:"away"`
	HomeAbbr  string         `json:"homeAbbr"`
	AwayAbbr  string         `json:"awayAbbr"`
	HomeColor string         `json:"homeColor"`
	AwayColor string         `json:"awayColor"`
	Venue     string         `json:"venue"`
	Status    string         `json:"status"`
	HomeScore *int           `json:"homeScore"`
	AwayScore *int           `json:"awayScore"`
	Quarter   int            `json:"quarter"`
	Pools     []SchedulePool `json:"pools"`
}

// SchedulePool is a pool a schedule links its game to.
type SchedulePool struct {
	ID                  int64         `json:"id"`
	Name                string        `json:"name"`
	EntryFee            squares.Cents `json:"entryFee"`
	Status              string        `json:"status"`
	CurrentParticipants int           `json:"currentParticipants"`
}

// parseSeason reads a season year; anything but a plausible year is bad input.
func parseSeason(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1920 || n > 2100 {
		return 0, squares.FieldError("season", "Season must be a year such as 2025.")
	}
	return n, nil
}

// handleNFLSchedule answers the NFL games of a season, by kickoff.
func (s *Server) handleNFLSchedule(w http.ResponseWriter, r *http.Request) {
	season, err := parseSeason(r.PathValue("season"))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.writeSchedule(w, r, squares.LeagueNFL, season)
}

// NFLSeasons is what GET /api/nfl/schedule answers: the seasons with games, latest first, and the one the
// schedule page opens on (null without games).
type NFLSeasons struct {
	Seasons []int `json:"seasons"`
	Current *int  `json:"current"`
}

// handleNFLSeasons answers the NFL seasons the server has games in, and the current one: the season of the
// next game to kick off (or of one being played), else the latest.
func (s *Server) handleNFLSeasons(w http.ResponseWriter, r *http.Request) {
	ss, err := s.Store.ListSeasons(r.Context(), squares.LeagueNFL, recentGameWindow)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := NFLSeasons{Seasons: ss.Seasons}
	if ss.Current != 0 {
		out.Current = &ss.Current
	}
	writeJSON(w, http.StatusOK, out)
}

// handleLeagueSchedule answers a league's games, by its code (nfl or NFL), of the season in ?season= or
// else the latest season it has games in. An unknown league is 404.
func (s *Server) handleLeagueSchedule(w http.ResponseWriter, r *http.Request) {
	season := 0
	if v := r.URL.Query().Get("season"); v != "" {
		var err error
		if season, err = parseSeason(v); err != nil {
			s.Error(w, r, err)
			return
		}
	}
	league, err := s.Store.FindLeagueByName(r.Context(), strings.ToUpper(strings.TrimSpace(r.PathValue("league"))))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.writeSchedule(w, r, league.ID, season)
}

func (s *Server) writeSchedule(w http.ResponseWriter, r *http.Request, leagueID int64, season int) {
	_, games, err := s.Store.ListSchedule(r.Context(), leagueID, season)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	teams, err := s.Store.ListTeams(r.Context(), leagueID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	abbr := make(map[string]string, len(teams))
	for _, t := range teams {
		abbr[t.Name] = t.Abbreviation
	}
	teamAbbr := func(name string) string {
		if a := abbr[name]; a != "" {
			return a
		}
		return initials(name)
	}
	out := make([]ScheduleGame, 0, len(games))
	for _, g := range games {
		et := g.GameDate.In(squares.Eastern)
		item := ScheduleGame{ID: g.ID, LeagueID: g.LeagueID, Season: g.Season, Week: g.Week,
			WeekLabel: squares.WeekName(g.Week), Date: et.Format("2006-01-02"), Time: et.Format("15:04"),
			GameDate: g.GameDate, Home: g.HomeTeam, Away: g.AwayTeam, HomeAbbr: teamAbbr(g.HomeTeam),
			AwayAbbr: teamAbbr(g.AwayTeam), HomeColor: g.HomeTeamColor, AwayColor: g.AwayTeamColor, Venue: g.Venue,
			Status: g.Status, HomeScore: g.HomeScore, AwayScore: g.AwayScore, Quarter: g.Quarter,
			Pools: make([]SchedulePool, 0, len(g.Pools))}
		for _, p := range g.Pools {
			item.Pools = append(item.Pools, SchedulePool{ID: p.ID, Name: p.Name, EntryFee: p.EntryFee,
				Status: p.Status, CurrentParticipants: p.SquaresTaken})
		}
		out = append(out, item)
	}
	writeJSON(w, http.StatusOK, out)
}

// initials stands in for the abbreviation of a team the league's table does not know: up to three first
// letters of its words.
func initials(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		if b.Len() == 3 {
			break
		}
		b.WriteString(strings.ToUpper(w[:1]))
	}
	return b.String()
}
