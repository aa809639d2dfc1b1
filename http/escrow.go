package http

import (
	"net/http"
	"time"

	"github.com/squaresapp/squares/store"
)

// EscrowFailure is an escrow step that keeps failing.
type EscrowFailure struct {
	PaymentID     string    `json:"paymentId"`
	PoolID        int64     `json:"poolId"`
	UserID        int64     `json:"userId"`
	Status        string    `json:"status"`
	Action        string    `json:"action"`
	Attempts      int       `json:"attempts"`
	LastError     string    `json:"lastError"`
	NextAttemptAt time.Time `json:"nextAttemptAt"`
	NamedPool     `tstype:",extends"`
}

func toWorkFailureJSON(f *store.WorkFailure, names map[int64]NamedPool) EscrowFailure {
	return EscrowFailure{PaymentID: f.PaymentID, PoolID: f.PoolID, UserID: f.UserID, Status: f.Status,
		Action: f.Action, Attempts: f.Attempts, LastError: f.LastError, NextAttemptAt: f.NextAttemptAt,
		NamedPool: names[f.PoolID]}
}

// handleEscrowFailures lists, for admins, the escrow's steps that keep failing (a payment the provider
// no longer knows, say) with their last error and when they are tried next.
func (s *Server) handleEscrowFailures(w http.ResponseWriter, r *http.Request) {
	fails, err := s.Store.ListWorkFailures(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ids := make([]int64, 0, len(fails))
	for _, f := range fails {
		ids = append(ids, f.PoolID)
	}
	names, err := s.poolNames(r.Context(), ids)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]EscrowFailure, 0, len(fails))
	for _, f := range fails {
		out = append(out, toWorkFailureJSON(f, names))
	}
	writeJSON(w, http.StatusOK, out)
}

// handleRetryEscrowFailure runs a failing escrow step now rather than at its next attempt, and answers
// the step as it stands after the pass (or `{resolved: true}` when it went through).
func (s *Server) handleRetryEscrowFailure(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("paymentId")
	if err := s.Store.RetryWorkNow(r.Context(), id); err != nil {
		s.Error(w, r, err)
		return
	}
	s.runEscrowPass(r.Context())
	f, err := s.Store.FindWorkFailure(r.Context(), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if f == nil {
		writeJSON(w, http.StatusOK, EscrowResolved{PaymentID: id, Resolved: true})
		return
	}
	names, err := s.poolNames(r.Context(), []int64{f.PoolID})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toWorkFailureJSON(f, names))
}

// EscrowResolved answers a retry that settled a payment's failed work: nothing is left failing.
type EscrowResolved struct {
	PaymentID string `json:"paymentId"`
	Resolved  bool   `json:"resolved"`
}
