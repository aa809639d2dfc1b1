package squares_test

import (
	"testing"

	"github.com/squaresapp/squares"
)

// TestPrintableLine: names are one line of printable text. Letters of any script, accents, emoji (with
// their joiners and variation selectors), punctuation and spaces pass; control characters (C0, DEL, C1),
// line and paragraph separators, and the invisible characters that reorder or hide text (bidi embeddings,
// overrides, isolates and marks, zero-width space, soft hyphen, BOM) do not, nor does invalid UTF-8.
func TestPrintableLine(t *testing.T) {
	for _, s := range []string{
		"", "Office pool", "FREE $500 at evil.example", "Zoë O'Brien-Łukasz", "李小龙", "محمد", "שלום",
		"Ünïcödé Pool 🏈", "👨\u200d👩\u200d👧 family", "❤\ufe0f pool", "नमस्ते", "می\u200cخواهم", "Tab-less\u00a0pool",
	} {
		if !squares.PrintableLine(s) {
			t.Errorf("PrintableLine(%q) = false, want true", s)
		}
	}
	for _, s := range []string{
		"a\x00b", "a\tb", "a\nb", "a\rb", "a\x1bb", "a\x7fb", "a\u0085b", "a\u009fb", "a\u2028b", "a\u2029b",
		"evil\u202eexe.pdf", "a\u202ab", "a\u202db", "a\u2066b", "a\u2069b", "a\u200eb", "a\u200fb", "a\u061cb",
		"a\u200bb", "a\u00adb", "a\ufeffb", "a\u2060b", "a\ue000b", "a\xffb", "\n",
	} {
		if squares.PrintableLine(s) {
			t.Errorf("PrintableLine(%q) = true, want false", s)
		}
	}
}
