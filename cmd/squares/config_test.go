package main

import (
	"bytes"
	"crypto/ed25519"
	"flag"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

var configVars = []string{"SQUARES_ADDR", "SQUARES_DATABASE_URL", "SQUARES_DEV", "SQUARES_DEMO", "SQUARES_TRUST_PROXY",
	"SQUARES_RESTRICTED_STATES", "SQUARES_STATE_MIN_AGE", "SQUARES_LOG_LEVEL", "SQUARES_ADMIN_USERNAME",
	"SQUARES_ADMIN_PASSWORD", "SQUARES_REGISTER_LIMIT", "SQUARES_PAYMENTS", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY",
	"STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE", "SQUARES_AUTOMATION_INTERVAL", "SQUARES_SCORES", "SQUARES_ESPN_URL",
	"SQUARES_SCORES_INTERVAL", "SQUARES_DEMO_PLAY_INTERVAL", "SQUARES_ADMIN_2FA", "SQUARES_PAYOUT_TEXT",
	"SQUARES_PRIVATE_POOL_LIMIT", "SQUARES_INVITE_LIMIT", "SQUARES_PRIVATE_MAX_FEE", "SQUARES_RECORD_KEY"}

// clearConfigEnv unsets every SQUARES_ variable for the test (and restores them after), then sets the
// given ones.
func clearConfigEnv(t *testing.T, set map[string]string) {
	t.Helper()
	for _, name := range configVars {
		t.Setenv(name, "")
		os.Unsetenv(name)
	}
	for k, v := range set {
		t.Setenv(k, v)
	}
}

func parse(t *testing.T, args ...string) (*Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("squares test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return parseConfig(fs, args)
}

func TestParseConfigDefaults(t *testing.T) {
	clearConfigEnv(t, nil)
	c, err := parse(t)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DatabaseURL != "sqlite:data/squares.db" || c.Dev || c.Demo || c.TrustProxies != 0 || c.RegisterLimit != 30 ||
		c.LogLevel != "info" || c.ShutdownTimeout != 15*time.Second || c.AdminUsername != "" || c.AdminPassword != "" ||
		c.RestrictedStates != squares.DefaultRestrictedStates || c.StateMinAge != squares.DefaultStateMinAge {
		t.Errorf("defaults = %+v", c)
	}
	if !slices.Equal(c.Eligibility.RestrictedList(), []string{"HI", "ID", "LA", "MT", "NV", "UT", "WA"}) ||
		c.Eligibility.MinAge["AZ"] != 21 || c.Eligibility.MinAge["NE"] != 19 {
		t.Errorf("default eligibility = %+v", c.Eligibility)
	}
}

func TestParseConfigDemoFollowsDev(t *testing.T) {
	for _, tc := range []struct {
		env       map[string]string
		args      []string
		dev, demo bool
	}{
		{map[string]string{"SQUARES_DEV": "1"}, nil, true, true},
		{map[string]string{"SQUARES_DEV": "true"}, nil, true, true},
		{map[string]string{"SQUARES_DEV": "1", "SQUARES_DEMO": "0"}, nil, true, false},
		{map[string]string{"SQUARES_DEMO": "1"}, nil, false, true},
		{nil, []string{"--dev"}, true, true},
		{nil, []string{"--dev", "--demo=0"}, true, false},
		{map[string]string{"SQUARES_DEV": "1"}, []string{"--dev=false"}, false, false},
	} {
		clearConfigEnv(t, tc.env)
		c, err := parse(t, tc.args...)
		if err != nil {
			t.Errorf("%v %v: %v", tc.env, tc.args, err)
			continue
		}
		if c.Dev != tc.dev || c.Demo != tc.demo {
			t.Errorf("%v %v: dev %v demo %v, want %v %v", tc.env, tc.args, c.Dev, c.Demo, tc.dev, tc.demo)
		}
	}
}

func TestParseConfigEnvAndFlags(t *testing.T) {
	clearConfigEnv(t, map[string]string{
		"SQUARES_ADDR": ":9090", "SQUARES_DATABASE_URL": "postgres://squares@db/squares", "SQUARES_TRUST_PROXY": "1",
		"SQUARES_RESTRICTED_STATES": "ut, hi", "SQUARES_STATE_MIN_AGE": "NY=21", "SQUARES_LOG_LEVEL": "DEBUG",
		"SQUARES_ADMIN_USERNAME": "boss", "SQUARES_ADMIN_PASSWORD": "long-enough-secret",
	})
	c, err := parse(t)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9090" || c.DatabaseURL != "postgres://squares@db/squares" || c.TrustProxies != 1 || c.LogLevel != "debug" ||
		c.AdminUsername != "boss" || c.AdminPassword != "long-enough-secret" {
		t.Errorf("from the environment = %+v", c)
	}
	if !slices.Equal(c.Eligibility.RestrictedList(), []string{"HI", "UT"}) || c.Eligibility.MinAge["NY"] != 21 ||
		c.Eligibility.MinAge["AZ"] != 0 {
		t.Errorf("eligibility from the environment = %+v", c.Eligibility)
	}
	// A flag wins over its variable.
	c, err = parse(t, "--addr", "127.0.0.1:7070", "--database-url", "sqlite:/tmp/x.db", "--restricted-states", "",
		"--log-level", "warn", "--trust-proxy=0", "--shutdown-timeout", "3s")
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:7070" || c.DatabaseURL != "sqlite:/tmp/x.db" || c.TrustProxies != 0 || c.LogLevel != "warn" ||
		len(c.Eligibility.Restricted) != 0 || c.ShutdownTimeout != 3*time.Second {
		t.Errorf("flags over the environment = %+v", c)
	}
}

// SQUARES_TRUST_PROXY is the number of proxies in front; the values of the boolean it was still read.
func TestParseConfigTrustProxy(t *testing.T) {
	for _, tc := range []struct {
		env  string
		args []string
		want int
	}{
		{"", nil, 0},
		{"0", nil, 0},
		{"1", nil, 1},
		{"true", nil, 1},
		{"TRUE", nil, 1},
		{"false", nil, 0},
		{"2", nil, 2},
		{" 3 ", nil, 3},
		{"2", []string{"--trust-proxy=0"}, 0},
		{"", []string{"--trust-proxy=2"}, 2},
		{"", []string{"--trust-proxy", "1"}, 1},
		{"", []string{"--trust-proxy=true"}, 1},
	} {
		env := map[string]string{}
		if tc.env != "" {
			env["SQUARES_TRUST_PROXY"] = tc.env
		}
		clearConfigEnv(t, env)
		c, err := parse(t, tc.args...)
		if err != nil || c.TrustProxies != tc.want {
			t.Errorf("SQUARES_TRUST_PROXY=%q %v: %+v, %v; want %d", tc.env, tc.args, c, err, tc.want)
		}
	}
}

func TestParseConfigRegisterLimit(t *testing.T) {
	clearConfigEnv(t, map[string]string{"SQUARES_REGISTER_LIMIT": "5"})
	if c, err := parse(t); err != nil || c.RegisterLimit != 5 {
		t.Errorf("SQUARES_REGISTER_LIMIT=5: %+v, %v", c, err)
	}
	if c, err := parse(t, "--register-limit", "0"); err != nil || c.RegisterLimit != 0 {
		t.Errorf("--register-limit 0: %+v, %v", c, err)
	}
}

func TestParseConfigRecordKey(t *testing.T) {
	clearConfigEnv(t, nil)
	if c, err := parse(t); err != nil || c.RecordKey != nil {
		t.Errorf("default: %v, %v", c.RecordKey, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_RECORD_KEY": strings.Repeat("07", 32)})
	c, err := parse(t)
	if err != nil || !c.RecordKey.Equal(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))) {
		t.Errorf("SQUARES_RECORD_KEY: %v, %v", c.RecordKey, err)
	}
}

func TestParseConfigAdminTwoFactor(t *testing.T) {
	clearConfigEnv(t, nil)
	if c, err := parse(t); err != nil || c.AdminTwoFactor {
		t.Errorf("default: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_ADMIN_2FA": "1"})
	if c, err := parse(t); err != nil || !c.AdminTwoFactor {
		t.Errorf("SQUARES_ADMIN_2FA=1: %+v, %v", c, err)
	}
	if c, err := parse(t, "--admin-2fa=false"); err != nil || c.AdminTwoFactor {
		t.Errorf("--admin-2fa=false: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_ADMIN_2FA": "yes please"})
	if _, err := parse(t); err == nil {
		t.Error("SQUARES_ADMIN_2FA=yes please was accepted")
	}
}

// TestParseConfigPayoutText: SQUARES_PAYOUT_TEXT (or --payout-text) is read as one paragraph, unset by
// default; more than 500 characters is refused.
func TestParseConfigPayoutText(t *testing.T) {
	clearConfigEnv(t, nil)
	if c, err := parse(t); err != nil || c.PayoutText != "" {
		t.Errorf("default: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_PAYOUT_TEXT": "  We pay by bank transfer\n  within 5 business days.  "})
	if c, err := parse(t); err != nil || c.PayoutText != "We pay by bank transfer within 5 business days." {
		t.Errorf("SQUARES_PAYOUT_TEXT: %q, %v", c.PayoutText, err)
	}
	if c, err := parse(t, "--payout-text", "By cheque."); err != nil || c.PayoutText != "By cheque." {
		t.Errorf("--payout-text: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_PAYOUT_TEXT": strings.Repeat("x", 501)})
	if _, err := parse(t); err == nil || !strings.Contains(err.Error(), "SQUARES_PAYOUT_TEXT") {
		t.Errorf("501 characters: %v", err)
	}
}

func TestParseConfigAutomationInterval(t *testing.T) {
	clearConfigEnv(t, nil)
	if c, err := parse(t); err != nil || c.AutomationInterval != 15*time.Minute {
		t.Errorf("default automation interval: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_AUTOMATION_INTERVAL": "5m"})
	if c, err := parse(t); err != nil || c.AutomationInterval != 5*time.Minute {
		t.Errorf("SQUARES_AUTOMATION_INTERVAL=5m: %+v, %v", c, err)
	}
	if c, err := parse(t, "--automation-interval", "1m"); err != nil || c.AutomationInterval != time.Minute {
		t.Errorf("--automation-interval 1m: %+v, %v", c, err)
	}
}

func TestParseConfigDemoPlayInterval(t *testing.T) {
	clearConfigEnv(t, nil)
	if c, err := parse(t); err != nil || c.DemoPlayInterval != 15*time.Second {
		t.Errorf("default demo play interval: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_DEMO_PLAY_INTERVAL": "2s"})
	if c, err := parse(t); err != nil || c.DemoPlayInterval != 2*time.Second {
		t.Errorf("SQUARES_DEMO_PLAY_INTERVAL=2s: %+v, %v", c, err)
	}
	if c, err := parse(t, "--demo-play-interval", "1m"); err != nil || c.DemoPlayInterval != time.Minute {
		t.Errorf("--demo-play-interval 1m: %+v, %v", c, err)
	}
}

func TestParseConfigScores(t *testing.T) {
	clearConfigEnv(t, nil)
	if c, err := parse(t); err != nil || c.Scores != "manual" || c.ESPNURL != "https://site.api.espn.com" ||
		c.ScoresInterval != 30*time.Second {
		t.Errorf("default scores: %+v, %v", c, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_SCORES": " ESPN ", "SQUARES_ESPN_URL": "http://127.0.0.1:9999",
		"SQUARES_SCORES_INTERVAL": "10s"})
	if c, err := parse(t); err != nil || c.Scores != "espn" || c.ESPNURL != "http://127.0.0.1:9999" ||
		c.ScoresInterval != 10*time.Second {
		t.Errorf("espn scores: %+v, %v", c, err)
	}
	if c, err := parse(t, "--scores", "manual", "--scores-interval", "1m"); err != nil || c.Scores != "manual" ||
		c.ScoresInterval != time.Minute {
		t.Errorf("flags: %+v, %v", c, err)
	}
}

func TestParseConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"SQUARES_RESTRICTED_STATES": "UT,XX"}, nil, `"XX" is not a US state code`},
		{map[string]string{"SQUARES_STATE_MIN_AGE": "AZ=17"}, nil, "STATE=AGE"},
		{map[string]string{"SQUARES_STATE_MIN_AGE": "Arizona"}, nil, "STATE=AGE"},
		{nil, []string{"--state-min-age", "AZ=twenty-one"}, "STATE=AGE"},
		{map[string]string{"SQUARES_DEMO": "maybe"}, nil, "SQUARES_DEMO"},
		{map[string]string{"SQUARES_ADMIN_USERNAME": "boss"}, nil, "SQUARES_ADMIN_PASSWORD"},
		{map[string]string{"SQUARES_ADMIN_USERNAME": "boss", "SQUARES_ADMIN_PASSWORD": "short"}, nil, "at least 8 characters"},
		{nil, []string{"--no-such-flag"}, "no-such-flag"},
		{map[string]string{"SQUARES_TRUST_PROXY": "yes"}, nil, "SQUARES_TRUST_PROXY"},
		{map[string]string{"SQUARES_TRUST_PROXY": "-1"}, nil, "SQUARES_TRUST_PROXY"},
		{nil, []string{"--trust-proxy=many"}, "trust-proxy"},
		{nil, []string{"--trust-proxy"}, "trust-proxy"},
		{map[string]string{"SQUARES_REGISTER_LIMIT": "lots"}, nil, "SQUARES_REGISTER_LIMIT"},
		{map[string]string{"SQUARES_RECORD_KEY": "not-hex"}, nil, "SQUARES_RECORD_KEY"},
		{map[string]string{"SQUARES_RECORD_KEY": "abcd"}, nil, "SQUARES_RECORD_KEY"},
		{map[string]string{"SQUARES_REGISTER_LIMIT": "-3"}, nil, "SQUARES_REGISTER_LIMIT"},
		{nil, []string{"--shutdown-timeout", "soon"}, "shutdown-timeout"},
		{map[string]string{"SQUARES_AUTOMATION_INTERVAL": "often"}, nil, "SQUARES_AUTOMATION_INTERVAL"},
		{map[string]string{"SQUARES_AUTOMATION_INTERVAL": "0s"}, nil, "SQUARES_AUTOMATION_INTERVAL"},
		{nil, []string{"--automation-interval", "-1m"}, "automation-interval"},
		{map[string]string{"SQUARES_SCORES": "sportradar"}, nil, "SQUARES_SCORES"},
		{map[string]string{"SQUARES_SCORES": "espn", "SQUARES_ESPN_URL": "site.api.espn.com"}, nil, "SQUARES_ESPN_URL"},
		{map[string]string{"SQUARES_SCORES_INTERVAL": "0s"}, nil, "SQUARES_SCORES_INTERVAL"},
		{map[string]string{"SQUARES_DEMO_PLAY_INTERVAL": "0s"}, nil, "SQUARES_DEMO_PLAY_INTERVAL"},
		{map[string]string{"SQUARES_DEMO_PLAY_INTERVAL": "soon"}, nil, "SQUARES_DEMO_PLAY_INTERVAL"},
		{nil, []string{"--demo-play-interval", "-1s"}, "--demo-play-interval"},
		{nil, []string{"--scores-interval", "-5s"}, "scores-interval"},
		{map[string]string{"SQUARES_PAYMENTS": "stripe", "STRIPE_SECRET_KEY": "sk_live_x", "STRIPE_PUBLISHABLE_KEY": "pk_test_x",
			"STRIPE_WEBHOOK_SECRET": "whsec_x"}, nil, "must both be live keys or both test keys"},
		{map[string]string{"SQUARES_PAYMENTS": "stripe", "STRIPE_SECRET_KEY": "sk_test_x", "STRIPE_PUBLISHABLE_KEY": "pk_live_x",
			"STRIPE_WEBHOOK_SECRET": "whsec_x"}, nil, "must both be live keys or both test keys"},
	} {
		clearConfigEnv(t, tc.env)
		c, err := parse(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v: config %+v, error %v; want an error containing %q", tc.env, tc.args, c, err, tc.want)
		}
	}
}

// TestCheckServe: outside development mode the server starts only with a payment provider chosen on
// purpose and without demo data; in development mode the sandbox and demo data are the defaults. The demo
// game player runs in development mode with demo data and the sandbox, never otherwise.
func TestCheckServe(t *testing.T) {
	stripeKeys := map[string]string{"SQUARES_PAYMENTS": "stripe", "STRIPE_SECRET_KEY": "sk_live_x",
		"STRIPE_PUBLISHABLE_KEY": "pk_live_x", "STRIPE_WEBHOOK_SECRET": "whsec_x"}
	for _, tc := range []struct {
		env      map[string]string
		args     []string
		payments string
		demo     bool
		want     string // part of the refusal; empty when serve may start
		player   bool   // the demo game player runs
	}{
		{map[string]string{"SQUARES_DEV": "1"}, nil, "sandbox", true, "", true},
		{nil, []string{"--dev"}, "sandbox", true, "", true},
		{map[string]string{"SQUARES_DEV": "1", "SQUARES_DEMO": "0"}, nil, "sandbox", false, "", false},
		{map[string]string{"SQUARES_DEV": "1", "SQUARES_PAYMENTS": "Stripe", "STRIPE_SECRET_KEY": "sk_test_x",
			"STRIPE_PUBLISHABLE_KEY": "pk_test_x", "STRIPE_WEBHOOK_SECRET": "whsec_x"}, nil, "stripe", true, "", false},
		// Outside development mode the provider must be named.
		{nil, nil, "", false, "SQUARES_PAYMENTS", false},
		{map[string]string{"SQUARES_PAYMENTS": ""}, nil, "", false, "SQUARES_PAYMENTS", false},
		{map[string]string{"SQUARES_PAYMENTS": " "}, nil, "", false, "SQUARES_PAYMENTS", false},
		{map[string]string{"SQUARES_DEV": "1"}, []string{"--dev=false"}, "", false, "SQUARES_PAYMENTS", false},
		{map[string]string{"SQUARES_PAYMENTS": "sandbox"}, nil, "sandbox", false, "", false},
		{nil, []string{"--payments", "sandbox"}, "sandbox", false, "", false},
		{stripeKeys, nil, "stripe", false, "", false},
		// Demo data and its accounts exist only in development mode.
		{map[string]string{"SQUARES_PAYMENTS": "sandbox", "SQUARES_DEMO": "1"}, nil, "", false, "SQUARES_DEMO=1 needs development mode", false},
		{map[string]string{"SQUARES_PAYMENTS": "sandbox"}, []string{"--demo=1"}, "", false, "SQUARES_DEMO=1 needs development mode", false},
		{map[string]string{"SQUARES_PAYMENTS": "sandbox", "SQUARES_DEMO": "0"}, nil, "sandbox", false, "", false},
	} {
		clearConfigEnv(t, tc.env)
		c, err := parse(t, tc.args...)
		if err == nil {
			err = c.checkServe()
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v %v: %v", tc.env, tc.args, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%v %v: error %v, want one containing %q", tc.env, tc.args, err, tc.want)
		case tc.want == "" && (c.Payments != tc.payments || c.Demo != tc.demo):
			t.Errorf("%v %v: payments %q demo %v, want %q %v", tc.env, tc.args, c.Payments, c.Demo, tc.payments, tc.demo)
		case tc.want == "" && demoPlayerOn(c) != tc.player:
			t.Errorf("%v %v: demo game player %v, want %v", tc.env, tc.args, demoPlayerOn(c), tc.player)
		}
	}
}
