package squares_test

import (
	"testing"

	"github.com/squaresapp/squares"
)

func TestCheckOwnBalance(t *testing.T) {
	public := hostPool()
	public.IsPrivate = false
	for _, tc := range []struct {
		name   string
		actor  *squares.User
		pool   *squares.Pool
		member bool
		want   string
	}{
		{"a member of a host pool", userID(5), hostPool(), true, ""},
		{"the host", userID(3), hostPool(), true, ""},
		{"signed out", nil, hostPool(), false, squares.EUNAUTHORIZED},
		{"not a member", userID(5), hostPool(), false, squares.ENOTFOUND},
		{"a public pool", userID(5), public, true, squares.ENOTFOUND},
		{"a card pool", userID(5), cardPool(), true, squares.EUNPROCESSABLE},
	} {
		if got := squares.ErrorCode(squares.CheckOwnBalance(tc.actor, tc.pool, tc.member)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
