package http

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"sync/atomic"

	"github.com/squaresapp/squares"
)

// maxBody bounds request bodies.
const maxBody = 64 << 10

// decodeHook, when set (by tests), sees every request's value as decode is about to fill it.
var decodeHook atomic.Pointer[func(*http.Request, any)]

// decode reads a JSON body into v. A missing, malformed, oversized (413) or too deeply nested (400) body
// is an error for the client, and so is one holding a string that is not text (400 invalid_input naming
// its member: input.go), by the text tags of v's fields.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	if f := decodeHook.Load(); f != nil {
		(*f)(r, v)
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &squares.Error{Code: codeTooLarge, Message: "Request body is too large."}
		}
		return squares.Errorf(squares.EINVALID, "Request body could not be read.")
	}
	if jsonTooDeep(b, maxJSONDepth) {
		return squares.Errorf(squares.EINVALID, "Invalid JSON body: nested more than %d levels deep.", maxJSONDepth)
	}
	// Text from outside is text (input.go), whatever v does with it: checked on the bytes, as decoding would
	// turn what is not UTF-8 into U+FFFD unseen. Malformed JSON is left to the decoder to name.
	if json.Valid(b) {
		if err := checkJSONText(b, textRules(v)); err != nil {
			return err
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.Is(err, io.EOF):
			return squares.Errorf(squares.EINVALID, "Request body is required.")
		case errors.As(err, &typeErr) && typeErr.Field != "":
			return squares.FieldError(typeErr.Field, "Invalid value for "+typeErr.Field+".")
		default:
			return squares.Errorf(squares.EINVALID, "Invalid JSON body.")
		}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return squares.Errorf(squares.EINVALID, "Invalid JSON body: unexpected data after the object.")
	}
	return nil
}

// writeJSON writes v as JSON with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// pathID reads a positive integer id from the named path value.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, squares.FieldError(name, "Invalid "+name+": must be a positive number.")
	}
	return id, nil
}

// queryID reads an optional positive integer from the query; absent gives 0.
func queryID(r *http.Request, name string) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" || v == "all" {
		return 0, nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, squares.FieldError(name, "Invalid "+name+": must be a positive number.")
	}
	return id, nil
}

// flexInt is a JSON integer that may also arrive as a string of digits ("7"), as older clients send ids.
type flexInt int64

func (n *flexInt) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		return nil
	}
	if len(s) >= 2 && s[0] == '"' {
		s = s[1 : len(s)-1]
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "string " + string(b), Type: reflect.TypeFor[int64]()}
	}
	*n = flexInt(v)
	return nil
}

// MessageAnswer is the answer of a call that did what was asked and says so.
type MessageAnswer struct {
	Message string `json:"message"`
	Success bool   `json:"success"`
}

// success answers a call that did what was asked with its message.
func success(message string) MessageAnswer {
	return MessageAnswer{Message: message, Success: true}
}
