package http_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares/store/storetest"
)

func TestClaimSquare(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0], pools[2])
		free := fmt.Sprintf("/api/pools/%d/squares", pools[0].ID)
		cell := func(row, col int) map[string]int { return map[string]int{"row": row, "column": col} }

		s.client(t).post(free, cell(0, 0)).wantError(http.StatusUnauthorized, "unauthorized", "")
		admin := s.admin(t)
		admin.post(free, cell(0, 0)).wantError(http.StatusForbidden, "forbidden", "Admins cannot buy squares.")
		unverified, _ := s.register(t, "", "")
		unverified.post(free, cell(0, 0)).wantError(http.StatusForbidden, "forbidden", "Please verify your age before joining a pool.")

		ann, annUser := s.register(t, "1990-01-01", "NY")
		ann.post(free, cell(10, 0)).wantError(http.StatusBadRequest, "invalid", "Row must be a number from 0 to 9.",
			"row", "Row must be a number from 0 to 9.")
		ann.post(free, cell(0, -1)).wantError(http.StatusBadRequest, "invalid", "", "column", "Column must be a number from 0 to 9.")
		ann.post(free, map[string]int{}).wantError(http.StatusBadRequest, "invalid", "",
			"row", "Row must be a number from 0 to 9.", "column", "Column must be a number from 0 to 9.")
		ann.post(free, `{"row": "3", "column": 7}`).wantError(http.StatusBadRequest, "invalid", "")
		ann.post("/api/pools/abc/squares", cell(0, 0)).wantError(http.StatusBadRequest, "invalid", "")

		b := ann.post(free, cell(3, 7)).want(http.StatusCreated).obj()
		sq, p := b["square"].(map[string]any), b["pool"].(map[string]any)
		if sq["userId"] != annUser["id"] || num(t, sq["row"]) != 3 || num(t, sq["column"]) != 7 || sq["purchasePrice"] != "0.00" ||
			num(t, sq["poolId"]) != pools[0].ID || sq["user"].(map[string]any)["firstName"] != "Pat" {
			t.Errorf("claimed square = %v", sq)
		}
		if num(t, p["currentParticipants"]) != 1 || num(t, p["userSquareCount"]) != 1 || num(t, p["distinctPlayers"]) != 1 {
			t.Errorf("pool after the claim = %v", p)
		}

		// Somebody else's square.
		bo, _ := s.register(t, "1990-01-01", "NY")
		bo.post(free, cell(3, 7)).wantError(http.StatusConflict, "conflict", "This square is already owned by another player.")
		ann.post(free, cell(3, 7)).wantError(http.StatusConflict, "conflict", "")

		// Five per player.
		for col := range 4 {
			ann.post(free, cell(0, col)).want(http.StatusCreated)
		}
		ann.post(free, cell(9, 9)).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"You can only select 5 squares at a time. Remove a selected square first to select a different one.")
		bo.post(free, cell(9, 9)).want(http.StatusCreated)

		// Free pools need age verification only: a player where paid play is restricted may join.
		ut, _ := s.register(t, "1990-01-01", "UT")
		ut.post(free, cell(8, 8)).want(http.StatusCreated)

		// Paid squares are bought through checkout; drafts and unknown pools do not exist for players.
		ann.post(fmt.Sprintf("/api/pools/%d/squares", pools[2].ID), cell(0, 0)).wantError(http.StatusUnprocessableEntity,
			"unprocessable", "Squares in paid pools are bought through checkout.")
		ann.post(fmt.Sprintf("/api/pools/%d/squares", pools[1].ID), cell(0, 0)).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		ann.post("/api/pools/99999/squares", cell(0, 0)).wantError(http.StatusNotFound, "not_found", "Pool not found.")

		// What everyone reads back.
		sqs := s.client(t).get(free).want(http.StatusOK).list()
		if len(sqs) != 7 {
			t.Fatalf("%d squares listed, want 7", len(sqs))
		}
		if first := sqs[0]; num(t, first["row"]) != 0 || num(t, first["column"]) != 0 || first["userId"] != annUser["id"] {
			t.Errorf("squares are not in grid order: %v", first)
		}
		mine := ann.get("/api/user-pools").want(http.StatusOK).list()
		if len(mine) != 1 || num(t, mine[0]["userSquareCount"]) != 5 || num(t, mine[0]["currentParticipants"]) != 7 ||
			num(t, mine[0]["distinctPlayers"]) != 3 {
			t.Errorf("ann's pools = %v", mine)
		}
		if st := s.client(t).get("/api/public/stats").obj(); st["squaresSold"] != 7.0 {
			t.Errorf("squares sold = %v", st["squaresSold"])
		}
	})
}
