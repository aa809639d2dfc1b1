package http

import (
	"net/http"

	"github.com/squaresapp/squares"
)

func (s *Server) routes() {
	m := http.NewServeMux()
	user, admin, paid := s.requireUser, s.requireAdmin, s.requirePayments

	m.HandleFunc("GET /healthz", s.handleHealth)
	m.HandleFunc("GET /api/config", s.handleConfig)
	m.HandleFunc("GET /ws", s.handleWebsocket)

	// Accounts.
	m.HandleFunc("POST /api/auth/register", s.handleRegister)
	m.HandleFunc("POST /api/auth/login", s.handleLogin)
	m.HandleFunc("POST /api/auth/logout", s.handleLogout)
	m.HandleFunc("GET /api/auth/user", user(s.handleCurrentUser))
	m.HandleFunc("POST /api/verify-age", user(s.handleVerifyAge))
	m.HandleFunc("POST /api/admin/login", s.handleAdminLogin)
	m.HandleFunc("POST /api/admin/logout", s.handleLogout)
	m.HandleFunc("GET /api/logout", s.handleLogoutLink)
	m.HandleFunc("GET /api/login", s.handleLoginLink)
	if s.Config.Dev {
		m.HandleFunc("POST /api/auth/emergency-login", s.handleEmergencyLogin)
	}

	// Leagues, teams and games.
	m.HandleFunc("GET /api/leagues", s.handleListLeagues)
	m.HandleFunc("POST /api/leagues", admin(s.handleCreateLeague))
	m.HandleFunc("GET /api/leagues/{id}/active-week", s.handleGetActiveWeek)
	m.HandleFunc("POST /api/leagues/{id}/active-week", admin(s.handleSetActiveWeek))
	m.HandleFunc("GET /api/teams", s.handleListTeams)
	m.HandleFunc("GET /api/games", s.handleListGames)
	m.HandleFunc("POST /api/games", admin(s.handleCreateGame))

	// Pools and squares.
	m.HandleFunc("GET /api/pools", s.handleListPools)
	m.HandleFunc("GET /api/pools/featured", s.handleFeaturedPool)
	m.HandleFunc("GET /api/pools/{id}", s.handleGetPool)
	m.HandleFunc("PATCH /api/pools/{id}", admin(s.handleSetPoolStatus))
	m.HandleFunc("GET /api/pools/{id}/squares", s.handleListSquares)
	m.HandleFunc("POST /api/pools/{id}/squares", user(s.handleClaimSquare))
	m.HandleFunc("GET /api/user/pools", user(s.handleUserPools))
	m.HandleFunc("GET /api/user-pools", user(s.handleUserPools))
	m.HandleFunc("GET /api/public/stats", s.handlePublicStats)

	// Payments.
	m.HandleFunc("POST /api/create-escrow-payment", user(paid(s.handleCreateEscrowPayment)))
	m.HandleFunc("POST /api/purchase-squares", user(paid(s.handlePurchaseSquares)))
	m.HandleFunc("POST /api/sandbox/payments/{id}/confirm", user(s.handleSandboxConfirm))
	m.HandleFunc("POST /api/stripe/webhook", s.handleStripeWebhook) // no session: the signature authenticates it
	m.HandleFunc("GET /api/user/transactions", user(s.handleUserTransactions))
	m.HandleFunc("GET /api/user/payments", user(s.handleUserPayments))
	m.HandleFunc("POST /api/user/payments/{id}/cancel", user(paid(s.handleCancelCheckout)))
	m.HandleFunc("GET /api/notifications", user(s.handleNotifications))
	m.HandleFunc("POST /api/notifications/read", user(s.handleReadNotifications))
	m.HandleFunc("GET /api/admin/ledger/summary", admin(s.handleLedgerSummary))
	m.HandleFunc("GET /api/admin/readiness", admin(s.handleReadiness))
	m.HandleFunc("GET /api/admin/escrow/failures", admin(s.handleEscrowFailures))
	m.HandleFunc("POST /api/pools/{id}/refund", admin(paid(s.handleRefundPool)))
	if s.Config.Dev {
		// The developer test page's calls (devtest.go); unknown calls (404) outside development mode.
		m.HandleFunc("POST /api/test/create-payment-intent", user(paid(s.handleTestPaymentIntent)))
		m.HandleFunc("POST /api/test/create-escrow-payment", user(paid(s.handleCreateEscrowPayment)))
		m.HandleFunc("POST /api/test/admin/release-escrow", admin(paid(s.handleTestReleaseEscrow)))
		m.HandleFunc("POST /api/test/admin/refund-escrow", admin(paid(s.handleTestRefundEscrow)))
	}

	// Admin pool management.
	m.HandleFunc("POST /api/simple-pools", admin(s.handleCreatePool))
	m.HandleFunc("PATCH /api/simple-pools/{id}/status", admin(s.handleSetPoolStatus))
	m.HandleFunc("DELETE /api/simple-pools/{id}", admin(s.handleDeletePool))
	m.HandleFunc("POST /api/admin/pools/activate-multiple", admin(s.handleBulkStatus(squares.PoolActive, "activatedCount")))
	m.HandleFunc("POST /api/admin/pools/deactivate-multiple", admin(s.handleBulkStatus(squares.PoolInactive, "deactivatedCount")))

	// Anything else under /api is an unknown call, not a page.
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "No such API call: %s %s", r.Method, r.URL.Path))
	})
	m.Handle("/", s.webApp())

	s.mux.Handle("/", s.withUser(m))
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if err := s.Store.Ping(r.Context()); err != nil {
		s.Logger.Warn("health check", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleConfig tells the web app what it needs to know about this server; testPayments asks every page
// to say that no real money moves.
func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"devMode": s.Config.Dev, "paymentsProvider": s.paymentsProvider(), "testPayments": s.testPayments(),
		"stripePublishableKey": optional(s.Config.StripePublishableKey),
		"restrictedStates":     s.Config.Eligibility.RestrictedList(),
	})
}
