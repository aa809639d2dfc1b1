package squares_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/squaresapp/squares"
)

func TestSessionIdle(t *testing.T) {
	seen := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		role    string
		after   time.Duration
		expired bool
	}{
		{squares.RoleAdmin, 12*time.Hour - time.Second, false},
		{squares.RoleAdmin, 12 * time.Hour, true},
		{squares.RoleUser, 12 * time.Hour, false},
		{squares.RoleUser, 30*24*time.Hour - time.Second, false},
		{squares.RoleUser, 30 * 24 * time.Hour, true},
	} {
		if got := squares.SessionExpired(tc.role, seen, seen.Add(tc.after)); got != tc.expired {
			t.Errorf("%s idle %v: expired %v, want %v", tc.role, tc.after, got, tc.expired)
		}
	}
	if squares.SessionStale(seen, seen.Add(5*time.Minute-time.Second)) || !squares.SessionStale(seen, seen.Add(5*time.Minute)) {
		t.Error("a session's last-seen time is refreshed every 5 minutes")
	}
}

// An admin's session has the admin's powers with the password alone only where no second factor is
// required nor turned on; otherwise only once it passed the second factor, and while it is on.
func TestAdminSessionPowers(t *testing.T) {
	for _, tc := range []struct {
		in   squares.AdminSession
		want bool
	}{
		{squares.AdminSession{}, true},
		{squares.AdminSession{SecondFactor: true}, true},
		{squares.AdminSession{Required: true}, false},
		{squares.AdminSession{Required: true, SecondFactor: true}, false}, // turned off since: set it up again
		{squares.AdminSession{Enabled: true}, false},
		{squares.AdminSession{Enabled: true, SecondFactor: true}, true},
		{squares.AdminSession{Required: true, Enabled: true}, false},
		{squares.AdminSession{Required: true, Enabled: true, SecondFactor: true}, true},
	} {
		if got := tc.in.HasPowers(); got != tc.want {
			t.Errorf("%+v: powers %v, want %v", tc.in, got, tc.want)
		}
	}
	admin := &squares.User{Role: squares.RoleAdmin, NeedsSecondFactor: true}
	if admin.IsAdmin() || !admin.HasAdminRole() {
		t.Error("an admin whose session needs the second factor has the role but no powers")
	}
	var nobody *squares.User
	if nobody.IsAdmin() || nobody.HasAdminRole() || (&squares.User{Role: squares.RoleUser}).IsAdmin() {
		t.Error("no one signed in, and a player, are no admins")
	}
}

func TestDeviceLabel(t *testing.T) {
	for ua, want := range map[string]string{
		"": "Unknown device",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36":                         "Chrome on Windows",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1": "Safari on iPhone",
		"Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0":                                                                  "Firefox on Linux",
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36":                   "Chrome on Android",
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36":                           "Chrome on Linux",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0":           "Edge on Windows",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15":                   "Safari on macOS",
	} {
		if got := squares.DeviceLabel(ua); got != want {
			t.Errorf("%q: %q, want %q", ua, got, want)
		}
	}
	long := strings.Repeat("é", 400)
	if got := squares.TrimUserAgent("  " + long); len(got) > 512 || !utf8.ValidString(got) {
		t.Errorf("trimmed to %d bytes, valid %v", len(got), utf8.ValidString(got))
	}
}
