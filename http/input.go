package http

import (
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/squaresapp/squares"
)

// Text from outside is text. Every string a client sends is checked here before a handler reads it: each
// string of a JSON body, member names included, at any depth (decode, for every body), each query
// parameter and each path value (checkInput, on every route of the table), and each websocket message
// (handleWSMessage). A string with a control character (C0, DEL, C1, or a bidirectional embedding,
// override or isolate), with a line break where its field is one line, that is not valid UTF-8 (an
// escaped lone surrogate included), or longer than its field's length is refused with 400 invalid_input
// naming the field, before anything is read or written.

// textRule is what the text of one field may be.
type textRule struct {
	max       int  // the most characters (runes)
	multiline bool // line breaks (\n, \r, U+2028, U+2029) and tabs allowed
}

// Lengths of fields that declare none.
const (
	maxText     = 1000 // a body member's string, a query parameter's value
	maxPathText = 200  // a path value
	maxNameText = 100  // a member's or a query parameter's name
)

var (
	defaultRule = textRule{max: maxText}
	pathRule    = textRule{max: maxPathText}
	nameRule    = textRule{max: maxNameText}
)

// textFault is what is wrong with a string.
type textFault uint8

const (
	textOK textFault = iota
	textControl
	textLineBreak
	textNotUTF8
	textTooLong
)

// inputError is the invalid_input error of a field with the fault.
func inputError(field string, fault textFault, rule textRule) error {
	var m string
	switch fault {
	case textControl:
		m = field + " must be plain text: it contains a control character."
	case textLineBreak:
		m = field + " must be one line of text."
	case textNotUTF8:
		m = field + " is not valid UTF-8 text."
	default:
		m = field + " is too long: at most " + strconv.Itoa(rule.max) + " characters."
	}
	return squares.InputError(field, m)
}

// runeFault is what is wrong with one character of a field's text, if anything.
func runeFault(r rune, multiline bool) textFault {
	switch {
	case r >= 0x20 && r < 0x7f:
		return textOK
	case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
		if multiline {
			return textOK
		}
		return textLineBreak
	case r == '\t':
		if multiline {
			return textOK
		}
		return textControl
	case unicode.IsControl(r), r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069':
		// C0, DEL and C1; and the bidirectional controls that make text display other than it reads.
		return textControl
	case r >= 0xd800 && r <= 0xdfff:
		// A surrogate (an escaped one alone: \ud800) is no character. Bytes that are not UTF-8 are the
		// callers' to find: decoded, they look like a real U+FFFD.
		return textNotUTF8
	}
	return textOK
}

// checkText checks a string read from a query or a path against rule.
func checkText(field, s string, rule textRule) error {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
		if r == utf8.RuneError && size == 1 {
			return inputError(field, textNotUTF8, rule)
		} else if r == utf8.RuneError {
			continue // a real U+FFFD
		}
		if f := runeFault(r, rule.multiline); f != textOK {
			return inputError(field, f, rule)
		}
	}
	if n > rule.max {
		return inputError(field, textTooLong, rule)
	}
	return nil
}

// fieldName is a name as it may be shown in an error's fields: a name that is itself not text has its
// faulty characters replaced.
func fieldName(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if runeFault(r, false) != textOK {
			return '\uFFFD'
		}
		return r
	}, s)
}

// checkJSONText checks every string of a JSON document, member names and values at any depth, by the
// rule of the top-level member it belongs to (rules holds them by lower-case name, as encoding/json
// matches names without regard to case; others get defaultRule). The error names that member, or "body"
// for a document that is not an object. b must be valid JSON.
func checkJSONText(b []byte, rules map[string]textRule) error {
	s := &jsonText{b: b}
	s.space()
	if s.i >= len(b) || b[s.i] != '{' {
		return s.value("body", defaultRule)
	}
	s.i++
	for {
		s.space()
		switch b[s.i] {
		case '}':
			return nil
		case ',':
			s.i++
			s.space()
		}
		name, fault, _ := s.str(true, false)
		if fault != textOK {
			return inputError(fieldName(name), fault, nameRule)
		}
		rule, ok := rules[strings.ToLower(name)]
		if !ok {
			rule = defaultRule
		}
		if utf8.RuneCountInString(name) > maxNameText {
			return inputError(fieldName(name), textTooLong, nameRule)
		}
		s.space()
		s.i++ // the colon
		if err := s.value(name, rule); err != nil {
			return err
		}
	}
}

// jsonText reads a valid JSON document for checkJSONText.
type jsonText struct {
	b []byte
	i int
}

func (s *jsonText) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\n' || s.b[s.i] == '\r') {
		s.i++
	}
}

// value checks the value at s.i, every string in it by rule, and moves past it.
func (s *jsonText) value(field string, rule textRule) error {
	s.space()
	switch s.b[s.i] {
	case '"':
		_, fault, n := s.str(false, rule.multiline)
		if fault == textOK && n > rule.max {
			fault = textTooLong
		}
		if fault != textOK {
			return inputError(fieldName(field), fault, rule)
		}
	case '{', '[':
		end := byte('}')
		if s.b[s.i] == '[' {
			end = ']'
		}
		s.i++
		for {
			s.space()
			if s.b[s.i] == end {
				s.i++
				return nil
			}
			if s.b[s.i] == ',' {
				s.i++
				s.space()
			}
			if end == '}' {
				_, fault, n := s.str(false, false)
				if fault == textOK && n > maxNameText {
					fault = textTooLong
				}
				if fault != textOK {
					return inputError(fieldName(field), fault, nameRule)
				}
				s.space()
				s.i++ // the colon
			}
			if err := s.value(field, rule); err != nil {
				return err
			}
		}
	default: // a number, true, false or null
		for s.i < len(s.b) && !strings.ContainsRune(",}] \t\n\r", rune(s.b[s.i])) {
			s.i++
		}
	}
	return nil
}

// str reads the string at s.i and moves past it: its first fault, if any (the rest is skipped), and its
// length in characters; with keep, also its text, for a member's name.
func (s *jsonText) str(keep, multiline bool) (string, textFault, int) {
	var out []byte
	s.i++ // the opening quote
	n, fault := 0, textOK
	note := func(r rune) {
		n++
		if fault == textOK {
			fault = runeFault(r, multiline)
		}
		if keep {
			out = utf8.AppendRune(out, r)
		}
	}
	for {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return string(out), fault, n
		case c == '\\':
			r, size := s.escape()
			s.i += size
			note(r)
		case c < utf8.RuneSelf:
			s.i++
			note(rune(c))
		default:
			r, size := utf8.DecodeRune(s.b[s.i:])
			s.i += size
			if r == utf8.RuneError && size == 1 {
				n++
				if fault == textOK {
					fault = textNotUTF8
				}
				continue
			}
			if r == utf8.RuneError {
				n++ // a real U+FFFD is text
				if keep {
					out = utf8.AppendRune(out, r)
				}
				continue
			}
			note(r)
		}
	}
}

// escape reads the escape sequence at s.i: its character (a lone surrogate as itself, which runeFault
// refuses) and its length in bytes.
func (s *jsonText) escape() (rune, int) {
	switch c := s.b[s.i+1]; c {
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		r := hex4(s.b[s.i+2 : s.i+6])
		if r >= 0xd800 && r < 0xdc00 && s.i+12 <= len(s.b) && s.b[s.i+6] == '\\' && s.b[s.i+7] == 'u' {
			if lo := hex4(s.b[s.i+8 : s.i+12]); lo >= 0xdc00 && lo <= 0xdfff {
				return (r-0xd800)<<10 + (lo - 0xdc00) + 0x10000, 12
			}
		}
		return r, 6
	default: // " \ /
		return rune(c), 2
	}
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		default:
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}

// textRules returns the rules of the JSON members of v's type (a pointer to a struct), by lower-case
// name, from its fields' text tags: `text:"max=50"`, `text:"max=500,multiline"`. Fields without one get
// defaultRule. Read once per type.
func textRules(v any) map[string]textRule {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	if m, ok := textRuleCache.Load(t); ok {
		return m.(map[string]textRule)
	}
	m := map[string]textRule{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("text")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		rule := defaultRule
		for opt := range strings.SplitSeq(tag, ",") {
			if n, ok := strings.CutPrefix(opt, "max="); ok {
				max, err := strconv.Atoi(n)
				if err != nil || max <= 0 {
					panic("http: bad text tag on " + t.String() + "." + f.Name + ": " + tag)
				}
				rule.max = max
			} else if opt == "multiline" {
				rule.multiline = true
			} else {
				panic("http: bad text tag on " + t.String() + "." + f.Name + ": " + tag)
			}
		}
		m[strings.ToLower(name)] = rule
	}
	textRuleCache.Store(t, m)
	return m
}

var textRuleCache sync.Map // reflect.Type -> map[string]textRule

// wildcardName matches a wildcard of a route pattern: {id}, {id...}.
var wildcardName = regexp.MustCompile(`\{([^{}.]+)(?:\.\.\.)?\}`)

// checkInput wraps a route's handler: a request whose path values or query parameters are not text
// (checkText) is answered 400 invalid_input, naming the wildcard or the parameter, before the route's
// access check and handler run.
func (s *Server) checkInput(pattern string, next http.HandlerFunc) http.HandlerFunc {
	var names []string
	for _, m := range wildcardName.FindAllStringSubmatch(pattern, -1) {
		names = append(names, m[1])
	}
	return func(w http.ResponseWriter, r *http.Request) {
		for _, name := range names {
			if err := checkText(name, r.PathValue(name), pathRule); err != nil {
				s.Error(w, r, err)
				return
			}
		}
		if r.URL.RawQuery != "" {
			if err := checkQuery(r); err != nil {
				s.Error(w, r, err)
				return
			}
		}
		next(w, r)
	}
}

// checkQuery checks every query parameter's name and values, in name order.
func checkQuery(r *http.Request) error {
	q := r.URL.Query()
	for _, k := range slices.Sorted(maps.Keys(q)) {
		name := fieldName(k)
		if err := checkText(name, k, nameRule); err != nil {
			return err
		}
		for _, v := range q[k] {
			if err := checkText(name, v, defaultRule); err != nil {
				return err
			}
		}
	}
	return nil
}
