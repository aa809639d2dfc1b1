package http

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// ReadinessCheck is one line of the admin's readiness checklist: what this server really has.
type ReadinessCheck struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// paymentsProvider names the payment provider; the sandbox unless Stripe is configured.
func (s *Server) paymentsProvider() string {
	if s.Config.PaymentsProvider == "" {
		return "sandbox"
	}
	return s.Config.PaymentsProvider
}

// stripeLive reports Stripe with live keys: real money.
func (s *Server) stripeLive() bool {
	return s.paymentsProvider() == "stripe" && strings.HasPrefix(s.Config.StripePublishableKey, "pk_live_")
}

// testPayments reports a server outside development mode whose payments move no real money, for the
// web app's banner. In development mode everything is a test.
func (s *Server) testPayments() bool {
	return !s.Config.Dev && !s.stripeLive()
}

// handleReadiness answers the readiness checklist, computed from the configuration and the database.
func (s *Server) handleReadiness(w http.ResponseWriter, r *http.Request) {
	state, err := s.Store.Readiness(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	checks := []ReadinessCheck{s.modeCheck(), s.databaseCheck(state)}
	checks = append(checks, s.paymentChecks()...)
	checks = append(checks, adminCheck(state), s.eligibilityCheck(), gamesCheck(state), poolsCheck(state),
		s.scoresCheck())
	writeJSON(w, http.StatusOK, checks)
}

func (s *Server) modeCheck() ReadinessCheck {
	c := ReadinessCheck{Key: "mode", Label: "Server mode", OK: !s.Config.Dev,
		Detail: "Production mode: secure cookies, no developer pages"}
	if s.Config.Dev {
		c.Detail = "Development mode: developer pages and calls are on, cookies work without TLS"
	}
	return c
}

func (s *Server) databaseCheck(st *store.Readiness) ReadinessCheck {
	engine := map[string]string{store.SQLite: "SQLite", store.Postgres: "PostgreSQL"}[s.Store.Engine()]
	c := ReadinessCheck{Key: "database", Label: "Database", OK: st.SchemaVersion == st.LatestMigration}
	switch {
	case st.SchemaVersion < st.LatestMigration:
		c.Detail = fmt.Sprintf("%s, schema version %d of %d: migrations pending (run squares migrate)", engine,
			st.SchemaVersion, st.LatestMigration)
	case st.SchemaVersion > st.LatestMigration:
		c.Detail = fmt.Sprintf("%s, schema version %d, newer than this server's %d: run the newer server", engine,
			st.SchemaVersion, st.LatestMigration)
	default:
		c.Detail = fmt.Sprintf("%s, schema version %d, up to date", engine, st.SchemaVersion)
	}
	return c
}

// paymentChecks reports the provider and, with Stripe, its webhook.
func (s *Server) paymentChecks() []ReadinessCheck {
	c := ReadinessCheck{Key: "payments", Label: "Payments"}
	switch {
	case s.Escrow == nil:
		c.Detail = "Payments are not enabled on this server: paid pools do not sell"
	case s.stripeLive():
		c.OK, c.Detail = true, "Stripe with live keys: real money"
	case s.paymentsProvider() == "stripe":
		c.Detail = "Stripe with test keys: test cards only, no real money"
	default:
		c.Detail = "Sandbox: built-in test cards only, no real money (set SQUARES_PAYMENTS=stripe)"
	}
	if s.paymentsProvider() != "stripe" {
		return []ReadinessCheck{c}
	}
	hook := ReadinessCheck{Key: "webhook", Label: "Stripe webhook", OK: s.Config.StripeWebhookSecret != "",
		Detail: "Webhook signing secret set: Stripe events arrive at /api/stripe/webhook"}
	if !hook.OK {
		hook.Detail = "No signing secret set: Stripe events are not received (STRIPE_WEBHOOK_SECRET)"
	}
	return []ReadinessCheck{c, hook}
}

func adminCheck(st *store.Readiness) ReadinessCheck {
	c := ReadinessCheck{Key: "admin", Label: "Admin account", OK: st.Admins > 0,
		Detail: fmt.Sprintf("%d admin%s", st.Admins, plural(st.Admins))}
	if !c.OK {
		c.Detail = "No admin: create one with squares create-admin"
	}
	return c
}

func (s *Server) eligibilityCheck() ReadinessCheck {
	e := s.Config.Eligibility
	states := e.RestrictedList()
	c := ReadinessCheck{Key: "eligibility", Label: "Restricted states", OK: len(states) > 0}
	if c.OK {
		c.Detail = fmt.Sprintf("Paid play refused in %d state%s: %s", len(states), plural(len(states)), strings.Join(states, ", "))
	} else {
		c.Detail = "No state restricted: paid play is open in every state (SQUARES_RESTRICTED_STATES)"
	}
	var ages []string
	for _, code := range slices.Sorted(maps.Keys(e.MinAge)) {
		ages = append(ages, fmt.Sprintf("%s %d", code, e.MinAge[code]))
	}
	if len(ages) > 0 {
		c.Detail += "; minimum age " + strings.Join(ages, ", ") + ", 18 elsewhere"
	}
	return c
}

func gamesCheck(st *store.Readiness) ReadinessCheck {
	c := ReadinessCheck{Key: "games", Label: "Games imported", OK: st.UpcomingGames > 0}
	switch {
	case st.Games == 0:
		c.Detail = "No games: import a schedule with squares import-schedule"
	case st.UpcomingGames == 0:
		c.Detail = fmt.Sprintf("%d game%s, none still to play: import the next schedule", st.Games, plural(st.Games))
	default:
		c.Detail = fmt.Sprintf("%d game%s, %d still to play", st.Games, plural(st.Games), st.UpcomingGames)
	}
	return c
}

func poolsCheck(st *store.Readiness) ReadinessCheck {
	var weeks []string
	open := 0
	for _, w := range st.Weeks {
		if w.Week == "" && w.ActivePools == 0 {
			continue // a league nobody has started
		}
		week := w.Week
		if week == "" {
			week = "(no active week)"
		}
		count := fmt.Sprintf("%d open", w.ActivePools)
		if w.ActivePools == 0 {
			count = "none open"
		}
		weeks = append(weeks, fmt.Sprintf("%s %s: %s", w.League, week, count))
		open += w.ActivePools
	}
	c := ReadinessCheck{Key: "pools", Label: "Pools open this week", OK: open > 0, Detail: strings.Join(weeks, "; ")}
	if open == 0 {
		c.Detail = "No pools are open for sale: set the active week and activate its pools (Pool Activation)"
		if len(weeks) > 0 {
			c.Detail += "; " + strings.Join(weeks, "; ")
		}
	}
	return c
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// ServerConfig tells the web app what it needs to know about this server (GET /api/config).
type ServerConfig struct {
	DevMode          bool   `json:"devMode"`
	PaymentsProvider string `json:"paymentsProvider" tstype:"'sandbox' | 'stripe' | (string & {})"`
	PayoutText       string `json:"payoutText"`
	// PrivateMaxFee is the highest entry fee of a private pool's square; null for only the ceiling.
	PrivateMaxFee        *squares.Cents `json:"privateMaxFee"`
	RestrictedStates     []string       `json:"restrictedStates" tstype:"string[] | null"`
	StripePublishableKey *string        `json:"stripePublishableKey"`
	SupportEmail         *string        `json:"supportEmail"`
	TestPayments         bool           `json:"testPayments"`
	VAPIDPublicKey       *string        `json:"vapidPublicKey"`
}

// Health answers /healthz and /readyz: the status, and why the server is not ready.
type Health struct {
	Reason string `json:"reason,omitempty" tstype:"string | undefined"`
	Status string `json:"status"`
}
