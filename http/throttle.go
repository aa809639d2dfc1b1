package http

import (
	"net/http"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// addressThrottle is a budget of failures per client address (an IPv6 /64 counts as one) in a sliding
// window, kept in the database (store.ReserveAttempt) so that every instance counts together. Sign-in keeps
// its own budgets (auth.go): per account and per browser as well.
type addressThrottle struct {
	kind    string // the throttle key's prefix, "join-ip:"
	max     int
	window  time.Duration
	refused error // the answer past the budget, 429
}

// joinThrottle counts the invite codes an address tries that join nothing (unknown or revoked): codes are
// guessable in principle, so guessing is paced as passwords are.
var joinThrottle = addressThrottle{kind: "join-ip:", max: maxFailuresAddress, window: throttleWindow,
	refused: squares.Errorf(squares.ETOOMANY, "Too many invite codes tried. Please wait a few minutes and try again.")}

// reserveFailure reserves a failure of the request's address under t before the request is tried, so that
// however many arrive at once, no more than t.max are tried within the window. Past the budget it answers
// 429 with Retry-After itself and returns false. The caller gives the attempt back (s.giveBack) unless the
// request failed in the way t counts; a success does not forgive earlier failures (a member opening their
// own link again would otherwise wipe a guesser's slate).
func (s *Server) reserveFailure(w http.ResponseWriter, r *http.Request, t addressThrottle) (*store.Attempt, bool) {
	a, wait, err := s.Store.ReserveAttempt(r.Context(), store.Limit{Key: s.addressKey(t.kind, r), Max: t.max, Window: t.window})
	if err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	if a == nil {
		s.tooMany(w, r, t.refused, wait)
		return nil, false
	}
	return a, true
}
