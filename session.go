package squares

import (
	"strings"
	"time"

	"github.com/mileusna/useragent"
)

// Sessions slide: each one ends after a spell of idleness that depends on the role of its user, shorter
// for admins, who can change everything.
const (
	AdminSessionIdle  = 12 * time.Hour
	PlayerSessionIdle = 30 * 24 * time.Hour
	// SessionTouchEvery is how stale a session's last-seen time may get before a request refreshes it:
	// sessions are read on every request and written at most this often, so a session may end up to this
	// much before its idle time is up.
	SessionTouchEvery = 5 * time.Minute
)

// SessionIdle is how long a session of a user with this role lasts without being used.
func SessionIdle(role string) time.Duration {
	if role == RoleAdmin {
		return AdminSessionIdle
	}
	return PlayerSessionIdle
}

// SessionExpired reports whether a session of a user with this role, last seen at lastSeen, has ended by now.
func SessionExpired(role string, lastSeen, now time.Time) bool {
	return !now.Before(lastSeen.Add(SessionIdle(role)))
}

// SessionStale reports whether a session last seen at lastSeen should have its last-seen time refreshed.
func SessionStale(lastSeen, now time.Time) bool {
	return now.Sub(lastSeen) >= SessionTouchEvery
}

// AdminSession is what decides whether a session of an admin's account carries the admin's powers.
type AdminSession struct {
	Required     bool // the server requires a second factor of every admin (SQUARES_ADMIN_2FA=1)
	Enabled      bool // the admin has two-factor sign-in on
	SecondFactor bool // the session was started with a code, or turned two-factor sign-in on
}

// HasPowers reports whether the session carries the admin's powers. Where no second factor is required
// nor turned on, the password is enough; otherwise only a session that passed the second factor has them,
// and only while two-factor sign-in is on (a server that requires it gives no powers to an admin who
// turned it off).
func (a AdminSession) HasPowers() bool {
	if !a.Required && !a.Enabled {
		return true
	}
	return a.Enabled && a.SecondFactor
}

// maxUserAgent bounds the user agent kept with a session.
const maxUserAgent = 512

// TrimUserAgent is the part of a User-Agent header kept with a session.
func TrimUserAgent(ua string) string {
	ua = strings.TrimSpace(ua)
	if len(ua) > maxUserAgent {
		ua = strings.ToValidUTF8(ua[:maxUserAgent], "")
	}
	return ua
}

// DeviceLabel names the browser a session was signed in from, for the account page's list of devices:
// "Chrome on Windows", "Safari on iPhone", "Firefox" when the system is not told, "Unknown device" when
// nothing is.
func DeviceLabel(userAgent string) string {
	ua := useragent.Parse(userAgent)
	name := ua.Name
	switch name {
	case useragent.MobileSafari:
		name = useragent.Safari
	case useragent.HeadlessChrome:
		name = useragent.Chrome
	}
	system := ua.OS
	if ua.Device == "iPhone" || ua.Device == "iPad" {
		system = ua.Device
	}
	switch {
	case name != "" && system != "":
		return name + " on " + system
	case name != "":
		return name
	case system != "":
		return "Browser on " + system
	}
	return "Unknown device"
}
