package http

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// TestWithPageDataEscapes: no answer's text can end the data block or open a comment in the page, and
// the block reads back as the answers.
func TestWithPageDataEscapes(t *testing.T) {
	page := []byte("<html><body><p>x</p></body></html>")
	got, ok := withPageData(page, map[string]json.RawMessage{
		"/api/pools/1": json.RawMessage(`{"name":"</script><script>alert(1)</script> & <!--"}`),
	})
	if !ok {
		t.Fatal("not made")
	}
	if n := strings.Count(string(got), "</script>"); n != 1 {
		t.Fatalf("%d </script> in %s, want the block's own only", n, got)
	}
	if strings.Contains(string(got), "<!--") {
		t.Errorf("an answer's <!-- reaches the HTML: %s", got)
	}
	var back map[string]map[string]string
	if err := json.Unmarshal(regexp.MustCompile(`id="page-data">(.*)</script>`).FindSubmatch(got)[1], &back); err != nil {
		t.Fatal(err)
	}
	if back["/api/pools/1"]["name"] != "</script><script>alert(1)</script> & <!--" {
		t.Errorf("the answer read back is %q", back["/api/pools/1"]["name"])
	}
	if _, ok := withPageData([]byte("<html>no body end"), map[string]json.RawMessage{"/x": json.RawMessage(`1`)}); ok {
		t.Error("made a page without </body>")
	}
	if _, ok := withPageData(page, nil); ok {
		t.Error("made a data block of no answers")
	}
}
