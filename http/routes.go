package http

import (
	"fmt"
	"net/http"

	"github.com/squaresapp/squares"
)

// Access says who may call a route. The route table applies it: a route's handler runs only for the
// callers its access lets through.
type Access uint8

// Access levels, and AccessDev, which is added to a level for a route that exists only in development
// mode (404 otherwise).
const (
	AccessPublic Access = iota + 1 // anyone, signed in or not
	AccessUser                     // someone signed in: 401 otherwise
	AccessAdmin                    // an admin: 401 signed out, 403 for anyone else
	AccessDev    Access = 1 << 7
	// AccessHost is added to AccessAdmin for a route that a private pool's host may call too: a player
	// signed in reaches its handler, which lets the host through and answers anyone else 403 as the
	// admin check does (PATCH /api/pools/{id}: a host's limit).
	AccessHost Access = 1 << 6
)

// Level is the access level, without AccessDev and AccessHost.
func (a Access) Level() Access { return a &^ (AccessDev | AccessHost) }

// DevOnly reports whether the route exists only in development mode.
func (a Access) DevOnly() bool { return a&AccessDev != 0 }

func (a Access) String() string {
	name := map[Access]string{AccessPublic: "public", AccessUser: "user", AccessAdmin: "admin"}[a.Level()]
	if name == "" {
		name = fmt.Sprintf("Access(%d)", a.Level())
	}
	if a&AccessHost != 0 {
		name += "+host"
	}
	if a.DevOnly() {
		name += "+dev"
	}
	return name
}

// Route is one entry of the route table: a method ("" for any) and a pattern as http.ServeMux reads
// them, and who may call it.
type Route struct {
	Method  string
	Pattern string
	Access  Access
}

// route is a Route with its handler.
type route struct {
	method  string
	pattern string
	access  Access
	handler http.HandlerFunc
}

// routeTable is every route the server answers, and the only place routes are declared: routes registers
// these and nothing else, each behind the check its access column names.
func (s *Server) routeTable() []route {
	const public, user, admin, dev, host = AccessPublic, AccessUser, AccessAdmin, AccessDev, AccessHost
	paid := s.requirePayments
	return []route{
		{"GET", "/healthz", public, s.handleHealth},
		{"GET", "/readyz", public, s.handleReady},
		{"GET", "/api/config", public, s.handleConfig},
		{"GET", "/api/beacon/chain", public, s.handleBeaconChain}, // beacon_chain.go: the drand chain the draws use
		{"GET", "/ws", public, s.handleWebsocket},

		// Accounts.
		{"POST", "/api/auth/register", public, s.handleRegister},
		{"POST", "/api/auth/login", public, s.handleLogin},
		{"POST", "/api/auth/logout", public, s.handleLogout},
		{"POST", "/api/logout", public, s.handleLogout}, // the web app's sign-out (signout.go)
		{"GET", "/api/auth/user", user, s.handleCurrentUser},
		{"POST", "/api/verify-age", user, s.handleVerifyAge},
		{"POST", "/api/admin/login", public, s.handleAdminLogin},
		{"POST", "/api/admin/login/2fa", public, s.handleAdminLoginCode},
		{"POST", "/api/admin/logout", public, s.handleLogout},
		// An admin's two-factor sign-in (twofactor.go).
		{"GET", "/api/admin/2fa", admin, s.handleTwoFactorStatus},
		{"POST", "/api/admin/2fa/setup", admin, s.handleTwoFactorSetup},
		{"POST", "/api/admin/2fa/enable", admin, s.handleTwoFactorEnable},
		{"POST", "/api/admin/2fa/disable", admin, s.handleTwoFactorDisable},
		{"GET", "/api/logout", public, s.handleLogoutLink},
		{"GET", "/api/login", public, s.handleLoginLink},
		{"POST", "/api/auth/emergency-login", public | dev, s.handleEmergencyLogin},
		// A forgotten password (password_reset.go) and the account page (account.go, export.go).
		{"POST", "/api/auth/password-reset", public, s.handlePasswordReset},
		{"POST", "/api/auth/password-reset/confirm", public, s.handlePasswordResetConfirm},
		{"POST", "/api/user/password", user, s.handleChangePassword},
		{"GET", "/api/user/sessions", user, s.handleListSessions},
		{"POST", "/api/user/sessions/revoke-others", user, s.handleRevokeOtherSessions},
		{"GET", "/api/user/export", user, s.handleExport},

		// Leagues, teams and games.
		{"GET", "/api/leagues", public, s.handleListLeagues},
		{"POST", "/api/leagues", admin, s.handleCreateLeague},
		{"GET", "/api/leagues/{id}/active-week", public, s.handleGetActiveWeek},
		{"POST", "/api/leagues/{id}/active-week", admin, s.handleSetActiveWeek},
		{"GET", "/api/teams", public, s.handleListTeams},
		{"GET", "/api/games", public, s.handleListGames},
		{"POST", "/api/games", admin, s.handleCreateGame},
		{"GET", "/api/nfl/schedule/{season}", user, s.handleNFLSchedule}, // schedule.go
		{"GET", "/api/nfl/schedule", user, s.handleNFLSeasons},
		{"GET", "/api/schedule/{league}", user, s.handleLeagueSchedule},
		// Scores and winners (score.go).
		{"POST", "/api/admin/games/{id}/score", admin, s.handleAdminScore},
		{"POST", "/api/simulate-score-update", admin | dev, s.handleSimulateScore},
		{"GET", "/api/pools/{id}/winners", public, s.handleListWinners},
		// The record of a pool and the key of its checkpoints (record.go).
		{"GET", "/api/pools/{id}/record", public, s.handlePoolRecord},
		{"GET", "/.well-known/squares-record-key", public, s.handleRecordKey},
		// The settlement report of a pool, as JSON and as a spreadsheet (report.go).
		{"GET", "/api/pools/{id}/report", public, s.handlePoolReport},
		{"GET", "/api/pools/{id}/report.csv", public, s.handlePoolReportCSV},
		{"GET", "/api/test-nfl-api", admin | dev, s.handleTestFeed}, // scorefeed.go
		{"GET", "/api/score-feed-status", admin | dev, s.handleScoreFeedStatus},
		// The developer pages' game calls (livegame.go, winner.go); a blank id is a call too ("Please enter a game ID").
		{"GET", "/api/live-games", public | dev, s.handleLiveGames},
		{"GET", "/api/game-details/{id...}", public | dev, s.handleGameDetails},
		{"GET", "/api/historical-games/{season}", public | dev, s.handleHistoricalGames},
		{"POST", "/api/test-score-calculation", public | dev, s.handleTestScoreCalculation},
		// Prize claims and payouts (prize.go).
		{"GET", "/api/user/prizes", user, s.handleUserPrizes},
		{"POST", "/api/user/prizes/{id}/claim", user, s.handleClaimPrize},
		{"GET", "/api/admin/payouts", admin, s.handleListPayouts},
		{"POST", "/api/admin/payouts/{id}/paid", admin, s.handleMarkPayoutPaid},

		// Pools and squares.
		{"GET", "/api/pools", public, s.handleListPools},
		{"GET", "/api/pools/featured", public, s.handleFeaturedPool},
		{"GET", "/api/pools/{id}", public, s.handleGetPool},
		{"PATCH", "/api/pools/{id}", admin | host, s.handlePatchPool}, // host.go: a private pool's host sets its limit
		{"GET", "/api/pools/{id}/squares", public, s.handleListSquares},
		{"POST", "/api/pools/{id}/squares", user, s.handleClaimSquare},
		{"GET", "/api/user/pools", user, s.handleUserPools},
		{"GET", "/api/user-pools", user, s.handleUserPools},
		{"GET", "/api/public/stats", public, s.handlePublicStats},
		// Private pools and their invitations (invitation.go).
		{"POST", "/api/pools/private", user, s.handleCreatePrivatePool},
		{"GET", "/api/rules/presets", public, s.handleRulesPresets},
		{"POST", "/api/pools/join", user, s.handleJoinPool},
		{"GET", "/api/invitations/{code}", public, s.handleReadInvitation}, // invitecode.go: read before sign-in
		{"GET", "/api/pools/{id}/invitations", user, s.handleListInvitations},
		{"POST", "/api/pools/{id}/invitations/{invitationId}/resend", user, s.handleChangeInvitation(s.resendInvitation)},
		{"DELETE", "/api/pools/{id}/invitations/{invitationId}", user, s.handleChangeInvitation(s.Store.RevokeInvitation)},
		// An admin's powers over them: admin routes only, each call audited (invitation_admin.go).
		{"GET", "/api/admin/pools/{id}/invitations", admin, s.handleAdminPoolInvitations},
		{"POST", "/api/admin/pools/{id}/invitations/{invitationId}/resend", admin, s.handleAdminChangeInvitation(s.Store.AdminResendInvitation)},
		{"DELETE", "/api/admin/pools/{id}/invitations/{invitationId}", admin, s.handleAdminChangeInvitation(s.Store.AdminRevokeInvitation)},
		// A host-collected pool's host: guests, squares given and taken back, payments, the history (host.go, guest.go).
		{"POST", "/api/pools/{id}/guests", user, s.handleAddGuest},
		{"POST", "/api/pools/{id}/assign", user, s.handleAssign},
		{"DELETE", "/api/pools/{id}/squares/{row}/{col}", user, s.handleTakeBack},
		{"POST", "/api/pools/{id}/payments", user, s.handleRecordPayment},
		{"GET", "/api/pools/{id}/payments", user, s.handleListPayments},
		{"GET", "/api/pools/{id}/payments.csv", user, s.handlePaymentsCSV},
		{"GET", "/api/pools/{id}/payments/mine", user, s.handleOwnBalance}, // a member's own account with the host
		{"DELETE", "/api/pools/{id}/payments/{paymentId}", user, s.handleCorrectPayment},
		{"GET", "/api/pools/{id}/history", user, s.handlePoolHistory},
		// Its payment deadline's reminders, and the prizes the host pays (deadline.go).
		{"POST", "/api/pools/{id}/reminders", user, s.handleSendReminder},
		{"POST", "/api/pools/{id}/winners/{periodLabel}/paid", user, s.handleMarkPrizePaid},

		// Payments.
		{"POST", "/api/create-escrow-payment", user, paid(s.handleCreateEscrowPayment)},
		{"POST", "/api/purchase-squares", user, paid(s.handlePurchaseSquares)},
		{"POST", "/api/sandbox/payments/{id}/confirm", user, s.handleSandboxConfirm},
		{"POST", "/api/stripe/webhook", public, s.handleStripeWebhook}, // no session: the signature authenticates it
		{"GET", "/api/user/transactions", user, s.handleUserTransactions},
		{"GET", "/api/user/payments", user, s.handleUserPayments},
		{"POST", "/api/user/payments/{id}/cancel", user, paid(s.handleReleaseCheckout)},
		{"GET", "/api/notifications", user, s.handleNotifications},
		{"POST", "/api/notifications/read", user, s.handleReadNotifications},
		{"GET", "/api/admin/ledger/summary", admin, s.handleLedgerSummary},
		{"GET", "/api/admin/ledger/transactions", admin, s.handleLedgerTransactions}, // ledger.go
		{"GET", "/api/admin/readiness", admin, s.handleReadiness},
		{"GET", "/api/admin/escrow/failures", admin, s.handleEscrowFailures},
		{"POST", "/api/pools/{id}/refund", admin, paid(s.handleRefundPool)},
		// The developer test page's calls (devtest.go).
		{"POST", "/api/test/create-payment-intent", user | dev, paid(s.handleTestPaymentIntent)},
		{"POST", "/api/test/create-escrow-payment", user | dev, paid(s.handleCreateEscrowPayment)},
		{"POST", "/api/test/admin/release-escrow", admin | dev, paid(s.handleTestReleaseEscrow)},
		{"POST", "/api/test/admin/refund-escrow", admin | dev, paid(s.handleTestRefundEscrow)},

		// Admin pool management.
		{"POST", "/api/simple-pools", admin, s.handleCreatePool},
		{"PATCH", "/api/simple-pools/{id}/status", admin, s.handleSetPoolStatus},
		{"DELETE", "/api/simple-pools/{id}", admin, s.handleDeletePool},
		{"POST", "/api/admin/pools/activate-multiple", admin, s.handleBulkStatus(squares.PoolActive)},
		{"POST", "/api/admin/pools/deactivate-multiple", admin, s.handleBulkStatus(squares.PoolInactive)},
		// Pool Activation Center and Pool Management (pool_admin.go).
		{"GET", "/api/admin/pools", admin, s.handleAdminListPools},
		{"GET", "/api/admin/games", admin, s.handleAdminListGames},
		{"GET", "/api/simple-pools/{leagueId}", admin, s.handleSimplePools},
		{"GET", "/api/simple-games/{leagueId}", admin, s.handleSimpleGames},
		{"POST", "/api/admin/pools/{id}/feature", admin, s.handleFeaturePool},
		{"POST", "/api/admin/pools/{id}/unfeature", admin, s.handleUnfeaturePool},
		{"POST", "/api/admin/bulk-activate", admin, s.handleBulkActivate},
		{"POST", "/api/admin/emergency-pools", admin, s.handleEmergencyPools},
		{"POST", "/api/admin/activate-season", admin, s.handleActivateSeason},

		// The final decision 2 hours before kickoff (automation.go).
		{"GET", "/api/admin/pool-cancellation-analysis", admin, s.handleCancellationAnalysis},
		{"GET", "/api/admin/pool-decisions", admin, s.handleDecisions},
		{"POST", "/api/admin/pools/{id}/cancel", admin, s.handleCancelPool},
		{"POST", "/api/admin/pools/{id}/house-fill", admin, s.handleHouseFill},
		{"PATCH", "/api/admin/pools/{id}/rules", admin, s.handleSetPoolRules},
		{"POST", "/api/admin/automation/run", admin, s.handleRunAutomation},

		// The admin dashboard's and analytics' figures (stats.go).
		{"GET", "/api/admin/stats", admin, s.handleAdminStats},
		{"POST", "/api/admin/escrow/failures/{paymentId}/retry", admin, s.handleRetryEscrowFailure}, // escrow.go

		// The audit log of admin actions (audit.go): read-only.
		{"GET", "/api/admin/audit", admin, s.handleListAudit},

		// E-mail (mail.go): the outbox for admins, players' preferences, the signed unsubscribe link.
		{"GET", "/api/admin/mail", admin, s.handleListMail},
		{"GET", "/api/user/email-preferences", user, s.handleGetEmailPreferences},
		{"POST", "/api/user/email-preferences", user, s.handleSetEmailPreferences},
		{"GET", "/api/mail/unsubscribe", public, s.handleUnsubscribe},
		{"POST", "/api/mail/unsubscribe", public, s.handleUnsubscribe},
		{"GET", "/dev/mail", public | dev, s.handleDevMail}, // mail_dev.go

		// Push notifications (push.go): the VAPID key, each device's subscription, the outbox for admins.
		{"GET", "/api/push/key", public, s.handlePushKey},
		{"GET", "/api/push/subscriptions", user, s.handleListPushSubscriptions},
		{"POST", "/api/push/subscriptions", user, s.handleSubscribePush},
		{"DELETE", "/api/push/subscriptions", user, s.handleUnsubscribePush},
		{"GET", "/api/admin/push", admin, s.handleListPushes},

		// User management (user.go).
		{"GET", "/api/admin/users", admin, s.handleListUsers},
		{"POST", "/api/admin/users/{userId}/update", admin, s.handleUpdateUser},

		// Anything else under /api is an unknown call, not a page; any other path is the web app's.
		{"", "/api/", public, s.handleUnknownCall},
		{"", "/", public, s.webApp().ServeHTTP},
	}
}

// routes registers the route table, leaving out the development-mode routes outside development mode.
// Every route's path values and query parameters are text (checkInput) before its access is checked.
func (s *Server) routes() {
	m := http.NewServeMux()
	for _, rt := range s.routeTable() {
		if rt.access.DevOnly() && !s.Config.Dev {
			continue
		}
		pattern := rt.pattern
		if rt.method != "" {
			pattern = rt.method + " " + pattern
		}
		h := s.limitUser(s.routeLimiter(pattern), rt.handler)
		switch rt.access.Level() {
		case AccessPublic:
		case AccessUser:
			h = s.requireUser(h)
		case AccessAdmin:
			if rt.access&AccessHost != 0 {
				h = s.requireAdminOrPlayer(pattern, h)
			} else {
				h = s.requireAdmin(pattern, h)
			}
		default:
			panic(fmt.Sprintf("route %s: no access level (%v)", pattern, rt.access))
		}
		// Path values and query parameters are checked before anything else (input.go).
		m.HandleFunc(pattern, s.tagRoute(pattern, s.checkInput(rt.pattern, h)))
	}
	s.mux.Handle("/", s.withUser(m))
}

// Routes lists the routes this server answers (development-mode routes only in development mode), as
// the route table declares them.
func (s *Server) Routes() []Route {
	var out []Route
	for _, rt := range s.routeTable() {
		if rt.access.DevOnly() && !s.Config.Dev {
			continue
		}
		out = append(out, Route{Method: rt.method, Pattern: rt.pattern, Access: rt.access})
	}
	return out
}

func (s *Server) handleUnknownCall(w http.ResponseWriter, r *http.Request) {
	s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "No such API call: %s %s", r.Method, r.URL.Path))
}

// handleHealth answers 200 while the process serves: liveness only. Whether the database answers is
// /readyz's question; a restart would not bring the database back.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, Health{Status: "ok"})
}

// handleConfig tells the web app what it needs to know about this server; testPayments asks every page
// to say that no real money moves.
func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, ServerConfig{
		DevMode: s.Config.Dev, PaymentsProvider: s.paymentsProvider(), TestPayments: s.testPayments(),
		StripePublishableKey: optional(s.Config.StripePublishableKey),
		RestrictedStates:     s.Config.Eligibility.RestrictedList(),
		SupportEmail:         optional(s.Config.SupportEmail),
		PayoutText:           s.payoutText(),
		VAPIDPublicKey:       optional(s.Config.VAPIDPublicKey),
		PrivateMaxFee:        s.privateMaxFee(),
	})
}
