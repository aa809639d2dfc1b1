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
