package push

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/mail"
	"net/url"
	"strings"

	"github.com/squaresapp/squares/store"
)

// Keys is a VAPID key pair, each key in unpadded base64url: the P-256 public key uncompressed (65 bytes,
// the browser's applicationServerKey) and the private key's 32-byte scalar.
type Keys struct {
	Public  string
	Private string
}

// vapidSecret names the database secret the VAPID key is made from when none is configured.
const vapidSecret = "vapid-private-key"

// ParseKeys checks a key pair as SQUARES_VAPID_PUBLIC_KEY and SQUARES_VAPID_PRIVATE_KEY hold it
// (base64url, padded or not; the form `npx web-push generate-vapid-keys` prints): the private key must be
// a P-256 key and the public key its own.
func ParseKeys(public, private string) (Keys, error) {
	priv, err := decodeKey(private)
	if err != nil {
		return Keys{}, fmt.Errorf("SQUARES_VAPID_PRIVATE_KEY is not base64url: %w", err)
	}
	key, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil {
		return Keys{}, fmt.Errorf("SQUARES_VAPID_PRIVATE_KEY is not a P-256 private key (32 bytes in base64url)")
	}
	pub, err := decodeKey(public)
	if err != nil {
		return Keys{}, fmt.Errorf("SQUARES_VAPID_PUBLIC_KEY is not base64url: %w", err)
	}
	if !bytes.Equal(pub, key.PublicKey().Bytes()) {
		return Keys{}, fmt.Errorf("SQUARES_VAPID_PUBLIC_KEY is not the public key of SQUARES_VAPID_PRIVATE_KEY")
	}
	return encodeKeys(key), nil
}

func encodeKeys(key *ecdh.PrivateKey) Keys {
	return Keys{Public: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		Private: base64.RawURLEncoding.EncodeToString(key.Bytes())}
}

func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(strings.TrimSpace(s), "="))
}

// LoadKeys returns the configured key pair, both keys or neither: without them, the pair made once from a
// secret kept in the database, which every instance on the database shares and restarts keep (browsers
// subscribe with the public key; a new key would silence every subscription).
func LoadKeys(ctx context.Context, db *store.DB, public, private string) (Keys, error) {
	switch {
	case public != "" && private != "":
		return ParseKeys(public, private)
	case public != "" || private != "":
		return Keys{}, fmt.Errorf("set both SQUARES_VAPID_PUBLIC_KEY and SQUARES_VAPID_PRIVATE_KEY, or neither")
	}
	seed, err := db.Secret(ctx, vapidSecret, 32)
	if err != nil {
		return Keys{}, err
	}
	return keysFromSeed(seed), nil
}

// keysFromSeed makes a P-256 key from 32 random bytes: the bytes themselves when they are a valid scalar
// (all but about one in 2^32), else the first valid SHA-256 of the seed and a counter.
func keysFromSeed(seed []byte) Keys {
	candidate := seed
	for i := byte(0); ; i++ {
		if key, err := ecdh.P256().NewPrivateKey(candidate); err == nil {
			return encodeKeys(key)
		}
		sum := sha256.Sum256(append(append([]byte("squares vapid "), seed...), i))
		candidate = sum[:]
	}
}

// Subject is the VAPID subject push services may contact the operator at: SQUARES_VAPID_SUBJECT when set;
// else the site's address (SQUARES_PUBLIC_URL) when it is https; else mailto: the sender of e-mail, or
// an address at the site's host.
func Subject(explicit, publicURL, mailFrom string) (string, error) {
	if explicit = strings.TrimSpace(explicit); explicit != "" {
		if err := CheckSubject(explicit); err != nil {
			return "", fmt.Errorf("SQUARES_VAPID_SUBJECT: %w", err)
		}
		return explicit, nil
	}
	host := "localhost"
	if u, err := url.Parse(publicURL); err == nil && u.Hostname() != "" {
		if u.Scheme == "https" {
			return "https://" + u.Host, nil
		}
		host = u.Hostname()
	}
	if a, err := mail.ParseAddress(mailFrom); err == nil {
		return "mailto:" + a.Address, nil
	}
	return "mailto:push@" + host, nil
}

// CheckSubject checks a VAPID subject: a mailto: URL with an address, or an https: URL with a host.
func CheckSubject(s string) error {
	switch {
	case strings.HasPrefix(s, "mailto:"):
		if _, err := mail.ParseAddress(strings.TrimPrefix(s, "mailto:")); err != nil || strings.ContainsAny(s, " <>") {
			return fmt.Errorf("%q is not mailto:ADDRESS", s)
		}
	case strings.HasPrefix(s, "https:"):
		if u, err := url.Parse(s); err != nil || u.Host == "" {
			return fmt.Errorf("%q is not an https URL", s)
		}
	default:
		return fmt.Errorf("%q is not a mailto: or https: URL", s)
	}
	return nil
}
