package http

import (
	"bytes"
	"io"
	"net/http"
	"sync"

	"github.com/klauspost/compress/gzhttp/writer/gzkp"
	"github.com/klauspost/compress/gzhttp/writer/zstdkp"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// The levels compressAnswers compresses at, and encodedAnswer too, so that a snapshot's stored copy and an
// answer compressed as it is sent are made alike.
const (
	answerGzipLevel = gzip.BestSpeed
	answerZstdLevel = int(zstd.SpeedFastest)
)

// encodedAnswer is the body of an answer shared by many requests (a board's squares) with its compressed
// copies, each made once, when a request first asks for it: compressing a full board per request (21 KB)
// was the largest cost of reading it (bench/reads). It is immutable but for the copies, each made once.
type encodedAnswer struct {
	plain      []byte
	gzip, zstd compressedCopy
}

func newEncodedAnswer(plain []byte) *encodedAnswer { return &encodedAnswer{plain: plain} }

// coded returns the body in content coding c ("gzip" or "zstd"), made by the writers gzhttp uses at the
// levels compressAnswers gives it, or nil if compressing failed (the caller sends the body as it is).
func (a *encodedAnswer) coded(c string) []byte {
	switch c {
	case "gzip":
		return a.gzip.of(a.plain, func(w io.Writer) io.WriteCloser { return gzkp.NewWriter(w, answerGzipLevel) })
	case "zstd":
		return a.zstd.of(a.plain, func(w io.Writer) io.WriteCloser { return zstdkp.NewWriter(w, answerZstdLevel) })
	}
	return nil
}

// compressedCopy is one compressed copy of an answer, made once.
type compressedCopy struct {
	once sync.Once
	body []byte
}

// of returns plain compressed by the writer newWriter makes, compressing it at the first call; nil if
// compressing failed.
func (c *compressedCopy) of(plain []byte, newWriter func(io.Writer) io.WriteCloser) []byte {
	c.once.Do(func() {
		var buf bytes.Buffer
		zw := newWriter(&buf)
		if _, err := zw.Write(plain); err == nil && zw.Close() == nil {
			c.body = buf.Bytes()
		}
	})
	return c.body
}

// answerCoding picks the content coding of a shared answer as compressAnswers' gzhttp does for any other:
// none for HEAD or an answer under answerMinSize; else zstd or gzip, whichever the request weighs higher,
// zstd on a tie; none if it accepts neither by name.
func answerCoding(r *http.Request, size int) string {
	if r.Method == http.MethodHead || size < answerMinSize {
		return ""
	}
	ae := r.Header.Get("Accept-Encoding")
	if ae == "" {
		return ""
	}
	q := acceptedCodings(ae)
	gz, zs := q["gzip"], q["zstd"]
	switch {
	case zs > 0 && zs >= gz:
		return "zstd"
	case gz > 0:
		return "gzip"
	}
	return ""
}

// writeEncodedSnapshot is writeSnapshot of a shared answer, sent in the coding the request accepts from the
// answer's stored copies. compressAnswers lets an answer that names its Content-Encoding pass as it is, and
// has already added Vary: Accept-Encoding.
func writeEncodedSnapshot(w http.ResponseWriter, r *http.Request, etag string, keep bool, a *encodedAnswer) {
	if snapshotNotModified(w, r, etag, keep) {
		return
	}
	body := a.plain
	if c := answerCoding(r, len(a.plain)); c != "" {
		if coded := a.coded(c); coded != nil {
			w.Header()["Content-Encoding"] = []string{c}
			body = coded
		}
	}
	writeSnapshotBody(w, body)
}
