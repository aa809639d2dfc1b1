package main

import (
	"flag"
	"fmt"

	"github.com/squaresapp/squares"
)

// registerPrivatePools registers the settings of private pools on fs: the daily limits per player and the
// host's fee cap. The fee's text is read by parsePrivatePools.
func (c *Config) registerPrivatePools(fs *flag.FlagSet, bad *[]string) *string {
	c.PrivatePoolLimit = envCount("SQUARES_PRIVATE_POOL_LIMIT", squares.DefaultPrivatePoolLimit, bad)
	fs.IntVar(&c.PrivatePoolLimit, "private-pool-limit", c.PrivatePoolLimit,
		"private pools one player may create in any 24 hours, 0 for no limit (SQUARES_PRIVATE_POOL_LIMIT)")
	c.InviteLimit = envCount("SQUARES_INVITE_LIMIT", squares.DefaultInviteLimit, bad)
	fs.IntVar(&c.InviteLimit, "invite-limit", c.InviteLimit,
		"invitation e-mails one player may send in any 24 hours, resends included, 0 for no limit (SQUARES_INVITE_LIMIT)")
	fee := fs.String("private-max-fee", env("SQUARES_PRIVATE_MAX_FEE", squares.DefaultPrivateMaxFee.String()),
		"highest entry fee a square of a private pool, in dollars, 0 for no cap below the $1000 ceiling (SQUARES_PRIVATE_MAX_FEE)")
	return fee
}

// parsePrivatePools checks the settings of private pools.
func (c *Config) parsePrivatePools(fee *string) error {
	if c.PrivatePoolLimit < 0 || c.InviteLimit < 0 {
		return fmt.Errorf("--private-pool-limit and --invite-limit must be 0 or more")
	}
	cents, err := squares.ParseDollars(*fee)
	if err != nil || cents < 0 || cents > squares.MaxPrivateEntryFee {
		return fmt.Errorf("SQUARES_PRIVATE_MAX_FEE: %q is not an amount of dollars from 0 to %s (\"100\" or \"100.00\")",
			*fee, squares.MaxPrivateEntryFee)
	}
	c.PrivateMaxFee = cents
	return nil
}
