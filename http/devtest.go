package http

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/squaresapp/squares"
)

// The developer test page's calls (admin-side.md section 7, "Test calls"). routes registers them only in
// development mode; elsewhere their paths are unknown calls (404).

type testPaymentIntentRequest struct {
	Amount json.RawMessage `json:"amount" text:"max=32"`
}

// handleTestPaymentIntent creates a provider payment tied to no squares, for the payment test page: the
// page confirms it with a test card (POST /api/sandbox/payments/{id}/confirm) and sees the provider's
// status. It moves no money in the books; an uncaptured sandbox hold lapses after 7 days.
func (s *Server) handleTestPaymentIntent(w http.ResponseWriter, r *http.Request) {
	var req testPaymentIntentRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	amount, err := squares.ParseDollarsJSON(req.Amount)
	switch {
	case err != nil:
		s.Error(w, r, squares.FieldError("amount", "Amount must be a number of dollars, such as 10 or \"10.00\"."))
		return
	case amount <= 0:
		s.Error(w, r, squares.FieldError("amount", "Amount must be positive."))
		return
	}
	key := make([]byte, 12)
	rand.Read(key)
	u := userFrom(r.Context())
	pp, err := s.Escrow.Provider.Create(r.Context(), squares.PaymentRequest{Amount: amount, Currency: squares.Currency,
		Description: "Squares payment test", IdempotencyKey: "test:" + hex.EncodeToString(key),
		Metadata: map[string]string{"test": "true", "user_id": strconv.FormatInt(u.ID, 10)}})
	if err != nil {
		s.Logger.Warn("test payment intent", "err", err)
		s.Error(w, r, squares.Errorf(squares.EUNPROCESSABLE, "The payment could not be started. Please try again."))
		return
	}
	writeJSON(w, http.StatusCreated, TestPaymentIntent{ClientSecret: pp.ClientSecret, PaymentIntentID: pp.ID,
		Amount: pp.Amount, Currency: pp.Currency, Status: pp.Status, Provider: s.Escrow.Provider.Name()})
}

// TestPaymentIntent answers a test payment started at the provider (development mode).
type TestPaymentIntent struct {
	Amount          squares.Cents `json:"amount"`
	ClientSecret    string        `json:"clientSecret"`
	Currency        string        `json:"currency"`
	PaymentIntentID string        `json:"paymentIntentId"`
	Provider        string        `json:"provider"`
	Status          string        `json:"status"`
}

// TestHoldsReleased answers the release of a test pool's holds (development mode).
type TestHoldsReleased struct {
	Message  string `json:"message"`
	PoolID   int64  `json:"poolId"`
	Released int    `json:"released"`
	Success  bool   `json:"success"`
}

// isOwnTestPayment reports whether a sandbox payment is a test payment the signed-in user created with
// handleTestPaymentIntent (development mode only), so that the sandbox card form may confirm it.
func (s *Server) isOwnTestPayment(r *http.Request, providerID string) bool {
	if !s.Config.Dev || s.Sandbox == nil {
		return false
	}
	pp, err := s.Sandbox.Get(r.Context(), providerID)
	return err == nil && pp.Metadata["test"] == "true" &&
		pp.Metadata["user_id"] == strconv.FormatInt(viewerID(r.Context()), 10)
}

type testPoolRequest struct {
	PoolID flexInt `json:"poolId"`
}

func (s *Server) decodeTestPool(w http.ResponseWriter, r *http.Request) (int64, bool) {
	var req testPoolRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return 0, false
	}
	if req.PoolID <= 0 {
		s.Error(w, r, squares.FieldError("poolId", "A valid pool id is required."))
		return 0, false
	}
	return int64(req.PoolID), true
}

// handleTestReleaseEscrow cancels the uncaptured holds of a pool (the pool stays as it is).
func (s *Server) handleTestReleaseEscrow(w http.ResponseWriter, r *http.Request) {
	poolID, ok := s.decodeTestPool(w, r)
	if !ok {
		return
	}
	n, err := s.Escrow.ReleaseHolds(r.Context(), poolID)
	if code := squares.ErrorCode(err); code != "" && code != squares.EINTERNAL {
		s.Error(w, r, err)
		return
	} else if err != nil {
		// The provider failed for some payments: they stay held; calling again retries them.
		s.Logger.Warn("release escrow", "pool", poolID, "err", err)
		s.Error(w, r, squares.Errorf(squares.EUNPROCESSABLE,
			"%d payment(s) released; the provider did not release the others. Please try again.", n))
		return
	}
	writeJSON(w, http.StatusOK, TestHoldsReleased{Success: true, PoolID: poolID, Released: n,
		Message: strconv.Itoa(n) + " payment(s) released."})
}

// handleTestRefundEscrow cancels a pool and returns its money, as POST /api/pools/{id}/refund does.
func (s *Server) handleTestRefundEscrow(w http.ResponseWriter, r *http.Request) {
	if poolID, ok := s.decodeTestPool(w, r); ok {
		s.refundPool(w, r, poolID)
	}
}
