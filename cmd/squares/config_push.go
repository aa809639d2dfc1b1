package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/squaresapp/squares/push"
)

// registerPush registers the push notification settings on fs. The private key is an environment
// variable only: it is a secret.
func (c *Config) registerPush(fs *flag.FlagSet, bad *[]string) {
	c.VAPIDPrivateKey = strings.TrimSpace(os.Getenv("SQUARES_VAPID_PRIVATE_KEY"))
	fs.StringVar(&c.VAPIDPublicKey, "vapid-public-key", env("SQUARES_VAPID_PUBLIC_KEY", ""),
		"VAPID public key for web push, base64url, with SQUARES_VAPID_PRIVATE_KEY; unset: made once and kept in the database (SQUARES_VAPID_PUBLIC_KEY)")
	fs.StringVar(&c.VAPIDSubject, "vapid-subject", env("SQUARES_VAPID_SUBJECT", ""),
		"contact for push services, mailto:ADDRESS or an https URL (SQUARES_VAPID_SUBJECT; default from SQUARES_PUBLIC_URL)")
	fs.DurationVar(&c.PushInterval, "push-interval", envDuration("SQUARES_PUSH_INTERVAL", 5*time.Second, bad),
		"how often the push outbox is sent (SQUARES_PUSH_INTERVAL)")
	fs.BoolVar(&c.PushAllowLocal, "push-allow-local", envBool("SQUARES_PUSH_ALLOW_LOCAL", false, bad),
		"accept push endpoints on this machine or a private network, over http too: tests, on-premises push services (SQUARES_PUSH_ALLOW_LOCAL; on in development mode)")
}

// parsePush checks the push settings: both keys or neither, a matching pair, a mailto: or https subject.
func (c *Config) parsePush() error {
	if c.PushInterval <= 0 {
		return fmt.Errorf("--push-interval: %s is not a positive duration", c.PushInterval)
	}
	c.VAPIDPublicKey = strings.TrimSpace(c.VAPIDPublicKey)
	switch {
	case c.VAPIDPublicKey != "" && c.VAPIDPrivateKey != "":
		if _, err := push.ParseKeys(c.VAPIDPublicKey, c.VAPIDPrivateKey); err != nil {
			return err
		}
	case c.VAPIDPublicKey != "" || c.VAPIDPrivateKey != "":
		return fmt.Errorf("set both SQUARES_VAPID_PUBLIC_KEY and SQUARES_VAPID_PRIVATE_KEY, or neither (a pair is then made once and kept in the database)")
	}
	if c.VAPIDSubject = strings.TrimSpace(c.VAPIDSubject); c.VAPIDSubject != "" {
		if err := push.CheckSubject(c.VAPIDSubject); err != nil {
			return fmt.Errorf("SQUARES_VAPID_SUBJECT: %w", err)
		}
	}
	return nil
}
