package squares

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/gowebpki/jcs"
)

// viaTransform is RecordData's general path: marshalled, then made canonical by RFC 8785's transform.
func viaTransform(t testing.TB, d RecordTakenData) []byte {
	raw, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jcs.Transform(raw)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A taken entry's data written directly is byte for byte what the general path writes: the hash of an
// entry does not depend on the path.
func TestRecordTakenCanonical(t *testing.T) {
	odd := []string{"", "0.00", "12.50", "guest-7", `a"b\c`, "tab\there", "\x00\x01\x1f\x7f", "\b\f\n\r",
		"é ü 漢字 🎉", "\u2028\u2029", "<>&", "bad \xff\xfe utf-8", "\xed\xa0\x80", "\U0010ffff", "/slash"}
	for _, s := range odd {
		for _, cells := range [][]Cell{nil, {}, {{Row: 0, Column: 0}}, {{Row: 9, Column: 3}, {Row: -1, Column: 12}}} {
			d := RecordTakenData{Squares: cells, Owner: s, By: TakenClaim, Payment: s, Amount: "1.00", From: s}
			want := viaTransform(t, d)
			got, err := RecordData(d)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%q, %v:\n got %s\nwant %s", s, cells, got, want)
			}
		}
	}
}

func FuzzRecordTakenCanonical(f *testing.F) {
	f.Add("42", "claim", "", "5.00", "", 3, 4)
	f.Add("a\"\\\x00\xff", "\u2028", "é", "", "🎉", -1, 1<<40)
	f.Fuzz(func(t *testing.T, owner, by, payment, amount, from string, row, col int) {
		d := RecordTakenData{Squares: []Cell{{Row: row, Column: col}}, Owner: owner, By: by, Payment: payment,
			Amount: amount, From: from}
		got, err := RecordData(d)
		if err != nil {
			t.Fatal(err)
		}
		if want := viaTransform(t, d); !bytes.Equal(got, want) {
			t.Errorf("got %s\nwant %s", got, want)
		}
	})
}
