package squares_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
)

// TestDrawVector keeps the published test vector of docs/fairness.md true, so outside verifiers that
// follow the document agree with the server.
func TestDrawVector(t *testing.T) {
	seed := "6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100"
	var owners [squares.SquaresPerPool]string
	for i := range owners {
		if i >= 90 {
			owners[i] = squares.HouseUserID
		} else {
			owners[i] = strconv.Itoa(i%7 + 1)
		}
	}
	if got, want := squares.DrawCommitment(seed), "aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87"; got != want {
		t.Errorf("commitment = %s, want %s", got, want)
	}
	home, away := squares.Draw(seed, 42, owners)
	if got := squares.FormatDigits(home); got != "7,1,9,2,0,3,5,8,6,4" {
		t.Errorf("home = %s", got)
	}
	if got := squares.FormatDigits(away); got != "5,0,6,9,7,3,8,1,2,4" {
		t.Errorf("away = %s", got)
	}
	// The draw input the server stores and publishes, and its SHA-256.
	text := squares.OwnershipText(owners)
	if len(text) != 239 || !strings.HasPrefix(text, "1,2,3,4,5,6,7,1,") || !strings.HasSuffix(text, ",admin,admin") {
		t.Errorf("draw input = %q", text)
	}
	if got, want := squares.DrawInputSHA256(text), "e7f65ae79e4e8be4b68f44485ec5d32370b371a74eb3f5b490535e32a04513d0"; got != want {
		t.Errorf("draw input SHA-256 = %s, want %s", got, want)
	}
}

// TestDrawVectorBeacon keeps the beacon derivation's (squares-draw-v2) test vector of docs/fairness.md true:
// the same seed, pool and owners as TestDrawVector, with the randomness of quicknet round 12040883.
func TestDrawVectorBeacon(t *testing.T) {
	seed := "6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100"
	var owners [squares.SquaresPerPool]string
	for i := range owners {
		if i >= 90 {
			owners[i] = squares.HouseUserID
		} else {
			owners[i] = strconv.Itoa(i%7 + 1)
		}
	}
	randomness, err := squares.BeaconRandomness("929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394")
	if err != nil {
		t.Fatal(err)
	}
	if want := "173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3"; randomness != want {
		t.Errorf("randomness = %s, want %s", randomness, want)
	}
	home, away := squares.DrawWithBeacon(seed, 42, squares.OwnershipText(owners), randomness)
	if got := squares.FormatDigits(home); got != "6,3,1,4,0,8,5,9,2,7" {
		t.Errorf("home = %s", got)
	}
	if got := squares.FormatDigits(away); got != "1,0,7,2,6,9,5,8,3,4" {
		t.Errorf("away = %s", got)
	}
	// Without randomness it is v1's derivation, unchanged.
	h1, a1 := squares.DrawWithBeacon(seed, 42, squares.OwnershipText(owners), "")
	if squares.FormatDigits(h1) != "7,1,9,2,0,3,5,8,6,4" || squares.FormatDigits(a1) != "5,0,6,9,7,3,8,1,2,4" {
		t.Errorf("v1 through DrawWithBeacon: home %v away %v", h1, a1)
	}
}
