package http

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// PoolReport is a pool's settlement report (GET /api/pools/{id}/report): every square's owner and price,
// every owner's money, each award's score, winner and prize, the claims, payouts and refunds, the record's
// head and last checkpoint, and the totals, which are the sums of the pool's ledger transactions.
type PoolReport struct {
	Pool        ReportPool     `json:"pool"`
	GeneratedAt time.Time      `json:"generatedAt"`
	Squares     []ReportSquare `json:"squares"`
	Players     []ReportPlayer `json:"players"`
	Awards      []ReportAward  `json:"awards"`
	Payouts     []ReportPayout `json:"payouts"`
	Refunds     []ReportRefund `json:"refunds"`
	Totals      ReportTotals   `json:"totals"`
	Record      ReportRecord   `json:"record"`
}

// ReportPool is what a report says of its pool.
type ReportPool struct {
	ID           int64         `json:"id"`
	Name         string        `json:"name"`
	Status       string        `json:"status"`
	AwayTeam     string        `json:"awayTeam"`
	HomeTeam     string        `json:"homeTeam"`
	GameDate     *time.Time    `json:"gameDate"`
	EntryFee     squares.Cents `json:"entryFee"`
	FeePercent   int64         `json:"feePercent"`
	Collection   string        `json:"collection" tstype:"'card' | 'host' | (string & {})"`
	Free         bool          `json:"free"`
	SquaresTaken int           `json:"squaresTaken"`
	GridSquares  int           `json:"gridSquares"`
}

// ReportSquare is an owned square: its owner (as the draw names them: a user id, "admin", "guest-{id}"),
// the owner's name as the board shows it, and its price.
type ReportSquare struct {
	Row    int           `json:"row"`
	Column int           `json:"column"`
	Owner  string        `json:"owner"`
	Name   string        `json:"name"`
	Price  squares.Cents `json:"price"`
}

// ReportPlayer is one owner's money in the pool: paid (captured by card, the house's stakes for its
// squares; in a host-collected pool what the host recorded as received), held on their card, refunded,
// and what their squares won.
type ReportPlayer struct {
	Owner    string        `json:"owner"`
	Name     string        `json:"name"`
	Squares  int           `json:"squares"`
	Paid     squares.Cents `json:"paid"`
	Held     squares.Cents `json:"held"`
	Refunded squares.Cents `json:"refunded"`
	Won      squares.Cents `json:"won"`
}

// ReportAward is one award: what was won, at what score, by which square and owner, the prize, the
// winner's status (credited, house, free, host_pays, host_paid) and the prize's (unclaimed,
// payout_pending, paid, forfeited; null for a win that is no player's prize).
type ReportAward struct {
	Award       string        `json:"award"`
	Name        string        `json:"name"`
	HomeScore   int           `json:"homeScore"`
	AwayScore   int           `json:"awayScore"`
	Row         int           `json:"row"`
	Column      int           `json:"column"`
	Owner       string        `json:"owner"`
	OwnerName   string        `json:"ownerName"`
	Amount      squares.Cents `json:"amount"`
	Status      string        `json:"status"`
	Prize       *string       `json:"prize"`
	CreditedAt  *time.Time    `json:"creditedAt"`
	ClaimedAt   *time.Time    `json:"claimedAt"`
	PaidAt      *time.Time    `json:"paidAt"`
	ForfeitedAt *time.Time    `json:"forfeitedAt"`
}

// ReportPayout is a prize claimed, paid out, forfeited, or marked paid by a host-collected pool's host.
type ReportPayout struct {
	Kind      string        `json:"kind" tstype:"'claim' | 'payout' | 'forfeit' | 'host_paid'"`
	Award     string        `json:"award"`
	Owner     string        `json:"owner"`
	OwnerName string        `json:"ownerName"`
	Amount    squares.Cents `json:"amount"`
	At        time.Time     `json:"at"`
}

// ReportRefund is a payment given back to its owner.
type ReportRefund struct {
	Owner     string        `json:"owner"`
	OwnerName string        `json:"ownerName"`
	Amount    squares.Cents `json:"amount"`
	At        time.Time     `json:"at"`
}

// ReportTotals are the pool's money as its ledger records it (moneyIn = fee + prizes + refunds + inEscrow),
// and, in a host-collected pool, what the host recorded as received (no money of it goes through Squares).
type ReportTotals struct {
	MoneyIn      squares.Cents `json:"moneyIn"`
	Held         squares.Cents `json:"held"`
	Fee          squares.Cents `json:"fee"`
	Prizes       squares.Cents `json:"prizes"`
	Refunds      squares.Cents `json:"refunds"`
	InEscrow     squares.Cents `json:"inEscrow"`
	PaidOut      squares.Cents `json:"paidOut"`
	Forfeited    squares.Cents `json:"forfeited"`
	StillOwed    squares.Cents `json:"stillOwed"`
	HostReceived squares.Cents `json:"hostReceived"`
}

// ReportRecord is the pool's record as the report was made: its last entry and the last checkpoint signed
// (null before any).
type ReportRecord struct {
	Seq        int64                     `json:"seq"`
	Head       string                    `json:"head"`
	Checkpoint *squares.RecordCheckpoint `json:"checkpoint"`
}

func toReportJSON(r *store.PoolReport, now time.Time) PoolReport {
	p := r.Pool
	out := PoolReport{GeneratedAt: now.UTC(), Squares: make([]ReportSquare, 0, len(r.Squares)),
		Players: make([]ReportPlayer, 0, len(r.Players)), Awards: make([]ReportAward, 0, len(r.Awards)),
		Payouts: make([]ReportPayout, 0, len(r.Payouts)), Refunds: make([]ReportRefund, 0, len(r.Refunds)),
		Record: ReportRecord{Seq: r.Pool.Record.Seq, Head: r.Pool.Record.Head, Checkpoint: r.Pool.Record.Checkpoint}}
	out.Pool = ReportPool{ID: p.ID, Name: p.Name, Status: p.Status, EntryFee: p.EntryFee, FeePercent: p.HouseFeePercent(),
		Collection: p.Collection, Free: p.IsFree(), SquaresTaken: p.SquaresTaken, GridSquares: p.GridSquares()}
	if out.Pool.Collection == "" {
		out.Pool.Collection = squares.CollectionCard
	}
	if p.Game != nil {
		d := p.Game.GameDate.UTC()
		out.Pool.AwayTeam, out.Pool.HomeTeam, out.Pool.GameDate = p.Game.AwayTeam, p.Game.HomeTeam, &d
	}
	for _, sq := range r.Squares {
		out.Squares = append(out.Squares, ReportSquare{Row: sq.Row, Column: sq.Column, Owner: store.OwnerID(sq),
			Name: squares.SquareOwnerName(sq), Price: sq.PurchasePrice})
	}
	for _, pl := range r.Players {
		out.Players = append(out.Players, ReportPlayer{Owner: pl.Owner, Name: pl.Name, Squares: pl.Squares, Paid: pl.Paid,
			Held: pl.Held, Refunded: pl.Refunded, Won: pl.Won})
	}
	for _, a := range r.Awards {
		j := ReportAward{Award: a.Award, Name: a.Name, HomeScore: a.HomeScore, AwayScore: a.AwayScore, Row: a.Row,
			Column: a.Column, Owner: a.Owner, OwnerName: a.OwnerName, Amount: a.Amount, Status: a.Status,
			CreditedAt: a.CreditedAt, ClaimedAt: a.ClaimedAt, PaidAt: a.PaidAt, ForfeitedAt: a.ForfeitAt}
		if a.Prize != "" {
			prize := a.Prize
			j.Prize = &prize
		}
		out.Awards = append(out.Awards, j)
	}
	for _, x := range r.Payouts {
		out.Payouts = append(out.Payouts, ReportPayout{Kind: x.Kind, Award: x.Award, Owner: x.Owner, OwnerName: x.OwnerName,
			Amount: x.Amount, At: x.At})
	}
	for _, f := range r.Refunds {
		out.Refunds = append(out.Refunds, ReportRefund{Owner: f.Owner, OwnerName: f.OwnerName, Amount: f.Amount, At: f.At})
	}
	t := r.Totals
	out.Totals = ReportTotals{MoneyIn: t.MoneyIn, Held: t.Held, Fee: t.Fee, Prizes: t.Prizes, Refunds: t.Refunds,
		InEscrow: t.InEscrow, PaidOut: t.PaidOut, Forfeited: t.Forfeited, StillOwed: t.StillOwed, HostReceived: r.HostReceived}
	return out
}

// poolReport reads the report of the pool in the path, for anyone who may see the pool (as its record).
func (s *Server) poolReport(r *http.Request) (PoolReport, error) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		return PoolReport{}, err
	}
	rep, err := s.Store.PoolReport(r.Context(), p.ID)
	if err != nil {
		return PoolReport{}, err
	}
	return toReportJSON(rep, s.now()), nil
}

// handlePoolReport answers a pool's settlement report: GET /api/pools/{id}/report.
func (s *Server) handlePoolReport(w http.ResponseWriter, r *http.Request) {
	rep, err := s.poolReport(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// reportCSVHeader is the header row of GET /api/pools/{id}/report.csv. Each row belongs to a section
// (pool, record, square, player, award, payout, refund, total) and fills the columns that section has.
var reportCSVHeader = []string{"section", "item", "value", "row", "column", "player", "squares", "amount", "held",
	"refunded", "won", "status", "at"}

// handlePoolReportCSV answers the report as a spreadsheet: GET /api/pools/{id}/report.csv, RFC 4180 with a
// header row, money as "12.50", squares' rows and columns counted from 1 as the board shows them, times in
// RFC 3339 UTC. Every name goes through squares.CSVCell, so that no cell is a formula.
func (s *Server) handlePoolReportCSV(w http.ResponseWriter, r *http.Request) {
	rep, err := s.poolReport(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	body, err := reportCSV(rep)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="pool-%d-report.csv"`, rep.Pool.ID))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}

func reportCSV(rep PoolReport) ([]byte, error) {
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	_ = cw.Write(reportCSVHeader)
	row := func(section string, cells map[string]string) {
		line := make([]string, len(reportCSVHeader))
		line[0] = section
		for i, col := range reportCSVHeader[1:] {
			line[i+1] = cells[col]
		}
		_ = cw.Write(line)
	}
	when := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	text := squares.CSVCell
	p := rep.Pool
	row("pool", map[string]string{"item": "Pool", "value": text(p.Name)})
	row("pool", map[string]string{"item": "Game", "value": text(squares.GameName(p.AwayTeam, p.HomeTeam)), "at": when(p.GameDate)})
	row("pool", map[string]string{"item": "Status", "status": p.Status})
	row("pool", map[string]string{"item": "Collection", "value": p.Collection})
	row("pool", map[string]string{"item": "Entry fee", "amount": p.EntryFee.String()})
	row("pool", map[string]string{"item": "Fee percent", "value": strconv.FormatInt(p.FeePercent, 10)})
	row("pool", map[string]string{"item": "Squares taken", "squares": strconv.Itoa(p.SquaresTaken), "value": strconv.Itoa(p.GridSquares)})
	row("pool", map[string]string{"item": "Report made", "at": when(&rep.GeneratedAt)})
	row("record", map[string]string{"item": "Head", "value": rep.Record.Head, "squares": strconv.FormatInt(rep.Record.Seq, 10)})
	if c := rep.Record.Checkpoint; c != nil {
		row("record", map[string]string{"item": "Last checkpoint", "value": c.Head, "squares": strconv.FormatInt(c.Seq, 10),
			"status": text(c.Reason), "at": c.At})
	}
	for _, sq := range rep.Squares {
		row("square", map[string]string{"row": strconv.Itoa(sq.Row + 1), "column": strconv.Itoa(sq.Column + 1),
			"player": text(sq.Name), "value": sq.Owner, "amount": sq.Price.String()})
	}
	for _, pl := range rep.Players {
		row("player", map[string]string{"player": text(pl.Name), "value": pl.Owner, "squares": strconv.Itoa(pl.Squares),
			"amount": pl.Paid.String(), "held": pl.Held.String(), "refunded": pl.Refunded.String(), "won": pl.Won.String()})
	}
	for _, a := range rep.Awards {
		status := a.Status
		if a.Prize != nil {
			status += " " + *a.Prize
		}
		score := fmt.Sprintf("%s %d, %s %d", p.AwayTeam, a.AwayScore, p.HomeTeam, a.HomeScore)
		row("award", map[string]string{"item": text(a.Name), "value": text(score), "row": strconv.Itoa(a.Row + 1),
			"column": strconv.Itoa(a.Column + 1), "player": text(a.OwnerName), "amount": a.Amount.String(), "status": status,
			"at": when(a.CreditedAt)})
	}
	for _, x := range rep.Payouts {
		row("payout", map[string]string{"item": x.Kind, "value": text(x.Award), "player": text(x.OwnerName),
			"amount": x.Amount.String(), "at": when(&x.At)})
	}
	for _, f := range rep.Refunds {
		row("refund", map[string]string{"player": text(f.OwnerName), "value": f.Owner, "amount": f.Amount.String(), "at": when(&f.At)})
	}
	t := rep.Totals
	for _, tot := range []struct {
		item   string
		amount squares.Cents
	}{{"Money in", t.MoneyIn}, {"Held on cards", t.Held}, {"Fee", t.Fee}, {"Prizes", t.Prizes}, {"Refunds", t.Refunds},
		{"In escrow", t.InEscrow}, {"Paid out", t.PaidOut}, {"Forfeited", t.Forfeited}, {"Still owed", t.StillOwed},
		{"Paid to the host", t.HostReceived}} {
		row("total", map[string]string{"item": tot.item, "amount": tot.amount.String()})
	}
	cw.Flush()
	return buf.Bytes(), cw.Error()
}
