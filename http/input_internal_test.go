package http

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/squaresapp/squares"
)

// Text that PostgreSQL refuses, should any get past the edge, is still the client's fault: 400
// invalid_input and a warning, never a 500 and an error.
func TestBadTextFromTheDatabase(t *testing.T) {
	var logs strings.Builder
	s := NewServer(Config{}, nil, slog.New(slog.NewTextHandler(&logs, nil)))
	w := httptest.NewRecorder()
	s.Error(w, httptest.NewRequest("POST", "/api/x", nil), fmt.Errorf("insert user: %w", &pgconn.PgError{Code: "22021",
		Message: `invalid byte sequence for encoding "UTF8": 0x00`}))
	var e ErrorBody
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || w.Code != http.StatusBadRequest || e.Code != squares.EINVALIDINPUT {
		t.Errorf("answer %d %s", w.Code, w.Body)
	}
	if !strings.Contains(logs.String(), "level=WARN") || strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("logged %s", logs.String())
	}
}

func TestCheckJSONText(t *testing.T) {
	rules := map[string]textRule{"name": {max: 5}, "reason": {max: 20, multiline: true}}
	for _, c := range []struct {
		body, field string // field "" when the body is text
	}{
		{`{"name":"Ann"}`, ""},
		{`{"NAME":"Ann"}`, ""},
		{`{"name":"Annie"}`, ""},
		{`{"name":"Anniee"}`, "name"},
		{`{"NaMe":"Anniee"}`, "NaMe"},
		{`{"name":"Zoë 🏈"}`, ""},
		{`{"name":"\ud83c\udfc8"}`, ""},
		{`{"name":"\ufffd"}`, ""},
		{`{"name":"a\u0000"}`, "name"},
		{`{"name":"a\n"}`, "name"},
		{`{"reason":"a\r\nb\tc"}`, ""},
		{`{"reason":"a\u0000b"}`, "reason"},
		{`{"reason":"a\u202eb"}`, "reason"},
		{`{"other":"` + strings.Repeat("x", maxText) + `"}`, ""},
		{`{"other":"` + strings.Repeat("x", maxText+1) + `"}`, "other"},
		{`{"other":{"deep":["x",{"k":"\u007f"}]}}`, "other"},
		{`{"other":{"a\nb":1}}`, "other"},
		{`{"other":1,"name":"\ud800x"}`, "name"},
		{`{"other":1,"name":"\udc00"}`, "name"},
		{`{"other":[1,true,null,-2.5e3],"name":"ok"}`, ""},
		{"{\"name\":\"a\xffb\"}", "name"},
		{"{\"name\":\"a\xed\xa0\x80b\"}", "name"},
		{`"a\u0000"`, "body"},
		{`["ok","\u0001"]`, "body"},
		{`{ "x" : "y" , "name" : "a\u0001" }`, "name"},
	} {
		if !json.Valid([]byte(c.body)) {
			t.Fatalf("%s: not JSON", c.body)
		}
		err := checkJSONText([]byte(c.body), rules)
		var e *squares.Error
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: %v", c.body, err)
		case c.field != "" && (!errors.As(err, &e) || e.Code != squares.EINVALIDINPUT || e.Fields[c.field] == "" || len(e.Fields) != 1):
			t.Errorf("%s: %v, want invalid_input naming %s", c.body, err, c.field)
		}
	}
}

func TestCheckText(t *testing.T) {
	for _, c := range []struct {
		s    string
		rule textRule
		ok   bool
	}{
		{"nfl", pathRule, true},
		{"nf\x00l", pathRule, false},
		{"nf\xffl", pathRule, false},
		{"a\nb", defaultRule, false},
		{"a\nb", textRule{max: 10, multiline: true}, true},
		{"\ufffd", defaultRule, true},
		{strings.Repeat("é", 200), pathRule, true},
		{strings.Repeat("é", 201), pathRule, false},
	} {
		if err := checkText("f", c.s, c.rule); (err == nil) != c.ok {
			t.Errorf("%q: %v", c.s, err)
		}
	}
	if n := fieldName("a\x00b\xff"); n != "a\ufffdb\ufffd" || !utf8.ValidString(n) {
		t.Errorf("fieldName = %q", n)
	}
}
