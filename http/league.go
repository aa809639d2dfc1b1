package http

import (
	"net/http"

	"github.com/squaresapp/squares"
)

// League is a league as the API shows it, with its active week (null when it has none).
type League struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	DisplayName string  `json:"displayName"`
	Sport       string  `json:"sport"`
	IsActive    bool    `json:"isActive"`
	ActiveWeek  *string `json:"activeWeek"`
}

func toLeagueJSON(l *squares.League) League {
	return League{ID: l.ID, Name: l.Name, DisplayName: l.DisplayName, Sport: l.Sport, IsActive: l.IsActive,
		ActiveWeek: optional(l.ActiveWeek)}
}

func (s *Server) handleListLeagues(w http.ResponseWriter, r *http.Request) {
	leagues, err := s.Store.ListLeagues(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]League, 0, len(leagues))
	for _, l := range leagues {
		out = append(out, toLeagueJSON(l))
	}
	writeJSON(w, http.StatusOK, out)
}

type createLeagueRequest struct {
	Name        string `json:"name" text:"max=32"`
	DisplayName string `json:"displayName" text:"max=80"`
	Sport       string `json:"sport" text:"max=32"`
	IsActive    *bool  `json:"isActive"`
}

func (s *Server) handleCreateLeague(w http.ResponseWriter, r *http.Request) {
	var req createLeagueRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	l := &squares.League{Name: req.Name, DisplayName: req.DisplayName, Sport: req.Sport, IsActive: true}
	if req.IsActive != nil {
		l.IsActive = *req.IsActive
	}
	if err := l.Validate(); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.Store.CreateLeague(r.Context(), l); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toLeagueJSON(l))
}

func (s *Server) handleGetActiveWeek(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	l, err := s.Store.FindLeague(r.Context(), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ActiveWeek{LeagueID: l.ID, ActiveWeek: optional(l.ActiveWeek)})
}

func (s *Server) handleSetActiveWeek(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		Week string `json:"week" text:"max=32"`
	}
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.Week == "" {
		s.Error(w, r, squares.FieldError("week", "Please select a week to advance to"))
		return
	}
	week, err := squares.NormalizeWeek(id, req.Week)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if _, err := s.Store.FindLeague(r.Context(), id); err != nil {
		s.Error(w, r, err)
		return
	}
	l, err := s.Store.SetActiveWeek(r.Context(), id, week)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ActiveWeek{LeagueID: l.ID, ActiveWeek: optional(l.ActiveWeek),
		Message: "Week Updated Successfully"})
}

// ActiveWeek is a league's active week (null when it has none); a change says so in its message.
type ActiveWeek struct {
	ActiveWeek *string `json:"activeWeek"`
	LeagueID   int64   `json:"leagueId"`
	Message    string  `json:"message,omitempty" tstype:"string | undefined"`
}

// Team is a team of a league, with its colours.
type Team struct {
	Name           string `json:"name"`
	Abbreviation   string `json:"abbreviation"`
	City           string `json:"city"`
	PrimaryColor   string `json:"primaryColor"`
	SecondaryColor string `json:"secondaryColor"`
}

func (s *Server) handleListTeams(w http.ResponseWriter, r *http.Request) {
	leagueID, err := queryID(r, "leagueId")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if leagueID == 0 {
		leagueID = squares.LeagueNFL
	}
	teams, err := s.Store.ListTeams(r.Context(), leagueID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]Team, 0, len(teams))
	for _, t := range teams {
		out = append(out, Team{Name: t.Name, Abbreviation: t.Abbreviation, City: t.City,
			PrimaryColor: t.PrimaryColor, SecondaryColor: t.SecondaryColor})
	}
	writeJSON(w, http.StatusOK, out)
}
