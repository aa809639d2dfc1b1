package http_test

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestTestScoreCalculation: POST /api/test-score-calculation answers the square a score would make the
// winner of a pool (row by the away score's last digit among the drawn away digits, column by the
// home's) and its owner, and records nothing; before the draw it says the digits are not drawn. Bad
// input is a 400 naming the field; an unknown pool, or a draft pool for a player, a 404.
func TestTestScoreCalculation(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		pools := s.paidGame(t)
		one, draft := pools[1], pools[4]
		player, _ := s.storePlayer(t, squares.RoleUser)
		const path = "/api/test-score-calculation"

		r := player.post(path, map[string]any{"homeScore": 7, "awayScore": 3, "poolId": one.ID}).want(http.StatusOK).obj()
		if r["numbersGenerated"] != false || r["row"] != nil || r["column"] != nil || r["owned"] != false ||
			r["homeDigit"] != 7.0 || r["awayDigit"] != 3.0 {
			t.Fatalf("before the draw: %v", r)
		}

		s.fillInStore(t, one)
		p, err := s.db.FindPool(context.Background(), one.ID, 0)
		if err != nil || !p.NumbersGenerated() {
			t.Fatalf("pool after filling: %v %v", p, err)
		}
		sqs, err := s.db.ListSquares(context.Background(), one.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range [][2]int{{7, 3}, {24, 17}, {0, 0}, {31, 28}, {109, 990}} {
			home, away := sc[0], sc[1]
			wantRow := slices.Index(p.AwayNumbers, away%10)
			wantCol := slices.Index(p.HomeNumbers, home%10)
			r := player.post(path, map[string]any{"homeScore": home, "awayScore": away, "poolId": one.ID}).want(http.StatusOK).obj()
			if r["numbersGenerated"] != true || r["row"] != float64(wantRow) || r["column"] != float64(wantCol) || r["owned"] != true {
				t.Fatalf("%d-%d: %v, want row %d column %d", home, away, r, wantRow, wantCol)
			}
			i := slices.IndexFunc(sqs, func(sq *squares.Square) bool { return sq.Row == wantRow && sq.Column == wantCol })
			if i < 0 || r["userId"] != itoaTest(sqs[i].UserID) || r["firstName"] != sqs[i].OwnerFirst || r["isHouse"] != false {
				t.Fatalf("%d-%d owner: %v", home, away, r)
			}
		}
		// Scores are numbers; the pool id may also come as a string, as older clients send ids.
		player.post(path, map[string]any{"homeScore": "7", "awayScore": 3, "poolId": one.ID}).
			wantError(http.StatusBadRequest, "invalid", "", "homeScore", "Invalid value for homeScore.")
		player.post(path, map[string]any{"homeScore": 7, "awayScore": 3, "poolId": itoaTest(one.ID)}).want(http.StatusOK)
		if ws, _ := s.db.ListWinners(context.Background(), one.ID); len(ws) != 0 {
			t.Fatalf("the calculation recorded winners: %v", ws)
		}

		player.post(path, map[string]any{}).wantError(http.StatusBadRequest, "invalid", "",
			"homeScore", "Home score must be 0 to 999", "awayScore", "Away score must be 0 to 999", "poolId", "Please choose a pool")
		player.post(path, map[string]any{"homeScore": -1, "awayScore": 1000, "poolId": one.ID}).wantError(http.StatusBadRequest, "invalid", "",
			"homeScore", "Home score must be 0 to 999", "awayScore", "Away score must be 0 to 999")
		player.do("POST", path, "not json").want(http.StatusBadRequest)
		player.post(path, map[string]any{"homeScore": 7, "awayScore": 3, "poolId": 999999}).wantError(http.StatusNotFound, "not_found", "")
		player.post(path, map[string]any{"homeScore": 7, "awayScore": 3, "poolId": draft.ID}).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		s.admin(t).post(path, map[string]any{"homeScore": 7, "awayScore": 3, "poolId": draft.ID}).want(http.StatusOK)
	})
}

func itoaTest(n int64) string { return strconv.FormatInt(n, 10) }
