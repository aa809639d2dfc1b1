package http

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// The admin's pool calls: lists for the Pool Activation Center and Pool Management, featuring, and the
// bulk changes, each refused pool reported with its reason.

// queryLeagueID reads the league of an admin list from the query: leagueId, or league as the spec's
// clients send it; absent gives 0 (every league).
func queryLeagueID(r *http.Request) (int64, error) {
	if id, err := queryID(r, "leagueId"); err != nil || id != 0 {
		return id, err
	}
	return queryID(r, "league")
}

// queryWeek reads an optional week from the query, as the games store it ("W12").
func queryWeek(r *http.Request) string {
	return strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("week")))
}

// NamedPool names the pool of a row of an admin list (a decision, a payout, an escrow step): its name and
// its game, so that an operator knows what they act on.
type NamedPool struct {
	PoolName string           `json:"poolName"`
	Game     *squares.GameRef `json:"game"`
}

// poolNames reads the name and game of the pools of a list's rows, by pool id (one read for the list).
func (s *Server) poolNames(ctx context.Context, ids []int64) (map[int64]NamedPool, error) {
	refs, err := s.Store.PoolRefs(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]NamedPool, len(refs))
	for id, r := range refs {
		out[id] = NamedPool{PoolName: r.Name, Game: &r.Game}
	}
	return out, nil
}

// handleAdminListPools lists every pool (drafts and hidden ones included) of a league, a week and one or
// more statuses (status=draft,inactive), each optional.
func (s *Server) handleAdminListPools(w http.ResponseWriter, r *http.Request) {
	leagueID, err := queryLeagueID(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	f := squares.PoolFilter{LeagueID: leagueID, Week: queryWeek(r)}
	if st := r.URL.Query().Get("status"); st != "" && st != "all" {
		for _, one := range strings.Split(st, ",") {
			status, err := squares.NormalizePoolStatus(one)
			if err != nil {
				s.Error(w, r, err)
				return
			}
			f.Statuses = append(f.Statuses, status)
		}
	}
	pools, err := s.Store.ListPools(r.Context(), f)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.writePools(w, r, pools)
}

// handleAdminListGames lists every game of a league and week (each optional), past games included.
func (s *Server) handleAdminListGames(w http.ResponseWriter, r *http.Request) {
	leagueID, err := queryLeagueID(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.writeGames(w, r, store.GameFilter{LeagueID: leagueID, Week: queryWeek(r)})
}

func (s *Server) writeGames(w http.ResponseWriter, r *http.Request, f store.GameFilter) {
	games, err := s.Store.ListGames(r.Context(), f)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]*Game, 0, len(games))
	for _, g := range games {
		out = append(out, toGameJSON(g))
	}
	writeJSON(w, http.StatusOK, out)
}

// pathLeague reads a league id from the path and checks that the league exists.
func (s *Server) pathLeague(r *http.Request) (int64, error) {
	id, err := pathID(r, "leagueId")
	if err != nil {
		return 0, err
	}
	if _, err := s.Store.FindLeague(r.Context(), id); err != nil {
		return 0, err
	}
	return id, nil
}

// handleSimplePools lists every pool of a league for Pool Management.
func (s *Server) handleSimplePools(w http.ResponseWriter, r *http.Request) {
	id, err := s.pathLeague(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	pools, err := s.Store.ListPools(r.Context(), squares.PoolFilter{LeagueID: id})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.writePools(w, r, pools)
}

// handleSimpleGames lists every game of a league for Pool Management.
func (s *Server) handleSimpleGames(w http.ResponseWriter, r *http.Request) {
	id, err := s.pathLeague(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.writeGames(w, r, store.GameFilter{LeagueID: id})
}

// decodeOptional decodes a body the call may go without.
func decodeOptional(w http.ResponseWriter, r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return decode(w, r, v)
}

// handleFeaturePool makes a pool the Pool of the Week: featuredReason defaults to "Pool of the Week" and
// featuredUntil (RFC 3339) to 7 days from now.
func (s *Server) handleFeaturePool(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		FeaturedReason *string `json:"featuredReason" text:"max=120"`
		FeaturedUntil  *string `json:"featuredUntil" text:"max=64"`
	}
	if err := decodeOptional(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	reason := squares.DefaultFeaturedReason
	if req.FeaturedReason != nil && strings.TrimSpace(*req.FeaturedReason) != "" {
		reason = strings.TrimSpace(*req.FeaturedReason)
	}
	until := s.now().Add(squares.FeatureDuration)
	if req.FeaturedUntil != nil && *req.FeaturedUntil != "" {
		if until, err = time.Parse(time.RFC3339, strings.TrimSpace(*req.FeaturedUntil)); err != nil {
			s.Error(w, r, squares.FieldError("featuredUntil", "Featured until must be a date and time, such as 2026-11-29T18:00:00Z"))
			return
		}
	}
	p, err := s.Store.FeaturePool(r.Context(), id, reason, until)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPoolJSON(p, userFrom(r.Context())))
}

func (s *Server) handleUnfeaturePool(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.Store.UnfeaturePool(r.Context(), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPoolJSON(p, userFrom(r.Context())))
}

// Refusal is a pool a bulk change left as it was, and why.
type Refusal struct {
	PoolID  int64  `json:"poolId"`
	Message string `json:"message"`
}

func refusals(res store.BulkResult) []Refusal {
	out := make([]Refusal, 0, len(res.Refused))
	for _, f := range res.Refused {
		out = append(out, Refusal{f.PoolID, f.Message})
	}
	return out
}

type poolIDsRequest struct {
	PoolIDs []flexInt `json:"poolIds"`
}

// maxBulk bounds one bulk request.
const maxBulk = 500

// handleBulkStatus changes the status of the pools named; the answer counts the pools changed (countKey)
// and lists each pool refused with its reason.
func (s *Server) handleBulkStatus(to string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req poolIDsRequest
		if err := decode(w, r, &req); err != nil {
			s.Error(w, r, err)
			return
		}
		if len(req.PoolIDs) == 0 {
			s.Error(w, r, squares.FieldError("poolIds", "No pools selected"))
			return
		}
		if len(req.PoolIDs) > maxBulk {
			s.Error(w, r, squares.FieldError("poolIds", "At most 500 pools at a time"))
			return
		}
		ids := make([]int64, 0, len(req.PoolIDs))
		for _, id := range req.PoolIDs {
			if id <= 0 {
				s.Error(w, r, squares.FieldError("poolIds", "Pool ids must be positive numbers"))
				return
			}
			ids = append(ids, int64(id))
		}
		res := s.Store.SetPoolsStatus(r.Context(), ids, to, strings.TrimPrefix(r.URL.Path, "/api/admin/pools/"))
		out := BulkStatus{TotalRequested: len(ids), Refused: refusals(res)}
		if to == squares.PoolActive {
			out.ActivatedCount = &res.Changed
		} else {
			out.DeactivatedCount = &res.Changed
		}
		writeJSON(w, http.StatusOK, out)
	}
}

// weekRequest is the body of the week-wide calls: a league and one of its weeks.
type weekRequest struct {
	Week     string  `json:"week" text:"max=32"`
	LeagueID flexInt `json:"leagueId"`
}

func (s *Server) decodeWeek(w http.ResponseWriter, r *http.Request) (int64, string, error) {
	var req weekRequest
	if err := decode(w, r, &req); err != nil {
		return 0, "", err
	}
	var v squares.Validation
	if strings.TrimSpace(req.Week) == "" {
		v.Add("week", "Please select a week")
	}
	if req.LeagueID <= 0 {
		v.Add("leagueId", "League is required")
	}
	if err := v.Err(); err != nil {
		return 0, "", err
	}
	week, err := squares.NormalizeWeek(int64(req.LeagueID), req.Week)
	return int64(req.LeagueID), week, err
}

// handleBulkActivate opens every draft or hidden public pool of a league's week.
func (s *Server) handleBulkActivate(w http.ResponseWriter, r *http.Request) {
	league, week, err := s.decodeWeek(w, r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	res, total, err := s.Store.ActivateWeek(r.Context(), league, week)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, PoolsActivated{ActivatedCount: res.Changed, TotalPools: total, Refused: refusals(res),
		Week: week, LeagueID: league})
}

// handleEmergencyPools creates the tier pools the games of a league's week lack; totalPools counts the
// pools created (0 when none were missing).
func (s *Server) handleEmergencyPools(w http.ResponseWriter, r *http.Request) {
	league, week, err := s.decodeWeek(w, r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	created, games, err := s.Store.CreateMissingPools(r.Context(), league, week)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, EmergencyPools{TotalPools: created, GameCount: games, Week: week, LeagueID: league})
}

// handleActivateSeason opens every public draft pool whose sales can still open.
func (s *Server) handleActivateSeason(w http.ResponseWriter, r *http.Request) {
	res, total, err := s.Store.ActivateSeason(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, PoolsActivated{ActivatedCount: res.Changed, TotalPools: total, Refused: refusals(res)})
}

// BulkStatus answers a change of status of pools chosen by id: how many changed (activatedCount or
// deactivatedCount, as the call asked), of how many, and each pool refused with its reason.
type BulkStatus struct {
	ActivatedCount   *int      `json:"activatedCount,omitempty" tstype:"number | undefined"`
	DeactivatedCount *int      `json:"deactivatedCount,omitempty" tstype:"number | undefined"`
	Refused          []Refusal `json:"refused"`
	TotalRequested   int       `json:"totalRequested"`
}

// PoolsActivated answers the opening of a week's or the season's pools: how many opened, of how many, and
// each pool refused with its reason; the week-wide call names its league and week.
type PoolsActivated struct {
	ActivatedCount int       `json:"activatedCount"`
	LeagueID       int64     `json:"leagueId,omitempty" tstype:"number | undefined"`
	Refused        []Refusal `json:"refused"`
	TotalPools     int       `json:"totalPools"`
	Week           string    `json:"week,omitempty" tstype:"string | undefined"`
}

// EmergencyPools answers the creation of a week's missing pools: how many were created, for how many
// games.
type EmergencyPools struct {
	GameCount  int    `json:"gameCount"`
	LeagueID   int64  `json:"leagueId"`
	TotalPools int    `json:"totalPools"`
	Week       string `json:"week"`
}
