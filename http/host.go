package http

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// HostPayment is one entry of a host pool's payment record: money the host received from a player, or a
// correction (corrects: the id of the entry it cancels, with the opposite amount). correctedBy is the id
// of the correction that cancels this entry, null while none does.
type HostPayment struct {
	ID          int64         `json:"id"`
	UserID      *int64        `json:"userId"`
	GuestID     *int64        `json:"guestId"`
	Amount      squares.Cents `json:"amount"`
	Note        string        `json:"note"`
	At          time.Time     `json:"at"`
	Corrects    *int64        `json:"corrects"`
	CorrectedBy *int64        `json:"correctedBy"`
}

func toHostPaymentJSON(e *squares.HostPayment) HostPayment {
	return HostPayment{ID: e.ID, UserID: optionalID(e.UserID), GuestID: optionalID(e.GuestID), Amount: e.Amount,
		Note: e.Note, At: e.At, Corrects: optionalID(e.Corrects), CorrectedBy: optionalID(e.CorrectedBy)}
}

// PlayerAccount is one player of a host pool as its host sees them: a member (userId) or a guest
// (guestId), the squares they own, what they owe (the entry fee of each), what they paid and the balance
// (owed minus paid), with every entry of theirs, oldest first.
type PlayerAccount struct {
	UserID  *int64        `json:"userId"`
	GuestID *int64        `json:"guestId"`
	Name    string        `json:"name"`
	Squares int           `json:"squares"`
	Owed    squares.Cents `json:"owed"`
	Paid    squares.Cents `json:"paid"`
	Balance squares.Cents `json:"balance"`
	Entries []HostPayment `json:"entries"`
}

// HostPayments answers GET /api/pools/{id}/payments: every player's account.
type HostPayments struct {
	Players []PlayerAccount `json:"players"`
}

func toPlayerAccountsJSON(bs []squares.PlayerBalance) HostPayments {
	out := HostPayments{Players: make([]PlayerAccount, 0, len(bs))}
	for _, b := range bs {
		a := PlayerAccount{UserID: optionalID(b.UserID), GuestID: optionalID(b.GuestID), Name: b.Name, Squares: b.Squares,
			Owed: b.Owed, Paid: b.Paid, Balance: b.Balance, Entries: make([]HostPayment, 0, len(b.Entries))}
		for _, e := range b.Entries {
			a.Entries = append(a.Entries, toHostPaymentJSON(e))
		}
		out.Players = append(out.Players, a)
	}
	return out
}

type paymentRequest struct {
	UserID  flexInt         `json:"userId"`
	GuestID flexInt         `json:"guestId"`
	Amount  json.RawMessage `json:"amount" text:"max=32"`
	Note    string          `json:"note" text:"max=200"`
}

// handleRecordPayment records money the host received: POST /api/pools/{id}/payments, host only.
func (s *Server) handleRecordPayment(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req paymentRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	amount, err := squares.ParseDollarsJSON(req.Amount)
	if err != nil {
		s.Error(w, r, squares.FieldError("amount", "The amount must be an amount of money such as \"30.00\"."))
		return
	}
	in := squares.PaymentInput{Player: squares.Player{UserID: int64(req.UserID), GuestID: int64(req.GuestID)},
		Amount: amount, Note: req.Note}
	e, err := s.Store.RecordPayment(r.Context(), userFrom(r.Context()), p.ID, in)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toHostPaymentJSON(e))
}

// handleCorrectPayment records the correction that cancels one payment: DELETE
// /api/pools/{id}/payments/{paymentId}, host only. The entry stays; the answer is the correction.
func (s *Server) handleCorrectPayment(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	id, err := pathID(r, "paymentId")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	e, err := s.Store.CorrectPayment(r.Context(), userFrom(r.Context()), p.ID, id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toHostPaymentJSON(e))
}

// handleListPayments answers every player's account: GET /api/pools/{id}/payments, host only.
func (s *Server) handleListPayments(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	bs, err := s.Store.ListPayments(r.Context(), userFrom(r.Context()), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPlayerAccountsJSON(bs))
}

// handleOwnBalance answers a member's own account in a host pool: GET /api/pools/{id}/payments/mine (what
// they owe the host, what the host recorded as paid, the balance and their entries).
func (s *Server) handleOwnBalance(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	b, err := s.Store.OwnBalance(r.Context(), userFrom(r.Context()), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPlayerAccountsJSON([]squares.PlayerBalance{b}).Players[0])
}

// paymentsCSVHeader is the header row of GET /api/pools/{id}/payments.csv.
var paymentsCSVHeader = []string{"name", "userId", "guestId", "squares", "owed", "paid", "balance", "notes"}

// handlePaymentsCSV answers the same accounts as a spreadsheet: GET /api/pools/{id}/payments.csv, host
// only. Every text a player or the host typed goes through squares.CSVCell, so that no cell is a formula.
func (s *Server) handlePaymentsCSV(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	bs, err := s.Store.ListPayments(r.Context(), userFrom(r.Context()), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	_ = cw.Write(paymentsCSVHeader)
	id := func(n int64) string {
		if n == 0 {
			return ""
		}
		return strconv.FormatInt(n, 10)
	}
	for _, b := range bs {
		var notes []string
		for _, e := range b.Entries {
			if e.Note != "" {
				notes = append(notes, e.Note)
			}
		}
		_ = cw.Write([]string{squares.CSVCell(b.Name), id(b.UserID), id(b.GuestID), strconv.Itoa(b.Squares),
			b.Owed.String(), b.Paid.String(), b.Balance.String(), squares.CSVCell(strings.Join(notes, "; "))})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		s.Error(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="pool-%d-payments.csv"`, p.ID))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

// HistoryActor is who did something in a pool: the account (null for the system) and its name as it was.
type HistoryActor struct {
	UserID *int64 `json:"userId"`
	Name   string `json:"name"`
}

// HistoryEntry is one thing done in a pool: who (actor), what (action, and summary in words, with the
// player it concerns), when (at).
type HistoryEntry struct {
	ID      int64        `json:"id"`
	At      time.Time    `json:"at"`
	Actor   HistoryActor `json:"actor"`
	Action  string       `json:"action"`
	Summary string       `json:"summary"`
	UserID  *int64       `json:"userId"`
	GuestID *int64       `json:"guestId"`
}

// PoolHistory answers GET /api/pools/{id}/history: the pool's entries, oldest first.
type PoolHistory struct {
	Entries []HistoryEntry `json:"entries"`
}

// handlePoolHistory answers what was done in a private pool: GET /api/pools/{id}/history, host only.
func (s *Server) handlePoolHistory(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	es, err := s.Store.ListPoolHistory(r.Context(), userFrom(r.Context()), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := PoolHistory{Entries: make([]HistoryEntry, 0, len(es))}
	for _, e := range es {
		out.Entries = append(out.Entries, HistoryEntry{ID: e.ID, At: e.At, Actor: HistoryActor{UserID: optionalID(e.ActorID),
			Name: e.ActorName}, Action: e.Action, Summary: e.Summary, UserID: optionalID(e.UserID), GuestID: optionalID(e.GuestID)})
	}
	writeJSON(w, http.StatusOK, out)
}

type assignRequest struct {
	UserID  flexInt        `json:"userId"`
	GuestID flexInt        `json:"guestId"`
	Squares []squares.Cell `json:"squares"`
	Random  flexInt        `json:"random"`
}

// Assigned answers an assignment: the squares given, and the pool after it.
type Assigned struct {
	Squares []Square `json:"squares"`
	Pool    Pool     `json:"pool"`
}

// handleAssign gives squares of a host pool to a member or a guest: POST /api/pools/{id}/assign
// {userId | guestId, squares: [{row, column}]} or {userId | guestId, random: N}, host only.
func (s *Server) handleAssign(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req assignRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	u := userFrom(r.Context())
	pl := squares.Player{UserID: int64(req.UserID), GuestID: int64(req.GuestID)}
	if err := squares.CheckPlayer(pl); err != nil {
		s.Error(w, r, err)
		return
	}
	res, err := s.Store.AssignSquares(r.Context(), store.Assignment{PoolID: p.ID, Actor: u, Player: pl,
		Cells: req.Squares, Random: int(req.Random)})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := Assigned{Squares: make([]Square, 0, len(res.Squares)), Pool: toPoolJSON(res.Pool, u)}
	for _, sq := range res.Squares {
		out.Squares = append(out.Squares, toSquareJSON(sq))
	}
	writeJSON(w, http.StatusCreated, out)
}

// TakenBack answers taking a square back: the square freed and the pool after it.
type TakenBack struct {
	Square squares.Cell `json:"square"`
	Pool   Pool         `json:"pool"`
}

// handleTakeBack frees a square of a host pool: DELETE /api/pools/{id}/squares/{row}/{col}, host only,
// before the draw.
func (s *Server) handleTakeBack(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var v squares.Validation
	row, err := strconv.Atoi(r.PathValue("row"))
	if err != nil || row < 0 || row >= squares.GridSize {
		v.Add("row", "Row must be a number from 0 to 9.")
	}
	col, err := strconv.Atoi(r.PathValue("col"))
	if err != nil || col < 0 || col >= squares.GridSize {
		v.Add("column", "Column must be a number from 0 to 9.")
	}
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	u := userFrom(r.Context())
	cell := squares.Cell{Row: row, Column: col}
	pool, err := s.Store.TakeBackSquare(r.Context(), u, p.ID, cell)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, TakenBack{Square: cell, Pool: toPoolJSON(pool, u)})
}

// handlePatchPool is PATCH /api/pools/{id}: an admin's change of status (handleSetPoolStatus, as it
// always was), or the host of a private pool changing its per-player limit {maxSquaresPerPlayer} until
// the first square is taken. Anyone else, and a player sending anything else, is refused as before: 403.
func (s *Server) handlePatchPool(w http.ResponseWriter, r *http.Request) {
	u := userFrom(r.Context())
	if u.HasAdminRole() {
		s.handleSetPoolStatus(w, r)
		return
	}
	forbidden := squares.Errorf(squares.EFORBIDDEN, "Admin access required.")
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, forbidden)
		return
	}
	var req map[string]json.RawMessage
	if err := decode(w, r, &req); err != nil || len(req) != 1 || req["maxSquaresPerPlayer"] == nil {
		s.Error(w, r, forbidden)
		return
	}
	var limit flexInt
	if err := json.Unmarshal(req["maxSquaresPerPlayer"], &limit); err != nil {
		s.Error(w, r, squares.FieldError("maxSquaresPerPlayer", "Must be a number from 1 to 25."))
		return
	}
	p, err := s.findVisiblePoolID(r.Context(), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out, err := s.Store.SetPoolLimit(r.Context(), u, p.ID, int(limit))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPoolJSON(out, u))
}
