package http

import (
	"cmp"
	"time"

	"net/http"
	"strings"

	"github.com/squaresapp/squares"
)

// scoreRequest is a manual score update: an admin's (correction allowed) or the simulator's (gameId).
type scoreRequest struct {
	GameID     flexInt `json:"gameId"`
	HomeScore  *int    `json:"homeScore"`
	AwayScore  *int    `json:"awayScore"`
	Quarter    *int    `json:"quarter"`
	Status     string  `json:"status" text:"max=32"`
	Correction bool    `json:"correction"`
}

// update checks that the request carries both scores and a status and returns it as a score update.
func (req scoreRequest) update() (squares.ScoreUpdate, error) {
	var v squares.Validation
	if req.HomeScore == nil {
		v.Add("homeScore", "Home score is required")
	}
	if req.AwayScore == nil {
		v.Add("awayScore", "Away score is required")
	}
	if strings.TrimSpace(req.Status) == "" {
		v.Add("status", "Status is required")
	}
	if err := v.Err(); err != nil {
		return squares.ScoreUpdate{}, err
	}
	u := squares.ScoreUpdate{HomeScore: *req.HomeScore, AwayScore: *req.AwayScore, Status: req.Status,
		Correction: req.Correction}
	if req.Quarter != nil {
		u.Quarter = *req.Quarter
	}
	return u, nil
}

// ScoreUpdate answers an admin's score entry: the game, whether it changed, the periods it ended and
// their winners, and the pools cancelled or decided as the game started.
type ScoreUpdate struct {
	CancelledPools []int64            `json:"cancelledPools" tstype:"number[] | null"`
	Changed        bool               `json:"changed"`
	Decisions      []squares.Decision `json:"decisions"`
	EndedPeriods   []PeriodScore      `json:"endedPeriods"`
	Game           *Game              `json:"game"`
	Winners        []Winner           `json:"winners"`
}

// PeriodScore is a period's end score.
type PeriodScore struct {
	Period      int    `json:"period"`
	PeriodLabel string `json:"periodLabel"`
	HomeScore   int    `json:"homeScore"`
	AwayScore   int    `json:"awayScore"`
}

// Winner is a period's winning square of a pool.
type Winner struct {
	PoolID      int64   `json:"poolId"`
	Period      int     `json:"period"`
	PeriodLabel string  `json:"periodLabel"`
	HomeScore   int     `json:"homeScore"`
	AwayScore   int     `json:"awayScore"`
	Row         int     `json:"row"`
	Column      int     `json:"column"`
	UserID      *string `json:"userId"`
	// GuestID is the guest of a host pool whose square won (userId null then); absent otherwise.
	GuestID   *int64        `json:"guestId,omitempty" tstype:"number | undefined"`
	FirstName string        `json:"firstName"`
	Amount    squares.Cents `json:"amount"`
	Status    string        `json:"status"`
	// PaidAt is when the host of a host-collected pool marked the prize paid (status host_paid); absent
	// otherwise.
	PaidAt *time.Time `json:"paidAt,omitempty" tstype:"string | undefined"`
	// Kind is the prize's kind: a period's winner, its reverse winner, or a score change's winner.
	Kind string `json:"kind" tstype:"'period' | 'reverse' | 'score'"`
	// Award is the prize's key, unique in the pool: "period:Q1", "reverse:FINAL", "score:7" (the game's
	// 7th score change), "period:FINAL:2,3" (a share of the final on a board played unfilled).
	Award string `json:"award"`
	// Name names it as screens do: "Q1", "Reverse Q1", "Score 14-7" (away-home).
	Name string `json:"name"`
}

func toWinnerJSON(w *squares.Winner, periods int) Winner {
	out := Winner{PoolID: w.PoolID, Period: w.Period, PeriodLabel: squares.PeriodLabel(w.Period, periods),
		HomeScore: w.HomeScore, AwayScore: w.AwayScore, Row: w.Row, Column: w.Column,
		FirstName: w.FirstName, Amount: w.Amount, Status: w.Status, PaidAt: w.PaidAt,
		Kind: cmp.Or(w.Kind, squares.AwardPeriod), Award: w.Award, Name: w.NameIn(periods)}
	if w.Label != "" {
		out.PeriodLabel = w.Label
	}
	user := itoa(w.UserID)
	switch {
	case w.UserID == 0 && w.GuestID != 0:
		guest := w.GuestID
		out.GuestID = &guest
		return out
	case w.UserID == 0:
		user, out.FirstName = squares.HouseUserID, "House"
	}
	out.UserID = &user
	return out
}

// handleAdminScore is an admin's score entry for a game: POST /api/admin/games/{id}/score.
func (s *Server) handleAdminScore(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req scoreRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	s.applyScore(w, r, id, req)
}

// handleSimulateScore is the developer test call POST /api/simulate-score-update {gameId, homeScore,
// awayScore, quarter, status?}: an admin's score entry without corrections, in development mode only. The
// spec's call sends no status: the game is then live.
func (s *Server) handleSimulateScore(w http.ResponseWriter, r *http.Request) {
	var req scoreRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.GameID <= 0 {
		s.Error(w, r, squares.FieldError("gameId", "Please enter a game ID"))
		return
	}
	req.Correction = false
	if strings.TrimSpace(req.Status) == "" {
		req.Status = squares.GameLive
	}
	s.applyScore(w, r, int64(req.GameID), req)
}

// applyScore applies the update, then cancels (and refunds, through the escrow) the pools of a game
// that was called off, and answers the game, the periods ended, the winners recorded and the pools
// cancelled.
func (s *Server) applyScore(w http.ResponseWriter, r *http.Request, gameID int64, req scoreRequest) {
	u, err := req.update()
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if s.Applier == nil {
		s.Error(w, r, squares.Errorf(squares.EUNAVAILABLE, "Scores cannot be entered on this server."))
		return
	}
	out, err := s.Applier.Apply(r.Context(), gameID, u)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if len(out.Decisions) > 0 {
		// The game started with pools undecided: return and capture their money now, as an admin's decision does.
		s.runEscrowPass(r.Context())
	}
	periods := (&squares.League{ID: out.Game.LeagueID}).Periods()
	ended := []PeriodScore{}
	for _, p := range out.Ended {
		ended = append(ended, PeriodScore{Period: p.Period, PeriodLabel: squares.PeriodLabel(p.Period, periods),
			HomeScore: p.Home, AwayScore: p.Away})
	}
	winners := []Winner{}
	for i := range out.Winners {
		winners = append(winners, toWinnerJSON(&out.Winners[i], periods))
	}
	decisions := out.Decisions
	if decisions == nil {
		decisions = []squares.Decision{}
	}
	writeJSON(w, http.StatusOK, ScoreUpdate{Game: toGameJSON(out.Game), Changed: out.Changed,
		EndedPeriods: ended, Winners: winners, CancelledPools: out.CancelledPools, Decisions: decisions})
}

// handleListWinners lists a pool's winners by period: GET /api/pools/{id}/winners, public, for a pool
// the viewer may see.
func (s *Server) handleListWinners(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ws, err := s.Store.ListWinners(r.Context(), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := []Winner{}
	for _, wn := range ws {
		out = append(out, toWinnerJSON(wn, len(p.PayoutSchedule)))
	}
	writeJSON(w, http.StatusOK, out)
}
