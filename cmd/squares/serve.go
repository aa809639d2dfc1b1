package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/automation"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/espn"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/mail"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/push"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/scores"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/stripe"
	"github.com/squaresapp/squares/web"
)

func runServe(ctx context.Context, fs *flag.FlagSet, args []string, stderr io.Writer) error {
	cfg, err := parseConfig(fs, args)
	if err != nil {
		return err
	}
	if err := cfg.checkServe(); err != nil {
		return err
	}
	logger := newLogger(stderr, cfg.LogLevel, cfg.LogFormat)
	var metrics *squareshttp.Metrics
	if cfg.MetricsAddr != "" {
		metrics = squareshttp.NewMetrics()
	}
	db := store.New(cfg.DatabaseURL)
	db.RecordKey = cfg.RecordKey
	if err := db.Open(ctx); err != nil {
		return err
	}
	defer db.Close()
	db.Logger = logger
	logger.Info("database ready", "engine", db.Engine())

	events, closeEvents, err := openEvents(ctx, db, logger)
	if err != nil {
		return err
	}
	defer closeEvents()
	db.Events = events

	if cfg.AdminUsername != "" {
		if err := ensureAdmin(ctx, db, cfg.AdminUsername, cfg.AdminPassword); err != nil {
			return err
		}
		logger.Info("admin ready", "username", cfg.AdminUsername)
	}
	if !cfg.Dev {
		if err := refuseDemoAccounts(ctx, db); err != nil {
			return err
		}
	}
	if cfg.Demo {
		seeded, err := seedDemo(ctx, db, time.Now(), cfg.AdminUsername == "", logger)
		if err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
		if seeded {
			logger.Info("demo data seeded", "player", demoPlayerEmail, "password", demoPassword)
		}
	}

	provider, sb, err := openPayments(cfg, db, logger)
	if err != nil {
		return err
	}
	if testPayments(cfg) {
		logger.Warn("payments are in test mode: no real money moves", "provider", provider.Name(),
			"hint", "set SQUARES_PAYMENTS=stripe with live keys for real payments; every page shows a test banner")
	} else {
		logger.Info("payments ready", "provider", provider.Name())
	}
	// Web push: every instance on the database signs with the same VAPID key.
	vapid, err := push.LoadKeys(ctx, db, cfg.VAPIDPublicKey, cfg.VAPIDPrivateKey)
	if err != nil {
		return err
	}
	// The server is made before any background work publishes through the store: it routes the store's
	// events through its caches (db.Events).
	srv := squareshttp.NewServer(squareshttp.Config{
		Addr: cfg.Addr, Dev: cfg.Dev, TrustedProxies: cfg.TrustProxies, RegisterLimit: cfg.RegisterLimit, Eligibility: cfg.Eligibility,
		PaymentsProvider: provider.Name(), StripePublishableKey: cfg.StripePublishableKey,
		StripeWebhookSecret: webhookSecret(cfg),
		MetricsAddr:         cfg.MetricsAddr, Metrics: metrics, ClaimLimit: cfg.ClaimLimit, CheckoutLimit: cfg.CheckoutLimit,
		AllowedOrigins: cfg.WSOrigins, WSConnsPerAddr: cfg.WSConnsPerAddr,
		AdminTwoFactor: cfg.AdminTwoFactor, SupportEmail: cfg.SupportEmail, PayoutText: cfg.PayoutText,
		VAPIDPublicKey: vapid.Public, PushAllowLocal: cfg.Dev || cfg.PushAllowLocal,
		PrivatePoolLimit: cfg.PrivatePoolLimit, InviteLimit: cfg.InviteLimit, PrivateMaxFee: cfg.PrivateMaxFee,
	}, db, logger)
	srv.Events = events
	esc := escrow.New(db, provider, logger)
	esc.Interval = cfg.EscrowInterval
	esc.Eligibility = cfg.Eligibility
	if sb != nil {
		sb.OnEvent = esc.HandleEvent
	}
	// Background work stops, and is waited for, before the database closes.
	background, stopBackground := context.WithCancel(context.Background())
	var workers sync.WaitGroup
	defer func() { stopBackground(); workers.Wait() }()
	workers.Go(func() { esc.Run(background) })
	// The beacon: set after the demo data is seeded (its pools drawn at once, beacon off), before the server
	// takes a claim.
	if beacon, err := newBeaconWorker(cfg, db, logger.With("component", "beacon")); err != nil {
		return err
	} else if beacon != nil {
		beacon.OnDraw = func(int64) { esc.Kick() }
		workers.Go(func() { beacon.Run(background) })
	}
	auto := automation.New(db, esc, logger)
	auto.Interval = cfg.AutomationInterval
	if metrics != nil {
		auto.OnDecision = func(d squares.Decision) { metrics.AutomationDecision(d.Action) }
	}
	workers.Go(func() { auto.Run(background) })
	if sb != nil {
		workers.Go(func() { sb.Run(background, time.Hour) })
	}
	// Every score, an admin's, the feed's or the demo game's, is applied by the one applier.
	applier := scores.NewApplier(db, esc, logger.With("component", "scores"))
	var feed *scores.Poller
	if cfg.Scores == "espn" {
		feed = scores.NewPoller(db, applier, meteredSource(espn.New(cfg.ESPNURL, nil), "espn", metrics), "espn",
			logger.With("component", "scores"))
		feed.Interval = cfg.ScoresInterval
		workers.Go(func() { feed.Run(background) })
		logger.Info("score feed ready", "provider", "espn", "url", cfg.ESPNURL, "interval", cfg.ScoresInterval)
	} else {
		logger.Info("score feed ready", "provider", "manual", "hint", "admins enter scores; SQUARES_SCORES=espn polls ESPN")
	}
	if demoPlayerOn(cfg) {
		sim, err := newDemoPlayer(ctx, cfg, db, applier, logger)
		if err != nil {
			return fmt.Errorf("demo game: %w", err)
		}
		if sim != nil {
			workers.Go(func() { sim.Run(background) })
		}
	}
	mailer, err := mail.New(db, mail.Config{SMTPURL: cfg.SMTPURL, From: cfg.MailFrom, BaseURL: cfg.PublicURL, Dev: cfg.Dev,
		Interval: cfg.MailInterval}, logger.With("component", "mail"))
	if err != nil {
		return err
	}
	workers.Go(func() { mailer.Run(background) })
	if mailer.Sending() {
		logger.Info("mail ready", "mail", mailer.Describe(), "links", cfg.PublicURL)
	} else {
		logger.Warn("mail is not sent", "mail", mailer.Describe(),
			"hint", "set SQUARES_SMTP_URL, SQUARES_MAIL_FROM and SQUARES_PUBLIC_URL to send e-mail")
	}
	subject, err := push.Subject(cfg.VAPIDSubject, cfg.PublicURL, cfg.MailFrom)
	if err != nil {
		return err
	}
	pusher, err := push.New(db, push.Config{Keys: vapid, Subject: subject, Interval: cfg.PushInterval, AllowPrivate: cfg.Dev || cfg.PushAllowLocal},
		logger.With("component", "push"))
	if err != nil {
		return err
	}
	workers.Go(func() { pusher.Run(background) })
	keySource := "made once and kept in the database"
	if cfg.VAPIDPublicKey != "" {
		keySource = "SQUARES_VAPID_PUBLIC_KEY"
	}
	logger.Info("push ready", "subject", subject, "key", keySource)

	srv.Escrow = esc
	srv.Automation = auto
	srv.Sandbox = sb
	srv.Scores = feed
	srv.Applier = applier
	srv.Mail = mailer
	srv.Assets = web.Dist()
	if srv.Assets == nil {
		logger.Warn("the web app is not built into this binary; run `make build`")
	}
	if err := srv.Open(); err != nil {
		return err
	}
	logger.Info("squares listening", "url", srv.URL(), "dev", cfg.Dev)
	if addr := srv.MetricsAddr(); addr != "" {
		logger.Info("metrics listening", "url", "http://"+addr+"/metrics")
	}

	<-ctx.Done()
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return srv.Close(shutdownCtx)
}

// refuseDemoAccounts stops a server outside development mode on a database seeded with demo data, whose
// accounts sign in with passwords printed in the README.
func refuseDemoAccounts(ctx context.Context, db *store.DB) error {
	names, err := demoAccounts(ctx, db)
	if err != nil || len(names) == 0 {
		return err
	}
	list := fmt.Sprintf("%q", names[0])
	for _, n := range names[1:min(len(names), 3)] {
		list += fmt.Sprintf(", %q", n)
	}
	if len(names) > 3 {
		list += fmt.Sprintf(" and %d more", len(names)-3)
	}
	return fmt.Errorf("this database holds demo accounts that sign in with published passwords (%s): it was seeded "+
		"in development mode. Serve it with SQUARES_DEV=1, or start production on a fresh database", list)
}

func ensureAdmin(ctx context.Context, db *store.DB, username, password string) error {
	u, err := db.FindUserByUsername(ctx, username)
	if err == nil && squares.CheckPassword(u.PasswordHash, password) && u.IsAdmin() {
		return nil // unchanged: keep its sessions
	}
	hash, err := squares.HashPassword(password)
	if err != nil {
		return err
	}
	_, err = db.EnsureAdmin(ctx, username, hash)
	return err
}

// openEvents returns the event bus: in-process with SQLite, PostgreSQL LISTEN/NOTIFY with PostgreSQL so
// that every instance on the database hears every change.
func openEvents(ctx context.Context, db *store.DB, logger *slog.Logger) (squares.Events, func(), error) {
	if db.Engine() != store.Postgres {
		return pubsub.NewLocal(logger), func() {}, nil
	}
	ps := pubsub.NewPostgres(db.URL, logger)
	if err := ps.Open(ctx); err != nil {
		return nil, nil, err
	}
	return ps, func() { ps.Close() }, nil
}

// openPayments returns the configured payment provider, and the sandbox when it is the one.
func openPayments(cfg *Config, db *store.DB, logger *slog.Logger) (squares.PaymentProvider, *sandbox.Provider, error) {
	switch cfg.Payments {
	case "stripe":
		p, err := stripe.New(stripe.Config{SecretKey: cfg.StripeSecretKey, APIBase: cfg.StripeAPIBase,
			Logger: logger.With("component", "stripe")})
		if err != nil {
			return nil, nil, err
		}
		return p, nil, nil
	default:
		sb := sandbox.New(db)
		return sb, sb, nil
	}
}

// testPayments reports a server outside development mode whose payments move no real money: the sandbox,
// or Stripe without live keys.
func testPayments(cfg *Config) bool {
	return !cfg.Dev && (cfg.Payments != "stripe" || !cfg.stripeLive())
}

// webhookSecret is the Stripe webhook signing secret when payments go through Stripe; with the sandbox
// the webhook endpoint is off.
func webhookSecret(cfg *Config) string {
	if cfg.Payments != "stripe" {
		return ""
	}
	return cfg.StripeWebhookSecret
}

// meteredSource counts each scoreboard read of a score feed in the metrics (nil: none).
func meteredSource(src scores.Source, provider string, m *squareshttp.Metrics) scores.Source {
	if m == nil {
		return src
	}
	return &metered{Source: src, provider: provider, m: m}
}

type metered struct {
	scores.Source
	provider string
	m        *squareshttp.Metrics
}

func (s *metered) Scoreboard(ctx context.Context, league string, date time.Time) ([]squares.FeedGame, error) {
	games, err := s.Source.Scoreboard(ctx, league, date)
	s.m.FeedPoll(s.provider, err)
	return games, err
}

// Covers passes on the source's coverage, which the poller asks for through scores.Coverage.
func (s *metered) Covers(league string) bool {
	if c, ok := s.Source.(scores.Coverage); ok {
		return c.Covers(league)
	}
	return true
}
