package http

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/squaresapp/squares"
)

// Limits on what a request may send.
const (
	// maxRequestBody bounds every request body, whatever the route; JSON bodies are held to maxBody and
	// the Stripe webhook to maxWebhookBody, both smaller.
	maxRequestBody = 1 << 20
	// maxJSONDepth bounds the nesting of objects and arrays in a JSON body: no call takes more than a few
	// levels, and deep nesting only costs the decoder.
	maxJSONDepth = 32
)

// limitBody refuses a body declared larger than maxRequestBody with 413 before reading it, and caps the
// others as they are read.
func (s *Server) limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > maxRequestBody {
			w.Header().Set("Connection", "close")
			s.Error(w, r, &squares.Error{Code: codeTooLarge, Message: "Request body is too large (at most 1 MiB)."})
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, maxRequestBody)
		}
		next.ServeHTTP(w, r)
	})
}

// jsonTooDeep reports whether a JSON text nests objects and arrays deeper than max. It skips strings, so
// brackets inside them do not count; malformed JSON is left to the decoder.
func jsonTooDeep(b []byte, max int) bool {
	depth := 0
	inString := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
			if depth > max {
				return true
			}
		case '}', ']':
			depth--
		}
	}
	return false
}

// RateLimit is a token bucket: Burst requests at once, then one every Every. A zero Burst sets no limit.
type RateLimit struct {
	Every time.Duration
	Burst int
}

// userLimiter holds one token bucket per signed-in player for one kind of request. The buckets live in
// this instance's memory: behind a load balancer each instance counts on its own, so a player may get up
// to the limit once per instance.
type userLimiter struct {
	what  string // what is limited, for the error message: "claims"
	limit rate.Limit
	burst int

	mu      sync.Mutex
	buckets map[int64]*rate.Limiter
	swept   time.Time
}

func newUserLimiter(what string, rl RateLimit) *userLimiter {
	if rl.Burst <= 0 {
		return nil
	}
	lim := rate.Inf
	if rl.Every > 0 {
		lim = rate.Every(rl.Every)
	}
	return &userLimiter{what: what, limit: lim, burst: rl.Burst, buckets: map[int64]*rate.Limiter{}}
}

// reserve takes a token from the user's bucket, and says how long to wait when there is none.
func (l *userLimiter) reserve(userID int64, now time.Time) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	// Forget full buckets now and then, so the map holds only players active lately.
	if now.Sub(l.swept) > time.Minute && len(l.buckets) > 0 {
		for id, b := range l.buckets {
			if b.TokensAt(now) >= float64(l.burst) {
				delete(l.buckets, id)
			}
		}
		l.swept = now
	}
	b := l.buckets[userID]
	if b == nil {
		b = rate.NewLimiter(l.limit, l.burst)
		l.buckets[userID] = b
	}
	if b.AllowN(now, 1) {
		return true, 0
	}
	r := b.ReserveN(now, 1)
	wait = r.DelayFrom(now)
	r.CancelAt(now)
	return false, wait
}

// limitUser answers 429 with Retry-After when the signed-in player has used up l; l nil sets no limit.
func (s *Server) limitUser(l *userLimiter, next http.HandlerFunc) http.HandlerFunc {
	if l == nil {
		return next
	}
	return func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		if u == nil {
			next(w, r)
			return
		}
		ok, wait := l.reserve(u.ID, time.Now())
		if !ok {
			secs := int(math.Ceil(wait.Seconds()))
			if secs < 1 {
				secs = 1
			}
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			if s.metrics != nil {
				s.metrics.rateLimited.WithLabelValues(l.what).Inc()
			}
			s.Error(w, r, squares.Errorf(squares.ETOOMANY, "Too many %s: try again in %d seconds.", l.what, secs))
			return
		}
		next(w, r)
	}
}

// routeLimiter is the per-player rate limit of a route pattern, or nil: claims, and the two checkout
// calls (sharing one bucket).
func (s *Server) routeLimiter(pattern string) *userLimiter {
	switch pattern {
	case "POST /api/pools/{id}/squares":
		return s.claimLimiter
	case "POST /api/create-escrow-payment", "POST /api/purchase-squares", "POST /api/test/create-escrow-payment":
		return s.checkoutLimiter
	}
	return nil
}
