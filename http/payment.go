package http

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
)

// cellJSON is a square chosen in the cart: row and column, and the price the browser shows (ignored: the
// server sets prices).
type cellJSON struct {
	Row    *int            `json:"row"`
	Column *int            `json:"column"`
	Price  json.RawMessage `json:"price,omitempty"`
}

// parseCells checks the chosen squares and returns them.
func parseCells(in []cellJSON) ([]squares.Cell, error) {
	if len(in) == 0 {
		return nil, squares.FieldError("squares", "Please select at least one square to purchase.")
	}
	out := make([]squares.Cell, 0, len(in))
	for _, c := range in {
		if c.Row == nil || c.Column == nil || !squares.ValidCell(*c.Row, *c.Column) {
			return nil, squares.FieldError("squares", "Each square needs a row and a column from 0 to 9.")
		}
		out = append(out, squares.Cell{Row: *c.Row, Column: *c.Column})
	}
	return out, nil
}

type escrowPaymentRequest struct {
	Amount json.RawMessage `json:"amount" text:"max=32"`
	PoolID flexInt         `json:"poolId"`
	// Squares may arrive as a list or as the JSON text of one (the checkout page's query parameter).
	Squares json.RawMessage `json:"squares" text:"max=8000,multiline"`
}

func (req *escrowPaymentRequest) parse() (int64, []squares.Cell, squares.Cents, error) {
	var v squares.Validation
	if req.PoolID <= 0 {
		v.Add("poolId", "A valid pool id is required.")
	}
	amount, err := squares.ParseDollarsJSON(req.Amount)
	switch {
	case err != nil:
		v.Add("amount", "Amount must be a number of dollars, such as 10 or \"10.00\".")
	case amount <= 0:
		v.Add("amount", "Amount must be positive.")
	}
	raw := req.Squares
	var text string
	if json.Unmarshal(raw, &text) == nil {
		raw = json.RawMessage(text)
	}
	var list []cellJSON
	if len(raw) == 0 || json.Unmarshal(raw, &list) != nil {
		v.Add("squares", "Squares must be a list of {row, column}.")
	}
	if err := v.Err(); err != nil {
		return 0, nil, 0, err
	}
	cells, err := parseCells(list)
	if err != nil {
		return 0, nil, 0, err
	}
	return int64(req.PoolID), cells, amount, nil
}

// handleCreateEscrowPayment holds the chosen squares for 10 minutes and starts the card payment.
func (s *Server) handleCreateEscrowPayment(w http.ResponseWriter, r *http.Request) {
	var req escrowPaymentRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	poolID, cells, amount, err := req.parse()
	if err != nil {
		s.Error(w, r, err)
		return
	}
	pay, err := s.Escrow.Checkout(r.Context(), userFrom(r.Context()), poolID, cells, amount)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, EscrowPayment{
		ClientSecret: pay.ClientSecret, PaymentIntentID: pay.ProviderPaymentID, PaymentID: pay.ID,
		Amount: pay.Amount, Currency: pay.Currency, Squares: pay.Squares, ExpiresAt: pay.HoldExpiresAt,
		Provider: pay.Provider,
	})
}

// EscrowPayment answers a checkout: the payment to complete at the provider and the squares it holds
// until expiresAt.
type EscrowPayment struct {
	Amount          squares.Cents  `json:"amount"`
	ClientSecret    string         `json:"clientSecret"`
	Currency        string         `json:"currency"`
	ExpiresAt       time.Time      `json:"expiresAt"`
	PaymentID       string         `json:"paymentId"`
	PaymentIntentID string         `json:"paymentIntentId"`
	Provider        string         `json:"provider" tstype:"'sandbox' | 'stripe' | (string & {})"`
	Squares         []squares.Cell `json:"squares" tstype:"Cell[] | null"`
}

type purchaseRequest struct {
	PoolID          flexInt    `json:"poolId"`
	Squares         []cellJSON `json:"squares"`
	PaymentIntentID string     `json:"paymentIntentId" text:"max=255"`
}

// handlePurchaseSquares confirms a checkout: the server asks the provider for the payment's status,
// amount and currency and gives the squares only when it is paid. Confirming twice gives them once.
func (s *Server) handlePurchaseSquares(w http.ResponseWriter, r *http.Request) {
	var req purchaseRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	req.PaymentIntentID = strings.TrimSpace(req.PaymentIntentID)
	if req.PaymentIntentID == "" || len(req.PaymentIntentID) > 255 {
		s.Error(w, r, squares.FieldError("paymentIntentId", "A payment id is required."))
		return
	}
	u := userFrom(r.Context())
	res, err := s.Escrow.Confirm(r.Context(), u, req.PaymentIntentID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if req.PoolID != 0 && int64(req.PoolID) != res.Payment.PoolID {
		s.Error(w, r, squares.FieldError("poolId", "This payment is for another pool."))
		return
	}
	out := make([]Square, 0, len(res.Squares))
	for _, sq := range res.Squares {
		out = append(out, toSquareJSON(sq))
	}
	writeJSON(w, http.StatusOK, Purchase{
		Success: true, Message: fmt.Sprintf("You've successfully claimed %d squares.", len(out)),
		Squares: out, Pool: toPoolJSON(res.Pool, u), PaymentStatus: res.Payment.Status,
		AlreadyConfirmed: res.Already,
	})
}

// Purchase answers a confirmed checkout: the squares now the player's and the pool with them.
type Purchase struct {
	AlreadyConfirmed bool     `json:"alreadyConfirmed"`
	Message          string   `json:"message"`
	PaymentStatus    string   `json:"paymentStatus"`
	Pool             Pool     `json:"pool"`
	Squares          []Square `json:"squares"`
	Success          bool     `json:"success"`
}

// SandboxConfirm answers a card entered in the sandbox: the payment's status, and why a card was refused.
type SandboxConfirm struct {
	Amount squares.Cents `json:"amount"`
	Error  *SandboxError `json:"error,omitempty" tstype:"SandboxError | undefined"`
	ID     string        `json:"id"`
	Status string        `json:"status"`
}

// SandboxError is why the sandbox refused a card.
type SandboxError struct {
	Message string `json:"message"`
}

type sandboxConfirmRequest struct {
	CardNumber string `json:"cardNumber" text:"max=32"`
	Expiry     string `json:"expiry" text:"max=16"`
	CVC        string `json:"cvc" text:"max=8"`
}

// handleSandboxConfirm plays the card form of the sandbox processor for the buyer's own payment.
func (s *Server) handleSandboxConfirm(w http.ResponseWriter, r *http.Request) {
	if s.Sandbox == nil {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "The sandbox card processor is not enabled."))
		return
	}
	id := r.PathValue("id")
	var req sandboxConfirmRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	pay, err := s.Store.FindPaymentByProviderID(r.Context(), id)
	if (err != nil || pay.UserID != viewerID(r.Context())) && !s.isOwnTestPayment(r, id) {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "Payment not found."))
		return
	}
	pp, err := s.Sandbox.Confirm(r.Context(), id, sandbox.Card{Number: req.CardNumber, Expiry: req.Expiry, CVC: req.CVC})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := SandboxConfirm{ID: pp.ID, Status: pp.Status, Amount: pp.Amount}
	if pp.LastError != "" {
		out.Error = &SandboxError{Message: pp.LastError}
	}
	writeJSON(w, http.StatusOK, out)
}

// Transaction is a movement of the player's money, as their history lists it.
//
//tygo:emit export type TransactionKind = 'hold' | 'release' | 'capture' | 'refund' | 'prize' | 'claim' | 'payout' | 'forfeit' | (string & {});
type Transaction struct {
	ID          int64         `json:"id"`
	Kind        string        `json:"kind" tstype:"TransactionKind"`
	Description string        `json:"description"`
	Amount      squares.Cents `json:"amount"`
	PoolID      *int64        `json:"poolId"`
	PoolName    string        `json:"poolName"`
	Game        string        `json:"game"`
	PaymentID   *string       `json:"paymentId"`
	Memo        string        `json:"memo"`
	CreatedAt   time.Time     `json:"createdAt"`
}

// transactionTexts describes each kind from the player's side, with the sign of the amount for them:
// money leaving their card is negative.
var transactionTexts = map[string]struct {
	text string
	sign squares.Cents
}{
	squares.LedgerHold:    {"Card hold for squares", -1},
	squares.LedgerCapture: {"Payment captured into escrow", 0},
	squares.LedgerRelease: {"Card hold released", 1},
	squares.LedgerRefund:  {"Payment refunded", 1},
	squares.LedgerPrize:   {"Prize won", 1},
	squares.LedgerClaim:   {"Prize claimed: payout requested", 0},
	squares.LedgerPayout:  {"Prize paid out", 0},
	squares.LedgerForfeit: {"Prize forfeited (unclaimed after 30 days)", -1},
	// Money that went back to the card outside Squares, which the house covers.
	squares.LedgerExternalRefund: {"Refunded by the payment provider", 1},
	squares.LedgerDispute:        {"Disputed with your card's issuer", 1},
	squares.LedgerDisputeWon:     {"Dispute decided for Squares", -1},
}

func (s *Server) handleUserTransactions(w http.ResponseWriter, r *http.Request) {
	txs, err := s.Store.ListUserTransactions(r.Context(), viewerID(r.Context()), 500)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]Transaction, 0, len(txs))
	for _, t := range txs {
		d := transactionTexts[t.Kind]
		j := Transaction{ID: t.ID, Kind: t.Kind, Description: d.text, Amount: t.Amount * d.sign,
			PoolName: t.PoolName, Memo: t.Memo, CreatedAt: t.CreatedAt}
		if d.text == "" {
			j.Description = t.Kind
		}
		if t.PoolID != 0 {
			j.PoolID = &t.PoolID
			j.Game = t.AwayTeam + " @ " + t.HomeTeam
		}
		if t.PaymentID != "" {
			j.PaymentID = &t.PaymentID
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}

// handleRefundPool cancels a pool and returns every payment: holds released, captures refunded.
func (s *Server) handleRefundPool(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.refundPool(w, r, id)
}

// refundPool answers a pool's cancellation with its money returned.
func (s *Server) refundPool(w http.ResponseWriter, r *http.Request, id int64) {
	p, err := s.Escrow.CancelPool(r.Context(), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, PoolRefunded{Success: true, Message: "Pool refunded successfully",
		Pool: toPoolJSON(p, userFrom(r.Context()))})
}

// PoolRefunded answers a pool's cancellation with its money returned: the pool as it now is.
type PoolRefunded struct {
	Message string `json:"message"`
	Pool    Pool   `json:"pool"`
	Success bool   `json:"success"`
}

// paymentViews lists a player's payments for the checkout page and My Pools.
func (s *Server) handleUserPayments(w http.ResponseWriter, r *http.Request) {
	pays, err := s.Store.ListUserPayments(r.Context(), viewerID(r.Context()))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]UserPayment, 0, len(pays))
	for _, p := range pays {
		out = append(out, paymentJSON(p))
	}
	writeJSON(w, http.StatusOK, out)
}

// UserPayment is a player's own payment; an open checkout carries its client secret (null otherwise) so
// that another tab can resume it.
//
//tygo:emit export type PaymentStatus = 'pending' | 'held' | 'captured' | 'released' | 'refunded' | 'failed' | (string & {});
type UserPayment struct {
	Amount          squares.Cents  `json:"amount"`
	ClientSecret    *string        `json:"clientSecret"`
	CreatedAt       time.Time      `json:"createdAt"`
	Currency        string         `json:"currency"`
	ExpiresAt       time.Time      `json:"expiresAt"`
	ID              string         `json:"id"`
	Message         string         `json:"message"`
	PaymentIntentID string         `json:"paymentIntentId"`
	PoolID          int64          `json:"poolId"`
	Squares         []squares.Cell `json:"squares" tstype:"Cell[] | null"`
	Status          string         `json:"status" tstype:"PaymentStatus"`
}

// paymentJSON shows a player their own payment.
func paymentJSON(p *squares.Payment) UserPayment {
	out := UserPayment{ID: p.ID, PaymentIntentID: p.ProviderPaymentID, PoolID: p.PoolID, Amount: p.Amount,
		Currency: p.Currency, Squares: p.Squares, Status: p.Status, Message: p.FailureMessage,
		ExpiresAt: p.HoldExpiresAt, CreatedAt: p.CreatedAt}
	if p.Status == squares.PaymentPending {
		out.ClientSecret = &p.ClientSecret
	}
	return out
}

// handleReleaseCheckout releases the player's own unpaid checkout (POST .../cancel) and frees its squares.
func (s *Server) handleReleaseCheckout(w http.ResponseWriter, r *http.Request) {
	pay, err := s.Escrow.ReleaseCheckout(r.Context(), userFrom(r.Context()), r.PathValue("id"))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, paymentJSON(pay))
}
