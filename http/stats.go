package http

import (
	"math"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
)

// handleAdminStats answers the admin dashboard's and analytics' figures, from one read of the database.
// Revenue is defined as in GET /api/public/stats (docs/api.md): it is the gross of entries taken in, most
// of which goes back to players as prizes, so it is also answered as grossEntries, apart from the house's
// revenue, the fees it kept (houseRevenue). The conversion rate is the percentage of registered players
// who own at least one square.
func (s *Server) handleAdminStats(w http.ResponseWriter, r *http.Request) {
	y, m, d := s.now().In(squares.Eastern).Date()
	st, err := s.Store.AdminStats(r.Context(), time.Date(y, m, d, 0, 0, 0, 0, squares.Eastern))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	conversion := 0.0
	if st.Players > 0 {
		conversion = math.Round(1000*float64(st.PlayersWithSquares)/float64(st.Players)) / 10
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"totalUsers": st.Players, "ageVerifiedUsers": st.AgeVerified, "eligibleUsers": st.Eligible,
		"adminUsers": st.Admins, "playersWithSquares": st.PlayersWithSquares, "conversionRate": conversion,
		"gamesReady": st.GamesReady, "totalPools": st.TotalPools, "poolsByStatus": st.Pools,
		"activePools": st.Pools[squares.PoolActive], "draftPools": st.Pools[squares.PoolDraft],
		"completedPools": st.Pools[squares.PoolCompleted],
		"totalRevenue":   st.TotalRevenue, "revenueToday": st.RevenueToday, "houseFees": st.HouseFees,
		"grossEntries": st.TotalRevenue, "grossEntriesToday": st.RevenueToday,
		"houseRevenue": st.HouseFees, "houseRevenueToday": st.HouseFeesToday,
	})
}
