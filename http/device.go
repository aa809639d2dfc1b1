package http

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"
	"time"
)

// Device cookies (OWASP's "device cookies" against online guessing): a browser that signs in to an
// account gets a signed cookie naming the account and a random nonce. At its next sign-in to that account
// it is a known device, with a failure budget of its own, so failures elsewhere (which lock out unknown
// browsers) do not lock the owner out.
const (
	deviceLifetime    = 365 * 24 * time.Hour
	maxFailuresDevice = 3
	deviceKeyName     = "device-cookie-key"
)

var b64 = base64.RawURLEncoding

// signingKey returns the key that signs device cookies: kept in the database, so every instance shares it
// and it survives restarts.
func (s *Server) signingKey(ctx context.Context) ([]byte, error) {
	s.deviceKeyMu.Lock()
	defer s.deviceKeyMu.Unlock()
	if s.deviceKey == nil {
		k, err := s.Store.Secret(ctx, deviceKeyName, 32)
		if err != nil {
			return nil, err
		}
		s.deviceKey = k
	}
	return s.deviceKey, nil
}

// deviceCookieName is the name of the device cookie for an account: one per account, so a browser shared
// by a family, or an operator's player and admin accounts, keeps each.
func (s *Server) deviceCookieName(account string) string {
	sum := sha256.Sum256([]byte(account))
	name := "squares_device_" + hex.EncodeToString(sum[:6])
	if s.Config.Dev {
		return name
	}
	return "__Host-" + name
}

func deviceMAC(key []byte, account, nonce string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("squares device cookie v1\n" + account + "\n" + nonce))
	return m.Sum(nil)
}

// knownDevice returns the nonce of the request's device cookie for account when it is well formed,
// names this account and carries our signature; "" otherwise (an unknown browser).
func (s *Server) knownDevice(ctx context.Context, r *http.Request, account string) (string, error) {
	c, err := r.Cookie(s.deviceCookieName(account))
	if err != nil || len(c.Value) > 1024 {
		return "", nil
	}
	parts := strings.Split(c.Value, ".")
	if len(parts) != 3 {
		return "", nil
	}
	named, err := b64.DecodeString(parts[0])
	if err != nil || string(named) != account {
		return "", nil
	}
	mac, err := b64.DecodeString(parts[2])
	if err != nil {
		return "", nil
	}
	key, err := s.signingKey(ctx)
	if err != nil {
		return "", err
	}
	if !hmac.Equal(mac, deviceMAC(key, account, parts[1])) {
		return "", nil
	}
	return parts[1], nil
}

// rememberDevice gives the browser a new device cookie for account, after a successful sign-in.
func (s *Server) rememberDevice(ctx context.Context, w http.ResponseWriter, account string) error {
	key, err := s.signingKey(ctx)
	if err != nil {
		return err
	}
	n := make([]byte, 16)
	if _, err := rand.Read(n); err != nil {
		return err
	}
	nonce := b64.EncodeToString(n)
	value := b64.EncodeToString([]byte(account)) + "." + nonce + "." + b64.EncodeToString(deviceMAC(key, account, nonce))
	http.SetCookie(w, &http.Cookie{Name: s.deviceCookieName(account), Value: value, Path: "/",
		Expires: s.now().Add(deviceLifetime), MaxAge: int(deviceLifetime.Seconds()), HttpOnly: true,
		Secure: !s.Config.Dev, SameSite: http.SameSiteStrictMode})
	return nil
}
