package squares

import (
	"crypto/ecdh"
	"encoding/base64"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Push kinds: what a push notification is about.
const (
	PushWin           = "win"            // a player's square won a period
	PushPoolDrawn     = "pool_drawn"     // a pool the player is in filled up and its numbers were drawn
	PushPoolCancelled = "pool_cancelled" // a pool the player is in was cancelled
	PushInvitation    = "invitation"     // someone invited the player to a private pool
)

// Push statuses, as the e-mail outbox's.
const (
	PushQueued  = "queued"  // waiting to be sent (again, after a failed attempt)
	PushSent    = "sent"    // accepted by the push service
	PushFailed  = "failed"  // given up: after PushMaxAttempts attempts, or refused for good (400, 413)
	PushSkipped = "skipped" // never sent: older than PushMaxAge when its turn came
)

// PushMaxAttempts is how many times a push is tried before it is given up as failed.
const PushMaxAttempts = 8

// PushMaxAge is how old a push may be and still be sent: news of a pool or a win a day late is noise.
const PushMaxAge = 24 * time.Hour

// PushTTL is how long, in seconds, a push service keeps a push for a device that is offline.
const PushTTL = 12 * 60 * 60

// MaxPushDevices is how many devices of one player receive pushes: subscribing another replaces the one
// used least recently, so a player cannot make one event fan out without bound.
const MaxPushDevices = 10

// PushRetryDelay is how long a push waits after its attempts-th failed attempt: as an e-mail, a minute,
// doubling, at most an hour.
func PushRetryDelay(attempts int) time.Duration { return MailRetryDelay(attempts) }

// PushMessage is what a push notification shows, as the service worker reads it: a title, a line of
// text, the page that a click opens, and a tag under which a newer notification replaces an older one.
type PushMessage struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag,omitempty" tstype:"string | undefined"`
}

func poolPath(poolID int64) string { return "/pools/" + strconv.FormatInt(poolID, 10) }

// WinPush tells a player their square won a period of a pool: a paid pool's prize is to be claimed from
// My Pools by claimBy; a free pool's win is the pool's to see.
func WinPush(w Winner, poolName string, periods int, claimBy time.Time) PushMessage {
	label := w.NameIn(periods)
	tag := fmt.Sprintf("win-%d-%d", w.PoolID, w.Period)
	if w.Kind != "" && w.Kind != AwardPeriod {
		tag = fmt.Sprintf("win-%d-%s", w.PoolID, w.Award)
	}
	if PrizeOf(w) {
		return PushMessage{Title: fmt.Sprintf("You won $%s in %s", w.Amount, poolName),
			Body: fmt.Sprintf("Your square won %s (%d-%d). Claim your prize by %s.", label, w.AwayScore, w.HomeScore,
				claimBy.In(Eastern).Format("Jan 2, 2006")),
			URL: "/my-pools", Tag: tag}
	}
	return PushMessage{Title: "You won " + label + " in " + poolName,
		Body: fmt.Sprintf("Your square won %s (%d-%d).", label, w.AwayScore, w.HomeScore),
		URL:  poolPath(w.PoolID), Tag: tag}
}

// PoolDrawnPush tells a player that a pool they are in is full and its numbers are drawn.
func PoolDrawnPush(poolID int64, poolName string) PushMessage {
	return PushMessage{Title: poolName + " is full",
		Body: "All 100 squares are taken and the numbers are drawn. See which numbers your squares got.",
		URL:  poolPath(poolID), Tag: fmt.Sprintf("pool-%d", poolID)}
}

// PoolCancelledPush tells a player that a pool they are in was cancelled; in a paid pool their money
// comes back.
func PoolCancelledPush(poolID int64, poolName string, paid bool) PushMessage {
	body := "The pool will not be played."
	if paid {
		body = "The pool will not be played. Any money you paid for squares is returned to your card."
	}
	return PushMessage{Title: poolName + " was cancelled", Body: body, URL: poolPath(poolID),
		Tag: fmt.Sprintf("pool-%d", poolID)}
}

// InvitationPush tells a player that someone invited them to a private pool; a click opens the join
// link.
func InvitationPush(inv Invitation, poolName, inviter, game string, kickoff time.Time) PushMessage {
	if inviter == "" {
		inviter = "A friend"
	}
	return PushMessage{Title: inviter + " invited you to " + poolName,
		Body: fmt.Sprintf("A squares pool for %s, kicking off %s.", game, FormatEastern(kickoff)),
		URL:  "/join/" + url.PathEscape(inv.Code), Tag: fmt.Sprintf("invite-%d", inv.PoolID)}
}

// PushSubscription is a device's subscription to push notifications (the browser's PushSubscription):
// the push service's endpoint and the keys the payload is encrypted with.
type PushSubscription struct {
	ID       int64
	UserID   int64
	Endpoint string
	P256dh   string // the device's P-256 public key, base64url
	Auth     string // the device's 16-byte authentication secret, base64url
	// ServerKey is the application server (VAPID) public key the subscription was made for: pushes
	// signed with another key are refused by the push service.
	ServerKey string
	UserAgent string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Limits of a subscription's fields.
const (
	MaxPushEndpoint  = 2048
	MaxPushUserAgent = 256
)

// CheckPushSubscription validates a subscription as a browser sends it: an https endpoint of a push
// service (http, and hosts on this machine or network, only when insecure is allowed: development and
// tests), a P-256 public key and a 16-byte secret in base64url. It normalises the keys to unpadded
// base64url.
func CheckPushSubscription(s *PushSubscription, insecure bool) error {
	var v Validation
	s.Endpoint = strings.TrimSpace(s.Endpoint)
	if err := checkPushEndpoint(s.Endpoint, insecure); err != "" {
		v.Add("endpoint", err)
	}
	if key, err := decodeBase64URL(s.P256dh); err != nil {
		v.Add("keys.p256dh", "keys.p256dh must be the subscription's P-256 public key in base64url.")
	} else if _, err := ecdh.P256().NewPublicKey(key); err != nil {
		v.Add("keys.p256dh", "keys.p256dh is not a P-256 public key (65 bytes, uncompressed).")
	} else {
		s.P256dh = base64.RawURLEncoding.EncodeToString(key)
	}
	if secret, err := decodeBase64URL(s.Auth); err != nil || len(secret) != 16 {
		v.Add("keys.auth", "keys.auth must be the subscription's 16-byte secret in base64url.")
	} else {
		s.Auth = base64.RawURLEncoding.EncodeToString(secret)
	}
	if len(s.UserAgent) > MaxPushUserAgent {
		s.UserAgent = strings.ToValidUTF8(s.UserAgent[:MaxPushUserAgent], "")
	}
	return v.Err()
}

func checkPushEndpoint(endpoint string, insecure bool) string {
	if endpoint == "" {
		return "endpoint is required."
	}
	if len(endpoint) > MaxPushEndpoint {
		return fmt.Sprintf("endpoint is longer than %d characters.", MaxPushEndpoint)
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" || u.User != nil || u.Fragment != "" || u.Opaque != "" {
		return "endpoint must be the push service's https URL."
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && insecure:
	default:
		return "endpoint must be an https URL."
	}
	if !insecure && !PublicPushHost(u.Hostname()) {
		return "endpoint must be a push service on the internet."
	}
	return ""
}

// PublicPushHost reports whether a push endpoint's host may be a push service: a domain name that is
// not this machine's, or an address on the public internet. (The sender checks again at connection
// time the address a name resolves to.)
func PublicPushHost(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "" || host == "localhost" || strings.HasSuffix(host, ".localhost") || strings.HasSuffix(host, ".local") ||
		strings.HasSuffix(host, ".internal") || !strings.Contains(host, ".") && net.ParseIP(host) == nil {
		return false
	}
	if ip := net.ParseIP(host); ip != nil {
		return PublicIP(ip)
	}
	return true
}

// PublicIP reports whether an address is on the public internet: not loopback, private, link-local,
// multicast or unspecified.
func PublicIP(ip net.IP) bool {
	return !(ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() ||
		ip.To4() != nil && ip.To4()[0] == 100 && ip.To4()[1]&0xc0 == 64 || // 100.64.0.0/10, carrier-grade NAT
		ip.To4() != nil && ip.To4()[0] == 0) // 0.0.0.0/8
}

// decodeBase64URL reads base64url with or without padding, and, as browsers and libraries differ, the
// standard alphabet too.
func decodeBase64URL(s string) ([]byte, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if s == "" {
		return nil, fmt.Errorf("empty")
	}
	if strings.ContainsAny(s, "+/") {
		return base64.RawStdEncoding.DecodeString(s)
	}
	return base64.RawURLEncoding.DecodeString(s)
}

// Push is one push notification of the outbox: a message for one device of a player.
type Push struct {
	ID             int64
	SubscriptionID int64
	UserID         int64
	Kind           string
	PoolID         int64
	Message        PushMessage
	Status         string
	Attempts       int
	NextAttemptAt  time.Time
	LastError      string
	CreatedAt      time.Time
	SentAt         *time.Time
	// Subscription is the device it goes to, read with it when it is claimed to be sent.
	Subscription PushSubscription
}
