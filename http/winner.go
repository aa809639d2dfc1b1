package http

import (
	"net/http"

	"github.com/squaresapp/squares"
)

// scoreCalculationRequest asks which square of a pool a score would make the winner.
type scoreCalculationRequest struct {
	HomeScore *int    `json:"homeScore"`
	AwayScore *int    `json:"awayScore"`
	PoolID    flexInt `json:"poolId"`
}

// ScoreCalculation is the square a score would make the winner: the row and column by the winner
// rule (null until the digits are drawn) and the square's owner, if it has one.
type ScoreCalculation struct {
	PoolID           int64  `json:"poolId"`
	HomeScore        int    `json:"homeScore"`
	AwayScore        int    `json:"awayScore"`
	HomeDigit        int    `json:"homeDigit"`
	AwayDigit        int    `json:"awayDigit"`
	NumbersGenerated bool   `json:"numbersGenerated"`
	Row              *int   `json:"row"`
	Column           *int   `json:"column"`
	Owned            bool   `json:"owned"`
	IsHouse          bool   `json:"isHouse"`
	UserID           string `json:"userId"`
	FirstName        string `json:"firstName"`
	Message          string `json:"message"`
}

// handleTestScoreCalculation answers which square of a pool would win with a given score, by the winner
// rule, and who owns it: POST /api/test-score-calculation {homeScore, awayScore, poolId} (development
// mode). It records nothing.
func (s *Server) handleTestScoreCalculation(w http.ResponseWriter, r *http.Request) {
	var req scoreCalculationRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	var v squares.Validation
	if req.HomeScore == nil || *req.HomeScore < 0 || *req.HomeScore > 999 {
		v.Add("homeScore", "Home score must be 0 to 999")
	}
	if req.AwayScore == nil || *req.AwayScore < 0 || *req.AwayScore > 999 {
		v.Add("awayScore", "Away score must be 0 to 999")
	}
	if req.PoolID <= 0 {
		v.Add("poolId", "Please choose a pool")
	}
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.findVisiblePoolID(r.Context(), int64(req.PoolID))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	score := squares.PeriodScore{Home: *req.HomeScore, Away: *req.AwayScore}
	out := ScoreCalculation{PoolID: p.ID, HomeScore: score.Home, AwayScore: score.Away,
		HomeDigit: score.Home % 10, AwayDigit: score.Away % 10, NumbersGenerated: p.NumbersGenerated()}
	if !out.NumbersGenerated {
		out.Message = p.Name + " has no numbers drawn yet: no square can win until they are."
		writeJSON(w, http.StatusOK, out)
		return
	}
	cell, err := squares.WinningCell(p.Pool, score)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out.Row, out.Column = &cell.Row, &cell.Column
	sqs, err := s.Store.ListSquares(r.Context(), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out.Message = "Nobody owns this square."
	for _, sq := range sqs {
		if sq.Row != cell.Row || sq.Column != cell.Column || sq.State != squares.SquareOwned {
			continue
		}
		out.Owned, out.IsHouse, out.UserID, out.FirstName = true, sq.IsHouse, itoa(sq.UserID), sq.OwnerFirst
		if sq.UserID == 0 && sq.GuestID != 0 && !sq.IsHouse {
			out.UserID, out.FirstName = "guest-"+itoa(sq.GuestID), sq.GuestName // a host pool's guest
		} else if sq.IsHouse || sq.UserID == 0 {
			out.IsHouse, out.UserID, out.FirstName = true, squares.HouseUserID, "House"
		}
		out.Message = "The square belongs to " + out.FirstName + "."
	}
	writeJSON(w, http.StatusOK, out)
}
