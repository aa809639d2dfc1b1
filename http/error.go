package http

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// statusOf maps each error code to its HTTP status.
var statusOf = map[string]int{
	squares.EINVALID:       http.StatusBadRequest,
	squares.EINVALIDINPUT:  http.StatusBadRequest,
	squares.EUNAUTHORIZED:  http.StatusUnauthorized,
	squares.EFORBIDDEN:     http.StatusForbidden,
	squares.ENOTFOUND:      http.StatusNotFound,
	squares.ECONFLICT:      http.StatusConflict,
	squares.EUNPROCESSABLE: http.StatusUnprocessableEntity,
	squares.ETOOMANY:       http.StatusTooManyRequests,
	squares.EUNAVAILABLE:   http.StatusServiceUnavailable,
	squares.EINTERNAL:      http.StatusInternalServerError,
	codeTooLarge:           http.StatusRequestEntityTooLarge,
	codeTwoFactorRequired:  http.StatusForbidden,
	codeClientGone:         statusClientClosedRequest,
}

// codeTooLarge is the code of a body over the size limit; it exists only at the HTTP edge.
const codeTooLarge = "too_large"

// codeClientGone is the code of a request its client abandoned (a page left, a request cancelled) before
// the answer was ready; statusClientClosedRequest is nginx's status for it. Nobody reads the answer.
const (
	codeClientGone            = "client_closed_request"
	statusClientClosedRequest = 499
)

// ErrorBody is the JSON shape of every error.
type ErrorBody struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Fields  map[string]string `json:"fields,omitempty" tstype:"{ [key: string]: string } | undefined"`
}

// Error writes err as JSON with its status. Internal errors are logged and answered with a generic
// message, never their cause.
func (s *Server) Error(w http.ResponseWriter, r *http.Request, err error) {
	code, message := squares.ErrorCode(err), squares.ErrorMessage(err)
	var fields map[string]string
	var e *squares.Error
	if errors.As(err, &e) {
		fields = e.Fields
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int((e.RetryAfter+time.Second-1)/time.Second)))
		}
	}
	switch {
	case code == squares.EINTERNAL && r.Context().Err() != nil:
		// The client went away mid-request: its context cancelled the statement or rolled the transaction
		// back (database/sql does so on cancel, and the commit then reports the transaction done). Not a fault.
		s.Logger.DebugContext(r.Context(), "the client went away", "method", r.Method, "path", r.URL.Path, "err", err)
		code, message = codeClientGone, "The request was cancelled."
	case code == squares.EINTERNAL && store.Unavailable(err):
		// The database out of reach (a restart, a fail-over) is not a bug: 503, to be tried again.
		s.Logger.WarnContext(r.Context(), "unavailable: the database is out of reach", "method", r.Method, "path", r.URL.Path, "err", err)
		code, message = squares.EUNAVAILABLE, "The service is briefly unavailable. Please try again in a moment."
		w.Header().Set("Retry-After", "2")
	case code == squares.EINTERNAL && store.BadText(err):
		// Text that is not text got past the edge (input.go) and PostgreSQL refused it: still the client's
		// input, not a server fault; the warning says a check is missing.
		s.Logger.WarnContext(r.Context(), "text refused by the database got past the input checks", "method", r.Method, "path", r.URL.Path, "err", err)
		code, message = squares.EINVALIDINPUT, "The request holds text that is not valid."
	case code == squares.EINTERNAL:
		s.Logger.ErrorContext(r.Context(), "internal error", "method", r.Method, "path", r.URL.Path, "err", err)
	case code == squares.EUNAVAILABLE:
		s.Logger.WarnContext(r.Context(), "a service is unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	writeJSON(w, status, ErrorBody{Message: message, Code: code, Fields: fields})
}
