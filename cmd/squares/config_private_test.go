package main

import (
	"strings"
	"testing"
)

// TestParseConfigPrivatePools: by default a player creates 10 private pools and sends 100 invitations a
// day, and a host charges at most $100 a square; the variables and flags change them (0: no limit), the
// fee read as "100" or "100.00"; anything else is refused at start.
func TestParseConfigPrivatePools(t *testing.T) {
	clearConfigEnv(t, nil)
	c, err := parse(t)
	if err != nil || c.PrivatePoolLimit != 10 || c.InviteLimit != 100 || c.PrivateMaxFee != 10_000 {
		t.Fatalf("defaults: %d pools, %d invitations, fee %s; %v", c.PrivatePoolLimit, c.InviteLimit, c.PrivateMaxFee, err)
	}
	for _, fee := range []string{"100", "100.00", "$100"} {
		clearConfigEnv(t, map[string]string{"SQUARES_PRIVATE_MAX_FEE": fee, "SQUARES_PRIVATE_POOL_LIMIT": "3", "SQUARES_INVITE_LIMIT": "0"})
		if c, err := parse(t); err != nil || c.PrivateMaxFee != 10_000 || c.PrivatePoolLimit != 3 || c.InviteLimit != 0 {
			t.Errorf("SQUARES_PRIVATE_MAX_FEE=%q: %+v, %v", fee, c, err)
		}
	}
	clearConfigEnv(t, nil)
	if c, err := parse(t, "--private-max-fee", "25.50", "--private-pool-limit", "0", "--invite-limit", "7"); err != nil ||
		c.PrivateMaxFee != 2550 || c.PrivatePoolLimit != 0 || c.InviteLimit != 7 {
		t.Errorf("flags: %+v, %v", c, err)
	}
	if c, err := parse(t, "--private-max-fee", "0"); err != nil || c.PrivateMaxFee != 0 {
		t.Errorf("no cap: %+v, %v", c, err)
	}
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"SQUARES_PRIVATE_MAX_FEE": "1000.01"}, nil, "SQUARES_PRIVATE_MAX_FEE"},
		{map[string]string{"SQUARES_PRIVATE_MAX_FEE": "-5"}, nil, "SQUARES_PRIVATE_MAX_FEE"},
		{map[string]string{"SQUARES_PRIVATE_MAX_FEE": "a hundred"}, nil, "SQUARES_PRIVATE_MAX_FEE"},
		{map[string]string{"SQUARES_PRIVATE_POOL_LIMIT": "-1"}, nil, "SQUARES_PRIVATE_POOL_LIMIT"},
		{map[string]string{"SQUARES_INVITE_LIMIT": "lots"}, nil, "SQUARES_INVITE_LIMIT"},
		{nil, []string{"--invite-limit", "-2"}, "--invite-limit"},
	} {
		clearConfigEnv(t, tc.env)
		if _, err := parse(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v: %v, want an error naming %s", tc.env, tc.args, err, tc.want)
		}
	}
}
