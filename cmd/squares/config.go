package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"flag"
	"fmt"
	netmail "net/mail"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/mail"
)

// Config is the whole configuration of the binary, read from flags and SQUARES_* environment variables
// (a flag wins over its variable).
type Config struct {
	Addr          string
	DatabaseURL   string
	Dev           bool
	Demo          bool
	TrustProxies  int // proxies in front that append to X-Forwarded-For
	RegisterLimit int // accounts one address may create in an hour; 0: no limit
	AdminUsername string
	AdminPassword string
	// RecordKey signs the pools' record checkpoints (SQUARES_RECORD_KEY, the Ed25519 seed as 64 hex
	// characters); nil takes the database's own key.
	RecordKey        ed25519.PrivateKey
	AdminTwoFactor   bool // every admin must sign in with a second factor (TOTP)
	RestrictedStates string
	StateMinAge      string
	LogLevel         string
	ShutdownTimeout  time.Duration

	// Payments is the payment provider: sandbox (built in) or stripe. Outside development mode it must be
	// set (checkServe); in development mode it defaults to sandbox.
	Payments             string
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	// StripeAPIBase overrides Stripe's API address (tests point it at stripe-mock).
	StripeAPIBase string
	// PayoutText tells players where a claimed prize's money goes with Stripe (the operator pays outside
	// Squares); empty gives squares.DefaultPayoutText. The sandbox pays at once and says so.
	PayoutText string
	// EscrowInterval is how often the escrow looks for payments to capture, release or refund.
	EscrowInterval time.Duration
	// AutomationInterval is how often the automation makes the pools' final decisions and starts pools at
	// kickoff.
	AutomationInterval time.Duration
	// Scores is where game scores come from: manual (admins enter them; the default) or espn (ESPN's
	// public scoreboards, polled every ScoresInterval from ESPNURL).
	Scores         string
	ESPNURL        string
	ScoresInterval time.Duration
	// DemoPlayInterval is the time between two steps of the demo game the simulator plays in development
	// mode with demo data (about 41 steps a game).
	DemoPlayInterval time.Duration

	Eligibility squares.Eligibility

	// E-mail. SMTPURL (SQUARES_SMTP_URL, an environment variable only: it holds a password) is
	// smtp://user:pass@host:port or smtps://...; without it, development mode shows mail at /dev/mail and
	// production records it as skipped. MailFrom is the sender; PublicURL starts the links in messages.
	SMTPURL      string
	MailFrom     string
	PublicURL    string
	MailInterval time.Duration
	// SupportEmail is where players write about what only an admin may change (verified details); the web
	// app shows it in the footer and on the age-verification and account pages.
	SupportEmail string

	// Web push (config_push.go): the VAPID key pair (both or neither; neither: made once and kept in the
	// database), the subject push services may contact, and how often the push outbox is sent.
	VAPIDPublicKey  string
	VAPIDPrivateKey string
	VAPIDSubject    string
	PushInterval    time.Duration
	PushAllowLocal  bool // push endpoints on this machine or a private network (always in development mode)

	// The draw's randomness beacon (config_drand.go): on (drand's relays DrandURLs, the chain DrandChain's
	// /info JSON or quicknet), off, or dev (the built-in development beacon).
	Drand      string
	DrandURLs  string
	DrandChain string

	// Operations (config_ops.go): log format, the metrics listener, per-player rate limits, websocket caps.
	LogFormat                 string
	MetricsAddr               string
	ClaimLimit, CheckoutLimit squareshttp.RateLimit
	WSOrigins                 []string
	WSConnsPerAddr            int

	// Private pools (config_private.go): pools and invitation e-mails one player may create and send in any
	// 24 hours (0: no limit), and the host's highest entry fee a square (0: only the $1000 ceiling).
	PrivatePoolLimit, InviteLimit int
	PrivateMaxFee                 squares.Cents
}

// env reads a variable with a default.
func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// envBool reads a boolean variable (1, 0, true, false); anything else is remembered as an error for
// parseConfig to report, rather than silently read as the default.
func envBool(name string, def bool, bad *[]string) bool {
	v, ok := os.LookupEnv(name)
	if !ok || v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		*bad = append(*bad, fmt.Sprintf("%s: %q is not 1 or 0", name, v))
		return def
	}
	return b
}

// envDuration reads a positive duration variable ("15m"); a bad value is remembered for parseConfig to
// report.
func envDuration(name string, def time.Duration, bad *[]string) time.Duration {
	v, ok := os.LookupEnv(name)
	if !ok || v == "" {
		return def
	}
	d, err := time.ParseDuration(strings.TrimSpace(v))
	if err != nil || d <= 0 {
		*bad = append(*bad, fmt.Sprintf("%s: %q is not a positive duration such as 15m", name, v))
		return def
	}
	return d
}

// parseCount reads a count of zero or more; for SQUARES_TRUST_PROXY, which was a boolean, true and false
// read as 1 and 0.
func parseCount(v string) (int, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return 1, nil
	case "false":
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a number of 0 or more", v)
	}
	return n, nil
}

// envCount reads a count variable; a bad value is remembered for parseConfig to report.
func envCount(name string, def int, bad *[]string) int {
	v, ok := os.LookupEnv(name)
	if !ok || v == "" {
		return def
	}
	n, err := parseCount(v)
	if err != nil {
		*bad = append(*bad, fmt.Sprintf("%s: %v", name, err))
		return def
	}
	return n
}

// proxyCount is the --trust-proxy flag: a count that also reads true and false, as the boolean it was.
// It takes a value (--trust-proxy=1): a bare --trust-proxy is refused rather than read as 1, so that
// "--trust-proxy 2" cannot silently mean 1.
type proxyCount int

func (p *proxyCount) String() string {
	if p == nil {
		return "0"
	}
	return strconv.Itoa(int(*p))
}

func (p *proxyCount) Set(v string) error {
	n, err := parseCount(v)
	if err != nil {
		return err
	}
	*p = proxyCount(n)
	return nil
}

// parseConfig fills a Config from the environment, then the flags of fs.
func parseConfig(fs *flag.FlagSet, args []string) (*Config, error) {
	c := &Config{}
	var bad []string
	fs.StringVar(&c.Addr, "addr", env("SQUARES_ADDR", "127.0.0.1:8080"), "address to listen on (SQUARES_ADDR)")
	fs.StringVar(&c.DatabaseURL, "database-url", env("SQUARES_DATABASE_URL", "sqlite:data/squares.db"),
		"sqlite:PATH or postgres://... (SQUARES_DATABASE_URL)")
	fs.BoolVar(&c.Dev, "dev", envBool("SQUARES_DEV", false, &bad), "development mode (SQUARES_DEV)")
	demo := fs.String("demo", env("SQUARES_DEMO", ""), "seed demo data into an empty database: 1 or 0 (SQUARES_DEMO; development mode only, where it defaults to 1)")
	c.TrustProxies = envCount("SQUARES_TRUST_PROXY", 0, &bad)
	fs.Var((*proxyCount)(&c.TrustProxies), "trust-proxy",
		"number of proxies in front that append to X-Forwarded-For, 0 for none (SQUARES_TRUST_PROXY)")
	c.RegisterLimit = envCount("SQUARES_REGISTER_LIMIT", 30, &bad)
	fs.IntVar(&c.RegisterLimit, "register-limit", c.RegisterLimit,
		"accounts one address may create in an hour, 0 for no limit (SQUARES_REGISTER_LIMIT)")
	fs.BoolVar(&c.AdminTwoFactor, "admin-2fa", envBool("SQUARES_ADMIN_2FA", false, &bad),
		"require two-factor sign-in (an authenticator app's code) of every admin (SQUARES_ADMIN_2FA)")
	fs.StringVar(&c.RestrictedStates, "restricted-states", env("SQUARES_RESTRICTED_STATES", squares.DefaultRestrictedStates),
		"states where paid play is not allowed (SQUARES_RESTRICTED_STATES)")
	fs.StringVar(&c.StateMinAge, "state-min-age", env("SQUARES_STATE_MIN_AGE", squares.DefaultStateMinAge),
		"minimum age for paid play per state (SQUARES_STATE_MIN_AGE)")
	fs.StringVar(&c.LogLevel, "log-level", env("SQUARES_LOG_LEVEL", "info"), "debug, info, warn or error (SQUARES_LOG_LEVEL)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 15*time.Second, "how long to wait for requests at shutdown")
	fs.StringVar(&c.Payments, "payments", env("SQUARES_PAYMENTS", ""),
		"payment provider: sandbox or stripe (SQUARES_PAYMENTS; required outside development mode, else sandbox)")
	fs.DurationVar(&c.EscrowInterval, "escrow-interval", 30*time.Second, "how often the escrow looks for work")
	fs.DurationVar(&c.AutomationInterval, "automation-interval", envDuration("SQUARES_AUTOMATION_INTERVAL", 15*time.Minute, &bad),
		"how often pools get their final decision 2 hours before kickoff (SQUARES_AUTOMATION_INTERVAL)")
	fs.StringVar(&c.Scores, "scores", env("SQUARES_SCORES", "manual"),
		"where scores come from: manual or espn (SQUARES_SCORES)")
	fs.StringVar(&c.ESPNURL, "espn-url", env("SQUARES_ESPN_URL", "https://site.api.espn.com"),
		"base URL of ESPN's scoreboard API (SQUARES_ESPN_URL)")
	fs.DurationVar(&c.ScoresInterval, "scores-interval", envDuration("SQUARES_SCORES_INTERVAL", 30*time.Second, &bad),
		"how often the espn score feed polls (SQUARES_SCORES_INTERVAL)")
	fs.DurationVar(&c.DemoPlayInterval, "demo-play-interval", envDuration("SQUARES_DEMO_PLAY_INTERVAL", 15*time.Second, &bad),
		"time between two plays of the demo game, development mode with demo data only (SQUARES_DEMO_PLAY_INTERVAL)")
	fs.StringVar(&c.PayoutText, "payout-text", env("SQUARES_PAYOUT_TEXT", ""),
		"what players are told of how a claimed prize is paid with stripe (SQUARES_PAYOUT_TEXT)")
	c.StripeSecretKey = os.Getenv("STRIPE_SECRET_KEY")
	c.StripePublishableKey = os.Getenv("STRIPE_PUBLISHABLE_KEY")
	c.StripeWebhookSecret = os.Getenv("STRIPE_WEBHOOK_SECRET")
	c.StripeAPIBase = os.Getenv("STRIPE_API_BASE")
	c.AdminUsername = os.Getenv("SQUARES_ADMIN_USERNAME")
	c.AdminPassword = os.Getenv("SQUARES_ADMIN_PASSWORD")
	recordKey := strings.TrimSpace(os.Getenv("SQUARES_RECORD_KEY"))
	c.SMTPURL = strings.TrimSpace(os.Getenv("SQUARES_SMTP_URL"))
	fs.StringVar(&c.MailFrom, "mail-from", env("SQUARES_MAIL_FROM", ""), `sender of e-mail, "Squares <noreply@example.com>" (SQUARES_MAIL_FROM)`)
	fs.StringVar(&c.PublicURL, "public-url", env("SQUARES_PUBLIC_URL", ""),
		"the site's address, which links in e-mail start with (SQUARES_PUBLIC_URL; default http://ADDR in development mode)")
	fs.DurationVar(&c.MailInterval, "mail-interval", envDuration("SQUARES_MAIL_INTERVAL", 15*time.Second, &bad),
		"how often the outbox is sent (SQUARES_MAIL_INTERVAL)")
	fs.StringVar(&c.SupportEmail, "support-email", env("SQUARES_SUPPORT_EMAIL", ""),
		"support address players write to, shown by the web app (SQUARES_SUPPORT_EMAIL)")
	ops := c.registerOps(fs, &bad)
	c.registerPush(fs, &bad)
	c.registerDrand(fs)
	privateMaxFee := c.registerPrivatePools(fs, &bad)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(bad, "; "))
	}
	if c.AutomationInterval <= 0 {
		return nil, fmt.Errorf("--automation-interval: %s is not a positive duration", c.AutomationInterval)
	}
	if c.ScoresInterval <= 0 {
		return nil, fmt.Errorf("--scores-interval: %s is not a positive duration", c.ScoresInterval)
	}
	if c.DemoPlayInterval <= 0 {
		return nil, fmt.Errorf("--demo-play-interval: %s is not a positive duration", c.DemoPlayInterval)
	}
	switch c.Scores = strings.ToLower(strings.TrimSpace(c.Scores)); c.Scores {
	case "", "manual":
		c.Scores = "manual"
	case "espn":
		if u, err := url.Parse(strings.TrimSpace(c.ESPNURL)); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("SQUARES_ESPN_URL: %q is not an http(s) URL", c.ESPNURL)
		}
	default:
		return nil, fmt.Errorf("SQUARES_SCORES: %q is not manual or espn", c.Scores)
	}
	c.Demo = c.Dev
	if *demo != "" {
		b, err := strconv.ParseBool(*demo)
		if err != nil {
			return nil, fmt.Errorf("SQUARES_DEMO: %q is not 1 or 0", *demo)
		}
		c.Demo = b
	}
	var err error
	if c.Eligibility, err = squares.ParseEligibility(c.RestrictedStates, c.StateMinAge); err != nil {
		return nil, err
	}
	if recordKey != "" {
		seed, err := hex.DecodeString(recordKey)
		if err != nil || len(seed) != ed25519.SeedSize {
			return nil, fmt.Errorf("SQUARES_RECORD_KEY: want an Ed25519 seed as 64 hex characters")
		}
		c.RecordKey = ed25519.NewKeyFromSeed(seed)
	}
	// A password alone is how create-admin may take it; serve checks that it comes with a username.
	if c.AdminUsername != "" && c.AdminPassword == "" {
		return nil, fmt.Errorf("set both SQUARES_ADMIN_USERNAME and SQUARES_ADMIN_PASSWORD, or neither")
	}
	if c.AdminPassword != "" && len(c.AdminPassword) < squares.MinPasswordRegister {
		return nil, fmt.Errorf("SQUARES_ADMIN_PASSWORD must be at least %d characters", squares.MinPasswordRegister)
	}
	switch c.Payments = strings.ToLower(strings.TrimSpace(c.Payments)); c.Payments {
	case "", "sandbox": // unset: checkServe decides
	case "stripe":
		if c.StripeSecretKey == "" || c.StripePublishableKey == "" || c.StripeWebhookSecret == "" {
			return nil, fmt.Errorf("SQUARES_PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET")
		}
		// The browser would pay in one mode and the server capture in the other.
		if c.stripeLive() != strings.HasPrefix(c.StripePublishableKey, "pk_live_") {
			return nil, fmt.Errorf("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be live keys or both test keys")
		}
	default:
		return nil, fmt.Errorf("SQUARES_PAYMENTS: %q is not sandbox or stripe", c.Payments)
	}
	// One paragraph of plain text: the web app shows it as is.
	c.PayoutText = strings.Join(strings.Fields(c.PayoutText), " ")
	if len(c.PayoutText) > 500 {
		return nil, fmt.Errorf("SQUARES_PAYOUT_TEXT: %d characters, at most 500", len(c.PayoutText))
	}
	if err := c.parseMail(); err != nil {
		return nil, err
	}
	if err := c.parseOps(ops); err != nil {
		return nil, err
	}
	if err := c.parsePush(); err != nil {
		return nil, err
	}
	if err := c.parseDrand(); err != nil {
		return nil, err
	}
	if err := c.parsePrivatePools(privateMaxFee); err != nil {
		return nil, err
	}
	c.LogLevel = strings.ToLower(c.LogLevel)
	return c, nil
}

// parseMail checks the e-mail settings: the SMTP URL, the sender, the public URL.
func (c *Config) parseMail() error {
	if c.MailInterval <= 0 {
		return fmt.Errorf("--mail-interval: %s is not a positive duration", c.MailInterval)
	}
	if c.SMTPURL != "" {
		if err := mail.CheckSMTPURL(c.SMTPURL); err != nil {
			return err
		}
	}
	if c.MailFrom = strings.TrimSpace(c.MailFrom); c.MailFrom != "" {
		if _, err := netmail.ParseAddress(c.MailFrom); err != nil {
			return fmt.Errorf("SQUARES_MAIL_FROM: %q is not an address such as \"Squares <noreply@example.com>\"", c.MailFrom)
		}
	}
	if c.SupportEmail = strings.TrimSpace(c.SupportEmail); c.SupportEmail != "" && !squares.ValidEmail(c.SupportEmail) {
		return fmt.Errorf("SQUARES_SUPPORT_EMAIL: %q is not an e-mail address such as support@example.com", c.SupportEmail)
	}
	if c.PublicURL = strings.TrimRight(strings.TrimSpace(c.PublicURL), "/"); c.PublicURL != "" {
		if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("SQUARES_PUBLIC_URL: %q is not an http(s) URL", c.PublicURL)
		}
	}
	return nil
}

// stripeLive reports a live Stripe secret (or restricted) key: real money.
func (c *Config) stripeLive() bool {
	return strings.HasPrefix(c.StripeSecretKey, "sk_live_") || strings.HasPrefix(c.StripeSecretKey, "rk_live_")
}

// checkServe refuses what may not run outside development mode: a payment provider left to its default,
// and demo data with its published accounts. In development mode the sandbox is the default.
func (c *Config) checkServe() error {
	if c.AdminPassword != "" && c.AdminUsername == "" {
		return fmt.Errorf("set both SQUARES_ADMIN_USERNAME and SQUARES_ADMIN_PASSWORD, or neither")
	}
	if c.Payments == "" {
		if !c.Dev {
			return fmt.Errorf("set SQUARES_PAYMENTS (or --payments) to stripe for real payments, or to sandbox for test " +
				"payments only; outside development mode (SQUARES_DEV=1) there is no default")
		}
		c.Payments = "sandbox"
	}
	if c.SMTPURL != "" && !c.Dev && (c.MailFrom == "" || c.PublicURL == "") {
		return fmt.Errorf("SQUARES_SMTP_URL needs SQUARES_MAIL_FROM (the sender) and SQUARES_PUBLIC_URL (the site's " +
			"address, for the links in e-mail) outside development mode")
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
	}
	if c.Demo && !c.Dev {
		return fmt.Errorf("SQUARES_DEMO=1 needs development mode (SQUARES_DEV=1): demo data and its accounts, whose " +
			"passwords are published, never run in production")
	}
	return nil
}
