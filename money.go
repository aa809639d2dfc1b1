package squares

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Cents is an amount of money in US cents. Every amount inside the program is integer cents.
type Cents int64

// String formats c as a decimal string with two places, as the API carries money: "5.00", "-1.25".
func (c Cents) String() string {
	return string(c.AppendText(make([]byte, 0, 24)))
}

// AppendText appends c as a decimal string ("12.50", "-0.05") to b.
func (c Cents) AppendText(b []byte) []byte {
	v := uint64(c)
	if c < 0 {
		b = append(b, '-')
		v = -v // two's complement: the magnitude, MinInt64's included
	}
	b = strconv.AppendUint(b, v/100, 10)
	b = append(b, '.', byte('0'+v%100/10), byte('0'+v%10))
	return b
}

// MarshalText encodes c as a decimal string: JSON writes it quoted ("12.50").
func (c Cents) MarshalText() ([]byte, error) {
	return c.AppendText(make([]byte, 0, 24)), nil
}

// MaxAmount bounds any amount parsed from input: one million dollars.
const MaxAmount Cents = 100_000_000

// ParseDollars parses a dollar amount given as a decimal string ("10", "10.5", "10.00") into cents.
// More than two decimal places, signs other than a leading minus, exponents and amounts beyond MaxAmount
// are refused.
func ParseDollars(s string) (Cents, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "$")
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" && (!hasDot || frac == "") {
		return 0, fmt.Errorf("amount %q is not a number", s)
	}
	if len(frac) > 2 || (hasDot && frac == "") {
		return 0, fmt.Errorf("amount %q must have at most two decimal places", s)
	}
	for _, r := range whole + frac {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("amount %q is not a number", s)
		}
	}
	if len(whole) > 9 {
		return 0, fmt.Errorf("amount %q is too large", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, _ := strconv.ParseInt("0"+whole, 10, 64)
	f, _ := strconv.ParseInt(frac, 10, 64)
	c := Cents(w*100 + f)
	if c > MaxAmount {
		return 0, fmt.Errorf("amount %q is too large", s)
	}
	if neg {
		c = -c
	}
	return c, nil
}

// ParseDollarsJSON parses a dollar amount sent as a JSON number (10, 10.5) or a JSON string ("10.00").
func ParseDollarsJSON(raw json.RawMessage) (Cents, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return 0, fmt.Errorf("amount is missing")
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return 0, err
		}
		return ParseDollars(str)
	}
	// A JSON number: refuse exponents, parse the literal text so 10.1 never becomes 10.0999.
	if strings.ContainsAny(s, "eE") {
		return 0, fmt.Errorf("amount %q is not a plain number", s)
	}
	return ParseDollars(s)
}

// Percent returns floor(c * pct / 100) for a whole-number percentage.
func (c Cents) Percent(pct int64) Cents {
	return Cents(int64(c) * pct / 100)
}
