package squares_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func TestFollowGame(t *testing.T) {
	kickoff := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	pool := func(id int64, fee squares.Cents, status string, taken, players int) squares.GamePool {
		return squares.GamePool{DecisionInput: squares.DecisionInput{PoolID: id, EntryFee: fee, Status: status,
			SquaresTaken: taken, DistinctPlayers: players, RefundAmount: fee * squares.Cents(taken), Kickoff: kickoff},
			Drawn: taken == squares.SquaresPerPool}
	}
	decided := func(p squares.GamePool) squares.GamePool { p.Decided = true; return p }
	private := func(p squares.GamePool) squares.GamePool { p.IsPrivate = true; return p }
	n := func(v int) *int { return &v }
	game := func(status string, ended int) squares.Game {
		g := squares.Game{ID: 9, LeagueID: squares.LeagueNFL, GameDate: kickoff, Status: status}
		for i := range ended {
			g.HomePeriod[i], g.AwayPeriod[i] = n(7*(i+1)), n(3*(i+1))
		}
		return g
	}
	// Every kind of pool a game may have when it starts: a free pool enough to house-fill, a $5 pool too
	// thin, a draft, a full pool not yet decided, one decided and house-filled (full), one started, a
	// cancelled one, a private pool not full.
	pools := []squares.GamePool{
		pool(1, 0, squares.PoolActive, 30, 6),
		pool(2, 500, squares.PoolActive, 15, 3),
		pool(3, 1000, squares.PoolDraft, 0, 0),
		pool(4, 2500, squares.PoolFull, 100, 20),
		decided(pool(5, 100, squares.PoolFull, 100, 9)),
		decided(pool(6, 100, squares.PoolStarted, 100, 9)),
		decided(pool(7, 100, squares.PoolCancelled, 10, 2)),
		private(pool(8, 500, squares.PoolInactive, 60, 4)),
	}
	for _, c := range []struct {
		name string
		game squares.Game
		in   []squares.GamePool
		want string // steps as pool:step[:action], in order
	}{
		{"scheduled asks nothing, whatever the time", game(squares.GameScheduled, 0), pools, ""},
		{"live before kickoff: decide every undecided pool at once, then start the full ones", game(squares.GameLive, 0), pools,
			"1:decide:house_fill 1:start 2:decide:cancel 3:decide:cancel 4:decide:continue 4:start 5:start 8:decide:cancel"},
		{"live with Q1 ended: decide, start, then settle", game(squares.GameLive, 1), pools,
			"1:decide:house_fill 1:start 1:settle 2:decide:cancel 3:decide:cancel 4:decide:continue 4:start 4:settle " +
				"5:start 5:settle 6:settle 8:decide:cancel"},
		{"completed with undecided pools: decide, start, settle, complete", game(squares.GameCompleted, 4), pools,
			"1:decide:house_fill 1:start 1:settle 1:complete 2:decide:cancel 3:decide:cancel 4:decide:continue 4:start " +
				"4:settle 4:complete 5:start 5:settle 5:complete 6:settle 6:complete 8:decide:cancel"},
		{"completed without its periods (a schedule's final): no settling yet", game(squares.GameCompleted, 0),
			[]squares.GamePool{decided(pool(6, 100, squares.PoolStarted, 100, 9))}, ""},
		{"decided already, still active, is left alone", game(squares.GameLive, 1),
			[]squares.GamePool{decided(pool(1, 0, squares.PoolActive, 30, 6))}, ""},
		{"postponed: cancel what may be cancelled", game(squares.GamePostponed, 0), pools,
			"1:cancel 2:cancel 3:cancel 4:cancel 5:cancel 8:cancel"},
		{"cancelled during the game: started pools are not cancelled", game(squares.GameCancelled, 2),
			[]squares.GamePool{decided(pool(6, 100, squares.PoolStarted, 100, 9))}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, s := range squares.FollowGame(c.game, c.in) {
				step := fmt.Sprintf("%d:%s", s.PoolID, s.Step)
				if s.Step == squares.StepDecide {
					step += ":" + s.Decision.Action
					if s.Decision.PoolID != s.PoolID || !strings.HasPrefix(s.Decision.Reason, "Decided when the game was reported "+c.game.Status+". ") {
						t.Errorf("decision of pool %d = %+v", s.PoolID, s.Decision)
					}
				} else if s.Decision != (squares.Decision{}) {
					t.Errorf("step %s carries a decision %+v", step, s.Decision)
				}
				got = append(got, step)
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("FollowGame =\n  %s\nwant\n  %s", strings.Join(got, " "), c.want)
			}
		})
	}
	// The decision at the start is the decision at 2 hours before kickoff, with its reason.
	steps := squares.FollowGame(game(squares.GameLive, 0), pools[:1])
	if d := steps[0].Decision; d.Action != squares.DecideHouseFill || d.HouseSquaresNeeded != 70 || d.ParticipantsAffected != 6 ||
		d.Reason != "Decided when the game was reported live. 6 players (5 needed); the house fills 70 squares (at most 95 in a Free Pool)." ||
		!d.DueAt.Equal(kickoff.Add(-squares.DecisionLead)) {
		t.Errorf("decision = %+v", d)
	}
	if d := squares.FollowGame(game(squares.GameLive, 0), pools[1:2])[0].Decision; d.Action != squares.DecideCancel || d.RefundAmount != 7500 {
		t.Errorf("cancel decision = %+v", d)
	}
}

// TestDecidesAtOnce: a pool still awaiting its decision gets it at once when its game is live or
// completed, never while it is scheduled or called off, and never once the pool started or was cancelled.
func TestDecidesAtOnce(t *testing.T) {
	for _, game := range []string{squares.GameScheduled, squares.GameLive, squares.GameCompleted, squares.GameCancelled, squares.GamePostponed} {
		for _, pool := range squares.PoolStatuses {
			want := (game == squares.GameLive || game == squares.GameCompleted) &&
				(pool == squares.PoolDraft || pool == squares.PoolActive || pool == squares.PoolInactive || pool == squares.PoolFull)
			if got := squares.DecidesAtOnce(&squares.Game{Status: game}, pool); got != want {
				t.Errorf("DecidesAtOnce(%s game, %s pool) = %v", game, pool, got)
			}
		}
	}
}
