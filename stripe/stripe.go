// Package stripe is Squares' Stripe payment provider: manual-capture PaymentIntents created, read,
// captured, cancelled and refunded through stripe-go, and Stripe's signed webhooks turned into provider
// events (see ParseWebhook).
//
// Every write carries the idempotency key it is given, so a retried call (by the escrow after a crash or
// a timeout, or by stripe-go after a network error) is answered by Stripe with the first result instead of
// moving money twice.
package stripe

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	stripego "github.com/stripe/stripe-go/v85"

	"github.com/squaresapp/squares"
)

// Config configures the provider.
type Config struct {
	// SecretKey is the account's secret API key (sk_live_... or sk_test_...); a restricted key needs write
	// access to PaymentIntents and Refunds.
	SecretKey string
	// APIBase overrides Stripe's API address, such as http://127.0.0.1:12111 for stripe-mock.
	APIBase string
	// HTTPClient, when set, makes the requests (stripe-go's default client otherwise).
	HTTPClient *http.Client
	// Logger receives stripe-go's own messages; nil discards them (failed calls are returned as errors).
	Logger *slog.Logger
}

// Provider is a squares.PaymentProvider on Stripe.
type Provider struct {
	client *stripego.Client
}

// New returns a provider for the account of cfg.SecretKey.
func New(cfg Config) (*Provider, error) {
	if cfg.SecretKey == "" {
		return nil, errors.New("stripe: a secret key is required")
	}
	backend := &stripego.BackendConfig{HTTPClient: cfg.HTTPClient, LeveledLogger: &stripego.LeveledLogger{Level: stripego.LevelNull}}
	if cfg.Logger != nil {
		backend.LeveledLogger = slogLogger{cfg.Logger}
	}
	if cfg.APIBase != "" {
		backend.URL = stripego.String(strings.TrimSuffix(cfg.APIBase, "/"))
	}
	return &Provider{client: stripego.NewClient(cfg.SecretKey, stripego.WithBackends(stripego.NewBackendsWithConfig(backend)))}, nil
}

// Name implements squares.PaymentProvider.
func (p *Provider) Name() string { return "stripe" }

// expandCharge asks for the PaymentIntent's latest charge in full, for its amount_refunded.
var expandCharge = []*string{stripego.String("latest_charge")}

// Create makes a PaymentIntent for cards with manual capture: confirming it (with Stripe.js in the
// browser) authorises the card, and the funds stay on hold until Capture or Cancel.
func (p *Provider) Create(ctx context.Context, req squares.PaymentRequest) (*squares.ProviderPayment, error) {
	if req.Amount <= 0 {
		return nil, squares.Errorf(squares.EINVALID, "Amount must be positive.")
	}
	if req.IdempotencyKey == "" {
		return nil, squares.Errorf(squares.EINVALID, "An idempotency key is required.")
	}
	currency := strings.ToLower(req.Currency)
	if currency == "" {
		currency = squares.Currency
	}
	params := &stripego.PaymentIntentCreateParams{
		Amount:             stripego.Int64(int64(req.Amount)),
		Currency:           stripego.String(currency),
		CaptureMethod:      stripego.String(string(stripego.PaymentIntentCaptureMethodManual)),
		PaymentMethodTypes: stripego.StringSlice([]string{"card"}),
		Metadata:           req.Metadata,
		Expand:             expandCharge,
	}
	if req.Description != "" {
		params.Description = stripego.String(req.Description)
	}
	params.SetIdempotencyKey(req.IdempotencyKey)
	pi, err := p.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, apiErr("create payment intent", err)
	}
	return toProviderPayment(pi), nil
}

// Get reads a PaymentIntent, with its latest charge for the amount refunded.
func (p *Provider) Get(ctx context.Context, id string) (*squares.ProviderPayment, error) {
	pi, err := p.client.V1PaymentIntents.Retrieve(ctx, id, &stripego.PaymentIntentRetrieveParams{Expand: expandCharge})
	if err != nil {
		return nil, apiErr("get payment intent "+id, err)
	}
	return toProviderPayment(pi), nil
}

// Capture takes the authorised funds in full. Capturing a captured PaymentIntent returns it unchanged.
func (p *Provider) Capture(ctx context.Context, id, idempotencyKey string) (*squares.ProviderPayment, error) {
	params := &stripego.PaymentIntentCaptureParams{Expand: expandCharge}
	params.SetIdempotencyKey(idempotencyKey)
	pi, err := p.client.V1PaymentIntents.Capture(ctx, id, params)
	if err != nil {
		if wrongState(err) {
			// Captured under another key (or by hand in the dashboard): the same end.
			if cur, gerr := p.Get(ctx, id); gerr == nil && cur.Status == squares.ProviderSucceeded {
				return cur, nil
			}
		}
		return nil, apiErr("capture payment intent "+id, err)
	}
	return toProviderPayment(pi), nil
}

// Release releases an uncaptured PaymentIntent (Stripe cancels it); it costs nothing. Releasing a
// cancelled PaymentIntent returns it unchanged; a captured one must be refunded instead.
func (p *Provider) Release(ctx context.Context, id, idempotencyKey string) (*squares.ProviderPayment, error) {
	params := &stripego.PaymentIntentCancelParams{Expand: expandCharge}
	params.SetIdempotencyKey(idempotencyKey)
	pi, err := p.client.V1PaymentIntents.Cancel(ctx, id, params)
	if err != nil {
		if wrongState(err) {
			cur, gerr := p.Get(ctx, id)
			switch {
			case gerr != nil:
			case cur.Status == squares.ProviderCanceled:
				return cur, nil
			case cur.Status == squares.ProviderSucceeded:
				return nil, &apiError{op: "cancel payment intent " + id, cause: err,
					domain: squares.Errorf(squares.ECONFLICT, "This payment is captured: refund it instead.")}
			}
		}
		return nil, apiErr("cancel payment intent "+id, err)
	}
	return toProviderPayment(pi), nil
}

// Refund returns a captured PaymentIntent in full with a Refund, and reports the PaymentIntent with the
// amount refunded. Refunding a refunded PaymentIntent returns it unchanged.
func (p *Provider) Refund(ctx context.Context, id, idempotencyKey string) (*squares.ProviderPayment, error) {
	params := &stripego.RefundCreateParams{PaymentIntent: stripego.String(id)}
	params.SetIdempotencyKey(idempotencyKey)
	ref, err := p.client.V1Refunds.Create(ctx, params)
	if err != nil && !hasCode(err, stripego.ErrorCodeChargeAlreadyRefunded) {
		return nil, apiErr("refund payment intent "+id, err)
	}
	pp, gerr := p.Get(ctx, id)
	if gerr != nil {
		return nil, gerr
	}
	// The charge's amount_refunded counts every refund; a refund just made counts even if the charge
	// read is older than it.
	if ref != nil && (ref.Status == stripego.RefundStatusSucceeded || ref.Status == stripego.RefundStatusPending) &&
		squares.Cents(ref.Amount) > pp.AmountRefunded {
		pp.AmountRefunded = squares.Cents(ref.Amount)
	}
	return pp, nil
}

// toProviderPayment maps a PaymentIntent.
func toProviderPayment(pi *stripego.PaymentIntent) *squares.ProviderPayment {
	pp := &squares.ProviderPayment{
		ID:               pi.ID,
		ClientSecret:     pi.ClientSecret,
		Status:           string(pi.Status),
		Amount:           squares.Cents(pi.Amount),
		AmountCapturable: squares.Cents(pi.AmountCapturable),
		AmountReceived:   squares.Cents(pi.AmountReceived),
		Currency:         strings.ToLower(string(pi.Currency)),
		Metadata:         pi.Metadata,
	}
	if pi.LastPaymentError != nil {
		pp.LastError = pi.LastPaymentError.Msg
	}
	if pi.LatestCharge != nil {
		pp.AmountRefunded = squares.Cents(pi.LatestCharge.AmountRefunded)
	}
	return pp
}

// apiError is a failed Stripe call: its domain error (what Squares tells the user, nil for an internal
// error) and Stripe's own.
type apiError struct {
	op     string
	cause  error
	domain *squares.Error
}

func (e *apiError) Error() string {
	var se *stripego.Error
	if errors.As(e.cause, &se) {
		return fmt.Sprintf("stripe: %s: %s %s (status %d, request %s): %s", e.op, se.Type, se.Code,
			se.HTTPStatusCode, se.RequestID, se.Msg)
	}
	return fmt.Sprintf("stripe: %s: %v", e.op, e.cause)
}

func (e *apiError) Unwrap() []error {
	if e.domain == nil {
		return []error{e.cause}
	}
	return []error{e.domain, e.cause}
}

// errUnavailable is what the user is told when Stripe does not answer, or fails on its end.
var errUnavailable = squares.Errorf(squares.EUNAVAILABLE, "The payment provider is not answering. Nothing was lost: try again in a moment.")

// apiErr maps a stripe-go error: card errors and refused requests become errors the user is told about;
// Stripe not answering (a network error, a timeout) or failing on its end (a 5xx) is unavailability, to
// try again; authentication, rate limits and idempotency conflicts are internal, the operator's to fix.
// The escrow retries all but the refusals on its next pass.
func apiErr(op string, err error) error {
	e := &apiError{op: op, cause: err}
	var se *stripego.Error
	if !errors.As(err, &se) {
		e.domain = errUnavailable
		return e
	}
	if se.HTTPStatusCode >= http.StatusInternalServerError {
		e.domain = errUnavailable
		return e
	}
	msg := se.Msg
	if msg == "" {
		msg = "The payment provider refused the request."
	}
	switch {
	case se.Type == stripego.ErrorTypeCard:
		e.domain = squares.Errorf(squares.EUNPROCESSABLE, "%s", msg)
	case se.Type != stripego.ErrorTypeInvalidRequest:
	case se.HTTPStatusCode == http.StatusUnauthorized || se.HTTPStatusCode == http.StatusForbidden ||
		se.HTTPStatusCode == http.StatusTooManyRequests:
		// The key is wrong or lacks permission, or we are throttled: the operator's problem.
	case se.Code == stripego.ErrorCodeResourceMissing || se.HTTPStatusCode == http.StatusNotFound:
		e.domain = squares.Errorf(squares.ENOTFOUND, "Payment not found.")
	case wrongState(err):
		e.domain = squares.Errorf(squares.ECONFLICT, "%s", msg)
	default:
		e.domain = squares.Errorf(squares.EUNPROCESSABLE, "%s", msg)
	}
	return e
}

func hasCode(err error, code stripego.ErrorCode) bool {
	var se *stripego.Error
	return errors.As(err, &se) && se.Code == code
}

// wrongState reports a refusal because of the object's state: capturing a captured PaymentIntent,
// cancelling a cancelled one.
func wrongState(err error) bool {
	return hasCode(err, stripego.ErrorCodePaymentIntentUnexpectedState) ||
		hasCode(err, stripego.ErrorCodeChargeAlreadyCaptured) || hasCode(err, stripego.ErrorCodeChargeAlreadyRefunded)
}

// slogLogger passes stripe-go's messages to slog; its errors go out as warnings, since the caller gets
// (and logs) each failed call.
type slogLogger struct{ l *slog.Logger }

func (l slogLogger) Debugf(format string, v ...any) { l.l.Debug(fmt.Sprintf(format, v...)) }
func (l slogLogger) Infof(format string, v ...any)  { l.l.Debug(fmt.Sprintf(format, v...)) }
func (l slogLogger) Warnf(format string, v ...any)  { l.l.Warn(fmt.Sprintf(format, v...)) }
func (l slogLogger) Errorf(format string, v ...any) { l.l.Warn(fmt.Sprintf(format, v...)) }
