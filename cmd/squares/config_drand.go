package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/squaresapp/squares/drand"
)

// Beacon modes (SQUARES_DRAND).
const (
	drandOn  = "on"  // drand's relays (SQUARES_DRAND_URLS), the chain SQUARES_DRAND_CHAIN (quicknet)
	drandOff = "off" // no beacon: every full pool drawn at once
	drandDev = "dev" // the built-in development beacon: a local key, no network (development mode only)
)

// registerDrand registers the beacon settings on fs: the mode, the relays, and the chain's /info JSON.
func (c *Config) registerDrand(fs *flag.FlagSet) {
	fs.StringVar(&c.Drand, "drand", env("SQUARES_DRAND", ""),
		"the draw's randomness beacon: on (drand's relays), off, or dev (a built-in local beacon, development mode only) (SQUARES_DRAND; default on, dev in development mode)")
	fs.StringVar(&c.DrandURLs, "drand-urls", env("SQUARES_DRAND_URLS", strings.Join(drand.DefaultURLs, ",")),
		"drand HTTP relays, comma-separated, tried in turn (SQUARES_DRAND_URLS)")
	fs.StringVar(&c.DrandChain, "drand-chain", os.Getenv("SQUARES_DRAND_CHAIN"),
		"the chain's /info JSON; unset: drand's quicknet (SQUARES_DRAND_CHAIN)")
}

// parseDrand checks the beacon settings: a known mode (the development beacon only in development mode),
// http(s) relays, and a chain whose stated hash is its hash.
func (c *Config) parseDrand() error {
	c.Drand = strings.ToLower(strings.TrimSpace(c.Drand))
	if c.Drand == "" {
		c.Drand = drandOn
		if c.Dev {
			c.Drand = drandDev
		}
	}
	switch c.Drand {
	case drandOn, drandOff:
	case drandDev:
		if !c.Dev {
			return fmt.Errorf("SQUARES_DRAND=dev needs development mode (SQUARES_DEV=1): its key is public, its rounds prove nothing")
		}
	default:
		return fmt.Errorf("SQUARES_DRAND: %q is not on, off or dev", c.Drand)
	}
	if _, err := c.drandChain(); err != nil {
		return fmt.Errorf("SQUARES_DRAND_CHAIN: %w", err)
	}
	if c.Drand == drandOn {
		if _, err := drand.NewClient(drand.Quicknet(), c.drandURLs(), nil); err != nil {
			return fmt.Errorf("SQUARES_DRAND_URLS: %w", err)
		}
	}
	return nil
}

// drandURLs are the relays, in order.
func (c *Config) drandURLs() []string {
	var out []string
	for u := range strings.SplitSeq(c.DrandURLs, ",") {
		if u = strings.TrimSpace(u); u != "" {
			out = append(out, u)
		}
	}
	return out
}

// drandChain is the chain the relays serve: SQUARES_DRAND_CHAIN's, or quicknet.
func (c *Config) drandChain() (*drand.Chain, error) {
	if strings.TrimSpace(c.DrandChain) == "" {
		return drand.Quicknet(), nil
	}
	return drand.ParseChain([]byte(c.DrandChain))
}
