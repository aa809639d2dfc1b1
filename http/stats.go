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
	writeJSON(w, http.StatusOK, AdminStats{
		TotalUsers: st.Players, AgeVerifiedUsers: st.AgeVerified, EligibleUsers: st.Eligible,
		AdminUsers: st.Admins, PlayersWithSquares: st.PlayersWithSquares, ConversionRate: conversion,
		GamesReady: st.GamesReady, TotalPools: st.TotalPools, PoolsByStatus: st.Pools,
		ActivePools: st.Pools[squares.PoolActive], DraftPools: st.Pools[squares.PoolDraft],
		CompletedPools: st.Pools[squares.PoolCompleted],
		TotalRevenue:   st.TotalRevenue, RevenueToday: st.RevenueToday, HouseFees: st.HouseFees,
		GrossEntries: st.TotalRevenue, GrossEntriesToday: st.RevenueToday,
		HouseRevenue: st.HouseFees, HouseRevenueToday: st.HouseFeesToday,
	})
}

// AdminStats are the admin dashboard's figures: users, games ready, pools by status, and the money.
type AdminStats struct {
	ActivePools        int            `json:"activePools"`
	AdminUsers         int            `json:"adminUsers"`
	AgeVerifiedUsers   int            `json:"ageVerifiedUsers"`
	CompletedPools     int            `json:"completedPools"`
	ConversionRate     float64        `json:"conversionRate"`
	DraftPools         int            `json:"draftPools"`
	EligibleUsers      int            `json:"eligibleUsers"`
	GamesReady         int            `json:"gamesReady"`
	GrossEntries       squares.Cents  `json:"grossEntries"`
	GrossEntriesToday  squares.Cents  `json:"grossEntriesToday"`
	HouseFees          squares.Cents  `json:"houseFees"`
	HouseRevenue       squares.Cents  `json:"houseRevenue"`
	HouseRevenueToday  squares.Cents  `json:"houseRevenueToday"`
	PlayersWithSquares int            `json:"playersWithSquares"`
	PoolsByStatus      map[string]int `json:"poolsByStatus"`
	RevenueToday       squares.Cents  `json:"revenueToday"`
	TotalPools         int            `json:"totalPools"`
	TotalRevenue       squares.Cents  `json:"totalRevenue"`
	TotalUsers         int            `json:"totalUsers"`
}
