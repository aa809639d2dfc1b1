package http

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// PoolExport is "Download my data": what Squares holds about the player, no password hash and no secret
// (session tokens, payment client secrets).
type PoolExport struct {
	ExportedAt       time.Time          `json:"exportedAt"`
	Profile          User               `json:"profile"`
	EmailPreferences EmailPreferences   `json:"emailPreferences"`
	Sessions         []AccountSession   `json:"sessions"`
	Squares          []ExportSquare     `json:"squares"`
	Payments         []ExportPayment    `json:"payments"`
	Prizes           []Prize            `json:"prizes"`
	Notifications    []UserNotification `json:"notifications"`
}

// ExportSquare is a square of the player, in the export of their data.
type ExportSquare struct {
	PoolID        int64         `json:"poolId"`
	PoolName      string        `json:"poolName"`
	Game          string        `json:"game"`
	GameDate      time.Time     `json:"gameDate"`
	Row           int           `json:"row"`
	Column        int           `json:"column"`
	PurchasePrice squares.Cents `json:"purchasePrice"`
	PurchasedAt   *time.Time    `json:"purchasedAt"`
	Status        string        `json:"status"`
}

// ExportPayment is a payment of the player, in the export of their data.
type ExportPayment struct {
	ID              string         `json:"id"`
	Provider        string         `json:"provider"`
	PaymentIntentID string         `json:"paymentIntentId"`
	PoolID          int64          `json:"poolId"`
	Amount          squares.Cents  `json:"amount"`
	Currency        string         `json:"currency"`
	Squares         []squares.Cell `json:"squares"`
	Status          string         `json:"status"`
	Message         string         `json:"message"`
	CreatedAt       time.Time      `json:"createdAt"`
	UpdatedAt       time.Time      `json:"updatedAt"`
}

func toExportJSON(d *store.UserData, profile User, current string, now time.Time) PoolExport {
	out := PoolExport{ExportedAt: now.UTC(), Profile: profile, EmailPreferences: EmailPreferences{OptOut: d.EmailOptOut},
		Sessions: toSessionsJSON(d.Sessions, current), Squares: []ExportSquare{}, Payments: []ExportPayment{},
		Prizes: []Prize{}, Notifications: toNotificationsJSON(d.Notifications)}
	for _, sq := range d.Squares {
		j := ExportSquare{PoolID: sq.PoolID, PoolName: sq.PoolName, Game: sq.AwayTeam + " @ " + sq.HomeTeam,
			GameDate: sq.GameDate, Row: sq.Row, Column: sq.Column, PurchasePrice: sq.PurchasePrice, Status: sq.State}
		if !sq.PurchasedAt.IsZero() {
			t := sq.PurchasedAt.UTC()
			j.PurchasedAt = &t
		}
		out.Squares = append(out.Squares, j)
	}
	for _, p := range d.Payments {
		out.Payments = append(out.Payments, ExportPayment{ID: p.ID, Provider: p.Provider, PaymentIntentID: p.ProviderPaymentID,
			PoolID: p.PoolID, Amount: p.Amount, Currency: p.Currency, Squares: p.Squares, Status: p.Status,
			Message: p.FailureMessage, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt})
	}
	for _, z := range d.Prizes {
		out.Prizes = append(out.Prizes, toPrizeJSON(z, now))
	}
	return out
}

// handleExport downloads what Squares holds about the signed-in player as a JSON file: GET /api/user/export
// (profile, e-mail choice, signed-in devices, squares, payments, prizes, notifications).
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	d, err := s.Store.ExportUser(r.Context(), viewerID(r.Context()))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	now := s.now()
	body, err := json.MarshalIndent(toExportJSON(d, s.ownUserJSON(d.User), s.sessionHash(r), now), "", "  ")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Disposition", `attachment; filename="squares-my-data-`+now.UTC().Format("2006-01-02")+`.json"`)
	w.WriteHeader(http.StatusOK)
	w.Write(append(body, '\n'))
}
