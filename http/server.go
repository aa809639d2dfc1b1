// Package http serves Squares' JSON API, its websocket and the embedded web app.
package http

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/automation"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/live"
	"github.com/squaresapp/squares/mail"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/scores"
	"github.com/squaresapp/squares/store"
)

// Config is the server's configuration, filled in by cmd/squares.
type Config struct {
	// Addr is the address to listen on; port 0 picks a free port.
	Addr string
	// Dev enables development mode: developer pages and calls, and cookies without TLS.
	Dev bool
	// TrustedProxies is the number of proxies (load balancers) in front of the server that append to
	// X-Forwarded-For; the client address is the entry that many from the right. 0 uses the peer's address.
	TrustedProxies int
	// RegisterLimit is how many accounts one address may create in an hour; 0 sets no limit.
	RegisterLimit int
	// Eligibility holds the operator's rules for paid play.
	Eligibility squares.Eligibility
	// PaymentsProvider names the payment provider ("sandbox" or "stripe") for the web app.
	PaymentsProvider string
	// StripePublishableKey is given to the web app when payments go through Stripe.
	StripePublishableKey string
	// StripeWebhookSecret is the signing secret of the Stripe webhook endpoint (whsec_...); empty turns
	// POST /api/stripe/webhook off.
	StripeWebhookSecret string

	// MetricsAddr is where GET /metrics (Prometheus) listens, apart from the site; empty turns it off.
	MetricsAddr string
	// Metrics are the metrics to serve on MetricsAddr, made by cmd/squares to hook other parts to them;
	// nil with a MetricsAddr makes new ones.
	Metrics *Metrics
	// ClaimLimit and CheckoutLimit bound each signed-in player's square claims and checkout calls
	// (create-escrow-payment, purchase-squares) on this instance; a zero Burst sets no limit.
	ClaimLimit, CheckoutLimit RateLimit
	// AllowedOrigins are origins ("https://app.example.com") besides the server's own host allowed to open
	// the websocket; development mode also allows localhost on any port.
	AllowedOrigins []string
	// WSConnsPerAddr is how many websockets one client address may hold open; 0 sets no cap.
	WSConnsPerAddr int
	// AdminTwoFactor requires every admin to sign in with a second factor (TOTP): until an admin has set
	// it up, every admin call but the set-up's answers 403 two_factor_required.
	AdminTwoFactor bool
	// SupportEmail is where players write to have what only an admin may change changed (verified
	// details): shown by the web app. Empty: none is shown.
	SupportEmail string
	// PayoutText tells players where a claimed prize's money goes when payments go through Stripe (the
	// operator pays outside Squares); empty says squares.DefaultPayoutText. The sandbox pays at once.
	PayoutText string
	// VAPIDPublicKey is the key browsers subscribe to push notifications with (push.Keys.Public); empty
	// turns the push calls off.
	VAPIDPublicKey string
	// PushAllowLocal accepts push endpoints on this machine or a private network, over http too (tests,
	// on-premises push services); development mode always does.
	PushAllowLocal bool
	// PrivatePoolLimit and InviteLimit bound the private pools one player creates and the invitation
	// e-mails they send in any 24 hours; 0 sets no limit. PrivateMaxFee caps a private pool's entry fee a
	// square; 0 leaves squares.MaxPrivateEntryFee only.
	PrivatePoolLimit, InviteLimit int
	PrivateMaxFee                 squares.Cents
}

// Server is the HTTP server. Create it with NewServer, then Open, then Close.
type Server struct {
	Config Config
	Store  *store.DB
	Logger *slog.Logger
	// Assets holds the built web app (index.html and its assets); nil serves a short notice instead.
	Assets fs.FS
	// Now gives the current time; tests replace it.
	Now func() time.Time
	// Events, when set, feeds the live updates pushed to websockets.
	Events squares.Events
	// Escrow takes payments for squares; nil disables paid pools.
	Escrow *escrow.Escrow
	// Automation makes the pools' final decisions (an admin may ask for a pass now); nil refuses that
	// (503).
	Automation *automation.Automation
	// Sandbox is the built-in card processor when it is the payment provider.
	Sandbox *sandbox.Provider
	// Scores is the live score feed's poller (SQUARES_SCORES=espn); nil when scores are entered by hand.
	Scores *scores.Poller
	// Applier applies the scores admins enter (and the simulated ones of development mode); nil refuses
	// them (503).
	Applier *scores.Applier
	// Mail renders the outbox's messages for admins and /dev/mail; nil shows no subjects to admins and
	// no /dev/mail page (503).
	Mail *mail.Mailer

	ln     net.Listener
	server *http.Server
	mux    *http.ServeMux
	live   *live.Hub // nil without an event bus

	metrics         *Metrics // nil when metrics are off
	metricsLn       net.Listener
	metricsServer   *http.Server
	requestIDs      *requestIDs
	claimLimiter    *userLimiter
	checkoutLimiter *userLimiter

	// boards and sessions are the caches of pool snapshots and of sessions, kept right by the events
	// the store commits here (tapStoreEvents) and those of other instances (openInvalidations).
	boards            *boards
	sessions          *sessions
	stopInvalidations context.CancelFunc
}

// NewServer returns a server with its routes; set the fields, then call Open. The store's committed
// changes reach the server's caches from here on.
func NewServer(cfg Config, db *store.DB, logger *slog.Logger) *Server {
	logger = withRequestIDs(logger)
	s := &Server{Config: cfg, Store: db, Logger: logger, Now: time.Now, mux: http.NewServeMux(),
		requestIDs:   newRequestIDs(),
		claimLimiter: newUserLimiter("claims", cfg.ClaimLimit), checkoutLimiter: newUserLimiter("checkouts", cfg.CheckoutLimit)}
	if cfg.MetricsAddr != "" {
		s.metrics = cfg.Metrics
		if s.metrics == nil {
			s.metrics = NewMetrics()
		}
		s.registerServerMetrics()
	}
	if db != nil {
		s.boards, s.sessions = newBoards(boardMaxAge, func() time.Time { return db.Now().UTC() }), newSessions(sessionTTL)
		s.tapStoreEvents()
	}
	s.routes()
	s.server = &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	return s
}

// Open starts listening and serving in the background.
func (s *Server) Open() error {
	ln, err := net.Listen("tcp", s.Config.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", s.Config.Addr, err)
	}
	s.ln = ln
	if s.metrics != nil {
		if err := s.openMetrics(); err != nil {
			ln.Close()
			return fmt.Errorf("listen for metrics on %s: %w", s.Config.MetricsAddr, err)
		}
	}
	s.openInvalidations()
	if s.Events != nil {
		s.live = live.New(live.Config{PerAddr: s.Config.WSConnsPerAddr}, liveSource{s}, s.Logger)
		s.live.Open(s.Events)
	}
	go func() {
		if err := s.server.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.Logger.Error("serve", "err", err)
		}
	}()
	return nil
}

// Addr returns the address the server listens on.
func (s *Server) Addr() string {
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// URL returns the server's base URL.
func (s *Server) URL() string { return "http://" + s.Addr() }

// Close stops accepting requests and waits up to the context's deadline for those under way.
func (s *Server) Close(ctx context.Context) error {
	err := s.server.Shutdown(ctx)
	if s.metricsServer != nil {
		s.metricsServer.Close()
	}
	if s.stopInvalidations != nil {
		s.stopInvalidations()
	}
	if s.live != nil {
		// Shutdown does not wait for hijacked connections: the hub closes its websockets itself.
		s.live.Close()
	}
	return err
}

// Handler returns the server's handler with its middleware.
func (s *Server) Handler() http.Handler {
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Error(w, r, squares.Errorf(squares.EFORBIDDEN, "Cross-site requests are not allowed."))
	}))
	return s.observe(s.recoverPanics(s.securityHeaders(s.limitBody(csrf.Handler(compressAnswers(s.mux))))))
}

func (s *Server) now() time.Time { return s.Now().UTC() }

func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Error(w, r, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}
