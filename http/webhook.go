package http

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/stripe"
)

// maxWebhookBody bounds a webhook's body; Stripe's payment_intent and charge events are a few kilobytes.
const maxWebhookBody = 256 << 10

// webhookTimeout bounds the handling of one event. It does not end when Stripe hangs up: an event half
// handled would be marked processed.
const webhookTimeout = 30 * time.Second

// handleStripeWebhook receives Stripe's events at POST /api/stripe/webhook. The request carries no
// session: the Stripe-Signature header on the raw body, made with the endpoint's secret, is its
// authentication. A refused signature is answered 400; an event that is ignored, or seen before, 200; an
// event whose handling failed 500, so that Stripe sends it again.
func (s *Server) handleStripeWebhook(w http.ResponseWriter, r *http.Request) {
	if s.Config.StripeWebhookSecret == "" || s.Escrow == nil {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "Stripe webhooks are not enabled on this server."))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.Error(w, r, &squares.Error{Code: codeTooLarge, Message: "Request body is too large."})
			return
		}
		s.Error(w, r, squares.Errorf(squares.EINVALID, "Could not read the request body."))
		return
	}
	ev, err := stripe.ParseWebhook(body, r.Header.Get("Stripe-Signature"), s.Config.StripeWebhookSecret, s.now())
	if err != nil {
		s.Logger.WarnContext(r.Context(), "stripe webhook refused", "err", err, "remote", r.RemoteAddr)
		msg := "The body is not a Stripe event."
		switch {
		case errors.Is(err, stripe.ErrNotSigned):
			msg = "The Stripe-Signature header is missing."
		case errors.Is(err, stripe.ErrInvalidHeader), errors.Is(err, stripe.ErrNoValidSignature):
			msg = "The Stripe-Signature header is not valid for this body."
		case errors.Is(err, stripe.ErrTooOld):
			msg = "The Stripe-Signature timestamp is more than 5 minutes from now."
		}
		s.Error(w, r, squares.Errorf(squares.EINVALID, "%s", msg))
		return
	}
	if ev.PaymentID == "" {
		writeJSON(w, http.StatusOK, WebhookReceived{Received: true, Ignored: true})
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), webhookTimeout)
	defer cancel()
	if err := s.Escrow.HandleEvent(ctx, ev); err != nil {
		s.Logger.ErrorContext(r.Context(), "stripe webhook", "event", ev.ID, "type", ev.Type, "payment", ev.PaymentID, "err", err)
		writeJSON(w, http.StatusInternalServerError, ErrorBody{Code: squares.EINTERNAL,
			Message: "The event could not be processed now; send it again."})
		return
	}
	writeJSON(w, http.StatusOK, WebhookReceived{Received: true})
}

// WebhookReceived acknowledges a provider's event; ignored when it was not for us.
type WebhookReceived struct {
	Ignored  bool `json:"ignored,omitempty" tstype:"boolean | undefined"`
	Received bool `json:"received"`
}
