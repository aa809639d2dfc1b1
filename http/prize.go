package http

import (
	"net/http"
	"sort"
	"time"

	"github.com/squaresapp/squares"
)

// Prize is a player's prize as the Winnings view reads it, naming its game, pool and period; the
// admin's payouts add the winner. DaysLeft is the whole days left to claim it (0 when there is nothing to
// claim).
//
//tygo:emit export type PrizeStatus = 'unclaimed' | 'payout_pending' | 'paid' | 'forfeited' | 'host_pays' | 'host_paid' | (string & {});
type Prize struct {
	ID          int64         `json:"id"`
	WinnerID    int64         `json:"winnerId"`
	PoolID      int64         `json:"poolId"`
	PoolName    string        `json:"poolName"`
	GameID      int64         `json:"gameId"`
	Game        string        `json:"game"`
	AwayTeam    string        `json:"awayTeam"`
	HomeTeam    string        `json:"homeTeam"`
	Kickoff     time.Time     `json:"kickoff"`
	Period      int           `json:"period"`
	PeriodLabel string        `json:"periodLabel"`
	Amount      squares.Cents `json:"amount"`
	Status      string        `json:"status" tstype:"PrizeStatus"`
	CreditedAt  time.Time     `json:"creditedAt"`
	ClaimBy     time.Time     `json:"claimBy"`
	DaysLeft    int           `json:"daysLeft"`
	ClaimedAt   *time.Time    `json:"claimedAt"`
	PaidAt      *time.Time    `json:"paidAt"`
	ForfeitedAt *time.Time    `json:"forfeitedAt"`
}

// PrizePayout is a prize as the admins' payouts list it: the prize with its winner, and its game itself
// where the prize names it.
type PrizePayout struct {
	ID          int64         `json:"id"`
	PoolID      int64         `json:"poolId"`
	PoolName    string        `json:"poolName"`
	GameID      int64         `json:"gameId"`
	AwayTeam    string        `json:"awayTeam"`
	HomeTeam    string        `json:"homeTeam"`
	Kickoff     time.Time     `json:"kickoff"`
	Period      int           `json:"period"`
	PeriodLabel string        `json:"periodLabel"`
	Amount      squares.Cents `json:"amount"`
	Status      string        `json:"status" tstype:"PrizeStatus"`
	CreditedAt  time.Time     `json:"creditedAt"`
	ClaimBy     time.Time     `json:"claimBy"`
	DaysLeft    int           `json:"daysLeft"`
	ClaimedAt   *time.Time    `json:"claimedAt"`
	PaidAt      *time.Time    `json:"paidAt"`
	ForfeitedAt *time.Time    `json:"forfeitedAt"`
	UserID      string        `json:"userId"`
	FirstName   string        `json:"firstName"`
	LastName    string        `json:"lastName"`
	Email       string        `json:"email"`
	// Game is the game of the prize's pool, for the operator to know which win they pay.
	Game *squares.GameRef `json:"game"`
}

// ClaimedPrize answers a claim: the prize, what the claim did ("Paid: ..." or "Claimed — payout pending.
// ...") and where the money goes.
type ClaimedPrize struct {
	Prize      `tstype:",extends"`
	Message    string `json:"message"`
	PayoutText string `json:"payoutText"`
}

func toPrizeJSON(z *squares.Prize, now time.Time) Prize {
	return Prize{ID: z.ID, WinnerID: z.WinnerID, PoolID: z.PoolID, PoolName: z.PoolName, GameID: z.GameID, Game: z.Game(),
		AwayTeam: z.AwayTeam, HomeTeam: z.HomeTeam, Kickoff: z.Kickoff, Period: z.Period,
		PeriodLabel: z.Name(), Amount: z.Amount, Status: z.Status,
		CreditedAt: z.CreditedAt, ClaimBy: z.ClaimBy, DaysLeft: squares.PrizeDaysLeft(z, now), ClaimedAt: z.ClaimedAt,
		PaidAt: z.PaidAt, ForfeitedAt: z.ForfeitedAt}
}

func toPayoutJSON(z *squares.Prize, now time.Time, names map[int64]NamedPool) PrizePayout {
	p := toPrizeJSON(z, now)
	return PrizePayout{ID: p.ID, PoolID: p.PoolID, PoolName: p.PoolName, GameID: p.GameID, AwayTeam: p.AwayTeam,
		HomeTeam: p.HomeTeam, Kickoff: p.Kickoff, Period: p.Period, PeriodLabel: p.PeriodLabel, Amount: p.Amount,
		Status: p.Status, CreditedAt: p.CreditedAt, ClaimBy: p.ClaimBy, DaysLeft: p.DaysLeft, ClaimedAt: p.ClaimedAt,
		PaidAt: p.PaidAt, ForfeitedAt: p.ForfeitedAt,
		UserID: itoa(z.UserID), FirstName: z.FirstName, LastName: z.LastName, Email: z.Email, Game: names[z.PoolID].Game}
}

// payoutPools names the pools of payouts.
func (s *Server) payoutPools(r *http.Request, zs ...*squares.Prize) (map[int64]NamedPool, error) {
	ids := make([]int64, 0, len(zs))
	for _, z := range zs {
		ids = append(ids, z.PoolID)
	}
	return s.poolNames(r.Context(), ids)
}

// payoutText is what players are told of where a claimed prize's money goes (GET /api/config, a claim's
// answer): paid now with the sandbox, the operator's SQUARES_PAYOUT_TEXT with Stripe.
func (s *Server) payoutText() string {
	return squares.PayoutText(s.paymentsProvider(), s.Config.PayoutText)
}

// handleUserPrizes lists the signed-in player's prizes: GET /api/user/prizes.
func (s *Server) handleUserPrizes(w http.ResponseWriter, r *http.Request) {
	zs, err := s.Store.ListUserPrizes(r.Context(), userFrom(r.Context()).ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	// The periods won in host-collected pools too, which their host pays (deadline.go).
	hosts, err := s.Store.ListUserHostWins(r.Context(), userFrom(r.Context()).ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := []Prize{}
	for _, z := range zs {
		out = append(out, toPrizeJSON(z, s.now()))
	}
	for _, z := range hosts {
		out = append(out, toPrizeJSON(z, s.now()))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].CreditedAt.After(out[j].CreditedAt) })
	writeJSON(w, http.StatusOK, out)
}

// handleClaimPrize claims the signed-in player's own prize: POST /api/user/prizes/{id}/claim. The sandbox
// pays it at once; with Stripe it waits for an admin to mark it paid. Another player's prize is not found.
// The answer says what the claim did and where the money goes.
func (s *Server) handleClaimPrize(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	z, err := s.Store.ClaimPrize(r.Context(), userFrom(r.Context()).ID, id, s.paymentsProvider() == "sandbox")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	text := s.payoutText()
	writeJSON(w, http.StatusOK, ClaimedPrize{Prize: toPrizeJSON(z, s.now()), Message: squares.ClaimedMessage(z, text),
		PayoutText: text})
}

// payoutStatuses maps the payouts filter to a prize status ("" for every claimed prize).
var payoutStatuses = map[string]string{"": squares.PrizePayoutPending, "pending": squares.PrizePayoutPending,
	squares.PrizePayoutPending: squares.PrizePayoutPending, "paid": squares.PrizePaid, "all": ""}

// handleListPayouts lists claimed prizes for the operator to pay: GET /api/admin/payouts?status=pending
// (the default), paid or all.
func (s *Server) handleListPayouts(w http.ResponseWriter, r *http.Request) {
	status, ok := payoutStatuses[r.URL.Query().Get("status")]
	if !ok {
		s.Error(w, r, squares.FieldError("status", "Status must be pending, paid or all."))
		return
	}
	zs, err := s.Store.ListPayouts(r.Context(), status)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	names, err := s.payoutPools(r, zs...)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := []PrizePayout{}
	for _, z := range zs {
		out = append(out, toPayoutJSON(z, s.now(), names))
	}
	writeJSON(w, http.StatusOK, out)
}

// handleMarkPayoutPaid records that the operator paid a claimed prize: POST /api/admin/payouts/{id}/paid.
func (s *Server) handleMarkPayoutPaid(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	z, err := s.Store.MarkPayoutPaid(r.Context(), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	names, err := s.payoutPools(r, z)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPayoutJSON(z, s.now(), names))
}
