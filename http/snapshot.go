package http

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/squaresapp/squares"
)

// boardMaxAge bounds how long a pool's snapshot is served before it is read again. Every change drops the
// snapshot at once through the event bus; the bound is for changes whose event never reached this
// instance (a NOTIFY lost while the listener reconnected, a write by another process on SQLite).
const boardMaxAge = time.Second

// maxBoards bounds how many pools' snapshots are kept.
const maxBoards = 1024

// boardBuildTimeout bounds the reads of one snapshot, which run apart from the request that started them
// (other readers wait for them).
const boardBuildTimeout = 30 * time.Second

// board is a snapshot of one pool as GET /api/pools/{id} and GET /api/pools/{id}/squares show it: read
// once, encoded once, served to every reader. What depends on the viewer (userSquareCount, the invite
// code, whether they may see the pool at all) is decided per request from it.
type board struct {
	// pool is the pool as a signed-out viewer reads it (ViewerSquares 0). Shared: never modified.
	pool *squares.PoolView
	// owned counts the squares each player owns in the pool (what userSquareCount shows them).
	owned map[int64]int
	// poolBytes is the pool's JSON without ([0]) and with ([1]) its invite code, cut around the value of
	// userSquareCount.
	poolBytes [2]poolParts
	// poolTag identifies the content of poolBytes; squaresTag that of squaresJSON.
	poolTag, squaresTag string
	// squaresJSON is the squares' JSON, with its compressed copies.
	squaresJSON *encodedAnswer
	// squares are the pool's squares as read (shared: never modified), for the answers that depend on the
	// viewer (a host pool's paid).
	squares []*squares.Square
	// built is when the reads began (for boardMaxAge); lapse is the store's time at which the first hold
	// on the list runs out and the square leaves it (zero: none).
	built, lapse time.Time
}

// poolParts is a pool's JSON without its userSquareCount value: head ends with `"userSquareCount":`.
type poolParts struct{ head, tail []byte }

// buildBoard reads pool id and encodes its snapshot.
func (s *Server) buildBoard(ctx context.Context, id int64) (*board, error) {
	b := &board{built: time.Now(), owned: map[int64]int{}}
	p, sqs, err := s.Store.FindBoard(ctx, id)
	if err != nil {
		return nil, err
	}
	b.pool, b.squares = p, sqs
	list := make([]Square, 0, len(sqs))
	for _, sq := range sqs {
		list = append(list, toSquareJSON(sq))
		switch {
		case sq.State == squares.SquareOwned && !sq.IsHouse && sq.UserID != 0:
			b.owned[sq.UserID]++
		case sq.State == squares.SquareHeld && sq.HoldExpiresAt != nil:
			if b.lapse.IsZero() || sq.HoldExpiresAt.Before(b.lapse) {
				b.lapse = *sq.HoldExpiresAt
			}
		}
	}
	raw, err := encodeJSON(list)
	if err != nil {
		return nil, err
	}
	b.squaresJSON = newEncodedAnswer(raw)
	out := toPoolJSON(p, nil)
	if b.poolBytes[0], err = cutPoolJSON(out); err != nil {
		return nil, err
	}
	out.InviteCode = optional(p.InviteCode)
	if b.poolBytes[1], err = cutPoolJSON(out); err != nil {
		return nil, err
	}
	h := sha256.New()
	for _, part := range b.poolBytes {
		h.Write(part.head)
		h.Write(part.tail)
	}
	b.poolTag = contentTag(h.Sum(nil))
	sum := sha256.Sum256(b.squaresJSON.plain)
	b.squaresTag = contentTag(sum[:])
	return b, nil
}

// encodeJSON encodes v as writeJSON does (json.Encoder: HTML escaped, a newline at the end).
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var squareCountKey = []byte(`"userSquareCount":0`)

// cutPoolJSON encodes a pool with userSquareCount 0 and cuts the 0 out. The key cannot occur inside a
// string value, where every quote is escaped.
func cutPoolJSON(p Pool) (poolParts, error) {
	p.UserSquareCount = 0
	raw, err := encodeJSON(p)
	if err != nil {
		return poolParts{}, err
	}
	i := bytes.Index(raw, squareCountKey)
	if i < 0 {
		return poolParts{}, fmt.Errorf("pool json has no userSquareCount: %.100s", raw)
	}
	cut := i + len(squareCountKey) - 1
	return poolParts{head: raw[:cut], tail: raw[cut+1:]}, nil
}

// contentTag is an ETag's opaque part from a digest of the content: equal content gives an equal tag on
// every instance and across restarts, so a tag from another instance is never wrongly matched.
func contentTag(sum []byte) string {
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// boards keeps each pool's latest snapshot. A change of a pool drops its snapshot (drop, dropGame,
// flush, called as the event of the change is published, before the write returns); the next reader
// builds it again. A build that started before a drop is never kept after it: every drop bumps the
// entry's generation, and a build is kept only if the generation it started at is still current.
type boards struct {
	maxAge time.Duration
	// storeNow is the store's clock, which decides when a hold lapses.
	storeNow func() time.Time

	mu    sync.Mutex
	pools map[int64]*boardEntry
}

type boardEntry struct {
	gen    uint64
	gameID int64  // 0 until a build has read the pool
	board  *board // nil when none is current
	build  *boardBuild
}

// boardBuild is a snapshot being built; readers who arrive while its generation is current wait for it
// instead of reading the database too.
type boardBuild struct {
	gen   uint64
	done  chan struct{}
	board *board
	err   error
}

func newBoards(maxAge time.Duration, storeNow func() time.Time) *boards {
	return &boards{maxAge: maxAge, storeNow: storeNow, pools: map[int64]*boardEntry{}}
}

// get returns pool id's current snapshot, building it with build when there is none.
func (bs *boards) get(ctx context.Context, id int64, build func(context.Context, int64) (*board, error)) (*board, error) {
	bs.mu.Lock()
	e := bs.pools[id]
	if e == nil {
		bs.evict()
		e = &boardEntry{}
		bs.pools[id] = e
	}
	if b := e.board; b != nil {
		if bs.current(b) {
			bs.mu.Unlock()
			return b, nil
		}
		e.board = nil
	}
	if f := e.build; f != nil && f.gen == e.gen {
		bs.mu.Unlock()
		select {
		case <-f.done:
			return f.board, f.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	f := &boardBuild{gen: e.gen, done: make(chan struct{})}
	e.build = f
	bs.mu.Unlock()

	// The build serves the readers waiting for it too: it must not end with this request.
	bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), boardBuildTimeout)
	f.board, f.err = build(bctx, id)
	cancel()

	bs.mu.Lock()
	if e.build == f {
		e.build = nil
	}
	switch {
	case f.err == nil:
		e.gameID = f.board.pool.GameID
		if bs.pools[id] == e && e.gen == f.gen {
			e.board = f.board
		}
	case e.build == nil && e.board == nil && bs.pools[id] == e:
		// No pool (or no answer): nothing to keep, so requests for made-up ids fill no room.
		delete(bs.pools, id)
	}
	bs.mu.Unlock()
	close(f.done)
	return f.board, f.err
}

// current reports whether a snapshot may still be served.
func (bs *boards) current(b *board) bool {
	if time.Since(b.built) >= bs.maxAge {
		return false
	}
	return b.lapse.IsZero() || bs.storeNow().Before(b.lapse)
}

// evict makes room for one more pool, forgetting pools no one is building (in the map's random order).
// The caller holds mu.
func (bs *boards) evict() {
	for id, e := range bs.pools {
		if len(bs.pools) < maxBoards {
			return
		}
		if e.build == nil {
			delete(bs.pools, id)
		}
	}
}

// drop forgets pool id's snapshot.
func (bs *boards) drop(id int64) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if e := bs.pools[id]; e != nil {
		e.gen++
		e.board = nil
	}
}

// dropGame forgets the snapshots of the pools of a game (a pool shows its game), and of pools whose first
// build is under way, whose game is not known yet.
func (bs *boards) dropGame(gameID int64) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	for _, e := range bs.pools {
		if e.gameID == gameID || e.gameID == 0 {
			e.gen++
			e.board = nil
		}
	}
}

// flush forgets every snapshot.
func (bs *boards) flush() {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	for _, e := range bs.pools {
		e.gen++
		e.board = nil
	}
}

// visibleBoard returns the snapshot of the pool of the request's path and how many of its squares the
// viewer owns, if the viewer may see it (checkVisible).
func (s *Server) visibleBoard(r *http.Request) (*board, int, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, 0, err
	}
	b, err := s.boards.get(r.Context(), id, s.buildBoard)
	if err != nil {
		return nil, 0, err
	}
	u := userFrom(r.Context())
	if err := s.checkVisible(r.Context(), u, b.pool.Pool); err != nil {
		return nil, 0, err
	}
	mine := 0
	if u != nil {
		mine = b.owned[u.ID]
	}
	return b, mine, nil
}

// Cache-Control of snapshot answers: browsers may keep them but ask again every time, sending the ETag,
// so that a 30-second refetch of an unchanged board costs a 304. An answer with an invite code is not kept.
var (
	hdrRevalidate = []string{"private, no-cache"}
	hdrNoStore    = []string{"no-store"}
	hdrJSON       = []string{"application/json; charset=utf-8"}
)

// writeSnapshot answers 200 with the body made of parts, or 304 when the request's If-None-Match holds
// etag. etag is the quoted tag of exactly this body for this viewer.
func writeSnapshot(w http.ResponseWriter, r *http.Request, etag string, keep bool, parts ...[]byte) {
	if snapshotNotModified(w, r, etag, keep) {
		return
	}
	writeSnapshotBody(w, parts...)
}

// snapshotNotModified sets a snapshot answer's ETag and Cache-Control, and answers 304 (reporting true)
// when the request's If-None-Match holds etag.
func snapshotNotModified(w http.ResponseWriter, r *http.Request, etag string, keep bool) bool {
	h := w.Header()
	h["Etag"] = []string{etag}
	h["Cache-Control"] = hdrNoStore
	if keep {
		h["Cache-Control"] = hdrRevalidate
	}
	if inm := r.Header["If-None-Match"]; len(inm) > 0 && etagMatch(inm, etag) {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	return false
}

// writeSnapshotBody answers 200 with the JSON body made of parts.
func writeSnapshotBody(w http.ResponseWriter, parts ...[]byte) {
	h := w.Header()
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	h["Content-Type"] = hdrJSON
	h["Content-Length"] = []string{strconv.Itoa(n)}
	w.WriteHeader(http.StatusOK)
	for _, p := range parts {
		w.Write(p)
	}
}

// etagMatch reports whether If-None-Match values hold etag (or *). The comparison is weak, as RFC 9110
// asks for If-None-Match.
func etagMatch(values []string, etag string) bool {
	for _, v := range values {
		for t := range strings.SplitSeq(v, ",") {
			t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
			if t == etag || t == "*" {
				return true
			}
		}
	}
	return false
}
