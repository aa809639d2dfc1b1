package http

import (
	"net/http"
	"time"

	"github.com/squaresapp/squares"
)

// PushKey is the application server key browsers subscribe with (PushManager.subscribe's
// applicationServerKey).
type PushKey struct {
	PublicKey string `json:"publicKey"`
}

// pushSubscriptionRequest is a browser's PushSubscription as PushSubscription.toJSON() writes it.
type pushSubscriptionRequest struct {
	Endpoint string `json:"endpoint" text:"max=2048"`
	Keys     struct {
		P256dh string `json:"p256dh" text:"max=200"`
		Auth   string `json:"auth" text:"max=200"`
	} `json:"keys"`
}

// PushDevice is a subscribed device as its player sees it.
type PushDevice struct {
	ID        int64     `json:"id"`
	Endpoint  string    `json:"endpoint"`
	UserAgent string    `json:"userAgent"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func toPushSubscriptionJSON(s *squares.PushSubscription) PushDevice {
	return PushDevice{ID: s.ID, Endpoint: s.Endpoint, UserAgent: s.UserAgent, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt}
}

// errPushOff answers the push calls of a server without a VAPID key (tests that set none).
var errPushOff = squares.Errorf(squares.ENOTFOUND, "Push notifications are not set up on this server.")

// handlePushKey gives the VAPID public key.
func (s *Server) handlePushKey(w http.ResponseWriter, r *http.Request) {
	if s.Config.VAPIDPublicKey == "" {
		s.Error(w, r, errPushOff)
		return
	}
	writeJSON(w, http.StatusOK, PushKey{PublicKey: s.Config.VAPIDPublicKey})
}

// handleSubscribePush subscribes the signed-in player's device: 201 for a new subscription, 200 when the
// device was subscribed already (its keys and session are updated). An endpoint another account
// subscribed on this browser is taken over. The subscription lasts while this session does.
func (s *Server) handleSubscribePush(w http.ResponseWriter, r *http.Request) {
	var req pushSubscriptionRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if s.Config.VAPIDPublicKey == "" {
		s.Error(w, r, errPushOff)
		return
	}
	sub := &squares.PushSubscription{UserID: viewerID(r.Context()), Endpoint: req.Endpoint, P256dh: req.Keys.P256dh,
		Auth: req.Keys.Auth, ServerKey: s.Config.VAPIDPublicKey, UserAgent: r.UserAgent()}
	if err := squares.CheckPushSubscription(sub, s.Config.Dev || s.Config.PushAllowLocal); err != nil {
		s.Error(w, r, err)
		return
	}
	created, err := s.Store.SavePushSubscription(r.Context(), sub, s.sessionHash(r))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, toPushSubscriptionJSON(sub))
}

// handleUnsubscribePush ends the signed-in player's subscription of an endpoint (in the body, or
// ?endpoint=), as the web app does at sign-out: 204, whether or not there was one.
func (s *Server) handleUnsubscribePush(w http.ResponseWriter, r *http.Request) {
	endpoint := r.URL.Query().Get("endpoint")
	if endpoint == "" && r.ContentLength != 0 {
		var req pushSubscriptionRequest
		if err := decode(w, r, &req); err != nil {
			s.Error(w, r, err)
			return
		}
		endpoint = req.Endpoint
	}
	if endpoint == "" {
		s.Error(w, r, squares.FieldError("endpoint", "endpoint is required."))
		return
	}
	if _, err := s.Store.DeletePushSubscription(r.Context(), viewerID(r.Context()), endpoint); err != nil {
		s.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleListPushSubscriptions lists the signed-in player's subscribed devices.
func (s *Server) handleListPushSubscriptions(w http.ResponseWriter, r *http.Request) {
	subs, err := s.Store.ListPushSubscriptions(r.Context(), viewerID(r.Context()))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]PushDevice, 0, len(subs))
	for _, sub := range subs {
		out = append(out, toPushSubscriptionJSON(sub))
	}
	writeJSON(w, http.StatusOK, out)
}

// DevPush is a push of the outbox as admins see it.
type DevPush struct {
	ID             int64      `json:"id"`
	Kind           string     `json:"kind"`
	UserID         int64      `json:"userId"`
	SubscriptionID int64      `json:"subscriptionId"`
	PoolID         *int64     `json:"poolId"`
	Title          string     `json:"title"`
	Body           string     `json:"body"`
	URL            string     `json:"url"`
	Status         string     `json:"status"`
	Attempts       int        `json:"attempts"`
	NextAttemptAt  *time.Time `json:"nextAttemptAt"`
	LastError      string     `json:"lastError"`
	CreatedAt      time.Time  `json:"createdAt"`
	SentAt         *time.Time `json:"sentAt"`
}

var pushStatuses = []string{squares.PushQueued, squares.PushSent, squares.PushFailed, squares.PushSkipped}

// handleListPushes lists the newest pushes of the push outbox for admins (?status=queued|sent|failed|
// skipped, ?limit=1..500, 100 by default).
func (s *Server) handleListPushes(w http.ResponseWriter, r *http.Request) {
	status, limit, err := outboxQuery(r, pushStatuses)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ps, err := s.Store.ListPushes(r.Context(), status, 0, limit)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]DevPush, 0, len(ps))
	for _, p := range ps {
		j := DevPush{ID: p.ID, Kind: p.Kind, UserID: p.UserID, SubscriptionID: p.SubscriptionID, PoolID: optionalID(p.PoolID),
			Title: p.Message.Title, Body: p.Message.Body, URL: p.Message.URL, Status: p.Status, Attempts: p.Attempts,
			LastError: p.LastError, CreatedAt: p.CreatedAt, SentAt: p.SentAt}
		if p.Status == squares.PushQueued {
			next := p.NextAttemptAt
			j.NextAttemptAt = &next
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}
