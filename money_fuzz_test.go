package squares_test

import (
	"encoding/json"
	"testing"

	"github.com/squaresapp/squares"
)

// moneySeeds are amounts as forms and clients send them (entry fees, checkout amounts).
var moneySeeds = []string{"10", "10.00", "10.5", ".5", "  25 ", "$5", "-1.25", "1000000", "1000000.01", "1e3", "10.001",
	"", "-", "$", ".", "5.", "0x10", "١٠", "9999999999", "-0", "+5"}

// FuzzParseDollars checks amount parsing: no panic; an amount read is within MaxAmount either way and
// reads back the same from its own text.
func FuzzParseDollars(f *testing.F) {
	for _, s := range moneySeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := squares.ParseDollars(s)
		if err != nil {
			return
		}
		if c > squares.MaxAmount || c < -squares.MaxAmount {
			t.Fatalf("%q read as %d cents, beyond the maximum", s, c)
		}
		if back, err := squares.ParseDollars(c.String()); err != nil || back != c {
			t.Fatalf("%q read as %d, its text %q as %d, %v", s, c, c.String(), back, err)
		}
	})
}

// FuzzParseDollarsJSON checks amounts sent as JSON numbers or strings: no panic; an amount read reads
// back the same from its JSON, and a JSON number is read as its exact decimal text.
func FuzzParseDollarsJSON(f *testing.F) {
	for _, s := range moneySeeds {
		f.Add([]byte(s))
		b, _ := json.Marshal(s)
		f.Add(b)
	}
	for _, s := range []string{`null`, `[5]`, `{"v":5}`, `"5`, `100000000`, `"2000000.00"`, `10.10`, `"\u0031\u0030"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		c, err := squares.ParseDollarsJSON(raw)
		if err != nil {
			return
		}
		if c > squares.MaxAmount || c < -squares.MaxAmount {
			t.Fatalf("%q read as %d cents, beyond the maximum", raw, c)
		}
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := squares.ParseDollarsJSON(out); err != nil || back != c {
			t.Fatalf("%q read as %d, its JSON %s as %d, %v", raw, c, out, back, err)
		}
	})
}
