package http

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// A signed-in player's page carries the API answers its first screen reads (those screenPreloads names) in
// a JSON data block at the end of its HTML. The app puts them in its query cache before its first render
// (web/src/lib/page-data.ts) and draws the screen with its data at once. Fetched instead, even preloaded,
// each answer reached the app after a render of its own: a loading screen while the session's answer came,
// then the screen's placeholders while its data came, then the screen, each rendered, laid out and (the
// placeholders) taken out of the page again, on a phone's CPU. The answers are the API's own, read with the
// page request's session as the app's calls would be; one that is not a 200 with JSON is left out, and the
// app asks for it as before (its Link preload stays).

// pageDataID is the id of a page's data block (web/src/lib/page-data.ts reads it).
const pageDataID = "page-data"

// pageAnswer records one API answer run for a page.
type pageAnswer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (a *pageAnswer) Header() http.Header { return a.header }

func (a *pageAnswer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *pageAnswer) Write(b []byte) (int, error) {
	if a.status == 0 {
		a.status = http.StatusOK
	}
	return a.body.Write(b)
}

// pageData runs the API's GET calls urls with the session of the page request r, as the app's own requests
// would (the same routes, checks and limits), and returns the answers that are a 200 with JSON, by URL.
func (s *Server) pageData(r *http.Request, urls []string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	id := ""
	if ri := requestInfoFrom(r.Context()); ri != nil {
		id = ri.id
	}
	for _, u := range urls {
		a := &pageAnswer{header: http.Header{}}
		// A request info of its own: its route must not become the page request's in the logs and metrics.
		ctx := context.WithValue(r.Context(), requestInfoKey{}, &requestInfo{ResponseWriter: a, id: id})
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			continue
		}
		req.RemoteAddr = r.RemoteAddr
		req.Header.Set("Accept", "application/json")
		if c := r.Header.Get("Cookie"); c != "" {
			req.Header.Set("Cookie", c)
		}
		s.mux.ServeHTTP(a, req)
		if a.status != http.StatusOK || !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") || !json.Valid(a.body.Bytes()) {
			continue
		}
		out[u] = json.RawMessage(bytes.TrimSpace(a.body.Bytes()))
	}
	return out
}

// withPageData is the HTML page with the answers in its data block, before </body>. encoding/json writes
// <, > and & as \u escapes, so no answer's text can end the block.
func withPageData(page []byte, answers map[string]json.RawMessage) ([]byte, bool) {
	at := bytes.LastIndex(page, []byte("</body>"))
	if at < 0 || len(answers) == 0 {
		return nil, false
	}
	data, err := json.Marshal(answers)
	if err != nil {
		return nil, false
	}
	var b bytes.Buffer
	b.Grow(len(page) + len(data) + 64)
	b.Write(page[:at])
	b.WriteString(`<script type="application/json" id="` + pageDataID + `">`)
	b.Write(data)
	b.WriteString("</script>")
	b.Write(page[at:])
	return b.Bytes(), true
}

// writePage sends a page made for its request (withPageData) in the content coding the request accepts, as a
// shared answer is (answerCoding, encodedAnswer): the build's compressed copies are of index.html as it is.
func writePage(w http.ResponseWriter, r *http.Request, page []byte) {
	w.Header().Add("Vary", "Accept-Encoding")
	if c := answerCoding(r, len(page)); c != "" {
		if coded := newEncodedAnswer(page).coded(c); coded != nil {
			w.Header().Set("Content-Encoding", c)
			page = coded
		}
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(page)))
	w.Write(page)
}
