package http

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/squaresapp/squares"
)

// Fuzz tests of the parsers of what clients send: JSON bodies (decode and the request types read from
// them), the flexible integers, and websocket messages. `go test` runs only the seeds; run one with
// `go test -run '^$' -fuzz FuzzDecode -fuzztime 30s ./http/`.

// bodySeeds are request bodies as the web app and older clients send them.
var bodySeeds = []string{
	`{"email":"player1@example.com","password":"correct-horse","firstName":"Pat","lastName":"Lee","dateOfBirth":"1990-01-01","residenceState":"NY"}`,
	`{"username":"boss","password":"admin-password"}`,
	`{"challenge":"abc","code":"123 456"}`,
	`{"amount":"25.00","poolId":"3","squares":[{"row":0,"column":9},{"row":4,"column":4}]}`,
	`{"amount":10.5,"poolId":3,"squares":"[{\"row\":1,\"column\":2}]"}`,
	`{"name":"$5 Pool","entryFee":"5.00","gameId":1}`,
	`{"poolIds":[1,"2",3]}`,
	`{"leagueId":1,"homeTeam":"Buffalo Bills","awayTeam":"Miami Dolphins","gameDate":"2030-11-29T13:00"}`,
	`{"amount":1e3}`, `[]`, `null`, `{"a":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`,
	`{"x":"\"{[["}`, `{} {}`, ``, `{"poolId":9223372036854775808}`,
	`{"name":"A\u0000B"}`, `{"a\nb":1}`, `{"x":"\ud800"}`, "{\"x\":\"\xff\"}", `{"x":"Zoë 🏈"}`,
}

// wantClientError fails unless err is an error for the client: a bad body is never an internal error.
func wantClientError(t *testing.T, err error, body []byte) {
	t.Helper()
	var e *squares.Error
	if !errors.As(err, &e) || (e.Code != squares.EINVALID && e.Code != squares.EINVALIDINPUT && e.Code != codeTooLarge) {
		t.Fatalf("body %q: error %v is not a client error", body, err)
	}
}

// FuzzDecode checks decode and the checkout request parsed from it: no panic; invalid JSON, trailing data
// and too deep nesting are client errors; valid JSON within the limits decodes unless a string in it is
// not text (400 invalid_input, by textOracle); a parsed checkout has a pool, a positive amount within the
// maximum and cells on the board.
func FuzzDecode(f *testing.F) {
	for _, s := range bodySeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		decodeInto := func(v any) error {
			r := httptest.NewRequest("POST", "/api/x", bytes.NewReader(body))
			return decode(httptest.NewRecorder(), r, v)
		}
		var anything json.RawMessage // any JSON; a number beyond float64 is still JSON
		err := decodeInto(&anything)
		valid := json.Valid(body) && len(body) <= maxBody && !jsonTooDeep(body, maxJSONDepth)
		if valid {
			switch text := textOracle(body); {
			case text == textIs && err != nil, text == textIsNot && squares.ErrorCode(err) != squares.EINVALIDINPUT:
				t.Fatalf("body %q: text %v, decode error %v", body, text, err)
			case err != nil && squares.ErrorCode(err) != squares.EINVALIDINPUT:
				t.Fatalf("body %q: valid, decode error %v", body, err)
			}
		} else if err == nil {
			t.Fatalf("body %q: not valid, decoded", body)
		}
		if err != nil {
			wantClientError(t, err, body)
		}
		var req escrowPaymentRequest
		if err := decodeInto(&req); err != nil {
			wantClientError(t, err, body)
			return
		}
		pool, cells, amount, err := req.parse()
		if err != nil {
			wantClientError(t, err, body)
			return
		}
		if pool <= 0 || amount <= 0 || amount > squares.MaxAmount || len(cells) == 0 {
			t.Fatalf("body %q parsed to pool %d, amount %d, %d cells", body, pool, amount, len(cells))
		}
		for _, c := range cells {
			if c.Row < 0 || c.Row > 9 || c.Column < 0 || c.Column > 9 {
				t.Fatalf("body %q parsed to cell %+v", body, c)
			}
		}
	})
}

// What textOracle finds of the strings of a JSON document.
const (
	textIs      = "text"
	textIsNot   = "not text"
	textUnknown = "unknown" // a U+FFFD: sent as such, or what the decoder made of bytes that are not UTF-8
)

// textOracle says whether every string of a valid JSON document (member names included) is text for a
// member without a declared length, written apart from checkJSONText: it decodes the document and looks
// at each string's characters and length.
func textOracle(body []byte) string {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return textUnknown // beyond float64: json.RawMessage takes it, any does not
	}
	out := textIs
	var walk func(v any, max int)
	check := func(s string, max int) {
		if utf8.RuneCountInString(s) > max {
			out = textIsNot
		}
		for _, r := range s {
			switch {
			case unicode.IsControl(r), r == '\u2028', r == '\u2029', r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069':
				out = textIsNot
			case r == utf8.RuneError && out == textIs:
				out = textUnknown
			}
		}
	}
	walk = func(v any, max int) {
		switch v := v.(type) {
		case string:
			check(v, max)
		case []any:
			for _, e := range v {
				walk(e, max)
			}
		case map[string]any:
			for k, e := range v {
				check(k, maxNameText)
				walk(e, max)
			}
		}
	}
	walk(v, maxText)
	return out
}

// FuzzFlexInt checks the integers that may arrive as strings: no panic, and a value read survives a round
// trip through both of its forms.
func FuzzFlexInt(f *testing.F) {
	for _, s := range []string{`7`, `"7"`, `-1`, `null`, `"9223372036854775807"`, `9223372036854775808`, `1.5`, `"`, `""`, `"1`, `true`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var n flexInt
		if err := json.Unmarshal(b, &n); err != nil {
			return
		}
		for _, form := range []string{strconv.FormatInt(int64(n), 10), strconv.Quote(strconv.FormatInt(int64(n), 10))} {
			var back flexInt
			if err := json.Unmarshal([]byte(form), &back); err != nil || back != n {
				t.Fatalf("%q read as %d, but %s reads as %d, %v", b, n, form, back, err)
			}
		}
	})
}
