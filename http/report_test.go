package http_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPoolReportAPI: a $5 pool sold by card to 20 players, one of them named "=Eve" (a formula to a
// spreadsheet), captured and played to completed. Anyone reads its report as JSON and as CSV: the totals
// are the ledger's (500.00 in, the 10% fee, 450.00 of prizes, nothing in escrow), the CSV is RFC 4180
// with a header, money as "5.00", and the formula made text. A private or draft pool is 404 to a visitor
// and a bad id 400.
func TestPoolReportAPI(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startAPI(t, engine)
		g, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		pool := pools[2]
		s.activate(t, pool)
		_, private := s.privatePoolOf(t, g)
		_, other := s.game(t, "W12", time.Now().Add(96*time.Hour))
		draft := other[1]
		for i := range squares.SquaresPerPool / 5 {
			first := fmt.Sprintf("Player%d", i)
			if i == 0 {
				first = "=Eve"
			}
			u := &squares.User{Email: fmt.Sprintf("report%d-%s@example.com", i, engine), PasswordHash: "x", FirstName: first,
				LastName: "Stone", DateOfBirth: "1990-01-01", ResidenceState: "NY", ResidenceCountry: "US",
				IsAgeVerified: true, IsEligibleToBet: true}
			if err := s.db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			var cells []squares.Cell
			for c := 5 * i; c < 5*i+5; c++ {
				cells = append(cells, squares.Cell{Row: c / 10, Column: c % 10})
			}
			pay, err := s.db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_rep_%d", i), Provider: "sandbox", User: u,
				PoolID: pool.ID, Cells: cells, Amount: 5 * pool.EntryFee})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.db.ConfirmPayment(ctx, pay.ID, &squares.ProviderPayment{ID: "pi_" + pay.ID,
				Status: squares.ProviderRequiresCapture, Amount: pay.Amount, Currency: squares.Currency}, squares.Eligibility{}); err != nil {
				t.Fatal(err)
			}
			if err := s.db.MarkCaptured(ctx, pay.ID); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range []squares.ScoreUpdate{{Quarter: 1, Status: "live"}, {HomeScore: 7, Quarter: 2, Status: "2q"},
			{HomeScore: 7, AwayScore: 3, Quarter: 3, Status: "3q"}, {HomeScore: 14, AwayScore: 3, Quarter: 4, Status: "4q"},
			{HomeScore: 14, AwayScore: 10, Status: "ft"}} {
			if _, err := s.db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		visitor := s.client(t)
		var rep reportJSON
		visitor.get(fmt.Sprintf("/api/pools/%d/report", pool.ID)).want(http.StatusOK).decode(&rep)
		want := reportTotals{MoneyIn: "500.00", Held: "0.00", Fee: "50.00", Prizes: "450.00", Refunds: "0.00", InEscrow: "0.00",
			PaidOut: "0.00", Forfeited: "0.00", StillOwed: "450.00", HostReceived: "0.00"}
		if rep.Pool.ID != pool.ID || rep.Pool.Status != squares.PoolCompleted || rep.Pool.EntryFee != "5.00" || rep.Totals != want {
			t.Fatalf("report %+v totals %+v", rep.Pool, rep.Totals)
		}
		if len(rep.Squares) != 100 || len(rep.Players) != 20 || len(rep.Awards) != 4 || rep.Awards[3].Name != "Final" ||
			rep.Awards[3].AwayScore != 10 || rep.Awards[3].HomeScore != 14 || rep.Awards[0].Prize == nil || *rep.Awards[0].Prize != squares.PrizeUnclaimed {
			t.Fatalf("%d squares, %d players, awards %+v", len(rep.Squares), len(rep.Players), rep.Awards)
		}
		rec, err := s.db.ReadPoolRecord(ctx, pool.ID, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Squares[0].Name != "=Eve S." || rep.Squares[0].Price != "5.00" || rep.Record.Seq != rec.Seq || rep.Record.Head != rec.Head {
			t.Fatalf("square %+v record %+v", rep.Squares[0], rep.Record)
		}
		if len(rec.Checkpoints) > 0 && (rep.Record.Checkpoint == nil || *rep.Record.Checkpoint != rec.Checkpoints[len(rec.Checkpoints)-1]) {
			t.Fatalf("checkpoint %+v, want the record's last", rep.Record.Checkpoint)
		}

		r := visitor.get(fmt.Sprintf("/api/pools/%d/report.csv", pool.ID)).want(http.StatusOK)
		if ct, cd := r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"); ct != "text/csv; charset=utf-8" ||
			cd != fmt.Sprintf(`attachment; filename="pool-%d-report.csv"`, pool.ID) {
			t.Fatalf("content type %q, disposition %q", ct, cd)
		}
		rows, err := csv.NewReader(bytes.NewReader(r.Body)).ReadAll()
		if err != nil {
			t.Fatalf("CSV: %v", err)
		}
		if strings.Join(rows[0], ",") != "section,item,value,row,column,player,squares,amount,held,refunded,won,status,at" {
			t.Fatalf("header %v", rows[0])
		}
		sections := map[string]int{}
		totals := map[string]string{}
		for _, row := range rows[1:] {
			sections[row[0]]++
			if row[0] == "total" {
				totals[row[1]] = row[7]
			}
			if row[0] == "square" && row[3] == "1" && row[4] == "1" && (row[5] != "'=Eve S." || row[7] != "5.00") {
				t.Fatalf("first square %v: the name must not be a formula", row)
			}
			for _, cell := range row {
				if strings.HasPrefix(cell, "=") {
					t.Fatalf("a formula in %v", row)
				}
			}
		}
		if sections["square"] != 100 || sections["player"] != 20 || sections["award"] != 4 || sections["record"] != 1+min(len(rec.Checkpoints), 1) {
			t.Fatalf("sections %v", sections)
		}
		if totals["Money in"] != "500.00" || totals["Fee"] != "50.00" || totals["Prizes"] != "450.00" ||
			totals["In escrow"] != "0.00" || totals["Still owed"] != "450.00" {
			t.Fatalf("totals %v", totals)
		}

		// A private pool is its members' only, a draft admins' only; a bad id is refused.
		for _, path := range []string{"/api/pools/%d/report", "/api/pools/%d/report.csv"} {
			visitor.get(fmt.Sprintf(path, private.Pool.ID)).wantError(http.StatusNotFound, squares.ENOTFOUND, "Pool not found.")
			visitor.get(fmt.Sprintf(path, draft.ID)).wantError(http.StatusNotFound, squares.ENOTFOUND, "Pool not found.")
			visitor.get(fmt.Sprintf(path, 999_999)).wantError(http.StatusNotFound, squares.ENOTFOUND, "Pool not found.")
			s.admin(t).get(fmt.Sprintf(path, draft.ID)).want(http.StatusOK)
		}
		visitor.get("/api/pools/x/report").wantError(http.StatusBadRequest, squares.EINVALID, "Invalid id: must be a positive number.", "id", "Invalid id: must be a positive number.")
		visitor.get("/api/pools/0/report.csv").wantError(http.StatusBadRequest, squares.EINVALID, "Invalid id: must be a positive number.", "id", "Invalid id: must be a positive number.")
	})
}

// reportJSON is the report as a client reads it, money as the strings the API writes.
type reportJSON struct {
	Pool struct {
		ID       int64  `json:"id"`
		Status   string `json:"status"`
		EntryFee string `json:"entryFee"`
	} `json:"pool"`
	Squares []struct {
		Row, Column int
		Owner, Name string
		Price       string `json:"price"`
	} `json:"squares"`
	Players []struct{ Owner, Name, Paid, Won string } `json:"players"`
	Awards  []struct {
		Name                 string
		HomeScore, AwayScore int
		Amount               string
		Prize                *string
	} `json:"awards"`
	Totals reportTotals `json:"totals"`
	Record struct {
		Seq        int64                     `json:"seq"`
		Head       string                    `json:"head"`
		Checkpoint *squares.RecordCheckpoint `json:"checkpoint"`
	} `json:"record"`
}

type reportTotals struct {
	MoneyIn, Held, Fee, Prizes, Refunds, InEscrow, PaidOut, Forfeited, StillOwed, HostReceived string
}
