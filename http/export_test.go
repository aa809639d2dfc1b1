package http

import (
	"net/http"
	"reflect"
	"strings"
)

// OnDecode makes decode call f with every request and the value it is about to fill, until the returned
// function is called.
func OnDecode(f func(r *http.Request, v any)) (stop func()) {
	decodeHook.Store(&f)
	return func() { decodeHook.Store(nil) }
}

// TextField is a JSON member a request type declares, with the rule of its text.
type TextField struct {
	Name      string
	Max       int
	Multiline bool
}

// TextFields lists the JSON members of v's type (a pointer to a struct; none for anything else), with
// their text rules.
func TextFields(v any) []TextField {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	rules := textRules(v)
	var out []TextField
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		rule, ok := rules[strings.ToLower(name)]
		if !ok {
			rule = defaultRule
		}
		out = append(out, TextField{Name: name, Max: rule.max, Multiline: rule.multiline})
	}
	return out
}

// AnswerMinSize is the least answer the server compresses.
const AnswerMinSize = answerMinSize
