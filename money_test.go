package squares_test

import (
	"encoding/json"
	"testing"

	"github.com/squaresapp/squares"
)

func TestParseDollars(t *testing.T) {
	good := []struct {
		in   string
		want squares.Cents
	}{
		{"10", 1000},
		{"10.00", 1000},
		{"10.5", 1050},
		{"10.05", 1005},
		{"0", 0},
		{"0.00", 0},
		{"0.01", 1},
		{".5", 50},
		{"  25 ", 2500},
		{"$5", 500},
		{"-1.25", -125},
		{"1000000", squares.MaxAmount},
		{"1000000.00", squares.MaxAmount},
	}
	for _, tc := range good {
		got, err := squares.ParseDollars(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseDollars(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	bad := []string{
		"", " ", "-", "$", ".", "5.", "10.001", "1e3", "1E3", "+5", "--5", "5-", "ten", "1,000", "0x10",
		"1 000", "10.0.0", "1000000.01", "1000001", "999999999", "9999999999", "99999999999999999999",
		"NaN", "Inf", "١٠", // Arabic-Indic digits are not ASCII digits
	}
	for _, in := range bad {
		if got, err := squares.ParseDollars(in); err == nil {
			t.Errorf("ParseDollars(%q) = %d, want an error", in, got)
		}
	}
}

func TestParseDollarsJSON(t *testing.T) {
	good := []struct {
		in   string
		want squares.Cents
	}{
		{`10`, 1000},
		{`10.5`, 1050},
		{`10.1`, 1010}, // the literal text, never the float 10.0999...
		{`"10.00"`, 1000},
		{`"5"`, 500},
		{` 25 `, 2500},
		{`0`, 0},
	}
	for _, tc := range good {
		got, err := squares.ParseDollarsJSON(json.RawMessage(tc.in))
		if err != nil || got != tc.want {
			t.Errorf("ParseDollarsJSON(%s) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	bad := []string{``, `null`, `1e3`, `1E3`, `10.001`, `"1e3"`, `"10.001"`, `"-"`, `""`, `"abc"`, `true`,
		`[5]`, `{"v":5}`, `"5`, `100000000`, `"2000000.00"`}
	for _, in := range bad {
		if got, err := squares.ParseDollarsJSON(json.RawMessage(in)); err == nil {
			t.Errorf("ParseDollarsJSON(%s) = %d, want an error", in, got)
		}
	}
}

func TestCentsString(t *testing.T) {
	for c, want := range map[squares.Cents]string{
		0: "0.00", 1: "0.01", 5: "0.05", 10: "0.10", 99: "0.99", 100: "1.00", 500: "5.00", 7650: "76.50",
		123456: "1234.56", squares.MaxAmount: "1000000.00", -5: "-0.05", -125: "-1.25", -100: "-1.00",
	} {
		if got := c.String(); got != want {
			t.Errorf("Cents(%d).String() = %q, want %q", int64(c), got, want)
		}
	}
	b, err := json.Marshal(map[string]squares.Cents{"entryFee": 500, "refund": -125, "most": squares.MaxAmount})
	if err != nil || string(b) != `{"entryFee":"5.00","most":"1000000.00","refund":"-1.25"}` {
		t.Errorf("json = %s, %v", b, err)
	}
	// Every amount parsed back from its own text is the same amount.
	for _, c := range []squares.Cents{0, 1, 99, 100, 2500, 123456, -125} {
		if back, err := squares.ParseDollars(c.String()); err != nil || back != c {
			t.Errorf("ParseDollars(%q) = %d, %v; want %d", c.String(), back, err, c)
		}
	}
}

func TestCentsPercent(t *testing.T) {
	for _, tc := range []struct {
		c    squares.Cents
		pct  int64
		want squares.Cents
	}{
		{100000, 10, 10000}, {100000, 5, 5000}, {101, 25, 25}, {99, 10, 9}, {0, 25, 0}, {90000, 30, 27000},
	} {
		if got := tc.c.Percent(tc.pct); got != tc.want {
			t.Errorf("Cents(%d).Percent(%d) = %d, want %d", tc.c, tc.pct, got, tc.want)
		}
	}
}
