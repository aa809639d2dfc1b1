package http

import (
	"net/http"
	"strconv"

	"github.com/squaresapp/squares"
)

// RulesPreset is a named set of rules a host may start from (squares.RulesPresets).
type RulesPreset struct {
	Name  string        `json:"name"`
	Rules squares.Rules `json:"rules"`
}

// handleRulesPresets lists the rules presets of a league's games: GET /api/rules/presets?leagueId=N (the
// NFL's quarters without one).
func (s *Server) handleRulesPresets(w http.ResponseWriter, r *http.Request) {
	var league int64 = squares.LeagueNFL
	if v := r.URL.Query().Get("leagueId"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			s.Error(w, r, squares.InputError("leagueId", "League must be a league's id."))
			return
		}
		league = id
	}
	presets := squares.RulesPresets(league)
	out := make([]RulesPreset, len(presets))
	for i, p := range presets {
		out[i] = RulesPreset{Name: p.Name, Rules: p.Rules}
	}
	writeJSON(w, http.StatusOK, out)
}

type setRulesRequest struct {
	Rules *squares.Rules `json:"rules"`
}

// handleSetPoolRules sets a public pool's rules while nothing of it is sold: PATCH
// /api/admin/pools/{id}/rules with {rules}.
func (s *Server) handleSetPoolRules(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req setRulesRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.Rules == nil {
		s.Error(w, r, squares.InputError("rules", "Rules are required."))
		return
	}
	p, err := s.Store.SetPoolRules(r.Context(), id, *req.Rules)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPoolJSON(p, userFrom(r.Context())))
}

// NumberSet is one draw of a pool's numbers (squares.NumberSet).
type NumberSet struct {
	Period      string `json:"period"`
	HomeNumbers []int  `json:"homeNumbers"`
	AwayNumbers []int  `json:"awayNumbers"`
	SeedSHA256  string `json:"seedSha256"`
	// Seed is "" until the draw.
	Seed string `json:"seed"`
}

// toNumberSetsJSON shows a pool's number sets: seeds and digits only once drawn.
func toNumberSetsJSON(p *squares.Pool) []NumberSet {
	out := make([]NumberSet, 0, len(p.NumberSets))
	for _, n := range p.NumberSets {
		set := NumberSet{Period: n.Period, SeedSHA256: n.SeedSHA256, HomeNumbers: []int{}, AwayNumbers: []int{}}
		if p.NumbersGenerated() && len(n.HomeNumbers) == squares.GridSize {
			set.HomeNumbers, set.AwayNumbers, set.Seed = n.HomeNumbers, n.AwayNumbers, n.Seed
		}
		out = append(out, set)
	}
	return out
}
