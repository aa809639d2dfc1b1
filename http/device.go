package http

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"
	"time"
)

// Device cookies (OWASP's "device cookies" against online guessing): a browser that signs in to an
// account gets a cookie holding an opaque random id (256 bits), which the database keeps, hashed, with the
// accounts it signed in to (store.RememberDevice). At its next sign-in to one of them it is a known
// device, with a failure budget of its own, so failures elsewhere (which lock out unknown browsers) do not
// lock the owner out. The cookie says nothing of whose it is: one per browser, for every account.
const (
	deviceLifetime    = 365 * 24 * time.Hour
	maxFailuresDevice = 3
	deviceIDBytes     = 32
)

var b64 = base64.RawURLEncoding

// deviceCookieName is the device cookie's name: __Host- outside development mode (Secure, this host,
// the whole site).
func (s *Server) deviceCookieName() string {
	if s.Config.Dev {
		return "squares_device"
	}
	return "__Host-squares_device"
}

// deviceID returns the hash of the request's device id, "" when it has no well-formed one.
func (s *Server) deviceID(r *http.Request) string {
	c, err := r.Cookie(s.deviceCookieName())
	if err != nil || len(c.Value) != b64.EncodedLen(deviceIDBytes) {
		return ""
	}
	if id, err := b64.DecodeString(c.Value); err != nil || len(id) != deviceIDBytes {
		return ""
	}
	sum := sha256.Sum256([]byte(c.Value))
	return hex.EncodeToString(sum[:])
}

// knownDevice returns the throttle key of the request's browser's own budget for account when it is a
// known device of the account; "" otherwise (an unknown browser). The key names the device and the
// account by a hash only.
func (s *Server) knownDevice(ctx context.Context, r *http.Request, account string) (string, error) {
	hash := s.deviceID(r)
	if hash == "" {
		return "", nil
	}
	known, err := s.Store.KnownDevice(ctx, hash, account)
	if err != nil || !known {
		return "", err
	}
	sum := sha256.Sum256([]byte(hash + "\n" + account))
	return "device:" + hex.EncodeToString(sum[:16]), nil
}

// rememberDevice makes the browser a known device of account, after a successful sign-in: it keeps its
// id if the database knows it, or gets a new one. The cookie's lifetime starts again. Device cookies of
// the old form, which named their account, are cleared.
func (s *Server) rememberDevice(ctx context.Context, w http.ResponseWriter, r *http.Request, account string) error {
	n := make([]byte, deviceIDBytes)
	if _, err := rand.Read(n); err != nil {
		return err
	}
	fresh := b64.EncodeToString(n)
	sum := sha256.Sum256([]byte(fresh))
	freshHash := hex.EncodeToString(sum[:])
	used, err := s.Store.RememberDevice(ctx, s.deviceID(r), freshHash, account, deviceLifetime)
	if err != nil {
		return err
	}
	value := fresh
	if used != freshHash {
		c, _ := r.Cookie(s.deviceCookieName()) // the presented id, known
		value = c.Value
	}
	http.SetCookie(w, &http.Cookie{Name: s.deviceCookieName(), Value: value, Path: "/",
		Expires: s.now().Add(deviceLifetime), MaxAge: int(deviceLifetime.Seconds()), HttpOnly: true,
		Secure: !s.Config.Dev, SameSite: http.SameSiteStrictMode})
	for _, c := range r.Cookies() {
		if strings.HasPrefix(c.Name, "squares_device_") || strings.HasPrefix(c.Name, "__Host-squares_device_") {
			http.SetCookie(w, &http.Cookie{Name: c.Name, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
				Secure: strings.HasPrefix(c.Name, "__Host-") || !s.Config.Dev, SameSite: http.SameSiteStrictMode})
		}
	}
	return nil
}
