package http

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
)

// Pool is a pool as the API shows it to one viewer. Its status is one of the pool statuses (a newer server
// may add one).
//
//tygo:emit export type PoolStatus = 'draft' | 'active' | 'inactive' | 'full' | 'started' | 'completed' | 'cancelled' | (string & {});
type Pool struct {
	ID                  int64         `json:"id"`
	Name                string        `json:"name"`
	GameID              int64         `json:"gameId"`
	Game                *Game         `json:"game"`
	EntryFee            squares.Cents `json:"entryFee"`
	TotalPot            squares.Cents `json:"totalPot"`
	PrizePool           squares.Cents `json:"prizePool"`
	HouseFee            squares.Cents `json:"houseFee"`
	HouseFeePercent     int64         `json:"houseFeePercent"`
	PrizePoolIfFull     squares.Cents `json:"prizePoolIfFull"`
	CurrentParticipants int           `json:"currentParticipants"`
	DistinctPlayers     int           `json:"distinctPlayers"`
	MaxParticipants     int           `json:"maxParticipants"`
	MaxSquaresPerPlayer int           `json:"maxSquaresPerPlayer"`
	Status              string        `json:"status" tstype:"PoolStatus"`
	IsPrivate           bool          `json:"isPrivate"`
	IsNonprofit         bool          `json:"isNonprofit"`
	IsFeatured          bool          `json:"isFeatured"`
	FeaturedReason      *string       `json:"featuredReason"`
	FeaturedUntil       *time.Time    `json:"featuredUntil"`
	PayoutSchedule      []int64       `json:"payoutSchedule"`
	NumbersGenerated    bool          `json:"numbersGenerated"`
	HomeNumbers         []int         `json:"homeNumbers" tstype:"number[] | null"`
	AwayNumbers         []int         `json:"awayNumbers" tstype:"number[] | null"`
	DrawCommitment      string        `json:"drawCommitment"`
	DrawSeed            *string       `json:"drawSeed"`
	DrawnAt             *time.Time    `json:"drawnAt"`
	DrawInput           *string       `json:"drawInput"`
	DrawInputSHA256     *string       `json:"drawInputSha256"`
	InviteCode          *string       `json:"inviteCode"`
	UserSquareCount     int           `json:"userSquareCount"`
	SalesOpenAt         *time.Time    `json:"salesOpenAt"`
	SalesCloseAt        time.Time     `json:"salesCloseAt"`
	CreatedAt           time.Time     `json:"createdAt"`
	// Collection is who collects the money: "card" (through Squares' escrow; every public pool) or "host"
	// (the host of a private pool, outside Squares: no fee, and Squares holds none of its money).
	Collection string `json:"collection" tstype:"'card' | 'host' | (string & {})"`
	// PaymentInstructions tell a host pool's players how to pay the host ("" for a card pool); PayBy is
	// when payment is due (null for a card pool).
	PaymentInstructions string     `json:"paymentInstructions"`
	PayBy               *time.Time `json:"payBy"`
	// DecisionOutlook is set while the pool awaits its final decision and is not full.
	DecisionOutlook *DecisionOutlook `json:"decisionOutlook"`
	// Payouts is what each period pays, as settlement pays it (squares.Payouts): with houseFeePercent,
	// prizePool and prizePoolIfFull, every figure a screen shows of the pool's money; no client computes one.
	Payouts []PeriodPayout `json:"payouts"`
	// Rules are the pool's rules (squares.Rules); rows and columns its grid's (10x10, 10x5 or 5x5).
	Rules   squares.Rules `json:"rules"`
	Rows    int           `json:"rows"`
	Columns int           `json:"columns"`
	// NumberSets are its number sets: one for every period (period "") or one per paying period, each
	// committed by seedSha256 from the start, its seed and digits shown once drawn. homeNumbers and
	// awayNumbers are the set deciding the period now in play.
	NumberSets []NumberSet `json:"numberSets"`
	// EveryScoreShare is what the score changes split if the pool fills (0 without every-score rules).
	EveryScoreShare squares.Cents `json:"everyScoreShare"`
	// Beacon is the drand round the draw mixes in (http/beacon.go).
	Beacon Beacon `json:"beacon"`
	// Record is where the pool's record stands (GET /api/pools/{id}/record): the seq and hash of its last
	// entry, and its last checkpoint (null before the first).
	Record squares.RecordHead `json:"record"`
}

// PeriodPayout is what one period of a pool pays.
type PeriodPayout struct {
	Period int `json:"period"`
	// Code is the paying period's code in the pool's rules: Q1, Q2, Q3, Q4, H1 or FINAL.
	Code    string        `json:"code"`
	Label   string        `json:"label"`
	Percent int64         `json:"percent"`
	Amount  squares.Cents `json:"amount"`
}

func toPayoutsJSON(p *squares.Pool) []PeriodPayout {
	ps := squares.Payouts(p)
	out := make([]PeriodPayout, len(ps))
	for i, x := range ps {
		out[i] = PeriodPayout{Period: x.Period, Code: x.Code, Label: x.Label, Percent: x.Percent, Amount: x.Amount}
	}
	return out
}

// DecisionOutlook is what a pool not yet full needs by its final decision, 2 hours before kickoff.
type DecisionOutlook struct {
	DueAt           time.Time `json:"dueAt"`
	Action          string    `json:"action" tstype:"'cancel' | 'house_fill' | 'play' | (string & {})"`
	MinPlayers      int       `json:"minPlayers"`
	PlayersNeeded   int       `json:"playersNeeded"`
	MaxHouseSquares int       `json:"maxHouseSquares"`
	SquaresFree     int       `json:"squaresFree"`
	SquaresShort    int       `json:"squaresShort"`
}

// toDecisionOutlookJSON is what a pool not yet full needs by its final decision (squares.Outlook), from
// the pool as read: nil for a pool that awaits none.
func toDecisionOutlookJSON(p *squares.PoolView) *DecisionOutlook {
	if p.Game == nil {
		return nil
	}
	o, ok := squares.Outlook(squares.DecisionInput{PoolID: p.ID, EntryFee: p.EntryFee, IsPrivate: p.IsPrivate,
		Status: p.Status, SquaresTaken: p.SquaresTaken, DistinctPlayers: p.DistinctPlayers, Kickoff: p.Game.GameDate,
		Squares: p.GridSquares(), PlayUnfilled: p.EffectiveRules().Unfilled == squares.UnfilledPlay})
	if !ok {
		return nil
	}
	return &DecisionOutlook{DueAt: o.DueAt.UTC(), Action: o.Action, MinPlayers: o.MinPlayers,
		PlayersNeeded: o.PlayersNeeded, MaxHouseSquares: o.MaxHouseSquares, SquaresFree: o.SquaresFree,
		SquaresShort: o.SquaresShort}
}

// toPoolJSON shows a pool to a viewer: the seed and the draw input (the ownership the draw consumed, null
// for pools drawn before it was stored) only once the numbers are drawn, the invite code only to the pool's
// creator.
func toPoolJSON(p *squares.PoolView, viewer *squares.User) Pool {
	out := Pool{
		ID: p.ID, Name: p.Name, GameID: p.GameID, Game: toGameJSON(p.Game), EntryFee: p.EntryFee,
		TotalPot: p.Pot(), PrizePool: p.PrizePool(), HouseFee: p.HouseFee(),
		HouseFeePercent: p.HouseFeePercent(), PrizePoolIfFull: squares.IfFull(p.Pool).PrizePool(), Payouts: toPayoutsJSON(p.Pool),
		CurrentParticipants: p.SquaresTaken, DistinctPlayers: p.DistinctPlayers,
		MaxParticipants: p.GridSquares(), MaxSquaresPerPlayer: p.MaxSquaresPerPlayer, Status: p.Status,
		IsPrivate: p.IsPrivate, IsNonprofit: p.IsNonprofit, IsFeatured: p.IsFeatured,
		FeaturedReason: optional(p.FeaturedReason), FeaturedUntil: p.FeaturedUntil, PayoutSchedule: p.PayoutSchedule,
		NumbersGenerated: p.NumbersGenerated(), DrawCommitment: p.DrawCommitment, DrawnAt: p.DrawnAt,
		UserSquareCount: p.ViewerSquares, SalesCloseAt: p.SalesCloseAt(), CreatedAt: p.CreatedAt,
		DecisionOutlook: toDecisionOutlookJSON(p), Collection: cmp.Or(p.Collection, squares.CollectionCard),
		PaymentInstructions: p.PaymentInstructions, PayBy: p.PayBy, Rules: p.EffectiveRules(),
		NumberSets: toNumberSetsJSON(p.Pool), EveryScoreShare: squares.EveryScoreShare(p.Pool),
		Beacon: toBeaconJSON(p.Pool), Record: p.Record,
	}
	grid := p.Grid()
	out.Rows, out.Columns = grid.Rows, grid.Columns
	if out.NumbersGenerated {
		out.HomeNumbers, out.AwayNumbers, out.DrawSeed = p.HomeNumbers, p.AwayNumbers, &p.DrawSeed
		if set, ok := squares.CurrentNumbers(p.Pool); ok {
			out.HomeNumbers, out.AwayNumbers = set.HomeNumbers, set.AwayNumbers
		}
		out.DrawInput, out.DrawInputSHA256 = optional(p.DrawInput), optional(p.DrawInputSHA256)
	}
	if open := p.SalesOpenAt(); !open.IsZero() {
		out.SalesOpenAt = &open
	}
	if showsInviteCode(viewer, p) {
		out.InviteCode = optional(p.InviteCode)
	}
	return out
}

// showsInviteCode reports whether the viewer sees a pool's invite code: its creator alone, on every route
// but the admin routes' GET /api/admin/pools/{id}/invitations, which the audit log records.
func showsInviteCode(viewer *squares.User, p *squares.PoolView) bool {
	return viewer != nil && p.CreatorID != 0 && viewer.ID == p.CreatorID
}

func (s *Server) writePools(w http.ResponseWriter, r *http.Request, pools []*squares.PoolView) {
	viewer := userFrom(r.Context())
	out := make([]Pool, 0, len(pools))
	for _, p := range pools {
		out = append(out, toPoolJSON(p, viewer))
	}
	writeJSON(w, http.StatusOK, out)
}

// handleListPools lists what players may browse; an admin gets every public pool, whatever its status or
// week (other people's private pools are listed on the admin routes only).
func (s *Server) handleListPools(w http.ResponseWriter, r *http.Request) {
	leagueID, err := queryID(r, "leagueId")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	viewer := userFrom(r.Context())
	f := squares.PoolFilter{Viewer: viewerID(r.Context()), LeagueID: leagueID, Listed: !viewer.IsAdmin(), Public: true}
	if viewer.IsAdmin() {
		f.Week = r.URL.Query().Get("week")
		if st := r.URL.Query().Get("status"); st != "" {
			if f.Status, err = squares.NormalizePoolStatus(st); err != nil {
				s.Error(w, r, err)
				return
			}
		}
	}
	pools, err := s.Store.ListPools(r.Context(), f)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.writePools(w, r, pools)
}

var errPoolNotFound = squares.Errorf(squares.ENOTFOUND, "Pool not found.")

// findVisiblePool loads the pool of the request's path if the viewer may see it (checkVisible).
func (s *Server) findVisiblePool(r *http.Request) (*squares.PoolView, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	return s.findVisiblePoolID(r.Context(), id)
}

// findVisiblePoolID loads pool id, with the viewer's squares, if the viewer may see it (checkVisible).
func (s *Server) findVisiblePoolID(ctx context.Context, id int64) (*squares.PoolView, error) {
	p, err := s.Store.FindPool(ctx, id, viewerID(ctx))
	if err != nil {
		return nil, err
	}
	if err := s.checkVisible(ctx, userFrom(ctx), p.Pool); err != nil {
		return nil, err
	}
	return p, nil
}

// checkVisible refuses, as not found, a pool the viewer (nil when signed out) may not see, by the one rule
// (squares.Pool.VisibleTo) that every way to a pool asks: its page, squares and winners, the board
// snapshot, the websocket. Admin powers come from the session (sessionUser); the viewer's squares in the
// pool and membership are read in one statement (store.FindPoolViewer), and only for a pool that not
// everyone may see.
func (s *Server) checkVisible(ctx context.Context, u *squares.User, p *squares.Pool) error {
	var v squares.PoolViewer
	if u != nil && !p.VisibleToAnyone() {
		var err error
		if v, err = s.Store.FindPoolViewer(ctx, p.ID, u.ID); err != nil {
			return err
		}
	}
	v.Admin = u.IsAdmin()
	if !p.VisibleTo(v) {
		return errPoolNotFound
	}
	return nil
}

// handleGetPool answers from the pool's snapshot, with the viewer's own fields: their squares, and the
// invite code for the pool's creator (as toPoolJSON shows them).
func (s *Server) handleGetPool(w http.ResponseWriter, r *http.Request) {
	b, mine, err := s.visibleBoard(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	invite, suffix := 0, ""
	if b.pool.InviteCode != "" && showsInviteCode(userFrom(r.Context()), b.pool) {
		invite, suffix = 1, ".i"
	}
	count := strconv.AppendInt(make([]byte, 0, 4), int64(mine), 10)
	parts := b.poolBytes[invite]
	writeSnapshot(w, r, `"`+b.poolTag+"."+string(count)+suffix+`"`, invite == 0, parts.head, count, parts.tail)
}

// handleFeaturedPool answers the Pool of the Week, or null when there is none.
func (s *Server) handleFeaturedPool(w http.ResponseWriter, r *http.Request) {
	now := s.now()
	pools, err := s.Store.ListPools(r.Context(), squares.PoolFilter{Viewer: viewerID(r.Context()), Listed: true, FeaturedAt: &now})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if len(pools) == 0 {
		writeJSON(w, http.StatusOK, nil)
		return
	}
	writeJSON(w, http.StatusOK, toPoolJSON(pools[0], userFrom(r.Context())))
}

// handleUserPools lists the pools the signed-in user holds squares in.
func (s *Server) handleUserPools(w http.ResponseWriter, r *http.Request) {
	id := viewerID(r.Context())
	pools, err := s.Store.ListPools(r.Context(), squares.PoolFilter{Viewer: id, OwnedBy: id})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	s.writePools(w, r, pools)
}

type createPoolRequest struct {
	Name     string          `json:"name" text:"max=80"`
	EntryFee json.RawMessage `json:"entryFee" text:"max=32"`
	GameID   flexInt         `json:"gameId"`
}

func (s *Server) handleCreatePool(w http.ResponseWriter, r *http.Request) {
	var req createPoolRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	in := squares.PoolInput{Name: req.Name, GameID: int64(req.GameID)}
	var v squares.Validation
	fee, err := squares.ParseDollarsJSON(req.EntryFee)
	if err != nil {
		v.Add("entryFee", "Entry fee must be one of 0.00, 1.00, 5.00, 10.00, 25.00")
	}
	in.EntryFee = fee
	v.Merge(in.Validate())
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.Store.CreatePool(r.Context(), in)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toPoolJSON(p, userFrom(r.Context())))
}

func (s *Server) handleSetPoolStatus(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		Status string `json:"status" text:"max=32"`
	}
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	status, err := squares.NormalizePoolStatus(req.Status)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	p, err := s.Store.SetPoolStatus(r.Context(), id, status)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPoolJSON(p, userFrom(r.Context())))
}

func (s *Server) handlePublicStats(w http.ResponseWriter, r *http.Request) {
	now := s.now()
	y, m, d := now.In(squares.Eastern).Date()
	dayStart := time.Date(y, m, d, 0, 0, 0, 0, squares.Eastern)
	st, err := s.Store.Stats(r.Context(), dayStart)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	users, err := s.Store.CountUsers(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	games, err := s.Store.CountGames(r.Context(), 0)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, PublicStats{
		TotalRevenue: st.TotalRevenue, RevenueToday: st.RevenueToday, TotalUsers: users,
		TotalPools: st.TotalPools, ActivePools: st.ActivePools, DraftPools: st.DraftPools,
		SquaresSold: st.SquaresSold, TotalGames: games,
	})
}

// PublicStats are the figures anyone may see: public pools only, revenue as docs/api.md defines it.
type PublicStats struct {
	ActivePools  int           `json:"activePools"`
	DraftPools   int           `json:"draftPools"`
	RevenueToday squares.Cents `json:"revenueToday"`
	SquaresSold  int           `json:"squaresSold"`
	TotalGames   int           `json:"totalGames"`
	TotalPools   int           `json:"totalPools"`
	TotalRevenue squares.Cents `json:"totalRevenue"`
	TotalUsers   int           `json:"totalUsers"`
}

func (s *Server) handleDeletePool(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.Store.DeletePool(r.Context(), id); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success("Pool Deleted Successfully"))
}
