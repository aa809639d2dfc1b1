package squares_test

import (
	"testing"
	"time"

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
