package squares

import (
	"errors"
	"fmt"
	"time"
)

// Error codes. Each maps to one HTTP status in the http package.
const (
	EINVALID       = "invalid"           // bad input: malformed or missing fields
	EINVALIDINPUT  = "invalid_input"     // text that is not text: control characters, invalid UTF-8, past its field's length
	EUNAUTHORIZED  = "unauthorized"      // not signed in or wrong credentials
	EFORBIDDEN     = "forbidden"         // signed in but not allowed
	ENOTFOUND      = "not_found"         // no such object
	ECONFLICT      = "conflict"          // the current state forbids it (taken square, duplicate e-mail)
	EUNPROCESSABLE = "unprocessable"     // a product rule refuses it (square limit, pool not open)
	ETOOMANY       = "too_many_requests" // throttled
	EUNAVAILABLE   = "unavailable"       // a service we depend on (the payment provider) is not answering: try again
	EINTERNAL      = "internal"          // a bug; never shown to users
)

// Error is the one error type of the domain. Message is safe to show to users; Fields names the input
// fields at fault and what is wrong with each.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
	// RetryAfter, for ETOOMANY, is how long until the request may succeed: the HTTP answer's Retry-After.
	RetryAfter time.Duration
}

// Error implements the error interface.
func (e *Error) Error() string {
	return fmt.Sprintf("squares error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// TooMany returns an ETOOMANY error telling the client to try again after wait.
func TooMany(wait time.Duration, format string, args ...any) *Error {
	return &Error{Code: ETOOMANY, Message: fmt.Sprintf(format, args...), RetryAfter: wait}
}

// FieldError returns an EINVALID error for one field, using the field's message as the error's message.
func FieldError(field, message string) *Error {
	return &Error{Code: EINVALID, Message: message, Fields: map[string]string{field: message}}
}

// InputError returns an EINVALIDINPUT error for one field (a body member, a query parameter or a path
// value), using the field's message as the error's message.
func InputError(field, message string) *Error {
	return &Error{Code: EINVALIDINPUT, Message: message, Fields: map[string]string{field: message}}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for any other error, and ""
// for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the user-facing message of err: the message of its *Error, or a generic text for
// internal errors so that their details are never shown.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}

// Validation collects field errors and turns them into one EINVALID error.
type Validation struct {
	fields map[string]string
	first  string
}

// Add records message for field unless the field already has one.
func (v *Validation) Add(field, message string) {
	if v.fields == nil {
		v.fields = map[string]string{}
	}
	if _, ok := v.fields[field]; ok {
		return
	}
	if len(v.fields) == 0 {
		v.first = message
	}
	v.fields[field] = message
}

// Merge adds the field errors of err, an EINVALID *Error such as a Validate method returns; any other
// error is added under the field "" with its user-facing message.
func (v *Validation) Merge(err error) {
	var e *Error
	if !errors.As(err, &e) || len(e.Fields) == 0 {
		if err != nil {
			v.Add("", ErrorMessage(err))
		}
		return
	}
	for f, m := range e.Fields {
		v.Add(f, m)
	}
}

// Err returns nil when nothing was added, else an EINVALID error whose message is the first field's.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return &Error{Code: EINVALID, Message: v.first, Fields: v.fields}
}
