package http_test

import (
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
)

// documentedHeader is a row of docs/security.md's table "Headers on every answer".
type documentedHeader struct {
	name, value string // value "" when the docs give no literal (the request's id)
}

// literalCell matches a table cell that is one code span: the value itself.
var literalCell = regexp.MustCompile("^`([^`]+)`$")

// documentedHeaders reads the headers docs/security.md promises on every answer, with their values: the
// table's literal values, and the Content-Security-Policy from the code block after the table (its lines
// joined by spaces).
func documentedHeaders(t *testing.T) []documentedHeader {
	t.Helper()
	b, err := os.ReadFile("../docs/security.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Headers on every answer\n")
	if !ok {
		t.Fatal("docs/security.md has no section Headers on every answer")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var out []documentedHeader
	for line := range strings.SplitSeq(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.HasPrefix(line, "| `") {
			continue
		}
		name := literalCell.FindStringSubmatch(strings.TrimSpace(cells[1]))
		if name == nil {
			t.Fatalf("docs/security.md: header row %q", line)
		}
		h := documentedHeader{name: name[1]}
		if v := literalCell.FindStringSubmatch(strings.TrimSpace(cells[2])); v != nil {
			h.value = v[1]
		} else if strings.TrimSpace(cells[2]) == "see below" && h.name == "Content-Security-Policy" {
			_, block, _ := strings.Cut(section, "The Content-Security-Policy:\n\n```\n")
			block, _, _ = strings.Cut(block, "```")
			h.value = strings.Join(strings.Fields(block), " ")
		}
		out = append(out, h)
	}
	if len(out) < 8 {
		t.Fatalf("docs/security.md lists %d headers: %+v", len(out), out)
	}
	return out
}

// What docs/security.md promises is what is sent (issue 19 item 7): each header of its table, with its
// value, on a real server's answers of every kind (over TLS as a trusted proxy reports it, for HSTS).
func TestDocumentedHeadersAreSent(t *testing.T) {
	headers := documentedHeaders(t)
	s := startAPIWith(t, store.SQLite, func(c *squareshttp.Config) { c.TrustedProxies = 1 })
	c := s.client(t)
	tls := []string{"X-Forwarded-Proto", "https"}
	for _, r := range []*apiResponse{
		c.do("GET", "/api/config", nil, tls...).want(http.StatusOK),
		c.do("GET", "/", nil, tls...).want(http.StatusOK),
		c.do("GET", "/pools", nil, tls...).want(http.StatusOK),
		c.do("GET", "/api/no-such-call", nil, tls...).want(http.StatusNotFound),
		c.do("POST", "/api/auth/login", "{", tls...).want(http.StatusBadRequest),
		c.do("DELETE", "/healthz", nil, tls...).want(http.StatusMethodNotAllowed),
		c.do("GET", "/api/logout", nil, append([]string{"Sec-Fetch-Site", "cross-site"}, tls...)...).want(http.StatusFound),
	} {
		for _, h := range headers {
			got := r.Header.Values(h.name)
			switch {
			case len(got) != 1:
				t.Errorf("%s: %s sent %d times %q, docs/security.md promises it", r.what, h.name, len(got), got)
			case h.value != "" && got[0] != h.value:
				t.Errorf("%s: %s = %q, docs/security.md says %q", r.what, h.name, got[0], h.value)
			case got[0] == "":
				t.Errorf("%s: %s empty", r.what, h.name)
			}
		}
	}
}
