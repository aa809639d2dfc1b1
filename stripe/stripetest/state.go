package stripetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Stateful is stripe-mock with a memory: a server in front of it that remembers the PaymentIntents it
// created and what was done to them, answers with stripe-mock's fixtures edited to match (status, amounts,
// the latest charge's amount refunded), refuses what Stripe refuses in that state (capturing twice,
// cancelling a captured intent, refunding twice), and, as Stripe does, replays its first answer to a
// request that comes again with the same Idempotency-Key instead of acting twice (and refuses the key
// with other parameters). stripe-mock still checks every request against Stripe's specification.
//
// It covers what Squares asks of Stripe: PaymentIntents created with manual capture, read, captured,
// cancelled, and refunded in full with a Refund. Authorize plays the browser's card form.
type Stateful struct {
	URL string

	mock    string
	mu      sync.Mutex
	intents map[string]*Intent
	replies map[string]*reply
}

// Intent is a PaymentIntent as Stateful has it, with how many times each money movement was made.
type Intent struct {
	ID       string
	Amount   int64
	Status   string
	Refunded int64
	// Authorized is whether a card was put on hold (the intent has a charge).
	Authorized bool
	// Captures, Cancels and Refunds count the calls that acted (replays do not).
	Captures, Cancels, Refunds int
}

// reply is the first answer to an idempotent request.
type reply struct {
	path, form string
	status     int
	body       []byte
}

// StartStateful starts stripe-mock and a Stateful in front of it, both stopped when the test ends.
func StartStateful(t testing.TB) *Stateful {
	t.Helper()
	s := &Stateful{mock: Start(t), intents: map[string]*Intent{}, replies: map[string]*reply{}}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Authorize does what the card form does with a good card: the intent's funds are put on hold.
func (s *Stateful) Authorize(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.intents[id]
	if in == nil || in.Status != "requires_payment_method" {
		return fmt.Errorf("stripetest: cannot authorize %s: %+v", id, in)
	}
	in.Status, in.Authorized = "requires_capture", true
	return nil
}

// Intents returns a copy of every intent created.
func (s *Stateful) Intents() map[string]Intent {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]Intent{}
	for id, in := range s.intents {
		out[id] = *in
	}
	return out
}

func (s *Stateful) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	form, _ := url.ParseQuery(string(body))
	key := r.Header.Get("Idempotency-Key")
	// One request at a time, as Stripe serialises the requests on one object.
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Method == http.MethodPost && key != "" {
		if rep := s.replies[key]; rep != nil {
			if rep.path != r.URL.Path || rep.form != form.Encode() {
				writeError(w, http.StatusBadRequest, "idempotency_error", "",
					"Keys for idempotent requests can only be used with the same parameters they were first used with.")
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(rep.status)
			w.Write(rep.body)
			return
		}
	}
	status, out := s.act(r, body, form)
	if r.Method == http.MethodPost && key != "" && status < http.StatusInternalServerError {
		s.replies[key] = &reply{path: r.URL.Path, form: form.Encode(), status: status, body: out}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(out)
}

// act answers one request that is not a replay.
func (s *Stateful) act(r *http.Request, body []byte, form url.Values) (int, []byte) {
	path := strings.TrimPrefix(r.URL.Path, "/v1/")
	parts := strings.Split(path, "/")
	unexpected := func(in *Intent, verb string) (int, []byte) {
		return errorBody(http.StatusBadRequest, "payment_intent_unexpected_state",
			fmt.Sprintf("This PaymentIntent could not be %s because it has a status of %s.", verb, in.Status))
	}
	switch {
	case r.Method == http.MethodPost && path == "payment_intents":
		status, obj, raw := s.forward(r, body)
		if status != http.StatusOK {
			return status, raw
		}
		amount, _ := strconv.ParseInt(form.Get("amount"), 10, 64)
		in := &Intent{ID: obj["id"].(string), Amount: amount, Status: "requires_payment_method"}
		s.intents[in.ID] = in
		return s.answer(r, body, in)
	case parts[0] == "payment_intents" && len(parts) >= 2:
		in := s.intents[parts[1]]
		if in == nil {
			return errorBody(http.StatusNotFound, "resource_missing", fmt.Sprintf("No such payment_intent: '%s'", parts[1]))
		}
		switch {
		case r.Method == http.MethodGet && len(parts) == 2:
		case r.Method == http.MethodPost && len(parts) == 3 && parts[2] == "capture":
			if in.Status != "requires_capture" {
				return unexpected(in, "captured")
			}
			in.Status = "succeeded"
			in.Captures++
		case r.Method == http.MethodPost && len(parts) == 3 && parts[2] == "cancel":
			switch in.Status {
			case "requires_payment_method", "requires_capture", "requires_confirmation", "requires_action":
				in.Status = "canceled"
				in.Cancels++
			default:
				return unexpected(in, "canceled")
			}
		default:
			return errorBody(http.StatusBadRequest, "", "stripetest: not simulated: "+r.Method+" "+r.URL.Path)
		}
		return s.answer(r, body, in)
	case r.Method == http.MethodPost && path == "refunds":
		in := s.intents[form.Get("payment_intent")]
		switch {
		case in == nil:
			return errorBody(http.StatusNotFound, "resource_missing", "No such payment_intent: '"+form.Get("payment_intent")+"'")
		case in.Status != "succeeded":
			return errorBody(http.StatusBadRequest, "", "This PaymentIntent does not have a successful charge to refund.")
		case in.Refunded >= in.Amount:
			return errorBody(http.StatusBadRequest, "charge_already_refunded", "Charge for "+in.ID+" has already been refunded.")
		}
		status, obj, raw := s.forward(r, body)
		if status != http.StatusOK {
			return status, raw
		}
		in.Refunds++
		refund := in.Amount - in.Refunded
		in.Refunded = in.Amount
		obj["amount"], obj["status"], obj["payment_intent"] = refund, "succeeded", in.ID
		out, _ := json.Marshal(obj)
		return http.StatusOK, out
	}
	status, _, raw := s.forward(r, body)
	return status, raw
}

// answer forwards the request to stripe-mock, for it to check the request and give its fixture, and
// edits the fixture to show the intent.
func (s *Stateful) answer(r *http.Request, body []byte, in *Intent) (int, []byte) {
	status, obj, raw := s.forward(r, body)
	if status != http.StatusOK {
		return status, raw
	}
	obj["id"], obj["amount"], obj["status"] = in.ID, in.Amount, in.Status
	obj["amount_capturable"], obj["amount_received"], obj["last_payment_error"] = 0, 0, nil
	switch in.Status {
	case "requires_capture":
		obj["amount_capturable"] = in.Amount
	case "succeeded":
		obj["amount_received"] = in.Amount
	}
	refunded := in.Refunded
	if in.Status == "canceled" {
		refunded = in.Amount // Stripe shows a released hold's charge as refunded
	}
	if charge, ok := obj["latest_charge"].(map[string]any); ok {
		charge["amount"], charge["amount_refunded"], charge["refunded"] = in.Amount, refunded, refunded >= in.Amount
		charge["captured"] = in.Status == "succeeded"
	}
	if !in.Authorized {
		obj["latest_charge"] = nil // no card yet: no charge
	}
	out, _ := json.Marshal(obj)
	return http.StatusOK, out
}

// forward sends the request to stripe-mock and decodes its answer.
func (s *Stateful) forward(r *http.Request, body []byte) (int, map[string]any, []byte) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, s.mock+r.URL.RequestURI(), bytes.NewReader(body))
	if err != nil {
		return errorStatus(err)
	}
	req.Header = r.Header.Clone()
	req.Header.Del("Idempotency-Key") // stripe-mock keeps no state: the keys are ours to honour
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return errorStatus(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return errorStatus(err)
	}
	var obj map[string]any
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(raw, &obj); err != nil {
			return errorStatus(err)
		}
	}
	return resp.StatusCode, obj, raw
}

func errorStatus(err error) (int, map[string]any, []byte) {
	status, body := errorBody(http.StatusBadGateway, "", "stripetest: "+err.Error())
	return status, nil, body
}

// errorBody is an invalid_request_error as Stripe writes one.
func errorBody(status int, code, message string) (int, []byte) {
	e := map[string]any{"type": "invalid_request_error", "message": message}
	if code != "" {
		e["code"] = code
	}
	b, _ := json.Marshal(map[string]any{"error": e})
	return status, b
}

func writeError(w http.ResponseWriter, status int, typ, code, message string) {
	e := map[string]any{"type": typ, "message": message}
	if code != "" {
		e["code"] = code
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": e})
}
