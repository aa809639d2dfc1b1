package http

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// Content codings of the web app's files: the build writes name.br and name.gz beside each text file
// (web/scripts/compress.mjs), and the server sends the best one the browser accepts.
var precompressed = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// acceptedCodings reads an Accept-Encoding header (RFC 9110 12.5.3) into each coding's weight: a coding
// absent from the map takes the weight of "*" when given, else 0 (identity is acceptable unless refused).
func acceptedCodings(header string) map[string]float64 {
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if !ok || strings.ToLower(strings.TrimSpace(k)) != "q" {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0 // a weight we cannot read does not make a coding acceptable
			}
			weight = f
		}
		if name == "x-gzip" {
			name = "gzip"
		}
		q[name] = weight
	}
	return q
}

// chooseCoding picks the content coding to send among those a file has (in the server's order of
// preference), or "" for the file as it is: the highest weight the browser gives, ties to the server's
// order. A coding refused (q=0) or not named (without "*") is never chosen.
func chooseCoding(header string, available []string) string {
	if strings.TrimSpace(header) == "" {
		return ""
	}
	q := acceptedCodings(header)
	weight := func(c string) float64 {
		if w, ok := q[c]; ok {
			return w
		}
		return q["*"]
	}
	best, bestW := "", 0.0
	for _, c := range available {
		if w := weight(c); w > bestW {
			best, bestW = c, w
		}
	}
	return best
}

// answerMinSize is the least answer compressAnswers compresses. A pool (about 2.4 KB) and a claim's answer
// (the pool and its square) fit in two TCP segments as they are, one compressed: for that, compressing and
// the client's decompressing were a sixth of all CPU under claims (bench/claims profile: gzip's close 8 %,
// the client's gunzip 8 %), and the bare baseline compresses nothing. Lists and full boards (10-90 KB) are
// compressed.
const answerMinSize = 4096

// compressAnswers compresses the API's answers (JSON, CSV exports) of answerMinSize and more for a client
// that accepts gzip or zstd, at gzip's fastest level: answers are made per request, and at the default
// level compressing was about a sixth of the server's CPU under claims. Websocket upgrades and the web
// app's files pass untouched: the first hijack the connection, the second are compressed at build time.
func compressAnswers(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(answerMinSize), gzhttp.CompressionLevel(answerGzipLevel), gzhttp.ZstdCompressionLevel(answerZstdLevel), gzhttp.ExceptContentTypes([]string{"text/event-stream"}))
	if err != nil {
		panic(err) // the options above are constant
	}
	compressed := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "" || !(strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/dev/")) {
			next.ServeHTTP(w, r)
			return
		}
		compressed.ServeHTTP(w, r)
	})
}
