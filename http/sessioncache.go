package http

import (
	"sync"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// sessionTTL bounds how long a session read from the database is used without reading it again. Every
// end of a user's sessions and every change of their account drops them at once through the event bus
// (squares.EventAccount); the bound is for changes whose event never reached this instance.
const sessionTTL = 10 * time.Second

// maxSessions bounds how many sessions are kept.
const maxSessions = 100_000

// sessions keeps the sessions of recent requests by token hash, so that a signed-in request does not read
// the database. A session is used from here only while it needs no write: once its last-seen time is
// squares.SessionTouchEvery old, the next request reads (and slides) it in the database, as without the
// cache. A read that started before a drop is never kept after it (gen).
type sessions struct {
	ttl time.Duration

	mu     sync.Mutex
	gen    uint64 // bumped by every drop
	byHash map[string]*cachedSession
	byUser map[int64]map[string]struct{}
}

type cachedSession struct {
	sess *store.Session // Touched false; shared: never modified
	read time.Time
}

func newSessions(ttl time.Duration) *sessions {
	return &sessions{ttl: ttl, byHash: map[string]*cachedSession{}, byUser: map[int64]map[string]struct{}{}}
}

// get returns the session with this token hash if one is kept and still usable at the store's time now,
// and the generation to pass to put after reading it from the database otherwise.
func (c *sessions) get(hash string, now time.Time) (*store.Session, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cs := c.byHash[hash]
	if cs == nil {
		return nil, c.gen
	}
	s := cs.sess
	if time.Since(cs.read) >= c.ttl || !now.Before(s.ExpiresAt) || squares.SessionExpired(s.User.Role, s.LastSeenAt, now) ||
		squares.SessionStale(s.LastSeenAt, now) {
		c.remove(hash, s.UserID)
		return nil, c.gen
	}
	return s, c.gen
}

// put keeps a session just read from the database, unless a drop came since get returned gen.
func (c *sessions) put(hash string, s *store.Session, gen uint64) {
	kept := *s
	kept.Touched = false
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if _, ok := c.byHash[hash]; !ok {
		for h, cs := range c.byHash { // room for one more, in the map's random order
			if len(c.byHash) < maxSessions {
				break
			}
			c.remove(h, cs.sess.UserID)
		}
	}
	c.byHash[hash] = &cachedSession{sess: &kept, read: time.Now()}
	hashes := c.byUser[s.UserID]
	if hashes == nil {
		hashes = map[string]struct{}{}
		c.byUser[s.UserID] = hashes
	}
	hashes[hash] = struct{}{}
}

// remove forgets one session; the caller holds mu.
func (c *sessions) remove(hash string, userID int64) {
	delete(c.byHash, hash)
	if hashes := c.byUser[userID]; hashes != nil {
		delete(hashes, hash)
		if len(hashes) == 0 {
			delete(c.byUser, userID)
		}
	}
}

// dropUser forgets every session of a user.
func (c *sessions) dropUser(userID int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for h := range c.byUser[userID] {
		delete(c.byHash, h)
	}
	delete(c.byUser, userID)
}

// flush forgets every session.
func (c *sessions) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.byHash)
	clear(c.byUser)
}
