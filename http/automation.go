package http

import (
	"context"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
)

// analysisWindow is how far ahead the cancellation analysis looks: pools decided within the next day.
const analysisWindow = 24 * time.Hour

// handleCancellationAnalysis lists, for admins, the final decision every pool not yet decided would get
// now, for pools whose decision is due or falls within the next 24 hours, soonest first.
func (s *Server) handleCancellationAnalysis(w http.ResponseWriter, r *http.Request) {
	pending, err := s.Store.ListUndecidedPools(r.Context(), s.Now().Add(analysisWindow))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ids := make([]int64, 0, len(pending))
	for _, in := range pending {
		ids = append(ids, in.PoolID)
	}
	names, err := s.poolNames(r.Context(), ids)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]PoolDecision, 0, len(pending))
	for _, in := range pending {
		out = append(out, PoolDecision{Decision: squares.Decide(in), NamedPool: names[in.PoolID]})
	}
	writeJSON(w, http.StatusOK, out)
}

// PoolDecision is a pool's final decision with the pool named (its name and game).
type PoolDecision struct {
	squares.Decision `tstype:",extends"`
	NamedPool        `tstype:",extends"`
}

// LoggedDecision is a decision as logged, with the pool named.
type LoggedDecision struct {
	squares.Decision `tstype:",extends"`
	DecidedAt        time.Time `json:"decidedAt"`
	DecidedBy        string    `json:"decidedBy" tstype:"'automation' | 'admin'"`
	NamedPool        `tstype:",extends"`
}

// handleDecisions lists, for admins, the pools' final decisions as logged, latest first.
func (s *Server) handleDecisions(w http.ResponseWriter, r *http.Request) {
	logged, err := s.Store.ListDecisions(r.Context(), 200)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ids := make([]int64, 0, len(logged))
	for _, d := range logged {
		ids = append(ids, d.PoolID)
	}
	names, err := s.poolNames(r.Context(), ids)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]LoggedDecision, 0, len(logged))
	for _, d := range logged {
		out = append(out, LoggedDecision{Decision: d.Decision, DecidedAt: d.DecidedAt, DecidedBy: d.DecidedBy, NamedPool: names[d.PoolID]})
	}
	writeJSON(w, http.StatusOK, out)
}

// handleCancelPool is an admin's cancellation of a pool, with a reason (1 to 500 characters); its money
// is returned at once (holds released, captures refunded), or by the escrow's next pass.
func (s *Server) handleCancelPool(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		Reason string `json:"reason" text:"max=500,multiline"`
	}
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.Reason, err = squares.CheckCancelReason(req.Reason); err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.Store.CancelPool(r.Context(), id, req.Reason)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.Logger.Info("pool cancelled by an admin", "pool", id, "reason", req.Reason)
	s.runEscrowPass(r.Context())
	writeJSON(w, http.StatusOK, PoolDecided{Success: true, Pool: toPoolJSON(p, userFrom(r.Context()))})
}

// PoolDecided answers an admin's decision on a pool: the pool as it now is.
type PoolDecided struct {
	Pool    Pool `json:"pool"`
	Success bool `json:"success"`
}

// handleHouseFill is an admin's house fill: squaresNeeded must be the number of squares still free (409
// when the pool changed since the admin looked); the house takes them all and the pool is drawn.
func (s *Server) handleHouseFill(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		SquaresNeeded int `json:"squaresNeeded"`
	}
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := squares.CheckSquaresNeeded(req.SquaresNeeded); err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.Store.HouseFill(r.Context(), id, req.SquaresNeeded)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.Logger.Info("pool house-filled by an admin", "pool", id, "houseSquares", req.SquaresNeeded)
	s.runEscrowPass(r.Context())
	writeJSON(w, http.StatusOK, PoolDecided{Success: true, Pool: toPoolJSON(p, userFrom(r.Context()))})
}

// runEscrowPass runs an escrow pass after a decision so that holds are captured, released or refunded
// now; what the provider does not do is retried by the escrow.
func (s *Server) runEscrowPass(ctx context.Context) {
	if s.Escrow == nil {
		return
	}
	if err := s.Escrow.RunOnce(ctx); err != nil {
		s.Logger.Warn("escrow after an admin's decision", "err", err)
	}
}

// handleRunAutomation runs one pass of the server's automation now and answers the decisions it made; a
// server without one (cmd/squares always gives it one) answers 503.
func (s *Server) handleRunAutomation(w http.ResponseWriter, r *http.Request) {
	if s.Automation == nil {
		s.Error(w, r, squares.Errorf(squares.EUNAVAILABLE, "The automation does not run on this server."))
		return
	}
	ds, err := s.Automation.RunOnce(r.Context())
	if ds == nil {
		ds = []squares.Decision{}
	}
	if err != nil {
		s.Logger.Warn("automation pass by an admin", "err", err)
		message := squares.ErrorMessage(err)
		writeJSON(w, http.StatusOK, AutomationRun{Decisions: ds, Error: &message})
		return
	}
	writeJSON(w, http.StatusOK, AutomationRun{Decisions: ds})
}

// AutomationRun answers an automation pass run by an admin: the decisions it made, and the error that
// stopped it, if one did.
type AutomationRun struct {
	Decisions []squares.Decision `json:"decisions"`
	Error     *string            `json:"error,omitempty" tstype:"string | undefined"`
}
