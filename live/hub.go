package live

import (
	"context"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gobwas/ws"

	"github.com/squaresapp/squares"
)

// Hub knows which connection watches which pool and game, turns each event into one message, and fans it
// out to the watchers on this instance. The hub owns every subscription map, each connection's own pools
// and games included: all are read and written under mu only. A connection is live while it is in conns.
type Hub struct {
	ctx    context.Context
	cancel context.CancelFunc
	src    Source
	logger *slog.Logger
	// pingInterval and pongTimeout are Config's, or wsPingInterval and wsPongTimeout.
	pingInterval, pongTimeout time.Duration

	mu       sync.RWMutex
	closed   bool
	conns    map[*wsConn]struct{}
	pools    map[int64]map[*wsConn]struct{}
	games    map[int64]map[*wsConn]struct{}
	poolGame map[int64]int64                // the game of each watched pool
	users    map[int64]map[*wsConn]struct{} // signed-in players' connections, for their notifications
	done     sync.WaitGroup                 // run
	readers  sync.WaitGroup                 // the connections' readers; counted in add, under mu
	pingTick atomic.Int32                   // the slot of the ping round's last tick
	started  time.Time                      // the clock of wsConn.pingSent

	// addrs counts the connections of each client address, held from before the upgrade until drop;
	// perAddr caps them (0: no cap).
	addrs   map[string]int
	perAddr int
}

// Config is how a hub treats its connections.
type Config struct {
	// PingInterval is how often the hub pings a connection, PongTimeout how long it waits for the answer
	// before dropping it; 0 means 25 s and 10 s.
	PingInterval, PongTimeout time.Duration
	// PerAddr is how many connections one client address may hold open; 0 sets no cap.
	PerAddr int
}

// New returns a hub that asks src what it must; Open starts it.
func New(cfg Config, src Source, logger *slog.Logger) *Hub {
	ctx, cancel := context.WithCancel(context.Background())
	h := &Hub{ctx: ctx, cancel: cancel, src: src, logger: logger, started: time.Now(),
		pingInterval: cfg.PingInterval, pongTimeout: cfg.PongTimeout, perAddr: cfg.PerAddr,
		conns: map[*wsConn]struct{}{},
		pools: map[int64]map[*wsConn]struct{}{}, games: map[int64]map[*wsConn]struct{}{}, poolGame: map[int64]int64{},
		users: map[int64]map[*wsConn]struct{}{}, addrs: map[string]int{}}
	if h.pingInterval <= 0 {
		h.pingInterval = wsPingInterval
	}
	if h.pongTimeout <= 0 {
		h.pongTimeout = wsPongTimeout
	}
	return h
}

// Open starts handling the events of the bus, and the pings, until Close.
func (h *Hub) Open(events squares.Events) {
	h.done.Add(1)
	go h.run(events.Subscribe(h.ctx))
}

// Count returns how many connections are open.
func (h *Hub) Count() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.conns)
}

// PerAddr is how many connections one client address may hold open (Config.PerAddr).
func (h *Hub) PerAddr() int { return h.perAddr }

// ReserveAddr counts a connection about to open from addr, unless addr holds PerAddr already; the
// connection gives it back when it ends, or ReleaseAddr gives it back when it never opens.
func (h *Hub) ReserveAddr(addr string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.perAddr > 0 && h.addrs[addr] >= h.perAddr {
		return false
	}
	h.addrs[addr]++
	return true
}

// ReleaseAddr gives back what ReserveAddr counted for a connection that did not open.
func (h *Hub) ReleaseAddr(addr string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.releaseAddrLocked(addr)
}

func (h *Hub) releaseAddrLocked(addr string) {
	if h.addrs[addr] <= 1 {
		delete(h.addrs, addr)
	} else {
		h.addrs[addr]--
	}
}

// Fan-out and ping rounds.
const (
	// wsFanoutChunk is how many connections one fan-out worker serves at least: a fan-out to more runs on
	// up to wsFanoutWorkersPerProc x GOMAXPROCS workers.
	wsFanoutChunk = 256
	// wsFanoutWorkersPerProc is how many fan-out workers run per GOMAXPROCS. A worker spends nearly all of
	// its time inside write(2) (the kernel's TCP path, 87 % of a fan-out's CPU); with one worker per P, a
	// worker descheduled in the kernel leaves its P idle. Four per P kept both cores writing and let the
	// readers take their frames in larger batches: on 2 cores, 10,000 subscribers, the last receipt's p50
	// went from 93-112 ms (one per P) to 76-97 ms, the readers' CPU from 64-77 to 50-65 ms per event
	// (bench/wsfanout, docs/performance.md).
	wsFanoutWorkersPerProc = 4
	// wsPingSlots spreads the pings of one interval over that many ticks, each pinging the connections of
	// one slot, so that no tick pings everyone at once.
	wsPingSlots = 25
)

// run handles events until the hub closes, and starts the ping round. Open counts it in h.done before
// starting it, so Close never waits on a run that has not begun.
func (h *Hub) run(events <-chan squares.Event) {
	defer h.done.Done()
	h.done.Add(1)
	go h.pingRound()
	for {
		select {
		case <-h.ctx.Done():
			return
		case e, ok := <-events:
			if !ok {
				return
			}
			h.handle(e)
		}
	}
}

// pingRound pings the connections of one slot at every tick, wsPingSlots ticks per ping interval, until
// the hub closes. It runs beside the event loop, so that a busy fan-out does not delay the pings, and it
// follows the clock: ticks it missed (a busy machine) are caught up at the next, a round at most.
func (h *Hub) pingRound() {
	defer h.done.Done()
	step := max(h.pingInterval/wsPingSlots, time.Millisecond)
	tick := time.NewTicker(step)
	defer tick.Stop()
	start, ticks := time.Now(), int64(0)
	for {
		select {
		case <-h.ctx.Done():
			return
		case now := <-tick.C:
			due := int64(now.Sub(start) / step)
			ticks = max(ticks, due-wsPingSlots)
			for ; ticks < due; ticks++ {
				slot := int(ticks % wsPingSlots)
				h.pingTick.Store(int32(slot))
				h.pingSlot(slot)
			}
		}
	}
}

// Close drops every connection with "going away" and stops the hub.
func (h *Hub) Close() {
	h.mu.Lock()
	h.closed = true
	conns := make([]*wsConn, 0, len(h.conns))
	for c := range h.conns {
		conns = append(conns, c)
	}
	h.mu.Unlock()
	for _, c := range conns {
		h.drop(c, wsCloseShutdown, "server shutting down")
	}
	// Each reader ends when its browser answers the close, or wsCloseTimeout after it.
	h.readers.Wait()
	h.cancel()
	h.done.Wait()
}

func (h *Hub) add(c *wsConn) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	h.conns[c] = struct{}{}
	h.readers.Add(1)
	// First pinged when the round comes back to the slot of its connecting, a ping interval later.
	c.slot = int(h.pingTick.Load())
	if c.viewer.User != nil {
		if h.users[c.viewer.User.ID] == nil {
			h.users[c.viewer.User.ID] = map[*wsConn]struct{}{}
		}
		h.users[c.viewer.User.ID][c] = struct{}{}
	}
	return true
}

// drop forgets a connection and closes it, once: the close frame is sent after the frame being written,
// if any (the frames queued behind it are not sent), and the browser has wsCloseTimeout to answer before
// the reader ends the connection. It does not wait. The connection stops taking messages under its own
// lock; it leaves the hub's maps, its own subscription sets included, under the hub's lock, which is the
// one every subscription takes: a subscription either comes first and is removed here, or comes after
// and finds the connection gone.
func (h *Hub) drop(c *wsConn, code ws.StatusCode, reason string) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	c.queue = nil
	frame := wsCloseFrame(code, reason)
	start := !c.writing && !c.broken
	if start {
		c.writing = true
	} else if !c.broken {
		c.queue = [][]byte{frame}
	}
	c.mu.Unlock()
	h.mu.Lock()
	delete(h.conns, c)
	if c.addr != "" {
		h.releaseAddrLocked(c.addr)
	}
	if c.viewer.User != nil {
		h.removeLocked(h.users, c.viewer.User.ID, c)
	}
	for id := range c.pools {
		h.removeLocked(h.pools, id, c)
		if h.pools[id] == nil {
			delete(h.poolGame, id)
		}
	}
	for id := range c.games {
		h.removeLocked(h.games, id, c)
	}
	c.pools, c.games = nil, nil
	h.mu.Unlock()
	c.conn.SetReadDeadline(time.Now().Add(wsCloseTimeout))
	if start {
		c.drain(h, frame)
	}
}

func (h *Hub) removeLocked(m map[int64]map[*wsConn]struct{}, id int64, c *wsConn) {
	if set := m[id]; set != nil {
		delete(set, c)
		if len(set) == 0 {
			delete(m, id)
		}
	}
}

// subscribeLocked adds c to the watchers of id in m and id to c's own set, and reports whether c watches
// id now: not when c has been dropped, nor past wsMaxSubs (unless it watched id already).
func (h *Hub) subscribeLocked(m map[int64]map[*wsConn]struct{}, own *map[int64]struct{}, c *wsConn, id int64) bool {
	if _, live := h.conns[c]; !live {
		return false
	}
	if _, already := (*own)[id]; already {
		return true
	}
	if len(c.pools)+len(c.games) >= wsMaxSubs {
		return false
	}
	if *own == nil {
		*own = map[int64]struct{}{}
	}
	(*own)[id] = struct{}{}
	if m[id] == nil {
		m[id] = map[*wsConn]struct{}{}
	}
	m[id][c] = struct{}{}
	return true
}

func (h *Hub) subscribePool(c *wsConn, poolID, gameID int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.subscribeLocked(h.pools, &c.pools, c, poolID) {
		return false
	}
	h.poolGame[poolID] = gameID
	return true
}

func (h *Hub) unsubscribePool(c *wsConn, poolID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(c.pools, poolID)
	h.removeLocked(h.pools, poolID, c)
	if h.pools[poolID] == nil {
		delete(h.poolGame, poolID)
	}
}

func (h *Hub) subscribeGame(c *wsConn, gameID int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.subscribeLocked(h.games, &c.games, c, gameID)
}

func (h *Hub) unsubscribeGame(c *wsConn, gameID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(c.games, gameID)
	h.removeLocked(h.games, gameID, c)
}

// fanout sends one message to every connection in conns: the frame is compiled once (frames from the
// server are not masked, so every connection gets the same bytes) and written by up to
// wsFanoutWorkersPerProc workers per P, each serving a share of the connections, at least wsFanoutChunk.
// It returns once every connection has the frame written or queued, so the next message reaches each
// connection after this one.
func (h *Hub) fanout(conns []*wsConn, msg []byte) {
	frame := wsTextFrame(msg)
	workers := min(wsFanoutWorkersPerProc*runtime.GOMAXPROCS(0), (len(conns)+wsFanoutChunk-1)/wsFanoutChunk)
	if workers <= 1 {
		for _, c := range conns {
			c.sendFrame(h, frame)
		}
		return
	}
	share := (len(conns) + workers - 1) / workers
	var wg sync.WaitGroup
	for len(conns) > share {
		part := conns[:share]
		conns = conns[share:]
		wg.Go(func() {
			for _, c := range part {
				c.sendFrame(h, frame)
			}
		})
	}
	for _, c := range conns {
		c.sendFrame(h, frame)
	}
	wg.Wait()
}

// watched reports whether any connection here watches id, without copying the set.
func (h *Hub) watched(m map[int64]map[*wsConn]struct{}, id int64) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(m[id]) > 0
}

func (h *Hub) watchers(m map[int64]map[*wsConn]struct{}, id int64) []*wsConn {
	h.mu.RLock()
	defer h.mu.RUnlock()
	set := m[id]
	out := make([]*wsConn, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	return out
}

// pingSlot pings the connections of one slot that have no ping out, and drops every connection whose
// ping has gone unanswered for h.pongTimeout. The reader clears a connection's ping when its pong comes.
func (h *Hub) pingSlot(slot int) {
	now := int64(time.Since(h.started)) + 1 // monotonic, never 0
	var ping, dead []*wsConn
	h.mu.RLock()
	for c := range h.conns {
		switch sent := c.pingSent.Load(); {
		case sent == 0:
			if c.slot == slot {
				ping = append(ping, c)
			}
		case now-sent > int64(h.pongTimeout):
			dead = append(dead, c)
		}
	}
	h.mu.RUnlock()
	for _, c := range dead {
		h.drop(c, ws.StatusPolicyViolation, "no pong")
	}
	for _, c := range ping {
		c.pingSent.Store(now)
		c.sendFrame(h, wsPingFrame)
	}
}
