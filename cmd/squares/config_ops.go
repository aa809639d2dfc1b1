package main

import (
	"flag"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	squareshttp "github.com/squaresapp/squares/http"
)

// Defaults of the operations settings: generous enough that a player filling a board by hand, or the
// end-to-end tests, never meet them.
const (
	defaultClaimLimit     = "120/1m" // a whole board at once, then 2 a second
	defaultCheckoutLimit  = "30/1m"
	defaultWSConnsPerAddr = 100 // many players may share one address (an office, a bar, a phone carrier)
)

// opsFlags holds the operations settings' raw text until parseOps reads it.
type opsFlags struct {
	claimLimit, checkoutLimit, wsOrigins string
}

// registerOps registers the operations flags (logs, metrics, rate limits, websocket caps) on fs.
func (c *Config) registerOps(fs *flag.FlagSet, bad *[]string) *opsFlags {
	o := &opsFlags{}
	fs.StringVar(&c.LogFormat, "log-format", env("SQUARES_LOG_FORMAT", ""),
		"json or text (SQUARES_LOG_FORMAT; default json, text in development mode)")
	fs.StringVar(&c.MetricsAddr, "metrics-addr", env("SQUARES_METRICS_ADDR", ""),
		"address of the Prometheus /metrics listener, apart from the site; empty: off (SQUARES_METRICS_ADDR)")
	fs.StringVar(&o.claimLimit, "claim-limit", env("SQUARES_CLAIM_LIMIT", defaultClaimLimit),
		"square claims one player may make: N/DURATION, N at once then N per DURATION; 0: no limit (SQUARES_CLAIM_LIMIT)")
	fs.StringVar(&o.checkoutLimit, "checkout-limit", env("SQUARES_CHECKOUT_LIMIT", defaultCheckoutLimit),
		"checkout calls one player may make: N/DURATION; 0: no limit (SQUARES_CHECKOUT_LIMIT)")
	fs.StringVar(&o.wsOrigins, "ws-origins", env("SQUARES_WS_ORIGINS", ""),
		"comma-separated origins besides the site's own allowed to open the websocket (SQUARES_WS_ORIGINS)")
	c.WSConnsPerAddr = envCount("SQUARES_WS_PER_ADDR", defaultWSConnsPerAddr, bad)
	fs.IntVar(&c.WSConnsPerAddr, "ws-per-addr", c.WSConnsPerAddr,
		"websockets one client address may hold open; 0: no cap (SQUARES_WS_PER_ADDR)")
	return o
}

// parseOps checks and reads the operations settings.
func (c *Config) parseOps(o *opsFlags) error {
	switch c.LogFormat = strings.ToLower(strings.TrimSpace(c.LogFormat)); c.LogFormat {
	case "":
		c.LogFormat = "json"
		if c.Dev {
			c.LogFormat = "text"
		}
	case "json", "text":
	default:
		return fmt.Errorf("SQUARES_LOG_FORMAT: %q is not json or text", c.LogFormat)
	}
	if c.MetricsAddr = strings.TrimSpace(c.MetricsAddr); c.MetricsAddr != "" {
		_, port, err := net.SplitHostPort(c.MetricsAddr)
		if err != nil {
			return fmt.Errorf("SQUARES_METRICS_ADDR: %q is not host:port (127.0.0.1:9090)", c.MetricsAddr)
		}
		// Port 0 picks a free port for each listener, so the two never meet.
		if c.MetricsAddr == c.Addr && port != "0" {
			return fmt.Errorf("SQUARES_METRICS_ADDR must differ from SQUARES_ADDR: metrics are not served to the public")
		}
	}
	var err error
	if c.ClaimLimit, err = parseRateLimit(o.claimLimit); err != nil {
		return fmt.Errorf("SQUARES_CLAIM_LIMIT: %v", err)
	}
	if c.CheckoutLimit, err = parseRateLimit(o.checkoutLimit); err != nil {
		return fmt.Errorf("SQUARES_CHECKOUT_LIMIT: %v", err)
	}
	if c.WSConnsPerAddr < 0 {
		return fmt.Errorf("--ws-per-addr: %d is not 0 or more", c.WSConnsPerAddr)
	}
	c.WSOrigins = nil
	for o := range strings.SplitSeq(o.wsOrigins, ",") {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o == "" {
			continue
		}
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" {
			return fmt.Errorf("SQUARES_WS_ORIGINS: %q is not an origin such as https://app.example.com", o)
		}
		c.WSOrigins = append(c.WSOrigins, o)
	}
	return nil
}

// parseRateLimit reads N/DURATION (120/1m: 120 at once, then 120 a minute); 0 or off sets no limit.
func parseRateLimit(v string) (squareshttp.RateLimit, error) {
	v = strings.TrimSpace(v)
	if v == "0" || strings.EqualFold(v, "off") {
		return squareshttp.RateLimit{}, nil
	}
	n, per, ok := strings.Cut(v, "/")
	count, err := strconv.Atoi(strings.TrimSpace(n))
	d, derr := time.ParseDuration(strings.TrimSpace(per))
	if !ok || err != nil || count <= 0 || derr != nil || d <= 0 {
		return squareshttp.RateLimit{}, fmt.Errorf("%q is not N/DURATION such as 120/1m, or 0 for no limit", v)
	}
	return squareshttp.RateLimit{Every: d / time.Duration(count), Burst: count}, nil
}
