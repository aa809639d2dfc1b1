package http

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/squaresapp/squares/store"
)

// Metrics holds the server's Prometheus metrics. Make one with NewMetrics and pass it in Config.Metrics
// to give other parts (the score feed, the automation) its hooks; a server with Config.MetricsAddr and
// no Metrics makes its own. Its methods do nothing on a nil *Metrics, so hooks cost nothing when metrics
// are off.
type Metrics struct {
	reg *prometheus.Registry

	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	claims      *prometheus.CounterVec
	checkouts   *prometheus.CounterVec
	rateLimited *prometheus.CounterVec
	wsRefused   *prometheus.CounterVec
	feedPolls   *prometheus.CounterVec
	decisions   *prometheus.CounterVec

	mu     sync.Mutex
	routes map[string]*routeMetrics
}

// NewMetrics returns the metrics, registered with a registry of their own along with the Go runtime's
// and the process's.
func NewMetrics() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry(), routes: map[string]*routeMetrics{}}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "squares_http_requests_total",
		Help: "HTTP requests answered, by route pattern and status code."}, []string{"route", "code"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "squares_http_request_duration_seconds",
		Help:    "Time to answer HTTP requests, by route pattern.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route"})
	m.claims = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "squares_claims_total",
		Help: "Square claims (POST /api/pools/{id}/squares) by result: claimed, refused, limited, error."}, []string{"result"})
	m.checkouts = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "squares_checkouts_total",
		Help: "Checkout calls by step (create: create-escrow-payment, purchase: purchase-squares) and result: ok, refused, limited, error."},
		[]string{"step", "result"})
	m.rateLimited = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "squares_rate_limited_total",
		Help: "Requests refused with 429 by a per-player rate limit, by what was limited."}, []string{"what"})
	m.wsRefused = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "squares_websocket_refused_total",
		Help: "Websocket connections refused, by reason: origin, address_cap."}, []string{"reason"})
	m.feedPolls = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "squares_feed_polls_total",
		Help: "Score feed scoreboard reads by provider and result: ok, error."}, []string{"provider", "result"})
	m.decisions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "squares_automation_decisions_total",
		Help: "Final pool decisions made by this instance's automation, by action: continue, cancel, house_fill."}, []string{"action"})
	m.reg.MustRegister(m.requests, m.latency, m.claims, m.checkouts, m.rateLimited, m.wsRefused, m.feedPolls, m.decisions,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// FeedPoll counts one read of a score feed's scoreboard and whether it failed.
func (m *Metrics) FeedPoll(provider string, err error) {
	if m == nil {
		return
	}
	result := "ok"
	if err != nil {
		result = "error"
	}
	m.feedPolls.WithLabelValues(provider, result).Inc()
}

// AutomationDecision counts one final decision made by the automation (continue, cancel, house_fill).
func (m *Metrics) AutomationDecision(action string) {
	if m == nil {
		return
	}
	m.decisions.WithLabelValues(action).Inc()
}

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// routeMetrics is one route's counters, looked up once when the routes are registered.
type routeMetrics struct {
	pattern string
	m       *Metrics
	// latency is made at the route's first request, so that routes never called add no series.
	latencyOnce sync.Once
	latency     prometheus.Observer
	// outcome, when set, counts the route's answers as a claim or checkout step too.
	outcome *prometheus.CounterVec
	step    string

	mu    sync.RWMutex
	codes map[int]prometheus.Counter
}

// route returns the metrics of a route pattern ("POST /api/pools/{id}/squares").
func (m *Metrics) route(pattern string) *routeMetrics {
	m.mu.Lock()
	defer m.mu.Unlock()
	if rm := m.routes[pattern]; rm != nil {
		return rm
	}
	rm := &routeMetrics{pattern: pattern, m: m, codes: map[int]prometheus.Counter{}}
	switch pattern {
	case "POST /api/pools/{id}/squares":
		rm.outcome = m.claims
	case "POST /api/create-escrow-payment":
		rm.outcome, rm.step = m.checkouts, "create"
	case "POST /api/purchase-squares":
		rm.outcome, rm.step = m.checkouts, "purchase"
	}
	m.routes[pattern] = rm
	return rm
}

func (rm *routeMetrics) counter(status int) prometheus.Counter {
	rm.mu.RLock()
	c := rm.codes[status]
	rm.mu.RUnlock()
	if c != nil {
		return c
	}
	rm.mu.Lock()
	defer rm.mu.Unlock()
	if c = rm.codes[status]; c == nil {
		c = rm.m.requests.WithLabelValues(rm.pattern, strconv.Itoa(status))
		rm.codes[status] = c
	}
	return c
}

// unmatched counts the requests no route took (a 405 from the router, or one refused before routing).
const unmatchedRoute = "unmatched"

// observeRequest counts a finished request by its route, status and time taken.
func (m *Metrics) observeRequest(rm *routeMetrics, status int, elapsed time.Duration) {
	if rm == nil {
		rm = m.route(unmatchedRoute)
	}
	rm.counter(status).Inc()
	rm.latencyOnce.Do(func() { rm.latency = m.latency.WithLabelValues(rm.pattern) })
	rm.latency.Observe(elapsed.Seconds())
	if rm.outcome != nil {
		result := "ok"
		switch {
		case status == http.StatusTooManyRequests:
			result = "limited"
		case status >= 500:
			result = "error"
		case status >= 400:
			result = "refused"
		}
		if rm.step == "" {
			if result == "ok" {
				result = "claimed"
			}
			rm.outcome.WithLabelValues(result).Inc()
		} else {
			rm.outcome.WithLabelValues(rm.step, result).Inc()
		}
	}
}

// tagRoute wraps a route's handler so that the request is counted under its pattern.
func (s *Server) tagRoute(pattern string, h http.HandlerFunc) http.HandlerFunc {
	var rm *routeMetrics
	if s.metrics != nil {
		rm = s.metrics.route(pattern)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if ri := requestInfoFrom(r.Context()); ri != nil {
			ri.pattern, ri.route = pattern, rm
		}
		h(w, r)
	}
}

// registerServerMetrics adds the metrics read at scrape time: websocket connections, and from the
// database the payments by status, the escrow's backlog and the pools' decisions.
func (s *Server) registerServerMetrics() {
	m := s.metrics
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "squares_websocket_connections",
		Help: "Websocket connections open on this instance."}, func() float64 {
		if s.live == nil {
			return 0
		}
		return float64(s.live.Count())
	}))
	m.reg.MustRegister(&storeCollector{db: s.Store})
}

var (
	descPayments = prometheus.NewDesc("squares_payments", "Payments by status (pending, held, captured, released, refunded, failed), all instances.",
		[]string{"status"}, nil)
	descBacklog = prometheus.NewDesc("squares_escrow_backlog", "Payments the escrow has to act on now, by step (expire, capture, unwind, settle).",
		[]string{"action"}, nil)
	descFailing = prometheus.NewDesc("squares_escrow_failing", "Payments whose escrow step failed and waits for a retry.", nil, nil)
	descPools   = prometheus.NewDesc("squares_pool_decisions", "Pools' final decisions recorded, by action and who decided (automation or an admin).",
		[]string{"action", "decided_by"}, nil)
	descUp = prometheus.NewDesc("squares_database_up", "1 when the database answered the scrape's queries, else 0.", nil, nil)
)

// storeCollector reads the database at each scrape, bounded by a short timeout.
type storeCollector struct{ db *store.DB }

func (c *storeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- descPayments
	ch <- descBacklog
	ch <- descFailing
	ch <- descPools
	ch <- descUp
}

func (c *storeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	st, err := c.db.OpsStats(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 1)
	for status, n := range st.Payments {
		ch <- prometheus.MustNewConstMetric(descPayments, prometheus.GaugeValue, float64(n), status)
	}
	for action, n := range st.Backlog {
		ch <- prometheus.MustNewConstMetric(descBacklog, prometheus.GaugeValue, float64(n), action)
	}
	ch <- prometheus.MustNewConstMetric(descFailing, prometheus.GaugeValue, float64(st.Failing))
	for _, d := range st.Decisions {
		ch <- prometheus.MustNewConstMetric(descPools, prometheus.GaugeValue, float64(d.Count), d.Action, d.DecidedBy)
	}
}

// openMetrics starts the metrics listener on Config.MetricsAddr.
func (s *Server) openMetrics() error {
	ln, err := net.Listen("tcp", s.Config.MetricsAddr)
	if err != nil {
		return err
	}
	s.metricsLn = ln
	metrics := s.metrics.Handler()
	s.metricsServer = &http.Server{ReadHeaderTimeout: 10 * time.Second,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/metrics" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
				http.NotFound(w, r)
				return
			}
			metrics.ServeHTTP(w, r)
		})}
	go func() {
		if err := s.metricsServer.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.Logger.Error("serve metrics", "err", err)
		}
	}()
	return nil
}

// MetricsAddr returns the address the metrics listener listens on, or "" when metrics are off.
func (s *Server) MetricsAddr() string {
	if s.metricsLn == nil {
		return ""
	}
	return s.metricsLn.Addr().String()
}

// handleReady answers 200 when the database answers and its schema is at the newest migration this
// binary has, 503 otherwise: a load balancer sends no traffic to an instance that is not ready.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.Store.Ready(ctx); err != nil {
		s.Logger.WarnContext(r.Context(), "not ready", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, Health{Status: "unavailable", Reason: readyReason(err)})
		return
	}
	writeJSON(w, http.StatusOK, Health{Status: "ready"})
}

// readyReason says why the server is not ready, without the database's own message.
func readyReason(err error) string {
	if errors.Is(err, store.ErrSchemaBehind) {
		return "database schema is not at the latest migration"
	}
	return "database unreachable"
}
