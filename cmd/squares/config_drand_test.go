package main

import (
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/drand/drandtest"
)

func init() {
	configVars = append(configVars, "SQUARES_DRAND", "SQUARES_DRAND_URLS", "SQUARES_DRAND_CHAIN")
}

// TestParseConfigDrand: the beacon's settings, their defaults (drand's relays and quicknet; the
// development beacon in development mode) and what is wrong with them.
func TestParseConfigDrand(t *testing.T) {
	clearConfigEnv(t, map[string]string{"SQUARES_PAYMENTS": "sandbox"})
	c, err := parse(t)
	if err != nil || c.Drand != "on" || strings.Join(c.drandURLs(), ",") != strings.Join(drand.DefaultURLs, ",") {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
	if ch, err := c.drandChain(); err != nil || ch.Hash() != squares.QuicknetHash {
		t.Fatalf("default chain: %v, %v", ch, err)
	}
	if c, err = parse(t, "--dev"); err != nil || c.Drand != "dev" {
		t.Fatalf("development mode: %+v, %v", c, err)
	}
	relay := drandtest.New(drand.DevSigner().Chain().Info().RoundTime(1), 3e9, nil)
	defer relay.Close()
	clearConfigEnv(t, map[string]string{"SQUARES_PAYMENTS": "sandbox", "SQUARES_DRAND": " OFF ",
		"SQUARES_DRAND_URLS": relay.URL + ", http://127.0.0.1:1", "SQUARES_DRAND_CHAIN": relay.InfoJSON()})
	c, err = parse(t)
	if err != nil || c.Drand != "off" || len(c.drandURLs()) != 2 || c.drandURLs()[0] != relay.URL {
		t.Fatalf("from the environment: %+v, %v", c, err)
	}
	if ch, err := c.drandChain(); err != nil || ch.Hash() != relay.Chain().Hash() {
		t.Fatalf("chain from the environment: %v, %v", ch, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--drand", "sometimes"}, `SQUARES_DRAND: "sometimes" is not on, off or dev`},
		{[]string{"--drand", "dev"}, "SQUARES_DRAND=dev needs development mode"},
		{[]string{"--drand", "on", "--drand-urls", "ftp://relay.example.com"}, "SQUARES_DRAND_URLS"},
		{[]string{"--drand-chain", `{"public_key":"00"}`}, "SQUARES_DRAND_CHAIN"},
		{[]string{"--drand-chain", strings.Replace(relay.InfoJSON(), `"period":3`, `"period":4`, 1)}, "chain hash mismatch"},
	} {
		if _, err := parse(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}
