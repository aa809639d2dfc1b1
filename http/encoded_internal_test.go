package http

import (
	"bytes"
	"io"
	"sync"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// A shared answer is compressed once per coding, however many requests ask for it at once: every caller
// gets the very same copy, which decodes to the answer.
func TestEncodedAnswerCompressedOnce(t *testing.T) {
	plain := bytes.Repeat([]byte(`{"row":1,"column":2,"displayName":"Ann L."},`), 200)
	a := newEncodedAnswer(plain)
	for _, c := range []string{"gzip", "zstd"} {
		got := make([][]byte, 16)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i] = a.coded(c) })
		}
		wg.Wait()
		for i, b := range got {
			if len(b) == 0 || &b[0] != &got[0][0] || len(b) != len(got[0]) {
				t.Fatalf("%s: caller %d got another copy (%d bytes)", c, i, len(b))
			}
		}
		var r io.Reader
		var err error
		if c == "gzip" {
			r, err = gzip.NewReader(bytes.NewReader(got[0]))
		} else {
			var zr *zstd.Decoder
			zr, err = zstd.NewReader(bytes.NewReader(got[0]))
			defer zr.Close()
			r = zr
		}
		if err != nil {
			t.Fatal(err)
		}
		if out, err := io.ReadAll(r); err != nil || !bytes.Equal(out, plain) {
			t.Fatalf("%s decodes to %d bytes, %v", c, len(out), err)
		}
	}
	if a.coded("br") != nil {
		t.Error("a coding with no copy gave one")
	}
}
